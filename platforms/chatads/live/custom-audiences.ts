import type { ChatAdsAudienceOperation, ChatAdsCustomAudience, ChatAdsPort } from '../port';
import { audienceOf } from './mapping';
import { unsupported, type ChatAdsSession } from './session';
import type { WireCustomAudience } from './wire';

/**
 * Custom audiences: the public API lists them (GET /custom_audiences); reading one, creating,
 * archiving, merging and member operations are not offered live (a 400 `live_not_supported`).
 */
export class CustomAudiencesLive implements Pick<
  ChatAdsPort,
  | 'listCustomAudiences'
  | 'getCustomAudience'
  | 'createCustomAudience'
  | 'archiveCustomAudience'
  | 'startAudienceOperation'
  | 'mergeCustomAudiences'
  | 'listAudienceOperations'
  | 'getAudienceOperation'
  | 'changeAudienceOperation'
> {
  constructor(private readonly session: ChatAdsSession) {}

  async listCustomAudiences(): Promise<ChatAdsCustomAudience[]> {
    return (await this.session.listAll<WireCustomAudience>('/custom_audiences', {})).map(audienceOf);
  }

  getCustomAudience = unsupported<ChatAdsCustomAudience>('Single custom audiences');
  createCustomAudience = unsupported<ChatAdsCustomAudience>('Creating custom audiences');
  archiveCustomAudience = unsupported<ChatAdsCustomAudience>('Archiving custom audiences');
  startAudienceOperation = unsupported<ChatAdsAudienceOperation>('Custom audience member operations');
  mergeCustomAudiences = unsupported<{ audience: ChatAdsCustomAudience; operation: ChatAdsAudienceOperation }>('Merging custom audiences');
  listAudienceOperations = unsupported<ChatAdsAudienceOperation[]>('Custom audience operations');
  getAudienceOperation = unsupported<ChatAdsAudienceOperation>('Custom audience operations');
  changeAudienceOperation = unsupported<ChatAdsAudienceOperation>('Custom audience operations');
}
