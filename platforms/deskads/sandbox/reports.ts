/** The deskads sandbox's reports: performance, geographic and audience reports from the delivery model. */
import { isoDate, lastReportDay } from '../../../core/dates';
import type { DayFigures } from '../../sandbox/allocate';
import { stateAt } from '../../sandbox/history';
import { ReportMemo } from '../../sandbox/day-memo';
import { datesBetween } from '../../sandbox/metrics';
import type { SandboxStore } from '../../sandbox/store';
import { deliveryOf, figuresOf, segmentDay, type CampaignDay, type Figures } from './delivery';
import { audienceSplit, geoSplit } from './rest';
import {
  KIND,
  type StoredAd,
  type StoredBudget,
  type StoredCampaign,
  type StoredKeyword,
  type StoredNegative,
  type StoredProduct,
} from './stored';
import type { DeskAdsAdGroup, DeskAdsReportRequest, DeskAdsReportRow } from '../port';
import type {
  DeskAdsAudience,
  DeskAdsAudienceCriterion,
  DeskAdsAudienceReportRow,
  DeskAdsGeoReportRow,
  DeskAdsRangeRequest,
} from '../port-rest';

export class ReportsSandbox {
  constructor(private readonly store: SandboxStore) {}

  /** Rows from the delivery model (deliveryOf): product, ad group and keyword rows add up to their campaign's rows. */
  async getReport(request: DeskAdsReportRequest): Promise<DeskAdsReportRow[]> {
    const dates = reportDates(request);
    if (!dates.length) return [];
    const entities = await this._entities();
    const lastDay = dates.at(-1)!;
    const query = JSON.stringify([request.report_type, request.aggregation, dates[0], lastDay, request.segment ?? null]);
    return [
      ...reports.rows(this.store.pk, entities, query, lastDay, isoDate(new Date()), () =>
        this._rows(request, this._deliveryOf(entities, dates)),
      ),
    ];
  }

  /** The report's rows from the delivery model's days. */
  private _rows(request: DeskAdsReportRequest, days: CampaignDay[]): DeskAdsReportRow[] {
    type Dimensions = Omit<DeskAdsReportRow, keyof Figures>;
    // The days of each row's entity, keyed by entity (and day, for Daily; and segment value, when segmented).
    const groups = new Map<string, Dimensions & { days: Figures[] }>();
    const add = (key: string, row: Dimensions, figures: Figures) => {
      const group = groups.get(key) ?? { ...row, days: [] };
      group.days.push(figures);
      groups.set(key, group);
    };
    const segment = request.report_type === 'ProductDimensionPerformance' ? undefined : request.segment;
    const collect = (entity: string, row: Dimensions, figures: DayFigures, date: string) => {
      const key = `${entity}|${row.date ?? ''}`;
      if (!segment) return add(key, row, figures);
      const field = segment === 'DeviceType' ? 'device_type' : 'network';
      for (const part of segmentDay(entity, date, figures, segment))
        add(`${key}|${part.value}`, { ...row, [field]: part.value } as Dimensions, part.figures);
    };
    for (const day of days) {
      const base = { ...(request.aggregation === 'Daily' ? { date: day.date } : {}), campaign_id: day.campaign_id };
      switch (request.report_type) {
        case 'CampaignPerformance':
          collect(
            day.campaign_id,
            request.aggregation === 'Daily'
              ? {
                  ...base,
                  // A campaign on a shared budget has no budget of its own: its day's budget is the shared amount.
                  daily_budget: day.shared_budget?.amount ?? day.daily_budget,
                  ...(day.shared_budget ? { shared_budget_id: day.shared_budget.id, shared_budget_amount: day.shared_budget.amount } : {}),
                }
              : base,
            day.total,
            day.date,
          );
          break;
        case 'ProductDimensionPerformance':
          for (const [id, figures] of day.products) collect(id, { ...base, product_id: id }, figures, day.date);
          break;
        case 'AdGroupPerformance':
          for (const [id, figures] of day.adGroups) collect(id, { ...base, ad_group_id: id }, figures, day.date);
          break;
        case 'KeywordPerformance':
          for (const [id, { ad_group_id, ...figures }] of day.keywords)
            collect(id, { ...base, ad_group_id, keyword_id: id }, figures, day.date);
          break;
        case 'AdPerformance':
          for (const [id, { ad_group_id, ...figures }] of day.ads) collect(id, { ...base, ad_group_id, ad_id: id }, figures, day.date);
          break;
        case 'SearchQueryPerformance':
          for (const [id, { ad_group_id, keyword_id, search_term, ...figures }] of day.terms)
            collect(id, { ...base, ad_group_id, keyword_id, search_term }, figures, day.date);
          break;
      }
    }
    const rows = [...groups.values()].map(({ days, ...dimensions }) => ({ ...dimensions, ...figuresOf(days) }));
    // The reporting service returns rows with activity only.
    return rows.filter((row) => row.impressions > 0);
  }

  /** The delivery model's days over a range (`reportDates`). */
  private async _delivery(range: DeskAdsRangeRequest): Promise<CampaignDay[]> {
    const dates = reportDates(range);
    if (!dates.length) return [];
    return this._deliveryOf(await this._entities(), dates);
  }

  private _deliveryOf([campaigns, products, adGroups, keywords, negatives, ads, budgets]: Entities, dates: string[]): CampaignDay[] {
    return deliveryOf(campaigns, products, adGroups, keywords, negatives, ads, dates, budgets, this.store.pk);
  }

  /** What the delivery model reads: the entities, with their histories (negatives have none). */
  private async _entities(): Promise<Entities> {
    const history = { withHistory: true };
    return Promise.all([
      this.store.list<StoredCampaign>(KIND.campaign, history),
      this.store.list<StoredProduct>(KIND.product, history),
      this.store.list<DeskAdsAdGroup>(KIND.adGroup, history),
      this.store.list<StoredKeyword>(KIND.keyword, history),
      this.store.list<StoredNegative>(KIND.negative),
      this.store.list<StoredAd>(KIND.ad, history),
      this.store.list<StoredBudget>(KIND.budget, history),
    ]);
  }

  /** Each campaign's days split by city and location type (sandbox/rest.ts geoSplit), so rows add up to the campaign report. */
  async getGeoReport(request: DeskAdsRangeRequest): Promise<DeskAdsGeoReportRow[]> {
    const [days, campaigns] = await Promise.all([this._delivery(request), this.store.list<StoredCampaign>(KIND.campaign)]);
    const locations = new Map(campaigns.map((c) => [c.id, c.location_ids]));
    const rows = new Map<string, Omit<DeskAdsGeoReportRow, keyof Figures> & { days: Figures[] }>();
    for (const day of days) {
      for (const part of geoSplit(day.campaign_id, locations.get(day.campaign_id), day.date, day.total)) {
        const key = `${day.campaign_id}|${part.city.id}|${part.location_type}`;
        const row = rows.get(key) ?? {
          campaign_id: day.campaign_id,
          location_id: part.city.id,
          country: part.city.country,
          state: part.city.state,
          metro: part.city.metro,
          city: part.city.name,
          most_specific_location: part.city.name,
          location_type: part.location_type,
          days: [],
        };
        row.days.push(part.figures);
        rows.set(key, row);
      }
    }
    return [...rows.values()].map(({ days: d, ...dimensions }) => ({ ...dimensions, ...figuresOf(d) })).filter((r) => r.impressions > 0);
  }

  /**
   * Each ad group's days split among its audiences as they were at the end of that day (criteria
   * added later, and the target setting changed later, do not reach a past day): rows add up to the
   * ad group report.
   */
  async getAudienceReport(request: DeskAdsRangeRequest): Promise<DeskAdsAudienceReportRow[]> {
    const [days, audiences, criteria, settings] = await Promise.all([
      this._delivery(request),
      this.store.list<DeskAdsAudience>(KIND.audience),
      this.store.list<DeskAdsAudienceCriterion>(KIND.audienceCriterion),
      this.store.list<{ id: string; target_and_bid: boolean }>(KIND.audienceSetting, { withHistory: true }),
    ]);
    const byId = new Map(audiences.map((a) => [a.id, a]));
    const rows = new Map<string, Omit<DeskAdsAudienceReportRow, keyof Figures> & { days: Figures[] }>();
    for (const day of days) {
      const endOfDay = `${day.date}T23:59:59.999Z`;
      for (const [groupId, figures] of day.adGroups) {
        const setting = settings.find((s) => s.id === groupId);
        const targetAndBid = setting ? stateAt(setting, endOfDay).target_and_bid : false;
        const own = criteria.filter((c) => c.ad_group_id === groupId && c.created_at <= endOfDay);
        for (const part of audienceSplit(groupId, day.date, figures, own, byId, targetAndBid)) {
          const key = `${groupId}|${part.audience_id ?? ''}|${targetAndBid}`;
          const row = rows.get(key) ?? {
            campaign_id: day.campaign_id,
            ad_group_id: groupId,
            audience_id: part.audience_id,
            targeting_setting: targetAndBid ? ('TargetAndBid' as const) : ('BidOnly' as const),
            days: [],
          };
          row.days.push(part.figures);
          rows.set(key, row);
        }
      }
    }
    return [...rows.values()].map(({ days: d, ...dimensions }) => ({ ...dimensions, ...figuresOf(d) })).filter((r) => r.impressions > 0);
  }
}

type Entities = [StoredCampaign[], StoredProduct[], DeskAdsAdGroup[], StoredKeyword[], StoredNegative[], StoredAd[], StoredBudget[]];

/** A report's days: its range up to yesterday (the sandbox simulates its days in UTC). */
function reportDates(range: DeskAdsRangeRequest): string[] {
  const last = lastReportDay(new Date(), 'UTC');
  return datesBetween(range.start_date, range.end_date < last ? range.end_date : last);
}

/** Performance reports over finished days computed in this process (sandbox/day-memo.ts). */
const reports = new ReportMemo<DeskAdsReportRow>();
