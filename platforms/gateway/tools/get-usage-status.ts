import * as v from 'valibot';
import { TIERS } from '../../../core/accounts';
import { defineGatewayTool } from '../../../core/tool';
import { monthlyLimit } from '../../../functions/runtime/stores/owners';
import { periodEndOf } from '../../../functions/runtime/stores/usage';
import { markdownTable } from '../../../core/markdown';

export const getUsageStatus = defineGatewayTool({
  name: 'get_usage_status',
  category: 'helper',
  description:
    "Shows your plan, how many tool calls you have used this month, how many remain, when the counter resets, and this month's calls per tool. Never consumes quota.",
  access: 'read',
  quotaExempt: true,
  args: {},
  output: v.object({
    tier: v.picklist(TIERS),
    used: v.number(),
    limit: v.number(),
    remaining: v.number(),
    period: v.string(),
    period_end: v.string(),
    calls_by_tool: v.record(v.string(), v.number()),
  }),
  async run(_args, ctx) {
    const usage = await ctx.usage();
    const limit = monthlyLimit(ctx.owner);
    const remaining = Math.max(0, limit - usage.used);
    const periodEnd = periodEndOf(ctx.now);
    const perTool = Object.entries(usage.calls).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const share = limit > 0 ? Math.round((usage.used / limit) * 100) : 100;
    const lines = [
      `## Usage this month (${usage.period})`,
      '',
      `- Plan: **${ctx.owner.tier}**`,
      `- Used: **${usage.used}** of ${limit} tool calls (${share}%)`,
      `- Remaining: **${remaining}**`,
      `- Resets on: ${periodEnd}`,
      '',
      perTool.length
        ? markdownTable(
            ['Tool', 'Calls'],
            perTool.map(([tool, calls]) => [tool, calls]),
          )
        : '_No billable calls yet this month._',
    ];
    if (remaining === 0) lines.push('', 'You have no calls left this month: upgrade your plan to continue before the reset.');
    else if (share >= 80) lines.push('', `You have used ${share}% of this month's calls; consider upgrading before you run out.`);
    return {
      text: lines.join('\n'),
      structured: {
        tier: ctx.owner.tier,
        used: usage.used,
        limit,
        remaining,
        period: usage.period,
        period_end: periodEnd,
        calls_by_tool: Object.fromEntries(perTool),
      },
    };
  },
});
