import type { ConnectedAccount } from '../../core/accounts';
import type { PortCall } from '../../core/tool';
import { finderCall } from '../opportunities';
import type { CampaignFigures } from '../platform-module';
import { openShortVideoPort } from './define';
import { reportTotals } from './tools/read-entities';

/** Campaign figures as list_shortvideo_campaigns computes them: the campaign report, totalled. */
export async function shortVideoCampaignFigures(
  account: ConnectedAccount,
  start: string,
  end: string,
  call: PortCall = finderCall(account),
): Promise<CampaignFigures[]> {
  const port = openShortVideoPort(account, call);
  const campaigns = await port.listCampaigns();
  const figures = await reportTotals(
    port,
    'AUCTION_CAMPAIGN',
    campaigns.map((c) => c.id),
    start,
    end,
  );
  return campaigns.map((c) => ({ id: c.id, name: c.campaign_name, status: c.status, figures: figures.get(c.id)! }));
}
