import type { ConnectedAccount } from '../../core/accounts';
import { totals } from '../../core/metrics';
import { campaignFiguresOf, type CampaignFigures } from '../../core/platform';
import type { RetailAdsPort } from './port';
import type { RetailAdsAdProduct, RetailAdsReportTypeId } from './port';

const CAMPAIGN_REPORTS: Record<RetailAdsAdProduct, RetailAdsReportTypeId> = {
  SPONSORED_PRODUCTS: 'spCampaigns',
  SPONSORED_BRANDS: 'sbCampaigns',
  SPONSORED_DISPLAY: 'sdCampaigns',
};

/**
 * Campaign figures as list_retailads_campaigns computes them: each ad product's campaign report.
 * Orders count as conversions and sales as revenue (ROAS = sales / spend).
 */
export async function retailAdsCampaignFigures(
  port: RetailAdsPort,
  account: ConnectedAccount,
  start: string,
  end: string,
): Promise<CampaignFigures[]> {
  const campaigns = await port.listCampaigns();
  const products = [...new Set(campaigns.map((c) => c.ad_product))];
  const rows = (await Promise.all(products.map((p) => port.getReport(CAMPAIGN_REPORTS[p], start, end)))).flat();
  return campaigns.map((c) => {
    const figures = totals(
      rows
        .filter((r) => r.campaign_id === c.id)
        .map((r) => ({ impressions: r.impressions, clicks: r.clicks, spend: r.spend, conversions: r.orders, revenue: r.sales })),
    );
    return campaignFiguresOf({ id: c.id, name: c.name, status: c.state }, figures, {
      type: 'orders',
      value: figures.conversions,
      converts: true,
    });
  });
}
