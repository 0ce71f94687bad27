import * as v from 'valibot';
import { dateArgument } from '../../arguments';
import { lastDays, refuseDatesAfterYesterday } from '../../dates';
import { totals, type MetricTotals } from '../../metrics';
import type { SocialAdsInsightsLevel, SocialAdsInsightsRow, SocialAdsPort } from '../port';

/** A YYYY-MM-DD argument that is a real calendar date. */
export const dateArg = (description: string) => v.optional(dateArgument(description));

/** start_date / end_date go together and in order. */
export function dateRangeRule(args: { start_date?: string; end_date?: string }): string | undefined {
  if (Boolean(args.start_date) !== Boolean(args.end_date)) return '`start_date` and `end_date` must be given together (or leave both out to use `lookback_days`)';
  if (args.start_date && args.end_date && args.start_date > args.end_date) return '`start_date` must be on or before `end_date`';
  return undefined;
}

/** The reporting window: explicit dates (through yesterday) win over lookback_days (which ends yesterday). */
export function reportWindow(now: Date, args: { start_date?: string; end_date?: string; lookback_days: number }): { start: string; end: string } {
  refuseDatesAfterYesterday(now, { start_date: args.start_date, end_date: args.end_date });
  if (args.start_date && args.end_date) return { start: args.start_date, end: args.end_date };
  return lastDays(now, args.lookback_days);
}

/**
 * Totals per entity of one level over [start, end], from the platform's daily insights rows. An
 * entity without delivery has no rows and gets zero totals. Without ids nothing is asked.
 */
export async function insightTotals(
  platform: SocialAdsPort,
  level: SocialAdsInsightsLevel,
  ids: readonly string[],
  start: string,
  end: string,
): Promise<(id: string) => MetricTotals> {
  const rows = ids.length ? await platform.getInsights({ level, ids: [...new Set(ids)], time_range: { since: start, until: end } }) : [];
  const byEntity = new Map<string, SocialAdsInsightsRow[]>();
  for (const row of rows) {
    const id = level === 'campaign' ? row.campaign_id : level === 'adset' ? row.ad_set_id! : row.ad_id!;
    const own = byEntity.get(id);
    if (own) own.push(row);
    else byEntity.set(id, [row]);
  }
  return (id) => totals(byEntity.get(id) ?? []);
}

export interface AppMetrics extends MetricTotals {
  installs: number;
  cost_per_install: number | null;
}

/** App-promotion figures: the results of these campaigns are installs. */
export function withInstalls(t: MetricTotals): AppMetrics {
  return { ...t, installs: t.conversions, cost_per_install: t.conversions > 0 ? Math.round((t.spend / t.conversions) * 100) / 100 : null };
}
