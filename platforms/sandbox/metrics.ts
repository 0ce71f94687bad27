/**
 * Deterministic daily performance of sandbox entities: a pure function of entity id, date and
 * the entity's profile, so every report and analysis is reproducible and testable. Ratios follow
 * real-world ranges (CTR 0.5-6 %, CVR 1-12 %); "poor" and "wasteful" profiles exist on purpose so
 * analyses find real waste.
 */
import type { DailyMetrics } from '../../core/metrics';

export type { DailyMetrics, MetricTotals } from '../../core/metrics';
export { totals } from '../../core/metrics';

export type PerformanceTier = 'strong' | 'average' | 'poor' | 'wasteful' | 'new';

export interface PerformanceProfile {
  tier: PerformanceTier;
  /** Typical impressions per day. */
  impressions: number;
  /** Click-through rate, 0-1. */
  ctr: number;
  /** Cost per click in account currency. */
  cpc: number;
  /** Conversion rate of clicks, 0-1. */
  cvr: number;
  /** Average order or conversion value. */
  order_value: number;
  /** Share of impressions that become video views (0 for non-video). */
  view_rate: number;
  /**
   * The entity's daily budget, when it has one: a day never spends more (delivery stops, so
   * impressions, clicks, conversions and revenue shrink with the spend), as on a real platform.
   */
  daily_budget?: number;
}

const TIER_DEFAULTS: Record<PerformanceTier, Omit<PerformanceProfile, 'tier'>> = {
  strong: { impressions: 5200, ctr: 0.045, cpc: 0.85, cvr: 0.09, order_value: 62, view_rate: 0.32 },
  average: { impressions: 3800, ctr: 0.022, cpc: 1.35, cvr: 0.035, order_value: 48, view_rate: 0.22 },
  poor: { impressions: 2600, ctr: 0.008, cpc: 2.4, cvr: 0.006, order_value: 40, view_rate: 0.1 },
  // Spends steadily and never converts.
  wasteful: { impressions: 3100, ctr: 0.012, cpc: 2.1, cvr: 0, order_value: 0, view_rate: 0.12 },
  // Little data yet (learning phase).
  new: { impressions: 180, ctr: 0.015, cpc: 1.6, cvr: 0.02, order_value: 45, view_rate: 0.2 },
};

export function profileFor(tier: PerformanceTier, overrides: Partial<PerformanceProfile> = {}): PerformanceProfile {
  return { tier, ...TIER_DEFAULTS[tier], ...overrides };
}

/** FNV-1a 32-bit hash of a string. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded pseudo-random generator (mulberry32): same seed, same sequence. */
export function seededRandom(seed: string | number): () => number {
  let state = typeof seed === 'number' ? seed >>> 0 : hash32(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One day of one entity. Weekends run a little lower, as in real accounts. */
export function dailyMetrics(entityId: string, date: string, profile: PerformanceProfile): DailyMetrics {
  const random = seededRandom(`${entityId}|${date}`);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const weekFactor = weekday === 0 || weekday === 6 ? 0.8 : 1.05;
  const jitter = (spread: number) => 1 + (random() * 2 - 1) * spread;
  const impressions = Math.max(0, Math.round(profile.impressions * weekFactor * jitter(0.25)));
  const clicks = Math.round(impressions * profile.ctr * jitter(0.2));
  let spend = round2(clicks * profile.cpc * jitter(0.15));
  // Budget-limited days deliver 93-100 % of the budget; everything else scales with the spend.
  const share = profile.daily_budget && spend > profile.daily_budget ? (profile.daily_budget * (0.93 + 0.07 * random())) / spend : 1;
  if (share < 1) spend = round2(spend * share);
  const deliveredImpressions = Math.round(impressions * share);
  const deliveredClicks = Math.round(clicks * share);
  const conversionsRaw = deliveredClicks * profile.cvr * jitter(0.35);
  // Whole conversions; a fractional remainder converts with that probability.
  const conversions = Math.floor(conversionsRaw) + (random() < conversionsRaw % 1 ? 1 : 0);
  const revenue = round2(conversions * profile.order_value * jitter(0.2));
  const video_views = Math.round(deliveredImpressions * profile.view_rate * jitter(0.15));
  return { date, impressions: deliveredImpressions, clicks: deliveredClicks, spend, conversions, revenue, video_views };
}

/** Dates from start to end inclusive, YYYY-MM-DD, UTC. */
export function datesBetween(start: string, end: string): string[] {
  const dates: string[] = [];
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= last; t += 86_400_000) dates.push(new Date(t).toISOString().slice(0, 10));
  return dates;
}

/** How many dates `datesBetween(start, end)` holds, without making them (a flight's length, asked per day). */
export function dayCount(start: string, end: string): number {
  const first = Date.parse(`${start}T00:00:00Z`);
  const last = Date.parse(`${end}T00:00:00Z`);
  return last >= first ? Math.floor((last - first) / 86_400_000) + 1 : 0;
}

/**
 * Daily metrics of an entity over a range. Days before `activeFrom` (the entity's start or
 * creation date) and after `activeUntil` (its end date) have nothing.
 */
export function metricsBetween(
  entityId: string,
  start: string,
  end: string,
  profile: PerformanceProfile,
  activeFrom?: string,
  activeUntil?: string,
): DailyMetrics[] {
  return datesBetween(start, end).map((date) =>
    (activeFrom && date < activeFrom) || (activeUntil && date > activeUntil)
      ? { date, impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0, video_views: 0 }
      : dailyMetrics(entityId, date, profile),
  );
}

/**
 * Children that deliver under one parent's daily budget (the ads of an ad set, the creatives of a
 * campaign): on a day when together they would spend more than the budget, every child's day shrinks
 * by the same share, so the parent spends at most 97 % of its budget and the children still add up
 * to the parent. `group` holds the days of every child of the parent, `own` included, aligned by date.
 */
export function withinSharedBudget(own: DailyMetrics[], group: readonly DailyMetrics[][], dailyBudget: number | undefined): DailyMetrics[] {
  if (!dailyBudget) return own;
  return own.map((day, i) => {
    const spend = group.reduce((sum, days) => sum + (days[i]?.spend ?? 0), 0);
    if (spend <= dailyBudget) return day;
    const share = (dailyBudget * 0.97) / spend;
    return {
      date: day.date,
      impressions: Math.round(day.impressions * share),
      clicks: Math.round(day.clicks * share),
      spend: round2(day.spend * share),
      conversions: Math.round(day.conversions * share),
      revenue: round2(day.revenue * share),
      video_views: Math.round(day.video_views * share),
    };
  });
}
