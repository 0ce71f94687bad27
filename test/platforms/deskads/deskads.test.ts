import { addDays, isoDate } from '../../../core/dates';
import { deskads } from '../../../platforms/deskads/manifest';
import { operatorCall } from '../../../platforms/live/connector';
import type { ConnectedAccount } from '../../../core/accounts';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

interface Goal {
  id: string;
  name: string;
  type: string;
  status: string;
  tag_id: string | null;
  revenue_value: number | null;
  start_date: string | null;
}

describe('deskads tools', () => {
  let apiKey: string;
  let accountId: string;
  let account: ConnectedAccount;
  beforeAll(async () => {
    const owner = await createTestOwner({ accounts: { deskads: 1 } });
    apiKey = owner.apiKey;
    account = owner.accounts.deskads![0]!;
    accountId = account.account_id;
  });

  describe('Tool: list_deskads_accounts', () => {
    it('lists every connected account with numeric AccountId and the 8-character number, without needing account_id', async () => {
      const owner = await createTestOwner({ accounts: { deskads: 2 } });
      const data = await callToolOk(owner.apiKey, 'list_deskads_accounts', {});
      const accounts = data.structured!.accounts as { account_id: string; account_number: string }[];
      expect(accounts.map((a) => a.account_id).sort()).toEqual(owner.accounts.deskads!.map((a) => a.account_id).sort());
      for (const a of accounts) {
        expect(a.account_id).toMatch(/^\d+$/);
        expect(a.account_number).toMatch(/^F\d{7}$/);
      }
      expect(data.text).toContain('never the 8-character account number');
      // Other deskads tools still ask which account.
      const prompt = await callTool(owner.apiKey, 'list_deskads_conversion_goals', {});
      expect(prompt.status).toBe(400);
      expect(prompt.body.error).toContain('Please specify account_id');
    });

    it('takes no account parameter', async () => {
      const result = await callTool(apiKey, 'list_deskads_accounts', { account_id: accountId });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('`account_id` is not a parameter of this tool');
    });
  });

  describe('Tool: list_deskads_conversion_goals', () => {
    it('lists goals with type, tag, status and revenue, and reports total/filtered/has_more', async () => {
      const data = await callToolOk(apiKey, 'list_deskads_conversion_goals', { customer_id: accountId });
      const goals = data.structured!.goals as Goal[];
      expect(data.structured!.total).toBe(goals.length);
      expect(data.structured!.filtered).toBe(goals.length);
      expect(data.structured!.has_more).toBe(false);
      expect(new Set(goals.map((g) => g.type)).size).toBe(7);
      expect(goals.map((g) => g.name)).toEqual(
        [...goals.map((g) => g.name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
      );
      expect(goals.find((g) => g.type === 'OfflineConversion')!.tag_id).toBeNull();
      expect(goals.find((g) => g.type === 'Url')!.tag_id).toMatch(/^\d+$/);
    });

    it('filters by goal_types with short names, Goal-suffixed aliases, commas or spaces', async () => {
      const data = await callToolOk(apiKey, 'list_deskads_conversion_goals', { goal_types: 'UrlGoal, event duration' });
      const types = new Set((data.structured!.goals as Goal[]).map((g) => g.type));
      expect(types).toEqual(new Set(['Url', 'Event', 'Duration']));
    });

    it('rejects unknown goal types listing the valid names', async () => {
      const result = await callTool(apiKey, 'list_deskads_conversion_goals', { goal_types: 'Url, Purchase' });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('`goal_types` has unknown goal type(s) "Purchase"');
      expect(result.body.error).toContain('InStoreTransaction');
    });

    it('applies query, status and type filters, sort and paging', async () => {
      const all = (await callToolOk(apiKey, 'list_deskads_conversion_goals', {})).structured!.goals as Goal[];
      const active = await callToolOk(apiKey, 'list_deskads_conversion_goals', {
        status_filter: 'active, paused',
        type_filter: 'Url,Event',
        sort_by: 'revenue_value',
        sort_order: 'desc',
      });
      const rows = active.structured!.goals as Goal[];
      expect(rows.length).toBe(all.filter((g) => ['Active', 'Paused'].includes(g.status) && ['Url', 'Event'].includes(g.type)).length);
      const values = rows.map((r) => r.revenue_value).filter((v) => v !== null) as number[];
      expect(values).toEqual([...values].sort((a, b) => b - a));
      // Goals without revenue value sort last.
      expect(rows.findIndex((r) => r.revenue_value === null)).toBeGreaterThanOrEqual(values.length);
      const query = await callToolOk(apiKey, 'list_deskads_conversion_goals', { query: 'NEWSLETTER' });
      expect((query.structured!.goals as Goal[]).every((g) => g.name.toLowerCase().includes('newsletter'))).toBe(true);
      const page = await callToolOk(apiKey, 'list_deskads_conversion_goals', { limit: 10, offset: 0 });
      expect((page.structured!.goals as Goal[]).length).toBe(10);
      expect(page.structured!.has_more).toBe(all.length > 10);
      const next = await callToolOk(apiKey, 'list_deskads_conversion_goals', { limit: 10, offset: 10 });
      expect((next.structured!.goals as Goal[]).length).toBe(all.length - 10);
    });

    it('excludes goals without an explicit start date while a date filter is active', async () => {
      const all = (await callToolOk(apiKey, 'list_deskads_conversion_goals', {})).structured!.goals as Goal[];
      expect(all.some((g) => g.start_date === null)).toBe(true);
      const since = addDays(isoDate(new Date()), -100);
      const data = await callToolOk(apiKey, 'list_deskads_conversion_goals', { started_after: since });
      const rows = data.structured!.goals as Goal[];
      expect(rows.length).toBe(all.filter((g) => g.start_date !== null && g.start_date >= since).length);
      expect(rows.every((g) => g.start_date !== null && g.start_date >= since)).toBe(true);
      const before = await callToolOk(apiKey, 'list_deskads_conversion_goals', { started_before: since });
      expect((before.structured!.goals as Goal[]).every((g) => g.start_date !== null && g.start_date <= since)).toBe(true);
    });

    it("rejects the filter set's bad values, each named", async () => {
      const result = await callTool(apiKey, 'list_deskads_conversion_goals', {
        limit: 5,
        sort_by: 'colour',
        offset: 5000,
        started_after: '2026/01/01',
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('`limit` must be at least 10');
      expect(result.body.error).toContain('`sort_by` must be one of');
      expect(result.body.error).toContain('`offset` must be at most 1000: deep paging is capped');
      expect(result.body.error).toContain('`started_after` must be a date in the form YYYY-MM-DD');
      const status = await callTool(apiKey, 'list_deskads_conversion_goals', { status_filter: 'Running' });
      expect(status.status).toBe(400);
      expect(status.body.error).toContain('`status_filter` has unknown value(s) "Running"');
      const order = await callTool(apiKey, 'list_deskads_conversion_goals', { started_after: '2026-05-01', started_before: '2026-04-01' });
      expect(order.status).toBe(400);
      expect(order.body.error).toContain('`started_after` (2026-05-01) must not be later than `started_before`');
    });
  });

  describe('Tool: get_deskads_product_performance', () => {
    interface Row {
      product_id: string;
      spend: number;
      clicks: number;
      conversions: number;
      revenue: number;
      roas: number | null;
      cpa: number | null;
      title: string;
      category: string;
    }

    it('reports per-product metrics for the default 90 days ending yesterday, as the platform reports them', async () => {
      const data = await callToolOk(apiKey, 'get_deskads_product_performance', { limit: 200 });
      const end = addDays(isoDate(new Date()), -1);
      expect(data.structured).toMatchObject({ end_date: end, start_date: addDays(end, -89) });
      const rows = data.structured!.products as Row[];
      expect(rows.length).toBe(data.structured!.filtered);
      const spends = rows.map((r) => r.spend);
      expect(spends).toEqual([...spends].sort((a, b) => b - a));
      const port = deskads.open(account, operatorCall());
      const report = await port.getReport({
        report_type: 'ProductDimensionPerformance',
        aggregation: 'Summary',
        start_date: addDays(end, -89),
        end_date: end,
      });
      const reported = report.find((r) => r.product_id === rows[0]!.product_id)!;
      expect(rows[0]).toMatchObject({ spend: reported.spend, clicks: reported.clicks, conversions: reported.conversions });
      const summary = data.structured!.summary as { spend: number };
      expect(summary.spend).toBeCloseTo(
        rows.reduce((s, r) => s + r.spend, 0),
        1,
      );
    });

    it('filters by query/search alias, metric bounds and zero_conversions', async () => {
      const boots = await callToolOk(apiKey, 'get_deskads_product_performance', { search: 'boots' });
      expect((boots.structured!.products as Row[]).every((r) => `${r.title} ${r.category}`.toLowerCase().includes('boot'))).toBe(true);
      const zero = await callToolOk(apiKey, 'get_deskads_product_performance', { zero_conversions: true });
      const zeroRows = zero.structured!.products as Row[];
      expect(zeroRows.length).toBeGreaterThan(0);
      expect(zeroRows.every((r) => r.conversions === 0)).toBe(true);
      const roas = await callToolOk(apiKey, 'get_deskads_product_performance', { min_roas: 1, sort_by: 'roas', sort_dir: 'asc' });
      const roasRows = roas.structured!.products as Row[];
      expect(roasRows.every((r) => r.roas !== null && r.roas >= 1)).toBe(true);
      expect(roasRows.map((r) => r.roas)).toEqual([...roasRows.map((r) => r.roas)].sort((a, b) => a! - b!));
      const cpa = await callToolOk(apiKey, 'get_deskads_product_performance', { max_cpa: 40, min_spend: 10 });
      expect((cpa.structured!.products as Row[]).every((r) => r.cpa !== null && r.cpa <= 40 && r.spend >= 10)).toBe(true);
    });

    it('snaps the offset to a page boundary and caps deep paging', async () => {
      const snapped = await callToolOk(apiKey, 'get_deskads_product_performance', { limit: 10, offset: 13 });
      expect(snapped.structured!.paging).toMatchObject({ offset_requested: 13, offset: 10, snapped: true, capped: false });
      const capped = await callToolOk(apiKey, 'get_deskads_product_performance', { limit: 30, offset: 5000 });
      expect(capped.structured!.paging).toMatchObject({ offset: 990, capped: true });
      expect(capped.text).toContain('to protect your quota');
    });

    it('rejects contradictory or out-of-range arguments, each named', async () => {
      const result = await callTool(apiKey, 'get_deskads_product_performance', {
        start_date: '2026-03-01',
        end_date: '2026-02-01',
        min_spend: 50,
        max_spend: 10,
        limit: 500,
        query: 'a',
        search: 'b',
        sort_by: 'acos',
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('`limit` must be at most 200');
      expect(result.body.error).toContain('`sort_by` must be one of');
      const rules = await callTool(apiKey, 'get_deskads_product_performance', {
        start_date: '2026-03-01',
        end_date: '2026-02-01',
        min_spend: 50,
        max_spend: 10,
        query: 'a',
        search: 'b',
        zero_conversions: true,
        min_conversions: 2,
      });
      expect(rules.status).toBe(400);
      expect(rules.body.error).toContain('`start_date` (2026-03-01) must not be after `end_date` (2026-02-01)');
      expect(rules.body.error).toContain('`min_spend` (50) must not exceed `max_spend` (10)');
      expect(rules.body.error).toContain('`search` is an alias of `query`');
      expect(rules.body.error).toContain('`zero_conversions` and `min_conversions`');
      const future = await callTool(apiKey, 'get_deskads_product_performance', { end_date: addDays(isoDate(new Date()), 3) });
      expect(future.status).toBe(400);
      expect(future.body.error).toContain('is in the future');
    });
  });
});
