import type { ConnectedAccount } from '../../core/accounts';
import type { PortCall } from '../../core/tool';
import { totals } from '../../core/metrics';
import { finderCall } from '../opportunities';
import type { CampaignFigures } from '../platform-module';
import { openRetailAdsPort } from './define';
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
  account: ConnectedAccount,
  start: string,
  end: string,
  call: PortCall = finderCall(account),
): Promise<CampaignFigures[]> {
  const port = openRetailAdsPort(account, call);
  const campaigns = await port.listCampaigns();
  const products = [...new Set(campaigns.map((c) => c.ad_product))];
  const rows = (await Promise.all(products.map((p) => port.getReport(CAMPAIGN_REPORTS[p], start, end)))).flat();
  return campaigns.map((c) => ({
    id: c.id,
    name: c.name,
    status: c.state,
    figures: totals(
      rows
        .filter((r) => r.campaign_id === c.id)
        .map((r) => ({ impressions: r.impressions, clicks: r.clicks, spend: r.spend, conversions: r.orders, revenue: r.sales })),
    ),
  }));
}
