/**
 * Top-down delivery of one parent (a campaign or a shared budget) and its children for one day, from
 * the entities' history, so the simulated past never changes and every level adds up:
 * - the day is cut where the parent or any child changed (`daySegments` of each), and each part runs
 *   under the states of that moment: a paused, ended or not-yet-started parent delivers nothing in
 *   it, and only children that deliver in it (as the platform decides) take part;
 * - the parent's demand in a part is what its delivering children would deliver in that share of the
 *   day; above the parent's daily budget (its share of the part), every child shrinks by the same
 *   factor, so the day spends 93-100 % of the budget at most;
 * - the parent's day is rounded once (whole impressions, clicks and conversions, cents), then split
 *   among its children by their share of each figure (largest remainder), so children always add
 *   up to the parent exactly and no day exceeds its budget.
 */
import { changeTimes, stateAt, type WithHistory } from './history';
import { seededRandom } from './metrics';

/** The figures of one day of one entity. `video_views` only where the entity's type has views. */
export interface DayFigures {
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  revenue: number;
  video_views?: number;
}

const DAY_MS = 86_400_000;
const COUNTS = ['impressions', 'clicks', 'conversions', 'video_views'] as const;
const MONEY = ['spend', 'revenue'] as const;

export interface ParentDay<P extends object, C extends object> {
  date: string;
  parent: WithHistory<P & { id: string }>;
  children: readonly WithHistory<C & { id: string }>[];
  /** Whether the parent delivers at all in this state on `date` (status, start and end dates, review). */
  parentDelivers(state: P, date: string): boolean;
  /** The parent's daily budget in this state; undefined = no cap. */
  dailyBudget(state: P): number | undefined;
  /**
   * A child's whole-day demand in this state on `date` (from its id and profile), or undefined when
   * it does not deliver in this state (paused, removed, rejected, not started yet).
   */
  childDemand(child: C & { id: string }, date: string): DayFigures | undefined;
  /** A parent without children at all (ever) delivers its own demand. */
  ownDemand?(state: P, date: string): DayFigures;
  /** Per click (no click, no spend) or per impression; per impression when absent. */
  pricing?: Pricing;
}

export interface ParentDayResult {
  /** The parent's day, rounded; zero figures when it did not deliver. */
  total: DayFigures;
  /**
   * Each delivering child's part of it (children that delivered nothing are left out), split when
   * first read: a campaign-level report reads only the totals.
   */
  readonly children: Map<string, DayFigures>;
}

/** Moments within UTC day `date` at which the entity changed. */
function changesWithin(entity: WithHistory<object>, dayStart: number): number[] {
  return changeTimes(entity).filter((t) => t > dayStart && t < dayStart + DAY_MS);
}

/** The entity at `moment`; the stored entity itself when nothing changed after it (no copy). */
function at<T extends object>(entity: WithHistory<T>, moment: string): T {
  const history = entity.history ?? [];
  return history.length && history[history.length - 1]!.at > moment ? stateAt(entity, moment) : entity;
}

function scaled(figures: DayFigures, factor: number): DayFigures {
  const out: DayFigures = { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0 };
  for (const key of [...COUNTS, ...MONEY]) if (figures[key] !== undefined) out[key] = figures[key]! * factor;
  return out;
}

function add(into: DayFigures, figures: DayFigures): void {
  for (const key of [...COUNTS, ...MONEY]) if (figures[key] !== undefined) into[key] = (into[key] ?? 0) + figures[key]!;
}

/**
 * `total` whole units split by `weights` (largest remainder, ties to the earlier index): the parts
 * add up to `total` exactly. All-zero weights split nothing unless `total` is positive, then evenly.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (!weights.length) return [];
  const sum = weights.reduce((s, w) => s + Math.max(0, w), 0);
  const effective = sum > 0 ? weights.map((w) => Math.max(0, w) / sum) : weights.map(() => 1 / weights.length);
  const raw = effective.map((share) => share * total);
  const parts = raw.map(Math.floor);
  let left = total - parts.reduce((s, p) => s + p, 0);
  // Nothing left over (a zero total, or whole shares): no remainders to rank.
  if (left <= 0) return parts;
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]![1]]! += 1;
  return parts;
}

/**
 * The day rounded as a platform reports it: whole counts (a fractional conversion happens with that
 * probability), cents. Revenue follows the conversions that happened (same value per conversion, none
 * without one); on cost-per-click delivery, no click costs nothing.
 */
function rounded(figures: DayFigures, random: () => number, pricing: Pricing): DayFigures {
  const conversions = Math.floor(figures.conversions) + (random() < figures.conversions % 1 ? 1 : 0);
  const clicks = Math.round(figures.clicks);
  const revenue = valueOfConversions(figures.revenue, figures.conversions, conversions);
  const out: DayFigures = {
    impressions: Math.round(figures.impressions),
    clicks,
    // Never rounded up past what the budget allowed.
    spend: pricing === 'cpc' && clicks === 0 ? 0 : Math.floor(figures.spend * 100 + 1e-6) / 100,
    conversions,
    revenue: Math.round(revenue * 100) / 100,
  };
  if (figures.video_views !== undefined) out.video_views = Math.round(figures.video_views);
  return out;
}

/**
 * How a delivery is paid for: per click (search, shopping: a day or a part without clicks costs
 * nothing) or per impression or view (display, social, video: spend without clicks is normal).
 */
export type Pricing = 'cpc' | 'cpm';

/**
 * Splits a rounded day among children by their share of each figure, as the platforms count them:
 * revenue only goes to parts that got conversions (by each part's value per conversion), and on
 * cost-per-click delivery spend only to parts that got clicks (by each part's cost per click), so no
 * part has revenue without a conversion or (cpc) spend without a click.
 */
export function splitDay(total: DayFigures, weights: readonly DayFigures[], pricing: Pricing = 'cpm'): DayFigures[] {
  const parts: DayFigures[] = weights.map(() => ({ impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0 }));
  for (const key of COUNTS) {
    if (total[key] === undefined) continue;
    // Conversions follow clicks where no child had a fractional conversion of its own.
    let own = weights.map((w) => w[key] ?? 0);
    // Per click, a conversion needs a click in the same part.
    if (key === 'conversions' && pricing === 'cpc') own = own.map((w, i) => (parts[i]!.clicks > 0 ? w : 0));
    const by = own.some((w) => w > 0) ? own : weights.map((w, i) => (pricing === 'cpc' ? parts[i]!.clicks : w.clicks));
    apportion(total[key]!, by).forEach((n, i) => (parts[i]![key] = n));
  }
  const earned = (metric: 'spend' | 'revenue', from: 'clicks' | 'conversions') =>
    weights.map((w, i) => (parts[i]![from] > 0 ? (w[from] > 0 ? (w[metric] / w[from]) * parts[i]![from] : w[metric]) : 0));
  for (const key of MONEY) {
    const from = key === 'revenue' ? 'conversions' : pricing === 'cpc' ? 'clicks' : undefined;
    let by = from ? earned(key, from) : weights.map((w) => w[key]);
    if (!by.some((w) => w > 0)) by = from ? parts.map((p) => p[from]) : weights.map((w) => w.spend);
    apportion(Math.round(total[key] * 100), by).forEach((cents, i) => (parts[i]![key] = cents / 100));
  }
  return parts;
}

/** splitDay of a delivery paid per click (search, shopping): no part gets spend without a click. */
export const splitPerClick = (total: DayFigures, weights: readonly DayFigures[]): DayFigures[] => splitDay(total, weights, 'cpc');

export const zeroDay = (withViews: boolean): DayFigures => ({
  impressions: 0,
  clicks: 0,
  spend: 0,
  conversions: 0,
  revenue: 0,
  ...(withViews ? { video_views: 0 } : {}),
});

/** One parent's day, allocated top down to its children (see the file comment). */
export function deliverParentDay<P extends object, C extends object>(input: ParentDay<P, C>): ParentDayResult {
  const { date, parent, children } = input;
  const dayStart = Date.parse(`${date}T00:00:00.000Z`);
  const bounds = [
    ...new Set([dayStart, ...changesWithin(parent, dayStart), ...children.flatMap((c) => changesWithin(c, dayStart)), dayStart + DAY_MS]),
  ].sort((a, b) => a - b);
  const random = seededRandom(`${parent.id}|${date}|delivery`);
  const capFactor = 0.93 + 0.07 * random();
  let total: DayFigures | undefined;
  const byChild = new Map<string, DayFigures>();
  for (let i = 0; i < bounds.length - 1; i++) {
    const share = (bounds[i + 1]! - bounds[i]!) / DAY_MS;
    const moment = new Date(bounds[i]!).toISOString();
    const state = at(parent, moment) as P & { id: string };
    if (!input.parentDelivers(state, date)) continue;
    const parts: [string, DayFigures][] = [];
    if (!children.length && input.ownDemand) parts.push([parent.id, scaled(input.ownDemand(state, date), share)]);
    for (const child of children) {
      const demand = input.childDemand(at(child, moment) as C & { id: string }, date);
      if (demand) parts.push([child.id, scaled(demand, share)]);
    }
    const spend = parts.reduce((s, [, f]) => s + f.spend, 0);
    const budget = input.dailyBudget(state);
    const factor = budget !== undefined && spend > budget * share ? (budget * share * capFactor) / spend : 1;
    for (const [id, figures] of parts) {
      const delivered = scaled(figures, factor);
      total ??= { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0 };
      add(total, delivered);
      const sum = byChild.get(id) ?? { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0 };
      add(sum, delivered);
      byChild.set(id, sum);
    }
  }
  if (!total) return { total: zeroDay(false), children: new Map() };
  const pricing = input.pricing ?? 'cpm';
  const day = rounded(total, random, pricing);
  if (!children.length) return { total: day, children: new Map() };
  // What the split divides, as rounded now (a caller may change the total it is given).
  const whole = { ...day };
  let split: Map<string, DayFigures> | undefined;
  return {
    total: day,
    get children() {
      if (!split) {
        const ids = [...byChild.keys()];
        const parts = splitDay(
          whole,
          ids.map((id) => byChild.get(id)!),
          pricing,
        );
        split = new Map(ids.map((id, i) => [id, parts[i]!]));
      }
      return split;
    },
  };
}

/**
 * The value of the conversions that happened when `expected` (fractional) were due and `happened`
 * (whole) did: the same value per conversion, nothing without a conversion.
 */
export function valueOfConversions(value: number, expected: number, happened: number): number {
  return expected > 0 && happened > 0 ? (value * happened) / expected : 0;
}

/** Splits an amount of money (2 decimals) by weight, cent-exact: the parts add up to `total`. */
export function allocateMoney(total: number, weights: readonly number[]): number[] {
  return apportion(Math.round(total * 100), weights).map((cents) => cents / 100);
}

/**
 * Splits a parent's whole figures among parts exactly, metric by metric in `metrics` order. A metric
 * listed in `earnedFrom` follows the part's own share of the metric it is earned from times its
 * rate (clicks from impressions, spend from clicks...), so a part without clicks gets no spend and
 * no sales come without orders; the others follow the weights. When no part qualifies, an earned
 * metric follows the parts' share of its source, then (like the others) the impressions weights,
 * then the first part, so nothing is ever lost. `money`
 * metrics are split to the cent, the others in whole units.
 */
export function splitEarned<M extends string>(
  total: Record<M, number>,
  weights: readonly Record<M, number>[],
  rules: { metrics: readonly M[]; earnedFrom: Partial<Record<M, M>>; money: readonly M[]; impressions: M },
): Record<M, number>[] {
  const parts = weights.map(() => Object.fromEntries(rules.metrics.map((m) => [m, 0])) as Record<M, number>);
  if (!weights.length) return parts;
  for (const metric of rules.metrics) {
    const from = rules.earnedFrom[metric];
    let use = weights.map((w, i) => (from ? (w[from] > 0 ? (parts[i]![from] * w[metric]) / w[from] : 0) : w[metric]));
    // Earned where its source is: by the parts' own share of it (sales by orders) before anything else.
    if (from && !use.some((x) => x > 0)) use = parts.map((p) => p[from]);
    if (!use.some((x) => x > 0)) use = weights.map((w) => w[rules.impressions]);
    if (!use.some((x) => x > 0)) use = weights.map((_, i) => (i === 0 ? 1 : 0));
    const values = rules.money.includes(metric) ? allocateMoney(total[metric], use) : apportion(total[metric], use);
    values.forEach((value, i) => (parts[i]![metric] = value));
  }
  return parts;
}
