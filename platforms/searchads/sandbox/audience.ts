/**
 * The searchads sandbox's audience family: audience segments, user lists and Customer Match matching,
 * experiments (the trial campaign is a copy of the base campaign), recommendations derived from the
 * delivery model, and change events read from the entities' recorded history (../../sandbox/history.ts).
 * It works on campaigns, ad groups, keywords and ads through the port it is part of.
 */
import { createHash } from 'node:crypto';
import type { ConnectedAccount } from '../../../core/accounts';
import { ToolError } from '../../../core/errors';
import { addDays, isoDate, lastReportDay } from '../../../core/dates';
import { totals } from '../../../core/metrics';
import { budgetDaysOf, budgetUse, withSharedBudgetSpend } from '../../../core/budget-limited';
import { digits } from '../../sandbox/ids';
import { stateAt, type WithHistory } from '../../sandbox/history';
import type { SandboxStore } from '../../sandbox/store';
import type { SearchAdsPort } from '../port';
import type { SearchAdsAsset, SearchAdsAudienceSegment, SearchAdsCampaign, SearchAdsReportRow } from '../port-types';
import type {
  NewSearchAdsCustomerMatchList,
  NewSearchAdsExperiment,
  SearchAdsApplyParameters,
  SearchAdsChangeEvent,
  SearchAdsChangeResourceType,
  SearchAdsCustomerMatchMembers,
  SearchAdsExperiment,
  SearchAdsExperimentArm,
  SearchAdsOfflineUserDataJob,
  SearchAdsRecommendation,
  SearchAdsRecommendationMetrics,
  SearchAdsUserList,
} from '../port-audience';
import { AUDIENCE_TAXONOMY } from '../reference-data';
import type { StoredAd, StoredAdGroup, StoredCampaign, StoredKeyword } from './delivery';
import { KIND } from './stored';

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
 * the account: converting campaigns limited by their budget over the last 7 days (core/budget-limited.ts;
 * CAMPAIGN_BUDGET, +25 %), converting search
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
  // A campaign on a shared budget is judged with the spend of every campaign on it each day; the shared
  // budget gets one recommendation (on its campaign with the most conversions), with the impact of all of them.
  const pooledRows = withSharedBudgetSpend(campaignRows.filter((r) => r.date >= weekStart));
  const sharedBudgets = await port.listSharedBudgets();
  const raised = new Set<string>();
  const judgedCampaigns = campaigns.filter((c) => serving(c) && c.type !== 'VIDEO');
  for (const c of judgedCampaigns) {
    const month = campaignRows.filter((r) => r.campaign_id === c.id);
    const week = month.filter((r) => r.date >= weekStart);
    const base = metricsOf(week);
    const shared = sharedBudgets.find((b) => b.campaign_ids.includes(c.id));
    const members = shared ? judgedCampaigns.filter((m) => shared.campaign_ids.includes(m.id)) : [c];
    const membersWeek = campaignRows.filter((r) => r.date >= weekStart && members.some((m) => m.id === r.campaign_id));
    const conversionsOf = (id: string) => totals(membersWeek.filter((r) => r.campaign_id === id)).conversions;
    const lead = [...members].sort((a, b) => conversionsOf(b.id) - conversionsOf(a.id) || a.id.localeCompare(b.id))[0]!;
    const budgetBase = shared ? metricsOf(membersWeek) : base;
    // Limited by its budget over the last 7 days, each day against the budget it had (core/budget-limited.ts).
    if (
      lead.id === c.id &&
      !(shared && raised.has(shared.id)) &&
      budgetBase.conversions > 0 &&
      budgetUse(
        budgetDaysOf(
          pooledRows.filter((r) => r.campaign_id === c.id),
          c.budget_amount,
        ).days,
      ).limited
    ) {
      if (shared) raised.add(shared.id);
      const recommended = Math.ceil(c.budget_amount * BUDGET_RAISE);
      const f = recommended / c.budget_amount;
      const id = recId('CAMPAIGN_BUDGET', shared?.id ?? c.id, c.budget_amount, recommended);
      out.push({
        id,
        resource_name: rn(id),
        type: 'CAMPAIGN_BUDGET',
        campaign_id: c.id,
        dismissed: false,
        impact: { base: budgetBase, potential: scaled(budgetBase, { impressions: f, clicks: f, cost: f, conversions: f }) },
        campaign_budget: {
          current_amount: c.budget_amount,
          recommended_amount: recommended,
          ...(shared ? { shared_budget: { id: shared.id, name: shared.name, campaign_ids: shared.campaign_ids } } : {}),
        },
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

export class AudienceSandbox {
  constructor(
    private readonly store: SandboxStore,
    private readonly account: ConnectedAccount,
    /** The port this family is part of (campaigns, keywords, ads and figures are other families'). */
    private readonly _port: () => SearchAdsPort,
  ) {}

  async listAudienceSegments(): Promise<SearchAdsAudienceSegment[]> {
    return [...AUDIENCE_TAXONOMY, ...(await this.store.list<StoredUserList>(KIND.audience)).map(segmentOf)];
  }

  // User lists and Customer Match (the account's user lists are its USER_LIST audience segments).

  async listUserLists(): Promise<SearchAdsUserList[]> {
    return (await this.store.list<StoredUserList>(KIND.audience)).filter((s) => s.type === 'USER_LIST').map(userListOf);
  }

  async createCustomerMatchList(list: NewSearchAdsCustomerMatchList): Promise<SearchAdsUserList> {
    const existing = await this.store.list<StoredUserList>(KIND.audience);
    if (existing.some((s) => s.type === 'USER_LIST' && s.name.toLowerCase() === list.name.toLowerCase()))
      throw new ToolError(`A user list named "${list.name}" already exists (USER_LIST_ERROR.NAME_ALREADY_USED).`);
    const id = digits(10);
    const stored: StoredUserList = {
      id,
      type: 'USER_LIST',
      name: list.name,
      ...(list.description ? { description: list.description } : {}),
      resource_name: `customers/${this.account.account_id}/userLists/${id}`,
      size_for_search: 0,
      size_for_display: 0,
      list_type: 'CRM_BASED',
      membership_status: 'OPEN',
      membership_life_span: list.membership_life_span,
      eligible_for_search: true,
      upload_key_type: 'CONTACT_INFO',
      created_at: new Date().toISOString(),
    };
    return userListOf(await this.store.create(KIND.audience, stored));
  }

  /** Matches each distinct hashed identifier against the platform's users (matchesUser); the list grows by the matched ones. */
  async uploadCustomerMatchMembers(userListId: string, members: SearchAdsCustomerMatchMembers): Promise<SearchAdsOfflineUserDataJob> {
    const list = await this.store.require<StoredUserList>(KIND.audience, userListId);
    if (list.list_type !== 'CRM_BASED')
      throw new ToolError(`User list ${userListId} is not a Customer Match (CRM_BASED) list; members can only be uploaded to one.`);
    if (members.consent.ad_user_data !== 'GRANTED' || members.consent.ad_personalization !== 'GRANTED')
      throw new ToolError('Customer Match uploads need consent GRANTED for ad_user_data and ad_personalization.');
    const identifiers = [...new Set([...members.hashed_emails, ...members.hashed_phone_numbers])];
    const matched = identifiers.filter(matchesUser).length;
    const job = {
      id: digits(12),
      user_list_id: userListId,
      type: 'CUSTOMER_MATCH_USER_LIST' as const,
      status: 'SUCCESS' as const,
      identifiers: members.hashed_emails.length + members.hashed_phone_numbers.length,
      matched,
      created_at: new Date().toISOString(),
    };
    await this.store.create(AUDIENCE_KIND.userDataJob, job);
    await this.store.update<StoredUserList>(KIND.audience, userListId, {
      size_for_search: (list.size_for_search ?? 0) + matched,
      size_for_display: (list.size_for_display ?? 0) + matched,
    });
    const { matched: _m, created_at: _c, ...out } = job;
    return out;
  }

  // Experiments.

  async listExperiments(): Promise<SearchAdsExperiment[]> {
    const today = isoDate(new Date());
    return (await this.store.list<SearchAdsExperiment & { created_at?: string }>(AUDIENCE_KIND.experiment)).map(
      ({ created_at: _c, ...e }) => (e.status === 'INITIATED' && e.start_date <= today ? { ...e, status: 'ENABLED' as const } : e),
    );
  }

  private async _experiment(experimentId: string): Promise<SearchAdsExperiment> {
    const found = (await this.listExperiments()).find((e) => e.id === experimentId);
    if (!found)
      throw new ToolError(`No experiment with id "${experimentId}" exists in searchads account ${this.account.account_id}.`, {
        code: 'not_found',
      });
    return found;
  }

  async createExperiment(experiment: NewSearchAdsExperiment): Promise<SearchAdsExperiment> {
    const id = digits(10);
    const stored = {
      id,
      resource_name: `customers/${this.account.account_id}/experiments/${id}`,
      type: 'SEARCH_CUSTOM' as const,
      status: 'SETUP' as const,
      arms: [],
      ...experiment,
      created_at: new Date().toISOString(),
    };
    await this.store.create(AUDIENCE_KIND.experiment, stored);
    return this._experiment(id);
  }

  async createExperimentArms(experimentId: string, arms: SearchAdsExperimentArm[]): Promise<SearchAdsExperiment> {
    const experiment = await this._experiment(experimentId);
    if (experiment.status !== 'SETUP')
      throw new ToolError(`Experiment ${experimentId} is ${experiment.status}; arms are added in SETUP only.`);
    if (experiment.arms.length) throw new ToolError(`Experiment ${experimentId} already has its arms.`);
    await this.store.update(AUDIENCE_KIND.experiment, experimentId, {
      arms: arms.map((a) => (a.control ? a : { name: a.name, control: false, traffic_split: a.traffic_split })),
    });
    return this._experiment(experimentId);
  }

  /**
   * Makes the trial campaign: a copy of the base campaign (its ad groups, keywords and ads too) named
   * with the experiment's suffix, running between the experiment's dates on the treatment's share of
   * the base budget. The experiment is INITIATED until its start, ENABLED from then.
   */
  async scheduleExperiment(experimentId: string): Promise<SearchAdsExperiment> {
    const experiment = await this._experiment(experimentId);
    if (experiment.status !== 'SETUP')
      throw new ToolError(`Experiment ${experimentId} is ${experiment.status}; only an experiment in SETUP can be scheduled.`);
    const control = experiment.arms.find((a) => a.control);
    const treatment = experiment.arms.find((a) => !a.control);
    if (!control?.campaign_id || !treatment)
      throw new ToolError(
        `Experiment ${experimentId} needs a control arm with its base campaign and a treatment arm before it is scheduled.`,
      );
    const base = await this.store.require<StoredCampaign>(KIND.campaign, control.campaign_id);
    const createdAt = new Date().toISOString();
    const { id: _id, label_ids: _labels, frequency_caps: _caps, performance, ...fields } = base;
    const trial: StoredCampaign & { created_at: string } = {
      ...fields,
      id: digits(11),
      name: `${base.name} ${experiment.suffix}`,
      status: 'ENABLED',
      start_date: experiment.start_date,
      end_date: experiment.end_date,
      budget_amount: Math.max(1, Math.round(base.budget_amount * treatment.traffic_split) / 100),
      label_ids: [],
      performance,
      created_at: createdAt,
    };
    await this.store.create(KIND.campaign, trial);
    for (const group of await this._port().listAdGroups(base.id)) {
      if (group.status === 'REMOVED') continue;
      const copy = await this._port().createAdGroup({
        campaign_id: trial.id,
        name: group.name,
        status: group.status,
        type: group.type,
        cpc_bid: group.cpc_bid,
      });
      const keywords = (await this._port().listKeywords(base.id)).filter((k) => k.ad_group_id === group.id && k.status !== 'REMOVED');
      if (keywords.length)
        await this._port().addKeywords(
          keywords.map((k) => ({
            ad_group_id: copy.id,
            text: k.text,
            match_type: k.match_type,
            cpc_bid: k.cpc_bid,
            status: k.status as 'ENABLED' | 'PAUSED',
          })),
        );
      const ads = (await this._port().listAds(base.id)).filter((a) => a.ad_group_id === group.id && a.status !== 'REMOVED');
      if (ads.length) await this._port().createAds(ads.map(({ id: _a, campaign_id: _c, ...ad }) => ad));
    }
    const today = isoDate(new Date());
    await this.store.update(AUDIENCE_KIND.experiment, experimentId, {
      status: experiment.start_date <= today ? 'ENABLED' : 'INITIATED',
      arms: experiment.arms.map((a) => (a.control ? a : { ...a, campaign_id: trial.id })),
    });
    return this._experiment(experimentId);
  }

  // Recommendations.

  listRecommendations(): Promise<SearchAdsRecommendation[]> {
    return deriveRecommendations(this._port(), this.store, this.account.account_id, new Date());
  }

  async applyRecommendation(recommendationId: string, parameters: SearchAdsApplyParameters = {}): Promise<void> {
    const rec = await currentRecommendation(await this.listRecommendations(), recommendationId);
    if (rec.type === 'CAMPAIGN_BUDGET') {
      await this._port().updateCampaign(
        rec.campaign_id!,
        { budget_amount: parameters.new_budget_amount ?? rec.campaign_budget!.recommended_amount },
        { budget_amount: rec.campaign_budget!.current_amount },
      );
    } else if (rec.type === 'TARGET_CPA_OPT_IN') {
      const campaign = await this._port().getCampaign(rec.campaign_id!);
      await this._port().updateCampaign(rec.campaign_id!, {
        bidding_targets: { ...campaign.bidding_targets, target_cpa: parameters.target_cpa ?? rec.target_cpa_opt_in!.target_cpa },
      });
    } else if (rec.type === 'KEYWORD_MATCH_TYPE') {
      // A keyword's match type cannot change: the broad version is added with the same bid, the narrow one paused.
      const narrow = (await this._port().listKeywords(rec.campaign_id)).find(
        (k) =>
          k.ad_group_id === rec.ad_group_id &&
          k.status === 'ENABLED' &&
          k.text === rec.keyword_match_type!.text &&
          k.match_type === rec.keyword_match_type!.match_type,
      );
      if (!narrow) throw new ToolError(`Recommendation ${rec.id} is not current: its keyword is no longer enabled.`, { code: 'not_found' });
      await this._port().addKeywords([
        {
          ad_group_id: narrow.ad_group_id,
          text: narrow.text,
          match_type: 'BROAD',
          status: 'ENABLED',
          ...(narrow.cpc_bid !== undefined ? { cpc_bid: narrow.cpc_bid } : {}),
        },
      ]);
      await this._port().updateKeyword(narrow.id, { status: 'PAUSED' }, { status: 'ENABLED' });
    } else if (rec.type === 'KEYWORD') {
      await this._port().addKeywords([
        {
          ad_group_id: rec.ad_group_id!,
          text: rec.keyword!.text,
          match_type: rec.keyword!.match_type,
          status: 'ENABLED',
          ...(rec.keyword!.recommended_cpc_bid !== undefined ? { cpc_bid: rec.keyword!.recommended_cpc_bid } : {}),
        },
      ]);
    }
    await this.store.putMany(AUDIENCE_KIND.appliedRecommendation, [{ id: rec.id }]);
  }

  async dismissRecommendation(recommendationId: string): Promise<void> {
    const rec = (await this.listRecommendations()).find((r) => r.id === recommendationId);
    if (!rec)
      throw new ToolError(`Recommendation ${recommendationId} is not current; list_recommendations shows the current ones.`, {
        code: 'not_found',
      });
    await this.store.putMany(AUDIENCE_KIND.dismissedRecommendation, [{ id: rec.id }]);
  }

  // Change history.

  async listChangeEvents(from: string, to: string, limit: number): Promise<SearchAdsChangeEvent[]> {
    const history = { withHistory: true };
    const [campaigns, adGroups, keywords, ads, assets] = await Promise.all([
      this.store.list<StoredCampaign>(KIND.campaign, history),
      this.store.list<StoredAdGroup>(KIND.adGroup, history),
      this.store.list<StoredKeyword>(KIND.keyword, history),
      this.store.list<StoredAd>(KIND.ad, history),
      this.store.list<SearchAdsAsset>(KIND.asset),
    ]);
    const tracked = <T>(items: T[]) => items as unknown as Parameters<typeof changeEventsOf>[0]['campaigns'];
    return changeEventsOf(
      {
        campaigns: tracked(campaigns),
        adGroups: tracked(adGroups),
        keywords: tracked(keywords),
        ads: tracked(ads),
        assets: tracked(assets),
      },
      this.account.account_id,
      this.account.connected_at,
      from,
      to,
    ).slice(0, limit);
  }
}
