/**
 * The searchads port over the platform's REST interface: reads are query-language searches
 * (`googleAds:search`), writes are mutates with update masks, figures come from the same search
 * segmented by date. Ids are the platform's (digits, no dashes); money is converted from micros.
 * The port is composed from its families (one per file beside this one) over one session
 * (session.ts: the client, dry-run validation); families that need another family get it here.
 */
import type { ConnectedAccount } from '../../../core/accounts';
import type { PortCall } from '../../../core/tool';
import { composePort } from '../../compose';
import type { SearchAdsPort } from '../port';
import type { RefusedHandler } from './api';
import { AudienceLive } from './audience';
import { BiddingLive } from './bidding';
import { CampaignsLive } from './campaigns';
import { DisplayLive } from './display';
import { InsightsLive } from './insights';
import { KeywordsAssetsLive } from './keywords-assets';
import { PmaxLive } from './pmax';
import { LiveSession, type ValidationSummary } from './session';
import { SearchAdsShoppingLive } from './shopping';

/** The live port, which checks writes with the platform on a dry run (PlatformCheckingPort). */
export type SearchAdsLivePort = SearchAdsPort & { validatesOnly: boolean; validationSummary(): ValidationSummary };

/** `refused` decides what a refused credential means; by default the connection is marked broken (400 connection_broken). */
export function searchAdsLive(account: ConnectedAccount, call: PortCall, refused?: RefusedHandler): SearchAdsLivePort {
  const live = new LiveSession(account, call, refused);
  const audience = new AudienceLive(live);
  const campaigns = new CampaignsLive(live, audience);
  const port: SearchAdsPort = composePort(
    campaigns,
    new KeywordsAssetsLive(live),
    audience,
    new DisplayLive(live, campaigns),
    new InsightsLive(live),
    // Labels, shared budgets, portfolios, schedules and bid modifiers.
    new BiddingLive({
      search: (query) => live.search(query),
      mutate: (resource, operations) => live.mutate(resource, operations),
      rn: (collection, id) => live.rn(collection, id),
      adGroupOfAd: async (adId) => (await campaigns.getAd(adId)).ad_group_id,
    }),
    new PmaxLive({
      cid: live.cid,
      search: (query) => live.search(query),
      mutate: (resource, operations) => live.mutate(resource, operations),
      mutateAll: (operations) => live.mutateAll(operations),
      rn: (collection, id) => live.rn(collection, id),
      notFound: (kind, id) => live.notFound(kind, id),
      segments: () => audience.listAudienceSegments(),
    }),
    // Shopping, App, Demand Gen and video campaigns.
    new SearchAdsShoppingLive({
      cid: live.cid,
      search: (query) => live.search(query),
      mutate: (resource, operations) => live.mutate(resource, operations),
      customerMethod: (method, body, capable) => live.customerMethod(method, body, capable),
      rn: (collection, id) => live.rn(collection, id),
      getCampaign: (id) => campaigns.getCampaign(id),
      createCampaign: (campaign, channelWire, defaultStrategy) => campaigns.createCampaign(campaign, channelWire, defaultStrategy),
      getAdGroup: (id) => campaigns.getAdGroup(id),
      notFound: (kind, id) => live.notFound(kind, id),
    }),
  );
  // composePort copies methods only: the dry-run flag is the session's, added to the port here.
  return Object.assign(port, { validatesOnly: live.validatesOnly, validationSummary: () => live.validationSummary() });
}
