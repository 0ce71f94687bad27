import type { ToolDefinition, ToolGroup } from '../../core/tool';

/** Tools by name. Building it with two tools of one name fails, so a duplicate never ships. */
export class ToolRegistry {
  private readonly byName = new Map<string, ToolDefinition>();

  constructor(tools: readonly ToolDefinition[]) {
    for (const tool of tools) {
      if (this.byName.has(tool.name)) throw new Error(`Duplicate tool name: ${tool.name}`);
      this.byName.set(tool.name, tool);
    }
  }

  get(name: string): ToolDefinition | undefined {
    return this.byName.get(name);
  }

  all(): ToolDefinition[] {
    return [...this.byName.values()];
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  ofGroup(group: ToolGroup): ToolDefinition[] {
    return this.all().filter((tool) => tool.group === group);
  }

  /** Closest names by edit distance, for "did you mean" in 404s. */
  closest(name: string, count = 3): string[] {
    return closestNames(name, this.names(), count);
  }
}

export function closestNames(name: string, candidates: readonly string[], count = 3): string[] {
  const target = name.toLowerCase();
  return candidates
    .map((candidate) => {
      const distance = editDistance(target, candidate.toLowerCase());
      // A name that contains the other (reels → stories_reels, get_campaign → get_campaign_labels)
      // is the likeliest meaning, ahead of any mere typo distance.
      const contained = target.length >= 3 && (candidate.toLowerCase().includes(target) || target.includes(candidate.toLowerCase()));
      return { candidate, score: contained ? 0.5 + distance / 100 : distance };
    })
    .filter(({ candidate, score }) => score <= Math.max(3, Math.ceil(Math.max(candidate.length, target.length) * 0.4)))
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

export function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j];
      previous[j] = Math.min(previous[j] + 1, previous[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length];
}
