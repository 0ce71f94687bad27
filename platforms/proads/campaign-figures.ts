import type { ConnectedAccount } from '../../core/accounts';
import type { PortCall } from '../../core/tool';
import { finderCall } from '../opportunities';
import type { CampaignFigures } from '../platform-module';
import { openProAds } from './define';
import { analyticsTotals } from './tools/shared';

/** Campaign figures as list_proads_campaigns computes them: campaign analytics over the window. */
export async function proAdsCampaignFigures(
  account: ConnectedAccount,
  start: string,
  end: string,
  call: PortCall = finderCall(account),
): Promise<CampaignFigures[]> {
  const port = openProAds(account, call);
  const campaigns = await port.listCampaigns();
  const figures = await analyticsTotals(port, 'CAMPAIGN', start, end, { campaigns: campaigns.map((c) => c.id) });
  return campaigns.map((c) => ({ id: c.id, name: c.name, status: c.status, figures: figures(c.id) }));
}
