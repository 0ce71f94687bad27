import type { ConnectedAccount } from '../../core/accounts';
import { campaignFiguresOf, type CampaignFigures } from '../../core/platform';
import type { SearchAdsCampaign, SearchAdsPort, SearchAdsReportRow } from './port';
import { totalsBy } from './tools/common';
import { withoutConversions } from './awareness';

/** Campaign figures as list_campaigns computes them: the campaign report, totalled per campaign. */
export async function searchAdsCampaignFigures(
  port: SearchAdsPort,
  account: ConnectedAccount,
  start: string,
  end: string,
): Promise<CampaignFigures[]> {
  const [campaigns, report] = await Promise.all([port.listCampaigns(), port.getReport('campaign', start, end)]);
  return campaignFiguresFrom(campaigns, report);
}

/** The same figures from campaigns and a campaign report already read (callers that need its daily rows too). */
export function campaignFiguresFrom(campaigns: readonly SearchAdsCampaign[], report: SearchAdsReportRow[]): CampaignFigures[] {
  const figures = totalsBy(report, 'campaign_id');
  return campaigns.map((c) => {
    const f = figures(c.id);
    // A video campaign bought for impressions or views: its result is views, its conversions n/a.
    if (withoutConversions(c)) return campaignFiguresOf(c, f, { type: 'video_views', value: f.video_views ?? 0, converts: false });
    return campaignFiguresOf(c, f, { type: 'conversions', value: f.conversions, converts: true });
  });
}
