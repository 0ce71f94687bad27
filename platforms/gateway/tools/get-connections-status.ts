import * as v from 'valibot';
import { PLATFORM_WORDS } from '../../../core/platforms';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { defineGatewayTool } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';

export const getConnectionsStatus = defineGatewayTool({
  name: 'get_connections_status',
  category: 'helper',
  description:
    'Shows, per platform, whether it is connected, how many accounts, sandbox or live, and whether each connection is healthy; a broken connection (key revoked, token expired or revoked, account disabled) says how to fix it, and an authorization that lapses on a fixed date shows the days left (with a warning in its last month). Never consumes quota.',
  access: 'read',
  quotaExempt: true,
  args: {},
  output: v.object({
    platforms: v.array(
      v.object({
        platform: v.picklist(PLATFORM_WORDS),
        connected: v.boolean(),
        account_count: v.number(),
        mode: v.nullable(v.picklist(['sandbox', 'live', 'mixed'])),
        healthy: v.boolean(),
        accounts: v.array(
          v.object({
            id: v.string(),
            name: v.string(),
            mode: v.picklist(['sandbox', 'live']),
            healthy: v.boolean(),
            detail: v.string(),
            fix: v.optional(v.string()),
            expires_at: v.optional(v.string()),
            days_left: v.optional(v.number()),
            warning: v.optional(v.string()),
          }),
        ),
      }),
    ),
  }),
  async run(_args, ctx) {
    const accounts = await listConnectedAccounts(ctx.owner.owner_id);
    const call = { signal: ctx.signal, deadline: ctx.deadline, log: ctx.log };
    const health = await Promise.all(accounts.map(async (account) => ({ account, ...(await ctx.platforms.health(account, call)) })));
    const platforms = PLATFORM_WORDS.map((platform) => {
      const mine = health.filter((h) => h.account.platform === platform);
      const modes = [...new Set(mine.map((h) => h.account.mode))];
      return {
        platform,
        connected: mine.length > 0,
        account_count: mine.length,
        mode: modes.length === 0 ? null : modes.length === 1 ? modes[0] : 'mixed',
        healthy: mine.length > 0 && mine.every((h) => h.healthy),
        accounts: mine.map((h) => ({
          id: h.account.account_id,
          name: h.account.name,
          mode: h.account.mode,
          healthy: h.healthy,
          detail: h.detail,
          ...(h.fix ? { fix: h.fix } : {}),
          ...(h.expires_at
            ? { expires_at: h.expires_at, days_left: Math.max(0, Math.floor((Date.parse(h.expires_at) - Date.now()) / 86_400_000)) }
            : {}),
          ...(h.warning ? { warning: h.warning } : {}),
        })),
      };
    });
    const rows = platforms.map((p) => [
      p.platform,
      p.connected ? 'connected' : 'not connected',
      p.account_count,
      p.mode ?? '-',
      !p.connected ? '-' : p.healthy ? 'healthy' : 'needs attention',
    ]);
    const problems = platforms.flatMap((p) =>
      p.accounts
        .filter((a) => !a.healthy)
        .map((a) => `- ${p.platform} account ${a.id} (${a.name}): ${a.detail}${a.fix ? ` Fix: ${a.fix}` : ''}`),
    );
    const warnings = platforms.flatMap((p) =>
      p.accounts.filter((a) => a.healthy && a.warning).map((a) => `- ${p.platform} account ${a.id} (${a.name}): ${a.warning}`),
    );
    const text = [
      '## Connection status',
      '',
      markdownTable(['Platform', 'Status', 'Accounts', 'Mode', 'Health'], rows),
      ...(problems.length ? ['', '### Needs attention', ...problems] : []),
      ...(warnings.length ? ['', '### Lapses soon', ...warnings] : []),
    ].join('\n');
    return { text, structured: { platforms } };
  },
});
