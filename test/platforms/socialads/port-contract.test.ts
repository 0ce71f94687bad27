import type { ConnectedAccount } from '../../../core/accounts';
import { createLogger } from '../../../functions/runtime/log';
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { socialads } from '../../../platforms/socialads/manifest';
import { addDays, isoDate } from '../../../core/dates';
import { createTestOwner, useTestTables } from '../../support/gateway';
import { describePortContract } from './port-contract';

useTestTables();

let account: ConnectedAccount;
beforeAll(async () => {
  account = (await createTestOwner({ accounts: { socialads: 1 } })).accounts.socialads![0]!;
});

/** The sandbox port as tools get it: opened by openPort, inside the failure-injection wrapper. */
const open = async () =>
  socialads.open(account, {
    signal: new AbortController().signal,
    deadline: Date.now() + 30_000,
    log: createLogger({ test: 'port-contract' }),
  });

describePortContract('sandbox', open);

describe('socialads sandbox port', () => {
  it('applies injected failures to the new methods by their snake_case name', async () => {
    await injectSandboxFailure(account, 'get_insights', 1);
    const yesterday = addDays(isoDate(new Date()), -1);
    const query = { level: 'campaign' as const, time_range: { since: yesterday, until: yesterday } };
    const port = await open();
    await expect(port.getInsights(query)).rejects.toMatchObject({ statusCode: 500 });
    await expect(port.getInsights(query)).resolves.toBeInstanceOf(Array);
  });
});
