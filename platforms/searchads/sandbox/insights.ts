/**
 * The searchads sandbox's insights family: figures (getReport, from the delivery model), conversion
 * actions and their report, the keyword planner, and the reference data (languages, locations).
 */
import { isoDate, lastReportDay } from '../../../core/dates';
import { allocateMoney, apportion } from '../../sandbox/allocate';
import { datesBetween, hash32 } from '../../sandbox/metrics';
import { DayMemo, ReportMemo, contentKey } from '../../sandbox/day-memo';
import { FREEZE_SHARED_STATES, settingOnDay, type WithHistory } from '../../sandbox/history';
import type { SandboxStore } from '../../sandbox/store';
import type { SearchAdsGeoTarget, SearchAdsLanguage, SearchAdsReportLevel, SearchAdsReportRow } from '../port-types';
import type {
  SearchAdsConversionAction,
  SearchAdsConversionRow,
  SearchAdsKeywordIdea,
  SearchAdsKeywordIdeaRequest,
} from '../port-insights';
import { GEO_TARGET_CONSTANTS, LANGUAGE_CONSTANTS, suggestGeoTargets } from '../reference-data';
import {
  campaignDay,
  pricingOf,
  sharedBudgetDays,
  sharedBudgetOn,
  enabledShare,
  splitAmong,
  splitSearchTerms,
  type StoredAd,
  type StoredAdGroup,
  type StoredKeyword,
  type StoredNegative,
} from './delivery';
import { BIDDING_KIND, type LinkedCampaign } from './bidding';
import { KIND, type StoredNegativeList } from './stored';

/**
 * The sandbox's conversion actions and keyword planner. Conversions come from the delivery model
 * only: each campaign day's conversions (and their value) are split among the primary actions by
 * their weight, whole conversions and cents exact, so the rows of an action add up to what the
 * campaign report shows. Secondary actions (add to cart, page views) are counted in
 * `all_conversions` only, as a multiple of the day's clicks. Keyword ideas are reproducible from the
 * seed text: the seeds first, then the usual modifiers searchers add.
 */

export type StoredConversionAction = SearchAdsConversionAction & { weight: number; per_click?: number };

/** The seeded actions: a purchase (site tag), a lead form, an offline import, and two secondary site events. */
export function seededConversionActions(next: () => string): StoredConversionAction[] {
  const base = {
    status: 'ENABLED' as const,
    counting_type: 'ONE_PER_CLICK' as const,
    click_through_lookback_window_days: 30,
    always_use_default_value: false,
  };
  return [
    {
      ...base,
      id: next(),
      name: 'Website purchase',
      category: 'PURCHASE',
      type: 'WEBPAGE',
      primary_for_goal: true,
      counting_type: 'MANY_PER_CLICK',
      weight: 6,
    },
    {
      ...base,
      id: next(),
      name: 'Newsletter signup',
      category: 'SIGNUP',
      type: 'WEBPAGE',
      primary_for_goal: true,
      default_value: 5,
      always_use_default_value: true,
      weight: 3,
    },
    {
      ...base,
      id: next(),
      name: 'Store phone call',
      category: 'PHONE_CALL_LEAD',
      type: 'WEBSITE_CALL',
      primary_for_goal: true,
      click_through_lookback_window_days: 7,
      default_value: 20,
      weight: 1,
    },
    {
      ...base,
      id: next(),
      name: 'Add to cart',
      category: 'ADD_TO_CART',
      type: 'WEBPAGE',
      primary_for_goal: false,
      counting_type: 'MANY_PER_CLICK',
      weight: 0,
      per_click: 0.12,
    },
    {
      ...base,
      id: next(),
      name: 'Product page view (GA4)',
      category: 'PAGE_VIEW',
      type: 'GOOGLE_ANALYTICS_4_CUSTOM',
      primary_for_goal: false,
      status: 'HIDDEN',
      counting_type: 'MANY_PER_CLICK',
      weight: 0,
      per_click: 0.6,
    },
  ];
}

/** Campaign-day rows split per conversion action. */
export function conversionRows(
  campaignRows: readonly SearchAdsReportRow[],
  actions: readonly StoredConversionAction[],
): SearchAdsConversionRow[] {
  const primary = actions.filter((a) => a.primary_for_goal);
  const secondary = actions.filter((a) => !a.primary_for_goal);
  const rows: SearchAdsConversionRow[] = [];
  for (const day of campaignRows) {
    const conversions = apportion(
      day.conversions,
      primary.map((a) => a.weight),
    );
    const value = allocateMoney(
      day.revenue,
      primary.map((a, i) => a.weight * (conversions[i]! > 0 ? 1 : 0)),
    );
    primary.forEach((action, i) => {
      if (!conversions[i]) return;
      rows.push({
        date: day.date,
        campaign_id: day.campaign_id!,
        conversion_action_id: action.id,
        conversions: conversions[i]!,
        conversions_value: value[i]!,
        all_conversions: conversions[i]!,
        all_conversions_value: value[i]!,
      });
    });
    for (const action of secondary) {
      const count = Math.floor(day.clicks * (action.per_click ?? 0));
      if (count)
        rows.push({
          date: day.date,
          campaign_id: day.campaign_id!,
          conversion_action_id: action.id,
          conversions: 0,
          conversions_value: 0,
          all_conversions: count,
          all_conversions_value: 0,
        });
    }
  }
  return rows;
}

const MODIFIERS = [
  'best',
  'buy',
  'cheap',
  'sale',
  'near me',
  'for women',
  'for men',
  'waterproof',
  'online',
  'reviews',
  'wide',
  'lightweight',
  'discount',
  'kids',
  'brands',
];
const MONTHS = 12;

/** Ideas for the seeds: each seed, then seed + modifier, with volumes, competition and bids reproducible from the text. */
export function keywordIdeas(request: SearchAdsKeywordIdeaRequest, now: Date): SearchAdsKeywordIdea[] {
  const seeds = [...(request.keywords ?? [])];
  if (request.url) {
    const words = new URL(request.url).pathname
      .split(/[/\-_.]+/)
      .filter((w) => /^[a-z]{3,}$/i.test(w) && !['html', 'www', 'index', 'products', 'collections'].includes(w.toLowerCase()));
    if (words.length) seeds.push(words.slice(0, 3).join(' ').toLowerCase());
  }
  const texts = new Set<string>();
  for (const seed of seeds) texts.add(seed.toLowerCase().trim());
  for (const modifier of MODIFIERS)
    for (const seed of seeds)
      texts.add(
        ['best', 'buy', 'cheap', 'discount'].includes(modifier)
          ? `${modifier} ${seed.toLowerCase().trim()}`
          : `${seed.toLowerCase().trim()} ${modifier}`,
      );
  const geoFactor = request.geo_target_ids.length ? Math.min(1, 0.08 * request.geo_target_ids.length + 0.02) : 1;
  const partnerFactor = request.include_partners ? 1.15 : 1;
  const month = now.toISOString().slice(0, 7);
  return [...texts].slice(0, request.limit).map((text, i) => {
    const h = hash32(`${text}|${request.language_id}`);
    const seed = i < seeds.length;
    const base = (seed ? 8_000 : 400) + (h % (seed ? 40_000 : 6_000));
    const avg = Math.max(10, Math.round((base * geoFactor * partnerFactor) / 10) * 10);
    const index = h % 101;
    const competition = index < 34 ? 'LOW' : index < 67 ? 'MEDIUM' : 'HIGH';
    const low = Math.round((0.3 + (h % 150) / 100) * 100) / 100;
    const high = Math.round(low * (2.2 + index / 100) * 100) / 100;
    const monthly = Array.from({ length: MONTHS }, (_, k) => {
      const m = addMonths(month, k - MONTHS);
      const season = 1 + 0.25 * Math.sin(((Number(m.slice(5)) - 3) / 12) * 2 * Math.PI);
      return { month: m, searches: Math.max(0, Math.round((avg * season) / 10) * 10) };
    });
    return {
      text,
      avg_monthly_searches: avg,
      competition,
      competition_index: index,
      low_top_of_page_bid: low,
      high_top_of_page_bid: high,
      monthly_searches: monthly,
    };
  });
}

function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + delta;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/**
 * Campaign days computed in this process (sandbox/day-memo.ts), each keyed by the account, the
 * campaign with its ad groups and their keywords and ads as stored (history included), and the date:
 * everything `campaignDay` reads. A few thousand days: a month of an account's campaigns is a few hundred.
 */
const campaignDays = new DayMemo<ReturnType<typeof campaignDay>>(4000);

export class InsightsSandbox {
  constructor(private readonly store: SandboxStore) {}

  async listLanguages(): Promise<SearchAdsLanguage[]> {
    return LANGUAGE_CONSTANTS;
  }

  async suggestGeoTargets(text: string): Promise<SearchAdsGeoTarget[]> {
    return suggestGeoTargets(text);
  }

  async getGeoTargets(ids: string[]): Promise<SearchAdsGeoTarget[]> {
    return GEO_TARGET_CONSTANTS.filter((g) => ids.includes(g.id));
  }

  /**
   * Every negative that blocks searches: campaign and ad group negatives, and the keywords of shared
   * lists as negatives of each campaign they apply to, from when both the keyword and the attachment existed.
   */
  private async _searchTermNegatives(): Promise<StoredNegative[]> {
    const [own, lists] = await Promise.all([
      this.store.list<StoredNegative>(KIND.negativeKeyword),
      this.store.list<StoredNegativeList>(KIND.negativeList),
    ]);
    const shared = lists.flatMap((list) =>
      list.campaign_ids.flatMap((campaignId) =>
        list.keywords.map((k) => {
          const since = [k.created_at, list.attached[campaignId]]
            .filter((x): x is string => Boolean(x))
            .sort()
            .at(-1);
          return { id: k.id, campaign_id: campaignId, text: k.text, match_type: k.match_type, ...(since ? { created_at: since } : {}) };
        }),
      ),
    );
    return [...own, ...shared];
  }

  async listConversionActions(): Promise<SearchAdsConversionAction[]> {
    return (await this.store.list<StoredConversionAction>(KIND.conversionAction)).map(({ weight: _w, per_click: _p, ...action }) => action);
  }

  async getConversionReport(start: string, end: string): Promise<SearchAdsConversionRow[]> {
    const [actions, campaignRows] = await Promise.all([
      this.store.list<StoredConversionAction>(KIND.conversionAction),
      this.getReport('campaign', start, end),
    ]);
    return conversionRows(campaignRows, actions);
  }

  async generateKeywordIdeas(request: SearchAdsKeywordIdeaRequest): Promise<SearchAdsKeywordIdea[]> {
    return keywordIdeas(request, new Date());
  }

  /**
   * The delivery model (sandbox/delivery.ts): each campaign's day from the history of it and its ad
   * groups, split top down among the ad groups, each ad group's among its enabled keywords and ads,
   * each keyword's among the queries it matched; the account's day is its campaigns' days added up.
   * Days from today on have no delivery yet; days without delivery have no row.
   */
  async getReport(level: SearchAdsReportLevel, start: string, end: string): Promise<SearchAdsReportRow[]> {
    const last = lastReportDay(new Date(), 'UTC'); // the sandbox simulates its days in UTC
    const dates = datesBetween(start, end < last ? end : last);
    if (!dates.length) return [];
    const [campaigns, groups, keywords, ads, negatives, sharedBudgets] = await Promise.all([
      this.store.list<LinkedCampaign>(KIND.campaign, { withHistory: true }),
      this.store.list<StoredAdGroup>(KIND.adGroup, { withHistory: true }),
      this.store.list<StoredKeyword>(KIND.keyword, { withHistory: true }),
      this.store.list<StoredAd>(KIND.ad, { withHistory: true }),
      level === 'search_term' ? this._searchTermNegatives() : Promise.resolve([]),
      this.store.list<{ id: string; amount: number }>(BIDDING_KIND.budget, { withHistory: true }),
    ]);
    const entities: ReportEntities = { campaigns, groups, keywords, ads, negatives, sharedBudgets };
    const lastDay = dates.at(-1)!;
    const request = `${level}|${dates[0]}|${lastDay}`;
    return [
      ...reports.rows(this.store.pk, Object.values(entities), request, lastDay, isoDate(new Date()), () =>
        this._rows(level, dates, entities),
      ),
    ];
  }

  /** The report's rows at `level` over `dates` (finished days). */
  private _rows(level: SearchAdsReportLevel, dates: string[], entities: ReportEntities): SearchAdsReportRow[] {
    const { campaigns, groups, keywords, ads, negatives, sharedBudgets } = entities;
    const byGroup = <T extends { ad_group_id: string }>(items: T[]) => {
      const map = new Map<string, T[]>();
      for (const item of items) map.set(item.ad_group_id, [...(map.get(item.ad_group_id) ?? []), item]);
      return map;
    };
    const keywordsOf = byGroup(keywords);
    const adsOf = byGroup(ads);
    const groupServes = (g: StoredAdGroup, date: string, type: string) => {
      if (g.type === 'SEARCH_STANDARD' && type === 'SEARCH' && !(keywordsOf.get(g.id) ?? []).some((k) => enabledShare(k, date) > 0))
        return false;
      const groupAds = adsOf.get(g.id) ?? [];
      return !groupAds.length || groupAds.some((a) => enabledShare(a, date) > 0);
    };
    const groupsOf = new Map(campaigns.map((c) => [c.id, groups.filter((g) => g.campaign_id === c.id)]));
    const pooled = pooledDays(campaigns, groupsOf, sharedBudgets, dates, groupServes);
    const rows: SearchAdsReportRow[] = [];
    const account = new Map<string, SearchAdsReportRow>();
    for (const campaign of campaigns) {
      const children = groupsOf.get(campaign.id)!;
      let memoKey: string | undefined;
      const computed = (date: string) => {
        memoKey ??= contentKey(this.store.pk, [campaign, children, children.map((g) => [keywordsOf.get(g.id), adsOf.get(g.id)])]);
        return campaignDays.day(memoKey, date, () => {
          const day = campaignDay(campaign, children, date, groupServes);
          if (FREEZE_SHARED_STATES) Object.freeze(day.total);
          return day;
        });
      };
      for (const date of dates) {
        const day = pooled.get(`${campaign.id}|${date}`) ?? computed(date);
        if (!day.total.impressions && !day.total.spend) continue;
        // A campaign row carries the daily budget of that day (time-weighted over a change): a past day is
        // judged against it; on a shared budget, with the spend of all the campaigns on it that day.
        const shared = sharedBudgetOn(campaign, date);
        if (level === 'campaign')
          rows.push({
            date,
            ...day.total,
            campaign_id: campaign.id,
            daily_budget: settingOnDay(campaign, date, (c) => c.budget_amount),
            ...(shared && sharedBudgets.some((b) => b.id === shared) ? { shared_budget_id: shared } : {}),
          });
        // Campaign and account rows need no ad group's part of the day (nor its split).
        const below = level !== 'campaign' && level !== 'customer';
        for (const [adGroupId, part] of below ? day.children : []) {
          if (!part.impressions && !part.spend) continue;
          const ids = { campaign_id: campaign.id, ad_group_id: adGroupId };
          if (level === 'ad_group') rows.push({ date, ...part, ...ids });
          const group = children.find((g) => g.id === adGroupId)!;
          if (level === 'ad') {
            for (const [ad, figures] of splitAmong(
              part,
              adsOf.get(adGroupId) ?? [],
              date,
              () => group.performance,
              pricingOf(campaign.type),
            ))
              rows.push({ date, ...figures, ...ids, ad_id: ad.id });
          }
          if (level === 'keyword' || level === 'search_term') {
            for (const [keyword, figures] of splitAmong(
              part,
              keywordsOf.get(adGroupId) ?? [],
              date,
              (k) => k.performance,
              pricingOf(campaign.type),
            )) {
              if (level === 'keyword') rows.push({ date, ...figures, ...ids, keyword_id: keyword.id });
              else
                for (const [term, termDay] of splitSearchTerms(keyword, figures, date, negatives))
                  if (termDay.impressions || termDay.spend)
                    rows.push({ date, ...termDay, ...ids, keyword_id: keyword.id, search_term: term });
            }
          }
        }
        if (level === 'customer') {
          const sum = account.get(date) ?? { date, impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0 };
          sum.impressions += day.total.impressions;
          sum.clicks += day.total.clicks;
          sum.spend = Math.round((sum.spend + day.total.spend) * 100) / 100;
          sum.conversions += day.total.conversions;
          sum.revenue = Math.round((sum.revenue + day.total.revenue) * 100) / 100;
          if (day.total.video_views !== undefined) sum.video_views = (sum.video_views ?? 0) + day.total.video_views;
          account.set(date, sum);
        }
      }
    }
    return level === 'customer' ? [...account.values()].sort((a, b) => a.date.localeCompare(b.date)) : rows;
  }
}

/** What a report is computed from: the stored entities with their histories (negatives for search terms only). */
interface ReportEntities {
  campaigns: LinkedCampaign[];
  groups: StoredAdGroup[];
  keywords: StoredKeyword[];
  ads: StoredAd[];
  negatives: StoredNegative[];
  sharedBudgets: WithHistory<{ id: string; amount: number }>[];
}

/** Reports computed in this process (sandbox/day-memo.ts). */
const reports = new ReportMemo<SearchAdsReportRow>();

/**
 * The days of the campaigns on a shared budget, by `${campaign id}|${date}`: each day, the campaigns on
 * the same shared budget draw from its amount of that day together (sharedBudgetDays).
 */
function pooledDays(
  campaigns: readonly WithHistory<LinkedCampaign>[],
  groupsOf: ReadonlyMap<string, WithHistory<StoredAdGroup>[]>,
  budgets: readonly WithHistory<{ id: string; amount: number }>[],
  dates: readonly string[],
  groupServes: Parameters<typeof campaignDay>[3],
): Map<string, ReturnType<typeof campaignDay>> {
  const out = new Map<string, ReturnType<typeof campaignDay>>();
  for (const budget of budgets) {
    for (const date of dates) {
      const members = campaigns.filter((c) => sharedBudgetOn(c, date) === budget.id);
      if (members.length < 2) continue;
      const amount = settingOnDay(budget, date, (b) => b.amount);
      const days = sharedBudgetDays(
        members.map((c) => ({ campaign: c, groups: groupsOf.get(c.id)! })),
        amount,
        date,
        groupServes,
      );
      members.forEach((c, i) => out.set(`${c.id}|${date}`, days[i]!));
    }
  }
  return out;
}
