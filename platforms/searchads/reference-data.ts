import type { SearchAdsAudienceSegment, SearchAdsGeoTarget, SearchAdsLanguage } from './port';

/**
 * Platform-wide constants the sandbox serves the way the real platform does: language constants
 * (real criterion ids: 1000 English, 1003 Spanish...), a few dozen geo target constants with their
 * real ids (2840 United States, 21137 California, 1023191 New York) and an in-market/affinity
 * taxonomy. A live adapter reads these from the platform instead.
 */
const LANGUAGES: [code: string, id: string, name: string][] = [
  ['en', '1000', 'English'],
  ['de', '1001', 'German'],
  ['fr', '1002', 'French'],
  ['es', '1003', 'Spanish'],
  ['it', '1004', 'Italian'],
  ['ja', '1005', 'Japanese'],
  ['da', '1009', 'Danish'],
  ['nl', '1010', 'Dutch'],
  ['fi', '1011', 'Finnish'],
  ['ko', '1012', 'Korean'],
  ['no', '1013', 'Norwegian'],
  ['pt', '1014', 'Portuguese'],
  ['sv', '1015', 'Swedish'],
  ['zh', '1017', 'Chinese (simplified)'],
  ['ar', '1019', 'Arabic'],
  ['bg', '1020', 'Bulgarian'],
  ['cs', '1021', 'Czech'],
  ['el', '1022', 'Greek'],
  ['hi', '1023', 'Hindi'],
  ['hu', '1024', 'Hungarian'],
  ['id', '1025', 'Indonesian'],
  ['is', '1026', 'Icelandic'],
  ['he', '1027', 'Hebrew'],
  ['lv', '1028', 'Latvian'],
  ['lt', '1029', 'Lithuanian'],
  ['pl', '1030', 'Polish'],
  ['ru', '1031', 'Russian'],
  ['ro', '1032', 'Romanian'],
  ['sk', '1033', 'Slovak'],
  ['sl', '1034', 'Slovenian'],
  ['sr', '1035', 'Serbian'],
  ['uk', '1036', 'Ukrainian'],
  ['tr', '1037', 'Turkish'],
  ['ca', '1038', 'Catalan'],
  ['hr', '1039', 'Croatian'],
  ['vi', '1040', 'Vietnamese'],
  ['ur', '1041', 'Urdu'],
  ['tl', '1042', 'Filipino'],
  ['et', '1043', 'Estonian'],
  ['th', '1044', 'Thai'],
  ['bn', '1056', 'Bengali'],
  ['fa', '1064', 'Persian'],
  ['ml', '1098', 'Malayalam'],
  ['mr', '1101', 'Marathi'],
  ['ms', '1102', 'Malay'],
  ['ta', '1130', 'Tamil'],
  ['te', '1131', 'Telugu'],
];

export const LANGUAGE_CONSTANTS: SearchAdsLanguage[] = LANGUAGES.map(([code, id, name]) => ({
  id,
  resource_name: `languageConstants/${id}`,
  code,
  name,
  targetable: true,
}));

/** The ISO-639-1 codes update_campaign accepts (specification, update_campaign.language_codes). */
export const LANGUAGE_CODES = LANGUAGES.map(([code]) => code);

const GEO: [id: string, name: string, canonical: string, country: string, type: string][] = [
  ['2840', 'United States', 'United States', 'US', 'Country'],
  ['2124', 'Canada', 'Canada', 'CA', 'Country'],
  ['2826', 'United Kingdom', 'United Kingdom', 'GB', 'Country'],
  ['2372', 'Ireland', 'Ireland', 'IE', 'Country'],
  ['2036', 'Australia', 'Australia', 'AU', 'Country'],
  ['2554', 'New Zealand', 'New Zealand', 'NZ', 'Country'],
  ['2276', 'Germany', 'Germany', 'DE', 'Country'],
  ['2250', 'France', 'France', 'FR', 'Country'],
  ['2724', 'Spain', 'Spain', 'ES', 'Country'],
  ['2380', 'Italy', 'Italy', 'IT', 'Country'],
  ['2528', 'Netherlands', 'Netherlands', 'NL', 'Country'],
  ['2752', 'Sweden', 'Sweden', 'SE', 'Country'],
  ['2392', 'Japan', 'Japan', 'JP', 'Country'],
  ['2356', 'India', 'India', 'IN', 'Country'],
  ['2076', 'Brazil', 'Brazil', 'BR', 'Country'],
  ['2484', 'Mexico', 'Mexico', 'MX', 'Country'],
  ['2702', 'Singapore', 'Singapore', 'SG', 'Country'],
  ['21137', 'California', 'California,United States', 'US', 'State'],
  ['21138', 'Colorado', 'Colorado,United States', 'US', 'State'],
  ['21142', 'Florida', 'Florida,United States', 'US', 'State'],
  ['21147', 'Illinois', 'Illinois,United States', 'US', 'State'],
  ['21152', 'Massachusetts', 'Massachusetts,United States', 'US', 'State'],
  ['21167', 'New York', 'New York,United States', 'US', 'State'],
  ['21176', 'Texas', 'Texas,United States', 'US', 'State'],
  ['21180', 'Washington', 'Washington,United States', 'US', 'State'],
  ['20121', 'Ontario', 'Ontario,Canada', 'CA', 'Province'],
  ['20113', 'British Columbia', 'British Columbia,Canada', 'CA', 'Province'],
  ['1023191', 'New York', 'New York,New York,United States', 'US', 'City'],
  ['1013962', 'Los Angeles', 'Los Angeles,California,United States', 'US', 'City'],
  ['1014221', 'San Francisco', 'San Francisco,California,United States', 'US', 'City'],
  ['1016367', 'Chicago', 'Chicago,Illinois,United States', 'US', 'City'],
  ['1027744', 'Seattle', 'Seattle,Washington,United States', 'US', 'City'],
  ['1018127', 'Boston', 'Boston,Massachusetts,United States', 'US', 'City'],
  ['1026201', 'Austin', 'Austin,Texas,United States', 'US', 'City'],
  ['1014895', 'Denver', 'Denver,Colorado,United States', 'US', 'City'],
  ['1015116', 'Miami', 'Miami,Florida,United States', 'US', 'City'],
  ['1002451', 'Toronto', 'Toronto,Ontario,Canada', 'CA', 'City'],
  ['1001970', 'Vancouver', 'Vancouver,British Columbia,Canada', 'CA', 'City'],
  ['1006886', 'London', 'London,England,United Kingdom', 'GB', 'City'],
  ['1006912', 'Manchester', 'Manchester,England,United Kingdom', 'GB', 'City'],
  ['1000286', 'Sydney', 'Sydney,New South Wales,Australia', 'AU', 'City'],
  ['1000567', 'Melbourne', 'Melbourne,Victoria,Australia', 'AU', 'City'],
  ['1003854', 'Berlin', 'Berlin,Berlin,Germany', 'DE', 'City'],
  ['1004234', 'Munich', 'Munich,Bavaria,Germany', 'DE', 'City'],
  ['1006094', 'Paris', 'Paris,Ile-de-France,France', 'FR', 'City'],
  ['1005493', 'Madrid', 'Madrid,Community of Madrid,Spain', 'ES', 'City'],
  ['1009309', 'Tokyo', 'Tokyo,Tokyo,Japan', 'JP', 'City'],
];

export const GEO_TARGET_CONSTANTS: SearchAdsGeoTarget[] = GEO.map(([id, name, canonical_name, country_code, target_type]) => ({
  id,
  resource_name: `geoTargetConstants/${id}`,
  name,
  canonical_name,
  country_code,
  target_type,
}));

const US_STATE_ABBREVIATIONS: Record<string, string> = {
  ca: 'California',
  co: 'Colorado',
  fl: 'Florida',
  il: 'Illinois',
  ma: 'Massachusetts',
  ny: 'New York',
  tx: 'Texas',
  wa: 'Washington',
};
const ALIASES: Record<string, string> = {
  usa: '2840',
  us: '2840',
  'united states of america': '2840',
  america: '2840',
  uk: '2826',
  'great britain': '2826',
  britain: '2826',
  nyc: '1023191',
  'new york city': '1023191',
  la: '1013962',
  sf: '1014221',
  deutschland: '2276',
};

const normalize = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9, ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Free text to geo target constants, best first: an alias or an exact name or canonical name
 * ("Austin, TX" and "Austin, Texas" both work) scores highest, then names starting with the
 * text, then names containing it.
 */
export function suggestGeoTargets(text: string): SearchAdsGeoTarget[] {
  const query = normalize(text);
  if (!query) return [];
  const alias = ALIASES[query];
  if (alias) return GEO_TARGET_CONSTANTS.filter((g) => g.id === alias);
  const parts = query
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (US_STATE_ABBREVIATIONS[p] ? normalize(US_STATE_ABBREVIATIONS[p]) : p));
  const scored = GEO_TARGET_CONSTANTS.map((geo) => {
    const name = normalize(geo.name);
    const canonical = normalize(geo.canonical_name).split(',');
    let score = 0;
    if (parts.length > 1) {
      // "Austin, Texas": the first part is the name, the rest must appear in the canonical chain.
      if (name === parts[0] && parts.slice(1).every((p) => canonical.includes(p) || canonical.some((c) => c.startsWith(p)))) score = 100;
    } else if (name === query) score = geo.target_type === 'Country' ? 90 : geo.target_type === 'City' ? 80 : 85;
    else if (name.startsWith(query)) score = 50;
    else if (canonical.join(' ').includes(query)) score = 20;
    return { geo, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.geo.name.localeCompare(b.geo.name))
    .map((s) => s.geo);
}

/** Platform-wide in-market and affinity segments (user interests). */
export const AUDIENCE_TAXONOMY: SearchAdsAudienceSegment[] = [
  ['80432', 'IN_MARKET', 'Outdoor Recreational Equipment', 'Sports & Fitness'],
  ['80433', 'IN_MARKET', 'Camping & Hiking Equipment', 'Sports & Fitness > Outdoor Recreational Equipment'],
  ['80441', 'IN_MARKET', 'Athletic Apparel', 'Apparel & Accessories'],
  ['80442', 'IN_MARKET', 'Footwear', 'Apparel & Accessories'],
  ['80443', 'IN_MARKET', 'Hiking Boots', 'Apparel & Accessories > Footwear'],
  ['80510', 'IN_MARKET', 'Trips to Mountain Destinations', 'Travel'],
  ['80520', 'IN_MARKET', 'Ski & Snowboard Equipment', 'Sports & Fitness'],
  ['80530', 'IN_MARKET', 'Fitness Products & Services', 'Sports & Fitness'],
  ['80601', 'IN_MARKET', 'Coffee & Tea', 'Food & Groceries'],
  ['80712', 'IN_MARKET', 'Home Furnishings', 'Home & Garden'],
  ['92001', 'AFFINITY', 'Outdoor Enthusiasts', 'Lifestyles & Hobbies'],
  ['92002', 'AFFINITY', 'Adventure & Trip Travelers', 'Travel Buffs'],
  ['92003', 'AFFINITY', 'Health & Fitness Buffs', 'Sports & Fitness'],
  ['92004', 'AFFINITY', 'Running Enthusiasts', 'Sports & Fitness > Health & Fitness Buffs'],
  ['92005', 'AFFINITY', 'Green Living Enthusiasts', 'Lifestyles & Hobbies'],
  ['92006', 'AFFINITY', 'Coffee Shop Regulars', 'Food & Dining'],
  ['92007', 'AFFINITY', 'Shoppers', 'Shoppers'],
  ['92008', 'AFFINITY', 'Value Shoppers', 'Shoppers'],
].map(([id, type, name, parent]) => ({
  id: id!,
  type: type as SearchAdsAudienceSegment['type'],
  name: name!,
  parent,
  resource_name: `userInterests/${id}`,
}));
