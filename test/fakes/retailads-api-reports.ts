/**
 * Reporting v3 of the fake retailads API: report requests are checked against the published report
 * types (retailads-fields.json: each type's group-bys and the columns each allows, the time units,
 * GZIP_JSON only), the platform's limits (31 days per report, 95 days back, end on or after start) and
 * duplicates (425 while the same request is being prepared). A report is PENDING, then PROCESSING,
 * then COMPLETED after `polls` status reads, with a URL of a gzipped JSON file served on the fake's
 * own host, which refuses a request that carries an Authorization header (as a pre-signed storage URL
 * does). Rows come from one deterministic delivery model: every keyword and target (Sponsored
 * Products, Brands, Display) delivers each day from its campaign's start through yesterday, and every
 * other level (campaigns, ad groups, placements, products, search terms) is an exact split or sum of
 * those leaves, so reports of different levels add up.
 */
import { createHash, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { REPORT_TYPES, int } from './retailads-wire';

export interface LeafFacts {
  id: string;
  ad: 'SP' | 'SB' | 'SD';
  campaignId: string;
  campaignName: string;
  campaignState: string;
  campaignBudget: number;
  campaignStart: string;
  adGroupId: string;
  adGroupName: string;
  /** Keyword text (keywords) or the targeting expression text (targets). */
  text: string;
  matchType?: string;
  keywordType: 'BROAD' | 'EXACT' | 'PHRASE' | 'TARGETING_EXPRESSION' | 'TARGETING_EXPRESSION_PREDEFINED';
  state: string;
  bid: number;
}

export interface ProductFacts {
  id: string;
  ad: 'SP' | 'SB' | 'SD';
  campaignId: string;
  adGroupId: string;
  asin: string;
  sku?: string;
}

export interface ReportSource {
  leaves(): LeafFacts[];
  products(): ProductFacts[];
  currency: string;
}

export interface FakeReport {
  id: string;
  key: string;
  request: { startDate: string; endDate: string; configuration: ReportConfiguration; name?: string };
  polls: number;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  createdAt: string;
  file?: Buffer;
}

export interface ReportConfiguration {
  adProduct: string;
  reportTypeId: string;
  groupBy: string[];
  columns: string[];
  timeUnit: 'DAILY' | 'SUMMARY';
  format: string;
  filters?: { field: string; values: string[] }[];
}

const MAX_DAYS = 31;
const LOOKBACK_DAYS = 95;

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const addDays = (date: string, n: number) => new Date(day(date) + n * 86_400_000).toISOString().slice(0, 10);
export const todayUtc = () => new Date().toISOString().slice(0, 10);

function hash(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

interface Raw {
  impressions: number;
  clicks: number;
  cost: number;
  purchases7: number;
  sales7: number;
  purchases14: number;
  sales14: number;
}
const zero = (): Raw => ({ impressions: 0, clicks: 0, cost: 0, purchases7: 0, sales7: 0, purchases14: 0, sales14: 0 });
function add(a: Raw, b: Raw): Raw {
  return {
    impressions: a.impressions + b.impressions,
    clicks: a.clicks + b.clicks,
    cost: a.cost + b.cost,
    purchases7: a.purchases7 + b.purchases7,
    sales7: a.sales7 + b.sales7,
    purchases14: a.purchases14 + b.purchases14,
    sales14: a.sales14 + b.sales14,
  };
}

/** One leaf's delivery on one day, money in minor units (cents). */
function leafDay(leaf: LeafFacts, date: string): Raw {
  if (date < leaf.campaignStart || date >= todayUtc() || leaf.state.toUpperCase() === 'ARCHIVED') return zero();
  const h = hash(`${leaf.id}|${date}`);
  const impressions = 200 + (h % 900);
  const clicks = 1 + (h % 23);
  const cost = clicks * (40 + (h % 120));
  const purchases7 = h % 4 === 0 ? 0 : Math.floor(clicks / (3 + (h % 5)));
  const sales7 = purchases7 * (1500 + (h % 2500));
  const purchases14 = purchases7 + (h % 7 === 0 ? 1 : 0);
  const sales14 = sales7 + (purchases14 - purchases7) * 1999;
  return { impressions, clicks, cost, purchases7, sales7, purchases14, sales14 };
}

/** Splits a total into `n` exact integer parts by weights (the remainders go to the first parts). */
function split(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % parts.length, rest--) parts[i]!++;
  return parts;
}
function splitRaw(total: Raw, weights: number[]): Raw[] {
  const fields = Object.keys(total) as (keyof Raw)[];
  const columns = fields.map((f) => split(total[f], weights));
  return weights.map((_w, i) => Object.fromEntries(fields.map((f, j) => [f, columns[j]![i]!])) as unknown as Raw);
}

const PLACEMENTS = ['Top of Search on-Amazon', 'Detail Page on-Amazon', 'Other on-Amazon'];
const searchTerms = (leaf: LeafFacts) => [
  leaf.text.split('=').pop()!.toLowerCase(),
  `${leaf.text.split('=').pop()!.toLowerCase()} best`,
  `cheap ${leaf.text.split('=').pop()!.toLowerCase()}`,
];

/** A refusal of a report request: status and the reporting error body. */
export class ReportRefusal extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Checks a report request against the published report types and the platform's limits. */
export function checkReportRequest(request: FakeReport['request']): void {
  const c = request.configuration;
  const type = REPORT_TYPES[c.reportTypeId];
  if (!type) throw new ReportRefusal(400, `configuration.reportTypeId ${c.reportTypeId} is not a report type`);
  if (type.adProduct !== c.adProduct)
    throw new ReportRefusal(400, `configuration.adProduct must be ${type.adProduct} for ${c.reportTypeId}`);
  const groupBy = [...c.groupBy].sort().join('+');
  const allowed = type.groupBy[groupBy];
  if (!allowed)
    throw new ReportRefusal(
      400,
      `configuration.groupBy ${c.groupBy.join(', ')} is not offered by ${c.reportTypeId} (offered: ${Object.keys(type.groupBy).join(' | ')})`,
    );
  if (!c.columns.length) throw new ReportRefusal(400, 'configuration.columns must not be empty');
  const bad = c.columns.filter((column) => !allowed.includes(column) && !['date', 'startDate', 'endDate'].includes(column));
  if (bad.length)
    throw new ReportRefusal(
      400,
      `configuration.columns ${bad.join(', ')} are not available for ${c.reportTypeId} grouped by ${c.groupBy.join(', ')}`,
    );
  if (c.timeUnit === 'SUMMARY' && c.columns.includes('date'))
    throw new ReportRefusal(400, 'configuration.columns: date needs timeUnit DAILY');
  if (c.timeUnit === 'DAILY' && c.columns.some((column) => column === 'startDate' || column === 'endDate'))
    throw new ReportRefusal(400, 'configuration.columns: startDate and endDate need timeUnit SUMMARY');
  if (c.format !== 'GZIP_JSON') throw new ReportRefusal(400, 'configuration.format must be GZIP_JSON');
  for (const filter of c.filters ?? []) {
    const values = type.filters[filter.field];
    if (!values) throw new ReportRefusal(400, `configuration.filters: ${filter.field} is not a filter of ${c.reportTypeId}`);
    if (filter.values.some((v) => !values.includes(v)))
      throw new ReportRefusal(400, `configuration.filters: ${filter.field} takes ${values.join(', ')}`);
  }
  const { startDate, endDate } = request;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || !/^\d{4}-\d{2}-\d{2}$/.test(endDate))
    throw new ReportRefusal(400, 'startDate and endDate must be YYYY-MM-DD');
  if (endDate < startDate) throw new ReportRefusal(400, 'endDate must be on or after startDate');
  if ((day(endDate) - day(startDate)) / 86_400_000 + 1 > MAX_DAYS) throw new ReportRefusal(400, `a report covers at most ${MAX_DAYS} days`);
  if (startDate < addDays(todayUtc(), -LOOKBACK_DAYS)) throw new ReportRefusal(400, `startDate may be at most ${LOOKBACK_DAYS} days back`);
}

/** The rows of a report: only the columns asked for, money as decimals, ids as integers. */
export function reportRows(source: ReportSource, request: FakeReport['request']): Record<string, unknown>[] {
  const c = request.configuration;
  const ad = c.adProduct === 'SPONSORED_PRODUCTS' ? 'SP' : c.adProduct === 'SPONSORED_BRANDS' ? 'SB' : 'SD';
  const leaves = source.leaves().filter((l) => l.ad === ad);
  const days: string[] = [];
  for (let d = request.startDate; d <= request.endDate; d = addDays(d, 1)) days.push(d);
  const periods = c.timeUnit === 'DAILY' ? days.map((d) => [d]) : [days];
  const groupBy = [...c.groupBy].sort().join('+');
  const rows: Record<string, unknown>[] = [];
  for (const period of periods) {
    const leafRaw = new Map(leaves.map((l) => [l.id, period.reduce((sum, d) => add(sum, leafDay(l, d)), zero())]));
    const emit = (dims: Record<string, unknown>, raw: Raw) => {
      if (raw.impressions === 0 && raw.cost === 0 && raw.purchases7 === 0 && raw.purchases14 === 0) return;
      const full: Record<string, unknown> = {
        ...dims,
        ...(c.timeUnit === 'DAILY' ? { date: period[0] } : { startDate: request.startDate, endDate: request.endDate }),
        impressions: raw.impressions,
        clicks: raw.clicks,
        cost: raw.cost / 100,
        spend: raw.cost / 100,
        purchases: raw.purchases14,
        sales: raw.sales14 / 100,
        purchases7d: raw.purchases7,
        sales7d: raw.sales7 / 100,
        purchases14d: raw.purchases14,
        sales14d: raw.sales14 / 100,
        orders14d: raw.purchases14,
        purchasesOtherSku7d: raw.purchases7,
        salesOtherSku7d: raw.sales7 / 100,
        purchasesOtherSku14d: raw.purchases14,
        salesOtherSku14d: raw.sales14 / 100,
        campaignBudgetCurrencyCode: source.currency,
      };
      rows.push(Object.fromEntries(c.columns.filter((column) => column in full).map((column) => [column, full[column]])));
    };
    const campaignDims = (l: LeafFacts) => ({
      campaignId: int(l.campaignId),
      campaignName: l.campaignName,
      campaignStatus: l.campaignState.toUpperCase(),
      campaignBudgetAmount: l.campaignBudget,
    });
    const groupDims = (l: LeafFacts) => ({ ...campaignDims(l), adGroupId: int(l.adGroupId), adGroupName: l.adGroupName });
    const sumBy = (key: (l: LeafFacts) => string) => {
      const sums = new Map<string, { leaf: LeafFacts; raw: Raw }>();
      for (const l of leaves) {
        const entry = sums.get(key(l)) ?? { leaf: l, raw: zero() };
        entry.raw = add(entry.raw, leafRaw.get(l.id)!);
        sums.set(key(l), entry);
      }
      return [...sums.values()];
    };
    if (groupBy === 'campaign') for (const { leaf, raw } of sumBy((l) => l.campaignId)) emit(campaignDims(leaf), raw);
    else if (groupBy === 'adGroup' || groupBy === 'adGroup+campaign')
      for (const { leaf, raw } of sumBy((l) => l.adGroupId)) emit(groupDims(leaf), raw);
    else if (groupBy === 'campaign+campaignPlacement')
      for (const { leaf, raw } of sumBy((l) => l.campaignId))
        splitRaw(raw, [5, 3, 2]).forEach((part, i) => emit({ ...campaignDims(leaf), placementClassification: PLACEMENTS[i] }, part));
    else if (groupBy === 'targeting')
      for (const l of leaves)
        emit(
          {
            ...groupDims(l),
            keywordId: int(l.id),
            keyword: l.text,
            keywordText: l.text,
            targeting: l.text,
            matchType: l.matchType ?? l.keywordType,
            keywordType: l.keywordType,
            targetingId: int(l.id),
            targetingExpression: l.text,
            targetingText: l.text,
          },
          leafRaw.get(l.id)!,
        );
    else if (groupBy === 'searchTerm')
      for (const l of leaves.filter((x) => x.ad !== 'SD')) {
        const terms = searchTerms(l);
        splitRaw(leafRaw.get(l.id)!, [6, 3, 1]).forEach((part, i) =>
          emit(
            {
              ...groupDims(l),
              keywordId: int(l.id),
              keyword: l.text,
              keywordText: l.text,
              targeting: l.text,
              matchType: l.matchType ?? l.keywordType,
              searchTerm: terms[i],
              query: terms[i],
            },
            part,
          ),
        );
      }
    else if (groupBy === 'advertiser' || groupBy === 'asin' || groupBy === 'purchasedAsin') {
      const products = source.products().filter((p) => p.ad === ad);
      for (const { leaf, raw } of sumBy((l) => l.adGroupId)) {
        const mine = products.filter((p) => p.adGroupId === leaf.adGroupId);
        if (!mine.length) continue;
        splitRaw(
          raw,
          mine.map(() => 1),
        ).forEach((part, i) => {
          const p = mine[i]!;
          const dims = {
            ...groupDims(leaf),
            adId: int(p.id),
            advertisedAsin: p.asin,
            advertisedSku: p.sku,
            promotedAsin: p.asin,
            promotedSku: p.sku,
          };
          if (groupBy === 'advertiser') emit(dims, part);
          // Purchased products: another product of the profile bought after the click; no cost of its own.
          else
            emit(
              { ...dims, purchasedAsin: `B0PURCH${p.asin.slice(-3)}` },
              {
                ...zero(),
                purchases7: Math.floor(part.purchases7 / 3),
                sales7: Math.floor(part.sales7 / 3),
                purchases14: Math.floor(part.purchases14 / 3),
                sales14: Math.floor(part.sales14 / 3),
              },
            );
        });
      }
    }
  }
  return rows;
}

/** A new report: created PENDING, its request key for the duplicate check. */
export function newReport(request: FakeReport['request']): FakeReport {
  return { id: randomUUID(), key: JSON.stringify(request), request, polls: 0, status: 'PENDING', createdAt: new Date().toISOString() };
}

/** The gzipped JSON file of a finished report. */
export function reportFile(rows: Record<string, unknown>[], write: (value: unknown) => string): Buffer {
  return gzipSync(Buffer.from(write(rows), 'utf8'));
}
