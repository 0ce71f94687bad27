/**
 * The searchads live adapter's audience family: audience segments (interests, custom audiences,
 * user lists), user lists and Customer Match uploads, experiments, recommendations and change
 * events; with their rows as the port's shapes and the GAQL selecting them.
 */
import { ToolError } from '../../../core/errors';
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
import type { SearchAdsAudienceSegment, SearchAdsAudienceType } from '../port-types';
import { fromMicros, idOf, toMicros } from './api';
import type { ChangedResource, GoogleAdsRow, RecommendationMetrics } from './wire';
import type { LiveSession } from './session';

export const USER_LIST_QUERY =
  'SELECT user_list.id, user_list.resource_name, user_list.name, user_list.description, user_list.type, user_list.membership_status, user_list.membership_life_span, ' +
  'user_list.size_for_search, user_list.size_for_display, user_list.eligible_for_search, user_list.crm_based_user_list.upload_key_type FROM user_list';

export function userListFrom(row: GoogleAdsRow): SearchAdsUserList {
  const u = row.userList;
  return {
    id: String(u.id),
    resource_name: u.resourceName ?? '',
    name: u.name ?? '',
    ...(u.description ? { description: u.description } : {}),
    type: u.type as SearchAdsUserList['type'],
    membership_status: (u.membershipStatus ?? 'OPEN') as SearchAdsUserList['membership_status'],
    membership_life_span: Number(u.membershipLifeSpan ?? 10000),
    size_for_search: Number(u.sizeForSearch ?? 0),
    size_for_display: Number(u.sizeForDisplay ?? 0),
    eligible_for_search: Boolean(u.eligibleForSearch),
    ...(u.crmBasedUserList?.uploadKeyType
      ? { upload_key_type: u.crmBasedUserList.uploadKeyType as SearchAdsUserList['upload_key_type'] }
      : {}),
  };
}

export const EXPERIMENT_QUERY =
  'SELECT experiment.resource_name, experiment.experiment_id, experiment.name, experiment.description, experiment.type, experiment.status, experiment.start_date, experiment.end_date, experiment.suffix FROM experiment';
export const EXPERIMENT_ARM_QUERY =
  'SELECT experiment_arm.resource_name, experiment_arm.experiment, experiment_arm.name, experiment_arm.control, experiment_arm.traffic_split, experiment_arm.campaigns, experiment_arm.in_design_campaigns FROM experiment_arm';

export function experimentFrom(row: GoogleAdsRow, arms: GoogleAdsRow[]): SearchAdsExperiment {
  const e = row.experiment;
  return {
    id: String(e.experimentId ?? idOf(e.resourceName ?? '')),
    resource_name: e.resourceName ?? '',
    name: e.name ?? '',
    ...(e.description ? { description: e.description } : {}),
    type: e.type as SearchAdsExperiment['type'],
    status: e.status as SearchAdsExperiment['status'],
    start_date: e.startDate ?? '',
    end_date: e.endDate ?? '',
    suffix: e.suffix ?? '',
    arms: arms
      .filter((a) => a.experimentArm.experiment === e.resourceName)
      .map((a) => {
        const campaign = (a.experimentArm.campaigns ?? [])[0];
        return {
          name: a.experimentArm.name ?? '',
          control: Boolean(a.experimentArm.control),
          traffic_split: Number(a.experimentArm.trafficSplit ?? 0),
          ...(campaign ? { campaign_id: idOf(campaign) } : {}),
        };
      })
      .sort((a, b) => Number(b.control) - Number(a.control)),
  };
}

type MatchType = 'EXACT' | 'PHRASE' | 'BROAD';

const METRICS = ['impressions', 'clicks', 'cost_micros', 'conversions'];
export const RECOMMENDATION_QUERY =
  'SELECT recommendation.resource_name, recommendation.type, recommendation.campaign, recommendation.ad_group, recommendation.dismissed, ' +
  ['base_metrics', 'potential_metrics'].flatMap((m) => METRICS.map((f) => `recommendation.impact.${m}.${f}`)).join(', ') +
  ', recommendation.campaign_budget_recommendation.current_budget_amount_micros, recommendation.campaign_budget_recommendation.recommended_budget_amount_micros, ' +
  'recommendation.keyword_recommendation.keyword.text, recommendation.keyword_recommendation.keyword.match_type, recommendation.keyword_recommendation.recommended_cpc_bid_micros, ' +
  'recommendation.target_cpa_opt_in_recommendation.recommended_target_cpa_micros, recommendation.keyword_match_type_recommendation.keyword.text, ' +
  'recommendation.keyword_match_type_recommendation.keyword.match_type, recommendation.keyword_match_type_recommendation.recommended_match_type FROM recommendation';

const metricsFrom = (m: RecommendationMetrics | undefined): SearchAdsRecommendationMetrics => ({
  impressions: Math.round(Number(m?.impressions ?? 0)),
  clicks: Math.round(Number(m?.clicks ?? 0)),
  cost: fromMicros(m?.costMicros),
  conversions: Math.round(Number(m?.conversions ?? 0) * 100) / 100,
});

export function recommendationFrom(row: GoogleAdsRow): SearchAdsRecommendation {
  const r = row.recommendation;
  const budget = r.campaignBudgetRecommendation;
  const keyword = r.keywordRecommendation;
  const cpa = r.targetCpaOptInRecommendation;
  return {
    id: idOf(r.resourceName ?? ''),
    resource_name: r.resourceName ?? '',
    type: r.type as SearchAdsRecommendation['type'],
    ...(r.campaign ? { campaign_id: idOf(r.campaign) } : {}),
    ...(r.adGroup ? { ad_group_id: idOf(r.adGroup) } : {}),
    dismissed: Boolean(r.dismissed),
    impact: { base: metricsFrom(r.impact?.baseMetrics), potential: metricsFrom(r.impact?.potentialMetrics) },
    ...(budget
      ? {
          campaign_budget: {
            current_amount: fromMicros(budget.currentBudgetAmountMicros),
            recommended_amount: fromMicros(budget.recommendedBudgetAmountMicros),
          },
        }
      : {}),
    ...(keyword?.keyword
      ? {
          keyword: {
            text: keyword.keyword.text ?? '',
            match_type: keyword.keyword.matchType as MatchType,
            ...(keyword.recommendedCpcBidMicros !== undefined ? { recommended_cpc_bid: fromMicros(keyword.recommendedCpcBidMicros) } : {}),
          },
        }
      : {}),
    ...(cpa?.recommendedTargetCpaMicros !== undefined
      ? { target_cpa_opt_in: { target_cpa: fromMicros(cpa.recommendedTargetCpaMicros) } }
      : {}),
    ...(r.keywordMatchTypeRecommendation?.keyword
      ? {
          keyword_match_type: {
            text: r.keywordMatchTypeRecommendation.keyword.text ?? '',
            match_type: r.keywordMatchTypeRecommendation.keyword.matchType as MatchType,
            recommended_match_type: r.keywordMatchTypeRecommendation.recommendedMatchType as MatchType,
          },
        }
      : {}),
  };
}

/** ISO timestamp → the query language's date-time literal (`2026-11-20 13:05:00`). */
export const gaqlDateTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

export const changeEventQuery = (from: string, to: string, limit: number) =>
  'SELECT change_event.resource_name, change_event.change_date_time, change_event.change_resource_type, change_event.change_resource_name, change_event.resource_change_operation, ' +
  'change_event.changed_fields, change_event.old_resource, change_event.new_resource, change_event.user_email, change_event.client_type, change_event.campaign, change_event.ad_group ' +
  `FROM change_event WHERE change_event.change_date_time >= '${gaqlDateTime(from)}' AND change_event.change_date_time < '${gaqlDateTime(to)}' ORDER BY change_event.change_date_time DESC LIMIT ${limit}`;

const snake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const at = (obj: Record<string, unknown> | undefined, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node == null ? undefined : (node as Record<string, unknown>)[key]), obj);

/**
 * A change_event row: changed_fields is a field mask (`a.b,c`) over the changed resource, old and new
 * values are read at those paths. Fields are named in snake_case; money fields lose `_micros` and
 * their values are in account currency, as everywhere in the port.
 */
export function changeEventFrom(row: GoogleAdsRow): SearchAdsChangeEvent {
  const e = row.changeEvent;
  const paths = String(e.changedFields ?? '')
    .split(',')
    .filter(Boolean);
  const inner = (resource: ChangedResource | undefined) => (resource ? Object.values(resource)[0] : undefined);
  const name = (p: string) =>
    p
      .split('.')
      .map(snake)
      .join('.')
      .replace(/_micros$/, '');
  const value = (p: string, v: unknown) => (v === undefined || v === null ? null : /Micros$/.test(p) ? fromMicros(v as string) : v);
  const values = (resource: ChangedResource | undefined) =>
    Object.fromEntries(paths.map((p) => [name(p), value(p, at(inner(resource), p))]));
  const dateTime = String(e.changeDateTime ?? '');
  return {
    change_date_time: /^\d{4}-\d{2}-\d{2} /.test(dateTime) ? `${dateTime.replace(' ', 'T').slice(0, 19)}Z` : dateTime,
    change_resource_type: e.changeResourceType as SearchAdsChangeResourceType,
    change_resource_name: e.changeResourceName ?? '',
    resource_change_operation: e.resourceChangeOperation as SearchAdsChangeEvent['resource_change_operation'],
    changed_fields: paths.map(name),
    old_values: e.resourceChangeOperation === 'CREATE' ? {} : values(e.oldResource),
    new_values: e.resourceChangeOperation === 'REMOVE' ? {} : values(e.newResource),
    user_email: e.userEmail ?? '',
    client_type: e.clientType ?? 'UNKNOWN',
    ...(e.campaign ? { campaign_id: idOf(e.campaign) } : {}),
    ...(e.adGroup ? { ad_group_id: idOf(e.adGroup) } : {}),
  };
}

export class AudienceLive {
  /** The account's segments, read once per port (a new user list forgets them). */
  private _segments?: Promise<SearchAdsAudienceSegment[]>;

  constructor(private readonly live: LiveSession) {}

  listAudienceSegments(): Promise<SearchAdsAudienceSegment[]> {
    this._segments ??= this._readAudienceSegments();
    return this._segments;
  }

  private async _readAudienceSegments(): Promise<SearchAdsAudienceSegment[]> {
    const [interests, custom, lists] = await Promise.all([
      this.live.search(
        "SELECT user_interest.user_interest_id, user_interest.name, user_interest.taxonomy_type, user_interest.user_interest_parent FROM user_interest WHERE user_interest.taxonomy_type IN ('IN_MARKET', 'AFFINITY')",
      ),
      this.live.search(
        "SELECT custom_audience.id, custom_audience.name, custom_audience.description FROM custom_audience WHERE custom_audience.status = 'ENABLED'",
      ),
      this.live.search('SELECT user_list.id, user_list.name, user_list.description, user_list.size_for_search FROM user_list'),
    ]);
    const interestName = new Map(interests.map((r) => [String(r.userInterest.userInterestId), r.userInterest.name ?? '']));
    return [
      ...interests.map((r) => {
        const u = r.userInterest;
        const parent = u.userInterestParent ? interestName.get(idOf(u.userInterestParent)) : undefined;
        return {
          id: String(u.userInterestId),
          type: u.taxonomyType as SearchAdsAudienceType,
          name: u.name ?? '',
          resource_name: `userInterests/${u.userInterestId}`,
          ...(parent ? { parent } : {}),
        };
      }),
      ...custom.map((r) => ({
        id: String(r.customAudience.id),
        type: 'CUSTOM' as const,
        name: r.customAudience.name ?? '',
        resource_name: this.live.rn('customAudiences', String(r.customAudience.id)),
        ...(r.customAudience.description ? { description: r.customAudience.description } : {}),
      })),
      ...lists.map((r) => ({
        id: String(r.userList.id),
        type: 'USER_LIST' as const,
        name: r.userList.name ?? '',
        resource_name: this.live.rn('userLists', String(r.userList.id)),
        ...(r.userList.description ? { description: r.userList.description } : {}),
        ...(r.userList.sizeForSearch !== undefined ? { size_for_search: Number(r.userList.sizeForSearch) } : {}),
      })),
    ];
  }

  // User lists and Customer Match.

  async listUserLists(): Promise<SearchAdsUserList[]> {
    return (await this.live.search(USER_LIST_QUERY)).map(userListFrom);
  }

  async createCustomerMatchList(list: NewSearchAdsCustomerMatchList): Promise<SearchAdsUserList> {
    const [name] = await this.live.mutate('userLists', [
      {
        create: {
          name: list.name,
          ...(list.description ? { description: list.description } : {}),
          membershipStatus: 'OPEN',
          membershipLifeSpan: String(list.membership_life_span),
          crmBasedUserList: { uploadKeyType: 'CONTACT_INFO', dataSourceType: 'FIRST_PARTY' },
        },
      },
    ]);
    if (this.live.validatesOnly)
      return {
        id: '-1',
        resource_name: name!,
        name: list.name,
        type: 'CRM_BASED',
        membership_status: 'OPEN',
        membership_life_span: list.membership_life_span,
        size_for_search: 0,
        size_for_display: 0,
        eligible_for_search: true,
        upload_key_type: 'CONTACT_INFO',
      };
    this._segments = undefined;
    const created = (await this.listUserLists()).find((l) => l.resource_name === name);
    if (!created) throw this.live.notFound('user list', idOf(name!));
    return created;
  }

  /**
   * OfflineUserDataJobService: create the job with the consent, add one operation per identifier, run it.
   * Since 2026-04-01 the platform refuses these uploads for integrations that had not uploaded recently
   * (CUSTOMER_NOT_ALLOWLISTED_FOR_THIS_FEATURE): that refusal is a `live_not_supported` naming the
   * platform's Data Manager API, where new integrations upload audience members.
   */
  async uploadCustomerMatchMembers(userListId: string, members: SearchAdsCustomerMatchMembers): Promise<SearchAdsOfflineUserDataJob> {
    try {
      return await this._uploadCustomerMatchMembers(userListId, members);
    } catch (err) {
      const code = (err as ToolError).structuredContent?.platform_error;
      if (err instanceof ToolError && typeof code === 'string' && code.startsWith('NOT_ALLOWLISTED_ERROR.')) {
        throw new ToolError(
          `The searchads platform no longer takes Customer Match uploads through this interface from this deployment (${code}): since April 2026 new integrations upload audience members through the platform's Data Manager API, which this gateway does not use yet. Upload the list in the platform's interface; the list itself was created. This is not available on live searchads accounts.`,
          { code: 'live_not_supported', platform: 'searchads', platform_error: code },
        );
      }
      throw err;
    }
  }

  private async _uploadCustomerMatchMembers(
    userListId: string,
    members: SearchAdsCustomerMatchMembers,
  ): Promise<SearchAdsOfflineUserDataJob> {
    const identifiers = members.hashed_emails.length + members.hashed_phone_numbers.length;
    if (this.live.validatesOnly) {
      this.live.validation.skipped += 1;
      return { id: '-1', user_list_id: userListId, type: 'CUSTOMER_MATCH_USER_LIST', status: 'PENDING', identifiers };
    }
    const api = await this.live.client();
    const consent = { adUserData: members.consent.ad_user_data, adPersonalization: members.consent.ad_personalization };
    const { resourceName } = await api.post(`customers/${this.live.cid}/offlineUserDataJobs:create`, {
      job: {
        type: 'CUSTOMER_MATCH_USER_LIST',
        customerMatchUserListMetadata: { userList: this.live.rn('userLists', userListId), consent },
      },
    });
    const operations = [
      ...members.hashed_emails.map((hashedEmail) => ({ hashedEmail })),
      ...members.hashed_phone_numbers.map((hashedPhoneNumber) => ({ hashedPhoneNumber })),
    ].map((identifier) => ({ create: { userIdentifiers: [identifier] } }));
    for (let i = 0; i < operations.length; i += 10_000)
      await api.post(`${resourceName}:addOperations`, { operations: operations.slice(i, i + 10_000), enablePartialFailure: false });
    await api.post(`${resourceName}:run`, {});
    return { id: idOf(resourceName ?? ''), user_list_id: userListId, type: 'CUSTOMER_MATCH_USER_LIST', status: 'RUNNING', identifiers };
  }

  // Experiments.

  async listExperiments(): Promise<SearchAdsExperiment[]> {
    const [experiments, arms] = await Promise.all([this.live.search(EXPERIMENT_QUERY), this.live.search(EXPERIMENT_ARM_QUERY)]);
    return experiments.map((row) => experimentFrom(row, arms));
  }

  private async _readExperiment(id: string): Promise<SearchAdsExperiment> {
    const found = (await this.listExperiments()).find((e) => e.id === id);
    if (!found) throw this.live.notFound('experiment', id);
    return found;
  }

  async createExperiment(experiment: NewSearchAdsExperiment): Promise<SearchAdsExperiment> {
    const [name] = await this.live.mutate('experiments', [
      {
        create: {
          name: experiment.name,
          ...(experiment.description ? { description: experiment.description } : {}),
          suffix: experiment.suffix,
          type: 'SEARCH_CUSTOM',
          status: 'SETUP',
          startDate: experiment.start_date,
          endDate: experiment.end_date,
        },
      },
    ]);
    if (this.live.validatesOnly) return { id: '-1', resource_name: name!, type: 'SEARCH_CUSTOM', status: 'SETUP', arms: [], ...experiment };
    return this._readExperiment(idOf(name!));
  }

  async createExperimentArms(experimentId: string, arms: SearchAdsExperimentArm[]): Promise<SearchAdsExperiment> {
    await this.live.mutate(
      'experimentArms',
      arms.map((a) => ({
        create: {
          experiment: this.live.rn('experiments', experimentId),
          name: a.name,
          control: a.control,
          trafficSplit: a.traffic_split,
          ...(a.campaign_id ? { campaigns: [this.live.rn('campaigns', a.campaign_id)] } : {}),
        },
      })),
    );
    if (this.live.validatesOnly)
      return {
        id: experimentId,
        resource_name: this.live.rn('experiments', experimentId),
        name: '',
        type: 'SEARCH_CUSTOM',
        status: 'SETUP',
        start_date: '',
        end_date: '',
        suffix: '',
        arms,
      };
    return this._readExperiment(experimentId);
  }

  /** ScheduleExperiment (a long-running operation): the platform makes the trial campaign from the treatment arm. */
  async scheduleExperiment(experimentId: string): Promise<SearchAdsExperiment> {
    if (this.live.validatesOnly) {
      // The experiment a checked create would make does not exist: nothing to schedule yet.
      this.live.validation.skipped += 1;
      throw new ToolError('Scheduling an experiment can only be checked by the platform once the experiment exists.');
    }
    await (await this.live.client()).post(`customers/${this.live.cid}/experiments/${experimentId}:scheduleExperiment`, {});
    return this._readExperiment(experimentId);
  }

  // Recommendations.

  async listRecommendations(): Promise<SearchAdsRecommendation[]> {
    return (await this.live.search(RECOMMENDATION_QUERY)).map(recommendationFrom);
  }

  async applyRecommendation(recommendationId: string, parameters: SearchAdsApplyParameters = {}): Promise<void> {
    const operation: Record<string, unknown> = { resourceName: this.live.rn('recommendations', recommendationId) };
    if (parameters.new_budget_amount !== undefined)
      operation.campaignBudget = { newBudgetAmountMicros: toMicros(parameters.new_budget_amount) };
    if (parameters.target_cpa !== undefined) operation.targetCpaOptIn = { targetCpaMicros: toMicros(parameters.target_cpa) };
    if (this.live.validatesOnly) {
      this.live.validation.skipped += 1;
      return;
    }
    await (await this.live.client()).post(`customers/${this.live.cid}/recommendations:apply`, { operations: [operation] });
  }

  async dismissRecommendation(recommendationId: string): Promise<void> {
    if (this.live.validatesOnly) {
      this.live.validation.skipped += 1;
      return;
    }
    await (
      await this.live.client()
    ).post(`customers/${this.live.cid}/recommendations:dismiss`, {
      operations: [{ resourceName: this.live.rn('recommendations', recommendationId) }],
    });
  }

  // Change history.

  async listChangeEvents(from: string, to: string, limit: number): Promise<SearchAdsChangeEvent[]> {
    const rows = await this.live.search(changeEventQuery(from, to, limit));
    return rows.map(changeEventFrom).sort((a, b) => b.change_date_time.localeCompare(a.change_date_time));
  }
}
