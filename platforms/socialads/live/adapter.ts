import type { ConnectedAccount } from '../../../core/accounts';
import type { PlatformCheckingPort, PortCall } from '../../../core/tool';
import { composePort } from '../../compose';
import type { SocialAdsPort } from '../port';
import { assetFamily } from './assets';
import { catalogFamily } from './catalogs';
import { liveContext } from './context';
import { insightsFamily } from './insights';
import { structureFamily } from './structure';

/** The socialads port of a live account, and its dry-run state (validate-only writes). */
export type SocialAdsLivePort = SocialAdsPort & { validatesOnly: boolean } & Pick<PlatformCheckingPort, 'validationSummary'>;

/**
 * The socialads port over the platform's Marketing API (Graph API) with the owner's token, composed
 * of its families: structure (campaigns, ad sets, ads, creatives), assets (pages, profiles, images,
 * videos, lead forms, pixels, audiences, targeting), catalogs, and insights. Opened with
 * `call.validateOnly` (a dry run), every write the platform can check is sent validate-only and
 * nothing changes.
 */
export function openSocialAdsLive(account: ConnectedAccount, call: PortCall): SocialAdsLivePort {
  const ctx = liveContext(account, call);
  const port: SocialAdsPort & Pick<PlatformCheckingPort, 'validationSummary'> = composePort(
    structureFamily(ctx),
    assetFamily(ctx),
    catalogFamily(ctx),
    insightsFamily(ctx),
    { validationSummary: () => ({ ...ctx.validation }) },
  );
  return Object.assign(port, { validatesOnly: ctx.validateOnly });
}
