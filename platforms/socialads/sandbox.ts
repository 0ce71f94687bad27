import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { SandboxPlatform } from '../sandbox/platform';
import type { SocialAdsPort } from './port';

/** The simulated socialads platform for one sandbox account. */
export class SocialAdsSandbox extends SandboxPlatform implements SocialAdsPort {}

/** Seeds a new sandbox account with realistic socialads entities. */
export async function seedSocialAdsAccount(_account: ConnectedAccount): Promise<void> {}
