import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config';
import type { PlatformWord } from '../../../core/platforms';
import { documentClient } from './dynamo';
import type { KeyringNode } from '../../encryption-sdk';
import { loadEncryptionSdk } from '../../load-library';

/**
 * The platform credentials of live connections (an API key, an OAuth refresh token) and monitors'
 * webhook URLs (their path is a token), encrypted at
 * rest with envelope encryption (AWS Encryption SDK): a fresh data key per secret, wrapped by a
 * keyring. In AWS the keyring is KMS over the stack's customer-managed key (CREDENTIALS_KMS_KEY_ARN,
 * rotation on); locally it is a raw AES-256 keyring whose key lives in a file under `.data/`
 * (CREDENTIALS_KEY_FILE). One code path encrypts and decrypts for both.
 *
 * The ciphertext is bound to its account by the encryption context (owner, platform, account), so a
 * ciphertext copied onto another item does not decrypt. It is stored in the owners table under
 * `CREDENTIALS#<platform>#<account id>`, next to (never inside) the account item, so listing accounts
 * never carries it. Nothing here logs or returns a plaintext credential except `loadCredentials`.
 */
export interface AccountRef {
  owner_id: string;
  /**
   * The platform of a live account, `monitor` for a monitor's webhook URL (it carries a token), or
   * `action` for the arguments of a held write that carry secrets (stores/audit.ts).
   */
  platform: PlatformWord | 'monitor' | 'action';
  /** The account id, the monitor id, or the action id. */
  account_id: string;
}

/**
 * The Encryption SDK, loaded on first use (functions/load-library.ts; in a Lambda package the file
 * encryption-sdk.js): only live connections and stored secrets need it, so the functions and requests
 * that never touch a credential do not read it.
 */
let client: Promise<ReturnType<Awaited<ReturnType<typeof loadEncryptionSdk>>['buildClient']>> | undefined;
const encryptionClient = () =>
  (client ??= loadEncryptionSdk().then((m) => m.buildClient(m.CommitmentPolicy.REQUIRE_ENCRYPT_REQUIRE_DECRYPT)));
const KEY_NAMESPACE = 'ad-gateway';
const KEY_NAME = 'platform-credentials';
const credentialsSk = (account: AccountRef) => `CREDENTIALS#${account.platform}#${account.account_id}`;

let cachedKeyring: { source: string; keyring: KeyringNode } | undefined;

/** The keyring of this deployment: KMS when CREDENTIALS_KMS_KEY_ARN is set, else the local key file. */
async function keyring(): Promise<KeyringNode> {
  const kmsKey = process.env.CREDENTIALS_KMS_KEY_ARN;
  const source = kmsKey ? `kms:${kmsKey}` : `file:${localKeyFile()}`;
  if (cachedKeyring?.source === source) return cachedKeyring.keyring;
  const { KmsKeyringNode, RawAesKeyringNode, RawAesWrappingSuiteIdentifier } = await loadEncryptionSdk();
  const made = kmsKey
    ? new KmsKeyringNode({ generatorKeyId: kmsKey })
    : new RawAesKeyringNode({
        keyName: KEY_NAME,
        keyNamespace: KEY_NAMESPACE,
        unencryptedMasterKey: localKey(),
        wrappingSuite: RawAesWrappingSuiteIdentifier.AES256_GCM_IV12_TAG16_NO_PADDING,
      });
  cachedKeyring = { source, keyring: made };
  return made;
}

function localKeyFile(): string {
  const file = process.env.CREDENTIALS_KEY_FILE;
  if (file) return resolve(file);
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) {
    throw new Error('CREDENTIALS_KMS_KEY_ARN is not set: live connections cannot be used in this deployment.');
  }
  return resolve(process.env.GATEWAY_DATA_DIR ?? '.data', 'credentials.key');
}

/** The local 256-bit key, made on first use (readable by this user only). */
function localKey(): Uint8Array {
  const file = localKeyFile();
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process made it first: use that one.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`The credentials key file ${file} does not hold a 256-bit key.`);
  return new Uint8Array(key);
}

const contextOf = (account: AccountRef) => ({ owner_id: account.owner_id, platform: account.platform, account_id: account.account_id });

/** Encrypts and stores the credentials of one live account (replacing earlier ones). */
export async function saveCredentials(account: AccountRef, credentials: Record<string, string>): Promise<void> {
  const { result } = await (
    await encryptionClient()
  ).encrypt(await keyring(), JSON.stringify(credentials), { encryptionContext: contextOf(account) });
  await documentClient().send(
    new PutCommand({
      TableName: tableName('owners'),
      Item: {
        owner_id: account.owner_id,
        sk: credentialsSk(account),
        ciphertext: Buffer.from(result).toString('base64'),
        updated_at: new Date().toISOString(),
      },
    }),
  );
}

/** The decrypted credentials of a live account; undefined when none are stored. */
export async function loadCredentials<T extends Record<string, string>>(account: AccountRef): Promise<T | undefined> {
  const item = await documentClient().send(
    new GetCommand({
      TableName: tableName('owners'),
      Key: { owner_id: account.owner_id, sk: credentialsSk(account) },
      ConsistentRead: true,
    }),
  );
  const ciphertext = item.Item?.ciphertext as string | undefined;
  if (!ciphertext) return undefined;
  const { plaintext, messageHeader } = await (await encryptionClient()).decrypt(await keyring(), Buffer.from(ciphertext, 'base64'));
  const expected = contextOf(account);
  for (const [name, value] of Object.entries(expected)) {
    if (messageHeader.encryptionContext[name] !== value) throw new Error('Stored credentials belong to another account.');
  }
  return JSON.parse(plaintext.toString('utf8')) as T;
}

export async function deleteCredentials(account: AccountRef): Promise<void> {
  await documentClient().send(
    new DeleteCommand({ TableName: tableName('owners'), Key: { owner_id: account.owner_id, sk: credentialsSk(account) } }),
  );
}
