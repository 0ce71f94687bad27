import type { ConnectedAccount } from '../../core/accounts';
import { campaignFiguresOf, type CampaignFigures } from '../../core/platform';
import type { ShortVideoPort } from './port';
import { objectiveResults, reportTotals } from './tools/read-entities';

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
  return campaigns.map((c) => {
    const f = figures.get(c.id)!;
    // The objective's result, as the list's `results` shows it: conversions, leads and installs convert.
    const { result, value } = objectiveResults(c.objective_type, f);
    const converts = result === 'conversions' || result === 'leads' || result === 'installs';
    return campaignFiguresOf({ id: c.id, name: c.campaign_name, status: c.status }, f, { type: result, value, converts });
  });
}
