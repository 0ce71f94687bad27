import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { SandboxPlatform } from '../sandbox/platform';
import type { ChatAdsPort } from './port';

/** The simulated chatads platform for one sandbox account. */
export class ChatAdsSandbox extends SandboxPlatform implements ChatAdsPort {}

/** Seeds a new sandbox account with realistic chatads entities. */
export async function seedChatAdsAccount(_account: ConnectedAccount): Promise<void> {}
