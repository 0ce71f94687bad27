import { UpstreamServerError } from '../../../core/errors';
import { createLogger } from '../../../functions/runtime/log';
import type { ConnectedAccount } from '../../../core/accounts';
import { addDays, isoDate } from '../../../core/dates';
import { deskads } from '../../../platforms/deskads/manifest';
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { createTestOwner, useTestTables } from '../../support/gateway';
import { describePortContract } from './port-contract';

useTestTables();

const call = () => ({
  signal: new AbortController().signal,
  deadline: Date.now() + 60_000,
  log: createLogger({ test: 'deskads port contract' }),
});

async function sandboxAccount(): Promise<ConnectedAccount> {
  const { accounts } = await createTestOwner({ accounts: { deskads: 1 } });
  return accounts.deskads![0]!;
}

describePortContract('sandbox adapter, opened as tools open it', async () => deskads.open(await sandboxAccount(), call()));

describe('deskads sandbox port behind the failure wrapper', () => {
  it('fails get_report once when that operation is injected, then reports again', async () => {
    const account = await sandboxAccount();
    const port = deskads.open(account, call());
    await injectSandboxFailure(account, 'get_report');
    const end = addDays(isoDate(new Date()), -1);
    const request = { report_type: 'CampaignPerformance', aggregation: 'Summary', start_date: addDays(end, -6), end_date: end } as const;
    await expect(port.getReport(request)).rejects.toBeInstanceOf(UpstreamServerError);
    expect((await port.getReport(request)).length).toBeGreaterThan(0);
  });
});
