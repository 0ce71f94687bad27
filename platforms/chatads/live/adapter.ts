import type { ConnectedAccount } from '../../../core/accounts';
import type { PortCall } from '../../../core/tool';
import { composePort } from '../../compose';
import type { ChatAdsPort } from '../port';
import { AccountLive } from './account';
import { CampaignsLive } from './campaigns';
import { ConversionsLive } from './conversions';
import { CustomAudiencesLive } from './custom-audiences';
import { InsightsLive } from './insights';
import { ChatAdsSession } from './session';

/** The bid conversions and the ad group mapping, where the bid unit test reads them. */
export { adGroupOf, cpmBidMicros, impressionBidMicros } from './mapping';

/**
 * The chatads port over the platform's public Advertiser API for one live ad account: five families
 * over one session (session.ts: the account's API key, decrypted once per port, and the platform's
 * refusals as gateway errors), composed with `composePort` (a method offered by two families is
 * refused), as the sandbox adapter composes its own:
 * - account.ts: the ad account itself and geo lookup;
 * - campaigns.ts: campaigns, ad groups and ads (lists, reads, creates, status changes) and image uploads;
 * - custom-audiences.ts: the list of custom audiences;
 * - conversions.ts: conversion tracking, which the public API does not offer;
 * - insights.ts: the insights report (impressions, clicks, spend).
 * Operations the public API does not offer answer a 400 `live_not_supported`, never a made-up answer.
 */
export function openChatAdsLive(account: ConnectedAccount, call: PortCall): ChatAdsPort {
  const session = new ChatAdsSession(account, call);
  const port: ChatAdsPort = composePort(
    new AccountLive(session),
    new CampaignsLive(session),
    new CustomAudiencesLive(session),
    new ConversionsLive(),
    new InsightsLive(session),
  );
  return port;
}
