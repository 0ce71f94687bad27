import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { SandboxPlatform } from '../sandbox/platform';
import type { RetailAdsPort } from './port';

/** The simulated retailads platform for one sandbox account. */
export class RetailAdsSandbox extends SandboxPlatform implements RetailAdsPort {}

/** Seeds a new sandbox account with realistic retailads entities. */
export async function seedRetailAdsAccount(_account: ConnectedAccount): Promise<void> {}
