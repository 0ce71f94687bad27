import { allocateMoney, apportion } from '../../sandbox/allocate';
import { hash32 } from '../../sandbox/metrics';
import type { SearchAdsReportRow } from '../port';
import type {
  SearchAdsConversionAction,
  SearchAdsConversionRow,
  SearchAdsKeywordIdea,
  SearchAdsKeywordIdeaRequest,
} from '../port-insights';

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
