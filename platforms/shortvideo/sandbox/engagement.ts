/**
 * The shortvideo sandbox's video, engagement, reach and audience figures, derived from the delivery
 * model's days (delivery.ts) so they add up with them:
 * - each ad's day of plays (`video_views`) yields its 2-second and 6-second views (the hook), its
 *   views to the end and its likes, comments, shares and follows, at rates of its own (from its id)
 *   that wear off with the ad's age: a creative loses its hook over weeks (creative fatigue) down
 *   to a floor; levels above an ad add their ads up;
 * - reach over a range is impressions over a frequency that grows with the days delivered;
 * - an ad group's figures over a range split into its targeted ages and genders, or countries,
 *   exactly (whole units, cents), with each segment's own click and conversion rates.
 */
import type { DailyMetrics } from '../../../core/metrics';
import { splitEarned } from '../../sandbox/allocate';
import { hash32 } from '../../sandbox/metrics';
import type { AudienceDimensions, ShortVideoAd, ShortVideoAdGroup, ShortVideoAudienceRow, VideoEngagement } from '../port';
import { TARGETING_CATALOG } from '../targeting-catalog';

/** Share of its first-weeks rates a worn-out creative keeps. */
const FATIGUE_FLOOR = 0.45;
const unit = (seed: string) => (hash32(seed) % 10_000) / 10_000;

/** Days over which an ad's rates wear off by about two thirds (sandbox field `fatigue_days`, else from its id: 40-160). */
function fatigueDays(ad: ShortVideoAd & { fatigue_days?: number }): number {
  return ad.fatigue_days ?? 40 + Math.round(unit(`${ad.id}:fatigue`) * 120);
}

/** An ad's own engagement rates in its first weeks, from its id. */
interface AdRates {
  hook: number;
  hold: number;
  finish: number;
  likes: number;
  comments: number;
  shares: number;
  follows: number;
}

/** Rates by ad id, computed once per process (they depend on the id alone); cleared when it holds too many. */
const ratesById = new Map<string, AdRates>();
const RATES_KEPT = 20_000;

function ratesOf(adId: string): AdRates {
  let rates = ratesById.get(adId);
  if (!rates) {
    const rate = (name: string, low: number, high: number) => low + unit(`${adId}:${name}`) * (high - low);
    rates = {
      hook: rate('hook', 0.3, 0.55),
      hold: rate('hold', 0.45, 0.7),
      finish: rate('finish', 0.2, 0.45),
      likes: rate('likes', 0.01, 0.04),
      comments: rate('comments', 0.0008, 0.004),
      shares: rate('shares', 0.001, 0.005),
      follows: rate('follows', 0.0005, 0.002),
    };
    if (ratesById.size >= RATES_KEPT) ratesById.clear();
    ratesById.set(adId, rates);
  }
  return rates;
}

/** The video and engagement figures of one ad's day (all zero without an ad or plays). */
export function engagementOf(
  ad: (ShortVideoAd & { fatigue_days?: number }) | undefined,
  day: Pick<DailyMetrics, 'date' | 'video_views'> | undefined,
): VideoEngagement {
  const plays = day?.video_views ?? 0;
  if (!ad || !day || plays === 0)
    return { video_watched_2s: 0, video_watched_6s: 0, video_views_p100: 0, likes: 0, comments: 0, shares: 0, follows: 0 };
  const age = Math.max(0, (Date.parse(`${day.date}T00:00:00Z`) - Date.parse(`${ad.create_time.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
  const wear = FATIGUE_FLOOR + (1 - FATIGUE_FLOOR) * Math.exp(-age / fatigueDays(ad));
  const rates = ratesOf(ad.id);
  const hook = Math.min(0.95, rates.hook * wear);
  const watched2s = Math.round(plays * hook);
  const watched6s = Math.round(watched2s * rates.hold);
  return {
    video_watched_2s: watched2s,
    video_watched_6s: watched6s,
    video_views_p100: Math.round(watched6s * rates.finish * wear),
    likes: Math.round(plays * rates.likes * wear),
    comments: Math.round(plays * rates.comments * wear),
    shares: Math.round(plays * rates.shares * wear),
    follows: Math.round(plays * rates.follows * wear),
  };
}

/** A report day of an ad with its video and engagement figures. */
export function withEngagement<D extends DailyMetrics>(
  ad: (ShortVideoAd & { fatigue_days?: number }) | undefined,
  day: D,
): D & VideoEngagement {
  return { ...day, ...engagementOf(ad, day) };
}

/** Reach and frequency of `impressions` delivered on `activeDays` days: frequency grows with the days (1.1 to about 4). */
export function reachOf(id: string, impressions: number, activeDays: number): { reach: number; frequency: number } {
  if (impressions === 0) return { reach: 0, frequency: 0 };
  const frequency = 1.1 + (0.6 + unit(`${id}:frequency`) * 0.6) * Math.log1p(activeDays) * 0.6;
  const reach = Math.max(1, Math.min(impressions, Math.round(impressions / frequency)));
  return { reach, frequency: Math.round((impressions / reach) * 100) / 100 };
}

const AGES = ['AGE_13_17', 'AGE_18_24', 'AGE_25_34', 'AGE_35_44', 'AGE_45_54', 'AGE_55_100'] as const;
/** How much of a broad audience's delivery each age gets. */
const AGE_WEIGHT: Record<string, number> = {
  AGE_13_17: 0.04,
  AGE_18_24: 0.3,
  AGE_25_34: 0.3,
  AGE_35_44: 0.18,
  AGE_45_54: 0.11,
  AGE_55_100: 0.07,
};
/** ISO codes of the countries the targeting catalog knows. */
const COUNTRY_CODES: Record<string, string> = {
  '6252001': 'US',
  '6251999': 'CA',
  '2635167': 'GB',
  '2921044': 'DE',
  '3017382': 'FR',
  '2077456': 'AU',
  '3996063': 'MX',
  '3469034': 'BR',
  '1861060': 'JP',
};

/** The country id of a targeted location (a country, or a region or city within one). */
function countryOf(locationId: string): string | undefined {
  const byId = new Map(TARGETING_CATALOG.locations.map((l) => [l.id, l]));
  let location = byId.get(locationId);
  while (location && location.kind !== 'COUNTRY' && location.parent) location = byId.get(location.parent);
  return location?.kind === 'COUNTRY' ? location.id : undefined;
}

type Figures = Omit<DailyMetrics, 'date'>;
const METRICS = ['impressions', 'clicks', 'spend', 'conversions', 'revenue', 'video_views'] as const;
const EARNED_FROM = {
  clicks: 'impressions',
  spend: 'clicks',
  conversions: 'clicks',
  revenue: 'conversions',
  video_views: 'impressions',
} as const;

/** An ad group's range figures split into its segments, exactly. */
export function audienceSegments(
  group: ShortVideoAdGroup,
  total: Figures,
  dimensions: AudienceDimensions,
): (Figures & Omit<ShortVideoAudienceRow, 'id' | keyof Figures>)[] {
  let segments: { key: Omit<ShortVideoAudienceRow, 'id' | keyof Figures>; share: number }[];
  if (dimensions === 'age_gender') {
    const ages = group.age_groups?.length ? group.age_groups : AGES.filter((a) => a !== 'AGE_13_17');
    const genders =
      group.gender === 'GENDER_MALE'
        ? (['MALE'] as const)
        : group.gender === 'GENDER_FEMALE'
          ? (['FEMALE'] as const)
          : (['FEMALE', 'MALE'] as const);
    segments = ages.flatMap((age) =>
      genders.map((gender) => ({ key: { age, gender }, share: (AGE_WEIGHT[age] ?? 0.1) * (gender === 'FEMALE' ? 0.52 : 0.48) })),
    );
  } else {
    const countries = [...new Set(group.location_ids.map(countryOf).filter((c): c is string => c !== undefined))];
    const size = (id: string) => TARGETING_CATALOG.locations.find((l) => l.id === id)?.audience_size ?? 1_000_000;
    segments = (countries.length ? countries : ['6252001']).map((id) => ({
      key: { country_code: COUNTRY_CODES[id] ?? id },
      share: Math.sqrt(size(id)),
    }));
  }
  const weights = segments.map(({ key, share }) => {
    const seed = `${group.id}:${JSON.stringify(key)}`;
    const ctr = 0.6 + unit(`${seed}:ctr`) * 0.9;
    const cvr = 0.4 + unit(`${seed}:cvr`) * 1.4;
    return {
      impressions: share,
      clicks: share * ctr,
      spend: share * ctr * (0.8 + unit(`${seed}:cpc`) * 0.4),
      conversions: share * ctr * cvr,
      revenue: share * ctr * cvr,
      video_views: share * (0.8 + unit(`${seed}:vr`) * 0.4),
    };
  });
  const parts = splitEarned(total, weights, {
    metrics: METRICS,
    earnedFrom: EARNED_FROM,
    money: ['spend', 'revenue'],
    impressions: 'impressions',
  });
  return parts.map((figures, i) => ({ ...segments[i]!.key, ...figures }));
}
