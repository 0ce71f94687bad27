import { PLATFORM_WORDS } from '../../../functions/runtime/platforms';
import { listConnectedAccounts, monthlyLimit } from '../../../functions/runtime/stores/owners';
import { defineGatewayTool } from '../../../functions/runtime/tool';
import { markdownTable, money } from '../../markdown';
import type { Opportunity } from '../../platform-module';
import { connectionHealth } from '../../connect';

/** Fixes come first whatever their value: a broken connection hides everything else. */
const KIND_WEIGHT: Record<Opportunity['kind'], number> = { fix: 3, cut_waste: 2, scale_winner: 1.5, setup: 1 };
const MAX_ACTIONS = 10;

export const suggestNextAction = defineGatewayTool({
  name: 'suggest_next_action',
  description:
    'Ranks the most valuable next actions across your connected accounts from your own data: spend to cut, winners to scale, broken connections to fix, and what to set up next. Each action names the tool and arguments to carry it out.',
  access: 'read',
  args: {},
  async run(_args, ctx) {
    // Imported here, not at the top: platforms/index.ts registers this tool, so a top-level import would be circular.
    const { PLATFORM_MODULES } = await import('../../index');
    const accounts = await listConnectedAccounts(ctx.owner.owner_id);
    const call = { signal: ctx.signal, deadline: ctx.deadline, log: ctx.log };
    const actions: (Opportunity & { score: number; note?: string })[] = [];
    const skipped: string[] = [];

    for (const account of accounts) {
      const health = await connectionHealth(account, call);
      if (!health.healthy) {
        actions.push({
          platform: account.platform, account_id: account.account_id, kind: 'fix', monthly_value: 0, score: 0,
          title: `Reconnect or check ${account.name}: ${health.detail}`,
          tool: 'get_connections_status', arguments: {},
        });
        continue;
      }
      const finder = PLATFORM_MODULES[account.platform].findOpportunities;
      if (!finder) continue;
      try {
        for (const opportunity of await finder(account, ctx.now, call)) actions.push({ ...opportunity, score: 0 });
      } catch (err) {
        // One platform failing (rate limit, outage) must not hide the others' advice.
        skipped.push(`${account.platform} ${account.account_id}: ${(err as Error).message}`);
      }
    }

    const usage = await ctx.usage();
    const limit = monthlyLimit(ctx.owner);
    if (usage.used >= limit * 0.8) {
      actions.push({
        platform: null, account_id: null, kind: 'fix', monthly_value: 0, score: 0,
        title: `You have used ${usage.used} of ${limit} tool calls this month: upgrade before you run out`,
        tool: 'get_usage_status', arguments: {},
      });
    }
    const connected = new Set(accounts.map((a) => a.platform));
    for (const platform of PLATFORM_WORDS.filter((p) => !connected.has(p))) {
      actions.push({
        platform, account_id: null, kind: 'setup', monthly_value: 0, score: 0,
        title: `Connect a ${platform} account to manage it here`,
        tool: 'get_connections_status', arguments: {},
      });
    }

    for (const action of actions) action.score = KIND_WEIGHT[action.kind] * (1 + action.monthly_value);
    actions.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title));
    const top = actions.slice(0, MAX_ACTIONS).map(({ score: _score, ...action }, i) => ({ rank: i + 1, ...action }));

    const text = [
      '## Suggested next actions',
      '',
      'Ranked by estimated value over 30 days: broken connections first, then spend to cut (certain savings weigh more), then winners to scale (projected gains), then setup.',
      '',
      top.length
        ? markdownTable(
            ['#', 'Action', 'Platform', 'Est. value / 30 days', 'Tool'],
            top.map((a) => [a.rank, a.title, a.platform ?? 'all', a.monthly_value > 0 ? money(a.monthly_value) : '-', `\`${a.tool}\``]),
          )
        : 'Nothing stands out: your connected accounts look healthy and efficient.',
      ...(top[0] ? ['', `**Start with #1:** call \`${top[0].tool}\` with \`${JSON.stringify(top[0].arguments)}\`.`] : []),
      ...(skipped.length ? ['', `_Not analysed right now: ${skipped.join('; ')}._`] : []),
    ].join('\n');
    return { text, structured: { actions: top, total_found: actions.length, skipped } };
  },
});
