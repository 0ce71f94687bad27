/**
 * deskads responsive search ads: the copy limits, editorial review (Pending, then Approved or
 * Disapproved; a text change is reviewed again), pause and resume, and ad rows that add up to their
 * ad group, with disapproved and paused ads serving nothing.
 */
import { addDays, isoDate } from '../../../core/dates';
import { deskads } from '../../../platforms/deskads/manifest';
import { operatorCall } from '../../../platforms/live/connector';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

interface Ad {
  id: string;
  ad_group_id: string;
  status: string;
  editorial_status: string;
  editorial_reason: string | null;
  headlines: string[];
  metrics: { spend: number };
}
const rsa = {
  headlines: ['Waterproof Hiking Boots', 'Northwind Outdoor', 'Free Returns'],
  descriptions: ['Tested on real trails.', 'Order today.'],
  final_url: 'https://www.example.com/boots',
};

describe('deskads ads', () => {
  let apiKey: string;
  let accountId: string;
  const ads = async (args: Record<string, unknown> = {}) =>
    (await callToolOk(apiKey, 'list_deskads_ads', { limit: 200, ...args })).structured!.ads as Ad[];
  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { deskads: 1 } });
    apiKey = owner.apiKey;
    accountId = owner.accounts.deskads![0]!.account_id;
  });

  it('every ad group has an ad; ad rows add up to their ad group; disapproved ads serve nothing', async () => {
    const all = await ads();
    const groups = (await callToolOk(apiKey, 'list_deskads_ad_groups', { limit: 200 })).structured!.ad_groups as {
      id: string;
      metrics: { spend: number };
    }[];
    for (const g of groups) {
      const mine = all.filter((a) => a.ad_group_id === g.id);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.reduce((s, a) => s + Math.round(a.metrics.spend * 100), 0)).toBe(Math.round(g.metrics.spend * 100));
    }
    const disapproved = all.find((a) => a.editorial_status === 'Disapproved')!;
    expect(disapproved).toMatchObject({ editorial_reason: expect.stringContaining('ExcessiveCapitalization'), metrics: { spend: 0 } });
    expect((await callToolOk(apiKey, 'list_deskads_ads', {})).text).toContain('update_deskads_ad');
  });

  it.each([
    [{ headlines: ['A', 'B'] }, 'at least 3 headlines'],
    [{ headlines: ['A', 'B', 'x'.repeat(31)] }, 'at most 30 characters'],
    [{ headlines: ['A', 'B', 'a'] }, 'has "a" twice'],
    [{ descriptions: ['Only one'] }, 'at least 2 descriptions'],
    [{ descriptions: ['d1', 'x'.repeat(91)] }, 'at most 90 characters'],
    [{ path1: 'two words' }, 'one word'],
    [{ path1: 'x'.repeat(16) }, 'at most 15 characters'],
    [{ path2: 'boots' }, '`path2` needs `path1`'],
    [{ final_url: 'www.example.com' }, 'must be a URL'],
  ])('create_deskads_responsive_search_ad %j answers 400: %s', async (args, message) => {
    const result = await callTool(apiKey, 'create_deskads_responsive_search_ad', { ad_group_id: '1', ...rsa, ...args });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('counts characters, not UTF-16 units: 30 emoji fit a 30-character headline', async () => {
    const group = (await ads())[0]!.ad_group_id;
    const result = await callTool(apiKey, 'create_deskads_responsive_search_ad', {
      ad_group_id: group,
      ...rsa,
      headlines: ['🥾'.repeat(30), 'Northwind Outdoor', 'Free Returns'],
      dry_run: true,
    });
    expect(result.status).toBe(200);
  });

  it('create: Pending review, then Approved (or Disapproved for shouting); a text change is reviewed again; pause and resume', async () => {
    const group = (await ads())[0]!.ad_group_id;
    const preview = await callToolOk(apiKey, 'create_deskads_responsive_search_ad', { ad_group_id: group, ...rsa, dry_run: true });
    expect(preview.structured!.changes).toEqual([expect.objectContaining({ action: 'create', entity: 'ad' })]);
    const before = (await ads({ ad_group_id: group })).length;
    expect((await ads({ ad_group_id: group })).length).toBe(before);
    const created = await callToolOk(apiKey, 'create_deskads_responsive_search_ad', { ad_group_id: group, ...rsa, path1: 'boots' });
    expect(created.structured).toMatchObject({ status: 'Active', editorial_status: 'Pending' });
    const id = created.structured!.ad_id as string;
    expect((await ads({ ad_group_id: group })).find((a) => a.id === id)).toMatchObject({ editorial_status: 'Pending' });
    // The review takes 30 minutes: move the stored review time back to see its outcome.
    const store = new SandboxStore('deskads', accountId);
    await store.update('ad', id, { review_done_at: new Date(Date.now() - 1000).toISOString() });
    expect((await ads({ ad_group_id: group })).find((a) => a.id === id)!.editorial_status).toBe('Approved');
    const edit = await callToolOk(apiKey, 'update_deskads_ad', {
      ad_id: id,
      headlines: ['BEST BOOTS EVER', 'Northwind Outdoor', 'Free Returns'],
    });
    expect(edit.structured).toMatchObject({ editorial_status: 'Pending', changed: true });
    await store.update('ad', id, { review_done_at: new Date(Date.now() - 1000).toISOString() });
    expect((await ads({ ad_group_id: group })).find((a) => a.id === id)).toMatchObject({
      editorial_status: 'Disapproved',
      editorial_reason: expect.stringContaining('BEST BOOTS EVER'),
    });
    await callToolOk(apiKey, 'pause_deskads_ad', { ad_id: id });
    expect((await ads({ ad_group_id: group })).find((a) => a.id === id)!.status).toBe('Paused');
    // A status change alone is not reviewed again.
    await callToolOk(apiKey, 'resume_deskads_ad', { ad_id: id });
    expect((await ads({ ad_group_id: group })).find((a) => a.id === id)).toMatchObject({
      status: 'Active',
      editorial_status: 'Disapproved',
    });
    const none = await callTool(apiKey, 'update_deskads_ad', { ad_id: id });
    expect(none.body.error).toContain('give at least one change');
    const unknown = await callTool(apiKey, 'pause_deskads_ad', { ad_id: '999' });
    expect(unknown.body.error).toContain('No ad 999');
  });

  it('an ad group whose only ad is paused shows nothing from that moment; earlier days keep their figures', async () => {
    const owner = await createTestOwner({ accounts: { deskads: 1 } });
    const account = owner.accounts.deskads![0]!;
    const port = deskads.open(account, operatorCall());
    const store = new SandboxStore('deskads', account.account_id);
    const end = addDays(isoDate(new Date()), -1);
    const start = addDays(end, -6);
    const groups = await port.getReport({ report_type: 'AdGroupPerformance', aggregation: 'Daily', start_date: start, end_date: end });
    const allAds = await port.listAds();
    const group = groups.find((g) => allAds.filter((a) => a.ad_group_id === g.ad_group_id).length === 1)!;
    const [ad] = allAds.filter((a) => a.ad_group_id === group.ad_group_id);
    const pausedOn = addDays(end, -2);
    await store.update('ad', ad!.id, { status: 'Paused' }, { now: new Date(`${pausedOn}T06:00:00.000Z`) });
    const after = await port.getReport({ report_type: 'AdGroupPerformance', aggregation: 'Daily', start_date: start, end_date: end });
    const mine = (rows: typeof groups) => rows.filter((r) => r.ad_group_id === group.ad_group_id);
    expect(mine(after).filter((r) => r.date! < pausedOn)).toEqual(mine(groups).filter((r) => r.date! < pausedOn));
    expect(mine(after).filter((r) => r.date! >= pausedOn)).toEqual([]);
  });
});
