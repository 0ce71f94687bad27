/**
 * The searchads live adapter's insights family: figures (`getReport`, a search segmented by date),
 * conversion actions and their report, keyword ideas (the keyword planning idea service), and the
 * reference data (languages, geo target constants and their suggestions).
 */
import { connectionHealthy } from '../../live/connector';
import type {
  SearchAdsConversionAction,
  SearchAdsConversionRow,
  SearchAdsKeywordIdea,
  SearchAdsKeywordIdeaRequest,
} from '../port-insights';
import type { SearchAdsGeoTarget, SearchAdsLanguage, SearchAdsReportLevel, SearchAdsReportRow } from '../port-types';
import { fromMicros, idOf } from './api';
import type { GeoTargetConstant } from './wire';
import { digitsOnly, type LiveSession } from './session';

const COMPETITION = ['LOW', 'MEDIUM', 'HIGH'] as const;
const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];

export class InsightsLive {
  constructor(private readonly live: LiveSession) {}

  async listLanguages(): Promise<SearchAdsLanguage[]> {
    const rows = await this.live.search(
      'SELECT language_constant.id, language_constant.code, language_constant.name, language_constant.targetable FROM language_constant',
    );
    return rows.map((r) => ({
      id: String(r.languageConstant.id),
      resource_name: `languageConstants/${r.languageConstant.id}`,
      code: r.languageConstant.code ?? '',
      name: r.languageConstant.name ?? '',
      targetable: Boolean(r.languageConstant.targetable),
    }));
  }

  async suggestGeoTargets(text: string): Promise<SearchAdsGeoTarget[]> {
    const suggestions = await (await this.live.client()).suggestGeoTargetConstants(text);
    return suggestions.map((s) => geoFrom(s.geoTargetConstant ?? {}));
  }

  async getGeoTargets(ids: string[]): Promise<SearchAdsGeoTarget[]> {
    const wanted = [...new Set(ids.filter((id) => digitsOnly.test(id)))];
    if (!wanted.length) return [];
    const rows = await this.live.search(
      'SELECT geo_target_constant.id, geo_target_constant.name, geo_target_constant.canonical_name, geo_target_constant.country_code, geo_target_constant.target_type ' +
        `FROM geo_target_constant WHERE geo_target_constant.id IN (${wanted.join(', ')})`,
    );
    return rows.map((r) => geoFrom(r.geoTargetConstant));
  }

  // Conversion actions and keyword planning.

  async listConversionActions(): Promise<SearchAdsConversionAction[]> {
    const rows = await this.live.search(
      'SELECT conversion_action.id, conversion_action.name, conversion_action.category, conversion_action.type, conversion_action.status, conversion_action.primary_for_goal, ' +
        'conversion_action.counting_type, conversion_action.click_through_lookback_window_days, conversion_action.value_settings.default_value, conversion_action.value_settings.always_use_default_value ' +
        "FROM conversion_action WHERE conversion_action.status != 'REMOVED'",
    );
    return rows.map(({ conversionAction: a }) => ({
      id: String(a.id),
      name: a.name ?? '',
      category: a.category as SearchAdsConversionAction['category'],
      type: a.type ?? '',
      status: a.status === 'HIDDEN' ? 'HIDDEN' : 'ENABLED',
      primary_for_goal: a.primaryForGoal === true,
      counting_type: a.countingType === 'MANY_PER_CLICK' ? 'MANY_PER_CLICK' : 'ONE_PER_CLICK',
      click_through_lookback_window_days: Number(a.clickThroughLookbackWindowDays ?? 30),
      ...(a.valueSettings?.defaultValue !== undefined ? { default_value: Number(a.valueSettings.defaultValue) } : {}),
      always_use_default_value: a.valueSettings?.alwaysUseDefaultValue === true,
    }));
  }

  async getConversionReport(start: string, end: string): Promise<SearchAdsConversionRow[]> {
    // Segmented by conversion action, the platform allows only conversion metrics (no clicks or cost).
    const rows = await this.live.search(
      'SELECT campaign.id, segments.date, segments.conversion_action, metrics.conversions, metrics.conversions_value, metrics.all_conversions, metrics.all_conversions_value ' +
        `FROM campaign WHERE segments.date BETWEEN '${start}' AND '${end}'`,
    );
    return rows.map((row) => ({
      date: row.segments.date ?? '',
      campaign_id: String(row.campaign.id),
      conversion_action_id: idOf(row.segments.conversionAction ?? ''),
      conversions: Number(row.metrics?.conversions ?? 0),
      conversions_value: Math.round(Number(row.metrics?.conversionsValue ?? 0) * 100) / 100,
      all_conversions: Number(row.metrics?.allConversions ?? 0),
      all_conversions_value: Math.round(Number(row.metrics?.allConversionsValue ?? 0) * 100) / 100,
    }));
  }

  async generateKeywordIdeas(request: SearchAdsKeywordIdeaRequest): Promise<SearchAdsKeywordIdea[]> {
    const keywords = request.keywords ?? [];
    const seed =
      keywords.length && request.url
        ? { keywordAndUrlSeed: { keywords, url: request.url } }
        : request.url
          ? { urlSeed: { url: request.url } }
          : { keywordSeed: { keywords } };
    const results = await (
      await this.live.client()
    ).generateKeywordIdeas(this.live.cid, {
      language: `languageConstants/${request.language_id}`,
      geoTargetConstants: request.geo_target_ids.map((id) => `geoTargetConstants/${id}`),
      keywordPlanNetwork: request.include_partners ? 'GOOGLE_SEARCH_AND_PARTNERS' : 'GOOGLE_SEARCH',
      includeAdultKeywords: false,
      pageSize: request.limit,
      ...seed,
    });
    await connectionHealthy(this.live.account);
    return results.slice(0, request.limit).map((r) => {
      const m = r.keywordIdeaMetrics ?? {};
      return {
        text: r.text ?? '',
        avg_monthly_searches: Number(m.avgMonthlySearches ?? 0),
        competition: COMPETITION.find((c) => c === m.competition) ?? 'UNSPECIFIED',
        competition_index: m.competitionIndex === undefined ? null : Number(m.competitionIndex),
        low_top_of_page_bid: m.lowTopOfPageBidMicros === undefined ? null : fromMicros(m.lowTopOfPageBidMicros),
        high_top_of_page_bid: m.highTopOfPageBidMicros === undefined ? null : fromMicros(m.highTopOfPageBidMicros),
        monthly_searches: (m.monthlySearchVolumes ?? []).map((v) => ({
          month: `${v.year}-${String(MONTHS.indexOf(v.month ?? '') + 1).padStart(2, '0')}`,
          searches: Number(v.monthlySearches ?? 0),
        })),
      };
    });
  }

  // Figures.

  async getReport(level: SearchAdsReportLevel, start: string, end: string): Promise<SearchAdsReportRow[]> {
    const { from, ids } = REPORT_SOURCES[level];
    const rows = await this.live.search(
      `SELECT ${ids.map((id) => `${id}, `).join('')}segments.date, metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions, metrics.conversions_value, metrics.video_trueview_views ` +
        `FROM ${from} WHERE segments.date BETWEEN '${start}' AND '${end}'`,
    );
    return rows.map((row) => {
      const m = row.metrics ?? {};
      const keyword =
        level === 'keyword'
          ? `${row.adGroup.id}~${row.adGroupCriterion.criterionId}`
          : level === 'search_term'
            ? idOf(row.segments.keyword?.adGroupCriterion ?? '')
            : undefined;
      return {
        date: row.segments.date ?? '',
        ...(row.campaign ? { campaign_id: String(row.campaign.id) } : {}),
        ...(row.adGroup ? { ad_group_id: String(row.adGroup.id) } : {}),
        ...(keyword ? { keyword_id: keyword } : {}),
        ...(level === 'ad' ? { ad_id: String(row.adGroupAd.ad!.id) } : {}),
        ...(level === 'search_term' ? { search_term: row.searchTermView.searchTerm } : {}),
        // A campaign on an explicitly shared budget draws from its one amount with the others on it (core/budget-limited.ts).
        ...(row.campaignBudget?.explicitlyShared ? { shared_budget_id: String(row.campaignBudget.id) } : {}),
        impressions: Number(m.impressions ?? 0),
        clicks: Number(m.clicks ?? 0),
        spend: fromMicros(m.costMicros),
        conversions: Number(m.conversions ?? 0),
        revenue: Math.round(Number(m.conversionsValue ?? 0) * 100) / 100,
        video_views: Number(m.videoTrueviewViews ?? 0),
      };
    });
  }
}

/** Where each report level's rows come from: the resource queried and the ids selected with the figures. */
const REPORT_SOURCES: Record<SearchAdsReportLevel, { from: string; ids: string[] }> = {
  customer: { from: 'customer', ids: [] },
  // The budget is an attribute: the platform answers the campaign's current one (its past days' budgets are not reported).
  campaign: { from: 'campaign', ids: ['campaign.id', 'campaign_budget.id', 'campaign_budget.explicitly_shared'] },
  ad_group: { from: 'ad_group', ids: ['campaign.id', 'ad_group.id'] },
  keyword: { from: 'keyword_view', ids: ['campaign.id', 'ad_group.id', 'ad_group_criterion.criterion_id'] },
  ad: { from: 'ad_group_ad', ids: ['campaign.id', 'ad_group.id', 'ad_group_ad.ad.id'] },
  search_term: {
    from: 'search_term_view',
    ids: ['campaign.id', 'ad_group.id', 'search_term_view.search_term', 'segments.keyword.ad_group_criterion'],
  },
};

function geoFrom(g: GeoTargetConstant): SearchAdsGeoTarget {
  return {
    id: String(g.id),
    resource_name: `geoTargetConstants/${g.id}`,
    name: g.name ?? '',
    canonical_name: g.canonicalName ?? '',
    country_code: g.countryCode ?? '',
    target_type: g.targetType ?? '',
  };
}
