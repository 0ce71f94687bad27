import { readFileSync, statSync } from 'node:fs';
import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { deleteCredentials, loadCredentials, saveCredentials } from '../../functions/runtime/stores/credentials';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { useTestTables } from '../support/gateway';

useTestTables();

const account = { owner_id: 'own_creds', platform: 'chatads' as const, account_id: 'acct_one' };
const SECRET = 'sk-ads-THIS-MUST-NEVER-BE-STORED-IN-PLAINTEXT';

describe('Store: live connection credentials (envelope encryption)', () => {
  it('stores only ciphertext and gives the credentials back to their own account', async () => {
    await saveCredentials(account, { api_key: SECRET });
    const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName('owners') }));
    const dump = JSON.stringify(Items);
    expect(dump).not.toContain(SECRET);
    expect(dump).not.toContain(Buffer.from(SECRET).toString('base64'));
    expect(await loadCredentials(account)).toEqual({ api_key: SECRET });
  });

  it('keeps the local key readable by its owner only', () => {
    const file = process.env.CREDENTIALS_KEY_FILE!;
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
  });

  it('refuses ciphertext copied onto another account (the encryption context binds it)', async () => {
    await saveCredentials(account, { api_key: SECRET });
    const stored = await documentClient().send(
      new GetCommand({ TableName: tableName('owners'), Key: { owner_id: account.owner_id, sk: 'CREDENTIALS#chatads#acct_one' } }),
    );
    const other = { ...account, account_id: 'acct_two' };
    await documentClient().send(
      new PutCommand({ TableName: tableName('owners'), Item: { ...stored.Item, sk: 'CREDENTIALS#chatads#acct_two' } }),
    );
    await expect(loadCredentials(other)).rejects.toThrow();
  });

  it('forgets deleted credentials', async () => {
    await saveCredentials(account, { api_key: SECRET });
    await deleteCredentials(account);
    expect(await loadCredentials(account)).toBeUndefined();
  });
});
