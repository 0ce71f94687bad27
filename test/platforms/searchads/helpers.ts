import { callToolOk } from '../../support/gateway';

export interface CampaignRow {
  id: string;
  name: string;
  type: string;
  status: string;
  budget_amount: number;
  start_date: string;
  end_date?: string;
}

/** The seeded campaigns of the key's searchads account, by name. */
export async function campaignsByName(apiKey: string): Promise<Record<string, CampaignRow>> {
  const data = await callToolOk(apiKey, 'list_campaigns', {});
  return Object.fromEntries((data.structured!.campaigns as CampaignRow[]).map((c) => [c.name, c]));
}

export async function adGroupsByName(
  apiKey: string,
): Promise<Record<string, { id: string; status: string; campaign_id: string; name: string }>> {
  const data = await callToolOk(apiKey, 'list_ad_groups', { include_removed: true });
  return Object.fromEntries(
    (data.structured!.ad_groups as { id: string; status: string; campaign_id: string; name: string }[]).map((g) => [g.name, g]),
  );
}
