import type { ConnectedAccount } from '../../core/accounts';
import type { CampaignFigures } from '../../core/platform';
import type { SocialAdsPort } from './port';
import { insightTotals } from './tools/shared';

/** Campaign figures as list_socialads_campaigns computes them: campaign-level insights, totalled. */
export async function socialAdsCampaignFigures(
  port: SocialAdsPort,
  account: ConnectedAccount,
  start: string,
  end: string,
): Promise<CampaignFigures[]> {
  const campaigns = await port.listCampaigns();
  const figures = await insightTotals(
    port,
    'campaign',
    campaigns.map((c) => c.id),
    start,
    end,
  );
  return campaigns.map((c) => {
    const { daily_reach: _reach, days_with_delivery: _days, ...totals } = figures(c.id);
    return { id: c.id, name: c.name, status: c.status, figures: totals };
  });
}
