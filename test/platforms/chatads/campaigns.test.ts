import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;

async function campaignsOf(apiKey: string, args: Record<string, unknown> = {}): Promise<Row[]> {
  return (await callToolOk(apiKey, 'list_chatads_campaigns', args)).structured!.campaigns as Row[];
}

describe('Tool: list_chatads_campaigns', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await createTestOwner({ accounts: { chatads: 1 } }));
  });

  it('lists every campaign with matched versus total, sorted by name', async () => {
    const data = await callToolOk(apiKey, 'list_chatads_campaigns', {});
    const rows = data.structured!.campaigns as Row[];
    expect(data.structured!.matched).toBe(data.structured!.total);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((c) => /^cmpn_/.test(c.id))).toBe(true);
    expect(new Set(rows.map((c) => c.status))).toEqual(new Set(['active', 'paused', 'archived']));
    expect(new Set(rows.map((c) => c.bidding_type))).toEqual(new Set(['impressions', 'clicks', 'conversions']));
    expect(rows.map((c) => c.name)).toEqual([...rows.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    expect(data.text).toMatch(/matched of \d+/);
  });

  it('filters by query, statuses, types and start dates, sorts and pages', async () => {
    const all = await campaignsOf(apiKey);
    const byQuery = await campaignsOf(apiKey, { query: 'TRIAL' });
    expect(byQuery.map((c) => c.name)).toEqual(['Trial Signups - Conversions']);
    const byId = await campaignsOf(apiKey, { query: all[0].id });
    expect(byId.map((c) => c.id)).toEqual([all[0].id]);
    const paused = await campaignsOf(apiKey, { status_filter: 'active, paused', type_filter: 'clicks' });
    expect(paused.length).toBeGreaterThan(0);
    expect(paused.every((c) => ['active', 'paused'].includes(c.status) && c.bidding_type === 'clicks')).toBe(true);
    const pivot = [...all].sort((a, b) => a.start_date.localeCompare(b.start_date))[3].start_date;
    const after = await campaignsOf(apiKey, { start_after: pivot });
    expect(after.length).toBe(all.filter((c) => c.start_date >= pivot).length);
    const before = await campaignsOf(apiKey, { end_before: pivot });
    expect(before.every((c) => c.start_date <= pivot)).toBe(true);
    const byBudget = await campaignsOf(apiKey, { sort_by: 'budget', sort_order: 'desc' });
    for (let i = 1; i < byBudget.length; i++) expect(byBudget[i - 1].budget).toBeGreaterThanOrEqual(byBudget[i].budget);
    const page = await callToolOk(apiKey, 'list_chatads_campaigns', { limit: 2, offset: 2 });
    expect(page.structured!.campaigns.map((c: Row) => c.id)).toEqual(all.slice(2, 4).map((c) => c.id));
    expect(page.structured!.next_offset).toBe(4);
  });

  it('rejects unknown filter values and bad dates', async () => {
    const status = await callTool(apiKey, 'list_chatads_campaigns', { status_filter: 'active,deleted' });
    expect(status.status).toBe(400);
    expect(status.body.error).toContain('`status_filter` has unknown value deleted');
    const type = await callTool(apiKey, 'list_chatads_campaigns', { type_filter: 'views' });
    expect(type.body.error).toContain('`type_filter`');
    const date = await callTool(apiKey, 'list_chatads_campaigns', { start_after: '01/02/2026' });
    expect(date.body.error).toContain('`start_after` must be a date in the form YYYY-MM-DD');
    const limit = await callTool(apiKey, 'list_chatads_campaigns', { limit: 0 });
    expect(limit.body.error).toContain('`limit` must be at least 1');
  });
});

describe('Tools: pause_chatads_campaign, resume_chatads_campaign, archive_chatads_campaign', () => {
  it('moves a campaign active -> paused -> active -> archived, with no-ops said plainly and archived final', async () => {
    const { apiKey } = await createTestOwner({ accounts: { chatads: 1 } });
    const campaign = (await campaignsOf(apiKey, { status_filter: 'active' }))[0];
    const paused = await callToolOk(apiKey, 'pause_chatads_campaign', { campaign_id: campaign.id });
    expect(paused.structured).toMatchObject({ status: 'paused', changed: true });
    expect((await campaignsOf(apiKey, { query: campaign.id }))[0].status).toBe('paused');
    const again = await callToolOk(apiKey, 'pause_chatads_campaign', { campaign_id: campaign.id });
    expect(again.structured!.changed).toBe(false);
    expect(again.text).toContain('already paused');
    const resumed = await callToolOk(apiKey, 'resume_chatads_campaign', { campaign_id: campaign.id });
    expect(resumed.structured).toMatchObject({ status: 'active', changed: true });
    expect(resumed.text).toContain('delivery starts');
    const noop = await callToolOk(apiKey, 'resume_chatads_campaign', { campaign_id: campaign.id });
    expect(noop.text).toContain('already active');
    const archived = await callToolOk(apiKey, 'archive_chatads_campaign', { campaign_id: campaign.id });
    expect(archived.structured).toMatchObject({ status: 'archived', previous_status: 'active', changed: true });
    expect((await campaignsOf(apiKey, { query: campaign.id }))[0].status).toBe('archived');
    const resumeArchived = await callTool(apiKey, 'resume_chatads_campaign', { campaign_id: campaign.id });
    expect(resumeArchived.status).toBe(400);
    expect(resumeArchived.body.error).toContain('archived campaigns cannot be resumed');
    const pauseArchived = await callTool(apiKey, 'pause_chatads_campaign', { campaign_id: campaign.id });
    expect(pauseArchived.status).toBe(400);
    const archiveAgain = await callToolOk(apiKey, 'archive_chatads_campaign', { campaign_id: campaign.id });
    expect(archiveAgain.structured!.changed).toBe(false);
  });

  it('rejects malformed and unknown campaign ids', async () => {
    const { apiKey } = await createTestOwner({ accounts: { chatads: 1 } });
    const malformed = await callTool(apiKey, 'archive_chatads_campaign', { campaign_id: '12345' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toContain('`campaign_id` must be a campaign id starting with cmpn_');
    const unknown = await callTool(apiKey, 'pause_chatads_campaign', { campaign_id: 'cmpn_doesnotexist' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('cmpn_doesnotexist');
  });
});
