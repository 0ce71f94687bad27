import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { SandboxPlatform } from '../sandbox/platform';
import type { DeskAdsPort } from './port';

/** The simulated deskads platform for one sandbox account. */
export class DeskAdsSandbox extends SandboxPlatform implements DeskAdsPort {}

/** Seeds a new sandbox account with realistic deskads entities. */
export async function seedDeskAdsAccount(_account: ConnectedAccount): Promise<void> {}
