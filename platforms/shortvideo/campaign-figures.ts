import type { ConnectedAccount } from '../../core/accounts';
import type { CampaignFigures } from '../../core/platform';
import type { ShortVideoPort } from './port';
import { reportTotals } from './tools/read-entities';

/** Campaign figures as list_shortvideo_campaigns computes them: the campaign report, totalled. */
export async function shortVideoCampaignFigures(
  port: ShortVideoPort,
  account: ConnectedAccount,
  start: string,
  end: string,
): Promise<CampaignFigures[]> {
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
