/** import_deskads_from_searchads: copies the seeded searchads account's search structure into deskads, paused, without duplicates. */
import { injectSandboxFailure } from '../../../platforms/sandbox/platform';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { callTool, callToolOk, createTestOwner, useTestTables, type TestOwner } from '../../support/gateway';

useTestTables();

describe('import_deskads_from_searchads', () => {
  let env: TestOwner;
  let source: { id: string; name: string; type: string; status: string }[];
  beforeAll(async () => {
    env = await createTestOwner({ accounts: { searchads: 1, deskads: 1 } });
    source = (await callToolOk(env.apiKey, 'list_campaigns', {})).structured!.campaigns;
  });
  const deskCampaigns = async () =>
    (await callToolOk(env.apiKey, 'list_deskads_campaigns', { limit: 200 })).structured!.campaigns as {
      id: string;
      name: string;
      status: string;
      type: string;
      daily_budget: number;
    }[];

  it('a dry run plans the import and creates nothing', async () => {
    const before = (await deskCampaigns()).length;
    const dry = await callToolOk(env.apiKey, 'import_deskads_from_searchads', { dry_run: true });
    expect(dry.structured).toMatchObject({ dry_run: true });
    expect(dry.text).toContain('Import from searchads');
    expect((await deskCampaigns()).length).toBe(before);
  });

  it('imports the search campaigns paused with their structure and reports what it skipped and why', async () => {
    const search = source.filter((c) => c.type === 'SEARCH' && c.status !== 'REMOVED');
    const done = (await callToolOk(env.apiKey, 'import_deskads_from_searchads', {})).structured!;
    const created = done.campaigns.filter((c: { outcome: string }) => c.outcome === 'created');
    expect(created.map((c: { name: string }) => c.name).sort()).toEqual(search.map((c) => c.name).sort());
    const skipped = done.campaigns.filter((c: { outcome: string }) => c.outcome === 'skipped');
    const reason = (type: string) => skipped.find((c: { name: string }) => c.name === source.find((s) => s.type === type)!.name)?.reason;
    expect(reason('PERFORMANCE_MAX')).toContain('Performance Max');
    expect(reason('DISPLAY')).toContain('display');
    expect(reason('VIDEO')).toContain('video');
    expect(reason('SHOPPING')).toContain('create_deskads_shopping_campaign');
    expect(done.created.ad_groups).toBeGreaterThan(0);
    expect(done.created.keywords).toBeGreaterThan(0);
    expect(done.created.ads).toBeGreaterThan(0);
    // What was created shows in the deskads reads, every campaign Paused.
    const campaigns = await deskCampaigns();
    for (const c of created)
      expect(campaigns.find((d) => d.id === c.deskads_campaign_id)).toMatchObject({ status: 'Paused', type: 'Search' });
    const first = created[0].deskads_campaign_id;
    const groups = (await callToolOk(env.apiKey, 'list_deskads_ad_groups', { campaign_id: first })).structured!.ad_groups;
    expect(groups.length).toBeGreaterThan(0);
    const keywords = (await callToolOk(env.apiKey, 'list_deskads_keywords', { campaign_id: first, limit: 200 })).structured!.keywords;
    expect(keywords.length).toBeGreaterThan(0);
  });

  it('running it again creates nothing and says everything is there already', async () => {
    const before = (await deskCampaigns()).length;
    const again = (await callToolOk(env.apiKey, 'import_deskads_from_searchads', {})).structured!;
    expect(Object.values(again.created).every((n) => n === 0)).toBe(true);
    expect(again.campaigns.filter((c: { outcome: string }) => c.outcome === 'unchanged').length).toBeGreaterThan(0);
    expect(again.skipped.some((s: { reason: string }) => s.reason === 'already in deskads')).toBe(true);
    expect((await deskCampaigns()).length).toBe(before);
  });

  it('a retry after a failed step creates no duplicates', async () => {
    const other = await createTestOwner({ accounts: { searchads: 1, deskads: 1 } });
    const account = other.accounts.deskads![0]!;
    const campaignId = (
      (await callToolOk(other.apiKey, 'list_campaigns', {})).structured!.campaigns as { id: string; type: string; status: string }[]
    ).find((c) => c.type === 'SEARCH' && c.status === 'ENABLED')!.id;
    await injectSandboxFailure(account, 'create_ad', 1);
    const failed = await callTool(other.apiKey, 'import_deskads_from_searchads', { campaign_ids: [campaignId] });
    expect(failed.status).toBe(500);
    const retried = (await callToolOk(other.apiKey, 'import_deskads_from_searchads', { campaign_ids: [campaignId] })).structured!;
    const store = new SandboxStore('deskads', account.account_id);
    const name = retried.campaigns[0].name;
    const campaigns = (await store.list<{ id: string; name: string }>('campaign')).filter((c) => c.name === name);
    expect(campaigns).toHaveLength(1);
    const groups = (await store.list<{ id: string; campaign_id: string; name: string }>('ad_group')).filter(
      (g) => g.campaign_id === campaigns[0]!.id,
    );
    expect(new Set(groups.map((g) => g.name)).size).toBe(groups.length);
    const keywords = (await store.list<{ id: string; campaign_id: string; text: string; match_type: string }>('keyword')).filter(
      (k) => k.campaign_id === campaigns[0]!.id,
    );
    expect(new Set(keywords.map((k) => `${k.text}|${k.match_type}`)).size).toBe(keywords.length);
  });

  it.each([
    [{ campaign_ids: ['123'] }, 'No campaign 123 in searchads account'],
    [{ searchads_customer_id: '9999999999' }, 'No connected searchads account 9999999999'],
    [{ searchads_customer_id: '12-34' }, 'must be a searchads customer id'],
    [{ campaign_ids: ['1', '1'] }, 'twice'],
  ])('refuses %j with a 400', async (args, message) => {
    const result = await callTool(env.apiKey, 'import_deskads_from_searchads', args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('refuses when no searchads account is connected', async () => {
    const alone = await createTestOwner({ accounts: { deskads: 1 } });
    const result = await callTool(alone.apiKey, 'import_deskads_from_searchads', {});
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('No searchads account is connected');
  });
});
