import type { ConnectedAccount } from '../../core/accounts';
import type { CampaignFigures } from '../../core/platform';
import type { ProAdsPort } from './port';
import { analyticsTotals } from './tools/shared';

/** Campaign figures as list_proads_campaigns computes them: campaign analytics over the window. */
export async function proAdsCampaignFigures(
  port: ProAdsPort,
  account: ConnectedAccount,
  start: string,
  end: string,
): Promise<CampaignFigures[]> {
  const campaigns = await port.listCampaigns();
  const figures = await analyticsTotals(port, 'CAMPAIGN', start, end, { campaigns: campaigns.map((c) => c.id) });
  return campaigns.map((c) => ({ id: c.id, name: c.name, status: c.status, figures: figures(c.id) }));
}
