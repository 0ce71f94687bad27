import * as v from 'valibot';
import { lastDays, reportingZone } from '../../../core/dates';
import { totals } from '../../../core/metrics';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsConversionAction, SearchAdsConversionRow } from '../port-insights';
import { campaignIdArg, dateRangeArgs, dateRangeRule } from './common';
import { reportWindow } from '../../../core/report-window';

/**
 * Conversion actions: what the account counts as a conversion and how (list_conversion_actions),
 * and what each action brought (get_conversion_action_performance). Both read the campaign report
 * segmented by conversion action: `conversions` counts primary actions only (they add up to the
 * conversions every report tool shows), `all_conversions` secondary ones too.
 */

const RECENT_DAYS = 7;

const sumBy = (rows: SearchAdsConversionRow[], key: (r: SearchAdsConversionRow) => string) => {
  const by = new Map<
    string,
    { conversions: number; conversions_value: number; all_conversions: number; all_conversions_value: number; last_date: string | null }
  >();
  for (const r of rows) {
    const s = by.get(key(r)) ?? { conversions: 0, conversions_value: 0, all_conversions: 0, all_conversions_value: 0, last_date: null };
    s.conversions += r.conversions;
    s.conversions_value += r.conversions_value;
    s.all_conversions += r.all_conversions;
    s.all_conversions_value += r.all_conversions_value;
    if (r.all_conversions > 0 && (!s.last_date || r.date > s.last_date)) s.last_date = r.date;
    by.set(key(r), s);
  }
  return (id: string) => {
    const s = by.get(id) ?? { conversions: 0, conversions_value: 0, all_conversions: 0, all_conversions_value: 0, last_date: null };
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      ...s,
      conversions: round(s.conversions),
      conversions_value: round(s.conversions_value),
      all_conversions: round(s.all_conversions),
      all_conversions_value: round(s.all_conversions_value),
    };
  };
};

/** The platform's tracking status of an action: recording, or no conversion in the last days. */
function trackingStatus(last: string | null, end: string): 'recording' | 'no_recent_conversions' | 'no_conversions' {
  if (!last) return 'no_conversions';
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${last}T00:00:00Z`)) / 86_400_000;
  return days < RECENT_DAYS ? 'recording' : 'no_recent_conversions';
}

const actionOutput = {
  id: v.string(),
  name: v.string(),
  category: v.string(),
  type: v.string(),
  status: v.string(),
  primary_for_goal: v.boolean(),
};

export const listConversionActions = defineSearchAdsTool({
  name: 'list_conversion_actions',
  description:
    "Lists the account's conversion actions (removed ones left out) with category, how they are tracked (site tag, offline import, calls, analytics), whether they are primary (count in Conversions and steer bidding) or secondary, counting, lookback window, default value, and tracking status from the last 30 days: recording, no recent conversions (none in the last 7 days) or no conversions.",
  access: 'read',
  args: {
    primary_only: v.optional(v.pipe(v.boolean(), v.description('Only primary actions (default false)')), false),
    include_hidden: v.optional(v.pipe(v.boolean(), v.description('Include hidden actions (default true)')), true),
  },
  output: v.object({
    customer_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    conversion_actions: v.array(
      v.object({
        ...actionOutput,
        counting_type: v.string(),
        click_through_lookback_window_days: v.number(),
        default_value: v.nullable(v.number()),
        always_use_default_value: v.boolean(),
        conversions_30d: v.number(),
        all_conversions_30d: v.number(),
        last_conversion_date: v.nullable(v.string()),
        tracking_status: v.picklist(['recording', 'no_recent_conversions', 'no_conversions']),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = lastDays(ctx.now, 30, reportingZone(ctx.account));
    const [actions, rows] = await Promise.all([ctx.platform.listConversionActions(), ctx.platform.getConversionReport(start, end)]);
    const of = sumBy(rows, (r) => r.conversion_action_id);
    const listed = actions
      .filter((a) => (!args.primary_only || a.primary_for_goal) && (args.include_hidden || a.status !== 'HIDDEN'))
      .map((a) => {
        const s = of(a.id);
        return {
          id: a.id,
          name: a.name,
          category: a.category,
          type: a.type,
          status: a.status,
          primary_for_goal: a.primary_for_goal,
          counting_type: a.counting_type,
          click_through_lookback_window_days: a.click_through_lookback_window_days,
          default_value: a.default_value ?? null,
          always_use_default_value: a.always_use_default_value,
          conversions_30d: s.conversions,
          all_conversions_30d: s.all_conversions,
          last_conversion_date: s.last_date,
          tracking_status: trackingStatus(s.last_date, end),
        };
      })
      .sort((a, b) => Number(b.primary_for_goal) - Number(a.primary_for_goal) || b.all_conversions_30d - a.all_conversions_30d);
    const silentPrimary = listed.filter((a) => a.primary_for_goal && a.status === 'ENABLED' && a.tracking_status !== 'recording');
    const text = [
      `## Conversion actions (${listed.length})`,
      '',
      listed.length
        ? markdownTable(
            ['Action', 'Id', 'Category', 'Tracked by', 'Goal', 'Counting', 'Conv. 30d', 'All conv. 30d', 'Status'],
            listed.map((a) => [
              a.name,
              a.id,
              a.category,
              a.type,
              a.primary_for_goal ? 'primary' : 'secondary',
              a.counting_type === 'ONE_PER_CLICK' ? 'one' : 'every',
              a.conversions_30d,
              a.all_conversions_30d,
              a.tracking_status.replace(/_/g, ' '),
            ]),
          )
        : 'No conversion actions: nothing is counted as a conversion, so automated bidding has nothing to learn from. Set up conversion tracking before launching conversion-based campaigns.',
      '',
      silentPrimary.length
        ? `Check tracking: ${silentPrimary.map((a) => `"${a.name}" (${a.tracking_status.replace(/_/g, ' ')})`).join(', ')} — a primary action without recent conversions can mean a broken tag.`
        : '',
      'Primary actions count in Conversions and steer bidding; secondary ones only in All conversions. get_conversion_action_performance splits the figures by action.',
    ]
      .filter((l, i, all) => l !== '' || all[i - 1] !== '')
      .join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, start_date: start, end_date: end, conversion_actions: listed } };
  },
});

export const getConversionActionPerformance = defineSearchAdsTool({
  name: 'get_conversion_action_performance',
  description:
    "Splits conversions and conversion value by conversion action over a date range (optionally one campaign, optionally per campaign): each action's conversions, value, all conversions, share of conversions and cost per conversion (the scope's spend over the action's conversions). Primary actions add up to the Conversions of the report tools; secondary ones show in all_conversions only.",
  access: 'read',
  args: {
    campaign_id: v.optional(campaignIdArg('Only this campaign')),
    ...dateRangeArgs(),
    by_campaign: v.optional(v.pipe(v.boolean(), v.description('Also split each action by campaign (default false)')), false),
    include_secondary: v.optional(v.pipe(v.boolean(), v.description('Include secondary actions (default true)')), true),
  },
  rules: [dateRangeRule],
  output: v.object({
    customer_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    spend: v.number(),
    conversions: v.number(),
    conversions_value: v.number(),
    actions: v.array(
      v.object({
        ...actionOutput,
        conversions: v.number(),
        conversions_value: v.number(),
        all_conversions: v.number(),
        all_conversions_value: v.number(),
        share_of_conversions: v.nullable(v.number()),
        cost_per_conversion: v.nullable(v.number()),
        campaigns: v.optional(
          v.array(
            v.object({
              campaign_id: v.string(),
              campaign_name: v.string(),
              conversions: v.number(),
              conversions_value: v.number(),
              all_conversions: v.number(),
            }),
          ),
        ),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
    const [actions, rows, campaignRows, campaigns] = await Promise.all([
      ctx.platform.listConversionActions(),
      ctx.platform.getConversionReport(start, end),
      ctx.platform.getReport('campaign', start, end),
      ctx.platform.listCampaigns(),
    ]);
    const inScope = (campaignId: string | undefined) => !args.campaign_id || campaignId === args.campaign_id;
    const scoped = rows.filter((r) => inScope(r.campaign_id));
    const figures = totals(campaignRows.filter((r) => inScope(r.campaign_id)));
    const of = sumBy(scoped, (r) => r.conversion_action_id);
    const names = new Map(campaigns.map((c) => [c.id, c.name]));
    const known = new Map<string, SearchAdsConversionAction>(actions.map((a) => [a.id, a]));
    // Actions removed since still have figures in the range: shown by id.
    for (const r of scoped)
      if (!known.has(r.conversion_action_id))
        known.set(r.conversion_action_id, {
          id: r.conversion_action_id,
          name: `(removed action ${r.conversion_action_id})`,
          category: 'DEFAULT',
          type: 'UNKNOWN',
          status: 'HIDDEN',
          primary_for_goal: r.conversions > 0,
          counting_type: 'ONE_PER_CLICK',
          click_through_lookback_window_days: 30,
          always_use_default_value: false,
        });
    const list = [...known.values()]
      .filter((a) => args.include_secondary || a.primary_for_goal)
      .map((a) => {
        const s = of(a.id);
        const perCampaign = args.by_campaign
          ? [...new Set(scoped.filter((r) => r.conversion_action_id === a.id).map((r) => r.campaign_id))]
              .map((campaignId) => {
                const c = sumBy(
                  scoped.filter((r) => r.campaign_id === campaignId),
                  (r) => r.conversion_action_id,
                )(a.id);
                return {
                  campaign_id: campaignId,
                  campaign_name: names.get(campaignId) ?? campaignId,
                  conversions: c.conversions,
                  conversions_value: c.conversions_value,
                  all_conversions: c.all_conversions,
                };
              })
              .sort((x, y) => y.all_conversions - x.all_conversions)
          : undefined;
        return {
          id: a.id,
          name: a.name,
          category: a.category,
          type: a.type,
          status: a.status,
          primary_for_goal: a.primary_for_goal,
          conversions: s.conversions,
          conversions_value: s.conversions_value,
          all_conversions: s.all_conversions,
          all_conversions_value: s.all_conversions_value,
          share_of_conversions: figures.conversions > 0 ? Math.round((s.conversions / figures.conversions) * 10000) / 10000 : null,
          cost_per_conversion: s.conversions > 0 ? Math.round((figures.spend / s.conversions) * 100) / 100 : null,
          ...(perCampaign ? { campaigns: perCampaign } : {}),
        };
      })
      .sort((a, b) => b.conversions - a.conversions || b.all_conversions - a.all_conversions);
    const currency = ctx.account.currency;
    const scope = args.campaign_id ? `campaign "${names.get(args.campaign_id)}"` : 'the account';
    const text = [
      `## Conversions by action, ${scope}, ${start} to ${end}`,
      '',
      `${count(figures.conversions)} conversions worth ${money(figures.revenue, currency)} for ${money(figures.spend, currency)} spent.`,
      '',
      list.length
        ? markdownTable(
            ['Action', 'Goal', 'Conversions', 'Share', 'Value', 'Cost/conv.', 'All conv.'],
            list.map((a) => [
              a.name,
              a.primary_for_goal ? 'primary' : 'secondary',
              a.conversions,
              percent(a.share_of_conversions, 1),
              money(a.conversions_value, currency),
              money(a.cost_per_conversion, currency),
              a.all_conversions,
            ]),
          )
        : 'No conversion actions.',
      ...(args.by_campaign
        ? [
            '',
            ...list
              .filter((a) => a.campaigns?.length)
              .flatMap((a) => [
                `### ${a.name}`,
                markdownTable(
                  ['Campaign', 'Conversions', 'Value', 'All conv.'],
                  a.campaigns!.map((c) => [c.campaign_name, c.conversions, money(c.conversions_value, currency), c.all_conversions]),
                ),
                '',
              ]),
          ]
        : []),
      '',
      "Cost per conversion divides the spend of the whole scope by the action's conversions (the platform reports no cost per action).",
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        spend: figures.spend,
        conversions: figures.conversions,
        conversions_value: figures.revenue,
        actions: list,
      },
    };
  },
});
