import type { ConnectedAccount } from '../../core/accounts';
import type { PortCall } from '../../core/tool';
import { finderCall } from '../opportunities';
import type { CampaignFigures } from '../platform-module';
import { openSearchAdsPort } from './define';
import { totalsBy } from './tools/common';

/** Campaign figures as list_campaigns computes them: the campaign report, totalled per campaign. */
export async function searchAdsCampaignFigures(
  account: ConnectedAccount,
  start: string,
  end: string,
  call: PortCall = finderCall(account),
): Promise<CampaignFigures[]> {
  const port = openSearchAdsPort(account, call);
  const [campaigns, report] = await Promise.all([port.listCampaigns(), port.getReport('campaign', start, end)]);
  const figures = totalsBy(report, 'campaign_id');
  return campaigns.map((c) => ({ id: c.id, name: c.name, status: c.status, figures: figures(c.id) }));
}
