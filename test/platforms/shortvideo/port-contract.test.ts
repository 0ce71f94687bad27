import { UpstreamServerError } from '../../../core/errors';
import { createLogger } from '../../../functions/runtime/log';
import type { ConnectedAccount } from '../../../core/accounts';
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { shortvideo } from '../../../platforms/shortvideo/manifest';
import { createTestOwner, useTestTables } from '../../support/gateway';
import { describePortContract } from './port-contract';

useTestTables();

const call = () => ({
  signal: new AbortController().signal,
  deadline: Date.now() + 60_000,
  log: createLogger({ test: 'shortvideo port contract' }),
});

async function sandboxAccount(): Promise<ConnectedAccount> {
  const { accounts } = await createTestOwner({ accounts: { shortvideo: 1 } });
  return accounts.shortvideo![0]!;
}

describePortContract('sandbox adapter, opened as tools open it', async () => shortvideo.open(await sandboxAccount(), call()));

describe('shortvideo sandbox port behind the failure wrapper', () => {
  it('fails get_report once when that operation is injected, then reports again', async () => {
    const account = await sandboxAccount();
    const port = shortvideo.open(account, call());
    await injectSandboxFailure(account, 'get_report');
    const query = { data_level: 'AUCTION_ADVERTISER', start_date: '2026-01-01', end_date: '2026-01-07' } as const;
    await expect(port.getReport(query)).rejects.toBeInstanceOf(UpstreamServerError);
    expect(await port.getReport(query)).toHaveLength(7);
  });
});
