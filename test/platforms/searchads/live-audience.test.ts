/**
 * searchads family D2 on a live account connected to the fake search platform: user lists and
 * Customer Match uploads (only hashes reach the platform), experiments, recommendations and the
 * change history, in the platform's wire format; the fake refuses what the platform refuses.
 */
import { operatorCall } from '../../../platforms/live/connector';
import { addDays, isoDate } from '../../../core/dates';
import { searchads } from '../../../platforms/searchads/manifest';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { useMiddayClock } from '../../support/clock';
import { campaignsByName } from './helpers';
import { liveOwner, useFakeSearchPlatform, type LiveOwner } from './live-support';
import { describeAudienceContract } from './port-contract-audience';

useTestTables();
// Dates in the account's time zone (America/New_York): a clock that does not depend on the time of day.
useMiddayClock();
const platform = useFakeSearchPlatform();

describeAudienceContract('live adapter over the fake search platform', async () =>
  searchads.open((await liveOwner(platform)).account, operatorCall()),
);

type Structured = Record<string, any>;
const consent = { ad_user_data: 'GRANTED', ad_personalization: 'GRANTED' };

/** The live answer has the sandbox answer's top-level keys. */
const sameKeys = (live: Structured, sandbox: Structured) => expect(Object.keys(live).sort()).toEqual(Object.keys(sandbox).sort());

describe('searchads audiences, experiments, recommendations and change history (live, fake platform)', () => {
  let live: LiveOwner;
  let sandboxKey: string;
  beforeAll(async () => {
    live = await liveOwner(platform);
    sandboxKey = (await createTestOwner({ accounts: { searchads: 1 } })).apiKey;
  });
  const fake = () => platform.api.customer(live.account.account_id);

  it('lists user lists and creates a Customer Match list: the platform receives only hashes, the audience tools see the list', async () => {
    const lists = await callToolOk(live.apiKey, 'list_user_lists');
    sameKeys(lists.structured!, (await callToolOk(sandboxKey, 'list_user_lists')).structured!);
    expect(lists.structured!.user_lists).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Newsletter subscribers', type: 'CRM_BASED', size_for_search: 800, serves_on_search: false }),
      ]),
    );

    const emails = Array.from({ length: 1600 }, (_, i) => `Shopper.${i}@Example.com`);
    const created = await callToolOk(live.apiKey, 'create_customer_match_list', {
      name: 'Live loyalty',
      emails,
      phone_numbers: ['+1 415-555-0199'],
      consent,
      membership_life_span_days: 365,
    });
    expect(created.structured).toMatchObject({ uploaded_emails: 1600, uploaded_phone_numbers: 1, job_status: 'RUNNING' });
    const job = fake().offlineUserDataJobs.at(-1)!;
    expect(job).toMatchObject({
      type: 'CUSTOMER_MATCH_USER_LIST',
      status: 'SUCCESS',
      consent: { adUserData: 'GRANTED', adPersonalization: 'GRANTED' },
    });
    expect(job.identifiers).toHaveLength(1601);
    expect(job.identifiers.every((h: string) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    expect(JSON.stringify(fake())).not.toMatch(/shopper\.\d+@example\.com|415-555-0199/i);

    const after = (await callToolOk(live.apiKey, 'list_user_lists', { types: ['CRM_BASED'] })).structured!.user_lists as Structured[];
    const list = after.find((l) => l.name === 'Live loyalty')!;
    expect(list).toMatchObject({ membership_life_span: 365, upload_key_type: 'CONTACT_INFO', serves_on_search: true });
    const found = await callToolOk(live.apiKey, 'search_audiences', { query: 'live loyalty' });
    expect((found.structured!.segments as Structured[]).map((s) => s.id)).toEqual([list.id]);
    const group = (await callToolOk(live.apiKey, 'list_ad_groups')).structured!.ad_groups.find(
      (g: Structured) => g.name === 'Hiking Boots - Women',
    );
    await callToolOk(live.apiKey, 'add_ad_group_audiences', { ad_group_id: group.id, user_lists: [list.id] });
  });

  it('dry runs are checked by the platform (validate-only) and change nothing there', async () => {
    const lists = fake().userLists.length;
    const experiments = fake().experiments.length;
    const list = await callToolOk(live.apiKey, 'create_customer_match_list', {
      name: 'Dry run list',
      emails: ['dry.run@example.com'],
      consent,
      dry_run: true,
    });
    expect(list.structured).toMatchObject({
      dry_run: true,
      platformCheck: { checked: true, message: expect.stringContaining('accepted 1 request(s)') },
    });
    const taken = await callToolOk(live.apiKey, 'create_experiment', {
      campaign_id: (await campaignsByName(live.apiKey))['Brand - Exact']!.id,
      name: 'Dry run experiment',
      start_date: addDays(isoDate(new Date()), 3),
      end_date: addDays(isoDate(new Date()), 9),
      dry_run: true,
    });
    expect(taken.structured).toMatchObject({
      dry_run: true,
      platformCheck: { checked: true, message: expect.stringContaining('could not be checked before they exist') },
    });
    expect(fake().userLists).toHaveLength(lists);
    expect(fake().experiments).toHaveLength(experiments);
  });

  it('the fake refuses unhashed identifiers, a list that is not CRM_BASED and a taken list name', async () => {
    const port = searchads.open(live.account, operatorCall());
    const lists = await port.listUserLists();
    const crm = lists.find((l) => l.type === 'CRM_BASED')!;
    const rule = lists.find((l) => l.type === 'RULE_BASED')!;
    const grant = { ad_user_data: 'GRANTED' as const, ad_personalization: 'GRANTED' as const };
    await expect(
      port.uploadCustomerMatchMembers(crm.id, { hashed_emails: ['jane@example.com'], hashed_phone_numbers: [], consent: grant }),
    ).rejects.toMatchObject({ structuredContent: { platform_error: 'OFFLINE_USER_DATA_JOB_ERROR.INVALID_SHA256_FORMAT' } });
    await expect(
      port.uploadCustomerMatchMembers(rule.id, { hashed_emails: ['a'.repeat(64)], hashed_phone_numbers: [], consent: grant }),
    ).rejects.toMatchObject({ structuredContent: { platform_error: 'OFFLINE_USER_DATA_JOB_ERROR.INVALID_USER_LIST_TYPE' } });
    await expect(port.createCustomerMatchList({ name: crm.name, membership_life_span: 30 })).rejects.toMatchObject({
      structuredContent: { platform_error: 'USER_LIST_ERROR.NAME_ALREADY_USED' },
    });
  });

  it('a Customer Match upload the platform no longer allows is live_not_supported naming its Data Manager API; the connection stays healthy', async () => {
    const port = searchads.open(live.account, operatorCall());
    const crm = (await port.listUserLists()).find((l) => l.type === 'CRM_BASED')!;
    const grant = { ad_user_data: 'GRANTED' as const, ad_personalization: 'GRANTED' as const };
    fake().customerMatchAllowlisted = false;
    try {
      const jobs = fake().offlineUserDataJobs.length;
      await expect(
        port.uploadCustomerMatchMembers(crm.id, { hashed_emails: ['a'.repeat(64)], hashed_phone_numbers: [], consent: grant }),
      ).rejects.toMatchObject({
        message: expect.stringContaining('Data Manager API'),
        structuredContent: {
          code: 'live_not_supported',
          platform_error: 'NOT_ALLOWLISTED_ERROR.CUSTOMER_NOT_ALLOWLISTED_FOR_THIS_FEATURE',
        },
      });
      expect(fake().offlineUserDataJobs).toHaveLength(jobs);
      expect((await callTool(live.apiKey, 'list_user_lists')).status).toBe(200);
    } finally {
      fake().customerMatchAllowlisted = undefined;
    }
  });

  it('creates an experiment: arms and a scheduled trial campaign on the platform, shown by list_experiments', async () => {
    const campaigns = await campaignsByName(live.apiKey);
    const base = campaigns['Generic - Hiking Boots']!;
    const start = addDays(isoDate(new Date()), 2);
    const end = addDays(start, 20);
    const data = await callToolOk(live.apiKey, 'create_experiment', {
      campaign_id: base.id,
      name: 'Live test',
      traffic_split: 40,
      start_date: start,
      end_date: end,
      suffix: '[trial]',
    });
    expect(data.structured!.experiment).toMatchObject({ status: 'INITIATED', base_campaign_id: base.id, start_date: start, end_date: end });
    expect(data.structured!.trial_campaign).toMatchObject({ name: 'Generic - Hiking Boots [trial]', daily_budget: 48, start_date: start });
    const listed = await callToolOk(live.apiKey, 'list_experiments');
    sameKeys(listed.structured!, (await callToolOk(sandboxKey, 'list_experiments')).structured!);
    expect(listed.structured!.experiments[0].arms).toEqual([
      { name: 'Control', control: true, traffic_split: 60, campaign_id: base.id },
      { name: 'Treatment', control: false, traffic_split: 40, campaign_id: data.structured!.trial_campaign.id },
    ]);
    expect(
      fake().adGroups.filter((g) => g.campaign === `customers/${live.account.account_id}/campaigns/${data.structured!.trial_campaign.id}`),
    ).toHaveLength(2);
    // The platform refuses a second control arm and a schedule out of SETUP.
    const port = searchads.open(live.account, operatorCall());
    const id = data.structured!.experiment.id;
    await expect(
      port.createExperimentArms(id, [{ name: 'Again', control: true, traffic_split: 50, campaign_id: base.id }]),
    ).rejects.toMatchObject({ structuredContent: { platform_error: 'EXPERIMENT_ARM_ERROR.CANNOT_MUTATE_ARM_AFTER_EXPERIMENT_STARTED' } });
    await expect(port.scheduleExperiment(id)).rejects.toMatchObject({
      structuredContent: { platform_error: 'EXPERIMENT_ERROR.CANNOT_SCHEDULE_EXPERIMENT_NOT_IN_SETUP' },
    });
  });

  it('lists, applies and dismisses recommendations on the platform; a dismissed or invalidated one is refused', async () => {
    const list = await callToolOk(live.apiKey, 'list_recommendations');
    sameKeys(list.structured!, (await callToolOk(sandboxKey, 'list_recommendations')).structured!);
    const recs = list.structured!.recommendations as Structured[];
    expect(recs.map((r) => r.type)).toEqual(['CAMPAIGN_BUDGET', 'KEYWORD', 'TARGET_CPA_OPT_IN', 'KEYWORD_MATCH_TYPE']);
    const budget = recs.find((r) => r.type === 'CAMPAIGN_BUDGET')!;
    expect(budget).toMatchObject({
      campaign_name: 'Generic - Hiking Boots',
      campaign_budget: { current_amount: 120, recommended_amount: 150 },
    });

    await callToolOk(live.apiKey, 'apply_recommendation', { recommendation_id: budget.id });
    expect((await campaignsByName(live.apiKey))['Generic - Hiking Boots']!.budget_amount).toBe(150);
    const keyword = recs.find((r) => r.type === 'KEYWORD')!;
    await callToolOk(live.apiKey, 'dismiss_recommendation', { recommendation_id: keyword.id });
    const after = (await callToolOk(live.apiKey, 'list_recommendations')).structured!.recommendations as Structured[];
    expect(after.map((r) => r.type)).toEqual(['TARGET_CPA_OPT_IN', 'KEYWORD_MATCH_TYPE']);
    const refused = await callTool(live.apiKey, 'apply_recommendation', { recommendation_id: keyword.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('cannot be applied');

    const port = searchads.open(live.account, operatorCall());
    await expect(port.applyRecommendation(keyword.id)).rejects.toMatchObject({
      structuredContent: { platform_error: 'RECOMMENDATION_ERROR.RECOMMENDATION_ALREADY_DISMISSED' },
    });
    await expect(port.applyRecommendation(budget.id)).rejects.toMatchObject({
      structuredContent: { platform_error: 'RECOMMENDATION_ERROR.RECOMMENDATION_ALREADY_APPLIED' },
    });
    const cpa = after[0]!;
    await callToolOk(live.apiKey, 'apply_recommendation', { recommendation_id: cpa.id });
    expect(fake().campaigns.find((c) => c.name === 'Generic - Hiking Boots')!.maximizeConversions).toEqual({ targetCpaMicros: '27000000' });
    const broaden = after[1]!;
    expect(broaden).toMatchObject({
      keyword_match_type: { text: 'womens hiking boots', match_type: 'PHRASE', recommended_match_type: 'BROAD' },
    });
    await callToolOk(live.apiKey, 'apply_recommendation', { recommendation_id: broaden.id });
    const keywords = (await callToolOk(live.apiKey, 'get_keyword_performance', { limit: 1000 })).structured!.rows as Structured[];
    expect(
      keywords
        .filter((k) => k.name === 'womens hiking boots' && k.ad_group_id === broaden.ad_group_id)
        .map((k) => [k.details.match_type, k.status])
        .sort(),
    ).toEqual([
      ['BROAD', 'ENABLED'],
      ['PHRASE', 'PAUSED'],
    ]);
  }, 120_000);

  it('reads the change history: changes made through the API and the web interface; the platform refuses unbounded or old ranges', async () => {
    const campaigns = await campaignsByName(live.apiKey);
    await callToolOk(live.apiKey, 'pause_campaign', { campaign_id: campaigns['Brand - Exact']!.id });
    const data = await callToolOk(live.apiKey, 'get_change_history', { start_date: addDays(isoDate(new Date()), -14), limit: 500 });
    sameKeys(data.structured!, (await callToolOk(sandboxKey, 'get_change_history')).structured!);
    const changes = data.structured!.changes as Structured[];
    expect(changes.find((c) => c.change_resource_type === 'CAMPAIGN' && c.campaign_id === campaigns['Brand - Exact']!.id)).toMatchObject({
      resource_change_operation: 'UPDATE',
      changed_fields: ['status'],
      old_values: { status: 'ENABLED' },
      new_values: { status: 'PAUSED' },
      user_email: live.user,
      client_type: 'GOOGLE_ADS_API',
    });
    expect(changes.find((c) => c.client_type === 'GOOGLE_ADS_WEB_CLIENT' && c.change_resource_type === 'CAMPAIGN_BUDGET')).toMatchObject({
      changed_fields: ['amount'],
      old_values: { amount: 90 },
      new_values: { amount: 120 },
    });
    expect(changes.map((c) => c.change_date_time)).toEqual([...changes.map((c) => c.change_date_time)].sort().reverse());
    const budgets = await callToolOk(live.apiKey, 'get_change_history', { resource_types: ['CAMPAIGN_BUDGET'], operations: ['UPDATE'] });
    expect((budgets.structured!.changes as Structured[]).every((c) => c.change_resource_type === 'CAMPAIGN_BUDGET')).toBe(true);

    const port = searchads.open(live.account, operatorCall());
    const now = new Date().toISOString();
    await expect(port.listChangeEvents(new Date(Date.now() - 40 * 86_400_000).toISOString(), now, 10)).rejects.toMatchObject({
      structuredContent: { platform_error: 'CHANGE_EVENT_ERROR.START_DATE_TOO_OLD' },
    });
    await expect(port.listChangeEvents(new Date(Date.now() - 86_400_000).toISOString(), now, 20_000)).rejects.toMatchObject({
      structuredContent: { platform_error: 'CHANGE_EVENT_ERROR.INVALID_LIMIT_CLAUSE' },
    });
  });
});
