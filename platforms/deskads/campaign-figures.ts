import type { ConnectedAccount } from '../../core/accounts';
import { campaignFiguresOf, type CampaignFigures } from '../../core/platform';
import type { DeskAdsPort } from './port';
import { figuresBy } from './tools/shared';

/** Campaign figures as list_deskads_campaigns computes them: the campaign performance report. */
export async function deskAdsCampaignFigures(
  port: DeskAdsPort,
  account: ConnectedAccount,
  start: string,
  end: string,
): Promise<CampaignFigures[]> {
  const [campaigns, figures] = await Promise.all([
    port.listCampaigns(),
    figuresBy(port, 'CampaignPerformance', { start, end }, (r) => r.campaign_id),
  ]);
  return campaigns.map((c) => {
    const f = figures(c.id);
    return campaignFiguresOf(c, f, { type: 'conversions', value: f.conversions, converts: true });
  });
}
