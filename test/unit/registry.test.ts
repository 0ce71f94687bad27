import { ToolRegistry, closestNames, editDistance } from '../../functions/runtime/registry';
import { defineGatewayTool } from '../../core/tool';
import { ALL_TOOLS, REGISTRY } from '../../functions/all-tools';

const tool = (name: string) =>
  defineGatewayTool({ category: 'helper', name, description: name, access: 'read', args: {}, run: async () => ({ text: name }) });

describe('Class: ToolRegistry', () => {
  it('refuses two tools with one name', () => {
    expect(() => new ToolRegistry([tool('a_tool'), tool('b_tool'), tool('a_tool')])).toThrow('Duplicate tool name: a_tool');
  });

  it('holds every registered tool exactly once, each with a snake_case name, description and group', () => {
    expect(REGISTRY.all()).toHaveLength(ALL_TOOLS.length);
    for (const t of REGISTRY.all()) {
      expect(t.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(t.description.length).toBeGreaterThan(20);
      expect(t.group === 'gateway' || t.group === t.platform).toBe(true);
    }
  });

  it('registers the three quota-exempt tools as exempt and nothing else', () => {
    expect(
      REGISTRY.all()
        .filter((t) => t.quotaExempt)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['get_connections_status', 'get_usage_status', 'list_connected_accounts']);
  });
});

describe('Function: closestNames', () => {
  it('suggests the nearest names for a typo', () => {
    expect(closestNames('get_usage_stats', ['get_usage_status', 'list_campaigns', 'get_campaign_labels'])).toEqual(['get_usage_status']);
  });

  it('puts a name containing what was typed first', () => {
    expect(closestNames('reels', ['feed', 'stories_reels', 'right_column'])[0]).toBe('stories_reels');
  });

  it('suggests nothing for a name unlike any tool', () => {
    expect(closestNames('completely_unrelated_thing', ['get_usage_status', 'list_campaigns'])).toEqual([]);
  });

  it('measures edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
