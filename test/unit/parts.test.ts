import { REGISTRY } from '../../functions/all-tools';
import { groupOf, groupsOfPart } from '../support/parts';

describe('splitting a sweep into parts (test/support/parts.ts)', () => {
  it.each([1, 2, 3, 4])('puts every platform group in exactly one of %i parts, the parts about equal in tools', (parts) => {
    const all = [...new Set(REGISTRY.all().map(groupOf))].sort();
    const split = Array.from({ length: parts }, (_, i) => groupsOfPart(i + 1, parts));
    expect(split.flat().sort()).toEqual(all);
    const sizes = split.map((groups) => REGISTRY.all().filter((tool) => groups.includes(groupOf(tool))).length);
    const largestGroup = Math.max(...all.map((group) => REGISTRY.all().filter((tool) => groupOf(tool) === group).length));
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(largestGroup);
  });
});
