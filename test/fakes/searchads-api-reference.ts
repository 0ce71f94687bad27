/**
 * The fake search platform's reference data (interests, languages, geo target constants, topics) and planning methods (`geoTargetConstants:suggest`, `customers/{id}:generateKeywordIdeas`).
 */
import { type FakeCustomer, type Obj, invalid } from './searchads-api-core';
import { createHash } from 'node:crypto';

export const USER_INTERESTS: Obj[] = [
  { userInterestId: '80001', name: 'Apparel & Accessories', taxonomyType: 'IN_MARKET' },
  { userInterestId: '80443', name: 'Hiking Boots', taxonomyType: 'IN_MARKET', userInterestParent: 'customers/0/userInterests/80001' },
  {
    userInterestId: '80444',
    name: 'Trail Running Shoes',
    taxonomyType: 'IN_MARKET',
    userInterestParent: 'customers/0/userInterests/80001',
  },
  { userInterestId: '92000', name: 'Sports & Fitness', taxonomyType: 'AFFINITY' },
  { userInterestId: '92001', name: 'Outdoor Enthusiasts', taxonomyType: 'AFFINITY', userInterestParent: 'customers/0/userInterests/92000' },
  { userInterestId: '91000', name: 'New Movers', taxonomyType: 'LIFE_EVENT' },
];
export const LANGUAGE_CONSTANTS: Obj[] = [
  { id: '1000', code: 'en', name: 'English', targetable: true },
  { id: '1001', code: 'de', name: 'German', targetable: true },
  { id: '1002', code: 'fr', name: 'French', targetable: true },
  { id: '1003', code: 'es', name: 'Spanish', targetable: true },
];
export const GEO_TARGET_CONSTANTS: Obj[] = [
  { id: '2840', name: 'United States', canonicalName: 'United States', countryCode: 'US', targetType: 'Country', status: 'ENABLED' },
  { id: '2124', name: 'Canada', canonicalName: 'Canada', countryCode: 'CA', targetType: 'Country', status: 'ENABLED' },
  { id: '21176', name: 'Texas', canonicalName: 'Texas,United States', countryCode: 'US', targetType: 'State', status: 'ENABLED' },
  { id: '21137', name: 'California', canonicalName: 'California,United States', countryCode: 'US', targetType: 'State', status: 'ENABLED' },
  { id: '1026201', name: 'Austin', canonicalName: 'Austin,Texas,United States', countryCode: 'US', targetType: 'City', status: 'ENABLED' },
  {
    id: '1014221',
    name: 'Portland',
    canonicalName: 'Portland,Oregon,United States',
    countryCode: 'US',
    targetType: 'City',
    status: 'ENABLED',
  },
  {
    id: '1019250',
    name: 'Portland',
    canonicalName: 'Portland,Maine,United States',
    countryCode: 'US',
    targetType: 'City',
    status: 'ENABLED',
  },
].map((g) => ({ ...g, resourceName: `geoTargetConstants/${g.id}` }));

/** A slice of the topic taxonomy (topic constants with their paths). */
export const TOPIC_CONSTANTS: Obj[] = (
  [
    ['65', ['Hobbies & Leisure']],
    ['688', ['Hobbies & Leisure', 'Outdoors']],
    ['1316', ['Hobbies & Leisure', 'Outdoors', 'Hiking & Camping']],
    ['18', ['Shopping']],
    ['697', ['Shopping', 'Apparel', 'Footwear']],
    ['16', ['News']],
    ['63', ['News', 'Weather']],
  ] as [string, string[]][]
).map(([id, path]) => ({ id, resourceName: `topicConstants/${id}`, path }));

export function suggest(json: Obj): unknown {
  const names: unknown = json.locationNames?.names;
  if (!Array.isArray(names) || !names.length)
    throw invalid('fieldError', 'REQUIRED', 'The required field was not present.', {
      fieldPathElements: [{ fieldName: 'location_names' }],
    });
  const suggestions = names.flatMap((name: string) => {
    const words = String(name)
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean);
    return GEO_TARGET_CONSTANTS.filter((g) => words.some((w) => g.name.toLowerCase() === w || g.canonicalName.toLowerCase().startsWith(w)))
      .filter((g) => words.every((w) => g.canonicalName.toLowerCase().includes(w) || ['tx', 'usa', 'us'].includes(w)))
      .map((g) => ({ locale: json.locale ?? 'en', reach: '1000000', searchTerm: name, geoTargetConstant: g }));
  });
  return { geoTargetConstantSuggestions: suggestions };
}

// Keyword planning.

/** KeywordPlanIdeaService.GenerateKeywordIdeas: exactly one seed, at most 20 seed keywords and 10 locations, one language. */
export function keywordIdeas(_customer: FakeCustomer, json: Obj): unknown {
  const allowed = [
    'language',
    'geoTargetConstants',
    'includeAdultKeywords',
    'keywordPlanNetwork',
    'pageSize',
    'pageToken',
    'keywordSeed',
    'urlSeed',
    'keywordAndUrlSeed',
    'siteSeed',
    'historicalMetricsOptions',
    'aggregateMetrics',
  ];
  for (const key of Object.keys(json))
    if (!allowed.includes(key))
      throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
  const seeds = ['keywordSeed', 'urlSeed', 'keywordAndUrlSeed', 'siteSeed'].filter((k) => json[k] !== undefined);
  if (seeds.length !== 1)
    throw invalid('fieldError', 'REQUIRED', 'Exactly one seed (keyword_seed, url_seed, keyword_and_url_seed or site_seed) must be set.', {
      fieldPathElements: [{ fieldName: 'seed' }],
    });
  if (json.language !== undefined && !LANGUAGE_CONSTANTS.some((l) => `languageConstants/${l.id}` === json.language))
    throw invalid('fieldError', 'INVALID_VALUE', `Invalid language: ${json.language}.`, {
      fieldPathElements: [{ fieldName: 'language' }],
    });
  const geos: unknown[] = json.geoTargetConstants ?? [];
  if (geos.length > 10)
    throw invalid('collectionSizeError', 'TOO_MANY', 'Too many geo target constants (maximum 10).', {
      fieldPathElements: [{ fieldName: 'geo_target_constants' }],
    });
  for (const g of geos)
    if (!GEO_TARGET_CONSTANTS.some((x) => x.resourceName === g))
      throw invalid('fieldError', 'INVALID_VALUE', `Invalid geo target constant: ${String(g)}.`, {
        fieldPathElements: [{ fieldName: 'geo_target_constants' }],
      });
  if (json.keywordPlanNetwork !== undefined && !['GOOGLE_SEARCH', 'GOOGLE_SEARCH_AND_PARTNERS'].includes(json.keywordPlanNetwork))
    throw invalid('fieldError', 'INVALID_VALUE', `Invalid keyword_plan_network: ${json.keywordPlanNetwork}.`);
  const keywords: string[] = json.keywordSeed?.keywords ?? json.keywordAndUrlSeed?.keywords ?? [];
  if ((json.keywordSeed || json.keywordAndUrlSeed) && !keywords.length && !json.keywordAndUrlSeed?.url)
    throw invalid('keywordPlanIdeaError', 'INVALID_VALUE', 'A keyword seed needs at least one keyword.');
  if (keywords.length > 20)
    throw invalid('collectionSizeError', 'TOO_MANY', 'Too many seed keywords (maximum 20).', {
      fieldPathElements: [{ fieldName: 'keywords' }],
    });
  const url: string | undefined = json.urlSeed?.url ?? json.keywordAndUrlSeed?.url;
  if (url !== undefined && !/^https?:\/\/[^\s/]+/.test(url))
    throw invalid('keywordPlanIdeaError', 'URL_CRAWL_ERROR', `The URL could not be crawled: ${url}.`);
  const base = [
    ...keywords,
    ...(url
      ? [
          new URL(url).hostname
            .split('.')
            .filter((p) => !['www', 'example', 'com'].includes(p))
            .join(' ') || 'site',
        ]
      : []),
  ].map((k) => k.toLowerCase());
  const texts = [...new Set([...base, ...base.flatMap((k) => [`${k} near me`, `best ${k}`, `${k} sale`, `cheap ${k}`])])];
  const pageSize = Number(json.pageSize ?? 10_000);
  const results = texts.slice(0, pageSize).map((text) => {
    const h = createHash('sha256').update(text).digest();
    const avg = 100 + (h.readUInt16BE(0) % 20_000);
    const index = h[2]! % 101;
    return {
      text,
      keywordIdeaMetrics: {
        competition: index < 34 ? 'LOW' : index < 67 ? 'MEDIUM' : 'HIGH',
        monthlySearchVolumes: ['OCTOBER', 'NOVEMBER'].map((month) => ({ month, year: '2026', monthlySearches: String(avg) })),
        avgMonthlySearches: String(avg),
        competitionIndex: String(index),
        lowTopOfPageBidMicros: String(500_000 + h[3]! * 10_000),
        highTopOfPageBidMicros: String(2_000_000 + h[4]! * 20_000),
      },
      keywordAnnotations: {},
    };
  });
  return { results, totalSize: String(results.length) };
}

// Search.
