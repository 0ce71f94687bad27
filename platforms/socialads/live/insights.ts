import { ToolError } from '../../../core/errors';
import { runAsyncReport } from '../../live/report-jobs';
import type { SocialAdsInsightsQuery, SocialAdsInsightsRow, SocialAdsObjective, SocialAdsPort } from '../port';
import type { LiveContext } from './context';
import type { GraphParams } from './graph';
import { objectiveOf, positionFromWire, publisherFromWire } from './wire';

/**
 * Delivery figures from the ad account's insights edge. A short window without a breakdown is read
 * synchronously (GET, every page); a longer window or a breakdown runs as an asynchronous report
 * (POST creates the run, GET polls `async_status`, the run's own insights edge is read page by
 * page) through `runAsyncReport`, which answers 503 report_pending when the platform takes longer
 * than the call may wait and collects the same run on the next call. Spend comes back as decimal
 * strings in account currency; results are the actions of the campaign's objective. `clicks` are all
 * clicks; link clicks are `inline_link_clicks`, landing page views the `landing_page_view` action and
 * 2-second continuous plays `video_continuous_2_sec_watched_actions` (action type video_view).
 */

/** The longest window read synchronously (days). */
export const SYNC_MAX_DAYS = 31;

interface WireAction {
  action_type: string;
  value: string;
}

interface WireInsightsRow {
  date_start: string;
  date_stop: string;
  campaign_id?: string;
  adset_id?: string;
  ad_id?: string;
  objective?: string;
  impressions?: string;
  reach?: string;
  clicks?: string;
  inline_link_clicks?: string;
  spend?: string;
  actions?: WireAction[];
  action_values?: WireAction[];
  video_thruplay_watched_actions?: WireAction[];
  video_continuous_2_sec_watched_actions?: WireAction[];
  [breakdown: string]: unknown;
}

const FIELDS = [
  'campaign_id',
  'adset_id',
  'ad_id',
  'objective',
  'impressions',
  'reach',
  'clicks',
  'inline_link_clicks',
  'spend',
  'actions',
  'action_values',
  'video_thruplay_watched_actions',
  'video_continuous_2_sec_watched_actions',
];

/** The action whose count is the results of each objective (none for awareness and engagement). */
const RESULT_ACTION: Partial<Record<SocialAdsObjective, string>> = {
  OUTCOME_SALES: 'omni_purchase',
  OUTCOME_TRAFFIC: 'omni_purchase',
  OUTCOME_LEADS: 'lead',
  OUTCOME_APP_PROMOTION: 'omni_app_install',
};

const actionValue = (actions: WireAction[] | undefined, type: string): number =>
  Number(actions?.find((a) => a.action_type === type)?.value ?? 0);

/** Amounts in account currency from the platform's decimal strings, to the cent. */
const money = (text: string | undefined): number => Math.round(Number(text ?? 0) * 100) / 100;

function rowOf(row: WireInsightsRow, query: SocialAdsInsightsQuery): SocialAdsInsightsRow {
  const objective = objectiveOf(row.objective);
  const result = RESULT_ACTION[objective];
  const isSales = objective === 'OUTCOME_SALES';
  const breakdown = query.breakdown;
  let value = breakdown ? String(row[breakdown] ?? '') : undefined;
  if (breakdown === 'publisher_platform' && value) value = publisherFromWire(value);
  if (breakdown === 'platform_position' && value) value = positionFromWire(value);
  return {
    campaign_id: row.campaign_id ?? '',
    ...(query.level !== 'campaign' ? { ad_set_id: row.adset_id ?? '' } : {}),
    ...(query.level === 'ad' ? { ad_id: row.ad_id ?? '' } : {}),
    date: row.date_start,
    impressions: Number(row.impressions ?? 0),
    reach: Number(row.reach ?? 0),
    clicks: Number(row.clicks ?? 0),
    spend: money(row.spend),
    conversions: result ? actionValue(row.actions, result) : 0,
    revenue: result === 'omni_purchase' ? money(row.action_values?.find((a) => a.action_type === 'omni_purchase')?.value) : 0,
    video_views: actionValue(row.video_thruplay_watched_actions, 'video_view'),
    post_engagements: actionValue(row.actions, 'post_engagement'),
    link_clicks: Number(row.inline_link_clicks ?? 0),
    landing_page_views: actionValue(row.actions, 'landing_page_view'),
    two_second_video_plays: actionValue(row.video_continuous_2_sec_watched_actions, 'video_view'),
    ...(value !== undefined ? { breakdown_value: value } : {}),
    ...(isSales
      ? { view_content: actionValue(row.actions, 'omni_view_content'), add_to_cart: actionValue(row.actions, 'omni_add_to_cart') }
      : {}),
  };
}

const days = (since: string, until: string) =>
  Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000) + 1;

export function insightsFamily(ctx: LiveContext): Pick<SocialAdsPort, 'getInsights'> {
  const { graph, act } = ctx;
  const what = { campaign: 'campaign', adset: 'ad set', ad: 'ad' } as const;

  return {
    async getInsights(query: SocialAdsInsightsQuery): Promise<SocialAdsInsightsRow[]> {
      const { since, until } = query.time_range;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(since) || !/^\d{4}-\d{2}-\d{2}$/.test(until) || since > until) {
        throw new ToolError(`The insights time range ${since} to ${until} is not a range of days (YYYY-MM-DD, since on or before until).`);
      }
      // Ids that name nothing answer not found (the platform's filter would just match no row).
      if (query.ids?.length) await graph.byIds(query.ids, 'id', what[query.level]);
      const params: GraphParams = {
        level: query.level,
        time_range: { since, until },
        time_increment: 1,
        fields: FIELDS.join(','),
        ...(query.breakdown ? { breakdowns: [query.breakdown] } : {}),
        ...(query.ids?.length ? { filtering: [{ field: `${query.level}.id`, operator: 'IN', value: query.ids }] } : {}),
      };
      let rows: WireInsightsRow[];
      if (!query.breakdown && days(since, until) <= SYNC_MAX_DAYS) {
        rows = await graph.list<WireInsightsRow>(`${act}/insights`, params);
      } else {
        rows = await runAsyncReport<WireInsightsRow[]>(
          ctx.account,
          { insights: params },
          {
            create: async () => (await graph.post<{ report_run_id: string }>(`${act}/insights`, params)).report_run_id,
            poll: async (id) => {
              const run = await graph.get<{ async_status?: string; async_percent_completion?: number }>(id, {
                fields: 'async_status,async_percent_completion',
              });
              if (run.async_status === 'Job Completed') return { state: 'done', location: id };
              if (run.async_status === 'Job Failed' || run.async_status === 'Job Skipped')
                return { state: 'failed', reason: run.async_status };
              return { state: 'running' };
            },
            download: (id) => graph.list<WireInsightsRow>(`${id}/insights`, {}),
          },
          ctx.call,
        );
      }
      return rows
        .map((row) => rowOf(row, query))
        .sort(
          (a, b) =>
            (a.ad_id ?? a.ad_set_id ?? a.campaign_id).localeCompare(b.ad_id ?? b.ad_set_id ?? b.campaign_id) ||
            a.date.localeCompare(b.date) ||
            (a.breakdown_value ?? '').localeCompare(b.breakdown_value ?? ''),
        );
    },
  };
}
