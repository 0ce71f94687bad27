import type { ConnectedAccount } from '../../../core/accounts';
import { createLogger } from '../../../functions/runtime/log';
import { addDays, isoDate } from '../../../core/dates';
import { proads } from '../../../platforms/proads/manifest';
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { createTestOwner, useTestTables } from '../../support/gateway';
import { describePortContract } from './port-contract';

useTestTables();

let account: ConnectedAccount;
beforeAll(async () => {
  account = (await createTestOwner({ accounts: { proads: 1 } })).accounts.proads![0]!;
});

/** The sandbox port as tools get it: opened by openPort, inside the failure-injection wrapper. */
const open = async () =>
  proads.open(account, {
    signal: new AbortController().signal,
    deadline: Date.now() + 30_000,
    log: createLogger({ test: 'port-contract' }),
  });

describePortContract('sandbox', open);

describe('proads sandbox port', () => {
  it('applies injected failures to the analytics method by its snake_case name', async () => {
    await injectSandboxFailure(account, 'get_analytics', 1);
    const yesterday = addDays(isoDate(new Date()), -1);
    const query = { pivot: 'CAMPAIGN' as const, date_range: { start: yesterday, end: yesterday }, time_granularity: 'ALL' as const };
    const port = await open();
    await expect(port.getAnalytics(query)).rejects.toMatchObject({ statusCode: 500 });
    await expect(port.getAnalytics(query)).resolves.toBeInstanceOf(Array);
  });

  it('refuses a demographic pivot narrowed to campaigns, which the sandbox cannot split', async () => {
    const port = await open();
    const yesterday = addDays(isoDate(new Date()), -1);
    const campaign = (await port.listCampaigns())[0]!;
    await expect(
      port.getAnalytics({
        pivot: 'MEMBER_SENIORITY',
        date_range: { start: yesterday, end: yesterday },
        time_granularity: 'ALL',
        campaigns: [campaign.id],
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
