import * as v from 'valibot';
import { ToolError } from '../../../functions/runtime/errors';
import { isoDate } from '../../dates';
import { count, markdownTable, money, percent } from '../../markdown';
import { dailyMetrics, datesBetween, hash32, profileFor, seededRandom, totals, type MetricTotals, type PerformanceTier } from '../../sandbox/metrics';
import { defineChatAdsTool } from '../define';
import type { ChatAdsAd, ChatAdsCampaign } from '../port';

const LEVELS = ['campaign', 'ad_group', 'ad'] as const;
type Level = (typeof LEVELS)[number];
const PREFIX: Record<Level, string> = { campaign: 'cmpn_', ad_group: 'adgrp_', ad: 'ad_' };
const HOUR = 3600;
const DAY = 86_400;

/** Share of impressions followed by a conversion within a day without a click, per tier. */
const VIEW_THROUGH_RATE: Record<PerformanceTier, number> = { strong: 0.0006, average: 0.0004, poor: 0.0002, wasteful: 0.0001, new: 0.0003 };
const SEGMENTS = {
  country: [['US', 0.62], ['CA', 0.12], ['GB', 0.1], ['AU', 0.08], ['DE', 0.08]],
  device: [['desktop', 0.42], ['mobile_app', 0.41], ['mobile_web', 0.17]],
} as const;

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

/** One ad's counts on one day, prorated to the hours of the day inside the window. */
function adDay(ad: ChatAdsAd, campaign: ChatAdsCampaign, date: string, fraction: number): Counts {
  // No delivery before the campaign starts, nor after the day it was paused or archived.
  if (date < campaign.start_date || (campaign.status !== 'active' && campaign.stopped_on && date > campaign.stopped_on)) return zero();
  const typical = profileFor(ad.performance);
  const day = dailyMetrics(ad.id, date, profileFor(ad.performance, { impressions: Math.round(typical.impressions * 0.25) }));
  const random = seededRandom(`${ad.id}|vt|${date}`);
  const whole = (x: number) => Math.floor(x) + (random() < x % 1 ? 1 : 0);
  const vt = whole(day.impressions * VIEW_THROUGH_RATE[ad.performance] * (0.6 + 0.8 * random()));
  if (fraction >= 1) return { impressions: day.impressions, clicks: day.clicks, spend: day.spend, conversions: day.conversions, view_through_conversions: vt, conversion_value: day.revenue };
  return {
    impressions: Math.round(day.impressions * fraction),
    clicks: Math.round(day.clicks * fraction),
    spend: round2(day.spend * fraction),
    conversions: Math.round(day.conversions * fraction),
    view_through_conversions: Math.round(vt * fraction),
    conversion_value: round2(day.revenue * fraction),
  };
}

/** A campaign's whole-day totals over [start, end] (the sum of its ads), as the insights report them. */
export function campaignTotals(campaign: ChatAdsCampaign, ads: readonly ChatAdsAd[], start: string, end: string): MetricTotals {
  const days = ads
    .filter((ad) => ad.campaign_id === campaign.id)
    .flatMap((ad) => datesBetween(start, end).map((date) => adDay(ad, campaign, date, 1)))
    .map((c) => ({ impressions: c.impressions, clicks: c.clicks, spend: c.spend, conversions: c.conversions, revenue: c.conversion_value, video_views: 0 }));
  return totals(days);
}

/** Splits counts over segment values (largest remainder keeps the whole numbers adding up). */
function splitCounts(total: Counts, shares: [string, number][]): [string, Counts][] {
  const out = shares.map(([value]) => [value, zero()] as [string, Counts]);
  for (const field of Object.keys(total) as (keyof Counts)[]) {
    const money = field === 'spend' || field === 'conversion_value';
    const unit = money ? 100 : 1;
    const amount = Math.round(total[field] * unit);
    const exact = shares.map(([, s]) => amount * s);
    const floors = exact.map(Math.floor);
    let left = amount - floors.reduce((a, b) => a + b, 0);
    const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
    for (const [, i] of order) {
      if (left <= 0) break;
      floors[i]++;
      left--;
    }
    floors.forEach((n, i) => (out[i][1][field] = n / unit));
  }
  return out;
}

function segmentShares(entityId: string, segment: keyof typeof SEGMENTS): [string, number][] {
  const random = seededRandom(`${entityId}|${segment}`);
  const raw = SEGMENTS[segment].map(([value, share]) => [value, share * (0.8 + 0.4 * random())] as [string, number]);
  const sum = raw.reduce((t, [, s]) => t + s, 0);
  return raw.map(([value, s]) => [value, s / sum]);
}

export const getChatAdsConversionInsights = defineChatAdsTool({
  name: 'get_chatads_conversion_insights',
  description:
    'Reports chatads conversions per campaign, ad group or ad: click-through conversions, their value, CPA and conversion rate, and 1-day view-through conversions reported separately (never added to the conversion total). ' +
    'Window: the last lookback_days (default 30) or start/end unix seconds (floored to the hour); optional daily breakdown and country or device segments. No account-total rows.',
  access: 'read',
  args: {
    aggregation_level: v.optional(v.pipe(v.picklist(LEVELS), v.description('campaign (default), ad_group or ad')), 'campaign'),
    entity_ids: v.optional(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))), v.minLength(1), v.maxLength(100), v.description('Ids of the level: cmpn_ (campaign), adgrp_ (ad_group) or ad_ (ad); required for ad_group and ad; at campaign level omission reports all campaigns'))),
    lookback_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365), v.description('Days back from now, 1-365, default 30; not with start/end'))),
    start: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Window start, unix seconds (floored to the hour); with end, instead of lookback_days'))),
    end: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Window end, unix seconds (floored to the hour); after start'))),
    breakdown: v.optional(v.pipe(v.picklist(['none', 'daily']), v.description('none (default) or daily')), 'none'),
    segment: v.optional(v.pipe(v.picklist(['country', 'device']), v.description('Split rows by country or device'))),
    raw_data: v.optional(v.pipe(v.boolean(), v.description('true returns only the raw metrics, without analysis')), false),
  },
  rules: [
    (a) => ((a.start === undefined) !== (a.end === undefined) ? '`start` and `end` go together; give both (unix seconds) or neither' : undefined),
    (a) => (a.start !== undefined && a.end !== undefined && Math.floor(a.end / HOUR) <= Math.floor(a.start / HOUR) ? '`end` must be after `start` (both are floored to the hour, so at least one hour apart)' : undefined),
    (a) => (a.lookback_days !== undefined && a.start !== undefined ? '`lookback_days` and `start`/`end` are alternatives; give one window' : undefined),
    (a) => {
      const bad = (a.entity_ids ?? []).filter((id) => !id.startsWith(PREFIX[a.aggregation_level]));
      return bad.length ? `\`entity_ids\` must be ${a.aggregation_level} ids starting with ${PREFIX[a.aggregation_level]} for \`aggregation_level\` ${a.aggregation_level}; not: ${bad.join(', ')}` : undefined;
    },
    (a) => (a.aggregation_level !== 'campaign' && !a.entity_ids ? `\`entity_ids\` is required at \`aggregation_level\` ${a.aggregation_level} (${PREFIX[a.aggregation_level]}... ids); only campaign level reports all entities when it is omitted` : undefined),
  ],
  async run(args, ctx) {
    const nowHour = Math.floor(ctx.now.getTime() / 1000 / HOUR) * HOUR;
    const end = args.end !== undefined ? Math.floor(args.end / HOUR) * HOUR : nowHour;
    const start = args.start !== undefined ? Math.floor(args.start / HOUR) * HOUR : end - (args.lookback_days ?? 30) * DAY;
    const [campaigns, adGroups, ads] = await Promise.all([ctx.platform.listCampaigns(), ctx.platform.listAdGroups(), ctx.platform.listAds()]);
    const campaignById = new Map(campaigns.map((c) => [c.id, c]));
    const entities: { id: string; name: string; campaign_id?: string }[] =
      args.aggregation_level === 'campaign' ? campaigns : args.aggregation_level === 'ad_group' ? adGroups : ads;
    const known = new Map(entities.map((e) => [e.id, e]));
    const missing = (args.entity_ids ?? []).filter((id) => !known.has(id));
    if (missing.length) throw new ToolError(`Unknown ${args.aggregation_level.replace('_', ' ')} id${missing.length > 1 ? 's' : ''} in \`entity_ids\`: ${missing.join(', ')}. Get ids from list_chatads_${args.aggregation_level === 'ad' ? 'ads' : args.aggregation_level === 'ad_group' ? 'ad_groups' : 'campaigns'}.`);
    const selected = args.entity_ids ? [...new Set(args.entity_ids)].map((id) => known.get(id)!) : entities;
    const adsOf = (entityId: string) =>
      args.aggregation_level === 'ad' ? ads.filter((a) => a.id === entityId) : args.aggregation_level === 'ad_group' ? ads.filter((a) => a.ad_group_id === entityId) : ads.filter((a) => a.campaign_id === entityId);

    // Days overlapping the window, with the share of each day inside it.
    const days = datesBetween(isoDate(new Date(start * 1000)), isoDate(new Date((end - 1) * 1000))).map((date) => {
      const dayStart = Date.parse(`${date}T00:00:00Z`) / 1000;
      const overlap = Math.min(end, dayStart + DAY) - Math.max(start, dayStart);
      return { date, fraction: Math.max(0, overlap) / DAY };
    });

    type Row = Counts & { entity_id: string; entity_name: string; date?: string; country?: string; device?: string; cpa: number | null; conversion_rate: number | null; ctr: number | null };
    const rows: Row[] = [];
    const finish = (c: Counts, base: Pick<Row, 'entity_id' | 'entity_name' | 'date' | 'country' | 'device'>): Row => ({
      ...base,
      ...c,
      spend: round2(c.spend),
      conversion_value: round2(c.conversion_value),
      cpa: c.conversions > 0 ? round2(c.spend / c.conversions) : null,
      conversion_rate: c.clicks > 0 ? Math.round((c.conversions / c.clicks) * 10000) / 10000 : null,
      ctr: c.impressions > 0 ? Math.round((c.clicks / c.impressions) * 10000) / 10000 : null,
    });
    for (const entity of selected) {
      const entityAds = adsOf(entity.id);
      const perDay = days.map(({ date, fraction }) => ({
        date,
        counts: entityAds.reduce((t, ad) => addCounts(t, adDay(ad, campaignById.get(ad.campaign_id)!, date, fraction)), zero()),
      }));
      const buckets = args.breakdown === 'daily' ? perDay.map((d) => ({ date: d.date as string | undefined, counts: d.counts })) : [{ date: undefined, counts: perDay.reduce((t, d) => addCounts(t, d.counts), zero()) }];
      for (const bucket of buckets) {
        const base = { entity_id: entity.id, entity_name: entity.name, ...(bucket.date ? { date: bucket.date } : {}) };
        if (args.segment) {
          for (const [value, counts] of splitCounts(bucket.counts, segmentShares(entity.id, args.segment))) rows.push(finish(counts, { ...base, [args.segment]: value }));
        } else {
          rows.push(finish(bucket.counts, base));
        }
      }
    }

    const currency = ctx.account.currency;
    const from = new Date(start * 1000).toISOString().slice(0, 16).replace('T', ' ');
    const to = new Date(end * 1000).toISOString().slice(0, 16).replace('T', ' ');
    const headers = ['Entity', ...(args.breakdown === 'daily' ? ['Date'] : []), ...(args.segment ? [args.segment === 'country' ? 'Country' : 'Device'] : []), 'Spend', 'Clicks', 'Conversions (click)', 'View-through (1 day)', 'Value', 'CPA', 'CVR'];
    const table = markdownTable(headers, rows.map((r) => [r.entity_name, ...(args.breakdown === 'daily' ? [r.date] : []), ...(args.segment ? [r[args.segment]] : []), money(r.spend, currency), r.clicks, r.conversions, r.view_through_conversions, money(r.conversion_value, currency), money(r.cpa, currency), percent(r.conversion_rate)]));
    const lines = [`## Conversion insights by ${args.aggregation_level.replace('_', ' ')}, ${from} to ${to} UTC`, '', rows.length ? table : 'No entities to report.'];
    if (!args.raw_data && rows.length) {
      const byEntity = new Map<string, Counts & { name: string }>();
      for (const r of rows) byEntity.set(r.entity_id, { name: r.entity_name, ...addCounts(byEntity.get(r.entity_id) ?? zero(), r) });
      const list = [...byEntity.values()];
      const converting = list.filter((e) => e.conversions > 0).sort((a, b) => a.spend / a.conversions - b.spend / b.conversions);
      const wasting = list.filter((e) => e.spend > 0 && e.conversions === 0);
      lines.push('', '### Insights');
      if (converting.length) lines.push(`- Lowest cost per conversion: **${converting[0].name}** (${money(round2(converting[0].spend / converting[0].conversions), currency)}).`);
      for (const e of wasting) lines.push(`- **${e.name}** spent ${money(round2(e.spend), currency)} with no click-through conversions${e.view_through_conversions ? ` (${count(e.view_through_conversions)} view-through)` : ''}: review its context hints and bids, or pause it.`);
      lines.push('- View-through conversions (within 1 day of an impression, without a click) are shown separately and are not included in the conversion counts or CPA.');
    }
    return {
      text: lines.join('\n'),
      structured: {
        aggregation_level: args.aggregation_level,
        start,
        end,
        breakdown: args.breakdown,
        segment: args.segment ?? null,
        rows,
      },
    };
  },
});
