/**
 * Reference data of the socialads sandbox: the targeting options its search and browse return
 * (the same for every account, as on the platform) and the products a seeded catalog holds.
 */
import type { SocialAdsProduct, SocialAdsTargetingOption, SocialAdsTargetingType } from '../port';

const option = (
  type: SocialAdsTargetingType,
  id: string,
  name: string,
  path: string[],
  size: number,
  extra: Partial<SocialAdsTargetingOption> = {},
): SocialAdsTargetingOption => ({
  id,
  name,
  type,
  path,
  audience_size_lower_bound: Math.round(size * 0.85),
  audience_size_upper_bound: size,
  ...extra,
});

const HOBBIES = ['Hobbies and activities'];
export const TARGETING_OPTIONS: SocialAdsTargetingOption[] = [
  option('interests', '6003139266461', 'Hiking', [...HOBBIES, 'Outdoor recreation'], 182_000_000),
  option('interests', '6003348604581', 'Camping', [...HOBBIES, 'Outdoor recreation'], 164_000_000),
  option('interests', '6003277229526', 'Backpacking (wilderness)', [...HOBBIES, 'Outdoor recreation'], 41_000_000),
  option('interests', '6003384248805', 'Rock climbing', [...HOBBIES, 'Outdoor recreation'], 38_000_000),
  option('interests', '6003107902433', 'Trail running', [...HOBBIES, 'Sports'], 22_000_000),
  option('interests', '6003397425735', 'Running', [...HOBBIES, 'Sports'], 210_000_000),
  option('interests', '6003020834693', 'Mountain biking', [...HOBBIES, 'Sports'], 47_000_000),
  option('interests', '6003012317397', 'Fishing', [...HOBBIES, 'Outdoor recreation'], 120_000_000),
  option('interests', '6003269553527', 'National park', ['Travel', 'Nature'], 95_000_000),
  option('interests', '6003346592981', 'Outdoor clothing', ['Shopping and fashion', 'Clothing'], 31_000_000),
  option('interests', '6003456388203', 'Online shopping', ['Shopping and fashion', 'Shopping'], 900_000_000),
  option('interests', '6003263791114', 'Travel', ['Travel'], 700_000_000),
  option('interests', '6003107902434', 'Photography', [...HOBBIES, 'Arts and music'], 420_000_000),
  option('interests', '6003384248806', 'Fitness and wellness', ['Fitness and wellness'], 650_000_000),
  option('behaviors', '6002714895372', 'Engaged shoppers', ['Purchase behavior'], 300_000_000),
  option('behaviors', '6015559470583', 'Frequent travelers', ['Travel'], 240_000_000),
  option('behaviors', '6071631541183', 'Frequent international travelers', ['Travel'], 95_000_000),
  option('behaviors', '6004386044572', 'Small business owners', ['Digital activities'], 90_000_000),
  option('behaviors', '6017253486583', 'Early technology adopters', ['Digital activities'], 160_000_000),
  option('behaviors', '6002764392172', 'Returned from travels 1 week ago', ['Travel'], 12_000_000),
  option('demographics', '6002714398172', 'Parents (All)', ['Family and relationships', 'Parents'], 260_000_000),
  option('demographics', '6002714398772', 'Parents with teenagers (13-17 years)', ['Family and relationships', 'Parents'], 80_000_000),
  option('demographics', '6003092532417', 'Newly engaged (6 months)', ['Life events'], 5_000_000),
  option('demographics', '6002714398372', 'Recently moved', ['Life events'], 20_000_000),
  option('demographics', '6012903140383', 'Bachelor degree', ['Education', 'Education level'], 310_000_000),
  option('demographics', '6012903159383', 'Master degree', ['Education', 'Education level'], 110_000_000),
  option('demographics', '6262428248783', 'Management', ['Work', 'Industries'], 70_000_000),
  option('locations', 'US', 'United States', ['Countries'], 240_000_000, { country_code: 'US', location_type: 'country' }),
  option('locations', 'CA', 'Canada', ['Countries'], 32_000_000, { country_code: 'CA', location_type: 'country' }),
  option('locations', 'GB', 'United Kingdom', ['Countries'], 52_000_000, { country_code: 'GB', location_type: 'country' }),
  option('locations', 'DE', 'Germany', ['Countries'], 60_000_000, { country_code: 'DE', location_type: 'country' }),
  option('locations', 'AU', 'Australia', ['Countries'], 20_000_000, { country_code: 'AU', location_type: 'country' }),
  option('locations', '3847', 'Colorado', ['Regions', 'United States'], 5_200_000, { country_code: 'US', location_type: 'region' }),
  option('locations', '3843', 'California', ['Regions', 'United States'], 33_000_000, { country_code: 'US', location_type: 'region' }),
  option('locations', '3876', 'Washington', ['Regions', 'United States'], 6_800_000, { country_code: 'US', location_type: 'region' }),
  option('locations', '2421836', 'Denver, Colorado', ['Cities', 'United States'], 2_400_000, { country_code: 'US', location_type: 'city' }),
  option('locations', '2490299', 'Seattle, Washington', ['Cities', 'United States'], 3_000_000, {
    country_code: 'US',
    location_type: 'city',
  }),
  option('locations', '2420379', 'Boulder, Colorado', ['Cities', 'United States'], 300_000, { country_code: 'US', location_type: 'city' }),
  option('locations', '296875', 'Vancouver, British Columbia', ['Cities', 'Canada'], 2_100_000, {
    country_code: 'CA',
    location_type: 'city',
  }),
];

/** The seeded catalog's products: [sku, name, category, brand, price, availability, review]. */
export const PRODUCT_ROWS: [string, string, string, string, number, SocialAdsProduct['availability'], SocialAdsProduct['review_status']][] =
  [
    ['NW-BOOT-001', 'Ridgeline waterproof hiking boot', 'boots', 'Northwind', 149, 'in stock', 'approved'],
    ['NW-BOOT-002', 'Ridgeline wide-fit hiking boot', 'boots', 'Northwind', 159, 'in stock', 'approved'],
    ['NW-BOOT-003', 'Scree approach shoe', 'boots', 'Northwind', 119, 'in stock', 'approved'],
    ['NW-BOOT-004', 'Summit mountaineering boot', 'boots', 'Northwind', 289, 'preorder', 'approved'],
    ['NW-JKT-001', 'Squall rain jacket', 'jackets', 'Northwind', 129, 'in stock', 'approved'],
    ['NW-JKT-002', 'Ember down jacket', 'jackets', 'Northwind', 219, 'in stock', 'approved'],
    ['NW-JKT-003', 'Breeze wind shell', 'jackets', 'Northwind', 89, 'out of stock', 'approved'],
    ['NW-TENT-001', 'Basecamp 2-person tent', 'tents', 'Northwind', 249, 'in stock', 'approved'],
    ['NW-TENT-002', 'Ultralight 1-person tent', 'tents', 'Northwind', 329, 'in stock', 'approved'],
    ['NW-PACK-001', 'Trailhead 28L daypack', 'backpacks', 'Northwind', 79, 'in stock', 'approved'],
    ['NW-PACK-002', 'Traverse 55L backpack', 'backpacks', 'Northwind', 199, 'in stock', 'approved'],
    ['NW-ACC-001', 'Merino hiking socks (3 pack)', 'accessories', 'Northwind', 29, 'in stock', 'approved'],
    ['NW-ACC-002', 'Carbon trekking poles', 'accessories', 'Peakline', 99, 'in stock', 'approved'],
    ['NW-ACC-003', 'Insulated bottle 1L', 'accessories', 'Peakline', 35, 'in stock', 'rejected'],
  ];

const FIRST = ['Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn', 'Drew', 'Robin'];
const LAST = ['Lee', 'Patel', 'Garcia', 'Nguyen', 'Smith', 'Kim', 'Brown', 'Lopez', 'Walker', 'Young', 'Hill', 'Reed'];
/** A made-up answer to a lead form question (deterministic per lead). */
export function leadAnswer(question: string, n: number): string {
  const first = FIRST[n % FIRST.length];
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length];
  switch (question) {
    case 'FULL_NAME':
      return `${first} ${last}`;
    case 'EMAIL':
      return `${first.toLowerCase()}.${last.toLowerCase()}${n % 97}@example.com`;
    case 'PHONE':
      return `+1555${String(1000000 + ((n * 7919) % 9000000)).slice(0, 7)}`;
    case 'ZIP':
      return String(10000 + ((n * 104729) % 89999));
    default:
      return `answer ${n}`;
  }
}
