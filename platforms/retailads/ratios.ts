import * as v from 'valibot';
import type { RetailAdsReportRow } from './port';

/** The additive metrics of a report row (or of several added up). */
export interface RetailAdsRawMetrics {
  impressions: number;
  clicks: number;
  spend: number;
  orders: number;
  sales: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Ratios of a row: ACOS in percent (null without sales), ROAS (null without spend). */
export function withRatios(
  raw: RetailAdsRawMetrics,
): Pick<RetailAdsReportRow, 'impressions' | 'clicks' | 'spend' | 'orders' | 'sales' | 'ctr' | 'cpc' | 'cvr' | 'acos' | 'roas'> {
  const spend = round2(raw.spend);
  const sales = round2(raw.sales);
  return {
    impressions: raw.impressions,
    clicks: raw.clicks,
    spend,
    orders: raw.orders,
    sales,
    ctr: raw.impressions > 0 ? Math.round((raw.clicks / raw.impressions) * 10000) / 10000 : null,
    cpc: raw.clicks > 0 ? round2(spend / raw.clicks) : null,
    cvr: raw.clicks > 0 ? Math.round((raw.orders / raw.clicks) * 10000) / 10000 : null,
    acos: sales > 0 ? Math.round((spend / sales) * 10000) / 100 : null,
    roas: spend > 0 ? round2(sales / spend) : null,
  };
}

const nullableNumber = v.nullable(v.number());
/** The output schema of withRatios: the figures of every report row, list row and summary. */
export const metricEntries = {
  impressions: v.number(),
  clicks: v.number(),
  spend: v.number(),
  orders: v.number(),
  sales: v.number(),
  ctr: nullableNumber,
  cpc: nullableNumber,
  cvr: nullableNumber,
  acos: nullableNumber,
  roas: nullableNumber,
};
