/**
 * Wire formats of family D2 on the live platform: user_list, experiment / experiment_arm,
 * recommendation and change_event rows as the port's shapes, and the GAQL selecting them.
 */
import type { GoogleAdsRow } from './api';
import { fromMicros, idOf } from './api';
import type {
  SearchAdsChangeEvent,
  SearchAdsChangeResourceType,
  SearchAdsExperiment,
  SearchAdsRecommendation,
  SearchAdsRecommendationMetrics,
  SearchAdsUserList,
} from '../port-audience';

export const USER_LIST_QUERY =
  'SELECT user_list.id, user_list.resource_name, user_list.name, user_list.description, user_list.type, user_list.membership_status, user_list.membership_life_span, ' +
  'user_list.size_for_search, user_list.size_for_display, user_list.eligible_for_search, user_list.crm_based_user_list.upload_key_type FROM user_list';

export function userListFrom(row: GoogleAdsRow): SearchAdsUserList {
  const u = row.userList;
  return {
    id: String(u.id),
    resource_name: u.resourceName,
    name: u.name,
    ...(u.description ? { description: u.description } : {}),
    type: u.type,
    membership_status: u.membershipStatus ?? 'OPEN',
    membership_life_span: Number(u.membershipLifeSpan ?? 10000),
    size_for_search: Number(u.sizeForSearch ?? 0),
    size_for_display: Number(u.sizeForDisplay ?? 0),
    eligible_for_search: Boolean(u.eligibleForSearch),
    ...(u.crmBasedUserList?.uploadKeyType ? { upload_key_type: u.crmBasedUserList.uploadKeyType } : {}),
  };
}

export const EXPERIMENT_QUERY =
  'SELECT experiment.resource_name, experiment.experiment_id, experiment.name, experiment.description, experiment.type, experiment.status, experiment.start_date, experiment.end_date, experiment.suffix FROM experiment';
export const EXPERIMENT_ARM_QUERY =
  'SELECT experiment_arm.resource_name, experiment_arm.experiment, experiment_arm.name, experiment_arm.control, experiment_arm.traffic_split, experiment_arm.campaigns, experiment_arm.in_design_campaigns FROM experiment_arm';

export function experimentFrom(row: GoogleAdsRow, arms: GoogleAdsRow[]): SearchAdsExperiment {
  const e = row.experiment;
  return {
    id: String(e.experimentId ?? idOf(e.resourceName)),
    resource_name: e.resourceName,
    name: e.name,
    ...(e.description ? { description: e.description } : {}),
    type: e.type,
    status: e.status,
    start_date: e.startDate ?? '',
    end_date: e.endDate ?? '',
    suffix: e.suffix ?? '',
    arms: arms
      .filter((a) => a.experimentArm.experiment === e.resourceName)
      .map((a) => {
        const campaign = (a.experimentArm.campaigns ?? [])[0] as string | undefined;
        return {
          name: a.experimentArm.name,
          control: Boolean(a.experimentArm.control),
          traffic_split: Number(a.experimentArm.trafficSplit ?? 0),
          ...(campaign ? { campaign_id: idOf(campaign) } : {}),
        };
      })
      .sort((a, b) => Number(b.control) - Number(a.control)),
  };
}

const METRICS = ['impressions', 'clicks', 'cost_micros', 'conversions'];
export const RECOMMENDATION_QUERY =
  'SELECT recommendation.resource_name, recommendation.type, recommendation.campaign, recommendation.ad_group, recommendation.dismissed, ' +
  ['base_metrics', 'potential_metrics'].flatMap((m) => METRICS.map((f) => `recommendation.impact.${m}.${f}`)).join(', ') +
  ', recommendation.campaign_budget_recommendation.current_budget_amount_micros, recommendation.campaign_budget_recommendation.recommended_budget_amount_micros, ' +
  'recommendation.keyword_recommendation.keyword.text, recommendation.keyword_recommendation.keyword.match_type, recommendation.keyword_recommendation.recommended_cpc_bid_micros, ' +
  'recommendation.target_cpa_opt_in_recommendation.recommended_target_cpa_micros, recommendation.keyword_match_type_recommendation.keyword.text, ' +
  'recommendation.keyword_match_type_recommendation.keyword.match_type, recommendation.keyword_match_type_recommendation.recommended_match_type FROM recommendation';

const metricsFrom = (m: GoogleAdsRow | undefined): SearchAdsRecommendationMetrics => ({
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
    id: idOf(r.resourceName),
    resource_name: r.resourceName,
    type: r.type,
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
            text: keyword.keyword.text,
            match_type: keyword.keyword.matchType,
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
            text: r.keywordMatchTypeRecommendation.keyword.text,
            match_type: r.keywordMatchTypeRecommendation.keyword.matchType,
            recommended_match_type: r.keywordMatchTypeRecommendation.recommendedMatchType,
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
const at = (obj: GoogleAdsRow | undefined, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node == null ? undefined : (node as GoogleAdsRow)[key]), obj);

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
  const inner = (resource: GoogleAdsRow | undefined) => (resource ? (Object.values(resource)[0] as GoogleAdsRow) : undefined);
  const name = (p: string) =>
    p
      .split('.')
      .map(snake)
      .join('.')
      .replace(/_micros$/, '');
  const value = (p: string, v: unknown) => (v === undefined || v === null ? null : /Micros$/.test(p) ? fromMicros(v as string) : v);
  const values = (resource: GoogleAdsRow | undefined) => Object.fromEntries(paths.map((p) => [name(p), value(p, at(inner(resource), p))]));
  const dateTime = String(e.changeDateTime ?? '');
  return {
    change_date_time: /^\d{4}-\d{2}-\d{2} /.test(dateTime) ? `${dateTime.replace(' ', 'T').slice(0, 19)}Z` : dateTime,
    change_resource_type: e.changeResourceType as SearchAdsChangeResourceType,
    change_resource_name: e.changeResourceName,
    resource_change_operation: e.resourceChangeOperation,
    changed_fields: paths.map(name),
    old_values: e.resourceChangeOperation === 'CREATE' ? {} : values(e.oldResource),
    new_values: e.resourceChangeOperation === 'REMOVE' ? {} : values(e.newResource),
    user_email: e.userEmail ?? '',
    client_type: e.clientType ?? 'UNKNOWN',
    ...(e.campaign ? { campaign_id: idOf(e.campaign) } : {}),
    ...(e.adGroup ? { ad_group_id: idOf(e.adGroup) } : {}),
  };
}
