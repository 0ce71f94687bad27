/**
 * One source of figures per platform (issue 31): over one window, the platform's campaign list, the
 * cross-platform report (generate_report_now) and a monitor evaluation (test_monitor, per campaign
 * and per account) give the same spend, results and conversions, to the cent; a campaign its
 * platform shows with n/a conversions is never credited with any elsewhere.
 */
import { createTestOwner, useTestTables } from '../../support/gateway';
import { expectOneSource, PLATFORMS, useFixedClock } from './support';

useTestTables();
useFixedClock();

describe('one source of figures per platform', () => {
  it.each(PLATFORMS.map((c) => [c.platform, c] as const))(
    '%s: the campaign list, the cross-platform report and a monitor agree on spend, results and conversions to the cent',
    async (platform, c) => {
      const owner = await createTestOwner({ accounts: { [platform]: 1 } });
      await expectOneSource(owner.apiKey, c);
    },
    180_000,
  );
});
