/**
 * `gateway accounts connect --platform chatads --live --api-key K`: the command reads the ad
 * account from the (fake) platform to check the key and name the account, prints it, and shows the
 * key nowhere: not in its output, not in any table item.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { runCommand, UsageError } from '../../../bin/gateway';
import { tableName } from '../../../functions/runtime/config';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { TABLE_SPECS } from '../../../functions/runtime/stores/tables';
import { useFakeChatAdsApi } from './live-support';
import { callToolOk, useTestTables } from '../../support/gateway';

useTestTables();

const fakePlatform = useFakeChatAdsApi();

const json = async (argv: string[]) => JSON.parse(await runCommand([...argv, '--json']));

describe('Command: gateway accounts connect --platform chatads --live', () => {
  it('connects the ad account of the key, prints {platform, accounts: [{id, name}]}, and the account works', async () => {
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    const key = await json(['keys', 'create', '--owner', owner.owner_id]);
    const { account, apiKey } = fakePlatform.api.addAccount('Contoso Coffee Ads');
    const raw = await runCommand([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'chatads',
      '--live',
      '--api-key',
      apiKey,
      '--json',
    ]);
    expect(JSON.parse(raw)).toEqual({ platform: 'chatads', accounts: [{ id: account.id, name: 'Contoso Coffee Ads' }] });
    expect(raw).not.toContain(apiKey);
    expect(fakePlatform.api.count('GET', '/v1/ad_account')).toBeGreaterThan(0);
    const text = await runCommand([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'chatads',
      '--live',
      '--api-key',
      apiKey,
    ]);
    expect(text).toContain(account.id);
    expect(text).not.toContain(apiKey);
    for (const table of Object.keys(TABLE_SPECS) as (keyof typeof TABLE_SPECS)[]) {
      const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName(table) }));
      expect(JSON.stringify(Items)).not.toContain(apiKey);
    }
    const campaigns = await callToolOk(key.api_key, 'list_chatads_campaigns', {});
    expect(campaigns.structured!.total).toBe(account.campaigns.length);
  });

  it('refuses a missing, malformed or wrong key without storing anything, and never echoes the key', async () => {
    const owner = await json(['owners', 'create', '--tier', 'pro']);
    await expect(runCommand(['accounts', 'connect', '--owner', owner.owner_id, '--platform', 'chatads', '--live'])).rejects.toThrow(
      UsageError,
    );
    await expect(
      runCommand(['accounts', 'connect', '--owner', owner.owner_id, '--platform', 'chatads', '--live', '--api-key', 'has space']),
    ).rejects.toThrow('does not look like an Ads API key');
    await expect(
      runCommand([
        'accounts',
        'connect',
        '--owner',
        owner.owner_id,
        '--platform',
        'chatads',
        '--live',
        '--api-key',
        'sk-ads-x',
        '--customer-id',
        '1',
      ]),
    ).rejects.toThrow('--customer-id');
    const wrong = 'sk-ads-wrongwrongwrongwrong';
    const failure = await runCommand([
      'accounts',
      'connect',
      '--owner',
      owner.owner_id,
      '--platform',
      'chatads',
      '--live',
      '--api-key',
      wrong,
    ]).then(
      () => undefined,
      (err: Error) => err,
    );
    expect(failure?.message).toContain('did not accept this API key');
    expect(failure?.message).toContain('Incorrect API key provided');
    expect(failure?.message).not.toContain(wrong);
    const status = await json(['usage', '--owner', owner.owner_id]);
    expect(status.owner_id).toBe(owner.owner_id);
    const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName('owners') }));
    expect(Items.filter((i) => i.owner_id === owner.owner_id && String(i.sk).startsWith('ACCOUNT#'))).toEqual([]);
  });
});
