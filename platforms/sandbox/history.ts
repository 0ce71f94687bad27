/**
 * The change history of sandbox entities, so the simulated past never changes: every update the
 * sandbox store makes records, in the same conditional write, when it happened and the values it
 * replaced. From that, `stateAt` gives an entity as it was at any moment, and `daySegments` splits a
 * UTC day into the parts that ran under each state, so a change takes effect from the moment it is
 * made and a day that has passed keeps its figures forever.
 */

/** One update: when it happened and the previous value of every field it changed (null = was absent). */
export interface HistoryEntry {
  at: string;
  before: Record<string, unknown>;
}

/** A stored entity with its history (the store strips both fields from what ports return). */
export type WithHistory<T> = T & { history?: HistoryEntry[] };

/** The fields the store keeps for history; never part of an entity a port returns. */
export const HISTORY_FIELDS = ['history', 'rev'] as const;

/** The entity as it was at `moment` (ISO timestamp): later updates are undone, newest first. */
export function stateAt<T extends object>(entity: WithHistory<T>, moment: string): T {
  const state: Record<string, unknown> = { ...entity };
  const history = entity.history ?? [];
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i]!;
    if (entry.at <= moment) break;
    for (const [field, value] of Object.entries(entry.before)) {
      if (value === null) delete state[field];
      else state[field] = value;
    }
  }
  for (const field of HISTORY_FIELDS) delete state[field];
  return state as T;
}

export interface DaySegment<T> {
  /** The entity's state during this part of the day. */
  state: T;
  /** The part of the day it ran under that state, 0-1; the segments of a day add up to 1. */
  share: number;
}

/**
 * The parts of UTC day `date` (YYYY-MM-DD) and the state the entity had in each. A day with no
 * change is one segment with share 1.
 */
export function daySegments<T extends object>(entity: WithHistory<T>, date: string): DaySegment<T>[] {
  const dayStart = Date.parse(`${date}T00:00:00.000Z`);
  const dayEnd = dayStart + 86_400_000;
  const changes = (entity.history ?? []).map((entry) => Date.parse(entry.at)).filter((t) => t > dayStart && t < dayEnd);
  const bounds = [dayStart, ...changes, dayEnd];
  const segments: DaySegment<T>[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    const share = (bounds[i + 1]! - bounds[i]!) / 86_400_000;
    if (share <= 0) continue;
    segments.push({ state: stateAt(entity, new Date(bounds[i]!).toISOString()), share });
  }
  return segments;
}

/**
 * A setting as it was over UTC day `date`, weighted by the part of the day each value held (a
 * budget of 100 raised to 150 at noon counts 125): what a past day is judged against, so a change
 * made later never rewrites that day's verdict ("at budget", "limited").
 */
export function settingOnDay<T extends object>(entity: WithHistory<T>, date: string, value: (state: T) => number): number {
  return Math.round(daySegments(entity, date).reduce((sum, s) => sum + s.share * value(s.state), 0) * 100) / 100;
}
