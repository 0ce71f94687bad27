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

/**
 * The states of an entity, computed once per entity object in one walk back from its current state:
 * `states[k]` is the state after the first k entries, `lowest[i]` the earliest `at` of entries i and
 * later. The state at a moment is the one after the last entry made at or before it (found by
 * binary search on `lowest`), so rebuilding a past state costs a lookup, not a walk of the history.
 */
interface Timeline {
  history: readonly HistoryEntry[] | undefined;
  length: number;
  states: Record<string, unknown>[];
  /** How many fields the current state has. */
  fields: number;
  lowest: string[];
  /** Each entry's `at` in epoch ms. */
  times: number[];
}

const timelines = new WeakMap<object, Timeline>();

/**
 * Under Jest (NODE_ENV=test) the states a timeline shares are frozen, so a simulator that changes
 * one instead of copying it throws in the tests (strict mode) rather than corrupting other reads.
 * One check per timeline built, nothing per state asked; production skips it.
 */
export const FREEZE_SHARED_STATES = process.env.NODE_ENV === 'test';

/** Freezes `value` and every object and array within it (shared more widely: kept reports, a run's derived values). */
export function freezeDeep(value: object): void {
  Object.freeze(value);
  for (const inner of Object.values(value)) if (inner && typeof inner === 'object' && !Object.isFrozen(inner)) freezeDeep(inner as object);
}

function timelineOf(entity: WithHistory<object>): Timeline {
  let timeline = timelines.get(entity);
  if (timeline && unchanged(timeline, entity)) return timeline;
  const history = entity.history ?? [];
  const current: Record<string, unknown> = { ...entity };
  for (const field of HISTORY_FIELDS) delete current[field];
  const states = new Array<Record<string, unknown>>(history.length + 1);
  const lowest = new Array<string>(history.length);
  states[history.length] = current;
  let state = current;
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i]!;
    state = { ...state };
    for (const [field, value] of Object.entries(entry.before)) {
      if (value === null) delete state[field];
      else state[field] = value;
    }
    states[i] = state;
    lowest[i] = i === history.length - 1 || entry.at < lowest[i + 1]! ? entry.at : lowest[i + 1]!;
  }
  if (FREEZE_SHARED_STATES) for (const shared of states) Object.freeze(shared);
  timeline = {
    history: entity.history,
    length: history.length,
    states,
    fields: Object.keys(current).length,
    lowest,
    times: history.map((entry) => Date.parse(entry.at)),
  };
  timelines.set(entity, timeline);
  return timeline;
}

/** Whether the entity is still what its timeline was computed from (a caller may have changed it since). */
function unchanged(timeline: Timeline, entity: WithHistory<object>): boolean {
  if (timeline.history !== entity.history || timeline.length !== (entity.history?.length ?? 0)) return false;
  const current = timeline.states[timeline.length]!;
  // A loop, not Object.keys(...).filter(...).every(...): this runs for every state asked of the entity.
  let fields = 0;
  for (const field of Object.keys(entity)) {
    if (isHistoryField(field)) continue;
    if ((entity as Record<string, unknown>)[field] !== current[field]) return false;
    fields++;
  }
  return fields === timeline.fields;
}

/** Whether the entity carries none of the fields the store keeps for history (so it is its own state). */
function withoutHistoryFields(entity: WithHistory<object>): boolean {
  return !HISTORY_FIELDS.some((field) => field in entity);
}

const isHistoryField = (field: string): boolean => (HISTORY_FIELDS as readonly string[]).includes(field);

/** The moments (epoch ms) of the entity's changes, in history order. */
export function changeTimes(entity: WithHistory<object>): readonly number[] {
  return entity.history?.length ? timelineOf(entity).times : [];
}

/** The entity as it was at `moment` (ISO timestamp): later updates are undone, newest first. */
export function stateAt<T extends object>(entity: WithHistory<T>, moment: string): T {
  return { ...stateView(entity, moment) } as T;
}

/**
 * `stateAt` without the copy, for the simulators' day walks that only read states: the entity itself
 * when it has no history, else the state its timeline keeps. Shared: never to be changed (frozen
 * under Jest, FREEZE_SHARED_STATES).
 */
export function stateView<T extends object>(entity: WithHistory<T>, moment: string): Readonly<T> {
  if (withoutHistoryFields(entity)) return entity;
  const { states, lowest } = timelineOf(entity);
  // The undo walk stops at the newest entry made at or before `moment`: the last i with lowest[i] <= moment.
  let low = 0;
  let high = lowest.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (lowest[middle]! <= moment) low = middle + 1;
    else high = middle;
  }
  return states[low] as T;
}

export interface DaySegment<T> {
  /** The entity's state during this part of the day (shared with the entity's other reads: read only). */
  state: Readonly<T>;
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
  const changes = changeTimes(entity).filter((t) => t > dayStart && t < dayEnd);
  // A day without a change (most days of most entities): one segment, no bounds to walk.
  if (!changes.length) return [{ state: stateView(entity, `${date}T00:00:00.000Z`), share: 1 }];
  const bounds = [dayStart, ...changes, dayEnd];
  const segments: DaySegment<T>[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    const share = (bounds[i + 1]! - bounds[i]!) / 86_400_000;
    if (share <= 0) continue;
    segments.push({ state: stateView(entity, new Date(bounds[i]!).toISOString()), share });
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
