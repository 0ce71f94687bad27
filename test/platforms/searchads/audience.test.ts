/**
 * searchads family D2 on a sandbox account: user lists and Customer Match, experiments,
 * recommendations and the change history. Each write shows in the next read; each rule refuses.
 */
import { addDays, isoDate } from '../../../core/dates';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { operatorCall } from '../../../platforms/live/connector';
import { searchads } from '../../../platforms/searchads/manifest';
import { campaignsByName } from './helpers';
import { describeAudienceContract } from './port-contract-audience';

useTestTables();

describeAudienceContract('sandbox', async () => {
  const { accounts } = await createTestOwner({ accounts: { searchads: 1 } });
  return searchads.open(accounts.searchads![0]!, operatorCall());
});

type Structured = Record<string, any>;
const emails = (n: number, prefix = 'customer') => Array.from({ length: n }, (_, i) => `  ${prefix}.${i}@Example.COM `);
const consent = { ad_user_data: 'GRANTED', ad_personalization: 'GRANTED' };

describe('searchads audiences, experiments, recommendations and change history (sandbox)', () => {
  let apiKey: string;
  let campaigns: Awaited<ReturnType<typeof campaignsByName>>;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { searchads: 1 } })).apiKey;
    campaigns = await campaignsByName(apiKey);
  });

  describe('Tool: list_user_lists', () => {
    it('lists the seeded remarketing and Customer Match lists with sizes and whether they serve on Search', async () => {
      const data = await callToolOk(apiKey, 'list_user_lists');
      const lists = data.structured!.user_lists as Structured[];
      expect(lists.map((l) => l.name)).toEqual([
        'All visitors (540 days)',
        'Cart abandoners (30 days)',
        'Newsletter subscribers',
        'Purchasers (180 days)',
      ]);
      expect(lists.find((l) => l.name === 'Newsletter subscribers')).toMatchObject({
        type: 'CRM_BASED',
        membership_life_span: 10000,
        size_for_search: 800,
        serves_on_search: false,
        upload_key_type: 'CONTACT_INFO',
      });
      expect(lists.find((l) => l.name.startsWith('Cart'))).toMatchObject({
        type: 'RULE_BASED',
        membership_status: 'OPEN',
        membership_life_span: 30,
        serves_on_search: true,
      });
      expect(data.text).toContain('Below 1,000 members a list does not serve on Search: "Newsletter subscribers"');
      const crm = await callToolOk(apiKey, 'list_user_lists', { types: ['CRM_BASED'] });
      expect((crm.structured!.user_lists as Structured[]).map((l) => l.name)).toEqual(['Newsletter subscribers']);
    });

    it('refuses an unknown list type', async () => {
      const result = await callTool(apiKey, 'list_user_lists', { types: ['REMARKETING'] });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('types');
    });
  });

  describe('Tool: create_customer_match_list', () => {
    it('hashes the contacts, creates the list, and the audience tools see it', async () => {
      const data = await callToolOk(apiKey, 'create_customer_match_list', {
        name: 'Loyalty members',
        emails: [...emails(1700), ' Customer.0@example.com'],
        phone_numbers: ['+1 (415) 555-0123', '+44 20 7946 0958'],
        consent,
        membership_life_span_days: 10000,
      });
      const s = data.structured!;
      expect(s).toMatchObject({ uploaded_emails: 1700, uploaded_phone_numbers: 2, duplicates_dropped: 1, job_status: 'SUCCESS' });
      expect(s.user_list).toMatchObject({
        name: 'Loyalty members',
        type: 'CRM_BASED',
        upload_key_type: 'CONTACT_INFO',
        membership_life_span: 10000,
        serves_on_search: true,
      });
      expect(s.user_list.size_for_search).toBeGreaterThan(1000);
      expect(s.user_list.size_for_search).toBeLessThan(1702);
      // No raw contact data in the answer.
      expect(JSON.stringify(data)).not.toMatch(/example\.com|555-0123|4155550123/i);

      const lists = await callToolOk(apiKey, 'list_user_lists');
      expect((lists.structured!.user_lists as Structured[]).find((l) => l.id === s.user_list.id)).toMatchObject({
        name: 'Loyalty members',
        size_for_search: s.user_list.size_for_search,
      });
      const found = await callToolOk(apiKey, 'search_audiences', { query: 'loyalty', types: ['USER_LIST'] });
      expect((found.structured!.segments as Structured[]).map((x) => x.id)).toEqual([s.user_list.id]);
      const group = (await callToolOk(apiKey, 'list_ad_groups')).structured!.ad_groups.find(
        (g: Structured) => g.name === 'Outdoor Interests',
      );
      const added = await callToolOk(apiKey, 'add_ad_group_audiences', { ad_group_id: group.id, user_lists: [s.user_list.resource_name] });
      expect(added.structured!.added).toEqual([
        expect.objectContaining({ type: 'USER_LIST', audience_id: s.user_list.id, name: 'Loyalty members' }),
      ]);
    });

    it('says a list below 1,000 matched members does not serve on Search', async () => {
      const data = await callToolOk(apiKey, 'create_customer_match_list', { name: 'VIP clients', emails: emails(40, 'vip'), consent });
      expect(data.structured!.user_list.serves_on_search).toBe(false);
      expect(data.text).toContain('below 1,000 it does not serve on Search');
      const dry = await callToolOk(apiKey, 'create_customer_match_list', {
        name: 'VIP clients 2',
        emails: emails(40, 'vip2'),
        consent,
        dry_run: true,
      });
      expect(JSON.stringify(dry)).toContain('stays below the 1,000 members');
    });

    it('refuses missing consent, malformed contacts (without quoting them), no members, a bad life span and a taken name', async () => {
      const denied = await callTool(apiKey, 'create_customer_match_list', {
        name: 'X',
        emails: emails(3),
        consent: { ad_user_data: 'GRANTED', ad_personalization: 'DENIED' },
      });
      expect(denied.status).toBe(400);
      expect(denied.body.error).toContain('must both be GRANTED');
      const bad = await callTool(apiKey, 'create_customer_match_list', {
        name: 'X',
        emails: ['jane.doe@example.com', 'not-an-email'],
        phone_numbers: ['4155550123'],
        consent,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain('entries 1 are not email addresses');
      expect(bad.body.error).toContain('E.164');
      expect(bad.body.error).not.toContain('not-an-email');
      expect(bad.body.error).not.toContain('4155550123');
      const none = await callTool(apiKey, 'create_customer_match_list', { name: 'X', consent });
      expect(none.status).toBe(400);
      expect(none.body.error).toContain('at least one entry in `emails` or `phone_numbers`');
      const span = await callTool(apiKey, 'create_customer_match_list', {
        name: 'X',
        emails: emails(2),
        consent,
        membership_life_span_days: 600,
      });
      expect(span.status).toBe(400);
      expect(span.body.error).toContain('1-540 days, or 10000');
      const taken = await callTool(apiKey, 'create_customer_match_list', { name: 'newsletter SUBSCRIBERS', emails: emails(2), consent });
      expect(taken.status).toBe(400);
      expect(taken.body.error).toContain('already exists');
    });
  });

  describe('Tools: create_experiment, list_experiments', () => {
    const start = addDays(isoDate(new Date()), 3);
    const end = addDays(start, 27);

    it('creates the experiment with its arms and a trial copy of the base campaign, shown by the next reads', async () => {
      const base = campaigns['Generic - Hiking Boots']!;
      const data = await callToolOk(apiKey, 'create_experiment', {
        campaign_id: base.id,
        name: 'Broad match test',
        traffic_split: 30,
        start_date: start,
        end_date: end,
      });
      const s = data.structured!;
      expect(s.experiment).toMatchObject({
        name: 'Broad match test',
        type: 'SEARCH_CUSTOM',
        status: 'INITIATED',
        start_date: start,
        end_date: end,
        base_campaign_id: base.id,
      });
      expect(s.experiment.arms).toEqual([
        { name: 'Control', control: true, traffic_split: 70, campaign_id: base.id },
        { name: 'Treatment', control: false, traffic_split: 30, campaign_id: s.trial_campaign.id },
      ]);
      expect(s.trial_campaign).toMatchObject({
        name: 'Generic - Hiking Boots [experiment]',
        status: 'ENABLED',
        daily_budget: 36,
        start_date: start,
        end_date: end,
      });

      const listed = await callToolOk(apiKey, 'list_experiments');
      expect(listed.structured!.experiments).toEqual([
        expect.objectContaining({ id: s.experiment.id, status: 'INITIATED', trial_campaign_id: s.trial_campaign.id }),
      ]);
      expect(listed.text).toContain('control 70% / treatment 30%');
      const trial = (await campaignsByName(apiKey))['Generic - Hiking Boots [experiment]']!;
      expect(trial).toMatchObject({ id: s.trial_campaign.id, status: 'ENABLED', start_date: start });
      const groups = (await callToolOk(apiKey, 'list_ad_groups', { campaign_id: trial.id })).structured!.ad_groups as Structured[];
      expect(groups.map((g) => g.name).sort()).toEqual(['Hiking Boots - Men', 'Hiking Boots - Women', 'Waterproof Boots']);
      const byCampaign = await callToolOk(apiKey, 'list_experiments', { campaign_id: trial.id });
      expect(byCampaign.structured!.total).toBe(1);
    });

    it('refuses a past start, an end before the start, a 100 % split, a non-Search campaign and a second experiment on the same campaign', async () => {
      const base = campaigns['Generic - Hiking Boots']!;
      const past = await callTool(apiKey, 'create_experiment', {
        campaign_id: campaigns['Brand - Exact']!.id,
        name: 'Past',
        start_date: addDays(isoDate(new Date()), -1),
        end_date: end,
      });
      expect(past.status).toBe(400);
      expect(past.body.error).toContain('must be after today');
      const order = await callTool(apiKey, 'create_experiment', { campaign_id: base.id, name: 'Order', start_date: end, end_date: start });
      expect(order.status).toBe(400);
      expect(order.body.error).toContain('`end_date` must be after `start_date`');
      const split = await callTool(apiKey, 'create_experiment', {
        campaign_id: base.id,
        name: 'Split',
        traffic_split: 100,
        start_date: start,
        end_date: end,
      });
      expect(split.status).toBe(400);
      expect(split.body.error).toContain('must be 1-99');
      const display = await callTool(apiKey, 'create_experiment', {
        campaign_id: campaigns['Display - Outdoor Prospecting']!.id,
        name: 'Display',
        start_date: start,
        end_date: end,
      });
      expect(display.status).toBe(400);
      expect(display.body.error).toContain('DISPLAY campaign');
      const again = await callTool(apiKey, 'create_experiment', { campaign_id: base.id, name: 'Second', start_date: start, end_date: end });
      expect(again.status).toBe(400);
      expect(again.body.error).toContain('already the base of experiment "Broad match test"');
    });
  });

  describe('Tools: list_recommendations, apply_recommendation, dismiss_recommendation', () => {
    it('derives recommendations from delivery; applying one makes the change and removes it from the list', async () => {
      const data = await callToolOk(apiKey, 'list_recommendations');
      const recs = data.structured!.recommendations as Structured[];
      const budget = recs.find((r) => r.type === 'CAMPAIGN_BUDGET')!;
      expect(budget).toBeDefined();
      expect(budget.campaign_budget.recommended_amount).toBeGreaterThan(budget.campaign_budget.current_amount);
      expect(budget.impact.potential.conversions).toBeGreaterThanOrEqual(budget.impact.base.conversions);
      // The same account state gives the same recommendations.
      expect((await callToolOk(apiKey, 'list_recommendations')).structured!.recommendations).toEqual(recs);

      const applied = await callToolOk(apiKey, 'apply_recommendation', { recommendation_id: budget.resource_name });
      expect(applied.structured).toMatchObject({ recommendation_id: budget.id, type: 'CAMPAIGN_BUDGET', outcome: 'applied' });
      const campaign = (await campaignsByName(apiKey))[budget.campaign_name]!;
      expect(campaign.budget_amount).toBe(budget.campaign_budget.recommended_amount);
      const after = (await callToolOk(apiKey, 'list_recommendations')).structured!.recommendations as Structured[];
      expect(after.map((r) => r.id)).not.toContain(budget.id);
      // Undo sets the budget back; a dismissal has none.
      const apply = searchads.tools.find((t) => t.name === 'apply_recommendation')!;
      expect(
        apply.undo!(
          { summary: '', changes: [], data: { campaign_id: budget.campaign_id, budget_before: budget.campaign_budget.current_amount } },
          {},
        ),
      ).toEqual({
        tool: 'update_campaign_budget',
        arguments: { campaign_id: budget.campaign_id, daily_budget: budget.campaign_budget.current_amount },
      });
      expect(
        searchads.tools.find((t) => t.name === 'dismiss_recommendation')!.undo!(
          { summary: '', changes: [], data: { campaign_id: budget.campaign_id, budget_before: null } },
          {},
        ),
      ).toBeUndefined();
      // Applying it again: it is not current any more.
      const stale = await callTool(apiKey, 'apply_recommendation', { recommendation_id: budget.id });
      expect(stale.status).toBe(400);
      expect(stale.body.error).toContain('is not current');
    });

    it('applies a keyword recommendation: the keyword shows in the ad group', async () => {
      const recs = (await callToolOk(apiKey, 'list_recommendations', { types: ['KEYWORD'] })).structured!.recommendations as Structured[];
      // The seeded phrase and broad keywords match converting searches that are no keyword yet.
      expect(recs.length).toBeGreaterThan(0);
      const rec = recs[0]!;
      expect(rec).toMatchObject({ keyword: { match_type: 'EXACT' }, ad_group_id: expect.any(String) });
      expect(rec.impact.potential.conversions).toBeGreaterThan(rec.impact.base.conversions);
      await callToolOk(apiKey, 'apply_recommendation', { recommendation_id: rec.id });
      const keywords = (await callToolOk(apiKey, 'get_keyword_performance', { limit: 1000 })).structured!.rows as Structured[];
      expect(keywords.find((k) => k.ad_group_id === rec.ad_group_id && k.name === rec.keyword.text)).toMatchObject({
        status: 'ENABLED',
        details: expect.objectContaining({ match_type: 'EXACT' }),
      });
    });

    it('applies a match type recommendation: the broad keyword is added, the narrow one paused', async () => {
      const recs = (await callToolOk(apiKey, 'list_recommendations', { types: ['KEYWORD_MATCH_TYPE'] })).structured!
        .recommendations as Structured[];
      expect(recs.length).toBeGreaterThan(0);
      const rec = recs[0]!;
      expect(rec.keyword_match_type.recommended_match_type).toBe('BROAD');
      const applied = await callToolOk(apiKey, 'apply_recommendation', { recommendation_id: rec.id });
      expect(applied.text).toContain(`Broaden the keyword "${rec.keyword_match_type.text}"`);
      const keywords = ((await callToolOk(apiKey, 'get_keyword_performance', { limit: 1000 })).structured!.rows as Structured[]).filter(
        (k) => k.ad_group_id === rec.ad_group_id && k.name === rec.keyword_match_type.text,
      );
      expect(keywords.map((k) => [k.details.match_type, k.status]).sort()).toEqual([
        ['BROAD', 'ENABLED'],
        [rec.keyword_match_type.match_type, 'PAUSED'],
      ]);
    });

    it('dismissing hides a recommendation; a dismissed one cannot be applied', async () => {
      const recs = (await callToolOk(apiKey, 'list_recommendations')).structured!.recommendations as Structured[];
      expect(recs.length).toBeGreaterThan(0);
      const rec = recs[0]!;
      const dismissed = await callToolOk(apiKey, 'dismiss_recommendation', { recommendation_id: rec.id });
      expect(dismissed.structured!.outcome).toBe('dismissed');
      expect(
        ((await callToolOk(apiKey, 'list_recommendations')).structured!.recommendations as Structured[]).map((r) => r.id),
      ).not.toContain(rec.id);
      const all = (await callToolOk(apiKey, 'list_recommendations', { include_dismissed: true })).structured!
        .recommendations as Structured[];
      expect(all.find((r) => r.id === rec.id)).toMatchObject({ dismissed: true });
      const apply = await callTool(apiKey, 'apply_recommendation', { recommendation_id: rec.id });
      expect(apply.status).toBe(400);
      expect(apply.body.error).toContain('cannot be applied');
    });

    it('refuses an unknown recommendation id and a malformed one', async () => {
      const unknown = await callTool(apiKey, 'dismiss_recommendation', { recommendation_id: 'abc123' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.structured_content?.code ?? unknown.body.error).toBeDefined();
      expect(unknown.body.error).toContain('is not current');
      const malformed = await callTool(apiKey, 'apply_recommendation', { recommendation_id: 'a b' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toContain('must be a recommendation id');
    });
  });

  describe('Tool: get_change_history', () => {
    it('shows changes made through the gateway and the seeded past, newest first', async () => {
      const brand = campaigns['Brand - Exact']!;
      await callToolOk(apiKey, 'update_campaign_budget', { campaign_id: brand.id, daily_budget: 55 });
      await callToolOk(apiKey, 'pause_campaign', { campaign_id: campaigns['Competitor Terms']!.id });
      const recent = await callToolOk(apiKey, 'get_change_history');
      const changes = recent.structured!.changes as Structured[];
      expect(changes[0]!.change_date_time >= changes.at(-1)!.change_date_time).toBe(true);
      expect(changes.find((c) => c.change_resource_type === 'CAMPAIGN_BUDGET' && c.campaign_id === brand.id)).toMatchObject({
        resource_change_operation: 'UPDATE',
        changed_fields: ['amount'],
        old_values: { amount: 50 },
        new_values: { amount: 55 },
        client_type: 'GOOGLE_ADS_API',
      });
      expect(changes.find((c) => c.change_resource_type === 'CAMPAIGN' && c.changed_fields.includes('status'))).toMatchObject({
        new_values: { status: 'PAUSED' },
      });

      const month = await callToolOk(apiKey, 'get_change_history', {
        start_date: addDays(isoDate(new Date()), -29),
        resource_types: ['CAMPAIGN_BUDGET'],
        limit: 50,
      });
      const seeded = (month.structured!.changes as Structured[]).find((c) => c.client_type === 'GOOGLE_ADS_WEB_CLIENT');
      expect(seeded).toMatchObject({
        old_values: { amount: 90 },
        new_values: { amount: 120 },
        user_email: 'marketing@northwind-outdoor.example',
      });
      const limited = await callToolOk(apiKey, 'get_change_history', { start_date: addDays(isoDate(new Date()), -29), limit: 1 });
      expect(limited.structured).toMatchObject({ returned: 1, has_more: true });
    });

    it('refuses more than 30 days back, a future end, a limit over 10,000 and dates out of order', async () => {
      const old = await callTool(apiKey, 'get_change_history', { start_date: addDays(isoDate(new Date()), -31) });
      expect(old.status).toBe(400);
      expect(old.body.error).toContain('more than 30 days back');
      const oldEnd = await callTool(apiKey, 'get_change_history', { end_date: addDays(isoDate(new Date()), -35) });
      expect(oldEnd.status).toBe(400);
      expect(oldEnd.body.error).toContain('`end_date`');
      const future = await callTool(apiKey, 'get_change_history', { end_date: addDays(isoDate(new Date()), 1) });
      expect(future.status).toBe(400);
      const limit = await callTool(apiKey, 'get_change_history', { limit: 10001 });
      expect(limit.status).toBe(400);
      expect(limit.body.error).toContain('1-10,000');
      const order = await callTool(apiKey, 'get_change_history', {
        start_date: isoDate(new Date()),
        end_date: addDays(isoDate(new Date()), -2),
      });
      expect(order.status).toBe(400);
    });
  });
});
