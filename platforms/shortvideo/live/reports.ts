import { addDays } from '../../../core/dates';
import { ToolError } from '../../../core/errors';
import { downloadReportFile, runAsyncReport } from '../../live/report-jobs';
import type {
  AudienceDimensions,
  ReportDataLevel,
  ShortVideoAudienceRow,
  ShortVideoPort,
  ShortVideoReachRow,
  ShortVideoReportQuery,
  ShortVideoReportRow,
} from '../port';
import { shortVideoSettings } from './settings';
import { currencyDigits, type Wire } from './mapping';
import type { WirePage, WireReportRow } from './wire-types';
import type { ShortVideoSession } from './session';

/**
 * The platform's integrated report (report/integrated/get) behind the port's three reports:
 * - daily rows (BASIC, `<level>_id` + `stat_time_day`): the platform answers at most 30 days a
 *   request, so a longer window is asked in 30-day pieces, one after the other, every page read;
 * - audience segments (AUDIENCE, `age` + `gender` or `country_code`): additive, so a long window's
 *   pieces are summed exactly (money in minor units, counts as integers);
 * - reach and frequency (BASIC without a day dimension): not additive over pieces, so a window longer
 *   than one request is asked as an asynchronous report task (report/task/create, check, download)
 *   through `runAsyncReport`: waited for within the call, else 503 report_pending that the same call
 *   collects later. The file comes from the SHORTVIDEO_DOWNLOAD_HOSTS hosts only.
 * Metrics come as decimal strings; they are read as numbers here.
 */
export type ReportFamily = Pick<ShortVideoPort, 'getReport' | 'getReachReport' | 'getAudienceReport'>;

/** The longest window one synchronous request may ask for (days, both ends included). */
export const MAX_SYNC_DAYS = 30;
const PAGE_SIZE = 1000;

const ID_DIMENSION: Record<ReportDataLevel, string> = {
  AUCTION_ADVERTISER: 'advertiser_id',
  AUCTION_CAMPAIGN: 'campaign_id',
  AUCTION_ADGROUP: 'adgroup_id',
  AUCTION_AD: 'ad_id',
};
const ID_FILTER: Record<ReportDataLevel, string | undefined> = {
  AUCTION_ADVERTISER: undefined,
  AUCTION_CAMPAIGN: 'campaign_ids',
  AUCTION_ADGROUP: 'adgroup_ids',
  AUCTION_AD: 'ad_ids',
};

/** The platform's metric for each figure of a row. */
const FIGURES = {
  impressions: 'impressions',
  clicks: 'clicks',
  spend: 'spend',
  conversions: 'conversion',
  revenue: 'total_complete_payment_rate',
  video_views: 'video_play_actions',
  video_watched_2s: 'video_watched_2s',
  video_watched_6s: 'video_watched_6s',
  video_views_p100: 'video_views_p100',
  likes: 'likes',
  comments: 'comments',
  shares: 'shares',
  follows: 'follows',
} as const;
type Figure = keyof typeof FIGURES;
const MONEY = new Set<Figure>(['spend', 'revenue']);
const AUDIENCE_FIGURES: Figure[] = ['impressions', 'clicks', 'spend', 'conversions', 'revenue', 'video_views'];

/** [start, end] in pieces of at most `days` days. */
export function windows(start: string, end: string, days = MAX_SYNC_DAYS): [string, string][] {
  const out: [string, string][] = [];
  for (let from = start; from <= end; from = addDays(from, days)) {
    const to = addDays(from, days - 1);
    out.push([from, to < end ? to : end]);
  }
  return out;
}

export function reportFamily(session: ShortVideoSession): ReportFamily {
  const digits = currencyDigits(session.currency);
  /** Every row of one synchronous request, page after page. */
  const rows = async (params: Wire): Promise<WireReportRow[]> => {
    const out: WireReportRow[] = [];
    for (let page = 1; ; page++) {
      const data = await session.get<WirePage<WireReportRow>>('/report/integrated/get/', {
        ...params,
        service_type: 'AUCTION',
        page,
        page_size: PAGE_SIZE,
      });
      out.push(...(data.list ?? []));
      if (!data.page_info || page >= data.page_info.total_page) return out;
    }
  };
  const filtering = (query: ShortVideoReportQuery) => {
    const field = ID_FILTER[query.data_level];
    if (!query.ids || !field) return undefined;
    return [{ field_name: field, filter_type: 'IN', filter_value: JSON.stringify(query.ids) }];
  };
  const figuresOf = (metrics: WireReportRow['metrics'], figures: readonly Figure[]) =>
    Object.fromEntries(figures.map((f) => [f, Number(metrics[FIGURES[f]] ?? 0)])) as Record<Figure, number>;

  return {
    async getReport(query) {
      if (query.ids && query.ids.length === 0) return [];
      const idDimension = ID_DIMENSION[query.data_level];
      const out: ShortVideoReportRow[] = [];
      for (const [start, end] of windows(query.start_date, query.end_date)) {
        const list = await rows({
          report_type: 'BASIC',
          data_level: query.data_level,
          dimensions: [idDimension, 'stat_time_day'],
          metrics: Object.values(FIGURES),
          start_date: start,
          end_date: end,
          filtering: filtering(query),
        });
        for (const row of list)
          out.push({
            id: String(row.dimensions[idDimension]),
            date: String(row.dimensions.stat_time_day).slice(0, 10),
            ...figuresOf(row.metrics, Object.keys(FIGURES) as Figure[]),
          });
      }
      return out;
    },

    async getReachReport(query) {
      if (query.ids && query.ids.length === 0) return [];
      const idDimension = ID_DIMENSION[query.data_level];
      const request = {
        report_type: 'BASIC',
        data_level: query.data_level,
        dimensions: [idDimension],
        metrics: ['reach', 'frequency', 'impressions'],
        start_date: query.start_date,
        end_date: query.end_date,
        filtering: filtering(query),
      };
      const reachOf = (dims: Record<string, unknown>, metrics: Record<string, unknown>): ShortVideoReachRow => ({
        id: String(dims[idDimension]),
        reach: Number(metrics.reach ?? 0),
        frequency: Number(metrics.frequency ?? 0),
      });
      if (windows(query.start_date, query.end_date).length === 1)
        return (await rows(request)).map((row) => reachOf(row.dimensions, row.metrics));
      // Reach does not add up over pieces: the platform counts it over the whole window in a report task.
      const csv = await runAsyncReport(
        session.account,
        { report: 'reach', ...request },
        {
          create: async () => {
            const data = await session.post<{ task_id: string | number }>('/report/task/create/', {
              ...request,
              service_type: 'AUCTION',
              output_format: 'CSV_DOWNLOAD',
              file_name: `reach_${query.start_date}_${query.end_date}`,
            });
            return String(data.task_id);
          },
          poll: async (taskId) => {
            const data = await session.get<{ status?: string; message?: string }>('/report/task/check/', { task_id: taskId });
            if (data.status === 'SUCCESS') {
              const file = await session.get<{ download_url?: string }>('/report/task/download/', { task_id: taskId });
              return { state: 'done', location: String(file.download_url) };
            }
            if (data.status === 'FAILED' || data.status === 'CANCELED')
              return { state: 'failed', reason: String(data.message ?? data.status) };
            return { state: 'running' };
          },
          download: async (location) => {
            const hosts = (await shortVideoSettings()).downloadHosts;
            return (await downloadReportFile('shortvideo', location, hosts, session.call)).toString('utf8');
          },
        },
        session.call,
      );
      return parseCsv(csv).map((row) => reachOf(row, row));
    },

    async getAudienceReport(query) {
      if (query.data_level === 'AUCTION_AD')
        throw new ToolError('The audience report is available by advertiser, campaign or ad group, not by ad.');
      const idDimension = ID_DIMENSION[query.data_level];
      const segments: Record<AudienceDimensions, string[]> = { age_gender: ['age', 'gender'], country_code: ['country_code'] };
      const split = segments[query.dimensions];
      // Added up in minor units and whole counts, so pieces sum exactly.
      const sums = new Map<string, { row: ShortVideoAudienceRow; units: Record<Figure, number> }>();
      for (const [start, end] of windows(query.start_date, query.end_date)) {
        const list = await rows({
          report_type: 'AUDIENCE',
          data_level: query.data_level,
          dimensions: [idDimension, ...split],
          metrics: AUDIENCE_FIGURES.map((f) => FIGURES[f]),
          start_date: start,
          end_date: end,
          filtering: filtering(query),
        });
        for (const r of list) {
          const id = String(r.dimensions[idDimension]);
          const key = [id, ...split.map((d) => r.dimensions[d])].join('|');
          const entry = sums.get(key) ?? {
            row: {
              id,
              ...(r.dimensions.age ? { age: String(r.dimensions.age) } : {}),
              ...(r.dimensions.gender ? { gender: String(r.dimensions.gender) as 'MALE' | 'FEMALE' } : {}),
              ...(r.dimensions.country_code ? { country_code: String(r.dimensions.country_code) } : {}),
              impressions: 0,
              clicks: 0,
              spend: 0,
              conversions: 0,
              revenue: 0,
              video_views: 0,
            },
            units: Object.fromEntries(AUDIENCE_FIGURES.map((f) => [f, 0])) as Record<Figure, number>,
          };
          const figures = figuresOf(r.metrics, AUDIENCE_FIGURES);
          for (const f of AUDIENCE_FIGURES) entry.units[f] += MONEY.has(f) ? Math.round(figures[f] * 10 ** digits) : figures[f];
          sums.set(key, entry);
        }
      }
      return [...sums.values()].map(({ row, units }) => {
        const out = { ...row } as ShortVideoAudienceRow & Record<string, unknown>;
        for (const f of AUDIENCE_FIGURES) out[f] = MONEY.has(f) ? units[f] / 10 ** digits : units[f];
        return out;
      });
    },
  };
}

/** A report file (CSV with a header row of field names) as objects. */
export function parseCsv(text: string): Record<string, string>[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim());
  const split = (line: string) => line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
  const [header, ...rest] = lines;
  if (!header) return [];
  const names = split(header);
  return rest.map((line) => Object.fromEntries(split(line).map((cell, i) => [names[i], cell])));
}
