import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const range = { start_date: daysAgo(30), end_date: yesterday() };
const sum = (rows: Row[], field: string) => Math.round(rows.reduce((t, r) => t + r[field], 0) * 100) / 100;

describe('Tool: get_retailads_report', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await createTestOwner({ accounts: { retailads: 1 } }));
  });

  it('returns the Sponsored Products campaign report by default, with totals equal to the rows', async () => {
    const data = await callToolOk(apiKey, 'get_retailads_report', range);
    const s = data.structured!;
    expect(s.report_type_id).toBe('spCampaigns');
    expect(s.ad_product).toBe('SPONSORED_PRODUCTS');
    const rows = s.rows as Row[];
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((r) => r.ad_product === 'SPONSORED_PRODUCTS')).toBe(true);
    expect(s.summary.spend).toBeCloseTo(sum(rows, 'spend'), 1);
    expect(s.summary.sales).toBeCloseTo(sum(rows, 'sales'), 1);
    expect(s.paging).toMatchObject({
      offset: 0,
      limit: 1000,
      returned: rows.length,
      total_matching: rows.length,
      has_more: false,
      next_offset: null,
    });
    // Default sort: spend, descending.
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].spend).toBeGreaterThanOrEqual(rows[i].spend);
    // ACOS is spend / sales in percent.
    for (const r of rows.filter((x) => x.sales > 0)) expect(r.acos).toBeCloseTo((r.spend / r.sales) * 100, 0);
    expect(data.text).toContain('| Campaign |');
  });

  it('derives the report type from ad_product, and rejects a report type of another ad product', async () => {
    const sb = await callToolOk(apiKey, 'get_retailads_report', { ...range, ad_product: 'SPONSORED_BRANDS' });
    expect(sb.structured!.report_type_id).toBe('sbCampaigns');
    expect((sb.structured!.rows as Row[]).every((r) => r.ad_product === 'SPONSORED_BRANDS')).toBe(true);
    const bad = await callTool(apiKey, 'get_retailads_report', {
      ...range,
      report_type_id: 'sdTargeting',
      ad_product: 'SPONSORED_PRODUCTS',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('`ad_product`');
  });

  it('pages a large search-term report: 1,000 rows per page, billed pages, reach capped at the top 5,000 by spend', async () => {
    const first = await callToolOk(apiKey, 'get_retailads_report', { ...range, report_type_id: 'spSearchTerm' });
    const p = first.structured!.paging;
    expect(p.total_matching).toBeGreaterThan(5000);
    expect(p.reachable).toBe(5000);
    expect(p.returned).toBe(1000);
    expect(p.has_more).toBe(true);
    expect(p.next_offset).toBe(1000);
    expect(p.unreachable).toBe(p.total_matching - 5000);
    expect(first.text).toContain('`offset`: 1000');
    expect(first.text).toMatch(/billed call/);
    expect(first.text).toMatch(/cannot be returned/);
    // The last reachable page ends paging.
    const last = await callToolOk(apiKey, 'get_retailads_report', { ...range, report_type_id: 'spSearchTerm', offset: 4000 });
    expect(last.structured!.paging).toMatchObject({ returned: 1000, has_more: false, next_offset: null });
    // The reachable rows are the top 5,000 by spend: the last page's smallest spend is at least any unreachable row's.
    const cheapest = Math.min(...(last.structured!.rows as Row[]).map((r) => r.spend));
    const byAsc = await callToolOk(apiKey, 'get_retailads_report', { ...range, report_type_id: 'spSearchTerm', sort_dir: 'asc', limit: 5 });
    expect((byAsc.structured!.rows as Row[])[0].spend).toBe(cheapest);
    // Summary totals cover every matching row, whatever the page.
    expect(last.structured!.summary).toEqual(first.structured!.summary);
    const beyond = await callTool(apiKey, 'get_retailads_report', { ...range, report_type_id: 'spSearchTerm', offset: 5000 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toContain('`offset` 5000');
  });

  it('applies the shared filters', async () => {
    const base = { ...range, report_type_id: 'spSearchTerm' };
    const exact = await callToolOk(apiKey, 'get_retailads_report', { ...base, match_type: 'EXACT' });
    expect((exact.structured!.rows as Row[]).length).toBeGreaterThan(0);
    expect((exact.structured!.rows as Row[]).every((r) => r.match_type === 'EXACT')).toBe(true);

    const search = await callToolOk(apiKey, 'get_retailads_report', { ...base, search: 'BACKPACK', limit: 50 });
    expect((search.structured!.rows as Row[]).every((r) => `${r.search_term} ${r.targeting}`.toLowerCase().includes('backpack'))).toBe(
      true,
    );

    const acos = await callToolOk(apiKey, 'get_retailads_report', {
      ...base,
      min_acos: 30,
      max_acos: 80,
      sort_by: 'acos',
      sort_dir: 'asc',
    });
    const acosRows = acos.structured!.rows as Row[];
    expect(acosRows.length).toBeGreaterThan(0);
    expect(acosRows.every((r) => r.acos !== null && r.acos >= 30 && r.acos <= 80)).toBe(true);
    for (let i = 1; i < acosRows.length; i++) expect(acosRows[i - 1].acos).toBeLessThanOrEqual(acosRows[i].acos);

    const waste = await callToolOk(apiKey, 'get_retailads_report', { ...range, report_type_id: 'spTargeting', zero_sales: true });
    const wasteRows = waste.structured!.rows as Row[];
    expect(wasteRows.length).toBeGreaterThan(0);
    expect(wasteRows.every((r) => r.spend > 0 && r.sales === 0 && r.acos === null)).toBe(true);

    const bounded = await callToolOk(apiKey, 'get_retailads_report', {
      ...range,
      report_type_id: 'spTargeting',
      min_spend: 50,
      min_clicks: 30,
      min_roas: 1,
    });
    expect((bounded.structured!.rows as Row[]).every((r) => r.spend >= 50 && r.clicks >= 30 && r.roas >= 1)).toBe(true);

    // One campaign: a small set whose rows all fit a page; totals equal the sum of all of them, even on a 2-row page.
    const campaigns = (await callToolOk(apiKey, 'get_retailads_report', range)).structured!.rows as Row[];
    const one = await callToolOk(apiKey, 'get_retailads_report', {
      ...range,
      report_type_id: 'spTargeting',
      campaign_id: campaigns[0].campaign_id,
    });
    const oneRows = one.structured!.rows as Row[];
    expect(oneRows.every((r) => r.campaign_id === campaigns[0].campaign_id)).toBe(true);
    expect(one.structured!.summary.spend).toBeCloseTo(campaigns[0].spend, 1);
    const small = await callToolOk(apiKey, 'get_retailads_report', {
      ...range,
      report_type_id: 'spTargeting',
      campaign_id: campaigns[0].campaign_id,
      limit: 2,
    });
    expect(small.structured!.summary).toEqual(one.structured!.summary);
    expect(small.structured!.paging).toMatchObject({
      returned: 2,
      has_more: oneRows.length > 2,
      next_offset: oneRows.length > 2 ? 2 : null,
    });

    const byName = await callToolOk(apiKey, 'get_retailads_report', { ...range, campaign_name_contains: 'tents' });
    expect((byName.structured!.rows as Row[]).map((r) => r.campaign_name)).toEqual(['SP - Tents - Broad Research']);
  });

  it('rejects bad arguments, naming the field and rule', async () => {
    const missing = await callTool(apiKey, 'get_retailads_report', { end_date: yesterday() });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('`start_date` is required');
    const order = await callTool(apiKey, 'get_retailads_report', { start_date: yesterday(), end_date: daysAgo(5) });
    expect(order.body.error).toContain('`end_date`');
    const format = await callTool(apiKey, 'get_retailads_report', { start_date: '2026/01/01', end_date: yesterday() });
    expect(format.body.error).toContain('`start_date` must be a date in the form YYYY-MM-DD');
    const limit = await callTool(apiKey, 'get_retailads_report', { ...range, limit: 1001 });
    expect(limit.status).toBe(400);
    expect(limit.body.error).toContain('`limit` must be at most 1000');
    const bounds = await callTool(apiKey, 'get_retailads_report', { ...range, min_spend: 100, max_spend: 10 });
    expect(bounds.body.error).toContain('`min_spend` (100) must not be greater than `max_spend` (10)');
    const never = await callTool(apiKey, 'get_retailads_report', { ...range, zero_sales: true, min_acos: 10 });
    expect(never.body.error).toContain('`zero_sales`');
    const type = await callTool(apiKey, 'get_retailads_report', { ...range, report_type_id: 'spKeywords' });
    expect(type.body.error).toContain('`report_type_id` must be one of');
    const match = await callTool(apiKey, 'get_retailads_report', { ...range, match_type: 'exact' });
    expect(match.body.error).toContain('`match_type` must be one of "EXACT", "PHRASE", "BROAD"');
    const future = await callTool(apiKey, 'get_retailads_report', { start_date: daysAgo(-3), end_date: daysAgo(-4) });
    expect(future.status).toBe(400);
    expect(future.body.error).toContain('collected nightly');
  });
});
