import * as v from 'valibot';
import { PLATFORM_WORDS } from '../../../core/platforms';
import { ACCOUNT_PARAMETERS } from '../../account-parameters';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { defineGatewayTool } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';

export const listConnectedAccountsTool = defineGatewayTool({
  name: 'list_connected_accounts',
  category: 'helper',
  description:
    "Lists your connected ad accounts per platform with their ids and names, and which parameter names an account in that platform's tools. Never consumes quota.",
  access: 'read',
  quotaExempt: true,
  args: {},
  output: v.object({
    platforms: v.array(
      v.object({
        platform: v.picklist(PLATFORM_WORDS),
        parameter: v.string(),
        required: v.boolean(),
        accounts: v.array(v.object({ id: v.string(), name: v.string(), mode: v.picklist(['sandbox', 'live']) })),
      }),
    ),
  }),
  async run(_args, ctx) {
    const accounts = await listConnectedAccounts(ctx.owner.owner_id);
    const platforms = PLATFORM_WORDS.map((platform) => {
      const mine = accounts.filter((a) => a.platform === platform);
      return {
        platform,
        parameter: ACCOUNT_PARAMETERS[platform].parameter,
        required: mine.length > 1,
        accounts: mine.map((a) => ({ id: a.account_id, name: a.name, mode: a.mode })),
      };
    });
    const connected = platforms.filter((p) => p.accounts.length);
    const lines = [`## Connected accounts (${accounts.length})`, ''];
    if (!connected.length) lines.push('No ad accounts are connected yet.');
    for (const p of connected) {
      lines.push(
        `### ${p.platform}`,
        `Name the account with \`${p.parameter}\`` +
          (p.required ? ' (required: several accounts are connected).' : ' (optional: only one account is connected).'),
        '',
        markdownTable(
          ['Account id', 'Name', 'Mode'],
          p.accounts.map((a) => [a.id, a.name, a.mode]),
        ),
        '',
      );
    }
    const missing = platforms.filter((p) => !p.accounts.length).map((p) => p.platform);
    if (missing.length) lines.push(`Not connected: ${missing.join(', ')}.`);
    return { text: lines.join('\n').trim(), structured: { platforms } };
  },
});
