import * as v from 'valibot';
import { atMostOne, requires, say, when } from '../../../core/argument-rules';
import { ToolError } from '../../../core/errors';
import { isoDate, refuseDatesAfterYesterday, reportingZone } from '../../../core/dates';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineChatAdsTool } from '../define';
import { CONVERSION_FIELDS, DELIVERY_FIELDS, type ChatAdsInsightsRow } from '../port';

const LEVELS = ['campaign', 'ad_group', 'ad'] as const;
type Level = (typeof LEVELS)[number];
const PREFIX: Record<Level, string> = { campaign: 'cmpn_', ad_group: 'adgrp_', ad: 'ad_' };
const HOUR = 3600;
const DAY = 86_400;
/** Every figure this report shows, as the platform's insights name them. */
export const INSIGHTS_FIELDS = [...DELIVERY_FIELDS, ...CONVERSION_FIELDS];

interface Counts {
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  view_through_conversions: number;
  conversion_value: number;
}

const zero = (): Counts => ({ impressions: 0, clicks: 0, spend: 0, conversions: 0, view_through_conversions: 0, conversion_value: 0 });
const round2 = (n: number) => Math.round(n * 100) / 100;
const addCounts = (a: Counts, b: Counts): Counts => ({
  impressions: a.impressions + b.impressions,
  clicks: a.clicks + b.clicks,
  spend: a.spend + b.spend,
  conversions: a.conversions + b.conversions,
  view_through_conversions: a.view_through_conversions + b.view_through_conversions,
  conversion_value: a.conversion_value + b.conversion_value,
});
const countsOf = (row: ChatAdsInsightsRow): Counts => ({
  impressions: row.impressions ?? 0,
  clicks: row.clicks ?? 0,
  spend: row.spend ?? 0,
  conversions: row.conversions ?? 0,
  view_through_conversions: row.view_through_conversions ?? 0,
  conversion_value: row.conversion_value ?? 0,
});

export const getChatAdsConversionInsights = defineChatAdsTool({
  name: 'get_chatads_conversion_insights',
  description:
    'Reports chatads conversions per campaign, ad group or ad: click-through conversions, their value, CPA and conversion rate, and 1-day view-through conversions reported separately (never added to the conversion total). Awareness (impression-bid) campaigns, their ad groups and ads have no conversions: n/a (null), as in every chatads tool. ' +
    'Window: the last lookback_days (default 30, ending yesterday) or start/end unix seconds (floored to the hour, through yesterday at the latest); optional daily breakdown and country or device segments. No account-total rows.',
  access: 'read',
  args: {
    aggregation_level: v.optional(v.pipe(v.picklist(LEVELS), v.description('campaign (default), ad_group or ad')), 'campaign'),
    entity_ids: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
        v.minLength(1),
        v.maxLength(100),
        v.description(
          'Ids of the level: cmpn_ (campaign), adgrp_ (ad_group) or ad_ (ad); required for ad_group and ad; at campaign level omission reports all campaigns',
        ),
      ),
    ),
    lookback_days: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.maxValue(365),
        v.description('Full days ending yesterday, 1-365, default 30; not with start/end'),
      ),
    ),
    start: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.description('Window start, unix seconds (floored to the hour); with end, instead of lookback_days'),
      ),
    ),
    end: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Window end, unix seconds (floored to the hour); after start')),
    ),
    breakdown: v.optional(v.pipe(v.picklist(['none', 'daily']), v.description('none (default) or daily')), 'none'),
    segment: v.optional(v.pipe(v.picklist(['country', 'device']), v.description('Split rows by country or device'))),
    raw_data: v.optional(v.pipe(v.boolean(), v.description('true returns only the raw metrics, without analysis')), false),
  },
  schemaRules: [
    say(requires('start', 'end'), '`start` and `end` go together; give both (unix seconds) or neither'),
    say(requires('end', 'start'), '`start` and `end` go together; give both (unix seconds) or neither'),
    say(atMostOne('lookback_days', 'start'), '`lookback_days` and `start`/`end` are alternatives; give one window'),
    say(atMostOne('lookback_days', 'end'), '`lookback_days` and `start`/`end` are alternatives; give one window'),
    say(
      when('aggregation_level', ['ad_group'], { required: ['entity_ids'] }),
      `\`entity_ids\` is required at \`aggregation_level\` ad_group (${PREFIX.ad_group}... ids); only campaign level reports all entities when it is omitted`,
    ),
    say(
      when('aggregation_level', ['ad'], { required: ['entity_ids'] }),
      `\`entity_ids\` is required at \`aggregation_level\` ad (${PREFIX.ad}... ids); only campaign level reports all entities when it is omitted`,
    ),
  ],
  rules: [
    (a) =>
      a.start !== undefined && a.end !== undefined && Math.floor(a.end / HOUR) <= Math.floor(a.start / HOUR)
        ? '`end` must be after `start` (both are floored to the hour, so at least one hour apart)'
        : undefined,
    (a) => {
      const bad = (a.entity_ids ?? []).filter((id) => !id.startsWith(PREFIX[a.aggregation_level]));
      return bad.length
        ? `\`entity_ids\` must be ${a.aggregation_level} ids starting with ${PREFIX[a.aggregation_level]} for \`aggregation_level\` ${a.aggregation_level}; not: ${bad.join(', ')}`
        : undefined;
    },
  ],
  output: v.object({
    aggregation_level: v.string(),
    start: v.number(),
    end: v.number(),
    breakdown: v.string(),
    segment: v.nullable(v.string()),
    rows: v.array(
      v.object({
        entity_id: v.string(),
        entity_name: v.string(),
        impressions: v.number(),
        clicks: v.number(),
        spend: v.number(),
        conversions: v.nullable(v.number()),
        view_through_conversions: v.nullable(v.number()),
        conversion_value: v.nullable(v.number()),
        cpa: v.nullable(v.number()),
        conversion_rate: v.nullable(v.number()),
        ctr: v.nullable(v.number()),
        date: v.optional(v.string()),
        device: v.optional(v.string()),
        country: v.optional(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    // Like every report: the default window ends with yesterday (at 00:00 UTC today), and a window
    // reaching into today or later is refused.
    const endOfYesterday = Date.parse(`${isoDate(ctx.now)}T00:00:00Z`) / 1000;
    const end = args.end !== undefined ? Math.floor(args.end / HOUR) * HOUR : endOfYesterday;
    const start = args.start !== undefined ? Math.floor(args.start / HOUR) * HOUR : end - (args.lookback_days ?? 30) * DAY;
    refuseDatesAfterYesterday(
      ctx.now,
      { start: isoDate(new Date(start * 1000)), end: isoDate(new Date((end - 1) * 1000)) },
      reportingZone(ctx.account),
    );
    const campaigns = await ctx.platform.listCampaigns();
    const entities: { id: string; name: string; campaign_id?: string }[] =
      args.aggregation_level === 'campaign'
        ? campaigns
        : args.aggregation_level === 'ad_group'
          ? await ctx.platform.listAdGroups()
          : await ctx.platform.listAds();
    // Awareness campaigns bid for impressions: they are not judged on conversions or CPA.
    const awarenessCampaigns = new Set(campaigns.filter((c) => c.bidding_type === 'impressions').map((c) => c.id));
    const isAwareness = (entityId: string) => {
      const entity = entities.find((e) => e.id === entityId);
      return awarenessCampaigns.has(entity?.campaign_id ?? entityId);
    };
    const known = new Map(entities.map((e) => [e.id, e]));
    const missing = (args.entity_ids ?? []).filter((id) => !known.has(id));
    if (missing.length)
      throw new ToolError(
        `Unknown ${args.aggregation_level.replace('_', ' ')} id${missing.length > 1 ? 's' : ''} in \`entity_ids\`: ${missing.join(', ')}. Get ids from list_chatads_${args.aggregation_level === 'ad' ? 'ads' : args.aggregation_level === 'ad_group' ? 'ad_groups' : 'campaigns'}.`,
      );
    const selected = args.entity_ids ? [...new Set(args.entity_ids)].map((id) => known.get(id)!) : entities;
    const reported = selected.length
      ? await ctx.platform.getInsights({
          aggregation_level: args.aggregation_level,
          ids: selected.map((e) => e.id),
          start,
          end,
          time_granularity: args.breakdown === 'daily' ? 'daily' : 'none',
          segment: args.segment,
          fields: INSIGHTS_FIELDS,
        })
      : [];

    type Row = {
      entity_id: string;
      entity_name: string;
      date?: string;
      country?: string;
      device?: string;
      impressions: number;
      clicks: number;
      spend: number;
      /** null (n/a) on the rows of an awareness campaign, as every chatads tool shows them. */
      conversions: number | null;
      view_through_conversions: number | null;
      conversion_value: number | null;
      cpa: number | null;
      conversion_rate: number | null;
      ctr: number | null;
      /** The figures as reported, for the insights below. */
      counts: Counts;
    };
    const finish = (c: Counts, base: Pick<Row, 'entity_id' | 'entity_name' | 'date' | 'country' | 'device'>): Row => {
      // Awareness campaigns bid for impressions: no conversions, whatever attribution recorded (n/a).
      const converts = !isAwareness(base.entity_id);
      return {
        ...base,
        impressions: c.impressions,
        clicks: c.clicks,
        spend: round2(c.spend),
        conversions: converts ? c.conversions : null,
        view_through_conversions: converts ? c.view_through_conversions : null,
        conversion_value: converts ? round2(c.conversion_value) : null,
        cpa: converts && c.conversions > 0 ? round2(c.spend / c.conversions) : null,
        conversion_rate: converts && c.clicks > 0 ? Math.round((c.conversions / c.clicks) * 10000) / 10000 : null,
        ctr: c.impressions > 0 ? Math.round((c.clicks / c.impressions) * 10000) / 10000 : null,
        counts: c,
      };
    };
    const rows: Row[] = [];
    for (const entity of selected) {
      const own = reported.filter((r) => r.entity_id === entity.id);
      // A platform may leave out an entity that did not deliver: it still gets its (zero) row.
      if (own.length === 0 && args.breakdown === 'none' && !args.segment)
        rows.push(finish(zero(), { entity_id: entity.id, entity_name: entity.name }));
      for (const r of own) {
        const base = {
          entity_id: entity.id,
          entity_name: entity.name,
          ...(r.date ? { date: r.date } : {}),
          ...(args.segment ? { [args.segment]: r[args.segment] } : {}),
        };
        rows.push(finish(countsOf(r), base));
      }
    }

    const currency = ctx.account.currency;
    const from = new Date(start * 1000).toISOString().slice(0, 16).replace('T', ' ');
    const to = new Date(end * 1000).toISOString().slice(0, 16).replace('T', ' ');
    const headers = [
      'Entity',
      ...(args.breakdown === 'daily' ? ['Date'] : []),
      ...(args.segment ? [args.segment === 'country' ? 'Country' : 'Device'] : []),
      'Spend',
      'Clicks',
      'Conversions (click)',
      'View-through (1 day)',
      'Value',
      'CPA',
      'CVR',
    ];
    const table = markdownTable(
      headers,
      rows.map((r) => [
        r.entity_name,
        ...(args.breakdown === 'daily' ? [r.date] : []),
        ...(args.segment ? [r[args.segment]] : []),
        money(r.spend, currency),
        r.clicks,
        r.conversions ?? 'n/a (awareness)',
        r.view_through_conversions ?? 'n/a (awareness)',
        r.conversion_value === null ? 'n/a' : money(r.conversion_value, currency),
        money(r.cpa, currency),
        percent(r.conversion_rate),
      ]),
    );
    const lines = [
      `## Conversion insights by ${args.aggregation_level.replace('_', ' ')}, ${from} to ${to} UTC`,
      '',
      rows.length ? table : 'No entities to report.',
    ];
    if (!args.raw_data && rows.length) {
      const byEntity = new Map<string, Counts & { name: string; awareness: boolean }>();
      for (const r of rows)
        byEntity.set(r.entity_id, {
          name: r.entity_name,
          awareness: isAwareness(r.entity_id),
          ...addCounts(byEntity.get(r.entity_id) ?? zero(), r.counts),
        });
      const all = [...byEntity.values()];
      const list = all.filter((e) => !e.awareness);
      const converting = list.filter((e) => e.conversions > 0).sort((a, b) => a.spend / a.conversions - b.spend / b.conversions);
      const wasting = list.filter((e) => e.spend > 0 && e.conversions === 0);
      lines.push('', '### Insights');
      if (converting.length)
        lines.push(
          `- Lowest cost per conversion: **${converting[0].name}** (${money(round2(converting[0].spend / converting[0].conversions), currency)}).`,
        );
      for (const e of wasting)
        lines.push(
          `- **${e.name}** spent ${money(round2(e.spend), currency)} with no click-through conversions${e.view_through_conversions ? ` (${count(e.view_through_conversions)} view-through)` : ''}: review its context hints and bids, or pause it.`,
        );
      const awareness = all.filter((e) => e.awareness);
      if (awareness.length)
        lines.push(
          `- ${awareness.map((e) => `**${e.name}**`).join(', ')} bid${awareness.length === 1 ? 's' : ''} for impressions (awareness): judged on reach and cost per thousand impressions, not on conversions or CPA.`,
        );
      lines.push(
        '- View-through conversions (within 1 day of an impression, without a click) are shown separately and are not included in the conversion counts or CPA.',
      );
    }
    return {
      text: lines.join('\n'),
      structured: {
        aggregation_level: args.aggregation_level,
        start,
        end,
        breakdown: args.breakdown,
        segment: args.segment ?? null,
        rows: rows.map(({ counts: _counts, ...row }) => row),
      },
    };
  },
});
