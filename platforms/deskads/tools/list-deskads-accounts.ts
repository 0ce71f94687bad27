import * as v from 'valibot';
import { GatewayError } from '../../../core/errors';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { markdownTable } from '../../../core/markdown';
import { defineDeskAdsTool } from '../define';
import type { DeskAdsPort } from '../port';

/**
 * Account discovery must work before an account is chosen, so this tool skips account selection
 * (no account parameter, no platform port): it reads each connected account through the port the
 * runtime opens for it (ctx.openPort).
 */
export const listDeskAdsAccounts = defineDeskAdsTool({
  name: 'list_deskads_accounts',
  description:
    'Lists your connected deskads accounts as the platform sees them: the numeric AccountId (what every deskads tool takes as account_id, alias customer_id) next to the 8-character account number shown in the web interface (such as F1234567, not accepted by tools), with name, status, currency and time zone.',
  access: 'read',
  selectsAccount: false,
  args: {},
  output: v.object({
    accounts: v.array(
      v.object({
        account_id: v.string(),
        account_number: v.string(),
        name: v.string(),
        status: v.string(),
        currency_code: v.string(),
        time_zone: v.string(),
        parent_customer_id: v.string(),
        mode: v.string(),
      }),
    ),
    parameter: v.string(),
  }),
  async run(_args, ctx) {
    const connected = await listConnectedAccounts(ctx.owner.owner_id, 'deskads');
    const accounts = [];
    for (const account of connected) {
      let info: Awaited<ReturnType<DeskAdsPort['getAccountInfo']>>;
      try {
        info = await ctx.openPort<DeskAdsPort>(account).getAccountInfo();
      } catch (err) {
        // A live account the platform does not answer for is still listed, from what was stored when it was connected.
        if (account.mode !== 'live' || !(err instanceof GatewayError)) throw err;
        info = {
          id: account.account_id,
          account_id: account.account_id,
          account_number: account.upstream?.account_number ?? '',
          name: account.name,
          status: `not readable now (${String(err.structuredContent.code)})`,
          currency_code: account.currency,
          time_zone: account.time_zone,
          parent_customer_id: account.upstream?.customer_id ?? '',
        };
      }
      accounts.push({
        account_id: info.account_id,
        account_number: info.account_number,
        name: info.name,
        status: info.status,
        currency_code: info.currency_code,
        time_zone: info.time_zone,
        parent_customer_id: info.parent_customer_id,
        mode: account.mode,
      });
    }
    const text = [
      `## Connected deskads accounts (${accounts.length})`,
      '',
      accounts.length
        ? markdownTable(
            ['Account', 'account_id (use this)', 'Account number (UI only)', 'Status', 'Currency', 'Time zone'],
            accounts.map((a) => [a.name, a.account_id, a.account_number, a.status, a.currency_code, a.time_zone]),
          )
        : 'No deskads account is connected. get_connections_status shows what is connected.',
      '',
      'Tools take the numeric AccountId as `account_id` (or its alias `customer_id`), never the 8-character account number.' +
        (accounts.length > 1 ? ' With several accounts connected, every deskads tool needs `account_id`.' : ''),
    ].join('\n');
    return { text, structured: { accounts, parameter: 'account_id' } };
  },
});
