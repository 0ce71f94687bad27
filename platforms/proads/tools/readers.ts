/**
 * The proads list and get readers. Lists that show figures take the one reporting window of every
 * report tool (start_date/end_date, date_range or lookback_days; default the last 30 days ending
 * yesterday; later dates refused) and read them from the platform's analytics, so they agree with
 * every analysis of the same dates. Each reader names the write tools that act on what it lists.
 */
import * as v from 'valibot';
import type { ToolDefinition } from '../../../core/tool';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import type { MetricTotals } from '../../../core/metrics';
import { defineProAdsTool } from '../define';
import type { ProAdsCampaign, ProAdsPort, ProAdsTargeting } from '../port';
import {
  campaignIdArg,
  campaignOutput,
  creativeOutput,
  findCampaign,
  groupIdArg,
  groupOutput,
  metricsOutput,
  targetingOutput,
} from './common';
import { analyticsTotals, resolveWindow, windowArgs, windowRules } from './shared';

/** Documented request examples of the tools this file builds (ToolSpec.examples; <…> marks an id to take from the tool named). */
const EXAMPLES: Record<string, Record<string, unknown>[]> = {
  search_proads_campaign_groups: [{ query: 'demand' }],
};

/** The reporting window of list tools (the analysis window without raw_data). */
const { raw_data: _raw, ...listWindowArgs } = windowArgs;
export { listWindowArgs };
const windowOutput = { start_date: v.string(), end_date: v.string() };

const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'COMPLETED', 'DRAFT', 'CANCELED', 'PENDING_DELETION'] as const;
const statusFilterArg = (values: readonly string[]) =>
  v.optional(
    v.pipe(
      v.array(v.picklist(values as [string, ...string[]])),
      v.minLength(1, 'must list at least one status'),
      v.description(`Only these statuses (${values.join(', ')}); default all but PENDING_DELETION`),
    ),
  );
const visible = (status: string, filter: readonly string[] | undefined) =>
  filter ? filter.includes(status) : status !== 'PENDING_DELETION';

const resultOf = (m: MetricTotals, c: Pick<ProAdsCampaign, 'objective_type'>) =>
  c.objective_type === 'VIDEO_VIEW'
    ? `${count(m.video_views ?? 0)} views`
    : ['BRAND_AWARENESS', 'ENGAGEMENT', 'WEBSITE_VISIT'].includes(c.objective_type)
      ? `${count(m.clicks)} clicks`
      : `${m.conversions} ${c.objective_type === 'LEAD_GENERATION' ? 'leads' : 'conv.'}`;

const groupsTool = (name: 'list_proads_campaign_groups' | 'search_proads_campaign_groups', description: string): ToolDefinition =>
  defineProAdsTool({
    name,
    examples: EXAMPLES[name],
    description,
    access: 'read',
    args: {
      ...(name === 'search_proads_campaign_groups'
        ? {
            query: v.pipe(
              v.string(),
              v.trim(),
              v.minLength(1, 'must not be empty'),
              v.maxLength(255),
              v.description('Text the group name contains (case-insensitive)'),
            ),
          }
        : {}),
      status: statusFilterArg(CAMPAIGN_STATUSES),
      ...listWindowArgs,
    } as { query: v.GenericSchema<string, string>; status: ReturnType<typeof statusFilterArg> } & typeof listWindowArgs,
    rules: [windowRules],
    output: v.object({
      ad_account_id: v.string(),
      ...windowOutput,
      campaign_groups: v.array(
        v.object({
          ...groupOutput.entries,
          campaign_count: v.number(),
          active_campaigns: v.number(),
          daily_budget_of_active_campaigns: v.number(),
          metrics: metricsOutput,
        }),
      ),
    }),
    async run(args, ctx) {
      const window = resolveWindow(ctx, args);
      const a = args as { query?: string; status?: string[] };
      const [groups, campaigns] = await Promise.all([ctx.platform.listCampaignGroups(), ctx.platform.listCampaigns()]);
      const metricsOf = await analyticsTotals(ctx.platform, 'CAMPAIGN', window.start, window.end);
      const rows = groups
        .filter((g) => visible(g.status, a.status) && (!a.query || g.name.toLowerCase().includes(a.query.toLowerCase())))
        .map((g) => {
          const own = campaigns.filter((c) => c.campaign_group_id === g.id);
          const active = own.filter((c) => c.status === 'ACTIVE');
          const m = totalsOf(own.map((c) => metricsOf(c.id)));
          return {
            ...g,
            campaign_count: own.length,
            active_campaigns: active.length,
            daily_budget_of_active_campaigns: Math.round(active.reduce((s, c) => s + c.daily_budget, 0) * 100) / 100,
            metrics: m,
          };
        });
      const cur = ctx.account.currency;
      const text = [
        `## Campaign groups${a.query ? ` matching "${a.query}"` : ''}, ${window.start} to ${window.end}`,
        '',
        rows.length
          ? markdownTable(
              ['Group', 'Id', 'Status', 'Lifetime budget', 'Campaigns (active)', 'Active daily budgets', 'Spend', 'Clicks', 'Conv.'],
              rows.map((r) => [
                r.name,
                r.id,
                r.status,
                money(r.total_budget, cur),
                `${r.campaign_count} (${r.active_campaigns})`,
                money(r.daily_budget_of_active_campaigns, cur),
                money(r.metrics.spend, cur),
                count(r.metrics.clicks),
                r.metrics.conversions,
              ]),
            )
          : 'No campaign group matches.',
        '',
        'Next: list_proads_campaigns with campaign_group_id to see its campaigns; update_proads_campaign_group to pause it or change its budget; create_proads_campaign_group for a new one.',
      ].join('\n');
      return {
        text,
        structured: { ad_account_id: ctx.account.account_id, start_date: window.start, end_date: window.end, campaign_groups: rows },
      };
    },
  });

/** Sums totals of several entities (the ratios recomputed). */
function totalsOf(parts: MetricTotals[]): MetricTotals {
  const sum = { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0, video_views: 0 };
  let views = false;
  for (const p of parts) {
    sum.impressions += p.impressions;
    sum.clicks += p.clicks;
    sum.spend += p.spend;
    sum.conversions += p.conversions;
    sum.revenue += p.revenue;
    if (p.video_views !== undefined) views = true;
    sum.video_views += p.video_views ?? 0;
  }
  const r = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);
  const spend = Math.round(sum.spend * 100) / 100;
  return {
    impressions: sum.impressions,
    clicks: sum.clicks,
    spend,
    conversions: sum.conversions,
    revenue: Math.round(sum.revenue * 100) / 100,
    ...(views ? { video_views: sum.video_views, view_rate: r(sum.video_views, sum.impressions) } : {}),
    ctr: r(sum.clicks, sum.impressions),
    cpc: sum.clicks ? Math.round((spend / sum.clicks) * 100) / 100 : null,
    cpa: sum.conversions ? Math.round((spend / sum.conversions) * 100) / 100 : null,
    roas: r(sum.revenue, spend),
    acos: sum.revenue > 0 ? Math.round((spend / sum.revenue) * 10_000) / 100 : null,
    conversion_rate: r(sum.conversions, sum.clicks),
  };
}
export { totalsOf };

export const listCampaignGroups = groupsTool(
  'list_proads_campaign_groups',
  'Lists proads campaign groups with status, lifetime budget, campaign count (and how many are active), the daily budgets of their active campaigns, and spend, clicks and conversions over the reporting window (default last 30 days ending yesterday).',
);
export const searchCampaignGroups = groupsTool(
  'search_proads_campaign_groups',
  'Searches proads campaign groups by name (case-insensitive contains) and status; answers the same columns as list_proads_campaign_groups.',
);

export const listCampaigns = defineProAdsTool({
  name: 'list_proads_campaigns',
  description:
    'Lists proads campaigns with format, objective, status, daily budget, bid, and spend, clicks, CTR, results and cost per result over the reporting window (default last 30 days ending yesterday). Filter by campaign_group_id, status and format. Video campaigns show views; awareness campaigns show no conversions.',
  access: 'read',
  args: {
    campaign_group_id: v.optional(groupIdArg()),
    status: statusFilterArg(CAMPAIGN_STATUSES),
    format: v.optional(v.pipe(v.picklist(['SINGLE_IMAGE', 'VIDEO', 'CAROUSEL', 'TEXT_AD']), v.description('Only this format'))),
    ...listWindowArgs,
  },
  rules: [windowRules],
  output: v.object({
    ad_account_id: v.string(),
    ...windowOutput,
    campaigns: v.array(v.object({ ...campaignOutput.entries, metrics: metricsOutput })),
  }),
  async run(args, ctx) {
    const window = resolveWindow(ctx, args);
    const campaigns = (await ctx.platform.listCampaigns()).filter(
      (c) =>
        visible(c.status, args.status) &&
        (!args.campaign_group_id || c.campaign_group_id === args.campaign_group_id) &&
        (!args.format || c.format === args.format),
    );
    const metricsOf = await analyticsTotals(ctx.platform, 'CAMPAIGN', window.start, window.end, { campaigns: campaigns.map((c) => c.id) });
    const rows = campaigns.map((c) => ({ ...c, metrics: metricsOf(c.id) }));
    const cur = ctx.account.currency;
    const text = [
      `## proads campaigns, ${window.start} to ${window.end}`,
      '',
      `${rows.length} campaign(s); spend ${money(totalsOf(rows.map((r) => r.metrics)).spend, cur)}.`,
      '',
      rows.length
        ? markdownTable(
            ['Campaign', 'Id', 'Format', 'Objective', 'Status', 'Daily budget', 'Bid', 'Spend', 'CTR', 'Results', 'Cost/result'],
            rows.map((r) => [
              r.name,
              r.id,
              r.format,
              r.objective_type,
              r.status,
              money(r.daily_budget, cur),
              `${money(r.unit_cost, cur)} ${r.cost_type}`,
              money(r.metrics.spend, cur),
              percent(r.metrics.ctr, 3),
              resultOf(r.metrics, r),
              money(r.metrics.cpa, cur),
            ]),
          )
        : 'No campaign matches.',
      '',
      'Next: pause_proads_campaign / resume_proads_campaign, update_proads_campaign_budget to change budget or bid, get_proads_campaign_structure for one campaign, analyze_proads_wasted_spend to find waste.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, start_date: window.start, end_date: window.end, campaigns: rows } };
  },
});

export const listCreatives = defineProAdsTool({
  name: 'list_proads_creatives',
  description:
    'Lists the creatives of a proads campaign (or of every campaign) with format, status, review status, copy and spend, clicks, CTR and conversions over the reporting window (default last 30 days ending yesterday).',
  access: 'read',
  args: {
    campaign_id: v.optional(campaignIdArg()),
    status: statusFilterArg(['ACTIVE', 'PAUSED', 'ARCHIVED', 'DRAFT', 'CANCELED', 'PENDING_DELETION']),
    ...listWindowArgs,
  },
  rules: [windowRules],
  output: v.object({
    ad_account_id: v.string(),
    ...windowOutput,
    creatives: v.array(v.object({ ...creativeOutput.entries, campaign_name: v.string(), metrics: metricsOutput })),
  }),
  async run(args, ctx) {
    const window = resolveWindow(ctx, args);
    const campaigns = args.campaign_id ? [await findCampaign(ctx.platform, args.campaign_id)] : await ctx.platform.listCampaigns();
    const byId = new Map(campaigns.map((c) => [c.id, c]));
    const creatives = (await ctx.platform.listCreatives()).filter((cr) => byId.has(cr.campaign_id) && visible(cr.status, args.status));
    const metricsOf = await analyticsTotals(ctx.platform, 'CREATIVE', window.start, window.end, { campaigns: campaigns.map((c) => c.id) });
    const rows = creatives.map((cr) => ({ ...cr, campaign_name: byId.get(cr.campaign_id)!.name, metrics: metricsOf(cr.id) }));
    const cur = ctx.account.currency;
    const text = [
      `## proads creatives${args.campaign_id ? ` of "${campaigns[0]!.name}"` : ''}, ${window.start} to ${window.end}`,
      '',
      rows.length
        ? markdownTable(
            ['Creative', 'Id', 'Campaign', 'Format', 'Status', 'Review', 'Headline', 'Spend', 'CTR', 'Conv.'],
            rows.map((r) => [
              r.name,
              r.id,
              r.campaign_name,
              r.format,
              r.status,
              r.review_status ?? 'APPROVED',
              r.headline,
              money(r.metrics.spend, cur),
              percent(r.metrics.ctr, 3),
              r.metrics.conversions,
            ]),
          )
        : 'No creative matches.',
      '',
      'Next: pause_proads_creative / resume_proads_creative, update_proads_creative to edit copy, add_proads_creative to add a variation, analyze_proads_creative_performance to rank them.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, start_date: window.start, end_date: window.end, creatives: rows } };
  },
});

/** A targeting spec with each id's name, for people and for reuse. */
async function namedTargeting(platform: ProAdsPort, targeting: ProAdsTargeting | undefined) {
  const spec = targeting ?? { include: {} };
  const ids = [...Object.values(spec.include), ...Object.values(spec.exclude ?? {})]
    .flat()
    .filter((x): x is string => typeof x === 'string');
  const names = new Map((await platform.getTargetingEntities(ids)).map((e) => [e.id, e.name]));
  const lines = (map: Partial<Record<string, string[]>> | undefined, verb: string) =>
    Object.entries(map ?? {}).map(
      ([facet, values]) =>
        `- ${verb} ${facet.replace(/_/g, ' ')}: ${(values ?? []).map((id) => `${names.get(id) ?? id} (${id})`).join(', ')}`,
    );
  return { spec, names: Object.fromEntries(names), lines: [...lines(spec.include, 'Include'), ...lines(spec.exclude, 'Exclude')] };
}

export const getCampaignTargeting = defineProAdsTool({
  name: 'get_proads_campaign_targeting',
  description:
    "Exports a proads campaign's targeting in reusable form: the include and exclude facets with ids and names, the audience size, and a `targeting` object to pass as is to add_proads_campaign_to_group, create_proads_*_campaign or update_proads_campaign.",
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>' }],
  args: { campaign_id: campaignIdArg() },
  output: v.object({
    ad_account_id: v.string(),
    campaign_id: v.string(),
    name: v.string(),
    targeting: targetingOutput,
    names: v.record(v.string(), v.string()),
    audience_size: v.number(),
  }),
  async run(args, ctx) {
    const campaign = await findCampaign(ctx.platform, args.campaign_id);
    const { spec, names, lines } = await namedTargeting(ctx.platform, campaign.targeting);
    const { total } = await ctx.platform.getAudienceCount(spec);
    const text = [
      `## Targeting of "${campaign.name}" (${campaign.id})`,
      '',
      `Reaches about ${count(total)} members.`,
      '',
      ...(lines.length ? lines : ['- No targeting set.']),
      '',
      '```json',
      JSON.stringify(spec),
      '```',
      '',
      'Reuse it as `targeting` in add_proads_campaign_to_group; change it with update_proads_campaign_targeting.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        campaign_id: campaign.id,
        name: campaign.name,
        targeting: spec,
        names,
        audience_size: total,
      },
    };
  },
});

export const getCampaignStructure = defineProAdsTool({
  name: 'get_proads_campaign_structure',
  description:
    'Full detail of one proads campaign: its group, settings (type, format, objective, status, budgets, bid and strategy, schedule), targeting with names and audience size, its creatives with status, review status and copy, and the conversion rules attached to it.',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>' }],
  args: { campaign_id: campaignIdArg() },
  output: v.object({
    ad_account_id: v.string(),
    campaign: campaignOutput,
    campaign_group: groupOutput,
    targeting_names: v.record(v.string(), v.string()),
    audience_size: v.number(),
    creatives: v.array(creativeOutput),
    conversions: v.array(v.object({ id: v.string(), name: v.string(), type: v.string() })),
  }),
  async run(args, ctx) {
    const campaign = await findCampaign(ctx.platform, args.campaign_id);
    const [groups, creatives, conversions] = await Promise.all([
      ctx.platform.listCampaignGroups(),
      ctx.platform.listCreatives(),
      ctx.platform.listConversions(),
    ]);
    const group = groups.find((g) => g.id === campaign.campaign_group_id)!;
    const own = creatives.filter((cr) => cr.campaign_id === campaign.id);
    const attached = conversions.filter((c) => c.campaign_ids.includes(campaign.id)).map((c) => ({ id: c.id, name: c.name, type: c.type }));
    const { spec, names, lines } = await namedTargeting(ctx.platform, campaign.targeting);
    const { total } = await ctx.platform.getAudienceCount(spec);
    const cur = ctx.account.currency;
    const text = [
      `## Campaign "${campaign.name}" (${campaign.id})`,
      '',
      markdownTable(
        ['Setting', 'Value'],
        [
          ['Campaign group', `${group.name} (${group.id}), ${group.status}`],
          ['Type / format', `${campaign.type} / ${campaign.format}`],
          ['Objective', campaign.objective_type],
          ['Status', campaign.status],
          ['Daily budget', money(campaign.daily_budget, cur)],
          ['Lifetime budget', money(campaign.total_budget, cur)],
          ['Bid', `${money(campaign.unit_cost, cur)} ${campaign.cost_type}, ${campaign.bid_strategy ?? 'MANUAL'}`],
          ['Schedule', `${campaign.start_date} to ${campaign.end_date ?? '(no end date)'}`],
          ['Audience', `about ${count(total)} members`],
        ],
      ),
      '',
      '### Targeting',
      ...(lines.length ? lines : ['- No targeting set.']),
      '',
      `### Creatives (${own.length})`,
      own.length
        ? markdownTable(
            ['Creative', 'Id', 'Status', 'Review', 'Headline', 'Destination'],
            own.map((cr) => [cr.name, cr.id, cr.status, cr.review_status ?? 'APPROVED', cr.headline, cr.landing_page_url]),
          )
        : 'None: add one with add_proads_creative.',
      '',
      `### Conversions: ${attached.length ? attached.map((c) => `${c.name} (${c.id})`).join(', ') : 'none attached (associate_proads_conversion)'}`,
      '',
      'Next: update_proads_campaign, update_proads_campaign_targeting, clone_proads_campaign, get_proads_campaign_performance.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        campaign,
        campaign_group: group,
        targeting_names: names,
        audience_size: total,
        creatives: own,
        conversions: attached,
      },
    };
  },
});

export const listConversions = defineProAdsTool({
  name: 'list_proads_conversions',
  description:
    'Lists the conversion rules of a proads ad account: type, attribution, post-click and view-through windows, value, whether enabled, and the campaigns each is attached to.',
  access: 'read',
  args: {},
  output: v.object({
    ad_account_id: v.string(),
    conversions: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        type: v.string(),
        attribution_type: v.string(),
        post_click_window_days: v.number(),
        view_through_window_days: v.number(),
        value: v.optional(v.number()),
        enabled: v.boolean(),
        campaign_ids: v.array(v.string()),
        created_at: v.string(),
      }),
    ),
  }),
  async run(_args, ctx) {
    const conversions = await ctx.platform.listConversions();
    const text = [
      '## proads conversion rules',
      '',
      conversions.length
        ? markdownTable(
            ['Conversion', 'Id', 'Type', 'Windows (click/view)', 'Value', 'Enabled', 'Campaigns'],
            conversions.map((c) => [
              c.name,
              c.id,
              c.type,
              `${c.post_click_window_days}d / ${c.view_through_window_days}d`,
              money(c.value, ctx.account.currency),
              c.enabled ? 'yes' : 'no',
              c.campaign_ids.length,
            ]),
          )
        : 'No conversion rule yet: create one with manage_proads_conversions (action create).',
      '',
      'Attach a rule to a campaign with associate_proads_conversion.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, conversions } };
  },
});

export const getOrganizations = defineProAdsTool({
  name: 'get_proads_organizations',
  description:
    'Lists the company pages the ad account may post ads as and the ad account itself, with your role on each: call it before creating campaigns to know which page the ads will show.',
  access: 'read',
  args: {},
  output: v.object({
    ad_account_id: v.string(),
    organizations: v.array(v.object({ id: v.string(), name: v.string(), kind: v.string(), role: v.string() })),
  }),
  async run(_args, ctx) {
    const organizations = await ctx.platform.listOrganizations();
    const text = [
      '## Company pages and ad accounts',
      '',
      markdownTable(
        ['Name', 'Id', 'Kind', 'Your role'],
        organizations.map((o) => [o.name, o.id, o.kind, o.role]),
      ),
      '',
      'Next: list_proads_campaign_groups, then create_proads_campaign_group or create_proads_image_campaign.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, organizations } };
  },
});

export const discoverAssets = defineProAdsTool({
  name: 'discover_proads_assets',
  description:
    'Finds the images and videos already uploaded to a proads ad account (name, size, dimensions, duration), to reuse their asset_id in new creatives instead of uploading again.',
  access: 'read',
  args: {
    kind: v.optional(v.pipe(v.picklist(['IMAGE', 'VIDEO']), v.description('IMAGE or VIDEO; default both'))),
    name_contains: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255), v.description('Text the file name contains (case-insensitive)')),
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    assets: v.array(
      v.object({
        id: v.string(),
        kind: v.string(),
        name: v.string(),
        source_url: v.string(),
        width: v.optional(v.number()),
        height: v.optional(v.number()),
        size_bytes: v.optional(v.number()),
        duration_seconds: v.optional(v.number()),
        created_at: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    const assets = (await ctx.platform.listAssets()).filter(
      (a) =>
        (!args.kind || a.kind === args.kind) && (!args.name_contains || a.name.toLowerCase().includes(args.name_contains.toLowerCase())),
    );
    const text = [
      '## proads asset library',
      '',
      assets.length
        ? markdownTable(
            ['Asset', 'Id', 'Kind', 'Size', 'Dimensions', 'Length'],
            assets.map((a) => [
              a.name,
              a.id,
              a.kind,
              a.size_bytes ? `${(a.size_bytes / 1e6).toFixed(1)} MB` : null,
              a.width ? `${a.width} x ${a.height}` : null,
              a.duration_seconds ? `${a.duration_seconds}s` : null,
            ]),
          )
        : 'No asset matches: upload images with validate_and_prepare_proads_assets.',
      '',
      'Use an asset_id in add_proads_creative, add_proads_video_creative or add_proads_carousel_creative.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, assets } };
  },
});

export const readerTools: ToolDefinition[] = [
  listCampaignGroups,
  searchCampaignGroups,
  listCampaigns,
  listCreatives,
  getCampaignStructure,
  getCampaignTargeting,
  listConversions,
  getOrganizations,
  discoverAssets,
];
