/**
 * The deskads platform faked on 127.0.0.1 (identity service, API services, file hosts), the
 * settings pointed at it, and owners whose deskads accounts are connected live through the real
 * connector.
 */
import type { ConnectedAccount } from '../../../core/accounts';
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { FakeDeskAdsPlatform } from '../../fakes/deskads-api';
import { createTestOwner, type TestOwner } from '../../support/gateway';

/** Starts the fake before the file's tests and points the settings at it; restores them after. */
export function useFakeDeskAds(): FakeDeskAdsPlatform {
  const platform = new FakeDeskAdsPlatform();
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    await platform.start();
    for (const [name, value] of Object.entries(platform.settings())) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterEach(() => {
    // The fake checks its own answers against the platform's published models.
    expect(platform.answerProblems.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await platform.close();
  });
  return platform;
}

let users = 0;
/** A new user e-mail. */
export const userEmail = () => `marketer-${Date.now()}-${++users}@example.com`;

export interface DeskAdsLiveOwner extends TestOwner {
  account: ConnectedAccount;
  refreshToken: string;
  user: string;
}

/** An owner with one seeded ad account on the fake, connected live with a refresh token of its user. */
export async function deskAdsLiveOwner(
  platform: FakeDeskAdsPlatform,
  options: { tier?: 'free' | 'pro'; currency?: string; name?: string } = {},
): Promise<DeskAdsLiveOwner> {
  const user = userEmail();
  platform.addUser(user);
  const id = platform.addAccount(user, { name: options.name ?? 'Northwind Outdoor (live)', currency: options.currency });
  const refreshToken = platform.issueRefreshToken(user);
  const owner = await createTestOwner({ tier: options.tier ?? 'pro' });
  const [account] = await connectLiveAccounts(owner.owner.owner_id, 'deskads', { 'refresh-token': refreshToken, 'account-id': id });
  return { ...owner, account: account!, refreshToken, user };
}
