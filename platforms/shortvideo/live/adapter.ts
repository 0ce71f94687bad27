import type { ConnectedAccount } from '../../../core/accounts';
import type { PortCall } from '../../../core/tool';
import { composePort } from '../../compose';
import type { ShortVideoPort } from '../port';
import { assetFamily } from './assets';
import { entityFamily } from './entities';
import { reportFamily } from './reports';
import { ShortVideoSession } from './session';

/**
 * The shortvideo port over the platform's Business API (v1.3) for one live advertiser: three
 * families over one session, composed with `composePort` (a method offered by two families is refused) (the account's credentials, decrypted once per port):
 * - entities.ts: campaigns, ad groups and ads (lists, reads, creates, updates, status changes);
 * - assets.ts: identities, images, videos, pixels, instant pages, audiences, targeting catalogues;
 * - reports.ts: the integrated report (daily rows, reach, audience segments; async tasks).
 * What the public API cannot do answers 400 `live_not_supported`, never a made-up answer.
 */
export function openShortVideoLive(account: ConnectedAccount, call: PortCall): ShortVideoPort {
  const session = new ShortVideoSession(account, call);
  const port: ShortVideoPort = composePort(entityFamily(session), assetFamily(session), reportFamily(session));
  return port;
}
