import { isoDate } from '../../../core/dates';
import { CONVERSION_FIELDS, type ChatAdsInsightsQuery, type ChatAdsInsightsRow, type ChatAdsPort } from '../port';
import { notSupported, type ChatAdsSession } from './session';
import type { WireInsightsRow, WireList } from './wire';

/**
 * The ad account's insights report (GET /ad_account/insights): impressions, clicks and spend per
 * campaign, ad group or ad, per day or in total, every page read. The public API reports no
 * conversions: asking for them is a 400 `live_not_supported`.
 */
export class InsightsLive implements Pick<ChatAdsPort, 'getInsights'> {
  constructor(private readonly session: ChatAdsSession) {}

  async getInsights(query: ChatAdsInsightsQuery): Promise<ChatAdsInsightsRow[]> {
    if (query.fields.some((f) => (CONVERSION_FIELDS as readonly string[]).includes(f))) {
      throw notSupported(
        "Conversion figures are not reported by the chat-assistant platform's public insights API (it reports impressions, clicks and spend; conversions go to its Conversions API and are shown in its Ads Manager). Conversion insights work on sandbox chatads accounts only.",
      );
    }
    const level = query.aggregation_level;
    // The API's windows are whole days in the ad account's time zone: the days the window touches.
    const timeRange = {
      type: 'date_range',
      since: isoDate(new Date(query.start * 1000)),
      until: isoDate(new Date((Math.max(query.end, query.start + 1) - 1) * 1000)),
    };
    const params: Record<string, string | string[]> = {
      aggregation_level: level,
      time_granularity: query.time_granularity,
      'time_ranges[]': [JSON.stringify(timeRange)],
      'fields[]': query.fields.map((f) => `${level}.${f}`),
      limit: '10000',
    };
    if (query.ids) params['filters[]'] = [JSON.stringify({ field: `${level}.id`, operator: 'in', value: query.ids })];
    if (query.segment) params['segments[]'] = [query.segment];
    const rows: ChatAdsInsightsRow[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await this.session.send<WireList<WireInsightsRow>>({
        method: 'GET',
        path: '/ad_account/insights',
        query: { ...params, ...(after ? { after } : {}) },
      });
      for (const row of page.data) {
        const entity = row[level];
        if (!entity) continue;
        rows.push({
          entity_id: entity.id,
          ...(query.time_granularity === 'daily' ? { date: row.readable_time ?? isoDate(new Date(row.start_time * 1000)) } : {}),
          ...(query.segment && row[query.segment] !== undefined ? { [query.segment]: row[query.segment] } : {}),
          ...Object.fromEntries(query.fields.map((f) => [f, Number(entity[f as 'impressions' | 'clicks' | 'spend'] ?? 0)])),
        });
      }
      if (!page.has_more || !page.last_id) return rows;
      after = page.last_id;
    }
  }
}
