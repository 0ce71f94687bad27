import * as v from 'valibot';
import { PLATFORM_WORDS } from '../../../core/platforms';
import { listConnectedAccounts, monthlyLimit } from '../../../functions/runtime/stores/owners';
import { defineGatewayTool } from '../../../core/tool';
import { markdownTable, money } from '../../../core/markdown';
import type { Opportunity } from '../../../core/platform';

/** Fixes come first whatever their value: a broken connection hides everything else. */
const KIND_WEIGHT: Record<Opportunity['kind'], number> = { fix: 3, cut_waste: 2, scale_winner: 1.5, setup: 1 };
const MAX_ACTIONS = 10;

/** True when a change action would set every argument it changes to the value it already has. */
function changesNothing(opportunity: Opportunity): boolean {
  const current = opportunity.current;
  if (!current || Object.keys(current).length === 0) return false;
  return Object.entries(current).every(([name, value]) => opportunity.arguments[name] === value);
}

export const suggestNextAction = defineGatewayTool({
  name: 'suggest_next_action',
  category: 'helper',
  description:
    'Ranks the most valuable next actions across your connected accounts (every platform) from your own data: spend to cut, winners to scale, broken connections to fix, and what to set up next. Each action names the tool and arguments to carry it out; where no tool can make the change, an inspect action names the read tool that shows what to act on.',
  access: 'read',
  args: {},
  output: v.object({
    actions: v.array(
      v.object({
        rank: v.number(),
        platform: v.string(),
        account_id: v.nullable(v.string()),
        kind: v.string(),
        monthly_value: v.number(),
        title: v.string(),
        tool: v.string(),
        // The arguments of the tool named: each tool's own (its argument schema in the catalog).
        arguments: v.record(v.string(), v.unknown()),
        action_type: v.string(),
      }),
    ),
    total_found: v.number(),
    skipped: v.array(v.string()),
  }),
  async run(_args, ctx) {
    const accounts = await listConnectedAccounts(ctx.owner.owner_id);
    const call = { signal: ctx.signal, deadline: ctx.deadline, log: ctx.log };
    const actions: (Opportunity & { score: number; note?: string })[] = [];
    const skipped: string[] = [];

    for (const account of accounts) {
      const health = await ctx.platforms.health(account, call);
      if (!health.healthy) {
        actions.push({
          platform: account.platform,
          account_id: account.account_id,
          kind: 'fix',
          monthly_value: 0,
          score: 0,
          title: `Reconnect or check ${account.name}: ${health.detail}`,
          tool: 'get_connections_status',
          arguments: {},
        });
        continue;
      }
      try {
        for (const opportunity of await ctx.platforms.findOpportunities(account, ctx.now, call)) {
          // Only actions a caller can follow: a registered tool, and a change that changes something.
          if (!ctx.platforms.tool(opportunity.tool)) {
            ctx.log.error('suggest_next_action: a finder named an unregistered tool', {
              platform: account.platform,
              tool: opportunity.tool,
            });
            continue;
          }
          if (changesNothing(opportunity)) continue;
          actions.push({ ...opportunity, score: 0 });
        }
      } catch (err) {
        // One platform failing (rate limit, outage) must not hide the others' advice.
        skipped.push(`${account.platform} ${account.account_id}: ${(err as Error).message}`);
      }
    }

    const usage = await ctx.usage();
    const limit = monthlyLimit(ctx.owner);
    if (usage.used >= limit * 0.8) {
      actions.push({
        platform: null,
        account_id: null,
        kind: 'fix',
        monthly_value: 0,
        score: 0,
        title: `You have used ${usage.used} of ${limit} tool calls this month: upgrade before you run out`,
        tool: 'get_usage_status',
        arguments: {},
      });
    }
    const connected = new Set(accounts.map((a) => a.platform));
    for (const platform of PLATFORM_WORDS.filter((p) => !connected.has(p))) {
      actions.push({
        platform,
        account_id: null,
        kind: 'setup',
        monthly_value: 0,
        score: 0,
        title: `Connect a ${platform} account to manage it here`,
        tool: 'get_connections_status',
        arguments: {},
      });
    }

    for (const action of actions) action.score = KIND_WEIGHT[action.kind] * (1 + action.monthly_value);
    actions.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title));
    // A change is carried out by a write tool; a read tool only shows what to act on: an inspect action.
    const top = actions.slice(0, MAX_ACTIONS).map(({ score: _score, current: _current, ...action }, i) => ({
      rank: i + 1,
      ...action,
      action_type: ctx.platforms.tool(action.tool)?.access === 'write' ? ('change' as const) : ('inspect' as const),
    }));

    const text = [
      '## Suggested next actions',
      '',
      'Ranked by estimated value over 30 days: broken connections first, then spend to cut (certain savings weigh more), then winners to scale (projected gains), then setup. A change action names the tool that makes it; an inspect action names the read tool that shows what to act on.',
      '',
      top.length
        ? markdownTable(
            ['#', 'Action', 'Platform', 'Est. value / 30 days', 'Tool'],
            top.map((a) => [
              a.rank,
              a.title,
              a.platform ?? 'all',
              a.monthly_value > 0 ? money(a.monthly_value) : '-',
              `\`${a.tool}\`${a.action_type === 'inspect' ? ' (inspect)' : ''}`,
            ]),
          )
        : 'Nothing stands out: your connected accounts look healthy and efficient.',
      ...(top[0]
        ? [
            '',
            `**Start with #1:** call \`${top[0].tool}\` with \`${JSON.stringify(top[0].arguments)}\`${top[0].action_type === 'inspect' ? ' to see what to act on' : ''}.`,
          ]
        : []),
      ...(skipped.length ? ['', `_Not analysed right now: ${skipped.join('; ')}._`] : []),
    ].join('\n');
    return { text, structured: { actions: top, total_found: actions.length, skipped } };
  },
});
