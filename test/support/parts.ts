/**
 * Splits a sweep over every tool into parts of about equal size, one test file per part, so the
 * slowest sweeps spread over Jest's workers. A part is a set of platform groups (a platform word,
 * or `gateway` for cross-platform tools): the groups, largest first, each go to the part with the
 * fewest tools so far. Every group lands in exactly one part, new platforms included.
 */
import { REGISTRY } from '../../functions/all-tools';
import type { ToolDefinition } from '../../core/tool';

export const groupOf = (tool: Pick<ToolDefinition, 'platform'>): string => tool.platform ?? 'gateway';

/** The platform groups of part `part` (1-based) of `parts`, for tools matching `include`. */
export function groupsOfPart(part: number, parts: number, include: (tool: ToolDefinition) => boolean = () => true): string[] {
  const sizes = new Map<string, number>();
  for (const tool of REGISTRY.all().filter(include)) sizes.set(groupOf(tool), (sizes.get(groupOf(tool)) ?? 0) + 1);
  const buckets = Array.from({ length: parts }, () => ({ groups: [] as string[], tools: 0 }));
  const largestFirst = [...sizes.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  for (const [group, size] of largestFirst) {
    const lightest = buckets.reduce((min, bucket) => (bucket.tools < min.tools ? bucket : min));
    lightest.groups.push(group);
    lightest.tools += size;
  }
  return buckets[part - 1]!.groups.sort();
}
