/**
 * The retailads port over the retail marketplace's Ads API for one advertising profile (the account
 * id is the profile id, sent as the scope of every call). It is composed (composePort) from its
 * families: profiles, the entity store over the Sponsored Products, Brands and Display families of
 * each entity kind (sp.ts, sb.ts, sd.ts, assets.ts on the shared shapes of resources.ts), the
 * Sponsored Brands operations beyond entities (negative keywords, brands, creatives, moderation),
 * keyword suggestions and reporting v3 (reports.ts). Reads are kept for the port's life (one tool
 * call) and updated by its own writes. What the public API does not offer answers a 400
 * `live_not_supported`, never a made-up answer.
 */
import type { ConnectedAccount } from '../../../core/accounts';
import type { PortCall } from '../../../core/tool';
import { composePort } from '../../compose';
import { connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import type { RetailAdsPort } from '../port';
import { assetFamily } from './assets';
import type { LiveContext } from './entities';
import { RetailAdsEntities } from './entity-store';
import { ProfilesLive } from './profiles';
import { KeywordRecommendationsLive } from './recommendations';
import { RetailAdsReports } from './reports';
import { sbFamilies } from './sb';
import { sdFamilies } from './sd';
import { spFamilies } from './sp';
import { RetailAdsApi, type RefusedHandler, type RetailAdsCredentials, type RetailAdsWire, type WireRequest } from './wire';

export { listWireProfiles, profileOf, type WireProfile } from './profiles';

/** `refused` decides what a refused grant means; by default the connection is marked broken (400 connection_broken). */
export function openRetailAdsLive(
  account: ConnectedAccount,
  call: PortCall,
  refused: RefusedHandler = async (reason, fix) => connectionBroken(account, reason, fix),
  options: { now?: () => number } = {},
): RetailAdsPort {
  const entities = new RetailAdsEntities(account);
  const ctx: LiveContext = {
    api: lazyApi(account, call, refused, options.now),
    account,
    currency: account.currency,
    call,
    list: (kind) => entities.listEntities(kind),
    get: (kind, id) => entities.getEntity(kind, id),
  };
  const sp = spFamilies(ctx);
  const sb = sbFamilies(ctx);
  const sd = sdFamilies(ctx);
  entities.families = {
    campaign: [sp.campaigns, sb.campaigns, sd.campaigns],
    ad_group: [sp.adGroups, sb.adGroups, sd.adGroups],
    product_ad: [sp.productAds, sb.productAds, sd.productAds],
    keyword: [sp.keywords, sb.keywords],
    negative_keyword: [sp.negatives],
    target: [sp.targets, sb.targets, sd.targets],
    sb_ad: [sb.ads],
    theme: [sb.themes],
    asset: [assetFamily(ctx)],
  };
  return composePort(new ProfilesLive(ctx.api, account), entities, sb.port, new KeywordRecommendationsLive(ctx), new RetailAdsReports(ctx));
}

/**
 * The API of a port, its stored credentials decrypted on first use (opening a port must not fail
 * before the tool runs), and the connection marked healthy again after a call that worked.
 */
function lazyApi(account: ConnectedAccount, call: PortCall, refused: RefusedHandler, now?: () => number): RetailAdsWire {
  let api: Promise<RetailAdsApi> | undefined;
  const ready = () =>
    (api ??= credentialsOf<RetailAdsCredentials>(account).then((c) => new RetailAdsApi(c, account.account_id, call, refused, now)));
  return {
    profileId: account.account_id,
    async send<T>(request: WireRequest) {
      const result = await (await ready()).send<T>(request);
      if (account.health && !account.health.healthy) {
        await connectionHealthy(account);
        account.health = { ...account.health, healthy: true, detail: 'ok' };
      }
      return result;
    },
    loadSettings: async () => (await ready()).loadSettings(),
  };
}
