/** The proads sandbox's analytics: rows by campaign, creative or member pivot, from the delivery model. */
import { ToolError } from '../../../core/errors';
import { isoDate } from '../../../core/dates';
import type { DailyMetrics } from '../../../core/metrics';
import { EntityNotFoundError, type SandboxStore } from '../../sandbox/store';
import { ReportMemo } from '../../sandbox/day-memo';
import { KIND } from './stored';
import type { ProAdsAnalyticsQuery, ProAdsAnalyticsRow, ProAdsEngagement } from '../port';
import {
  asDailyMetrics,
  deliveredCreativeDays,
  engagementOf,
  segmentDays,
  type CreativeDay,
  type StoredCampaign,
  type StoredCreative,
  type StoredGroup,
  type StoredSegment,
} from './delivery';

export class AnalyticsSandbox {
  constructor(private readonly store: SandboxStore) {}

  async getAnalytics(query: ProAdsAnalyticsQuery): Promise<ProAdsAnalyticsRow[]> {
    const { start, end } = query.date_range;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || start > end) {
      throw new ToolError(`The analytics date range ${start} to ${end} is not a range of days (YYYY-MM-DD, start on or before end).`);
    }
    if (query.pivot.startsWith('MEMBER_') && (query.campaigns || query.creatives)) {
      throw new ToolError('The proads sandbox reports demographic pivots for the whole account only: leave out campaigns and creatives.');
    }
    const [groups, campaigns, creatives] = await Promise.all([
      this.store.list<StoredGroup>(KIND.group, { withHistory: true }),
      this.store.list<StoredCampaign>(KIND.campaign, { withHistory: true }),
      this.store.list<StoredCreative>(KIND.creative, { withHistory: true }),
    ]);
    requireKnown(KIND.campaign, query.campaigns, campaigns);
    requireKnown(KIND.creative, query.creatives, creatives);
    const member = query.pivot.startsWith('MEMBER_');
    const segments = member ? await this.store.list<StoredSegment>(KIND.segment) : undefined;
    const entities: Entities = { groups, campaigns, creatives, segments };
    const today = isoDate(new Date());
    // A campaign pivot of some creatives adds up part of each campaign: not a pick of whole rows.
    if (query.pivot === 'CAMPAIGN' && query.creatives) return this._rows(query, entities, today);
    const request = `${query.pivot}|${start}|${end}|${query.time_granularity}`;
    const rows = reports.rows(this.store.pk, [groups, campaigns, creatives, segments ?? null], request, end, today, () =>
      this._rows({ ...query, campaigns: undefined, creatives: undefined }, entities, today),
    );
    if (!query.campaigns && !query.creatives) return [...rows];
    const campaignOf = new Map(creatives.map((c) => [c.id, c.campaign_id]));
    const campaignWanted = (id: string | undefined) => !query.campaigns || (id !== undefined && query.campaigns.includes(id));
    return rows.filter((row) =>
      query.pivot === 'CAMPAIGN'
        ? campaignWanted(row.pivot_value)
        : campaignWanted(campaignOf.get(row.pivot_value)) && (!query.creatives || query.creatives.includes(row.pivot_value)),
    );
  }

  /** The rows of the query, its campaigns and creatives picked from the delivery. */
  private _rows(query: ProAdsAnalyticsQuery, entities: Entities, today: string): ProAdsAnalyticsRow[] {
    const { groups, campaigns, creatives, segments } = entities;
    const { start, end } = query.date_range;
    const delivered = deliveredCreativeDays({ groups, campaigns, creatives }, start, end, today, this.store.pk);
    if (segments) {
      const pivot = query.pivot.slice('MEMBER_'.length);
      const ofPivot = segments.filter((s) => s.pivot === pivot).sort((a, b) => a.urn.localeCompare(b.urn));
      const days = segmentDays(ofPivot, delivered, campaigns);
      return ofPivot.flatMap((s) => analyticsRows(s.urn, days.get(s.id)!, query));
    }
    // Creatives are the unit of delivery: campaign rows are sums of their creatives' whole figures (cents).
    const days = new Map<string, Map<string, Omit<CreativeDay, 'creative'>>>();
    const engagement = new Map<string, Map<string, ProAdsEngagement>>();
    const campaignById = new Map(campaigns.map((c) => [c.id, c]));
    for (const day of delivered) {
      if (query.campaigns && !query.campaigns.includes(day.creative.campaign_id)) continue;
      if (query.creatives && !query.creatives.includes(day.creative.id)) continue;
      const key = query.pivot === 'CAMPAIGN' ? day.creative.campaign_id : day.creative.id;
      const byDate = days.get(key) ?? new Map<string, Omit<CreativeDay, 'creative'>>();
      const sum = byDate.get(day.date);
      const { creative: _creative, ...figures } = day;
      if (!sum) byDate.set(day.date, { ...figures });
      else
        for (const m of ['impressions', 'clicks', 'spend_cents', 'conversions', 'revenue_cents', 'video_views'] as const) sum[m] += day[m];
      days.set(key, byDate);
      const engagementByDate = engagement.get(key) ?? new Map<string, ProAdsEngagement>();
      const dayEngagement = engagementOf(day, campaignById.get(day.creative.campaign_id)!);
      const engagementSum = engagementByDate.get(day.date);
      if (!engagementSum) engagementByDate.set(day.date, dayEngagement);
      else for (const k of Object.keys(dayEngagement) as (keyof ProAdsEngagement)[]) engagementSum[k] += dayEngagement[k];
      engagement.set(key, engagementByDate);
    }
    return [...days]
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([key, byDate]) =>
        analyticsRows(
          key,
          [...byDate.values()]
            .sort((a, b) => a.date.localeCompare(b.date))
            .map((d) => ({ ...asDailyMetrics({ ...d, creative: undefined as never }), engagement: engagement.get(key)!.get(d.date)! })),
          query,
        ),
      );
  }
}

/** What the analytics are computed from: the entities with their histories, and the member segments for a member pivot. */
interface Entities {
  groups: StoredGroup[];
  campaigns: StoredCampaign[];
  creatives: StoredCreative[];
  segments?: StoredSegment[];
}

/** Analytics over finished days computed in this process (sandbox/day-memo.ts). */
const reports = new ReportMemo<ProAdsAnalyticsRow>();

function addInto(sum: Omit<DailyMetrics, 'date'>, day: Omit<DailyMetrics, 'date'>): void {
  sum.impressions += day.impressions;
  sum.clicks += day.clicks;
  sum.spend += day.spend;
  sum.conversions += day.conversions;
  sum.revenue += day.revenue;
  sum.video_views += day.video_views;
}

function requireKnown(kind: string, ids: readonly string[] | undefined, entities: readonly { id: string }[]): void {
  const unknown = ids?.find((id) => !entities.some((e) => e.id === id));
  if (unknown !== undefined) throw new EntityNotFoundError(kind, unknown);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The rows of one pivot value: its days (DAILY) or their sum (ALL); nothing without delivery. */
function analyticsRows(
  pivotValue: string,
  days: readonly (DailyMetrics & { engagement?: ProAdsEngagement })[],
  query: Pick<ProAdsAnalyticsQuery, 'time_granularity' | 'date_range'>,
): ProAdsAnalyticsRow[] {
  const rows: ProAdsAnalyticsRow[] = [];
  const push = (from: string, to: string, m: Omit<DailyMetrics, 'date'> & { engagement?: ProAdsEngagement }) => {
    if (!m.impressions && !m.clicks && !m.spend && !m.conversions && !m.revenue && !m.video_views) return;
    const { impressions, clicks, spend, conversions, revenue, video_views, engagement } = m;
    rows.push({
      pivot_value: pivotValue,
      date_range: { start: from, end: to },
      impressions,
      clicks,
      spend: round2(spend),
      conversions,
      revenue: round2(revenue),
      video_views,
      ...(engagement ? { engagement } : {}),
    });
  };
  if (query.time_granularity === 'DAILY') {
    for (const day of days) push(day.date, day.date, day);
  } else if (days.length) {
    // One row over the whole range asked for.
    const sum = { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0, video_views: 0 };
    for (const day of days) addInto(sum, day);
    let engagement: ProAdsEngagement | undefined;
    for (const day of days) {
      if (!day.engagement) continue;
      engagement ??= {
        reactions: 0,
        comments: 0,
        shares: 0,
        follows: 0,
        lead_form_opens: 0,
        leads: 0,
        video_starts: 0,
        video_completions: 0,
      };
      for (const k of Object.keys(engagement) as (keyof ProAdsEngagement)[]) engagement[k] += day.engagement[k];
    }
    push(query.date_range.start, query.date_range.end, { ...sum, ...(engagement ? { engagement } : {}) });
  }
  return rows;
}
