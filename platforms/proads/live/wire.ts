import { isoDate } from '../../../core/dates';
import {
  PROADS_FACETS,
  type ProAdsBidStrategy,
  type ProAdsCampaign,
  type ProAdsCampaignGroup,
  type ProAdsFacet,
  type ProAdsFormat,
  type ProAdsObjective,
  type ProAdsStatus,
  type ProAdsTargeting,
} from '../port';
import { idOf, neutralValue, urn, wireValue } from './restli';

/**
 * The platform's entities as they travel (Marketing API, versioned), and their conversion to and
 * from the port's entities: money as `{ amount: "12.34", currencyCode }` in the account's currency
 * with the currency's own number of decimals, run schedules as epoch milliseconds (end exclusive,
 * in UTC), statuses word for word, ids as strings, and targeting as the platform's
 * `include.and[].or` / `exclude.or` facet maps with URN values (tools see `seniority:3`).
 */

export interface WireMoney {
  amount: string;
  currencyCode: string;
}

export interface WireSchedule {
  start?: number;
  end?: number;
}

export interface WireGroup {
  id: number;
  account: string;
  name: string;
  status: string;
  runSchedule?: WireSchedule;
  totalBudget?: WireMoney;
  test?: boolean;
  servingStatuses?: string[];
}

export type WireFacetMap = Record<string, string[]>;

export interface WireTargeting {
  include?: { and?: { or?: WireFacetMap }[] };
  exclude?: { or?: WireFacetMap };
}

export interface WireCampaign {
  id: number;
  account: string;
  campaignGroup: string;
  name: string;
  type: string;
  format?: string;
  objectiveType?: string;
  status: string;
  costType: string;
  dailyBudget?: WireMoney;
  totalBudget?: WireMoney;
  unitCost?: WireMoney;
  optimizationTargetType?: string;
  targetingCriteria?: WireTargeting;
  runSchedule?: WireSchedule;
  locale?: { country: string; language: string };
  offsiteDeliveryEnabled?: boolean;
  changeAuditStamps?: { created?: { time?: number }; lastModified?: { time?: number } };
  servingStatuses?: string[];
}

export interface WireCreative {
  id: string;
  account?: string;
  campaign: string;
  name?: string;
  intendedStatus: string;
  isServing?: boolean;
  servingHoldReasons?: string[];
  review?: { status?: string; rejectionReasons?: string[] };
  content?: { reference?: string; textAd?: { headline?: string; description?: string; landingPage?: string } };
  createdAt?: number;
  lastModifiedAt?: number;
}

export interface WirePostMedia {
  id: string;
  title?: string;
}

export interface WirePost {
  id?: string;
  author?: string;
  commentary?: string;
  contentCallToActionLabel?: string;
  contentLandingPage?: string;
  content?: {
    media?: WirePostMedia;
    article?: { source?: string; title?: string; description?: string; thumbnail?: string };
    carousel?: { cards?: { media: WirePostMedia; landingPage?: string }[] };
  };
  adContext?: { dscAdAccount?: string; dscStatus?: string; dscName?: string; isDsc?: boolean };
  lifecycleState?: string;
}

// ---- Money.

/** Decimals of a currency's amounts (USD 2, JPY 0, KWD 3). */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in the account's currency as the platform takes it. */
export function toMoney(amount: number, currency: string): WireMoney {
  const decimals = currencyDecimals(currency);
  const factor = 10 ** decimals;
  return { amount: (Math.round(amount * factor) / factor).toFixed(decimals), currencyCode: currency };
}

export const fromMoney = (money: WireMoney | undefined): number | undefined => (money ? Number(money.amount) : undefined);

// ---- Schedules (UTC days; the end is exclusive on the wire, inclusive for tools).

const DAY_MS = 86_400_000;
export const startMs = (date: string): number => Date.parse(`${date}T00:00:00Z`);
export const endMs = (date: string): number => startMs(date) + DAY_MS;
export const startDateOf = (ms: number): string => isoDate(new Date(ms));
export const endDateOf = (ms: number): string => isoDate(new Date(ms - 1));

export function scheduleToWire(start: string, end: string | undefined): WireSchedule {
  return { start: startMs(start), ...(end ? { end: endMs(end) } : {}) };
}

// ---- Words.

export const FORMAT_FROM_WIRE: Record<string, ProAdsFormat> = {
  STANDARD_UPDATE: 'SINGLE_IMAGE',
  SINGLE_VIDEO: 'VIDEO',
  CAROUSEL: 'CAROUSEL',
  TEXT_AD: 'TEXT_AD',
};
export const FORMAT_TO_WIRE: Record<ProAdsFormat, string> = {
  SINGLE_IMAGE: 'STANDARD_UPDATE',
  VIDEO: 'SINGLE_VIDEO',
  CAROUSEL: 'CAROUSEL',
  TEXT_AD: 'TEXT_AD',
};
const OBJECTIVES: readonly ProAdsObjective[] = [
  'BRAND_AWARENESS',
  'WEBSITE_VISIT',
  'ENGAGEMENT',
  'VIDEO_VIEW',
  'LEAD_GENERATION',
  'WEBSITE_CONVERSION',
];
const STATUSES: readonly ProAdsStatus[] = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'COMPLETED', 'DRAFT', 'CANCELED', 'PENDING_DELETION'];

/** The platform's optimization target of each port bid strategy, per objective (what it then optimizes for). */
const MAX_TARGET: Record<ProAdsObjective, string> = {
  BRAND_AWARENESS: 'MAX_IMPRESSION',
  WEBSITE_VISIT: 'MAX_CLICK',
  ENGAGEMENT: 'MAX_CLICK',
  VIDEO_VIEW: 'MAX_VIDEO_VIEW',
  LEAD_GENERATION: 'MAX_LEAD',
  WEBSITE_CONVERSION: 'MAX_CONVERSION',
};
const CAP_TARGET: Partial<Record<ProAdsObjective, string>> = {
  BRAND_AWARENESS: 'CAP_COST_AND_MAXIMIZE_IMPRESSIONS',
  WEBSITE_VISIT: 'CAP_COST_AND_MAXIMIZE_CLICKS',
  ENGAGEMENT: 'CAP_COST_AND_MAXIMIZE_CLICKS',
  VIDEO_VIEW: 'CAP_COST_AND_MAXIMIZE_VIDEO_VIEWS',
  LEAD_GENERATION: 'CAP_COST_AND_MAXIMIZE_LEADS',
};

/** The optimization target for a strategy and objective; undefined when the platform has none (cost cap for conversions). */
export function optimizationTargetOf(strategy: ProAdsBidStrategy, objective: ProAdsObjective): string | undefined {
  if (strategy === 'MANUAL') return 'NONE';
  if (strategy === 'MAXIMUM_DELIVERY') return MAX_TARGET[objective];
  return CAP_TARGET[objective];
}

export function bidStrategyOf(optimizationTargetType: string | undefined): ProAdsBidStrategy | undefined {
  if (!optimizationTargetType || optimizationTargetType === 'NONE' || optimizationTargetType === 'ENHANCED_CONVERSION') return 'MANUAL';
  if (optimizationTargetType.startsWith('MAX_')) return 'MAXIMUM_DELIVERY';
  if (optimizationTargetType.startsWith('CAP_COST_')) return 'COST_CAP';
  // Target-cost bidding has no word in the port: left out rather than named wrongly.
  return undefined;
}

// ---- Targeting.

/** The platform's facet of each port facet. */
export const FACET_WIRE: Record<ProAdsFacet, string> = {
  locations: 'locations',
  job_functions: 'jobFunctions',
  seniorities: 'seniorities',
  industries: 'industries',
  company_sizes: 'staffCountRanges',
  job_titles: 'titles',
  skills: 'skills',
  audiences: 'audienceMatchingSegments',
};
const FACET_OF_WIRE = new Map(PROADS_FACETS.map((facet) => [urn.facet(FACET_WIRE[facet]), facet]));
/** The language clause the platform keeps with every campaign; it is the campaign's locale, not a tool facet. */
export const LOCALE_FACET = urn.facet('interfaceLocales');

/** Targeting as tools see it; `complete` is false when the campaign uses facets or clauses tools cannot show. */
export function targetingFromWire(wire: WireTargeting | undefined): { targeting?: ProAdsTargeting; complete: boolean } {
  if (!wire) return { complete: true };
  let complete = true;
  const include: ProAdsTargeting['include'] = {};
  for (const clause of wire.include?.and ?? []) {
    const entries = Object.entries(clause.or ?? {}).filter(([facet]) => facet !== LOCALE_FACET);
    if (entries.length > 1) complete = false;
    for (const [facetUrn, values] of entries) {
      const facet = FACET_OF_WIRE.get(facetUrn);
      if (!facet || include[facet]) {
        complete = false;
        continue;
      }
      include[facet] = values.map(neutralValue);
    }
  }
  const exclude: NonNullable<ProAdsTargeting['exclude']> = {};
  for (const [facetUrn, values] of Object.entries(wire.exclude?.or ?? {})) {
    const facet = FACET_OF_WIRE.get(facetUrn);
    if (!facet) {
      complete = false;
      continue;
    }
    exclude[facet] = values.map(neutralValue);
  }
  return { targeting: { include, ...(Object.keys(exclude).length ? { exclude } : {}) }, complete };
}

/** The platform's targeting for a port spec; `locale` (e.g. `urn:li:locale:en_US`) is kept as its own clause. */
export function targetingToWire(targeting: ProAdsTargeting, localeClause: WireFacetMap | undefined): WireTargeting {
  const and = PROADS_FACETS.filter((facet) => targeting.include[facet]?.length).map((facet) => ({
    or: { [urn.facet(FACET_WIRE[facet])]: targeting.include[facet]!.map(wireValue) },
  }));
  if (localeClause) and.push({ or: localeClause });
  const excluded = PROADS_FACETS.filter((facet) => targeting.exclude?.[facet]?.length);
  return {
    include: { and },
    ...(excluded.length
      ? {
          exclude: {
            or: Object.fromEntries(excluded.map((facet) => [urn.facet(FACET_WIRE[facet]), targeting.exclude![facet]!.map(wireValue)])),
          },
        }
      : {}),
  };
}

/** The language clause of a campaign's targeting, or the one its locale implies. */
export function localeClauseOf(campaign: Pick<WireCampaign, 'targetingCriteria' | 'locale'> | undefined): WireFacetMap {
  const clause = campaign?.targetingCriteria?.include?.and?.find((c) => c.or?.[LOCALE_FACET]);
  if (clause?.or) return { [LOCALE_FACET]: clause.or[LOCALE_FACET]! };
  const locale = campaign?.locale ?? { country: 'US', language: 'en' };
  return { [LOCALE_FACET]: [`urn:li:locale:${locale.language}_${locale.country}`] };
}

// ---- Entities.

export function groupFromWire(g: WireGroup): ProAdsCampaignGroup {
  return {
    id: String(g.id),
    name: g.name,
    status: g.status as ProAdsStatus,
    ...(g.totalBudget ? { total_budget: fromMoney(g.totalBudget) } : {}),
    ...(g.runSchedule?.start !== undefined ? { start_date: startDateOf(g.runSchedule.start) } : {}),
    ...(g.runSchedule?.end !== undefined ? { end_date: endDateOf(g.runSchedule.end) } : {}),
  };
}

/** Why a campaign cannot be shown to tools (another campaign type, format, objective or status), or undefined. */
export function unsupportedCampaign(c: WireCampaign): string | undefined {
  if (c.type !== 'SPONSORED_UPDATES' && c.type !== 'TEXT_AD') return `its type ${c.type}`;
  if (c.format && !FORMAT_FROM_WIRE[c.format]) return `its ad format ${c.format}`;
  if (!c.objectiveType || !OBJECTIVES.includes(c.objectiveType as ProAdsObjective)) return `its objective ${c.objectiveType ?? '(none)'}`;
  if (!STATUSES.includes(c.status as ProAdsStatus)) return `its status ${c.status}`;
  return undefined;
}

export function campaignFromWire(c: WireCampaign): { campaign: ProAdsCampaign; targetingComplete: boolean } {
  const format: ProAdsFormat = c.format ? FORMAT_FROM_WIRE[c.format]! : c.type === 'TEXT_AD' ? 'TEXT_AD' : 'SINGLE_IMAGE';
  const { targeting, complete } = targetingFromWire(c.targetingCriteria);
  const strategy = bidStrategyOf(c.optimizationTargetType);
  const created = c.changeAuditStamps?.created?.time ?? c.runSchedule?.start ?? 0;
  return {
    campaign: {
      id: String(c.id),
      campaign_group_id: idOf(c.campaignGroup),
      name: c.name,
      type: c.type as ProAdsCampaign['type'],
      format,
      objective_type: c.objectiveType as ProAdsObjective,
      status: c.status as ProAdsStatus,
      cost_type: c.costType as ProAdsCampaign['cost_type'],
      // A campaign with only a lifetime budget has no daily cap: 0 here.
      daily_budget: fromMoney(c.dailyBudget) ?? 0,
      ...(c.totalBudget ? { total_budget: fromMoney(c.totalBudget) } : {}),
      unit_cost: fromMoney(c.unitCost) ?? 0,
      ...(strategy ? { bid_strategy: strategy } : {}),
      ...(targeting ? { targeting } : {}),
      start_date: startDateOf(c.runSchedule?.start ?? created),
      ...(c.runSchedule?.end !== undefined ? { end_date: endDateOf(c.runSchedule.end) } : {}),
      created_at: new Date(created).toISOString(),
    },
    targetingComplete: complete,
  };
}
