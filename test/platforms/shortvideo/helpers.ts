import { callToolOk } from '../../support/gateway';

export interface AdGroupRow {
  id: string;
  campaign_id: string;
  adgroup_name: string;
  status: string;
  [key: string]: unknown;
}

/** Every ad group of the account, deleted ones included. */
export async function allAdGroups(apiKey: string): Promise<AdGroupRow[]> {
  const live = await callToolOk(apiKey, 'list_shortvideo_ad_groups', {});
  const deleted = await callToolOk(apiKey, 'list_shortvideo_ad_groups', { status: 'DELETED' });
  return [...live.structured!.ad_groups, ...deleted.structured!.ad_groups] as AdGroupRow[];
}

export async function adGroupNamed(apiKey: string, name: string): Promise<AdGroupRow> {
  const group = (await allAdGroups(apiKey)).find((g) => g.adgroup_name === name);
  if (!group) throw new Error(`no seeded ad group named ${name}`);
  return group;
}

export async function getAdGroup(apiKey: string, adgroupId: string): Promise<Record<string, any>> {
  const data = await callToolOk(apiKey, 'get_shortvideo_ad_group', { adgroup_id: adgroupId });
  return data.structured!.ad_group;
}
