/**
 * Breakdowns of the socialads sandbox's delivery (age, gender, placement, device, product) and the
 * pixel funnel of sales ads. Each ad's day (delivery.ts) is split into whole parts per breakdown
 * value, so the rows of every value add up exactly to the row without the breakdown. The shares
 * are deterministic per ad and value; results get their own shares, so the cost per result differs
 * between segments as it does on a real account.
 */
import { apportion } from '../../sandbox/allocate';
import { hash32, seededRandom } from '../../sandbox/metrics';
import type { SocialAdsBreakdown, SocialAdsProduct, SocialAdsTargeting } from '../port';
import { METRICS, type AdDay } from './delivery';

const AGES: [string, number, number, number][] = [
  ['18-24', 18, 24, 0.14],
  ['25-34', 25, 34, 0.27],
  ['35-44', 35, 44, 0.23],
  ['45-54', 45, 54, 0.17],
  ['55-64', 55, 64, 0.12],
  ['65+', 65, 200, 0.07],
];
const PLATFORM_SHARE: Record<string, number> = { main_app: 0.55, photo_app: 0.35, partner_network: 0.06, messaging_app: 0.04 };
const POSITIONS: Record<string, [string, number][]> = {
  main_app: [
    ['feed', 0.6],
    ['stories', 0.12],
    ['reels', 0.14],
    ['right_column', 0.08],
    ['in_stream_video', 0.05],
    ['search', 0.01],
  ],
  photo_app: [
    ['feed', 0.45],
    ['stories', 0.3],
    ['reels', 0.25],
  ],
  partner_network: [['partner_native', 1]],
  messaging_app: [['stories', 1]],
};
const DEVICES: [string, number][] = [
  ['iphone', 0.38],
  ['android_smartphone', 0.42],
  ['desktop', 0.15],
  ['ipad', 0.05],
];

/** The breakdown values an ad can deliver in, with their base share of impressions. */
export function breakdownValues(breakdown: Exclude<SocialAdsBreakdown, 'product_id'>, targeting: SocialAdsTargeting): [string, number][] {
  switch (breakdown) {
    case 'age':
      return AGES.filter(([, from, to]) => to >= targeting.age_min && from <= targeting.age_max).map(([name, , , share]) => [name, share]);
    case 'gender':
      if (targeting.genders.length === 1) return [[targeting.genders[0] === 1 ? 'male' : 'female', 1]];
      return [
        ['female', 0.52],
        ['male', 0.45],
        ['unknown', 0.03],
      ];
    case 'publisher_platform':
      return (targeting.publisher_platforms.length ? targeting.publisher_platforms : ['main_app']).map((p) => [
        p,
        PLATFORM_SHARE[p] ?? 0.05,
      ]);
    case 'platform_position': {
      const shares = new Map<string, number>();
      for (const platform of targeting.publisher_platforms.length ? targeting.publisher_platforms : ['main_app']) {
        for (const [position, share] of POSITIONS[platform] ?? [])
          shares.set(position, (shares.get(position) ?? 0) + share * (PLATFORM_SHARE[platform] ?? 0.05));
      }
      return [...shares];
    }
    case 'impression_device':
      return DEVICES;
  }
}

/** Products a catalog ad can show, with their share of impressions and how well each converts. */
export function productShares(products: readonly SocialAdsProduct[]): { value: string; share: number; converts: number; price: number }[] {
  return products
    .filter((p) => p.review_status === 'approved' && p.availability !== 'out of stock')
    .map((p) => {
      const h = hash32(`product|${p.id}`);
      // One product in five draws clicks but never sells (the catalog waste a marketer looks for).
      return { value: p.id, share: 0.5 + (h % 100) / 100, converts: h % 5 === 0 ? 0 : 0.4 + ((h >> 8) % 100) / 80, price: p.price };
    });
}

/** The whole figures of a funnel day (every figure an insights row sums). */
export const FUNNEL_METRICS = [...METRICS, 'view_content', 'add_to_cart'] as const;
export type FunnelDay = AdDay & { view_content: number; add_to_cart: number };

/** A sales ad's day with its pixel funnel: product page views and add-to-carts (whole numbers). */
export function withFunnel(day: AdDay, isSales: boolean): FunnelDay {
  if (!isSales) return { ...day, view_content: 0, add_to_cart: 0 };
  const random = seededRandom(`${day.ad.id}|${day.date}|funnel`);
  const viewContent = Math.max(day.conversions, Math.round(day.clicks * (0.7 + 0.2 * random())));
  const addToCart = day.conversions + Math.round((viewContent - day.conversions) * (0.08 + 0.14 * random()));
  return { ...day, view_content: viewContent, add_to_cart: Math.min(addToCart, viewContent) };
}

/**
 * One ad day split over breakdown values: delivery follows each value's share (skewed per ad),
 * results and value follow their own shares. Parts are whole and add up to the day.
 */
export function splitDay(
  day: FunnelDay,
  values: { value: string; share: number; converts?: number; price?: number }[],
): (FunnelDay & { breakdown_value: string })[] {
  if (!values.length) return [];
  const skew = values.map((v) => v.share * (0.75 + 0.5 * seededRandom(`${day.ad.id}|${v.value}|skew`)()));
  const convertSkew = values.map((v, i) => skew[i] * (v.converts ?? 0.4 + 1.2 * seededRandom(`${day.ad.id}|${v.value}|converts`)()));
  const valueSkew = convertSkew.map((w, i) => w * (values[i].price ?? 1));
  // Link clicks follow the parts' clicks, landing page views their link clicks and 2-second plays their
  // ThruPlays, so every part keeps landing page views ≤ link clicks ≤ clicks and 2-second plays ≥ ThruPlays.
  const parts = {} as Record<(typeof FUNNEL_METRICS)[number], number[]>;
  const weightsOf = (m: (typeof FUNNEL_METRICS)[number]): number[] =>
    m === 'conversions' || m === 'add_to_cart'
      ? convertSkew
      : m === 'link_clicks'
        ? parts.clicks
        : m === 'landing_page_views'
          ? parts.link_clicks
          : m === 'two_second_video_plays'
            ? parts.video_views
            : skew;
  for (const m of FUNNEL_METRICS.filter((m) => m !== 'revenue_cents'))
    parts[m] = apportion(day[m], weightsOf(m).every((w) => w === 0) ? skew : weightsOf(m));
  // Value follows the purchases each value got (at its price), so no value earns without a purchase.
  const earned = parts.conversions.map((n, i) => n * (values[i].price ?? 1));
  parts.revenue_cents = apportion(day.revenue_cents, earned.some((w) => w > 0) ? earned : valueSkew);
  return values.map((v, i) => {
    const part = { ...day, breakdown_value: v.value } as FunnelDay & { breakdown_value: string };
    for (const m of FUNNEL_METRICS) part[m] = parts[m][i]!;
    return part;
  });
}
