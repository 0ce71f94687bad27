/**
 * The deskads sandbox, last family: the geographic locations file, the seeded audiences, and how a
 * campaign's day splits by location and an ad group's day by audience. Both splits are exact
 * (../../sandbox/allocate.ts splitDay), so geographic rows add up to the campaign report and audience
 * rows to the ad group report, day by day.
 */
import { splitPerClick, type DayFigures } from '../../sandbox/allocate';
import { seededRandom } from '../../sandbox/metrics';
import type { DeskAdsProduct } from '../port';
import { productValue } from '../product-partitions';
import type {
  DeskAdsAudience,
  DeskAdsAudienceCriterion,
  DeskAdsAudienceType,
  DeskAdsGeoLocation,
  DeskAdsLocationType,
  DeskAdsNewProductPartition,
} from '../port-rest';

type Place = [id: string, name: string, type: DeskAdsGeoLocation['type'], parent: string | null, weight: number];

/** Countries, states, metro areas and cities of the sandbox's locations file (ids as the platform numbers them). */
const PLACES: Place[] = [
  ['190', 'United States', 'Country', null, 0],
  ['32', 'Canada', 'Country', null, 0],
  ['188', 'United Kingdom', 'Country', null, 0],
  ['72', 'Germany', 'Country', null, 0],
  ['36', 'Australia', 'Country', null, 0],
  ['66', 'France', 'Country', null, 0],
  ['171', 'Spain', 'Country', null, 0],
  ['2011', 'California', 'State', '190', 0],
  ['2056', 'Washington', 'State', '190', 0],
  ['2016', 'Colorado', 'State', '190', 0],
  ['2040', 'New York', 'State', '190', 0],
  ['2051', 'Texas', 'State', '190', 0],
  ['2048', 'Oregon', 'State', '190', 0],
  ['2019', 'Florida', 'State', '190', 0],
  ['2024', 'Illinois', 'State', '190', 0],
  ['2032', 'Massachusetts', 'State', '190', 0],
  ['8007', 'Victoria', 'State', '36', 0],
  ['6601', 'Ile-de-France', 'State', '66', 0],
  ['1711', 'Community of Madrid', 'State', '171', 0],
  ['5101', 'Ontario', 'State', '32', 0],
  ['5098', 'British Columbia', 'State', '32', 0],
  ['6001', 'England', 'State', '188', 0],
  ['6002', 'Scotland', 'State', '188', 0],
  ['7005', 'Bavaria', 'State', '72', 0],
  ['7010', 'Berlin (state)', 'State', '72', 0],
  ['8002', 'New South Wales', 'State', '36', 0],
  ['9803', 'Los Angeles CA', 'MetroArea', '2011', 0],
  ['9807', 'San Francisco-Oakland-San Jose CA', 'MetroArea', '2011', 0],
  ['9819', 'Seattle-Tacoma WA', 'MetroArea', '2056', 0],
  ['9751', 'Denver CO', 'MetroArea', '2016', 0],
  ['9501', 'New York NY', 'MetroArea', '2040', 0],
  ['9635', 'Austin TX', 'MetroArea', '2051', 0],
  ['9820', 'Portland OR', 'MetroArea', '2048', 0],
  ['9528', 'Miami-Ft. Lauderdale FL', 'MetroArea', '2019', 0],
  ['9602', 'Chicago IL', 'MetroArea', '2024', 0],
  ['9506', 'Boston MA-Manchester NH', 'MetroArea', '2032', 0],
  ['40001', 'Los Angeles', 'City', '9803', 14],
  ['40002', 'San Francisco', 'City', '9807', 9],
  ['40003', 'Seattle', 'City', '9819', 11],
  ['40004', 'Denver', 'City', '9751', 10],
  ['40005', 'Boulder', 'City', '9751', 4],
  ['40006', 'New York', 'City', '9501', 15],
  ['40007', 'Austin', 'City', '9635', 6],
  ['40008', 'Portland', 'City', '9820', 8],
  ['40009', 'Miami', 'City', '9528', 7],
  ['40010', 'Chicago', 'City', '9602', 12],
  ['40011', 'Boston', 'City', '9506', 9],
  ['41001', 'Toronto', 'City', '5101', 6],
  ['41002', 'Vancouver', 'City', '5098', 5],
  ['42001', 'London', 'City', '6001', 9],
  ['42002', 'Manchester', 'City', '6001', 3],
  ['42003', 'Edinburgh', 'City', '6002', 2],
  ['43001', 'Munich', 'City', '7005', 4],
  ['43002', 'Berlin', 'City', '7010', 5],
  ['44001', 'Sydney', 'City', '8002', 5],
  ['44002', 'Melbourne', 'City', '8007', 4],
  ['45001', 'Paris', 'City', '6601', 8],
  ['46001', 'Madrid', 'City', '1711', 6],
];
const CODES: Record<string, string> = { '190': 'US', '32': 'CA', '188': 'GB', '72': 'DE', '36': 'AU', '66': 'FR', '171': 'ES' };

/** The locations file: each place with its country, state and metro area. */
export const GEO_LOCATIONS: DeskAdsGeoLocation[] = (() => {
  const byId = new Map(PLACES.map((p) => [p[0], p]));
  const chain = (id: string | null): Place[] => {
    const out: Place[] = [];
    for (let p = id ? byId.get(id) : undefined; p; p = p[3] ? byId.get(p[3]) : undefined) out.push(p);
    return out;
  };
  return PLACES.map(([id, name, type, parent]) => {
    const up = chain(id);
    const of = (t: DeskAdsGeoLocation['type']) => up.find((p) => p[2] === t)?.[1] ?? null;
    const country = up.find((p) => p[2] === 'Country')!;
    return {
      id,
      name,
      type,
      country: country[1],
      country_code: CODES[country[0]]!,
      state: of('State'),
      metro: of('MetroArea'),
      parent_id: parent,
    };
  });
})();

const CITY_WEIGHT = new Map(PLACES.filter((p) => p[2] === 'City').map((p) => [p[0], p[4]]));
/** A search campaign without location criteria serves the account's home market: the United States. */
const DEFAULT_LOCATIONS = ['190'];

/** The cities a campaign's location criteria cover (a country covers its cities, a state or metro area its own). */
export function citiesOf(locationIds: readonly string[] | undefined): DeskAdsGeoLocation[] {
  const ids = new Set(locationIds?.length ? locationIds : DEFAULT_LOCATIONS);
  const byId = new Map(GEO_LOCATIONS.map((g) => [g.id, g]));
  const within = (g: DeskAdsGeoLocation): boolean => ids.has(g.id) || (g.parent_id !== null && within(byId.get(g.parent_id)!));
  return GEO_LOCATIONS.filter((g) => g.type === 'City' && within(g));
}

/** One part of a campaign's day: the city and the location type. */
export interface GeoPart {
  city: DeskAdsGeoLocation;
  location_type: DeskAdsLocationType;
  figures: DayFigures;
}

/**
 * A campaign's day split among the cities it targets, by their size (varying a little per day) and
 * each city's own conversion rate (stable per campaign and city, so some places convert better than
 * others), then into people physically there (about 85 %) and people searching about the place.
 */
export function geoSplit(campaignId: string, locationIds: readonly string[] | undefined, date: string, day: DayFigures): GeoPart[] {
  const cities = citiesOf(locationIds);
  const day_ = seededRandom(`${campaignId}|${date}|geo`);
  const slots: { city: DeskAdsGeoLocation; location_type: DeskAdsLocationType; weight: DayFigures }[] = [];
  for (const city of cities) {
    const size = (CITY_WEIGHT.get(city.id) ?? 1) * (0.85 + day_() * 0.3);
    const converts = 0.4 + seededRandom(`${campaignId}|${city.id}|cvr`)() * 1.2;
    for (const [type, share] of [
      ['PhysicalLocation', 0.85],
      ['LocationOfInterest', 0.15],
    ] as const) {
      const w = size * share;
      slots.push({
        city,
        location_type: type,
        weight: { impressions: w, clicks: w, spend: w, conversions: w * converts, revenue: w * converts },
      });
    }
  }
  return splitPerClick(
    day,
    slots.map((s) => s.weight),
  )
    .map((figures, i) => ({ city: slots[i]!.city, location_type: slots[i]!.location_type, figures }))
    .filter((p) => p.figures.impressions > 0);
}

/** How much better than the ad group's average an audience's members convert. */
const AUDIENCE_CONVERSION_LEAN: Record<DeskAdsAudienceType, number> = {
  RemarketingList: 2.2,
  ProductAudience: 1.9,
  CustomerList: 1.7,
  InMarketAudience: 1.4,
  SimilarRemarketingList: 1.1,
  CustomAudience: 1,
};

/** One part of an ad group's day: an audience (null = searchers in none of its audiences). */
export interface AudiencePart {
  audience_id: string | null;
  figures: DayFigures;
}

/**
 * An ad group's day split among the audiences on it that day (biddable, active; an excluded
 * audience sees nothing): each audience's members are a share of its searchers by the audience's
 * search size, varying a little per day. In bid-only mode the rest of the day is searchers in none
 * of the audiences; in target-and-bid mode only members see its ads, so the audiences share it all.
 */
export function audienceSplit(
  adGroupId: string,
  date: string,
  day: DayFigures,
  criteria: DeskAdsAudienceCriterion[],
  audiences: Map<string, DeskAdsAudience>,
  targetAndBid: boolean,
): AudiencePart[] {
  const random = seededRandom(`${adGroupId}|${date}|audiences`);
  const members = criteria.filter((c) => !c.excluded && c.status === 'Active' && audiences.has(c.audience_id));
  const weights = members.map((c) => {
    const audience = audiences.get(c.audience_id)!;
    const share = Math.min(0.3, audience.search_size / 3_000_000) * (0.85 + random() * 0.3);
    const lean = AUDIENCE_CONVERSION_LEAN[audience.type];
    return {
      impressions: share,
      clicks: share * (lean > 1.5 ? 1.3 : 1.1),
      spend: share * 1.1,
      conversions: share * lean,
      revenue: share * lean,
    };
  });
  const taken = weights.reduce((t, w) => t + w.impressions, 0);
  const rest = targetAndBid && members.length ? 0 : Math.max(0.05, 1 - taken);
  const all = [...weights, { impressions: rest, clicks: rest, spend: rest, conversions: rest * 0.8, revenue: rest * 0.8 }];
  const ids = [...members.map((c) => c.audience_id), null];
  return splitPerClick(day, all)
    .map((figures, i) => ({ audience_id: ids[i]!, figures }))
    .filter((p) => p.figures.impressions > 0);
}

/** The audiences a seeded account has: its own remarketing and customer lists, and the platform's in-market and similar audiences. */
export function seedAudiences(ids: { digits(n: number): string }, ago: (days: number) => string): DeskAdsAudience[] {
  const audience = (
    name: string,
    type: DeskAdsAudienceType,
    search: number,
    network: number,
    extra: Partial<DeskAdsAudience> = {},
  ): DeskAdsAudience => ({
    id: ids.digits(9),
    name,
    type,
    description: null,
    membership_duration_days: null,
    search_size: search,
    audience_network_size: network,
    scope: 'Account',
    source_audience_id: null,
    status: search >= 1000 ? 'Active' : 'Inactive',
    start_date: null,
    ...extra,
  });
  const visitors = audience('All site visitors (180 days)', 'RemarketingList', 184_000, 412_000, {
    description: 'Everyone the main site tag saw',
    membership_duration_days: 180,
    start_date: ago(420),
  });
  const carts = audience('Cart abandoners (30 days)', 'RemarketingList', 21_500, 48_000, {
    description: 'Added to cart, did not buy',
    membership_duration_days: 30,
    start_date: ago(300),
  });
  return [
    visitors,
    carts,
    audience('Past buyers (customer list)', 'CustomerList', 38_000, 0, {
      description: 'Uploaded customer emails, matched',
      start_date: ago(150),
    }),
    audience('Similar to all site visitors', 'SimilarRemarketingList', 1_250_000, 3_900_000, {
      source_audience_id: visitors.id,
      membership_duration_days: 180,
      start_date: ago(400),
    }),
    audience('Viewed boots, not bought (product audience)', 'ProductAudience', 9_800, 22_000, {
      membership_duration_days: 30,
      start_date: ago(90),
    }),
    audience('In-market: Hiking & Camping Gear', 'InMarketAudience', 2_400_000, 7_100_000, { scope: 'Customer' }),
    audience('In-market: Athletic Shoes', 'InMarketAudience', 3_100_000, 9_800_000, { scope: 'Customer' }),
    audience('In-market: Outdoor Apparel', 'InMarketAudience', 1_900_000, 5_200_000, { scope: 'Customer' }),
    audience('Custom: trail runners', 'CustomAudience', 640_000, 1_400_000, {
      description: 'People searching for trail races and running gear',
      start_date: ago(60),
    }),
    audience('Newsletter test list', 'RemarketingList', 420, 900, {
      description: 'Too small to serve yet',
      membership_duration_days: 30,
      start_date: ago(5),
    }),
  ];
}

/** The unit of a product group tree a product falls in: the unit of its value, else "everything else". */
export function unitOf<U extends DeskAdsNewProductPartition>(
  units: U[],
  product: Pick<DeskAdsProduct, 'brand' | 'category' | 'condition' | 'merchant_product_id'>,
): U | undefined {
  const leaves = units.filter((u) => u.partition_type === 'Unit');
  if (leaves.length === 1 && leaves[0]!.dimension === 'All') return leaves[0];
  const exact = leaves.find((u) => u.value !== null && u.value.toLowerCase() === productValue(product, u.dimension).toLowerCase());
  return exact ?? leaves.find((u) => u.value === null);
}
