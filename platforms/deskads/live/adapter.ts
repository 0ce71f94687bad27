import type { ConnectedAccount } from '../../../core/accounts';
import type { PortCall } from '../../../core/tool';
import { composePort } from '../../compose';
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
 * into one object the tools see as `ctx.platform` by composePort (each family's methods bound as
 * they are, no forwarding layer; two families answering the same method is a construction error).
 */
export type DeskAdsLive = DeskAdsPort;

export function openDeskAdsLive(account: ConnectedAccount, call: PortCall, refused?: RefusedHandler): DeskAdsLive {
  const ctx = new DeskAdsLiveContext(account, call, refused);
  const campaigns = new CampaignsLive(ctx);
  const reports = new DeskAdsReports(ctx, campaigns);
  const groups = new GroupsLive(ctx, campaigns, reports);
  const ads = new AdsLive(ctx, campaigns, groups);
  const tracking = new TrackingLive(ctx, campaigns);
  return composePort(campaigns, reports, groups, ads, tracking);
}
