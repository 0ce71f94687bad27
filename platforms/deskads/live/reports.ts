import { UpstreamUnavailableError } from '../../../core/errors';
import { addDays } from '../../../core/dates';
import { downloadReportFile, runAsyncReport } from '../../live/report-jobs';
import type { DeskAdsChange, DeskAdsProduct, DeskAdsReportRequest, DeskAdsReportRow, DeskAdsReportType } from '../port';
import type { DeskAdsAudienceReportRow, DeskAdsGeoReportRow, DeskAdsRangeRequest } from '../port-rest';
import { dateWire } from './convert';
import type { CampaignsLive } from './campaigns';
import type { DeskAdsLiveContext } from './context';
import { figure, reportRecords, unzip } from './report-files';
import { PLATFORM } from './wire';
import type { WireReportRequest } from './wire-types';

/**
 * The deskads port's reports over the platform's Reporting service: one report request per port
 * call (SubmitGenerateReport), polled (PollGenerateReport) and downloaded as a zipped CSV from the
 * allowed hosts, asynchronous-aware through runAsyncReport (a report not ready within the call
 * answers 503 report_pending and the same call collects it). Reports stop at the account's
 * yesterday: a day has figures once it is over. Product rows are keyed by campaign and merchant
 * product id, which is also the id listProducts gives a product.
 */

type Record_ = Record<string, string>;

const FIGURES = ['Impressions', 'Clicks', 'Spend', 'Conversions', 'Revenue'];

/** Each report type of the port: the platform's report request type, its scope and its dimension columns. */
const REPORTS: Record<DeskAdsReportType, { type: string; scope: 'campaign' | 'adGroup'; columns: string[] }> = {
  CampaignPerformance: { type: 'CampaignPerformanceReportRequest', scope: 'campaign', columns: ['CampaignId'] },
  AdGroupPerformance: { type: 'AdGroupPerformanceReportRequest', scope: 'adGroup', columns: ['CampaignId', 'AdGroupId'] },
  KeywordPerformance: { type: 'KeywordPerformanceReportRequest', scope: 'adGroup', columns: ['CampaignId', 'AdGroupId', 'KeywordId'] },
  AdPerformance: { type: 'AdPerformanceReportRequest', scope: 'adGroup', columns: ['CampaignId', 'AdGroupId', 'AdId'] },
  SearchQueryPerformance: {
    type: 'SearchQueryPerformanceReportRequest',
    scope: 'adGroup',
    columns: ['CampaignId', 'AdGroupId', 'KeywordId', 'SearchQuery'],
  },
  ProductDimensionPerformance: {
    type: 'ProductDimensionPerformanceReportRequest',
    scope: 'adGroup',
    columns: ['CampaignId', 'MerchantProductId'],
  },
};

/** The id a product has on live accounts: its campaign and its merchant product id. */
export const productIdOf = (campaignId: string, merchantProductId: string) => `${campaignId}-${merchantProductId}`;

/** The report's Network column as the port's network words. */
function networkOf(value: string): 'OwnedAndOperated' | 'Syndicated' | 'Audience' {
  if (/syndicat/i.test(value)) return 'Syndicated';
  if (/audience/i.test(value)) return 'Audience';
  return 'OwnedAndOperated';
}

const DEVICES = new Set(['Computer', 'Smartphone', 'Tablet']);

export class DeskAdsReports {
  constructor(
    private readonly ctx: DeskAdsLiveContext,
    private readonly campaigns: CampaignsLive,
  ) {}

  /**
   * One report of the platform over [start, end] (clamped to the account's yesterday; nothing
   * when it starts later): its records, keyed by column name.
   */
  async records(
    type: string,
    scope: 'campaign' | 'adGroup',
    columns: string[],
    range: { start_date: string; end_date: string },
    aggregation: 'Summary' | 'Daily' | undefined,
  ): Promise<Record_[]> {
    const end = range.end_date < this.ctx.yesterday ? range.end_date : this.ctx.yesterday;
    if (range.start_date > end) return [];
    const accountIds = [this.ctx.accountId];
    const request: WireReportRequest = {
      Type: type,
      ReportName: `gateway ${type}`,
      Format: 'Csv',
      FormatVersion: '2.0',
      ReturnOnlyCompleteData: false,
      ExcludeColumnHeaders: false,
      ExcludeReportHeader: true,
      ExcludeReportFooter: true,
      ...(aggregation ? { Aggregation: aggregation } : {}),
      Columns: aggregation === 'Daily' ? ['TimePeriod', ...columns] : columns,
      Scope:
        scope === 'campaign' ? { AccountIds: accountIds, Campaigns: null } : { AccountIds: accountIds, Campaigns: null, AdGroups: null },
      Time: { CustomDateRangeStart: dateWire(range.start_date), CustomDateRangeEnd: dateWire(end) },
    };
    const ctx = this.ctx;
    return runAsyncReport(
      ctx.account,
      { account: ctx.accountId, request },
      {
        async create() {
          const answer = await ctx.send('Reporting.SubmitGenerateReport', { ReportRequest: request });
          return String(answer.ReportRequestId);
        },
        async poll(reportId) {
          const answer = await ctx.send('Reporting.PollGenerateReport', { ReportRequestId: reportId });
          const status = answer.ReportRequestStatus ?? {};
          if (status.Status === 'Success') return { state: 'done', location: status.ReportDownloadUrl ?? '' };
          if (status.Status === 'Error') return { state: 'failed', reason: 'the platform could not build it' };
          return { state: 'running' };
        },
        async download(location) {
          // A finished report without a file has no row: nothing was delivered in the range.
          if (!location) return [];
          const settings = await (await ctx.api()).loadSettings();
          const archive = await downloadReportFile(PLATFORM, location, settings.downloadHosts, ctx.call);
          let csv: Buffer | undefined;
          try {
            csv = [...unzip(archive).values()][0];
          } catch {
            throw new UpstreamUnavailableError(PLATFORM, 'handed out a report file this gateway cannot read');
          }
          return csv ? reportRecords(csv.toString('utf8')) : [];
        },
      },
      ctx.call,
    );
  }

  /** The port's report: rows with impressions only (the platform writes rows with activity). */
  async getReport(request: DeskAdsReportRequest): Promise<DeskAdsReportRow[]> {
    const spec = REPORTS[request.report_type];
    const segment = request.report_type === 'ProductDimensionPerformance' ? undefined : request.segment;
    const records = await this.records(
      spec.type,
      spec.scope,
      [...spec.columns, ...(segment ? [segment] : []), ...FIGURES],
      request,
      request.aggregation,
    );
    return records
      .map((r): DeskAdsReportRow => {
        const row: DeskAdsReportRow = {
          ...(request.aggregation === 'Daily' ? { date: r.TimePeriod!.slice(0, 10) } : {}),
          campaign_id: r.CampaignId!,
          ...(r.AdGroupId !== undefined ? { ad_group_id: r.AdGroupId } : {}),
          ...(r.KeywordId !== undefined ? { keyword_id: r.KeywordId } : {}),
          ...(r.AdId !== undefined ? { ad_id: r.AdId } : {}),
          ...(r.SearchQuery !== undefined ? { search_term: r.SearchQuery } : {}),
          ...(r.MerchantProductId !== undefined ? { product_id: productIdOf(r.CampaignId!, r.MerchantProductId) } : {}),
          ...(segment === 'DeviceType' && DEVICES.has(r.DeviceType!)
            ? { device_type: r.DeviceType as DeskAdsReportRow['device_type'] }
            : {}),
          ...(segment === 'Network' ? { network: networkOf(r.Network ?? '') } : {}),
          impressions: figure(r.Impressions),
          clicks: figure(r.Clicks),
          spend: figure(r.Spend),
          conversions: figure(r.Conversions),
          revenue: figure(r.Revenue),
        };
        return row;
      })
      .filter((row) => row.impressions > 0);
  }

  /** GeographicPerformanceReport, Summary: one row per campaign, location and location type. */
  async getGeoReport(request: DeskAdsRangeRequest): Promise<DeskAdsGeoReportRow[]> {
    const records = await this.records(
      'GeographicPerformanceReportRequest',
      'adGroup',
      ['CampaignId', 'LocationId', 'Country', 'State', 'MetroArea', 'City', 'MostSpecificLocation', 'LocationType', ...FIGURES],
      request,
      'Summary',
    );
    const text = (value: string | undefined) => (value && value !== '--' ? value : null);
    return records
      .map((r) => ({
        campaign_id: r.CampaignId!,
        location_id: r.LocationId!,
        country: r.Country ?? '',
        state: text(r.State),
        metro: text(r.MetroArea),
        city: text(r.City),
        most_specific_location: r.MostSpecificLocation ?? '',
        location_type: /interest/i.test(r.LocationType ?? '') ? ('LocationOfInterest' as const) : ('PhysicalLocation' as const),
        impressions: figure(r.Impressions),
        clicks: figure(r.Clicks),
        spend: figure(r.Spend),
        conversions: figure(r.Conversions),
        revenue: figure(r.Revenue),
      }))
      .filter((row) => row.impressions > 0);
  }

  /** AudiencePerformanceReport, Summary: one row per ad group and audience. */
  async getAudienceReport(request: DeskAdsRangeRequest): Promise<DeskAdsAudienceReportRow[]> {
    const records = await this.records(
      'AudiencePerformanceReportRequest',
      'adGroup',
      ['CampaignId', 'AdGroupId', 'AudienceId', 'TargetingSetting', ...FIGURES],
      request,
      'Summary',
    );
    return records
      .map((r) => ({
        campaign_id: r.CampaignId!,
        ad_group_id: r.AdGroupId!,
        audience_id: r.AudienceId && r.AudienceId !== '--' ? r.AudienceId : null,
        targeting_setting: /target/i.test(r.TargetingSetting ?? '') ? ('TargetAndBid' as const) : ('BidOnly' as const),
        impressions: figure(r.Impressions),
        clicks: figure(r.Clicks),
        spend: figure(r.Spend),
        conversions: figure(r.Conversions),
        revenue: figure(r.Revenue),
      }))
      .filter((row) => row.impressions > 0);
  }

  /**
   * The products of the account's shopping and Performance Max campaigns, as the product
   * dimension report of the last 90 days names them (the platform lists offers only in reports;
   * the product catalogue itself lives in the merchant store). The platform rates no product
   * offer, so quality_score is null.
   */
  async listProducts(): Promise<DeskAdsProduct[]> {
    const end = this.ctx.yesterday;
    const [stores, campaigns] = await Promise.all([this.campaigns.listStores(), this.campaigns.listCampaigns()]);
    const storeNames = new Map(stores.map((s) => [s.id, s.name]));
    const campaignNames = new Map(campaigns.map((c) => [c.id, c]));
    const records = await this.records(
      'ProductDimensionPerformanceReportRequest',
      'adGroup',
      [
        'CampaignId',
        'MerchantProductId',
        'Title',
        'Brand',
        'ProductCategory1',
        'SellerName',
        'StoreId',
        'Condition',
        'Price',
        'ImpressionSharePercent',
        'Impressions',
      ],
      { start_date: addDays(end, -89), end_date: end },
      'Summary',
    );
    const conditions = new Set(['New', 'Refurbished', 'Used']);
    return records.map((r) => {
      const campaign = campaignNames.get(r.CampaignId!);
      return {
        id: productIdOf(r.CampaignId!, r.MerchantProductId!),
        merchant_product_id: r.MerchantProductId!,
        title: r.Title ?? '',
        brand: r.Brand ?? '',
        category: r.ProductCategory1 ?? '',
        seller: r.SellerName ?? '',
        store_id: r.StoreId ?? '',
        store_name: storeNames.get(r.StoreId ?? '') ?? '',
        campaign_id: r.CampaignId!,
        campaign_name: campaign?.name ?? '',
        campaign_type: campaign?.type ?? 'Shopping',
        condition: (conditions.has(r.Condition!) ? r.Condition : 'New') as DeskAdsProduct['condition'],
        price: figure(r.Price),
        quality_score: null,
        impression_share: Math.min(1, figure(r.ImpressionSharePercent) / 100),
        start_date: addDays(end, -89),
      };
    });
  }

  /**
   * The account's change history (SearchCampaignChangeHistoryReport) whose moment falls in [from,
   * to): every change, made here or elsewhere, newest first, with who made it.
   */
  async listChanges(from: string, to: string): Promise<DeskAdsChange[]> {
    const records = await this.records(
      'SearchCampaignChangeHistoryReportRequest',
      'adGroup',
      ['DateTime', 'ChangedBy', 'ItemChanged', 'AttributeChanged', 'EntityName', 'EntityId', 'OldValue', 'NewValue'],
      { start_date: from.slice(0, 10), end_date: addDays(to.slice(0, 10), -1) },
      undefined,
    );
    const types: Record<string, DeskAdsChange['entity_type']> = {
      Campaign: 'Campaign',
      'Ad group': 'AdGroup',
      AdGroup: 'AdGroup',
      Keyword: 'Keyword',
      Ad: 'Ad',
    };
    return records
      .flatMap((r): DeskAdsChange[] => {
        const type = types[r.ItemChanged ?? ''];
        if (!type) return [];
        const at = new Date(r.DateTime!).toISOString();
        if (at < from || at >= to) return [];
        const value = (v: string | undefined) => (v === undefined || v === '' || v === '--' ? null : v);
        return [
          {
            at,
            entity_type: type,
            entity_id: r.EntityId ?? '',
            entity_name: r.EntityName ?? '',
            field: r.AttributeChanged ?? '',
            old_value: value(r.OldValue),
            new_value: value(r.NewValue),
            changed_by: r.ChangedBy || undefined,
          },
        ];
      })
      .sort((a, b) => b.at.localeCompare(a.at) || a.entity_id.localeCompare(b.entity_id));
  }
}
