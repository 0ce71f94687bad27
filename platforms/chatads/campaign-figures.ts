import type { ConnectedAccount } from '../../core/accounts';
import { totals } from '../../core/metrics';
import { campaignFiguresOf, type CampaignFigures } from '../../core/platform';
import type { ChatAdsPort } from './port';
import { reportedFields } from './port';

/**
 * Campaign figures as list_chatads_campaigns computes them: campaign-level insights over the
 * window's days (monitors and reports read these). Live accounts report no conversion fields (the
 * platform's public insights carry none), so there conversions and revenue are 0.
 */
export async function chatAdsCampaignFigures(
  port: ChatAdsPort,
  account: ConnectedAccount,
  start: string,
  end: string,
): Promise<CampaignFigures[]> {
  const campaigns = await port.listCampaigns();
  const rows = campaigns.length
    ? await port.getInsights({
        aggregation_level: 'campaign',
        ids: campaigns.map((c) => c.id),
        start: Date.parse(`${start}T00:00:00Z`) / 1000,
        end: Date.parse(`${end}T00:00:00Z`) / 1000 + 86_400,
        time_granularity: 'none',
        fields: reportedFields(account.mode === 'live'),
      })
    : [];
  return campaigns.map((c) => {
    const figures = totals(
      rows
        .filter((r) => r.entity_id === c.id)
        .map((r) => ({
          impressions: r.impressions ?? 0,
          clicks: r.clicks ?? 0,
          spend: r.spend ?? 0,
          conversions: r.conversions ?? 0,
          revenue: r.conversion_value ?? 0,
        })),
    );
    // Awareness (impression-bid) campaigns have no conversions: the list shows them n/a.
    return c.bidding_type === 'impressions'
      ? campaignFiguresOf(c, figures, { type: 'impressions', value: figures.impressions, converts: false })
      : campaignFiguresOf(c, figures, { type: 'conversions', value: figures.conversions, converts: true });
  });
}
