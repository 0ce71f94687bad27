/**
 * Reporting v3 on the wire: reports are asynchronous only. The adapter asks for one (`POST
 * /reporting/reports` with the report type, its group-by, the columns it reads and SUMMARY or DAILY
 * totals), polls it (`GET /reporting/reports/{id}`) and downloads the gzipped JSON file from the URL
 * the platform hands out, only from RETAILADS_DOWNLOAD_HOSTS and without the Bearer token
 * (platforms/live/report-jobs.ts does the waiting and keeps a pending report for the same call made
 * again). A duplicate request (425) reuses the report already being prepared. The platform serves at
 * most 31 days per report and 95 days back: longer ranges are asked as several reports and added up.
 */
import { gunzipSync } from 'node:zlib';
import { addDays, dateInZone } from '../../../core/dates';
import { ToolError, UpstreamUnavailableError } from '../../../core/errors';
import { downloadReportFile, runAsyncReport } from '../../live/report-jobs';
import {
  PLACEMENTS,
  REPORT_TYPES,
  type RetailAdsAdProduct,
  type RetailAdsMatchType,
  type RetailAdsPlacement,
  type RetailAdsReportRow,
  type RetailAdsReportTypeId,
} from '../port';
import { withRatios, type RetailAdsRawMetrics } from '../ratios';
import { portState, type LiveContext } from './entities';
import { parseWireJson, PLATFORM } from './wire';

type Wire = Record<string, unknown>;
export const REPORT_CREATE_MEDIA = 'application/vnd.createasyncreportrequest.v3+json';
export const REPORT_STATUS_MEDIA = 'application/vnd.getasyncreportresponse.v3+json';
/** The longest range one report covers, and how far back the platform keeps figures. */
export const MAX_REPORT_DAYS = 31;
export const LOOKBACK_DAYS = 95;

const AD_PRODUCT_PREFIX: Record<RetailAdsAdProduct, 'sp' | 'sb' | 'sd'> = {
  SPONSORED_PRODUCTS: 'sp',
  SPONSORED_BRANDS: 'sb',
  SPONSORED_DISPLAY: 'sd',
};

/** The columns holding the five metrics, per ad product (Sponsored Products attributes sales over 7 days for sellers, 14 for vendors). */
function metricColumns(adProduct: RetailAdsAdProduct, window: 7 | 14): Record<keyof RetailAdsRawMetrics, string> {
  if (adProduct === 'SPONSORED_PRODUCTS')
    return { impressions: 'impressions', clicks: 'clicks', spend: 'cost', orders: `purchases${window}d`, sales: `sales${window}d` };
  return { impressions: 'impressions', clicks: 'clicks', spend: 'cost', orders: 'purchases', sales: 'sales' };
}

/** What one report asks for: the platform's report type, group-by and dimension columns, and the metric columns. */
interface ReportAsk {
  reportTypeId: string;
  adProduct: RetailAdsAdProduct;
  groupBy: string[];
  dimensions: string[];
  metrics: Partial<Record<keyof RetailAdsRawMetrics, string>>;
  /** The port row's dimensions from a wire row. */
  row(w: Wire): Omit<RetailAdsReportRow, keyof RetailAdsRawMetrics | 'ctr' | 'cpc' | 'cvr' | 'acos' | 'roas'>;
}

const str = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
const matchType = (value: unknown): RetailAdsMatchType | undefined => {
  const upper = String(value ?? '').toUpperCase();
  return upper === 'EXACT' || upper === 'PHRASE' || upper === 'BROAD' ? upper : undefined;
};

/** The platform's report for one port report type. */
function askFor(reportType: RetailAdsReportTypeId, window: 7 | 14): ReportAsk {
  const { adProduct, level } = REPORT_TYPES[reportType];
  const prefix = AD_PRODUCT_PREFIX[adProduct];
  const metrics = metricColumns(adProduct, window);
  const base = (w: Wire) => ({
    ad_product: adProduct,
    campaign_id: String(w.campaignId ?? ''),
    campaign_name: String(w.campaignName ?? ''),
  });
  const group = (w: Wire) => ({ ...base(w), ad_group_id: String(w.adGroupId ?? ''), ad_group_name: String(w.adGroupName ?? '') });
  const campaignDims = ['campaignId', 'campaignName', 'campaignStatus', 'campaignBudgetAmount'];
  const groupDims = ['campaignId', 'campaignName', 'adGroupId', 'adGroupName'];
  switch (level) {
    case 'campaign':
      return {
        reportTypeId: `${prefix}Campaigns`,
        adProduct,
        groupBy: ['campaign'],
        dimensions: campaignDims,
        metrics,
        row: (w) => ({
          ...base(w),
          ...(w.campaignStatus !== undefined ? { campaign_state: portState(String(w.campaignStatus).toUpperCase()) } : {}),
          ...(typeof w.campaignBudgetAmount === 'number' ? { daily_budget: w.campaignBudgetAmount } : {}),
        }),
      };
    case 'ad group':
      return { reportTypeId: `${prefix}AdGroup`, adProduct, groupBy: ['adGroup'], dimensions: groupDims, metrics, row: group };
    case 'keyword / target':
    case 'target':
      if (adProduct === 'SPONSORED_DISPLAY')
        return {
          reportTypeId: 'sdTargeting',
          adProduct,
          groupBy: ['targeting'],
          dimensions: [...groupDims, 'targetingId', 'targetingExpression', 'targetingText'],
          metrics,
          row: (w) => ({
            ...group(w),
            keyword_id: String(w.targetingId ?? ''),
            targeting: str(w.targetingText) ?? str(w.targetingExpression),
          }),
        };
      return adProduct === 'SPONSORED_PRODUCTS'
        ? {
            reportTypeId: 'spTargeting',
            adProduct,
            groupBy: ['targeting'],
            dimensions: [...groupDims, 'keywordId', 'keyword', 'targeting', 'matchType'],
            metrics,
            row: (w) => ({
              ...group(w),
              keyword_id: String(w.keywordId ?? ''),
              ...(matchType(w.matchType) ? { keyword: str(w.keyword), match_type: matchType(w.matchType) } : {}),
              targeting: str(w.targeting) ?? str(w.keyword),
            }),
          }
        : {
            reportTypeId: 'sbTargeting',
            adProduct,
            groupBy: ['targeting'],
            dimensions: [...groupDims, 'keywordId', 'keywordText', 'matchType'],
            metrics,
            row: (w) => ({
              ...group(w),
              keyword_id: String(w.keywordId ?? ''),
              ...(matchType(w.matchType) ? { keyword: str(w.keywordText), match_type: matchType(w.matchType) } : {}),
              targeting: str(w.keywordText),
            }),
          };
    case 'search term':
      return adProduct === 'SPONSORED_PRODUCTS'
        ? {
            reportTypeId: 'spSearchTerm',
            adProduct,
            groupBy: ['searchTerm'],
            dimensions: [...groupDims, 'keywordId', 'keyword', 'targeting', 'matchType', 'searchTerm'],
            metrics,
            row: (w) => ({
              ...group(w),
              keyword_id: String(w.keywordId ?? ''),
              ...(matchType(w.matchType) ? { keyword: str(w.keyword), match_type: matchType(w.matchType) } : {}),
              targeting: str(w.targeting) ?? str(w.keyword),
              search_term: str(w.searchTerm),
            }),
          }
        : {
            reportTypeId: 'sbSearchTerm',
            adProduct,
            groupBy: ['searchTerm'],
            dimensions: [...groupDims, 'keywordId', 'keywordText', 'matchType', 'query'],
            metrics,
            row: (w) => ({
              ...group(w),
              keyword_id: String(w.keywordId ?? ''),
              ...(matchType(w.matchType) ? { keyword: str(w.keywordText), match_type: matchType(w.matchType) } : {}),
              targeting: str(w.keywordText),
              search_term: str(w.query),
            }),
          };
    case 'advertised product':
      return adProduct === 'SPONSORED_PRODUCTS'
        ? {
            reportTypeId: 'spAdvertisedProduct',
            adProduct,
            groupBy: ['advertiser'],
            dimensions: [...groupDims, 'adId', 'advertisedAsin', 'advertisedSku'],
            metrics,
            row: (w) => ({ ...group(w), advertised_asin: str(w.advertisedAsin), advertised_sku: str(w.advertisedSku) }),
          }
        : {
            reportTypeId: 'sdAdvertisedProduct',
            adProduct,
            groupBy: ['advertiser'],
            dimensions: [...groupDims, 'adId', 'promotedAsin', 'promotedSku'],
            metrics,
            row: (w) => ({ ...group(w), advertised_asin: str(w.promotedAsin), advertised_sku: str(w.promotedSku) }),
          };
    default:
      // Purchased products: sales of other products after a click on an advertised one; no cost of their own.
      return adProduct === 'SPONSORED_PRODUCTS'
        ? {
            reportTypeId: 'spPurchasedProduct',
            adProduct,
            groupBy: ['asin'],
            dimensions: [...groupDims, 'advertisedAsin', 'purchasedAsin'],
            metrics: { orders: `purchasesOtherSku${window}d`, sales: `salesOtherSku${window}d` },
            row: (w) => ({ ...group(w), advertised_asin: str(w.advertisedAsin), purchased_asin: str(w.purchasedAsin) }),
          }
        : {
            reportTypeId: 'sbPurchasedProduct',
            adProduct,
            groupBy: ['purchasedAsin'],
            dimensions: [...groupDims, 'purchasedAsin'],
            metrics: { orders: 'orders14d', sales: 'sales14d' },
            row: (w) => ({ ...group(w), purchased_asin: str(w.purchasedAsin) }),
          };
  }
}

/** The platform's placements (placementClassification) as the port's. */
function placementOf(value: unknown): RetailAdsPlacement {
  const text = String(value ?? '').toLowerCase();
  if (text.includes('top of search')) return 'TOP_OF_SEARCH';
  if (text.includes('detail page') || text.includes('product page')) return 'PRODUCT_PAGES';
  return 'REST_OF_SEARCH';
}

const zero = (): RetailAdsRawMetrics => ({ impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 });
/** Money and counts added in cents and units, so sums of many rows stay exact. */
function add(a: RetailAdsRawMetrics, b: RetailAdsRawMetrics): RetailAdsRawMetrics {
  return {
    impressions: a.impressions + b.impressions,
    clicks: a.clicks + b.clicks,
    spend: Math.round((a.spend + b.spend) * 100) / 100,
    orders: a.orders + b.orders,
    sales: Math.round((a.sales + b.sales) * 100) / 100,
  };
}

export class RetailAdsReports {
  constructor(private readonly ctx: LiveContext) {}

  /** Sales attribution of the profile: 7 days for sellers, 14 for vendors (the platform's console figures). */
  private get window(): 7 | 14 {
    return this.ctx.account.upstream?.account_type === 'vendor' ? 14 : 7;
  }

  async getReport(reportType: RetailAdsReportTypeId, start: string, end: string): Promise<RetailAdsReportRow[]> {
    const ask = askFor(reportType, this.window);
    const rows = await this.rows(ask, start, end, 'SUMMARY');
    const merged = new Map<string, { row: ReturnType<ReportAsk['row']>; raw: RetailAdsRawMetrics }>();
    for (const w of rows) {
      const row = ask.row(w);
      const key = JSON.stringify([
        row.campaign_id,
        row.ad_group_id,
        row.keyword_id,
        row.search_term,
        row.advertised_asin,
        row.advertised_sku,
        row.purchased_asin,
      ]);
      const entry = merged.get(key) ?? { row, raw: zero() };
      entry.raw = add(entry.raw, this.metrics(ask, w));
      merged.set(key, entry);
    }
    const states = ask.groupBy[0] === 'adGroup' ? new Map((await this.ctx.list('ad_group')).map((g) => [g.id, g.state])) : undefined;
    return [...merged.values()].map(({ row, raw }) => ({
      ...row,
      ...(states && row.ad_group_id && states.has(row.ad_group_id) ? { ad_group_state: states.get(row.ad_group_id) } : {}),
      ...withRatios(raw),
    }));
  }

  async getCampaignDays(start: string, end: string): Promise<{ campaign_id: string; date: string; spend: number }[]> {
    const products: RetailAdsAdProduct[] = ['SPONSORED_PRODUCTS', 'SPONSORED_BRANDS', 'SPONSORED_DISPLAY'];
    const present = new Set((await this.ctx.list('campaign')).map((c) => c.ad_product));
    const days = await Promise.all(
      products
        .filter((p) => present.has(p))
        .map(async (adProduct) => {
          const ask: ReportAsk = {
            ...askFor(`${AD_PRODUCT_PREFIX[adProduct]}Campaigns` as RetailAdsReportTypeId, this.window),
            dimensions: ['campaignId'],
            metrics: { spend: 'cost' },
          };
          return (await this.rows(ask, start, end, 'DAILY')).map((w) => ({
            campaign_id: String(w.campaignId ?? ''),
            date: String(w.date ?? ''),
            spend: Math.round(Number(w.cost ?? 0) * 100) / 100,
          }));
        }),
    );
    return days.flat();
  }

  async getPlacementReport(start: string, end: string): Promise<RetailAdsReportRow[]> {
    const ask: ReportAsk = {
      ...askFor('spCampaigns', this.window),
      groupBy: ['campaign', 'campaignPlacement'],
      dimensions: ['campaignId', 'campaignName', 'campaignStatus', 'placementClassification'],
    };
    const [rows, campaigns] = await Promise.all([this.rows(ask, start, end, 'SUMMARY'), this.ctx.list('campaign')]);
    const byId = new Map(campaigns.map((c) => [c.id, c]));
    const merged = new Map<string, { campaignId: string; name: string; placement: RetailAdsPlacement; raw: RetailAdsRawMetrics }>();
    for (const w of rows) {
      const campaignId = String(w.campaignId ?? '');
      const placement = placementOf(w.placementClassification);
      const key = `${campaignId}|${placement}`;
      const entry = merged.get(key) ?? { campaignId, name: String(w.campaignName ?? ''), placement, raw: zero() };
      entry.raw = add(entry.raw, this.metrics(ask, w));
      merged.set(key, entry);
    }
    return [...merged.values()]
      .sort((a, b) => a.campaignId.localeCompare(b.campaignId) || PLACEMENTS.indexOf(a.placement) - PLACEMENTS.indexOf(b.placement))
      .map((e) => ({
        ad_product: 'SPONSORED_PRODUCTS' as const,
        campaign_id: e.campaignId,
        campaign_name: e.name,
        ...(byId.get(e.campaignId) ? { campaign_state: byId.get(e.campaignId)!.state } : {}),
        placement: e.placement,
        placement_adjustment: byId.get(e.campaignId)?.placement_adjustments?.[e.placement] ?? 0,
        ...withRatios(e.raw),
      }));
  }

  private metrics(ask: ReportAsk, w: Wire): RetailAdsRawMetrics {
    const value = (key: keyof RetailAdsRawMetrics) => (ask.metrics[key] ? Number(w[ask.metrics[key]] ?? 0) || 0 : 0);
    return {
      impressions: value('impressions'),
      clicks: value('clicks'),
      spend: value('spend'),
      orders: value('orders'),
      sales: value('sales'),
    };
  }

  /**
   * The rows of a report over [start, end]: the range cut to yesterday (nothing is delivered later)
   * and into the platform's 31-day windows, each window one report, all asked at once.
   */
  private async rows(ask: ReportAsk, start: string, end: string, timeUnit: 'SUMMARY' | 'DAILY'): Promise<Wire[]> {
    const today = dateInZone(new Date(), this.ctx.account.time_zone || 'UTC');
    const last = end < today ? end : addDays(today, -1);
    if (start > last) return [];
    const oldest = addDays(today, -LOOKBACK_DAYS);
    if (start < oldest)
      throw new ToolError(
        `The platform keeps report figures for ${LOOKBACK_DAYS} days: ${start} is older than ${oldest}. Ask for ${oldest} or later.`,
        { code: 'invalid_arguments', platform: PLATFORM },
      );
    const windows: [string, string][] = [];
    for (let from = start; from <= last; from = addDays(from, MAX_REPORT_DAYS)) {
      const to = addDays(from, MAX_REPORT_DAYS - 1);
      windows.push([from, to < last ? to : last]);
    }
    const parts = await Promise.all(windows.map(([from, to]) => this.one(ask, from, to, timeUnit)));
    return parts.flat();
  }

  /** One report of the platform, created once, polled and downloaded within the call (or kept pending). */
  private async one(ask: ReportAsk, startDate: string, endDate: string, timeUnit: 'SUMMARY' | 'DAILY'): Promise<Wire[]> {
    const request = {
      name: `gateway ${ask.reportTypeId} ${startDate} ${endDate}`,
      startDate,
      endDate,
      configuration: {
        adProduct: ask.adProduct,
        reportTypeId: ask.reportTypeId,
        groupBy: ask.groupBy,
        columns: [...ask.dimensions, ...(timeUnit === 'DAILY' ? ['date'] : []), ...new Set(Object.values(ask.metrics))],
        timeUnit,
        format: 'GZIP_JSON',
      },
    };
    const { api } = this.ctx;
    return runAsyncReport(
      this.ctx.account,
      request,
      {
        create: async () => {
          try {
            const { body } = await api.send<Wire>({
              method: 'POST',
              path: '/reporting/reports',
              contentType: REPORT_CREATE_MEDIA,
              accept: 'application/vnd.createasyncreportresponse.v3+json',
              body: request,
              safe: false,
            });
            return String(body?.reportId ?? '');
          } catch (err) {
            // 425: the same report is already being prepared; the platform names it in its answer.
            const duplicate = err instanceof ToolError ? /([0-9a-f]{8}-[0-9a-f-]{27,})/i.exec(err.message)?.[1] : undefined;
            if (duplicate) return duplicate;
            throw err;
          }
        },
        poll: async (reportId) => {
          const { body } = await api.send<Wire>({
            method: 'GET',
            path: `/reporting/reports/${encodeURIComponent(reportId)}`,
            accept: REPORT_STATUS_MEDIA,
            safe: true,
          });
          if (body?.status === 'COMPLETED' && typeof body.url === 'string') return { state: 'done', location: body.url };
          if (body?.status === 'FAILED') return { state: 'failed', reason: String(body.failureReason ?? 'no reason given') };
          return { state: 'running' };
        },
        download: async (location) => {
          const settings = await api.loadSettings();
          const file = await downloadReportFile(PLATFORM, location, settings.downloadHosts, this.ctx.call);
          let text: string;
          try {
            text = gunzipSync(file).toString('utf8');
          } catch {
            throw new UpstreamUnavailableError(PLATFORM, 'handed out a report file that is not gzipped JSON');
          }
          const rows = parseWireJson(text);
          if (!Array.isArray(rows))
            throw new UpstreamUnavailableError(PLATFORM, 'handed out a report file that is not a JSON list of rows');
          return rows as Wire[];
        },
      },
      this.ctx.call,
    );
  }
}
