import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { SandboxPlatform } from '../sandbox/platform';
import type { ShortVideoPort } from './port';

/** The simulated shortvideo platform for one sandbox account. */
export class ShortVideoSandbox extends SandboxPlatform implements ShortVideoPort {}

/** Seeds a new sandbox account with realistic shortvideo entities. */
export async function seedShortVideoAccount(_account: ConnectedAccount): Promise<void> {}
