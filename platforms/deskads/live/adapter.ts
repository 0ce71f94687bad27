import type { ConnectedAccount } from '../../../core/accounts';
import type { PortCall } from '../../../core/tool';
import type { DeskAdsPort } from '../port';
import { AdsLive } from './ads';
import { CampaignsLive } from './campaigns';
import { DeskAdsLiveContext } from './context';
import { GroupsLive } from './groups';
import { DeskAdsReports } from './reports';
import { TrackingLive } from './tracking';
import type { RefusedHandler } from './wire';

/**
 * The deskads port of a live account: the platform's API through its families (campaigns and
 * budgets, ad groups and keywords, ads and extensions, tracking and audiences, reports), composed
 * into one object the tools see as `ctx.platform`. Each family's methods are bound onto it as they
 * are (no forwarding layer); two families answering the same method is a construction error.
 */
export type DeskAdsLive = DeskAdsPort;

export function openDeskAdsLive(account: ConnectedAccount, call: PortCall, refused?: RefusedHandler): DeskAdsLive {
  const ctx = new DeskAdsLiveContext(account, call, refused);
  const campaigns = new CampaignsLive(ctx);
  const reports = new DeskAdsReports(ctx, campaigns);
  const groups = new GroupsLive(ctx, campaigns, reports);
  const ads = new AdsLive(ctx, campaigns, groups);
  const tracking = new TrackingLive(ctx, campaigns);
  return compose(campaigns, reports, groups, ads, tracking);
}

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** One object with every public method of the families, each bound to its family. */
function compose<F extends object[]>(...families: F): Intersection<F[number]> {
  const port: Record<string, unknown> = {};
  for (const family of families) {
    for (let proto = Object.getPrototypeOf(family); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        const method = (family as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof method !== 'function') continue;
        if (name in port) throw new Error(`Two deskads live families answer ${name}.`);
        port[name] = method.bind(family);
      }
    }
  }
  return port as Intersection<F[number]>;
}
