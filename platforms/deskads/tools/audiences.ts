import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import { markdownTable, money, percent } from '../../../core/markdown';
import { totals } from '../../../core/metrics';
import { defineDeskAdsTool } from '../define';
import {
  applyDeskAdsListFilters,
  deskadsListFilterArgs,
  deskadsListFilterRules,
  pagingSummary,
  type DeskAdsListOptions,
} from '../list-filters';
import { AUDIENCE_TYPES, type DeskAdsAudience } from '../port-rest';
import { pagingArgs } from './reports';
import { idArgument, metricsOutput, metricsWindow, rowMetrics, windowArgs, windowRule } from './shared';

/** deskads audiences: what the account can use, attaching them to ad groups, and how each performs. */

/** The platform's bid adjustment bounds for an audience, in percent. */
const BID_ADJUSTMENT = { min: -90, max: 900 } as const;
const PER_CALL = 50;
/** An audience under this many users does not serve yet. */
const MIN_SERVING_SIZE = 1000;

interface AudienceRow extends Record<string, unknown> {
  id: string;
  name: string;
  type: string;
  status: string;
  scope: string;
  search_size: number;
  audience_network_size: number;
  membership_duration_days: number | null;
  description: string | null;
  source_audience_id: string | null;
  ad_group_count: number;
  start_date: string | null;
}

const OPTIONS: DeskAdsListOptions<AudienceRow> = {
  fields: [
    'id',
    'name',
    'type',
    'status',
    'scope',
    'search_size',
    'audience_network_size',
    'membership_duration_days',
    'description',
    'source_audience_id',
    'ad_group_count',
    'start_date',
  ],
  statuses: ['Active', 'Inactive'],
  types: AUDIENCE_TYPES,
  defaultSort: 'name',
  queryHint: 'audience name, id and description',
};

const audienceOutput = v.object({
  id: v.string(),
  name: v.string(),
  type: v.picklist(AUDIENCE_TYPES),
  status: v.picklist(['Active', 'Inactive']),
  scope: v.picklist(['Account', 'Customer']),
  search_size: v.number(),
  audience_network_size: v.number(),
  membership_duration_days: v.nullable(v.number()),
  description: v.nullable(v.string()),
  source_audience_id: v.nullable(v.string()),
  ad_group_count: v.number(),
  start_date: v.nullable(v.string()),
});

const TYPE_WORDS: Record<(typeof AUDIENCE_TYPES)[number], string> = {
  RemarketingList: 'remarketing list',
  InMarketAudience: 'in-market',
  CustomAudience: 'custom',
  ProductAudience: 'product audience',
  SimilarRemarketingList: 'similar audience',
  CustomerList: 'customer match list',
};

export const listDeskAdsAudiences = defineDeskAdsTool({
  name: 'list_deskads_audiences',
  description:
    "Lists the audiences a deskads account can target or bid on: its remarketing lists, customer match lists (CustomerList), product and similar audiences, custom audiences, and the platform's in-market audiences, with sizes on search and on the audience network and how many ad groups use each. An audience under 1,000 users is Inactive (it does not serve yet). Takes the shared deskads list filters (type_filter = audience type).",
  access: 'read',
  args: { ...deskadsListFilterArgs(OPTIONS) },
  rules: deskadsListFilterRules(OPTIONS),
  output: v.object({
    account_id: v.string(),
    total: v.number(),
    filtered: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    audiences: v.array(audienceOutput),
  }),
  async run(args, ctx) {
    const [audiences, criteria] = await Promise.all([ctx.platform.listAudiences(), ctx.platform.listAudienceCriteria()]);
    const rows: AudienceRow[] = audiences.map((a) => ({
      ...a,
      ad_group_count: new Set(criteria.filter((c) => c.audience_id === a.id).map((c) => c.ad_group_id)).size,
    }));
    const page = applyDeskAdsListFilters(rows, args, {
      searchable: ['name', 'id', 'description'],
      status: 'status',
      type: 'type',
      start: 'start_date',
    });
    const byId = new Map(audiences.map((a) => [a.id, a]));
    const listed = page.rows.map((r) => {
      const {
        id,
        name,
        type,
        status,
        scope,
        search_size,
        audience_network_size,
        membership_duration_days,
        description,
        source_audience_id,
        start_date,
      } = byId.get(r.id)!;
      return {
        id,
        name,
        type,
        status,
        scope,
        search_size,
        audience_network_size,
        membership_duration_days,
        description,
        source_audience_id,
        ad_group_count: r.ad_group_count,
        start_date,
      };
    });
    const size = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)}M` : n >= 1000 ? `${Math.round(n / 1000)}K` : String(n));
    return {
      text: [
        `## Audiences of account ${ctx.account.account_id}`,
        '',
        pagingSummary(page),
        '',
        listed.length
          ? markdownTable(
              ['Audience', 'Id', 'Type', 'Status', 'Search size', 'Audience network', 'Membership', 'Ad groups'],
              listed.map((a) => [
                a.name,
                a.id,
                TYPE_WORDS[a.type],
                a.status,
                size(a.search_size),
                size(a.audience_network_size),
                a.membership_duration_days === null ? '-' : `${a.membership_duration_days} days`,
                a.ad_group_count,
              ]),
            )
          : 'No audience matches these filters.',
        '',
        'Attach audiences to an ad group with add_deskads_audience_targeting; see how they do with get_deskads_audience_performance.',
      ].join('\n'),
      structured: {
        account_id: ctx.account.account_id,
        total: page.total,
        filtered: page.filtered,
        offset: page.offset,
        limit: page.limit,
        has_more: page.has_more,
        audiences: listed,
      },
    };
  },
});

const MODES = ['target_and_bid', 'bid_only'] as const;

const itemResult = v.object({
  audience_id: v.string(),
  name: v.string(),
  outcome: v.picklist(['added', 'excluded', 'already_there']),
  criterion_id: v.nullable(v.string()),
  bid_adjustment: v.number(),
});

export const addDeskAdsAudienceTargeting = defineDeskAdsTool({
  name: 'add_deskads_audience_targeting',
  description: `Attaches audiences (list_deskads_audiences) to an ad group, 1-${PER_CALL} per call, each with a bid adjustment from ${BID_ADJUSTMENT.min} to +${BID_ADJUSTMENT.max} percent, or excluded (its members never see the ad group's ads). mode bid_only (observation: everyone still sees the ads, members get the adjusted bid) or target_and_bid (only members of its audiences see them; narrows reach); without mode the ad group keeps its setting (new ad groups: bid only). An audience already on the ad group is skipped and reported.`,
  access: 'write',
  examples: [
    {
      ad_group_id: '<ad_group_id from list_deskads_ad_groups>',
      audiences: [{ audience_id: '<audience_id from list_deskads_audiences>', bid_adjustment: 20 }],
    },
  ],
  args: {
    ad_group_id: idArgument('ad group', 'list_deskads_ad_groups'),
    audiences: v.pipe(
      v.array(
        v.object({
          audience_id: idArgument('audience', 'list_deskads_audiences'),
          bid_adjustment: v.optional(
            v.pipe(
              v.number(),
              v.integer('must be a whole percent'),
              v.minValue(BID_ADJUSTMENT.min, `must be at least ${BID_ADJUSTMENT.min}`),
              v.maxValue(BID_ADJUSTMENT.max, `must be at most ${BID_ADJUSTMENT.max}`),
              v.description(`Bid adjustment for members in percent, ${BID_ADJUSTMENT.min} to ${BID_ADJUSTMENT.max}, default 0`),
            ),
            0,
          ),
          exclude: v.optional(
            v.pipe(v.boolean(), v.description('true = exclude the audience: its members do not see the ads (no bid adjustment then)')),
            false,
          ),
        }),
      ),
      v.minLength(1, 'give at least one audience'),
      v.maxLength(PER_CALL, `at most ${PER_CALL} audiences per call`),
      v.description(`1-${PER_CALL} audiences with their bid adjustment or exclusion`),
    ),
    mode: v.optional(
      v.pipe(
        v.picklist(MODES),
        v.description("bid_only (observation) or target_and_bid (only members see the ads); default: keep the ad group's setting"),
      ),
    ),
  },
  rules: [
    (args) => {
      const seen = new Set<string>();
      for (const a of args.audiences) {
        if (seen.has(a.audience_id)) return `\`audiences\` names audience ${a.audience_id} twice`;
        seen.add(a.audience_id);
      }
      return undefined;
    },
    (args) =>
      args.audiences
        .filter((a) => a.exclude && a.bid_adjustment !== 0)
        .map((a) => `audience ${a.audience_id} is excluded: an excluded audience takes no \`bid_adjustment\``),
  ],
  output: v.object({
    account_id: v.string(),
    ad_group_id: v.string(),
    mode: v.picklist(MODES),
    mode_changed: v.boolean(),
    results: v.array(itemResult),
  }),
  async plan(args, ctx) {
    const group = (await ctx.platform.listAdGroups()).find((g) => g.id === args.ad_group_id);
    if (!group)
      throw new ToolError(
        `No ad group ${args.ad_group_id} in account ${ctx.account.account_id}. list_deskads_ad_groups lists the valid ids.`,
        { code: 'not_found' },
      );
    if (group.status === 'Deleted')
      throw new ToolError(`Ad group "${group.name}" (${group.id}) is deleted; audiences go on an ad group that is not.`);
    const [audiences, existing, targetAndBid] = await Promise.all([
      ctx.platform.listAudiences(),
      ctx.platform.listAudienceCriteria({ adGroupId: group.id }),
      ctx.platform.getAudienceTargetAndBid(group.id),
    ]);
    const byId = new Map(audiences.map((a) => [a.id, a]));
    const unknown = args.audiences.filter((a) => !byId.has(a.audience_id)).map((a) => a.audience_id);
    if (unknown.length)
      throw new ToolError(
        `No audience ${unknown.join(', ')} in account ${ctx.account.account_id}. list_deskads_audiences lists the valid ids.`,
        { code: 'not_found', unknown_ids: unknown },
      );
    const similarExcluded = args.audiences.filter((a) => a.exclude && byId.get(a.audience_id)!.type === 'SimilarRemarketingList');
    if (similarExcluded.length)
      throw new ToolError(
        `A similar audience cannot be excluded (${similarExcluded.map((a) => `"${byId.get(a.audience_id)!.name}"`).join(', ')}); exclude the remarketing list it is built from instead.`,
      );
    const mode = args.mode ?? (targetAndBid ? 'target_and_bid' : 'bid_only');
    const items = args.audiences.map((a) => {
      const audience = byId.get(a.audience_id)!;
      const there = existing.find((c) => c.audience_id === a.audience_id);
      return {
        audience_id: a.audience_id,
        name: audience.name,
        type: audience.type,
        bid_adjustment: a.exclude ? 0 : a.bid_adjustment,
        exclude: a.exclude,
        there: there ? { criterion_id: there.id, bid_adjustment: there.bid_adjustment, excluded: there.excluded } : null,
      };
    });
    const targeted = [...existing.filter((c) => !c.excluded), ...items.filter((i) => !i.there && !i.exclude)];
    if (mode === 'target_and_bid' && !targeted.length) {
      throw new ToolError(
        `Ad group "${group.name}" would have no audience to target: target_and_bid shows its ads only to members of its audiences. Add an audience that is not excluded, or use mode bid_only.`,
      );
    }
    const changes: PlannedChange[] = items
      .filter((i) => !i.there)
      .map((i) => ({
        action: 'create' as const,
        entity: 'audience_criterion',
        name: i.name,
        // A criterion adjusts the ad group's bids; it spends nothing by itself (the create-paused guardrail is about what spends).
        startsPaused: true,
        fields: {
          ad_group_id: { after: group.id },
          audience_id: { after: i.audience_id },
          bid_adjustment: { after: i.bid_adjustment },
          excluded: { after: i.exclude },
        },
      }));
    const modeChanged = (mode === 'target_and_bid') !== targetAndBid;
    if (modeChanged)
      changes.push({
        action: 'update',
        entity: 'ad_group',
        id: group.id,
        name: group.name,
        fields: { audience_targeting: { before: targetAndBid ? 'target_and_bid' : 'bid_only', after: mode } },
      });
    const small = items.filter((i) => !i.there && !i.exclude && byId.get(i.audience_id)!.search_size < MIN_SERVING_SIZE);
    return {
      summary: changes.length
        ? `Attach ${items.filter((i) => !i.there).length} audience(s) to ad group "${group.name}" (${mode})`
        : `Every audience is already on ad group "${group.name}"; nothing changes`,
      changes,
      notes: [
        ...items
          .filter((i) => i.there)
          .map(
            (i) =>
              `"${i.name}" is already on the ad group (${i.there!.excluded ? 'excluded' : `bid adjustment ${i.there!.bid_adjustment} %`}); skipped.`,
          ),
        ...small.map((i) => `"${i.name}" has fewer than ${MIN_SERVING_SIZE} users; it serves once it grows.`),
        ...(mode === 'target_and_bid' && modeChanged
          ? ['target_and_bid narrows the ad group to members of its audiences: expect fewer impressions.']
          : []),
      ],
      data: { adGroupId: group.id, adGroupName: group.name, mode, modeChanged, items },
    };
  },
  async apply(plan, _args, ctx) {
    const { adGroupId, adGroupName, mode, modeChanged, items } = plan.data;
    const fresh = items.filter((i) => !i.there);
    const created = fresh.length
      ? await ctx.step('criteria', () =>
          ctx.platform.addAudienceCriteria(
            adGroupId,
            fresh.map((i) => ({ audience_id: i.audience_id, bid_adjustment: i.bid_adjustment, excluded: i.exclude })),
          ),
        )
      : [];
    if (modeChanged) await ctx.step('target-setting', () => ctx.platform.setAudienceTargetAndBid(adGroupId, mode === 'target_and_bid'));
    const results = items.map((i) => {
      const c = created.find((x) => x.audience_id === i.audience_id);
      return {
        audience_id: i.audience_id,
        name: i.name,
        outcome: (i.there ? 'already_there' : i.exclude ? 'excluded' : 'added') as 'added' | 'excluded' | 'already_there',
        criterion_id: c?.id ?? i.there?.criterion_id ?? null,
        bid_adjustment: i.there ? i.there.bid_adjustment : i.bid_adjustment,
      };
    });
    return {
      text: [
        `## Audiences on ad group "${adGroupName}" (${mode.replace(/_/g, ' ')})`,
        '',
        markdownTable(
          ['Audience', 'Id', 'Result', 'Bid adjustment'],
          results.map((r) => [
            r.name,
            r.audience_id,
            r.outcome.replace('_', ' '),
            r.outcome === 'excluded' ? '-' : `${r.bid_adjustment > 0 ? '+' : ''}${r.bid_adjustment} %`,
          ]),
        ),
        ...(modeChanged ? ['', `Targeting setting changed to ${mode.replace(/_/g, ' ')}.`] : []),
        '',
        'Figures by audience: get_deskads_audience_performance (from tomorrow: today is collected overnight).',
      ].join('\n'),
      structured: { account_id: ctx.account.account_id, ad_group_id: adGroupId, mode, mode_changed: modeChanged, results },
    };
  },
});

const audienceRow = v.object({
  campaign_id: v.string(),
  campaign_name: v.string(),
  ad_group_id: v.string(),
  ad_group_name: v.string(),
  audience_id: v.nullable(v.string()),
  audience_name: v.string(),
  audience_type: v.nullable(v.picklist(AUDIENCE_TYPES)),
  bid_adjustment: v.nullable(v.number()),
  targeting_setting: v.picklist(['TargetAndBid', 'BidOnly']),
  metrics: metricsOutput,
  cpa_vs_ad_group: v.nullable(v.number()),
});

export const getDeskAdsAudiencePerformance = defineDeskAdsTool({
  name: 'get_deskads_audience_performance',
  description:
    "Figures of a deskads account's audiences by ad group over a date range (default the last 30 days ending yesterday): in-market, remarketing, similar, custom, product audiences and customer match lists, with each one's bid adjustment, targeting setting and CPA against its ad group's. A row \"Other searchers\" holds the ad group's traffic outside its audiences, so the rows of an ad group add up to its figures. Rows page with offset and limit (10-200).",
  access: 'read',
  args: {
    campaign_id: v.optional(idArgument('campaign', 'list_deskads_campaigns')),
    ad_group_id: v.optional(idArgument('ad group', 'list_deskads_ad_groups')),
    audience_types: v.optional(
      v.pipe(
        v.array(v.picklist(AUDIENCE_TYPES)),
        v.minLength(1),
        v.description(`Only these audience types (${AUDIENCE_TYPES.join(', ')}); default all, with the "Other searchers" rows`),
      ),
    ),
    ...windowArgs,
    ...pagingArgs,
  },
  rules: [windowRule],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    metrics: metricsOutput,
    rows: v.array(audienceRow),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const [campaigns, groups, audiences, criteria, rows] = await Promise.all([
      ctx.platform.listCampaigns(),
      ctx.platform.listAdGroups(),
      ctx.platform.listAudiences(),
      ctx.platform.listAudienceCriteria(),
      ctx.platform.getAudienceReport({ start_date: window.start, end_date: window.end }),
    ]);
    if (args.campaign_id && !campaigns.some((c) => c.id === args.campaign_id))
      throw new ToolError(
        `No campaign ${args.campaign_id} in account ${ctx.account.account_id}. list_deskads_campaigns lists the valid ids.`,
        { code: 'not_found' },
      );
    if (args.ad_group_id && !groups.some((g) => g.id === args.ad_group_id))
      throw new ToolError(
        `No ad group ${args.ad_group_id} in account ${ctx.account.account_id}. list_deskads_ad_groups lists the valid ids.`,
        { code: 'not_found' },
      );
    const audienceById = new Map<string, DeskAdsAudience>(audiences.map((a) => [a.id, a]));
    const chosen = rows.filter(
      (r) => (!args.campaign_id || r.campaign_id === args.campaign_id) && (!args.ad_group_id || r.ad_group_id === args.ad_group_id),
    );
    const groupCpa = new Map<string, number | null>();
    for (const id of new Set(chosen.map((r) => r.ad_group_id))) groupCpa.set(id, totals(rows.filter((r) => r.ad_group_id === id)).cpa);
    const typed = chosen.filter(
      (r) =>
        !args.audience_types || (r.audience_id !== null && args.audience_types.includes(audienceById.get(r.audience_id)?.type as never)),
    );
    const listed = typed
      .map((r) => {
        const audience = r.audience_id ? audienceById.get(r.audience_id) : undefined;
        const metrics = rowMetrics(totals([r]));
        const base = groupCpa.get(r.ad_group_id);
        return {
          campaign_id: r.campaign_id,
          campaign_name: campaigns.find((c) => c.id === r.campaign_id)?.name ?? '',
          ad_group_id: r.ad_group_id,
          ad_group_name: groups.find((g) => g.id === r.ad_group_id)?.name ?? '',
          audience_id: r.audience_id,
          audience_name: audience?.name ?? 'Other searchers',
          audience_type: audience?.type ?? null,
          bid_adjustment: r.audience_id
            ? (criteria.find((c) => c.ad_group_id === r.ad_group_id && c.audience_id === r.audience_id)?.bid_adjustment ?? null)
            : null,
          targeting_setting: r.targeting_setting,
          metrics,
          cpa_vs_ad_group: metrics.cpa !== null && base ? Math.round((metrics.cpa / base - 1) * 1000) / 10 : null,
        };
      })
      .sort(
        (a, b) =>
          a.campaign_name.localeCompare(b.campaign_name) ||
          a.ad_group_name.localeCompare(b.ad_group_name) ||
          (a.audience_id === null ? 1 : 0) - (b.audience_id === null ? 1 : 0) ||
          b.metrics.spend - a.metrics.spend,
      );
    const page = listed.slice(args.offset, args.offset + args.limit);
    const currency = ctx.account.currency;
    const raise = listed.filter(
      (r) =>
        r.audience_id &&
        r.cpa_vs_ad_group !== null &&
        r.cpa_vs_ad_group <= -25 &&
        r.metrics.conversions >= 2 &&
        (r.bid_adjustment ?? 0) < 50,
    );
    const lower = listed.filter(
      (r) =>
        r.audience_id &&
        r.metrics.clicks >= 20 &&
        (r.metrics.conversions === 0 || (r.cpa_vs_ad_group ?? 0) >= 50) &&
        (r.bid_adjustment ?? 0) > 0,
    );
    return {
      text: [
        `## Audience performance, ${window.start} to ${window.end}`,
        '',
        `${listed.length} rows; showing ${page.length ? `${args.offset + 1}-${args.offset + page.length}` : 'none'}.${args.offset + page.length < listed.length ? ` More: call again with offset ${args.offset + args.limit}.` : ''}`,
        '',
        page.length
          ? markdownTable(
              ['Ad group', 'Audience', 'Type', 'Bid adj.', 'Impr.', 'Clicks', 'Spend', 'Conv.', 'CPA', 'CPA vs ad group', 'CTR'],
              page.map((r) => [
                r.ad_group_name,
                r.audience_name,
                r.audience_type ?? '-',
                r.bid_adjustment === null ? '-' : `${r.bid_adjustment} %`,
                r.metrics.impressions,
                r.metrics.clicks,
                money(r.metrics.spend, currency),
                r.metrics.conversions,
                r.metrics.cpa === null ? '-' : money(r.metrics.cpa, currency),
                r.cpa_vs_ad_group === null ? '-' : `${r.cpa_vs_ad_group > 0 ? '+' : ''}${r.cpa_vs_ad_group} %`,
                percent(r.metrics.ctr),
              ]),
            )
          : 'No audience had impressions in this range.',
        ...(raise.length
          ? [
              '',
              `Converting well below their ad group's CPA: ${raise.map((r) => `"${r.audience_name}" in "${r.ad_group_name}"`).join(', ')}; a higher bid adjustment can win more of them.`,
            ]
          : []),
        ...(lower.length
          ? [
              '',
              `Costly against their ad group: ${lower.map((r) => `"${r.audience_name}" in "${r.ad_group_name}"`).join(', ')}; lower their bid adjustment.`,
            ]
          : []),
        '',
        'Attach more audiences with add_deskads_audience_targeting (list_deskads_audiences lists them).',
      ].join('\n'),
      structured: {
        account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        total: listed.length,
        offset: args.offset,
        limit: args.limit,
        has_more: args.offset + page.length < listed.length,
        metrics: rowMetrics(totals(typed)),
        rows: page,
      },
    };
  },
});

export const deskAdsAudienceTools = [listDeskAdsAudiences, addDeskAdsAudienceTargeting, getDeskAdsAudiencePerformance];
