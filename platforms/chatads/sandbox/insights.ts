/** The chatads sandbox's insights: rows by level, day and segment, summed from the delivery model (delivery.ts). */
import { isoDate } from '../../../core/dates';
import type { WithHistory } from '../../sandbox/history';
import { datesBetween, seededRandom } from '../../sandbox/metrics';
import { valueOfConversions } from '../../sandbox/allocate';
import { EntityNotFoundError, type SandboxStore } from '../../sandbox/store';
import {
  addCounts,
  campaignAdDaysOf,
  split,
  zeroCounts,
  type Counts,
  type StoredAd,
  type StoredAdGroup,
  type StoredCampaign,
} from './delivery';
import { ReportMemo } from '../../sandbox/day-memo';
import { KIND } from './stored';
import type { ChatAdsInsightsQuery, ChatAdsInsightsRow } from '../port';

export class InsightsSandbox {
  constructor(private readonly store: SandboxStore) {}

  async getInsights(query: ChatAdsInsightsQuery): Promise<ChatAdsInsightsRow[]> {
    const history = { withHistory: true };
    const [campaigns, adGroups, ads] = await Promise.all([
      this.store.list<WithHistory<StoredCampaign>>(KIND.campaign, history),
      this.store.list<WithHistory<StoredAdGroup>>(KIND.adGroup, history),
      this.store.list<WithHistory<StoredAd>>(KIND.ad, history),
    ]);
    const kind = query.aggregation_level === 'campaign' ? KIND.campaign : query.aggregation_level === 'ad_group' ? KIND.adGroup : KIND.ad;
    const entities: { id: string }[] =
      query.aggregation_level === 'campaign' ? campaigns : query.aggregation_level === 'ad_group' ? adGroups : ads;
    const known = new Set(entities.map((e) => e.id));
    const missing = (query.ids ?? []).find((id) => !known.has(id));
    if (missing) throw new EntityNotFoundError(kind, missing);
    const today = isoDate(new Date());
    const lastDay = isoDate(new Date((query.end - 1) * 1000));
    const request = JSON.stringify([query.aggregation_level, query.start, query.end, query.time_granularity, query.segment, query.fields]);
    const rows = reports.rows(this.store.pk, [campaigns, adGroups, ads], request, lastDay, today, () =>
      this._rows(query, { campaigns, adGroups, ads }, entities, today),
    );
    if (!query.ids) return [...rows];
    // The rows of the ids asked for, in their order.
    const byEntity = new Map<string, ChatAdsInsightsRow[]>();
    for (const row of rows) {
      const list = byEntity.get(row.entity_id);
      if (list) list.push(row);
      else byEntity.set(row.entity_id, [row]);
    }
    return query.ids.flatMap((id) => byEntity.get(id) ?? []);
  }

  /** The rows of every entity of the query's level (`entities`); the caller picks the ids asked for. */
  private _rows(query: ChatAdsInsightsQuery, account: Entities, entities: { id: string }[], today: string): ChatAdsInsightsRow[] {
    const { campaigns, adGroups, ads } = account;
    const ids = entities.map((e) => e.id);
    const entityOf = (ad: StoredAd) =>
      query.aggregation_level === 'ad' ? ad.id : query.aggregation_level === 'ad_group' ? ad.ad_group_id : ad.campaign_id;
    const wanted = new Set(ids);

    // Days overlapping the window, with the share of each day inside it.
    const days = datesBetween(isoDate(new Date(query.start * 1000)), isoDate(new Date((query.end - 1) * 1000))).map((date) => {
      const dayStart = Date.parse(`${date}T00:00:00Z`) / 1000;
      const overlap = Math.min(query.end, dayStart + DAY) - Math.max(query.start, dayStart);
      return { date, fraction: Math.max(0, overlap) / DAY };
    });
    // Every level is the sum of its ads, and every ad's day comes from its campaign's day (delivery.ts).
    const perEntityDay = new Map<string, Map<string, Counts>>();
    const relevant = campaigns.filter((c) => ads.some((a) => a.campaign_id === c.id && wanted.has(entityOf(a))));
    for (const campaign of relevant) {
      const campaignGroups = adGroups.filter((g) => g.campaign_id === campaign.id);
      const campaignAds = ads.filter((a) => a.campaign_id === campaign.id);
      const adDaysOn = campaignAdDaysOf(this.store.pk, campaign, campaignGroups, campaignAds, today);
      for (const { date, fraction } of days) {
        const adCounts = adDaysOn(date);
        for (const ad of campaignAds) {
          const entityId = entityOf(ad);
          const counts = adCounts.get(ad.id);
          if (!wanted.has(entityId) || !counts) continue;
          const byDay = perEntityDay.get(entityId) ?? new Map<string, Counts>();
          byDay.set(date, addCounts(byDay.get(date) ?? zeroCounts(), prorated(counts, fraction)));
          perEntityDay.set(entityId, byDay);
        }
      }
    }
    const pick = (counts: Counts): Partial<Counts> => Object.fromEntries(query.fields.map((f) => [f, counts[f]]));
    const rows: ChatAdsInsightsRow[] = [];
    for (const entityId of ids) {
      const perDay = days.map(({ date }) => ({ date, counts: perEntityDay.get(entityId)?.get(date) ?? zeroCounts() }));
      const buckets =
        query.time_granularity === 'daily'
          ? perDay.map((d) => ({ date: d.date as string | undefined, counts: d.counts }))
          : [{ date: undefined, counts: perDay.reduce((t, d) => addCounts(t, d.counts), zeroCounts()) }];
      for (const bucket of buckets) {
        const base = { entity_id: entityId, ...(bucket.date ? { date: bucket.date } : {}) };
        if (query.segment) {
          for (const [value, counts] of splitCounts(bucket.counts, segmentShares(entityId, query.segment)))
            rows.push({ ...base, [query.segment]: value, ...pick(counts) });
        } else {
          rows.push({ ...base, ...pick(bucket.counts) });
        }
      }
    }
    return rows;
  }
}

interface Entities {
  campaigns: WithHistory<StoredCampaign>[];
  adGroups: WithHistory<StoredAdGroup>[];
  ads: WithHistory<StoredAd>[];
}

/** Insights over finished days computed in this process (sandbox/day-memo.ts). */
const reports = new ReportMemo<ChatAdsInsightsRow>();

const DAY = 86_400;
const SEGMENTS = {
  country: [
    ['US', 0.62],
    ['CA', 0.12],
    ['GB', 0.1],
    ['AU', 0.08],
    ['DE', 0.08],
  ],
  device: [
    ['desktop', 0.42],
    ['mobile_app', 0.41],
    ['mobile_web', 0.17],
  ],
} as const;

/**
 * An ad's day prorated to the hours of the day inside the window (a whole day is kept as is): whole
 * counts, cents, and the conversion value of the conversions kept (none without a conversion).
 */
function prorated(day: Counts, fraction: number): Counts {
  if (fraction >= 1) return day;
  const out = zeroCounts();
  for (const [field, value] of Object.entries(day) as [keyof Counts, number][]) {
    out[field] =
      field === 'spend' || field === 'conversion_value' ? Math.round(value * fraction * 100) / 100 : Math.round(value * fraction);
  }
  out.conversion_value = Math.round(valueOfConversions(day.conversion_value, day.conversions, out.conversions) * 100) / 100;
  return out;
}

/**
 * Splits counts over segment values exactly (the segments add up to the total), each by its share;
 * conversion value follows the conversions each segment got, so none has value without one.
 */
function splitCounts(total: Counts, shares: [string, number][]): [string, Counts][] {
  const parts = split(
    total,
    shares.map(([, share]) => Object.fromEntries(Object.keys(total).map((field) => [field, share])) as Counts),
  );
  return shares.map(([value], i) => [value, parts[i]!]);
}

function segmentShares(entityId: string, segment: keyof typeof SEGMENTS): [string, number][] {
  const random = seededRandom(`${entityId}|${segment}`);
  const raw = SEGMENTS[segment].map(([value, share]) => [value, share * (0.8 + 0.4 * random())] as [string, number]);
  const sum = raw.reduce((t, [, s]) => t + s, 0);
  return raw.map(([value, s]) => [value, s / sum]);
}
