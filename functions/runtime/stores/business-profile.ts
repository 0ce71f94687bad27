import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import { tableName } from '../config';
import { documentClient } from './dynamo';

/**
 * The advertiser's business profile: one per owner, in the owners table (sk BUSINESS_PROFILE).
 * The helper tools save, infer and show it; analyses (benchmarks, ad copy drafts) read it.
 */

export const VERTICALS = [
  'retail',
  'outdoor_and_sports',
  'travel',
  'finance',
  'b2b_software',
  'education',
  'health',
  'home_services',
  'automotive',
  'food_and_drink',
  'other',
] as const;
export const profileEntries = {
  business_name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100, 'must be at most 100 characters'))),
  website: v.optional(v.pipe(v.string(), v.trim(), v.url('must be a URL such as https://www.example.com'), v.maxLength(500))),
  vertical: v.optional(v.picklist(VERTICALS)),
  size: v.optional(v.picklist(['small', 'medium', 'large'])),
  goal: v.optional(v.picklist(['sales', 'leads', 'app_installs', 'awareness'])),
  target_cpa: v.optional(v.pipe(v.number(), v.minValue(0.01, 'must be above 0'))),
  target_roas: v.optional(v.pipe(v.number(), v.minValue(0.01, 'must be above 0'))),
  locations: v.optional(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(100))), v.maxLength(50))),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code'))),
};
export const profileOutput = v.object({ ...profileEntries, updated_at: v.string(), source: v.picklist(['saved', 'inferred']) });
export type Profile = v.InferOutput<typeof profileOutput>;
const PROFILE_KEY = (ownerId: string) => ({ owner_id: ownerId, sk: 'BUSINESS_PROFILE' });

export async function readBusinessProfile(ownerId: string): Promise<Profile | undefined> {
  const item = (
    await documentClient().send(new GetCommand({ TableName: tableName('owners'), Key: PROFILE_KEY(ownerId), ConsistentRead: true }))
  ).Item;
  if (!item) return undefined;
  const { owner_id: _o, sk: _s, ...profile } = item;
  return profile as Profile;
}

export async function writeBusinessProfile(ownerId: string, profile: Profile): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName('owners'),
      Item: { ...(JSON.parse(JSON.stringify(profile)) as Record<string, unknown>), ...PROFILE_KEY(ownerId) },
    }),
  );
}
