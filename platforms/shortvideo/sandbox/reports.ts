/** The shortvideo sandbox's reports: basic, reach and audience reports from the one delivery model. */
import type { ConnectedAccount } from '../../../core/accounts';
import { isoDate } from '../../../core/dates';
import { datesBetween } from '../../sandbox/metrics';
import { settingOnDay } from '../../sandbox/history';
import type { SandboxStore } from '../../sandbox/store';
import { ReportMemo } from '../../sandbox/day-memo';
import { simulateDelivery, type DeliveryAd, type DeliveryAdGroup, type DeliveryCampaign } from './delivery';
import { audienceSegments, engagementOf, reachOf, withEngagement } from './engagement';
import { ToolError } from '../../../core/errors';
import { KIND, type StoredAdGroup } from './stored';
import type {
  AudienceDimensions,
  ShortVideoAudienceRow,
  ShortVideoReachRow,
  ReportDataLevel,
  ShortVideoReportQuery,
  ShortVideoReportRow,
  ShortVideoAdGroup,
  ShortVideoCampaign,
} from '../port';

const round2 = (n: number) => Math.round(n * 100) / 100;

export class ReportsSandbox {
  constructor(
    private readonly store: SandboxStore,
    private readonly account: ConnectedAccount,
  ) {}

  /**
   * Report rows from the one delivery model (sandbox/delivery.ts): every level's days come from the
   * same top-down allocation, under the state each entity had on each day, so levels add up and a
   * past day never changes; the advertiser's days are its campaigns' added up. A report over finished
   * days is kept per process (`reports`) and filtered to the ids asked for.
   */
  async getReport(query: ShortVideoReportQuery): Promise<ShortVideoReportRow[]> {
    const { start_date: start, end_date: end, data_level: level } = query;
    const entities = await this._entities();
    const today = isoDate(new Date());
    const rows = reports.rows(this.store.pk, entities, `${level}|${start}|${end}`, end, today, () =>
      this._report(level, start, end, entities, today),
    );
    const wanted = query.ids ? new Set(query.ids) : undefined;
    return wanted ? rows.filter((row) => wanted.has(row.id)) : [...rows];
  }

  /** Every entity's rows at `level` over [start, end]. */
  private _report(level: ReportDataLevel, start: string, end: string, entities: Entities, today: string): ShortVideoReportRow[] {
    const [campaigns, adGroups, adList] = entities;
    const delivery = simulateDelivery(campaigns, adGroups, adList, start, end, today, this.store.pk);
    const ads = new Map(adList.map((a) => [a.id, a]));
    const budgeted = new Map<string, DeliveryCampaign | DeliveryAdGroup>([...campaigns, ...adGroups].map((e) => [e.id, e]));
    // Video and engagement metrics come from each ad's day; every level above adds its ads up.
    const adRows = new Map([...delivery.ad].map(([id, days]) => [id, days.map((day) => withEngagement(ads.get(id), day))]));
    const parentOf = (adId: string): string | undefined => {
      const ad = ads.get(adId);
      if (level === 'AUCTION_AD') return adId;
      if (level === 'AUCTION_ADGROUP') return ad?.adgroup_id;
      if (level === 'AUCTION_CAMPAIGN') return ad?.campaign_id;
      return this.account.account_id;
    };
    const dates = datesBetween(start, end);
    const levelIds =
      level === 'AUCTION_ADVERTISER'
        ? [this.account.account_id]
        : level === 'AUCTION_CAMPAIGN'
          ? [...delivery.campaign.keys()]
          : level === 'AUCTION_ADGROUP'
            ? [...delivery.adgroup.keys()]
            : [...delivery.ad.keys()];
    const rows = new Map(levelIds.map((id) => [id, dates.map((date) => ({ id, ...zeroRow(date) }))]));
    for (const [adId, days] of adRows) {
      const target = rows.get(parentOf(adId) ?? '');
      if (!target) continue;
      days.forEach((day, i) => addInto(target[i]!, day));
    }
    // Campaigns' and ad groups' own days (exact sums of their ads, and of nothing when they have none).
    const own = level === 'AUCTION_CAMPAIGN' ? delivery.campaign : level === 'AUCTION_ADGROUP' ? delivery.adgroup : undefined;
    if (own)
      for (const [id, list] of rows) own.get(id)?.forEach((day, i) => Object.assign(list[i]!, { ...day, ...pickEngagement(list[i]!) }));
    // Campaigns and ad groups: the daily budget each day had, from the entity's history (a later change
    // never rewrites the budget a past day is judged against).
    const budgetOf = own ? (id: string, date: string) => dailyBudgetOn(budgeted.get(id), date) : () => undefined;
    return [...rows.values()].flat().map((row) => {
      const daily_budget = budgetOf(row.id, row.date);
      return { ...row, spend: round2(row.spend), revenue: round2(row.revenue), ...(daily_budget === undefined ? {} : { daily_budget }) };
    });
  }

  async getReachReport(query: ShortVideoReportQuery): Promise<ShortVideoReachRow[]> {
    const days = await this.getReport(query);
    const byId = new Map<string, { impressions: number; active: number }>();
    for (const day of days) {
      const entry = byId.get(day.id) ?? { impressions: 0, active: 0 };
      entry.impressions += day.impressions;
      if (day.impressions > 0) entry.active += 1;
      byId.set(day.id, entry);
    }
    return [...byId].map(([id, { impressions, active }]) => ({ id, ...reachOf(id, impressions, active) }));
  }

  async getAudienceReport(query: ShortVideoReportQuery & { dimensions: AudienceDimensions }): Promise<ShortVideoAudienceRow[]> {
    if (query.data_level === 'AUCTION_AD')
      throw new ToolError('The audience report is available by advertiser, campaign or ad group, not by ad.');
    const groups = await this.store.list<StoredAdGroup>(KIND.adgroup);
    const groupDays = await this.getReport({ data_level: 'AUCTION_ADGROUP', start_date: query.start_date, end_date: query.end_date });
    const wanted = query.ids ? new Set(query.ids) : undefined;
    const keyOf = (g: StoredAdGroup) =>
      query.data_level === 'AUCTION_ADGROUP' ? g.id : query.data_level === 'AUCTION_CAMPAIGN' ? g.campaign_id : this.account.account_id;
    const out = new Map<string, ShortVideoAudienceRow>();
    for (const group of groups) {
      const id = keyOf(group);
      if (wanted && !wanted.has(id)) continue;
      const total = zeroRow('');
      for (const day of groupDays) if (day.id === group.id) addInto(total, day);
      for (const segment of audienceSegments(group, total, query.dimensions)) {
        const key = `${id}|${segment.age ?? ''}|${segment.gender ?? ''}|${segment.country_code ?? ''}`;
        const row = out.get(key) ?? { id, ...segment, impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0, video_views: 0 };
        for (const m of ['impressions', 'clicks', 'spend', 'conversions', 'revenue', 'video_views'] as const)
          row[m] = round2(row[m] + segment[m]);
        out.set(key, row);
      }
    }
    return [...out.values()];
  }

  /**
   * The campaigns, ad groups and ads the delivery model reads, with their histories: read once per read of
   * the account in a run (a list asks its figures and its reach); the reports only read them.
   */
  private _entities(): Promise<Entities> {
    return this.store.perRead('report entities', () =>
      Promise.all([
        this.store.list<DeliveryCampaign>(KIND.campaign, { withHistory: true }),
        this.store.list<DeliveryAdGroup>(KIND.adgroup, { withHistory: true }),
        this.store.list<DeliveryAd>(KIND.ad, { withHistory: true }),
      ]),
    );
  }
}

type Entities = [DeliveryCampaign[], DeliveryAdGroup[], DeliveryAd[]];

/** Reports over finished days computed in this process (sandbox/day-memo.ts). */
const reports = new ReportMemo<ShortVideoReportRow>();

/** The daily budget of a campaign or ad group over UTC day `date`, weighted by the part of the day each value held. */
function dailyBudgetOn(entity: DeliveryCampaign | DeliveryAdGroup | undefined, date: string): number | undefined {
  if (!entity) return undefined;
  return settingOnDay<ShortVideoCampaign | ShortVideoAdGroup>(entity, date, (state) =>
    state.budget_mode === 'BUDGET_MODE_DAY' ? (state.budget ?? 0) : 0,
  );
}

type RowFigures = Omit<ShortVideoReportRow, 'id'>;
const ENGAGEMENT = ['video_watched_2s', 'video_watched_6s', 'video_views_p100', 'likes', 'comments', 'shares', 'follows'] as const;
const ADDED = ['impressions', 'clicks', 'spend', 'conversions', 'revenue', 'video_views', ...ENGAGEMENT] as const;
function zeroRow(date: string): RowFigures {
  return { date, impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0, video_views: 0, ...engagementOf(undefined, undefined) };
}
function addInto(target: RowFigures, day: Omit<RowFigures, 'date'>): void {
  for (const m of ADDED) target[m] += day[m];
}
function pickEngagement(row: RowFigures) {
  return Object.fromEntries(ENGAGEMENT.map((m) => [m, row[m]]));
}
