/**
 * DynamoDB requests of a warm call, counted on the shared client (sandbox-reads-counting.ts): a
 * billable sandbox read costs at most 3 (the quota reservation, the account's entities and, for what
 * walks past days, its change history), on every platform. Writes: sandbox-reads-writes.test.ts;
 * 10,000 changes: sandbox-reads-10000-changes.test.ts.
 */
import type { PlatformWord } from '../../core/platforms';
import { useTestTables } from '../support/gateway';
import { PLATFORMS, useCountedCalls } from './sandbox-reads-counting';

useTestTables();
const { requestsOf, warm } = useCountedCalls();

/**
 * The requests of a read by kind, in either order: a read whose tool read its account's entities
 * before in this process queries them while its quota reservation is on its way
 * (functions/runtime/read-ahead.ts; its order: test/integration/read-ahead.test.ts).
 */
const kinds = (requests: string[]) => [...requests].sort();

describe('DynamoDB requests of a warm sandbox read', () => {
  it.each(Object.keys(PLATFORMS) as PlatformWord[])(
    '%s: a billable list read and a billable report read cost at most 3 requests each',
    async (platform) => {
      await warm(platform);
      const calls = PLATFORMS[platform];
      const list = await requestsOf(...calls.list);
      const report = await requestsOf(...calls.report);
      expect({ list: kinds(list.requests), report: kinds(report.requests) }).toEqual({
        list: ['QueryCommand', 'UpdateItemCommand'], // the account's entities, the quota reservation
        report: ['QueryCommand', 'UpdateItemCommand'],
      });
    },
    180_000,
  );

  it.each(Object.keys(PLATFORMS) as PlatformWord[])(
    "%s: once a campaign has changed, a report or a list with past days' figures reads the change history in one more request",
    async (platform) => {
      const calls = PLATFORMS[platform];
      const campaigns = await warm(platform);
      await requestsOf(...calls.write(campaigns));
      await warm(platform);
      const list = await requestsOf(...calls.list);
      const report = await requestsOf(...calls.report);
      expect({ list: kinds(list.requests), report: kinds(report.requests) }).toEqual({
        // Every platform's campaign list shows figures of past days (day-weighted budgets): it reads the changes too.
        list: ['QueryCommand', 'QueryCommand', 'UpdateItemCommand'],
        report: ['QueryCommand', 'QueryCommand', 'UpdateItemCommand'], // + the account's changes
      });
    },
    180_000,
  );
});
