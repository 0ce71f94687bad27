import type { ConnectedAccount } from '../../core/accounts';
import { campaignFiguresOf, type CampaignFigures } from '../../core/platform';
import type { SocialAdsPort } from './port';
import { isConversionType, levelMetrics, readStructure } from './tools/report-family';
import { withoutSocialCounts } from './tools/shared';

/**
 * Campaign figures as list_socialads_campaigns computes them: campaign-level insights, totalled, with
 * each campaign's result type (its ad sets' optimization goal or its objective). Only purchases,
 * leads and installs are conversions; traffic (link clicks, landing page views), reach and video
 * campaigns show none. `clicks` are all clicks, as the platform's campaign list shows them.
 */
export async function socialAdsCampaignFigures(
  port: SocialAdsPort,
  account: ConnectedAccount,
  start: string,
  end: string,
): Promise<CampaignFigures[]> {
  const structure = await readStructure(port);
  const ids = structure.campaigns.map((c) => c.id);
  const metricsOf = await levelMetrics(port, structure, 'campaign', ids, start, end);
  return structure.campaigns.map((c) => {
    const m = metricsOf(c.id);
    const { daily_reach: _reach, days_with_delivery: _days, ...totals } = withoutSocialCounts(m.totals);
    return campaignFiguresOf(c, totals, { type: m.result_type, value: m.results, converts: isConversionType(m.result_type) });
  });
}
