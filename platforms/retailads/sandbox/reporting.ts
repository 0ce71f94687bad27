/** The retailads sandbox's report reads: report types, campaign days and placements, simulated from the stored entities. */
import { isoDate } from '../../../core/dates';
import type { SandboxStore } from '../../sandbox/store';
import { ReportMemo } from '../../sandbox/day-memo';
import { simulateDelivery } from './delivery';
import { buildPlacementReport, buildReport, type ReportEntities, type Stored } from './reports';
import { KIND } from './stored';
import {
  type RetailAdsAsset,
  type RetailAdsSbAd,
  type RetailAdsAdGroup,
  type RetailAdsCampaign,
  type RetailAdsKeyword,
  type RetailAdsProductAd,
  type RetailAdsReportRow,
  type RetailAdsReportTypeId,
  type RetailAdsTarget,
} from '../port';

export class ReportingSandbox {
  constructor(private readonly store: SandboxStore) {}

  async getReport(reportType: RetailAdsReportTypeId, start: string, end: string): Promise<RetailAdsReportRow[]> {
    const entities = await this._reportEntities();
    return this._kept(entities, `${reportType}|${start}|${end}`, end, () => buildReport(reportType, entities, start, end));
  }

  async getCampaignDays(start: string, end: string): Promise<{ campaign_id: string; date: string; spend: number; daily_budget: number }[]> {
    const delivery = simulateDelivery(await this._reportEntities(), start, end, isoDate(new Date()));
    return [...delivery.campaignDays.entries()].flatMap(([campaignId, days]) => days.map((d) => ({ campaign_id: campaignId, ...d })));
  }

  async getPlacementReport(start: string, end: string): Promise<RetailAdsReportRow[]> {
    const entities = await this._reportEntities();
    return this._kept(entities, `placements|${start}|${end}`, end, () => buildPlacementReport(entities, start, end));
  }

  /** A report over finished days from the process's memo (`reports`), else `compute()` (and kept). */
  private _kept(entities: ReportEntities, request: string, end: string, compute: () => RetailAdsReportRow[]): RetailAdsReportRow[] {
    return [...reports.rows(this.store.pk, entities, request, end, isoDate(new Date()), compute)];
  }

  /**
   * The stored entities, tiers and change histories included, that report rows are simulated from: read once
   * per read of the account in a run (a list tool asks one report per ad product); the reports only read them.
   */
  private _reportEntities(): Promise<ReportEntities> {
    return this.store.perRead('report entities', () => this._readReportEntities());
  }

  private async _readReportEntities(): Promise<ReportEntities> {
    const withHistory = { withHistory: true };
    const [campaigns, adGroups, productAds, keywords, targets, sbAds, assets] = await Promise.all([
      this.store.list<Stored<RetailAdsCampaign>>(KIND.campaign, withHistory),
      this.store.list<Stored<RetailAdsAdGroup>>(KIND.adGroup, withHistory),
      this.store.list<Stored<RetailAdsProductAd>>(KIND.productAd, withHistory),
      this.store.list<Stored<RetailAdsKeyword>>(KIND.keyword, withHistory),
      this.store.list<Stored<RetailAdsTarget>>(KIND.target, withHistory),
      this.store.list<RetailAdsSbAd>(KIND.sbAd, withHistory),
      this.store.list<RetailAdsAsset>(KIND.asset),
    ]);
    return { campaigns, adGroups, productAds, keywords, targets, sbAds, assets, scope: this.store.pk };
  }
}

/** Reports over finished days computed in this process (sandbox/day-memo.ts). */
const reports = new ReportMemo<RetailAdsReportRow>();
