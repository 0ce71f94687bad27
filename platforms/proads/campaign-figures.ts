import type { ConnectedAccount } from '../../core/accounts';
import { campaignFiguresOf, type CampaignFigures } from '../../core/platform';
import type { ProAdsPort } from './port';
import { analyticsTotals, RESULT_BY_OBJECTIVE } from './tools/shared';

/** Campaign figures as list_proads_campaigns computes them: campaign analytics over the window. */
export async function proAdsCampaignFigures(
  port: ProAdsPort,
  account: ConnectedAccount,
  start: string,
  end: string,
): Promise<CampaignFigures[]> {
  const campaigns = await port.listCampaigns();
  const figures = await analyticsTotals(port, 'CAMPAIGN', start, end, { campaigns: campaigns.map((c) => c.id) });
  return campaigns.map((c) => {
    const f = figures(c.id);
    // Leads and website conversions are conversions; views, clicks and impressions are not.
    const type = RESULT_BY_OBJECTIVE[c.objective_type];
    const value =
      type === 'video_views' ? (f.video_views ?? 0) : type === 'clicks' ? f.clicks : type === 'impressions' ? f.impressions : f.conversions;
    return campaignFiguresOf(c, f, { type, value, converts: type === 'leads' || type === 'conversions' });
  });
}
