/**
 * Pieces of a top-down sandbox delivery model: the parts of a day during which a chain of
 * entities (ad, its ad set, its campaign...) kept one state each, and the split of a parent's whole
 * figures among its children so the parts add up to the whole exactly.
 */
import { changeTimes, stateView, type WithHistory } from './history';

export interface JointSegment<T> {
  /** The state of each entity (same order as given) during this part of the day (shared: read only). */
  states: Readonly<T>[];
  /** When this part starts (ISO timestamp). */
  from: string;
  /** Part of the UTC day, 0-1; the segments of a day add up to 1. */
  share: number;
}

/**
 * The parts of UTC day `date` during which every entity of `chain` kept one state (a change of any
 * of them, or a creation time inside the day, starts a new part). Like `daySegments` of history.ts,
 * for several entities at once.
 */
export function jointSegments<T extends object>(
  chain: readonly WithHistory<T>[],
  date: string,
  extraMoments: readonly string[] = [],
): JointSegment<T>[] {
  const dayStart = Date.parse(`${date}T00:00:00.000Z`);
  const dayEnd = dayStart + 86_400_000;
  const moments = chain.flatMap((entity) => changeTimes(entity)).concat(extraMoments.map((at) => Date.parse(at)));
  const cuts = [...new Set(moments.filter((t) => t > dayStart && t < dayEnd))].sort((a, b) => a - b);
  const bounds = [dayStart, ...cuts, dayEnd];
  const segments: JointSegment<T>[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    const moment = new Date(bounds[i]!).toISOString();
    segments.push({
      states: chain.map((entity) => stateView(entity, moment)),
      from: moment,
      share: (bounds[i + 1]! - bounds[i]!) / 86_400_000,
    });
  }
  return segments;
}
