import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineProAdsTool } from '../define';
import {
  ADD_CREATIVE_TOOL,
  ageInDays,
  creativeRows,
  CTR_FLOOR_BY_FORMAT,
  HOW_TO_APPLY,
  REFRESH_BY_FORMAT,
  resolveWindow,
  RESULT_BY_OBJECTIVE,
  windowArgs,
  windowRules,
  type CreativeRow,
} from './shared';

/** Creatives below this many impressions in the window are not ranked (too little data). */
export const MIN_IMPRESSIONS_TO_RANK = 1000;
/** Creatives live for fewer days than this (learning phase) are not ranked either. */
export const MIN_DAYS_TO_RANK = 14;
/** Spend without a conversion that earns a "pause" recommendation. */
export const PAUSE_SPEND = 150;

/**
 * Ranking: creatives with conversions first, cheapest cost per conversion first (then lower CPC);
 * then creatives without conversions, higher CTR first (then lower CPC).
 */
export function compareCreatives(a: CreativeRow, b: CreativeRow): number {
  const ac = a.metrics.conversions > 0;
  const bc = b.metrics.conversions > 0;
  if (ac !== bc) return ac ? -1 : 1;
  if (ac) return a.cost_per_conversion! - b.cost_per_conversion! || (a.metrics.cpc ?? Infinity) - (b.metrics.cpc ?? Infinity);
  return (b.metrics.ctr ?? 0) - (a.metrics.ctr ?? 0) || (a.metrics.cpc ?? Infinity) - (b.metrics.cpc ?? Infinity);
}

const view = (r: CreativeRow, rank?: number) => ({
  ...(rank !== undefined ? { rank } : {}),
  creative_id: r.creative.id,
  name: r.creative.name,
  format: r.creative.format,
  status: r.creative.status,
  campaign_id: r.campaign.id,
  campaign_name: r.campaign.name,
  headline: r.creative.headline,
  impressions: r.metrics.impressions,
  clicks: r.metrics.clicks,
  ctr: r.metrics.ctr,
  spend: r.metrics.spend,
  cpc: r.metrics.cpc,
  conversions: r.metrics.conversions,
  cost_per_conversion: r.cost_per_conversion,
  conversion_value: r.metrics.revenue,
  result_type: RESULT_BY_OBJECTIVE[r.campaign.objective_type],
  ...(r.campaign.objective_type === 'LEAD_GENERATION' ? { leads: r.metrics.conversions, cost_per_lead: r.cost_per_conversion } : {}),
  ...(r.creative.format === 'VIDEO'
    ? {
        video_views: r.metrics.video_views ?? 0,
        view_rate: r.metrics.impressions > 0 ? Math.round(((r.metrics.video_views ?? 0) / r.metrics.impressions) * 10000) / 10000 : null,
      }
    : {}),
});

/** One creative as `view` shows it (leads on lead-generation campaigns, views on videos). */
const creativeOutput = v.object({
  creative_id: v.string(),
  name: v.string(),
  format: v.string(),
  status: v.string(),
  campaign_id: v.string(),
  campaign_name: v.string(),
  headline: v.string(),
  impressions: v.number(),
  clicks: v.number(),
  ctr: v.nullable(v.number()),
  spend: v.number(),
  cpc: v.nullable(v.number()),
  conversions: v.number(),
  cost_per_conversion: v.nullable(v.number()),
  conversion_value: v.number(),
  result_type: v.string(),
  leads: v.optional(v.number()),
  cost_per_lead: v.optional(v.nullable(v.number())),
  video_views: v.optional(v.number()),
  view_rate: v.optional(v.nullable(v.number())),
});
const rankedCreativeOutput = v.object({ rank: v.number(), ...creativeOutput.entries });

export const analyzeProAdsCreativePerformance = defineProAdsTool({
  name: 'analyze_proads_creative_performance',
  description:
    'Ranks the proads (professional network) creatives of an account, a campaign, or campaigns matching a name, by cost per conversion, CTR and CPC over a window (default last 30 days). Returns top and bottom performers and recommendations (pause, refresh, shift budget, add creatives); raw_data returns only the metrics.',
  access: 'read',
  args: {
    ...windowArgs,
    campaign_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Only creatives of this campaign'))),
    campaign_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1),
        v.description('Only creatives of campaigns whose name contains this text (case-insensitive)'),
      ),
    ),
  },
  rules: [windowRules],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    window_source: v.string(),
    ranking: v.optional(v.string()),
    ranked: v.optional(v.array(rankedCreativeOutput)),
    top_performers: v.optional(v.array(rankedCreativeOutput)),
    bottom_performers: v.optional(v.array(rankedCreativeOutput)),
    not_ranked: v.optional(v.array(creativeOutput)),
    recommendations: v.optional(
      v.array(
        v.object({
          action: v.string(),
          creative_id: v.optional(v.string()),
          reason: v.string(),
          campaign_id: v.optional(v.string()),
          tool: v.optional(v.string()),
          arguments: v.optional(v.record(v.string(), v.unknown())),
        }),
      ),
    ),
    ctr_floor_by_format: v.optional(v.record(v.string(), v.number())),
    how_to_apply: v.optional(v.string()),
    raw_data: v.optional(v.boolean()),
    creatives: v.optional(v.array(creativeOutput)),
  }),
  async run(args, ctx) {
    const window = resolveWindow(ctx, args);
    let campaigns = await ctx.platform.listCampaigns();
    if (args.campaign_id) {
      const one = await ctx.platform.getCampaign(args.campaign_id);
      campaigns = [one];
    }
    if (args.campaign_name) {
      const needle = args.campaign_name.toLowerCase();
      const matched = campaigns.filter((c) => c.name.toLowerCase().includes(needle));
      if (!matched.length) {
        throw new ToolError(
          `No campaign name contains "${args.campaign_name}". Campaigns: ${campaigns.map((c) => `${c.name} (${c.id})`).join('; ')}.`,
        );
      }
      campaigns = matched;
    }
    const all = await creativeRows(ctx.platform, await ctx.platform.listCreatives(), campaigns, window.start, window.end);
    const delivered = all.filter((r) => r.metrics.impressions > 0);
    const currency = ctx.account.currency;
    const scope =
      args.campaign_id || args.campaign_name
        ? `${campaigns.length} campaign(s): ${campaigns.map((c) => c.name).join(', ')}`
        : `all ${campaigns.length} campaigns`;
    const heading = `## Creative performance, ${ctx.account.name} (${ctx.account.account_id}), ${window.start} to ${window.end}`;
    const table = (rows: ReturnType<typeof view>[]) =>
      markdownTable(
        ['#', 'Creative', 'Campaign', 'Format', 'Impressions', 'Clicks', 'CTR', 'Spend', 'CPC', 'Conv.', 'Cost/conv.'],
        rows.map((r) => [
          r.rank ?? null,
          `${r.name} (${r.creative_id})`,
          r.campaign_name,
          r.format,
          count(r.impressions),
          count(r.clicks),
          percent(r.ctr),
          money(r.spend, currency),
          money(r.cpc, currency),
          r.conversions,
          money(r.cost_per_conversion, currency),
        ]),
      );

    if (args.raw_data) {
      const rows = delivered.map((r) => view(r));
      return {
        text: [
          heading,
          '',
          `Raw metrics of ${rows.length} creative(s) with delivery in ${scope}.`,
          '',
          rows.length ? table(rows) : 'No creative delivered in this window.',
        ].join('\n'),
        structured: {
          ad_account_id: ctx.account.account_id,
          start_date: window.start,
          end_date: window.end,
          window_source: window.source,
          raw_data: true,
          creatives: rows,
        },
      };
    }

    const enoughData = (r: CreativeRow) =>
      r.metrics.impressions >= MIN_IMPRESSIONS_TO_RANK &&
      ageInDays([r.creative.start_date, r.campaign.start_date].sort().at(-1)!, window.end) >= MIN_DAYS_TO_RANK;
    const rankable = delivered.filter(enoughData).sort(compareCreatives);
    const lowData = delivered.filter((r) => !enoughData(r));
    const ranked = rankable.map((r, i) => view(r, i + 1));
    const topCount = Math.min(3, Math.ceil(ranked.length / 2));
    const bottomCount = Math.min(3, ranked.length - topCount);
    const top = ranked.slice(0, topCount);
    const bottom = ranked.slice(ranked.length - bottomCount).reverse();

    const recommendations: {
      action: string;
      creative_id?: string;
      campaign_id?: string;
      reason: string;
      tool?: string;
      arguments?: Record<string, unknown>;
    }[] = [];
    const campaignOf = (creativeId: string) => all.find((r) => r.creative.id === creativeId)!.campaign;
    for (const b of bottom) {
      // Awareness, video-view and engagement creatives are not bought for conversions: not paused for lacking them.
      const convertsByObjective = b.result_type === 'leads' || b.result_type === 'conversions';
      if (convertsByObjective && b.conversions === 0 && b.spend >= PAUSE_SPEND) {
        recommendations.push({
          action: 'pause_creative',
          creative_id: b.creative_id,
          reason: `Pause "${b.name}": ${money(b.spend, currency)} spent with no conversions (pause_proads_creative).`,
          tool: 'pause_proads_creative',
          arguments: { creative_id: b.creative_id },
        });
      } else if (
        top[0] &&
        b.cost_per_conversion !== null &&
        top[0].cost_per_conversion !== null &&
        b.cost_per_conversion > 2 * top[0].cost_per_conversion
      ) {
        recommendations.push({
          action: 'shift_budget',
          creative_id: b.creative_id,
          reason: `Shift budget from "${b.name}" (${money(b.cost_per_conversion, currency)} per conversion) to "${top[0].name}" (${money(top[0].cost_per_conversion, currency)}): pause the weaker one (pause_proads_creative) so its campaign's budget goes to the others.`,
          tool: 'pause_proads_creative',
          arguments: { creative_id: b.creative_id },
        });
      }
    }
    for (const r of ranked) {
      const floor = CTR_FLOOR_BY_FORMAT[r.format];
      if (
        r.ctr !== null &&
        r.ctr < floor &&
        !recommendations.some((x) => x.creative_id === r.creative_id && x.action === 'pause_creative')
      ) {
        recommendations.push({
          action: 'refresh_creative',
          creative_id: r.creative_id,
          reason: `Refresh "${r.name}": CTR ${percent(r.ctr, 3)} is under the ${percent(floor, 2)} floor for ${r.format} creatives; ${REFRESH_BY_FORMAT[r.format]} (update_proads_creative).`,
          tool: 'update_proads_creative',
          arguments: { creative_id: r.creative_id },
        });
      }
    }
    if (top[0] && top[0].conversions > 0) {
      recommendations.push({
        action: 'scale_winner',
        creative_id: top[0].creative_id,
        reason: `Scale "${top[0].name}": best cost per conversion (${money(top[0].cost_per_conversion, currency)}); add 2-3 headline variations of it (${ADD_CREATIVE_TOOL[top[0].format]}).`,
        tool: ADD_CREATIVE_TOOL[top[0].format],
        arguments: { campaign_id: campaignOf(top[0].creative_id).id },
      });
    }
    for (const c of campaigns.filter((c) => c.status === 'ACTIVE')) {
      const active = all.filter((r) => r.campaign.id === c.id && r.creative.status === 'ACTIVE').length;
      if (active > 0 && active < 2) {
        recommendations.push({
          action: 'add_creatives',
          campaign_id: c.id,
          reason: `Campaign "${c.name}" has ${active} active creative; add 2-3 more so delivery can rotate to the best one (${ADD_CREATIVE_TOOL[c.format]}).`,
          tool: ADD_CREATIVE_TOOL[c.format],
          arguments: { campaign_id: c.id },
        });
      }
    }
    if (lowData.length) {
      recommendations.push({
        action: 'wait_for_data',
        reason: `${lowData.length} creative(s) have fewer than ${count(MIN_IMPRESSIONS_TO_RANK)} impressions or are live under ${MIN_DAYS_TO_RANK} days, and are not ranked yet: ${lowData.map((r) => r.creative.name).join(', ')}.`,
      });
    }

    const text = [
      heading,
      '',
      `Ranked ${ranked.length} creative(s) of ${scope} by cost per conversion (then CTR for creatives without conversions). ${lowData.length} creative(s) with too little data were left out of the ranking.`,
      '',
      '### Top performers',
      top.length ? table(top) : 'Not enough data to rank.',
      '',
      '### Bottom performers',
      bottom.length ? table(bottom) : 'Not enough data to rank.',
      '',
      '### All ranked creatives',
      ranked.length ? table(ranked) : 'None.',
      '',
      '### Recommendations',
      ...(recommendations.length
        ? [...recommendations.map((r) => `- ${r.reason}`), '', `_${HOW_TO_APPLY}_`]
        : ['- No changes needed: every creative is within range.']),
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        window_source: window.source,
        ranking: 'conversions first by cost_per_conversion ascending, then by ctr descending',
        ranked,
        top_performers: top,
        bottom_performers: bottom,
        not_ranked: lowData.map((r) => view(r)),
        recommendations,
        ctr_floor_by_format: CTR_FLOOR_BY_FORMAT,
        ...(recommendations.length ? { how_to_apply: HOW_TO_APPLY } : {}),
      },
    };
  },
});
