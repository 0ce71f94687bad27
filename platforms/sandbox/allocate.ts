/**
 * Top-down allocation for the sandbox delivery models: a parent's figure (whole units, or cents
 * for money) is split among its children by weight so the parts add up to the whole exactly
 * (largest remainder). A child with weight 0 gets nothing.
 */
import { stateAt, type WithHistory } from './history';

/** Splits the whole number `total` among `weights`: the parts are whole numbers adding up to `total`. */
export function allocateWhole(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + Math.max(0, w), 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (Math.max(0, w) / sum) * total);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x), w: weights[i]! })).filter((o) => o.w > 0).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0 && order.length; k = (k + 1) % order.length, left--) parts[order[k]!.i]! += 1;
  return parts;
}

/** Splits an amount of money (2 decimals) by weight, cent-exact. */
export function allocateMoney(total: number, weights: readonly number[]): number[] {
  return allocateWhole(Math.round(total * 100), weights).map((cents) => cents / 100);
}

/**
 * The parts of UTC day `date` during which the states of several related entities (a campaign, its
 * ad group, an ad) hold together: each part has its share of the day (shares add up to 1) and the
 * state of every entity in it, rebuilt from the entities' histories.
 */
export function jointSegments<T extends object>(entities: readonly WithHistory<T>[], date: string): { share: number; states: T[] }[] {
  const dayStart = Date.parse(`${date}T00:00:00.000Z`);
  const dayEnd = dayStart + 86_400_000;
  const changes = new Set<number>();
  for (const entity of entities) for (const entry of entity.history ?? []) {
    const t = Date.parse(entry.at);
    if (t > dayStart && t < dayEnd) changes.add(t);
  }
  const bounds = [dayStart, ...[...changes].sort((a, b) => a - b), dayEnd];
  // An entity not changed after a moment is its current state then: no need to rebuild it.
  const lastChange = entities.map((e) => (e.history ?? []).reduce((latest, entry) => (entry.at > latest ? entry.at : latest), ''));
  const out: { share: number; states: T[] }[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    const moment = new Date(bounds[i]!).toISOString();
    out.push({ share: (bounds[i + 1]! - bounds[i]!) / 86_400_000, states: entities.map((e, k) => (lastChange[k]! <= moment ? (e as T) : stateAt(e, moment))) });
  }
  return out;
}
