/**
 * The fake search platform refuses what the real one refuses, so the live adapter's tests prove
 * something: auth headers, customer ids, query language, update masks and partial objects.
 */
import { FAKE_API_VERSION, FAKE_DEVELOPER_TOKEN, MUTABLE } from '../../fakes/searchads-api';
import { FIELDS, FROM, PUBLISHED } from '../../fakes/searchads-api-fields';
import { useFakeSearchAdsUpstream } from './fake-api-support';

const cid = '5551234567';
const upstream = useFakeSearchAdsUpstream(cid);
const post = (path: string, body: unknown, headers?: Record<string, string>) => upstream.post(path, body, headers);
const search = (query: string, headers?: Record<string, string>) => post(`customers/${cid}/googleAds:search`, { query }, headers);

describe('fake search platform', () => {
  it('refuses missing or wrong credentials and ids with dashes', async () => {
    expect((await search('SELECT customer.id FROM customer', { Authorization: '' })).status).toBe(401);
    expect((await search('SELECT customer.id FROM customer', { Authorization: 'Bearer nope' })).code).toEqual({
      authenticationError: 'OAUTH_TOKEN_INVALID',
    });
    // Developer tokens were sunset: the header is optional and ignored.
    expect((await search('SELECT customer.id FROM customer', { 'developer-token': '' })).status).toBe(200);
    expect((await search('SELECT customer.id FROM customer', { 'developer-token': 'x' })).status).toBe(200);
    expect((await post('customers/555-123-4567/googleAds:search', { query: 'SELECT customer.id FROM customer' })).code).toEqual({
      requestError: 'INVALID_CUSTOMER_ID',
    });
    expect((await post('customers/5550000000/googleAds:search', { query: 'SELECT customer.id FROM customer' })).code).toEqual({
      authorizationError: 'USER_PERMISSION_DENIED',
    });
  });

  it('selects and mutates only the fields of the published definitions (generated from the protos, not typed by hand)', () => {
    expect(PUBLISHED.version).toMatch(/^v\d+$/);
    // Every resource the fake serves has its published field list; what it may select with is the fake's own.
    for (const from of Object.keys(FROM)) expect(FIELDS[from]?.length).toBeGreaterThan(0);
    const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    const resourceOf = (collection: string) =>
      snake(collection)
        .replace(/criteria$/, 'criterion')
        .replace(/ies$/, 'y')
        .replace(/s$/, '');
    const unknown: string[] = [];
    for (const [collection, spec] of Object.entries(MUTABLE)) {
      const fields = Object.entries(PUBLISHED.resources[resourceOf(collection)] ?? {});
      for (const kind of ['create', 'update'] as const) {
        for (const path of (spec[kind] ?? []).map((p) => p.split('.').map(snake).join('.'))) {
          // A path names a field, a message holding fields, or a part of a message written whole.
          const hits = fields.filter(
            ([f, type]) => f === path || f.startsWith(`${path}.`) || (type.startsWith('message:') && path.startsWith(`${f}.`)),
          );
          if (!hits.length) unknown.push(`${kind} ${collection}.${path}`);
          // Output-only and immutable fields cannot be updated.
          else if (kind === 'update' && hits.every(([, type]) => /\|.*[OI]/.test(type)))
            unknown.push(`update ${collection}.${path} (${hits[0]![1]})`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it('refuses fields the published definitions do not list (a performance label of an asset group asset)', async () => {
    expect((await search('SELECT asset_group_asset.performance_label FROM asset_group_asset')).code).toEqual({
      queryError: 'UNRECOGNIZED_FIELD',
    });
    expect((await search('SELECT asset_group_asset.primary_status FROM asset_group_asset')).status).toBe(200);
  });

  it('refuses unknown resources and fields, and pages with tokens tied to the query', async () => {
    expect((await search('SELECT campaign.id FROM campaigns')).code).toEqual({ queryError: 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE' });
    expect((await search('SELECT campaign.budget FROM campaign')).code).toEqual({ queryError: 'UNRECOGNIZED_FIELD' });
    expect((await search('SELECT label.name FROM campaign')).code).toEqual({ queryError: 'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE' });
    expect((await search('SELECT metrics.clicks FROM asset')).code).toEqual({ queryError: 'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE' });
    const first = await search('SELECT ad_group_criterion.criterion_id FROM ad_group_criterion');
    expect(first.json.results).toHaveLength(upstream.api.pageSize);
    expect(first.json.results[0].adGroupCriterion.criterionId).toMatch(/^\d+$/);
    expect(
      (await post(`customers/${cid}/googleAds:search`, { query: 'SELECT campaign.id FROM campaign', pageToken: first.json.nextPageToken }))
        .code,
    ).toEqual({ requestError: 'INVALID_PAGE_TOKEN' });
    const second = await post(`customers/${cid}/googleAds:search`, {
      query: 'SELECT ad_group_criterion.criterion_id FROM ad_group_criterion',
      pageToken: first.json.nextPageToken,
    });
    expect(second.status).toBe(200);
  });

  it('refuses update masks naming unknown fields, fields outside the mask and partial budgets; applies nothing of a failed request', async () => {
    const [budget] = upstream.api.customer(cid).budgets;
    const [campaign] = upstream.api.customer(cid).campaigns;
    expect(
      (
        await post(`customers/${cid}/campaignBudgets:mutate`, {
          operations: [{ update: { resourceName: budget!.resourceName, amountMicros: '1000000' } }],
        })
      ).code,
    ).toEqual({ fieldMaskError: 'FIELD_MASK_MISSING' });
    expect(
      (
        await post(`customers/${cid}/campaignBudgets:mutate`, {
          operations: [{ update: { resourceName: budget!.resourceName }, updateMask: 'amountMicros' }],
        })
      ).code,
    ).toEqual({ fieldError: 'REQUIRED' });
    expect(
      (
        await post(`customers/${cid}/campaignBudgets:mutate`, {
          operations: [{ update: { resourceName: budget!.resourceName, amountMicros: '1234567' }, updateMask: 'amountMicros' }],
        })
      ).code,
    ).toEqual({ campaignBudgetError: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT' });
    expect(
      (
        await post(`customers/${cid}/campaigns:mutate`, {
          operations: [{ update: { resourceName: campaign!.resourceName, name: 'X', status: 'PAUSED' }, updateMask: 'name' }],
        })
      ).code,
    ).toEqual({ fieldMaskError: 'FIELD_NOT_FOUND' });
    expect(
      (
        await post(`customers/${cid}/campaigns:mutate`, {
          operations: [{ update: { resourceName: campaign!.resourceName, budget: 1 }, updateMask: 'budget' }],
        })
      ).code,
    ).toEqual({ requestError: 'UNKNOWN' });
    const atomic = await post(`customers/${cid}/campaigns:mutate`, {
      operations: [
        { update: { resourceName: campaign!.resourceName, name: 'Renamed' }, updateMask: 'name' },
        { update: { resourceName: `customers/${cid}/campaigns/1`, name: 'Y' }, updateMask: 'name' },
      ],
    });
    expect(atomic.code).toEqual({ mutateError: 'RESOURCE_NOT_FOUND' });
    expect(campaign!.name).not.toBe('Renamed');
  });

  it('validateOnly checks a mutate as a real one and applies nothing, answering no results', async () => {
    const [campaign] = upstream.api.customer(cid).campaigns;
    const before = campaign!.name;
    const valid = await post(`customers/${cid}/campaigns:mutate`, {
      operations: [{ update: { resourceName: campaign!.resourceName, name: 'Checked only' }, updateMask: 'name' }],
      validateOnly: true,
    });
    expect(valid).toMatchObject({ status: 200, json: {} });
    expect(campaign!.name).toBe(before);
    const invalid = await post(`customers/${cid}/campaigns:mutate`, {
      operations: [{ update: { resourceName: campaign!.resourceName, name: 'X' }, updateMask: 'name,budget' }],
      validateOnly: true,
    });
    expect(invalid.code).toEqual({ fieldMaskError: 'FIELD_NOT_FOUND' });
  });

  it('refuses keywords, bids, ads and bidding strategies the platform refuses', async () => {
    const mutate = (resource: string, operations: unknown[]) => post(`customers/${cid}/${resource}:mutate`, { operations });
    const groups = (await search("SELECT ad_group.id, ad_group.type FROM ad_group WHERE ad_group.type = 'SEARCH_STANDARD'")).json.results;
    const group = `customers/${cid}/adGroups/${groups[0].adGroup.id}`;
    const keyword = (text: string, extra: object = {}) => ({
      create: { adGroup: group, status: 'ENABLED', keyword: { text, matchType: 'PHRASE' }, ...extra },
    });
    expect((await mutate('adGroupCriteria', [keyword('boots!')])).code).toEqual({ criterionError: 'KEYWORD_HAS_INVALID_CHARS' });
    expect((await mutate('adGroupCriteria', [keyword('a b c d e f g h i j k')])).code).toEqual({
      criterionError: 'KEYWORD_HAS_TOO_MANY_WORDS',
    });
    expect(
      (await mutate('adGroupCriteria', [{ create: { adGroup: group, keyword: { text: 'boots', matchType: 'FUZZY' } } }])).code,
    ).toEqual({ fieldError: 'INVALID_VALUE' });
    expect((await mutate('adGroupCriteria', [keyword('boots', { cpcBidMicros: '1234567' })])).code).toEqual({
      biddingError: 'BID_TOO_MANY_FRACTIONAL_DIGITS',
    });
    expect((await mutate('adGroupCriteria', [keyword('boots', { negative: true, cpcBidMicros: '1000000' })])).code).toEqual({
      criterionError: 'CANNOT_BID_ON_NEGATIVE_CRITERION',
    });
    const created = await mutate('adGroupCriteria', [keyword('trail boots')]);
    expect(created.status).toBe(200);
    expect((await mutate('adGroupCriteria', [keyword('Trail Boots')])).code).toEqual({
      adGroupCriterionError: 'AD_GROUP_CRITERION_ALREADY_EXISTS',
    });
    const name = created.json.results[0].resourceName;
    expect((await mutate('adGroupCriteria', [{ update: { resourceName: name, status: 'REMOVED' }, updateMask: 'status' }])).code).toEqual({
      fieldError: 'INVALID_VALUE',
    });
    expect((await mutate('adGroupCriteria', [{ remove: name }])).status).toBe(200);
    // A removed keyword stays readable as REMOVED and cannot change any more.
    const [removed] = (
      await search(`SELECT ad_group_criterion.status FROM ad_group_criterion WHERE ad_group_criterion.criterion_id = ${name.split('~')[1]}`)
    ).json.results;
    expect(removed.adGroupCriterion.status).toBe('REMOVED');
    expect((await mutate('adGroupCriteria', [{ update: { resourceName: name, status: 'ENABLED' }, updateMask: 'status' }])).code).toEqual({
      mutateError: 'RESOURCE_NOT_FOUND',
    });
    const campaign = (await search("SELECT campaign.id FROM campaign WHERE campaign.advertising_channel_type = 'SEARCH'")).json.results[0]
      .campaign.id;
    expect(
      (
        await mutate('campaignCriteria', [
          {
            create: { campaign: `customers/${cid}/campaigns/${campaign}`, negative: false, keyword: { text: 'free', matchType: 'BROAD' } },
          },
        ])
      ).code,
    ).toEqual({ criterionError: 'CANNOT_ADD_CRITERIA_TYPE' });
    const ads = (await search("SELECT ad_group_ad.ad.id FROM ad_group_ad WHERE ad_group_ad.ad.type = 'RESPONSIVE_SEARCH_AD'")).json.results;
    const ad = `customers/${cid}/ads/${ads[0].adGroupAd.ad.id}`;
    expect(
      (
        await mutate('ads', [
          {
            update: { resourceName: ad, responsiveSearchAd: { headlines: [{ text: 'One' }, { text: 'Two' }] } },
            updateMask: 'responsiveSearchAd.headlines',
          },
        ])
      ).code,
    ).toEqual({ adError: 'TOO_FEW_HEADLINES' });
    expect(
      (
        await mutate('ads', [
          {
            update: { resourceName: ad, responsiveSearchAd: { headlines: ['A', 'B', 'C'].map((t) => ({ text: t.repeat(31) })) } },
            updateMask: 'responsiveSearchAd.headlines',
          },
        ])
      ).code,
    ).toEqual({ stringLengthError: 'TOO_LONG' });
    expect((await mutate('ads', [{ update: { resourceName: ad, type: 'RESPONSIVE_DISPLAY_AD' }, updateMask: 'type' }])).code).toEqual({
      requestError: 'UNKNOWN',
    });
    const campaignName = `customers/${cid}/campaigns/${campaign}`;
    expect(
      (
        await mutate('campaigns', [
          {
            update: { resourceName: campaignName, maximizeConversions: { targetCpaMicros: '1234567' } },
            updateMask: 'maximizeConversions.targetCpaMicros',
          },
        ])
      ).code,
    ).toEqual({ biddingError: 'INVALID_TARGET_CPA' });
    const pmax = (await search("SELECT campaign.id FROM campaign WHERE campaign.advertising_channel_type = 'PERFORMANCE_MAX'")).json
      .results[0].campaign.id;
    expect(
      (
        await mutate('campaigns', [
          { update: { resourceName: `customers/${cid}/campaigns/${pmax}`, manualCpc: {} }, updateMask: 'manualCpc' },
        ])
      ).code,
    ).toEqual({ biddingError: 'BIDDING_STRATEGY_NOT_SUPPORTED_WITH_AD_SCHEDULE' });
    const budget = (await mutate('campaignBudgets', [{ create: { name: 'New budget', amountMicros: '20000000' } }])).json.results[0]
      .resourceName;
    expect(
      (
        await mutate('campaigns', [
          { create: { name: 'No EU answer', status: 'PAUSED', advertisingChannelType: 'SEARCH', campaignBudget: budget, manualCpc: {} } },
        ])
      ).code,
    ).toEqual({ fieldError: 'INVALID_VALUE' });
  });

  it('rate-limits, fails and counts on request', async () => {
    upstream.api.fail('rate_limit', 1, { retryAfter: 9 });
    const limited = await fetch(`${upstream.api.url}/${FAKE_API_VERSION}/customers:listAccessibleCustomers`, {
      headers: { Authorization: `Bearer ${upstream.token}`, 'developer-token': FAKE_DEVELOPER_TOKEN },
    });
    expect(limited.status).toBe(429);
    // The platform gives the delay in the failure body (QuotaErrorDetails.retry_delay), not as a header.
    expect(limited.headers.get('retry-after')).toBeNull();
    const failure = ((await limited.json()) as any).error.details[0].errors[0];
    expect(failure.errorCode).toEqual({ quotaError: 'RESOURCE_EXHAUSTED' });
    expect(failure.details.quotaErrorDetails.retryDelay).toBe('9s');
    expect(upstream.api.countRequests(/listAccessibleCustomers/)).toBe(1);
  });

  it('refuses clicks or cost next to the conversion action segment, and keyword idea requests the platform refuses', async () => {
    expect(
      (
        await search(
          "SELECT campaign.id, segments.conversion_action, metrics.clicks FROM campaign WHERE segments.date BETWEEN '2026-01-01' AND '2026-01-31'",
        )
      ).code,
    ).toEqual({ queryError: 'PROHIBITED_SEGMENT_WITH_METRIC_IN_SELECT_OR_WHERE_CLAUSE' });
    const split = await search(
      "SELECT campaign.id, segments.date, segments.conversion_action, metrics.conversions FROM campaign WHERE segments.date BETWEEN '2026-01-01' AND '2026-01-31'",
    );
    expect(split.status).toBe(200);
    const ideas = (body: object) => post(`customers/${cid}:generateKeywordIdeas`, body);
    expect((await ideas({ language: 'languageConstants/1000' })).code).toEqual({ fieldError: 'REQUIRED' });
    expect((await ideas({ keywordSeed: { keywords: Array.from({ length: 21 }, (_, i) => `k${i}`) } })).code).toEqual({
      collectionSizeError: 'TOO_MANY',
    });
    expect((await ideas({ keywordSeed: { keywords: ['boots'] }, urlSeed: { url: 'https://example.com' } })).code).toEqual({
      fieldError: 'REQUIRED',
    });
    expect((await ideas({ keywordSeed: { keywords: ['boots'] }, geoTargetConstants: ['geoTargetConstants/1'] })).code).toEqual({
      fieldError: 'INVALID_VALUE',
    });
    expect((await ideas({ keywordSeed: { keywords: ['boots'] }, keywordPlanNetwork: 'YOUTUBE' })).code).toEqual({
      fieldError: 'INVALID_VALUE',
    });
    const ok = await ideas({ keywordSeed: { keywords: ['boots'] }, pageSize: 3 });
    expect(ok.json.results).toHaveLength(3);
    expect(ok.json.results[0].keywordIdeaMetrics.avgMonthlySearches).toMatch(/^\d+$/);
  });
});
