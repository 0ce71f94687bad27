/**
 * The searchads sandbox, family D2: user lists and Customer Match matching, experiments (the trial
 * campaign is a copy of the base campaign), recommendations derived from the delivery model, and
 * change events read from the entities' recorded history (../../sandbox/history.ts).
 */
import { createHash } from 'node:crypto';
import { ToolError } from '../../../core/errors';
import { addDays, lastReportDay } from '../../../core/dates';
import { totals } from '../../../core/metrics';
import { stateAt, type WithHistory } from '../../sandbox/history';
import type { SandboxStore } from '../../sandbox/store';
import type { SearchAdsAudienceSegment, SearchAdsCampaign, SearchAdsPort, SearchAdsReportRow } from '../port';
import type {
  SearchAdsChangeEvent,
  SearchAdsChangeResourceType,
  SearchAdsRecommendation,
  SearchAdsRecommendationMetrics,
  SearchAdsUserList,
} from '../port-audience';

/** Entity kinds of this family (spread into the sandbox's KIND). */
export const AUDIENCE_KIND = {
  userDataJob: 'user_data_job',
  experiment: 'experiment',
  dismissedRecommendation: 'dismissed_recommendation',
  appliedRecommendation: 'applied_recommendation',
} as const;

/** A user list as the sandbox stores it: an audience segment of type USER_LIST with the list's own fields. */
export type StoredUserList = SearchAdsAudienceSegment & {
  list_type?: SearchAdsUserList['type'];
  membership_status?: SearchAdsUserList['membership_status'];
  membership_life_span?: number;
  size_for_display?: number;
  eligible_for_search?: boolean;
  upload_key_type?: SearchAdsUserList['upload_key_type'];
  created_at?: string;
};

export const userListOf = (s: StoredUserList): SearchAdsUserList => ({
  id: s.id,
  resource_name: s.resource_name,
  name: s.name,
  ...(s.description ? { description: s.description } : {}),
  type: s.list_type ?? 'RULE_BASED',
  membership_status: s.membership_status ?? 'OPEN',
  membership_life_span: s.membership_life_span ?? 540,
  size_for_search: s.size_for_search ?? 0,
  size_for_display: s.size_for_display ?? s.size_for_search ?? 0,
  eligible_for_search: s.eligible_for_search ?? true,
  ...(s.upload_key_type ? { upload_key_type: s.upload_key_type } : {}),
});

/** The segment fields of a stored user list (what search_audiences sees). */
export const segmentOf = (s: StoredUserList): SearchAdsAudienceSegment => {
  const {
    list_type: _t,
    membership_status: _m,
    membership_life_span: _l,
    size_for_display: _d,
    eligible_for_search: _e,
    upload_key_type: _u,
    created_at: _c,
    ...segment
  } = s;
  return segment;
};

/**
 * Whether a hashed identifier matches a signed-in user of the platform: deterministic from the hash,
 * about 65 % of them, as Customer Match rates commonly are.
 */
export const matchesUser = (hash: string) => parseInt(hash.slice(0, 2), 16) < 166;

// Recommendations.

/** A campaign is limited by its budget when it spent at least this share of it over the last 7 days. */
const BUDGET_LIMITED_SHARE = 0.95;
const BUDGET_RAISE = 1.25;
/** A converting search term becomes a keyword recommendation from this many conversions in 30 days. */
const KEYWORD_MIN_CONVERSIONS = 2;
const TARGET_CPA_MIN_CONVERSIONS = 3;
/** A narrow keyword under smart bidding that converts this much in 30 days is recommended as BROAD. */
const MATCH_TYPE_MIN_CONVERSIONS = 3;
const SMART_BIDDING = new Set(['MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_CPA', 'TARGET_ROAS']);

const recId = (...parts: (string | number)[]) => createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 16);
const round2 = (n: number) => Math.round(n * 100) / 100;
const metricsOf = (rows: SearchAdsReportRow[], scale = 1): SearchAdsRecommendationMetrics => {
  const t = totals(rows);
  return {
    impressions: Math.round(t.impressions * scale),
    clicks: Math.round(t.clicks * scale),
    cost: round2(t.spend * scale),
    conversions: round2(t.conversions * scale),
  };
};
const scaled = (
  m: SearchAdsRecommendationMetrics,
  f: { impressions?: number; clicks?: number; cost?: number; conversions?: number },
): SearchAdsRecommendationMetrics => ({
  impressions: Math.round(m.impressions * (f.impressions ?? 1)),
  clicks: Math.round(m.clicks * (f.clicks ?? 1)),
  cost: round2(m.cost * (f.cost ?? 1)),
  conversions: round2(m.conversions * (f.conversions ?? 1)),
});

/**
 * The account's recommendations, from its own delivery (getReport), deterministic for a state of
 * the account: budget-limited converting campaigns (CAMPAIGN_BUDGET, +25 %), converting search
 * terms that are no keyword of their ad group yet (KEYWORD, EXACT), and Maximize conversions
 * campaigns without a target CPA that convert (TARGET_CPA_OPT_IN at their CPA). The id depends on
 * the recommended change, so once the account changes an old id is stale. Applied ones are gone;
 * dismissed ones are flagged.
 */
export async function deriveRecommendations(
  port: SearchAdsPort,
  store: SandboxStore,
  customerId: string,
  now: Date,
): Promise<SearchAdsRecommendation[]> {
  const yesterday = lastReportDay(now, 'UTC');
  const weekStart = addDays(yesterday, -6);
  const monthStart = addDays(yesterday, -29);
  const [campaigns, groups, keywords, campaignRows, termRows, dismissed, applied] = await Promise.all([
    port.listCampaigns(),
    port.listAdGroups(),
    port.listKeywords(),
    port.getReport('campaign', monthStart, yesterday),
    port.getReport('search_term', monthStart, yesterday),
    store.list<{ id: string }>(AUDIENCE_KIND.dismissedRecommendation),
    store.list<{ id: string }>(AUDIENCE_KIND.appliedRecommendation),
  ]);
  const rn = (id: string) => `customers/${customerId}/recommendations/${id}`;
  const serving = (c: SearchAdsCampaign) => c.status === 'ENABLED' && c.start_date <= yesterday && (!c.end_date || c.end_date >= yesterday);
  const out: SearchAdsRecommendation[] = [];
  for (const c of campaigns.filter((c) => serving(c) && c.type !== 'VIDEO')) {
    const month = campaignRows.filter((r) => r.campaign_id === c.id);
    const week = month.filter((r) => r.date >= weekStart);
    const base = metricsOf(week);
    if (base.conversions > 0 && base.cost >= c.budget_amount * 7 * BUDGET_LIMITED_SHARE) {
      const recommended = Math.ceil(c.budget_amount * BUDGET_RAISE);
      const f = recommended / c.budget_amount;
      const id = recId('CAMPAIGN_BUDGET', c.id, c.budget_amount, recommended);
      out.push({
        id,
        resource_name: rn(id),
        type: 'CAMPAIGN_BUDGET',
        campaign_id: c.id,
        dismissed: false,
        impact: { base, potential: scaled(base, { impressions: f, clicks: f, cost: f, conversions: f }) },
        campaign_budget: { current_amount: c.budget_amount, recommended_amount: recommended },
      });
    }
    const monthFigures = totals(month);
    if (
      c.bidding_strategy === 'MAXIMIZE_CONVERSIONS' &&
      c.bidding_targets?.target_cpa === undefined &&
      monthFigures.conversions >= TARGET_CPA_MIN_CONVERSIONS
    ) {
      const target = round2(monthFigures.spend / monthFigures.conversions);
      const id = recId('TARGET_CPA_OPT_IN', c.id, target);
      out.push({
        id,
        resource_name: rn(id),
        type: 'TARGET_CPA_OPT_IN',
        campaign_id: c.id,
        dismissed: false,
        impact: { base, potential: scaled(base, { cost: 0.95, clicks: 0.97 }) },
        target_cpa_opt_in: { target_cpa: target },
      });
    }
  }
  const activeGroups = new Map(
    groups
      .filter((g) => g.status === 'ENABLED' && campaigns.some((c) => c.id === g.campaign_id && serving(c) && c.type === 'SEARCH'))
      .map((g) => [g.id, g]),
  );
  const terms = new Map<string, SearchAdsReportRow[]>();
  for (const row of termRows) {
    if (!row.ad_group_id || !row.search_term || !activeGroups.has(row.ad_group_id)) continue;
    const key = `${row.ad_group_id}|${row.search_term}`;
    terms.set(key, [...(terms.get(key) ?? []), row]);
  }
  const keywordRecs: SearchAdsRecommendation[] = [];
  for (const [key, rows] of terms) {
    const [adGroupId, term] = key.split('|') as [string, string];
    if (keywords.some((k) => k.ad_group_id === adGroupId && k.status !== 'REMOVED' && k.text.toLowerCase() === term)) continue;
    const t = totals(rows);
    if (t.conversions < KEYWORD_MIN_CONVERSIONS) continue;
    const group = activeGroups.get(adGroupId)!;
    const base = metricsOf(rows, 7 / 30);
    const id = recId('KEYWORD', adGroupId, term);
    keywordRecs.push({
      id,
      resource_name: rn(id),
      type: 'KEYWORD',
      campaign_id: group.campaign_id,
      ad_group_id: adGroupId,
      dismissed: false,
      impact: { base, potential: scaled(base, { impressions: 1.3, clicks: 1.3, cost: 1.3, conversions: 1.3 }) },
      keyword: { text: term, match_type: 'EXACT', recommended_cpc_bid: group.cpc_bid },
    });
  }
  keywordRecs.sort((a, b) => b.impact.base.conversions - a.impact.base.conversions || a.id.localeCompare(b.id));
  out.push(...keywordRecs.slice(0, 20));
  // Narrow keywords that convert under smart bidding: the broad version finds more of the same searches.
  for (const k of keywords) {
    const group = activeGroups.get(k.ad_group_id);
    const campaign = campaigns.find((c) => c.id === k.campaign_id);
    if (!group || !campaign || !SMART_BIDDING.has(campaign.bidding_strategy ?? '') || k.status !== 'ENABLED' || k.match_type === 'BROAD')
      continue;
    if (
      keywords.some(
        (other) =>
          other.ad_group_id === k.ad_group_id &&
          other.status !== 'REMOVED' &&
          other.match_type === 'BROAD' &&
          other.text.toLowerCase() === k.text.toLowerCase(),
      )
    )
      continue;
    const rows = termRows.filter((r) => r.keyword_id === k.id);
    if (totals(rows).conversions < MATCH_TYPE_MIN_CONVERSIONS) continue;
    const base = metricsOf(rows.filter((r) => r.date >= weekStart));
    const id = recId('KEYWORD_MATCH_TYPE', k.id);
    out.push({
      id,
      resource_name: rn(id),
      type: 'KEYWORD_MATCH_TYPE',
      campaign_id: k.campaign_id,
      ad_group_id: k.ad_group_id,
      dismissed: false,
      impact: { base, potential: scaled(base, { impressions: 1.4, clicks: 1.4, cost: 1.4, conversions: 1.2 }) },
      keyword_match_type: { text: k.text, match_type: k.match_type, recommended_match_type: 'BROAD' },
    });
  }
  const gone = new Set(applied.map((a) => a.id));
  const hidden = new Set(dismissed.map((d) => d.id));
  return out.filter((r) => !gone.has(r.id)).map((r) => (hidden.has(r.id) ? { ...r, dismissed: true } : r));
}

/** The current recommendation with this id; a stale or dismissed one is refused (as the platform does). */
export async function currentRecommendation(all: SearchAdsRecommendation[], id: string): Promise<SearchAdsRecommendation> {
  const rec = all.find((r) => r.id === id);
  if (!rec)
    throw new ToolError(
      `Recommendation ${id} is not current: the account changed since it was made, or it was applied. list_recommendations shows the current ones.`,
      { code: 'not_found' },
    );
  if (rec.dismissed) throw new ToolError(`Recommendation ${id} was dismissed; a dismissed recommendation cannot be applied.`);
  return rec;
}

// Change history.

/** Who made changes before the account was connected (the seeded past). */
const SEEDED_USER = 'marketing@northwind-outdoor.example';
/** The user changes made through the gateway are recorded under. */
export const API_USER = 'api-user@gateway.example';

type Tracked = WithHistory<{ id: string } & Record<string, unknown>>;
/** Entity fields by the platform's field names (money fields without `_micros`: their values are in account currency). */
const FIELD_NAMES: Record<string, string> = {
  budget_amount: 'amount',
  bidding_strategy: 'bidding_strategy_type',
  start_date: 'start_date_time',
  end_date: 'end_date_time',
  cpc_bid: 'cpc_bid',
  text: 'keyword.text',
  match_type: 'keyword.match_type',
  headlines: 'ad.responsive_search_ad.headlines',
  descriptions: 'ad.responsive_search_ad.descriptions',
  final_url: 'ad.final_urls',
};
const IGNORED = new Set(['performance', 'rev', 'history', 'audiences']);

/**
 * Change events between `from` and `to` (ISO, `to` exclusive) from the recorded history of campaigns,
 * ad groups, keywords and ads (one UPDATE per recorded change; a change to REMOVED is a REMOVE; a
 * budget change is a CAMPAIGN_BUDGET event) and the creation time of assets, user lists and
 * experiments' trial campaigns. Changes before the account was connected are the seeded past, made
 * in the web interface; later ones were made through the API.
 */
export function changeEventsOf(
  input: { campaigns: Tracked[]; adGroups: Tracked[]; keywords: Tracked[]; ads: Tracked[]; assets: Tracked[] },
  customerId: string,
  connectedAt: string,
  from: string,
  to: string,
): SearchAdsChangeEvent[] {
  const events: SearchAdsChangeEvent[] = [];
  const who = (at: string) =>
    at < connectedAt
      ? { user_email: SEEDED_USER, client_type: 'GOOGLE_ADS_WEB_CLIENT' }
      : { user_email: API_USER, client_type: 'GOOGLE_ADS_API' };
  const rn = (collection: string, id: string) => `customers/${customerId}/${collection}/${id}`;
  const collect = (
    entities: Tracked[],
    type: SearchAdsChangeResourceType,
    name: (e: Tracked) => string,
    ids: (e: Tracked) => { campaign_id?: string; ad_group_id?: string },
  ) => {
    for (const entity of entities) {
      for (const entry of entity.history ?? []) {
        if (entry.at < from || entry.at >= to) continue;
        const after = stateAt(entity, entry.at) as Record<string, unknown>;
        const fields = Object.keys(entry.before).filter((f) => !IGNORED.has(f));
        const budget = fields.filter((f) => f === 'budget_amount');
        const others = fields.filter((f) => f !== 'budget_amount');
        const event = (resourceType: SearchAdsChangeResourceType, resourceName: string, changed: string[]) =>
          events.push({
            change_date_time: entry.at,
            change_resource_type: resourceType,
            change_resource_name: resourceName,
            resource_change_operation: changed.includes('status') && after.status === 'REMOVED' ? 'REMOVE' : 'UPDATE',
            changed_fields: changed.map((f) => FIELD_NAMES[f] ?? f),
            old_values: Object.fromEntries(changed.map((f) => [FIELD_NAMES[f] ?? f, entry.before[f] ?? null])),
            new_values: Object.fromEntries(changed.map((f) => [FIELD_NAMES[f] ?? f, after[f] ?? null])),
            ...who(entry.at),
            ...ids(entity),
          });
        if (budget.length) event('CAMPAIGN_BUDGET', rn('campaignBudgets', entity.id), budget);
        if (others.length) event(type, name(entity), others);
      }
      const created = typeof entity.created_at === 'string' ? entity.created_at : undefined;
      if (type === 'CAMPAIGN' && created && created >= from && created < to) {
        events.push({
          change_date_time: created,
          change_resource_type: 'CAMPAIGN',
          change_resource_name: name(entity),
          resource_change_operation: 'CREATE',
          changed_fields: ['name', 'status', 'start_date_time'],
          old_values: {},
          new_values: { name: entity.name, status: stateAt(entity, created).status, start_date: entity.start_date },
          ...who(created),
          campaign_id: entity.id,
        });
      }
    }
  };
  collect(
    input.campaigns,
    'CAMPAIGN',
    (e) => rn('campaigns', e.id),
    (e) => ({ campaign_id: e.id }),
  );
  collect(
    input.adGroups,
    'AD_GROUP',
    (e) => rn('adGroups', e.id),
    (e) => ({ campaign_id: String(e.campaign_id), ad_group_id: e.id }),
  );
  collect(
    input.keywords,
    'AD_GROUP_CRITERION',
    (e) => rn('adGroupCriteria', `${e.ad_group_id}~${e.id}`),
    (e) => ({ campaign_id: String(e.campaign_id), ad_group_id: String(e.ad_group_id) }),
  );
  collect(
    input.ads,
    'AD_GROUP_AD',
    (e) => rn('adGroupAds', `${e.ad_group_id}~${e.id}`),
    (e) => ({ campaign_id: String(e.campaign_id), ad_group_id: String(e.ad_group_id) }),
  );
  for (const asset of input.assets) {
    const created = typeof asset.created_at === 'string' ? asset.created_at : undefined;
    if (!created || created < from || created >= to) continue;
    const { id: _id, created_at: _at, history: _h, ...fields } = asset;
    events.push({
      change_date_time: created,
      change_resource_type: 'ASSET',
      change_resource_name: rn('assets', asset.id),
      resource_change_operation: 'CREATE',
      changed_fields: Object.keys(fields),
      old_values: {},
      new_values: fields,
      ...who(created),
    });
  }
  return events.sort(
    (a, b) => b.change_date_time.localeCompare(a.change_date_time) || a.change_resource_name.localeCompare(b.change_resource_name),
  );
}
