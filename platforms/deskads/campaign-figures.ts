import type { ConnectedAccount } from '../../core/accounts';
import type { PortCall } from '../../core/tool';
import { finderCall } from '../opportunities';
import type { CampaignFigures } from '../platform-module';
import { openDeskAdsPort } from './define';
import { figuresBy } from './tools/shared';

/** Campaign figures as list_deskads_campaigns computes them: the campaign performance report. */
export async function deskAdsCampaignFigures(
  account: ConnectedAccount,
  start: string,
  end: string,
  call: PortCall = finderCall(account),
): Promise<CampaignFigures[]> {
  const port = openDeskAdsPort(account, call);
  const [campaigns, figures] = await Promise.all([
    port.listCampaigns(),
    figuresBy(port, 'CampaignPerformance', { start, end }, (r) => r.campaign_id),
  ]);
  return campaigns.map((c) => ({ id: c.id, name: c.name, status: c.status, figures: figures(c.id) }));
}
