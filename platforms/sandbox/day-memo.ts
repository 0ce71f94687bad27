/**
 * A per-process memo of simulated days (issue 33: a warm read's own CPU). A sandbox day's figures are
 * a pure function of the stored entities they come from (their fields and change history) and the
 * date, so a repeated read (the same campaign list every few seconds, a 30-day report after a 7-day
 * one) can skip the simulation of the days it already computed.
 *
 * The key holds everything the figures depend on: the account's partition (platform and account id,
 * so two accounts never share an entry, even with the same entity ids and states), a SHA-256 digest of
 * the entities themselves as read, history included (`contentKey`), and the date. A write changes the
 * entity (a field, a history entry), so its next read misses; nothing has to be invalidated. Only
 * finished days are asked (reports end yesterday), so no entry depends on the hour of the day.
 *
 * Bounded: the least recently used entry goes first once `limit` entries are held. A value is shared
 * by every read that hits it: callers only read it (frozen under Jest, like the history's states).
 *
 * `ReportMemo` keeps whole reports the same way: a report whose days have all ended is a pure function
 * of the entities it is computed from and its query (level and range).
 */
import { createHash } from 'node:crypto';
import { FREEZE_SHARED_STATES, freezeDeep } from './history';

/** The memo key of `inputs` (entities as the store hands them out) within one account's partition `scope`. */
export function contentKey(scope: string, inputs: unknown): string {
  return `${scope}|${createHash('sha256').update(JSON.stringify(inputs)).digest('base64')}`;
}

export class DayMemo<V extends object> {
  private readonly entries = new Map<string, V>();
  /** What the entries held weigh together, by `weigh`. */
  private weight = 0;

  /** Keeps at most `limit` entries, or, with `weigh`, entries weighing at most `limit` together. */
  constructor(
    readonly limit: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  /** The day `date` (or range) of what `key` (a `contentKey`) names: from the memo, else `compute()`, then kept. */
  day(key: string, date: string, compute: () => V): V {
    const at = `${key}|${date}`;
    const held = this.entries.get(at);
    if (held) {
      // The most recently used go last (a Map keeps insertion order), so the first is the one to drop.
      this.entries.delete(at);
      this.entries.set(at, held);
      return held;
    }
    const value = compute();
    if (FREEZE_SHARED_STATES) Object.freeze(value);
    this.entries.set(at, value);
    this.weight += this.weigh(value);
    for (const [oldest, kept] of this.entries) {
      if (this.weight <= this.limit) break;
      this.entries.delete(oldest);
      this.weight -= this.weigh(kept);
    }
    return value;
  }
}

/**
 * Whole report rows over finished days, kept per process (issue 33: a warm read's own CPU). A dashboard
 * or agent that reads the same list every few seconds, or two reports of one tool run over the same
 * entities, computes the report once; the day memos still serve a new range's days. A report is kept
 * only when its last day is before today (UTC), and holds every entity of its level: callers filter
 * the ids they want out of it and never change its rows (frozen under Jest). Bounded by rows: at most
 * `REPORT_ROWS_KEPT` per platform (a few tens of MB), the least recently used report dropped first.
 */
/** Report rows one platform's memo keeps. */
export const REPORT_ROWS_KEPT = 50_000;

export class ReportMemo<Row extends object> {
  private readonly reports = new DayMemo<readonly Row[]>(REPORT_ROWS_KEPT, (rows) => rows.length);
  /** The key of inputs already hashed: inputs handed to several reports of a run are read only (SandboxStore.perRead). */
  private readonly keys = new WeakMap<object, string>();

  /**
   * The rows of report `query` (its level, range and any breakdown, as one string) over `inputs` (the
   * stored entities it is computed from, history included) in the account partition `scope`.
   */
  rows(scope: string, inputs: object, query: string, lastDay: string, today: string, compute: () => Row[]): readonly Row[] {
    if (lastDay >= today) return compute();
    let key = this.keys.get(inputs);
    if (key === undefined || !key.startsWith(`${scope}|`)) this.keys.set(inputs, (key = contentKey(scope, inputs)));
    return this.reports.day(key, query, () => {
      const rows = compute();
      if (FREEZE_SHARED_STATES) rows.forEach(freezeDeep);
      return rows;
    });
  }
}
