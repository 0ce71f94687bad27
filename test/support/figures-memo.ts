/**
 * The check every sandbox simulator that keeps its days in the process's memo (platforms/sandbox/day-memo.ts)
 * must pass: a read after a write answers the new figures, and an account holding a copy of another's
 * entities (same ids, same history) never sees the other's figures. Every read runs twice, the second from the
 * memo the first filled. The platform's test supplies how it reads yesterday's spend and pauses a campaign.
 */
import type { ConnectedAccount } from '../../core/accounts';
import { addDays, isoDate } from '../../core/dates';
import type { PlatformWord } from '../../core/platforms';
import { SandboxStore } from '../../platforms/sandbox/store';
import { createTestOwner } from './gateway';

export const yesterday = () => addDays(isoDate(new Date()), -1);

export interface MemoCase<Port> {
  platform: PlatformWord;
  /** The kinds of the platform's sandbox entities (its `KIND`), copied to the second account. */
  kinds: readonly string[];
  open(account: ConnectedAccount): Port;
  /** Yesterday's spend by id (campaigns and ads) as the platform's reports answer it. */
  spendYesterday(port: Port): Promise<Record<string, number>>;
  /** The campaign to pause, and yesterday's spend once it is paused from the start of yesterday. */
  pick(port: Port, before: Record<string, number>): Promise<{ campaignId: string; paused: Record<string, number> }>;
  /** Pauses the campaign from the start of yesterday (the store records when a change happened). */
  pause(store: SandboxStore, campaignId: string, at: Date): Promise<unknown>;
}

/** Runs the check; answers the owner's API key and the paused campaign, for a check through the platform's tool. */
export async function expectDaysKeptPerContent<Port>(c: MemoCase<Port>): Promise<{ apiKey: string; campaignId: string }> {
  const twice = async (port: Port) => {
    const first = await c.spendYesterday(port);
    expect(await c.spendYesterday(port)).toEqual(first);
    return first;
  };
  const owner = await createTestOwner({ accounts: { [c.platform]: 1 } });
  const account = owner.accounts[c.platform]![0]!;
  const port = c.open(account);
  const store = new SandboxStore(c.platform, account.account_id);

  // A second account holding a copy of the first one's entities (same ids, same history).
  const copyId = `${account.account_id}-copy`;
  const copy = new SandboxStore(c.platform, copyId);
  for (const kind of c.kinds) await copy.putMany(kind, await store.list(kind, { withHistory: true }));
  const copyPort = c.open({ ...account, account_id: copyId });

  const before = await twice(port);
  const { campaignId, paused } = await c.pick(port, before);
  expect(paused).not.toEqual(before);
  expect(await twice(copyPort)).toEqual(before);

  // Paused in the copy: the copy answers the new figures, the first account keeps its own.
  const at = new Date(`${yesterday()}T00:00:00.000Z`);
  await c.pause(copy, campaignId, at);
  expect(await twice(copyPort)).toEqual(paused);
  expect(await twice(port)).toEqual(before);

  // Paused in the first account too: its next read answers the new figures.
  await c.pause(store, campaignId, at);
  expect(await twice(port)).toEqual(paused);
  return { apiKey: owner.apiKey, campaignId };
}
