/**
 * deskads report and tracking tools on a seeded sandbox account: breakdowns add up to the totals the
 * list tools show, the previous period is the same length, keyword quality and bid estimates are
 * present, tags show the goals they back, and a new conversion goal reads back.
 */
import { addDays, isoDate } from '../../../core/dates';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Metrics = { impressions: number; clicks: number; spend: number; conversions: number };
const cents = (n: number) => Math.round(n * 100);
const sum = (rows: { metrics: Metrics }[]) =>
  rows.reduce(
    (s, r) => ({
      impressions: s.impressions + r.metrics.impressions,
      clicks: s.clicks + r.metrics.clicks,
      spend: s.spend + cents(r.metrics.spend),
      conversions: s.conversions + r.metrics.conversions,
    }),
    { impressions: 0, clicks: 0, spend: 0, conversions: 0 },
  );
const whole = (m: Metrics) => ({ impressions: m.impressions, clicks: m.clicks, spend: cents(m.spend), conversions: m.conversions });

describe('deskads reports and tracking', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { deskads: 1 } })).apiKey;
  });

  it.each(['day', 'device', 'network'])(
    'get_deskads_campaign_performance by %s: rows add up to the campaign total, which equals list_deskads_campaigns',
    async (breakdown) => {
      const data = await callToolOk(apiKey, 'get_deskads_campaign_performance', { breakdown, limit: 200 });
      const listed = (await callToolOk(apiKey, 'list_deskads_campaigns', { limit: 200 })).structured!.campaigns as {
        id: string;
        metrics: Metrics;
      }[];
      const campaigns = data.structured!.campaigns as {
        campaign_id: string;
        metrics: Metrics;
        rows: { segment: string; metrics: Metrics }[];
        budget_limited_days: number;
        average_quality_score: number | null;
        type: string;
      }[];
      expect(campaigns).toHaveLength(listed.length);
      for (const c of campaigns) {
        expect(sum(c.rows)).toEqual(whole(c.metrics));
        expect(whole(c.metrics)).toEqual(whole(listed.find((l) => l.id === c.campaign_id)!.metrics));
      }
      const segments = new Set(campaigns.flatMap((c) => c.rows.map((r) => r.segment)));
      if (breakdown === 'device') expect([...segments].sort()).toEqual(['Computer', 'Smartphone', 'Tablet']);
      if (breakdown === 'network') expect([...segments].sort()).toEqual(['Audience', 'OwnedAndOperated', 'Syndicated']);
      const search = campaigns.find((c) => c.type === 'Search' && c.metrics.impressions > 0)!;
      expect(search.average_quality_score).toBeGreaterThan(0);
      expect(data.text).toContain('Budget-limited days');
    },
  );

  it('get_deskads_campaign_performance refuses unknown campaigns and future dates, and pages rows', async () => {
    const unknown = await callTool(apiKey, 'get_deskads_campaign_performance', { campaign_ids: ['123'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('No campaign 123');
    const future = await callTool(apiKey, 'get_deskads_campaign_performance', { end_date: addDays(isoDate(new Date()), 1) });
    expect(future.body.error).toContain('in the future');
    const paged = await callToolOk(apiKey, 'get_deskads_campaign_performance', { limit: 10 });
    const first = (paged.structured!.campaigns as { rows: unknown[]; rows_total: number; has_more: boolean }[]).find(
      (c) => c.rows_total > 10,
    )!;
    expect(first).toMatchObject({ has_more: true });
    expect(first.rows).toHaveLength(10);
  });

  it('get_deskads_account_performance compares with the previous period of the same length', async () => {
    const end = addDays(isoDate(new Date()), -1);
    const start = addDays(end, -13);
    const data = await callToolOk(apiKey, 'get_deskads_account_performance', { start_date: start, end_date: end, breakdown: 'device' });
    expect(data.structured).toMatchObject({ previous_start_date: addDays(start, -14), previous_end_date: addDays(start, -1) });
    const s = data.structured as {
      metrics: Metrics;
      previous_metrics: Metrics;
      change_percent: { spend: number | null };
      rows: { metrics: Metrics }[];
    };
    expect(sum(s.rows)).toEqual(whole(s.metrics));
    expect(s.change_percent.spend).toBeCloseTo(((s.metrics.spend - s.previous_metrics.spend) / s.previous_metrics.spend) * 100, 0);
    const before = await callToolOk(apiKey, 'get_deskads_account_performance', {
      start_date: addDays(start, -14),
      end_date: addDays(start, -1),
    });
    expect(whole((before.structured as { metrics: Metrics }).metrics)).toEqual(whole(s.previous_metrics));
  });

  it('get_deskads_keyword_performance: quality components and bid estimates; figures equal list_deskads_keywords', async () => {
    const data = await callToolOk(apiKey, 'get_deskads_keyword_performance', { limit: 200 });
    const rows = data.structured!.keywords as {
      keyword_id: string;
      quality_score: number | null;
      expected_ctr: string | null;
      first_page_bid: number;
      top_of_page_bid: number;
      mainline_first_bid: number;
      metrics: Metrics;
    }[];
    expect(rows.length).toBeGreaterThan(5);
    const scored = rows.filter((r) => r.quality_score !== null);
    expect(scored.every((r) => ['BelowAverage', 'Average', 'AboveAverage'].includes(r.expected_ctr!))).toBe(true);
    expect(rows.every((r) => r.first_page_bid < r.top_of_page_bid && r.top_of_page_bid < r.mainline_first_bid)).toBe(true);
    // Sorted by spend.
    expect(rows.map((r) => r.metrics.spend)).toEqual([...rows.map((r) => r.metrics.spend)].sort((a, b) => b - a));
    const listed = (await callToolOk(apiKey, 'list_deskads_keywords', { limit: 200 })).structured!.keywords as {
      id: string;
      metrics: Metrics;
    }[];
    for (const r of rows) expect(whole(r.metrics)).toEqual(whole(listed.find((l) => l.id === r.keyword_id)!.metrics));
  });

  it('list_deskads_uet_tags shows the goals each tag backs and warns about unverified tags', async () => {
    const data = await callToolOk(apiKey, 'list_deskads_uet_tags', {});
    const tags = data.structured!.tags as { name: string; status: string; goals: { name: string }[] }[];
    expect(tags.map((t) => t.status).sort()).toEqual(['Active', 'Unverified']);
    expect(tags.find((t) => t.status === 'Unverified')!.goals.map((g) => g.name)).toContain('Blog Newsletter');
    expect(data.text).toContain('install the tag');
    expect((await callToolOk(apiKey, 'list_deskads_uet_tags', { status_filter: 'Active' })).structured!.tags).toHaveLength(1);
  });

  it.each([
    [{ type: 'Url' }, 'a Url goal needs `url_operator` and `url_expression`'],
    [{ type: 'Event' }, 'an Event goal needs at least one of'],
    [{ type: 'Duration' }, 'a Duration goal needs `minimum`'],
    [{ type: 'PagesViewedPerVisit', minimum: 600 }, 'at most 500'],
    [{ type: 'Event', event_action: 'signup', url_operator: 'Equals' }, 'only go with type Url'],
    [{ type: 'Event', event_action: 'signup', revenue_type: 'FixedValue' }, 'needs `revenue_value`'],
    [{ type: 'Event', event_action: 'signup', revenue_value: 5 }, 'needs revenue_type FixedValue'],
    [{ type: 'Event', event_action: 'signup', conversion_window_minutes: 10 }, '`conversion_window_minutes`'],
  ])('create_deskads_conversion_goal %j answers 400: %s', async (args, message) => {
    const result = await callTool(apiKey, 'create_deskads_conversion_goal', { tag_id: '1', name: 'X', goal_category: 'Signup', ...args });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('create_deskads_conversion_goal: dry run, create, read back; names are unique; unknown tag is 400', async () => {
    const tag = ((await callToolOk(apiKey, 'list_deskads_uet_tags', {})).structured!.tags as { id: string; status: string }[]).find(
      (t) => t.status === 'Active',
    )!;
    const args = {
      tag_id: tag.id,
      name: 'Thank-you page',
      type: 'Url',
      goal_category: 'Purchase',
      url_operator: 'Contains',
      url_expression: '/thank-you',
      revenue_type: 'VariableValue',
      revenue_value: 60,
    };
    const preview = await callToolOk(apiKey, 'create_deskads_conversion_goal', { ...args, dry_run: true });
    expect(preview.structured!.changes).toEqual([
      expect.objectContaining({ action: 'create', entity: 'conversion_goal', name: 'Thank-you page' }),
    ]);
    const goals = async () =>
      (await callToolOk(apiKey, 'list_deskads_conversion_goals', { limit: 200 })).structured!.goals as {
        name: string;
        type: string;
        tracking_status: string;
        count_type: string;
      }[];
    expect((await goals()).some((g) => g.name === 'Thank-you page')).toBe(false);
    const created = await callToolOk(apiKey, 'create_deskads_conversion_goal', args);
    expect(created.structured).toMatchObject({ type: 'Url', tag_id: tag.id, status: 'Active', tracking_status: 'NoRecentConversions' });
    expect((await goals()).find((g) => g.name === 'Thank-you page')).toMatchObject({ type: 'Url', count_type: 'All' });
    const again = await callTool(apiKey, 'create_deskads_conversion_goal', args);
    expect(again.body.error).toContain('already exists');
    const unknown = await callTool(apiKey, 'create_deskads_conversion_goal', { ...args, name: 'Other', tag_id: '42' });
    expect(unknown.body.error).toContain('No tag 42');
  });
});
