import { UpstreamServerError } from '../../../core/errors';
import { createLogger } from '../../../functions/runtime/log';
import type { ConnectedAccount } from '../../../core/accounts';
import { retailads } from '../../../platforms/retailads/manifest';
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { createTestOwner, useTestTables } from '../../support/gateway';
import { describePortContract } from './port-contract';

useTestTables();

const call = () => ({
  signal: new AbortController().signal,
  deadline: Date.now() + 60_000,
  log: createLogger({ test: 'retailads port contract' }),
});

async function sandboxAccount(): Promise<ConnectedAccount> {
  const { accounts } = await createTestOwner({ accounts: { retailads: 1 } });
  return accounts.retailads![0]!;
}

describePortContract('sandbox adapter, opened as tools open it', async () => retailads.open(await sandboxAccount(), call()));

describe('retailads sandbox port behind the failure wrapper', () => {
  it('fails get_report once when that operation is injected, then reports again', async () => {
    const account = await sandboxAccount();
    const port = retailads.open(account, call());
    await injectSandboxFailure(account, 'get_report');
    await expect(port.getReport('spCampaigns', '2026-01-01', '2026-01-07')).rejects.toBeInstanceOf(UpstreamServerError);
    expect((await port.getReport('spCampaigns', '2026-01-01', '2026-01-07')).length).toBeGreaterThan(0);
  });
});
