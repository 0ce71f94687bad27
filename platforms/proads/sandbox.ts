import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { SandboxPlatform } from '../sandbox/platform';
import type { ProAdsPort } from './port';

/** The simulated proads platform for one sandbox account. */
export class ProAdsSandbox extends SandboxPlatform implements ProAdsPort {}

/** Seeds a new sandbox account with realistic proads entities. */
export async function seedProAdsAccount(_account: ConnectedAccount): Promise<void> {}
