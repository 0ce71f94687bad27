import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { REGISTRY } from '../../platforms';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

/** Every sandbox entity of the accounts, without the delivery history the sandbox adds as days pass. */
async function sandboxState(accounts: ConnectedAccount[]): Promise<string> {
  const items: Record<string, unknown>[] = [];
  for (const account of accounts) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({ TableName: tableName('sandbox'), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `${account.platform}#${account.account_id}` }, ExclusiveStartKey: startKey }),
      );
      for (const { history: _history, ...item } of page.Items ?? []) items.push(item);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return JSON.stringify(items);
}

async function checkpoints(ownerId: string): Promise<number> {
  const found = await documentClient().send(
    new ScanCommand({ TableName: tableName('idempotency'), FilterExpression: 'begins_with(id, :p)', ExpressionAttributeValues: { ':p': `checkpoint#${ownerId}#` } }),
  );
  return found.Items?.length ?? 0;
}

describe('dry runs, on every planned write of the registry', () => {
  it('answer the plan and change nothing: entity state and checkpoints are the same before and after', async () => {
    // Prepare: one seeded sandbox account per platform; ids read from the list tools.
    const { apiKey, owner, accounts } = await createTestOwner({ accounts: { searchads: 1, socialads: 1, proads: 1, shortvideo: 1, retailads: 1, chatads: 1, deskads: 1 } });
    const read = async (tool: string, args: Record<string, unknown> = {}) => (await callTool(apiKey, tool, args)).body.data!.structured as Record<string, any>;
    const searchCampaign = ((await read('list_campaigns')).campaigns as any[]).find((c) => c.type === 'SEARCH' && c.status === 'ENABLED');
    const pausedAdGroup = ((await read('list_ad_groups')).ad_groups as any[]).find((g) => g.status === 'PAUSED');
    const callAssetCampaign = ((await read('list_call_assets')).call_assets as any[]).flatMap((a) => a.linked_campaigns)[0].campaign_id;
    const socialAdSets = (await read('list_socialads_ad_sets')).ad_sets as any[];
    const socialAssets = await read('discover_socialads_assets');
    const socialPage = (await read('list_socialads_pages')).pages[0].id;
    const shortAdGroups = (await read('list_shortvideo_ad_groups')).ad_groups as any[];
    const shortVideos = (await read('list_shortvideo_ad_videos')).videos as any[];
    const sbNegatives = (await read('list_retailads_sb_negative_keywords')).negative_keywords as any[];
    const chatCampaigns = (await read('list_chatads_campaigns')).campaigns as any[];
    const chatActive = chatCampaigns.find((c) => c.status === 'active' && c.bidding_type === 'clicks');
    const chatPaused = chatCampaigns.find((c) => c.status === 'paused');
    const ARGUMENTS: Record<string, Record<string, unknown>> = {
      update_campaign: { campaign_id: searchCampaign.id, budget_amount: 77, name: 'Dry run name' },
      update_campaign_dates: { campaign_id: searchCampaign.id, end_date: '2031-12-31' },
      add_callout_extensions: { campaign_id: searchCampaign.id, callouts: ['Free shipping', 'Lifetime warranty'] },
      add_ad_group_audiences: { ad_group_id: pausedAdGroup.id, in_market_audiences: ['80432'] },
      remove_call_assets: { campaign_id: callAssetCampaign },
      resume_ad_group: { ad_group_id: pausedAdGroup.id },
      add_socialads_ad: { ad_set_id: socialAdSets.find((s) => s.objective === 'OUTCOME_TRAFFIC')?.id ?? socialAdSets[0].id, ad_type: 'image', landing_page_url: 'https://www.example.com/trail', existing_image_hash: socialAssets.images[0].hash, primary_text: 'Gear that goes further', headline: 'Trail-tested packs', facebook_page_id: socialPage },
      create_socialads_video_campaign: { campaign_name: 'Dry run video', primary_text: 'Gear that goes further', objective: 'OUTCOME_TRAFFIC', daily_budget: 50, existing_video_id: socialAssets.videos?.[0]?.id, landing_page_url: 'https://www.example.com/trail', facebook_page_id: socialPage },
      update_shortvideo_ad_group: { adgroup_id: shortAdGroups[0].id, budget: 66 },
      resume_shortvideo_ad_group: { adgroup_id: (shortAdGroups.find((g) => g.status === 'DISABLED') ?? shortAdGroups[0]).id },
      create_shortvideo_dco_ad: { adgroup_id: (shortAdGroups.find((g) => g.creative_material_mode === 'DYNAMIC') ?? shortAdGroups[0]).id, video_ids: [shortVideos[0].video_id], ad_texts: ['Gear that goes further'], display_name: 'Northwind Outdoor', landing_page_url: 'https://www.example.com/trail' },
      create_shortvideo_video_campaign: { campaign_name: 'Dry run video', ad_text: 'Gear that goes further', objective: 'TRAFFIC', budget_daily: 50, video_id: shortVideos[0].video_id, landing_page_url: 'https://www.example.com/trail', display_name: 'Northwind Outdoor' },
      add_retailads_sb_negative_keywords: { negative_keywords: [{ campaignId: sbNegatives[0].campaign_id, adGroupId: sbNegatives[0].ad_group_id, keywordText: 'dry run words', matchType: 'negativePhrase' }] },
      pause_chatads_campaign: { campaign_id: chatActive.id },
      resume_chatads_campaign: { campaign_id: chatPaused.id },
      archive_chatads_campaign: { campaign_id: chatPaused.id },
      create_chatads_ad_group: { campaign_id: chatActive.id, name: 'Dry run group', max_bid: 1.5 },
    };
    const all = Object.values(accounts).flat();
    const planned = REGISTRY.all().filter((tool) => tool.plan);
    const before = await sandboxState(all);

    // Act and assess: each dry run answers its plan with at least one change; nothing changes.
    const problems: string[] = [];
    for (const tool of planned) {
      const args = ARGUMENTS[tool.name];
      const result = await callTool(apiKey, tool.name, { ...(args ?? {}), dry_run: true });
      if (!args) continue;
      const structured = result.body.data?.structured;
      if (result.status !== 200) problems.push(`${tool.name} ${result.status}: ${result.body.error}`);
      else if (structured?.dry_run !== true || !structured.changes?.length) problems.push(`${tool.name}: no plan in ${JSON.stringify(structured)}`);
      else if (!result.body.data!.text.includes('Nothing was changed')) problems.push(`${tool.name}: the text does not say nothing changed`);
    }
    expect(problems).toEqual([]);
    expect(await sandboxState(all)).toEqual(before);
    expect(await checkpoints(owner.owner_id)).toBe(0);
    // Every planned platform write has working arguments here (gateway tools need held actions or changes).
    expect(planned.filter((t) => t.platform && !ARGUMENTS[t.name]).map((t) => t.name)).toEqual([]);
  }, 120_000);
});
