/**
 * import_deskads_from_searchads live to live: the owner's searchads account (over the fake search
 * platform) read through its live adapter, its search campaigns created paused on the deskads
 * account (over the fake deskads platform).
 */
import { connectLiveAccounts } from '../../../functions/connect/accounts';
import { callToolOk, useTestTables } from '../../support/gateway';
import { customerId, useFakeSearchPlatform } from '../searchads/live-support';
import { deskAdsLiveOwner, useFakeDeskAds } from './live-support';

useTestTables();
const search = useFakeSearchPlatform();
const platform = useFakeDeskAds();

it('imports the search campaigns of a live searchads account into a live deskads account, paused; a dry run writes nothing', async () => {
  const live = await deskAdsLiveOwner(platform);
  const user = `user-${customerId()}@example.com`;
  const searchId = customerId();
  search.api.addCustomer({ id: searchId, name: 'Northwind search (live)', users: [user] });
  search.api.seed(searchId);
  await connectLiveAccounts(live.owner.owner_id, 'searchads', {
    'refresh-token': search.oauth.issueRefreshToken(user),
    'customer-id': searchId,
  });

  const writes = platform.writes().length;
  const dry = await callToolOk(live.apiKey, 'import_deskads_from_searchads', { dry_run: true });
  expect(dry.structured).toMatchObject({ dry_run: true });
  expect(platform.writes().length).toBe(writes);

  const done = (await callToolOk(live.apiKey, 'import_deskads_from_searchads', {})).structured!;
  const created = (done.campaigns as { outcome: string; name: string }[]).filter((c) => c.outcome === 'created');
  expect(created.length).toBeGreaterThan(0);
  const onPlatform = [...platform.accounts.get(live.account.account_id)!.campaigns.values()];
  for (const campaign of created) expect(onPlatform.find((c) => c.Name === campaign.name)).toMatchObject({ Status: 'Paused' });
}, 180_000);
