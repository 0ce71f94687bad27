import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config';
import { randomId } from '../canonical';
import { documentClient } from './dynamo';

/**
 * Asset bundles: images that validate_and_prepare_assets checked (reachable, real size and shape
 * read from their bytes), packaged for a later create. Short-lived, so they live in the
 * idempotency table (TTL `expires_at`) under a key prefix of their own, scoped to the owner: a
 * bundle id of another owner reads as unknown. Validity is checked on read against `valid_until`.
 */
export const ASSET_BUNDLE_VALID_SECONDS = 24 * 60 * 60;
const KEPT_AFTER_EXPIRY_SECONDS = 60 * 60;

export interface BundledImage {
  url: string;
  /** Where the image really is, after redirects. */
  final_url: string;
  width: number;
  height: number;
  format: string;
  size_bytes: number;
  /** The asset group field the image is meant for. */
  field_type: string;
  name: string;
}

export interface AssetBundle {
  bundle_id: string;
  platform: string;
  account_id: string;
  images: BundledImage[];
  created_at: string;
  /** ISO time until which the bundle can be used. */
  valid_until: string;
}

const key = (ownerId: string, bundleId: string) => `ASSET_BUNDLE#${ownerId}#${bundleId}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A new bundle id: `bnd_` and 20 URL-safe random characters. */
export const newBundleId = () => `bnd_${randomId(20)}`;

export async function saveAssetBundle(ownerId: string, bundle: Omit<AssetBundle, 'created_at' | 'valid_until'>): Promise<AssetBundle> {
  const validUntil = nowSeconds() + ASSET_BUNDLE_VALID_SECONDS;
  const stored: AssetBundle = { ...bundle, created_at: new Date().toISOString(), valid_until: new Date(validUntil * 1000).toISOString() };
  await documentClient().send(
    new PutCommand({
      TableName: tableName('idempotency'),
      Item: { id: key(ownerId, bundle.bundle_id), ...stored, expires_at: validUntil + KEPT_AFTER_EXPIRY_SECONDS },
    }),
  );
  return stored;
}

/** The bundle if it exists for this owner and is still valid, else why not. */
export async function readAssetBundle(
  ownerId: string,
  bundleId: string,
): Promise<{ bundle: AssetBundle } | { refused: 'unknown' | 'expired' }> {
  const item = (
    await documentClient().send(
      new GetCommand({ TableName: tableName('idempotency'), Key: { id: key(ownerId, bundleId) }, ConsistentRead: true }),
    )
  ).Item;
  if (!item) return { refused: 'unknown' };
  const { id: _id, expires_at: _exp, ...bundle } = item as AssetBundle & { id: string; expires_at: number };
  if (Date.parse(bundle.valid_until) <= Date.now()) return { refused: 'expired' };
  return { bundle };
}
