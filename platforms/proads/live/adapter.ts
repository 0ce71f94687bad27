import type { ConnectedAccount } from '../../../core/accounts';
import type { PortCall } from '../../../core/tool';
import { composePort } from '../../compose';
import type { ProAdsPort } from '../port';
import { analyticsFamily } from './analytics';
import { audienceFamily } from './audience';
import { LiveContext } from './context';
import { conversionFamily } from './conversions';
import { creativeFamily } from './creatives';
import { structureFamily } from './structure';

/**
 * The proads port over the professional network's Marketing API for one live ad account and one
 * call: the families (structure, creatives and media, audience, conversions, analytics) share one
 * context (the wire client with the account's refresh token, the lists read once per call) and
 * together are the port (`composePort`: a method offered by two families is refused). What the
 * public API does not offer answers 400 `live_not_supported`.
 */
export function openProAdsLive(account: ConnectedAccount, call: PortCall): ProAdsPort {
  const ctx = new LiveContext(account, call);
  const port: ProAdsPort = composePort(
    structureFamily(ctx),
    creativeFamily(ctx),
    audienceFamily(ctx),
    conversionFamily(ctx),
    analyticsFamily(ctx),
  );
  return port;
}
