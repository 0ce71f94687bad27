import type { ConnectedAccount } from '../../core/accounts';
import { addDays, isoDate } from '../../core/dates';
import { deliverParentDay, splitPerClick, type DayFigures } from '../sandbox/allocate';
import { settingOnDay, stateAt } from '../sandbox/history';
import { lastReportDay } from '../../core/dates';
import { totals } from '../../core/metrics';
import type { HistoryEntry, WithHistory } from '../sandbox/history';
import { digits, idSource } from '../sandbox/ids';
import { dailyMetrics, datesBetween, profileFor, seededRandom, type PerformanceTier } from '../sandbox/metrics';
import { SandboxPlatform } from '../sandbox/platform';
import { EntityStateError, SandboxStore } from '../sandbox/store';
import { negativeBlocks } from './matching';
import { DEVICE_TYPES, REPORT_NETWORKS } from './port';
import type {
  DeskAdsAd,
  DeskAdsAdPatch,
  DeskAdsNewAd,
  DeskAdsBidEstimate,
  DeskAdsQualityRating,
  DeskAdsNewConversionGoal,
  DeskAdsReportSegment,
  DeskAdsAdGroup,
  DeskAdsAdGroupPatch,
  DeskAdsCampaign,
  DeskAdsCampaignPatch,
  DeskAdsKeyword,
  DeskAdsKeywordPatch,
  DeskAdsNegativeKeyword,
  DeskAdsNegativeMatchType,
  DeskAdsNegativeOwner,
  DeskAdsNewAdGroup,
  DeskAdsNewKeyword,
  DeskAdsAccountInfo,
  DeskAdsConversionGoal,
  DeskAdsGoalType,
  DeskAdsPort,
  DeskAdsProduct,
  DeskAdsReportRequest,
  DeskAdsReportRow,
  DeskAdsUetTag,
  DeskAdsAdExtension,
  DeskAdsChange,
  DeskAdsExtensionEntity,
  DeskAdsNewAdExtension,
} from './port';
import type {
  DeskAdsAudience,
  DeskAdsAudienceCriterion,
  DeskAdsAudienceReportRow,
  DeskAdsBudget,
  DeskAdsCampaignSettings,
  DeskAdsGeoLocation,
  DeskAdsGeoReportRow,
  DeskAdsNewAudienceCriterion,
  DeskAdsNewCampaign,
  DeskAdsNewProductPartition,
  DeskAdsProductAd,
  DeskAdsProductPartition,
  DeskAdsRangeRequest,
  DeskAdsStore,
} from './port-rest';
import { audienceSplit, GEO_LOCATIONS, geoSplit, seedAudiences, unitOf } from './sandbox/rest';

/** Entity kinds of the deskads sandbox (the sort-key prefixes). */
export const KIND = {
  account: 'account',
  goal: 'conversion_goal',
  tag: 'uet_tag',
  product: 'product',
  campaign: 'campaign',
  adGroup: 'ad_group',
  keyword: 'keyword',
  negative: 'negative_keyword',
  ad: 'ad',
  extension: 'ad_extension',
  dismissed: 'dismissed_recommendation',
  budget: 'budget',
  store: 'merchant_store',
  partition: 'product_partition',
  audience: 'audience',
  audienceCriterion: 'audience_criterion',
  audienceSetting: 'audience_target_setting',
  productAd: 'product_ad',
} as const;
const ACCOUNT_INFO_ID = 'info';

/** A new sandbox AccountId, shaped like the real platform's (nine digits). */
export const newDeskAdsAccountId = () => `1${digits(8)}`;

/**
 * What the sandbox stores of a product: the product, the tier its simulated figures come from and
 * its offer review status (a disapproved offer does not serve).
 */
type StoredProduct = DeskAdsProduct & { performance: PerformanceTier; offer_status?: 'Approved' | 'Disapproved' };

/** A campaign: shopping and Performance Max campaigns serve products, search campaigns keywords. */
type StoredCampaign = DeskAdsCampaign & DeskAdsCampaignSettings;
/** A shared budget as stored: the campaigns that use it are those whose budget_id names it. */
type StoredBudget = Omit<DeskAdsBudget, 'campaign_ids'>;
/** A keyword and the tier its simulated demand comes from. */
type StoredKeyword = DeskAdsKeyword & { performance: PerformanceTier };

/** A keyword draws a share of a search campaign's traffic. */
const KEYWORD_IMPRESSION_SCALE = 0.35;
/** Before any recorded change: the entity as first stored. */
const FIRST_MOMENT = '1970-01-01T00:00:00.000Z';

/** A product offer draws far fewer impressions than a whole campaign. */
const PRODUCT_IMPRESSION_SCALE = 0.12;

/** A product's whole-day demand from its tier. */
function productDemand(p: StoredProduct, date: string): DayFigures {
  const profile = profileFor(p.performance, { impressions: profileFor(p.performance).impressions * PRODUCT_IMPRESSION_SCALE });
  const { date: _date, video_views: _views, ...day } = dailyMetrics(p.id, date, profile);
  return day;
}

/** A keyword's whole-day demand from its tier; a higher bid than it started with buys more, dearer clicks. */
function keywordDemand(k: StoredKeyword, bid: number, firstBid: number, date: string): DayFigures {
  const factor = Math.sqrt(firstBid > 0 ? bid / firstBid : 1);
  const base = profileFor(k.performance);
  const profile = profileFor(k.performance, { impressions: base.impressions * KEYWORD_IMPRESSION_SCALE * factor, cpc: base.cpc * factor });
  const { date: _date, video_views: _views, ...day } = dailyMetrics(k.id, date, profile);
  return day;
}

/** A search a keyword matches: its text, its share of the keyword's traffic, and whether it can convert. */
interface SearchTerm {
  text: string;
  share: number;
  converts: boolean;
}

/**
 * The searches a keyword matches, by match type: an exact keyword its own text and a plural variant;
 * a phrase keyword longer searches containing it, one of them a bargain hunt that does not convert;
 * a broad keyword loosely related searches too, several of which never convert (the waste that
 * negative keywords are for).
 */
export function searchTermsOf(k: Pick<DeskAdsKeyword, 'text' | 'match_type'>): SearchTerm[] {
  const t = k.text.toLowerCase();
  switch (k.match_type) {
    case 'Exact':
      return [
        { text: t, share: 0.85, converts: true },
        { text: t.endsWith('s') ? t.slice(0, -1) : `${t}s`, share: 0.15, converts: true },
      ];
    case 'Phrase':
      return [
        { text: t, share: 0.45, converts: true },
        { text: `best ${t}`, share: 0.2, converts: true },
        { text: `${t} sale`, share: 0.15, converts: true },
        { text: `cheap ${t}`, share: 0.2, converts: false },
      ];
    case 'Broad':
      return [
        { text: t, share: 0.3, converts: true },
        { text: `${t} reviews`, share: 0.15, converts: true },
        { text: `free ${t}`, share: 0.2, converts: false },
        { text: `used ${t}`, share: 0.15, converts: false },
        { text: `${t} repair`, share: 0.2, converts: false },
      ];
  }
}

/** An ad as stored: the outcome of its editorial review and when the review is done (Pending until then). */
type StoredAd = Omit<DeskAdsAd, 'editorial_status' | 'editorial_reason'> & {
  review_done_at: string;
  review_outcome: 'Approved' | 'Disapproved';
  review_reason: string | null;
};

/** How long the sandbox's editorial review takes. */
const REVIEW_MS = 30 * 60_000;

/**
 * The sandbox's editorial review of an ad's text, after the platform's policies on style: a word of
 * four or more capital letters (excessive capitalization) or repeated punctuation such as "!!" or
 * "?!" (excessive punctuation) is disapproved; everything else is approved.
 */
export function editorialReview(
  ad: Pick<DeskAdsAd, 'headlines' | 'descriptions' | 'path1' | 'path2'>,
  now: Date,
): Pick<StoredAd, 'review_done_at' | 'review_outcome' | 'review_reason'> {
  const texts = [...ad.headlines, ...ad.descriptions, ad.path1 ?? '', ad.path2 ?? ''];
  const shouting = texts.find((t) => /\b[A-Z]{4,}\b/.test(t));
  const punctuation = texts.find((t) => /[!?]{2,}/.test(t));
  const done = new Date(now.getTime() + REVIEW_MS).toISOString();
  if (shouting) return { review_done_at: done, review_outcome: 'Disapproved', review_reason: `ExcessiveCapitalization: "${shouting}"` };
  if (punctuation) return { review_done_at: done, review_outcome: 'Disapproved', review_reason: `ExcessivePunctuation: "${punctuation}"` };
  return { review_done_at: done, review_outcome: 'Approved', review_reason: null };
}

/** An ad as the port returns it at `moment`: Pending until its review is done, then its outcome. */
function adAt(ad: StoredAd, moment: string): DeskAdsAd {
  const { review_done_at, review_outcome, review_reason, ...rest } = ad;
  const done = review_done_at <= moment;
  return { ...rest, editorial_status: done ? review_outcome : 'Pending', editorial_reason: done ? review_reason : null };
}

/** A negative keyword as stored: removal keeps it, with the moment, so past days keep their blocking. */
type StoredNegative = DeskAdsNegativeKeyword & { created_at: string; deleted_at?: string };

/** A keyword's searches on a day with their demand: the keyword's demand split by share, conversions only where a search converts. */
function termDemand(terms: SearchTerm[], day: DayFigures): { term: SearchTerm; day: DayFigures }[] {
  const converting = terms.filter((t) => t.converts).reduce((s, t) => s + t.share, 0);
  return terms.map((term) => ({
    term,
    day: {
      impressions: day.impressions * term.share,
      clicks: day.clicks * term.share,
      spend: day.spend * term.share,
      conversions: term.converts && converting > 0 ? (day.conversions * term.share) / converting : 0,
      revenue: term.converts && converting > 0 ? (day.revenue * term.share) / converting : 0,
    },
  }));
}

const live = (status: string) => status === 'Active';
const running = (e: { start_date: string; end_date?: string }, date: string) => e.start_date <= date && (!e.end_date || date <= e.end_date);

/** One campaign's day: its total and the parts of its products, ad groups and keywords. */
interface CampaignDay {
  date: string;
  campaign_id: string;
  /** The campaign's daily budget that day (time-weighted over a change). */
  daily_budget: number;
  total: DayFigures;
  products: Map<string, DayFigures>;
  adGroups: Map<string, DayFigures>;
  keywords: Map<string, DayFigures & { ad_group_id: string }>;
  ads: Map<string, DayFigures & { ad_group_id: string }>;
  /** Search terms, keyed `keyword id|search`. */
  terms: Map<string, DayFigures & { ad_group_id: string; keyword_id: string; search_term: string }>;
}

/**
 * The delivery model, top down from the entities' history (../sandbox/allocate.ts), so every level
 * adds up exactly and a past day never changes:
 * - a campaign delivers while Active, started and not ended, and never beyond its daily budget;
 * - a shopping or Performance Max campaign's day is its serving products' demand (a disapproved or
 *   not yet started offer serves nothing);
 * - a search campaign's day is its ad groups' demand (Active and running), each the demand of its
 *   Active keywords, each the demand of the searches it matches that no negative keyword of its
 *   campaign or ad group blocks (searchTermsOf, negativeBlocks); an ad group's part is split among its
 *   keywords, a keyword's among its searches. Keyword and negative states are those at the end of the
 *   day: only days that are over are reported, so a change made today never reaches a reported day.
 * Days from today on have no delivery yet.
 */
function deliveryOf(
  campaigns: WithHistory<StoredCampaign>[],
  products: WithHistory<StoredProduct>[],
  adGroups: WithHistory<DeskAdsAdGroup>[],
  keywords: WithHistory<StoredKeyword>[],
  negatives: StoredNegative[],
  ads: WithHistory<StoredAd>[],
  dates: string[],
): CampaignDay[] {
  const days: CampaignDay[] = [];
  const ids = [...new Set([...campaigns.map((c) => c.id), ...products.map((p) => p.campaign_id)])];
  const firstBid = (k: WithHistory<StoredKeyword>) => {
    const first = stateAt(k, FIRST_MOMENT);
    const group = adGroups.find((g) => g.id === k.ad_group_id);
    return first.bid ?? (group ? stateAt(group, FIRST_MOMENT).cpc_bid : 1);
  };
  for (const id of ids) {
    // A product under a campaign the sandbox does not hold (older accounts): no budget, always on.
    const campaign: WithHistory<StoredCampaign> = campaigns.find((c) => c.id === id) ?? {
      id,
      name: '',
      type: 'Shopping',
      status: 'Active',
      daily_budget: 0,
      bid_strategy: 'ManualCpc',
      start_date: '0000-01-01',
    };
    const parentDelivers = (c: StoredCampaign, d: string) => live(c.status) && running(c, d);
    const dailyBudget = (c: StoredCampaign) => (c.daily_budget > 0 ? c.daily_budget : undefined);
    if (campaign.type === 'Search') {
      const groups = adGroups.filter((g) => g.campaign_id === id);
      const words = keywords.filter((k) => k.campaign_id === id);
      for (const date of dates) {
        const endOfDay = `${date}T23:59:59.999Z`;
        const serving = words.map((k) => stateAt(k, endOfDay)).filter((k) => live(k.status));
        const blocking = negatives.filter(
          (n) => n.campaign_id === id && n.created_at <= endOfDay && (!n.deleted_at || n.deleted_at > endOfDay),
        );
        const searchesOf = (k: StoredKeyword, group: DeskAdsAdGroup) => {
          const own = blocking.filter((n) => n.level === 'Campaign' || n.owner_id === k.ad_group_id);
          const open = searchTermsOf(k).filter((t) => !own.some((n) => negativeBlocks(n, t.text)));
          return termDemand(open, keywordDemand(k, k.bid ?? group.cpc_bid, firstBid(words.find((w) => w.id === k.id)!), date)).filter(
            (t) => t.term.share > 0,
          );
        };
        const servingAds = (groupId: string) =>
          ads
            .filter((a) => a.ad_group_id === groupId)
            .map((a) => adAt(stateAt(a, endOfDay), endOfDay))
            .filter((a) => live(a.status) && a.editorial_status === 'Approved');
        const demandOf = (group: DeskAdsAdGroup) =>
          // An ad group without an approved, active ad has nothing to show.
          !servingAds(group.id).length
            ? []
            : serving
                .filter((k) => k.ad_group_id === group.id)
                .map((k) => ({ k, searches: searchesOf(k, group) }))
                .filter((x) => x.searches.length > 0)
                .map((x) => ({ ...x, day: totals(x.searches.map((s) => s.day)) }));
        const day = deliverParentDay<StoredCampaign, DeskAdsAdGroup>({
          date,
          parent: campaign,
          children: groups,
          parentDelivers,
          dailyBudget,
          pricing: 'cpc',
          childDemand: (g, d) => {
            if (!live(g.status) || !running(g, d)) return undefined;
            const parts = demandOf(g);
            return parts.length ? totals(parts.map((p) => p.day)) : undefined;
          },
        });
        if (day.total.impressions <= 0) continue;
        const keywordParts = new Map<string, DayFigures & { ad_group_id: string }>();
        const adParts = new Map<string, DayFigures & { ad_group_id: string }>();
        const termParts: CampaignDay['terms'] = new Map();
        for (const [groupId, figures] of day.children) {
          const groupAds = servingAds(groupId);
          // Ads share their ad group's day by how often the platform picks each (stable per ad).
          const shares = groupAds.map((a) => {
            const w = 0.7 + seededRandom(a.id)() * 0.6;
            return { impressions: w, clicks: w, spend: w, conversions: w, revenue: w };
          });
          splitPerClick(figures, shares).forEach((f, i) => adParts.set(groupAds[i]!.id, { ...f, ad_group_id: groupId }));
          const group = stateAt(
            groups.find((g) => g.id === groupId)!,
            endOfDay,
          );
          const parts = demandOf(group);
          splitPerClick(
            figures,
            parts.map((p) => p.day),
          ).forEach((f, i) => {
            const { k, searches } = parts[i]!;
            keywordParts.set(k.id, { ...f, ad_group_id: groupId });
            splitPerClick(
              f,
              searches.map((s) => s.day),
            ).forEach((t, j) => {
              if (t.impressions > 0)
                termParts.set(`${k.id}|${searches[j]!.term.text}`, {
                  ...t,
                  ad_group_id: groupId,
                  keyword_id: k.id,
                  search_term: searches[j]!.term.text,
                });
            });
          });
        }
        days.push({
          date,
          campaign_id: id,
          daily_budget: settingOnDay(campaign, date, (c) => c.daily_budget),
          total: day.total,
          products: new Map(),
          adGroups: day.children,
          keywords: keywordParts,
          ads: adParts,
          terms: termParts,
        });
      }
      continue;
    }
    const children = products.filter((p) => p.campaign_id === id);
    if (!children.length) continue;
    for (const date of dates) {
      const day = deliverParentDay<StoredCampaign, StoredProduct>({
        date,
        parent: campaign,
        children,
        parentDelivers,
        dailyBudget,
        pricing: 'cpc',
        childDemand: (p, d) => (p.offer_status !== 'Disapproved' && p.start_date <= d ? productDemand(p, d) : undefined),
      });
      if (day.total.impressions > 0)
        days.push({
          date,
          campaign_id: id,
          daily_budget: settingOnDay(campaign, date, (c) => c.daily_budget),
          total: day.total,
          products: day.children,
          adGroups: new Map(),
          keywords: new Map(),
          ads: new Map(),
          terms: new Map(),
        });
    }
  }
  return days;
}

/** Typical shares of a search day by device and by network, before each day's own variation. */
const SEGMENT_SHARES: Record<DeskAdsReportSegment, { values: readonly string[]; shares: number[] }> = {
  DeviceType: { values: DEVICE_TYPES, shares: [0.62, 0.3, 0.08] },
  Network: { values: REPORT_NETWORKS, shares: [0.7, 0.22, 0.08] },
};

/**
 * A row's day split by device or network: each value's share varies a little per entity and day
 * (deterministically), and the parts add up to the day exactly (../sandbox/allocate.ts splitDay).
 * Conversions lean to computers, as on the platform.
 */
function segmentDay(
  entityId: string,
  date: string,
  day: DayFigures,
  segment: DeskAdsReportSegment,
): { value: string; figures: DayFigures }[] {
  const { values, shares } = SEGMENT_SHARES[segment];
  const random = seededRandom(`${entityId}|${date}|${segment}`);
  const weights = shares.map((share, i) => {
    const w = share * (0.85 + random() * 0.3);
    const conversionLean = segment === 'DeviceType' && i === 0 ? 1.25 : 1;
    return { impressions: w, clicks: w, spend: w, conversions: w * conversionLean, revenue: w * conversionLean };
  });
  return splitPerClick(day, weights)
    .map((figures, i) => ({ value: values[i]!, figures }))
    .filter((part) => part.figures.impressions > 0);
}

type Figures = Pick<DeskAdsReportRow, 'impressions' | 'clicks' | 'spend' | 'conversions' | 'revenue'>;

/** Figures of one report row: the days given, added up (spend and revenue to the cent). */
function figuresOf(days: readonly Figures[]): Figures {
  const { impressions, clicks, spend, conversions, revenue } = totals(days);
  return { impressions, clicks, spend, conversions, revenue };
}

/** The simulated deskads platform for one sandbox account. */
export class DeskAdsSandbox extends SandboxPlatform implements DeskAdsPort {
  getAccountInfo(): Promise<DeskAdsAccountInfo> {
    return this.store.require<DeskAdsAccountInfo>(KIND.account, ACCOUNT_INFO_ID);
  }

  listConversionGoals(): Promise<DeskAdsConversionGoal[]> {
    return this.store.list<DeskAdsConversionGoal>(KIND.goal);
  }

  listUetTags(): Promise<DeskAdsUetTag[]> {
    return this.store.list<DeskAdsUetTag>(KIND.tag);
  }

  async listProducts(): Promise<DeskAdsProduct[]> {
    return (await this.store.list<StoredProduct>(KIND.product)).map(({ performance: _tier, ...product }) => product);
  }

  /** Rows from the delivery model (deliveryOf): product, ad group and keyword rows add up to their campaign's rows. */
  async getReport(request: DeskAdsReportRequest): Promise<DeskAdsReportRow[]> {
    const days = await this.delivery(request);
    if (!days.length) return [];
    type Dimensions = Omit<DeskAdsReportRow, keyof Figures>;
    // The days of each row's entity, keyed by entity (and day, for Daily; and segment value, when segmented).
    const groups = new Map<string, Dimensions & { days: Figures[] }>();
    const add = (key: string, row: Dimensions, figures: Figures) => {
      const group = groups.get(key) ?? { ...row, days: [] };
      group.days.push(figures);
      groups.set(key, group);
    };
    const segment = request.report_type === 'ProductDimensionPerformance' ? undefined : request.segment;
    const collect = (entity: string, row: Dimensions, figures: DayFigures, date: string) => {
      const key = `${entity}|${row.date ?? ''}`;
      if (!segment) return add(key, row, figures);
      const field = segment === 'DeviceType' ? 'device_type' : 'network';
      for (const part of segmentDay(entity, date, figures, segment))
        add(`${key}|${part.value}`, { ...row, [field]: part.value } as Dimensions, part.figures);
    };
    for (const day of days) {
      const base = { ...(request.aggregation === 'Daily' ? { date: day.date } : {}), campaign_id: day.campaign_id };
      switch (request.report_type) {
        case 'CampaignPerformance':
          collect(
            day.campaign_id,
            request.aggregation === 'Daily' ? { ...base, daily_budget: day.daily_budget } : base,
            day.total,
            day.date,
          );
          break;
        case 'ProductDimensionPerformance':
          for (const [id, figures] of day.products) collect(id, { ...base, product_id: id }, figures, day.date);
          break;
        case 'AdGroupPerformance':
          for (const [id, figures] of day.adGroups) collect(id, { ...base, ad_group_id: id }, figures, day.date);
          break;
        case 'KeywordPerformance':
          for (const [id, { ad_group_id, ...figures }] of day.keywords)
            collect(id, { ...base, ad_group_id, keyword_id: id }, figures, day.date);
          break;
        case 'AdPerformance':
          for (const [id, { ad_group_id, ...figures }] of day.ads) collect(id, { ...base, ad_group_id, ad_id: id }, figures, day.date);
          break;
        case 'SearchQueryPerformance':
          for (const [id, { ad_group_id, keyword_id, search_term, ...figures }] of day.terms)
            collect(id, { ...base, ad_group_id, keyword_id, search_term }, figures, day.date);
          break;
      }
    }
    const rows = [...groups.values()].map(({ days, ...dimensions }) => ({ ...dimensions, ...figuresOf(days) }));
    // The reporting service returns rows with activity only.
    return rows.filter((row) => row.impressions > 0);
  }

  /** The delivery model's days over a range (up to yesterday: the sandbox simulates its days in UTC). */
  private async delivery(range: DeskAdsRangeRequest): Promise<CampaignDay[]> {
    const last = lastReportDay(new Date(), 'UTC');
    const dates = datesBetween(range.start_date, range.end_date < last ? range.end_date : last);
    if (!dates.length) return [];
    const history = { withHistory: true };
    const [campaigns, products, adGroups, keywords, negatives, ads] = await Promise.all([
      this.store.list<StoredCampaign>(KIND.campaign, history),
      this.store.list<StoredProduct>(KIND.product, history),
      this.store.list<DeskAdsAdGroup>(KIND.adGroup, history),
      this.store.list<StoredKeyword>(KIND.keyword, history),
      this.store.list<StoredNegative>(KIND.negative),
      this.store.list<StoredAd>(KIND.ad, history),
    ]);
    return deliveryOf(campaigns, products, adGroups, keywords, negatives, ads, dates);
  }

  /** Each campaign's days split by city and location type (sandbox/rest.ts geoSplit), so rows add up to the campaign report. */
  async getGeoReport(request: DeskAdsRangeRequest): Promise<DeskAdsGeoReportRow[]> {
    const [days, campaigns] = await Promise.all([this.delivery(request), this.store.list<StoredCampaign>(KIND.campaign)]);
    const locations = new Map(campaigns.map((c) => [c.id, c.location_ids]));
    const rows = new Map<string, Omit<DeskAdsGeoReportRow, keyof Figures> & { days: Figures[] }>();
    for (const day of days) {
      for (const part of geoSplit(day.campaign_id, locations.get(day.campaign_id), day.date, day.total)) {
        const key = `${day.campaign_id}|${part.city.id}|${part.location_type}`;
        const row = rows.get(key) ?? {
          campaign_id: day.campaign_id,
          location_id: part.city.id,
          country: part.city.country,
          state: part.city.state,
          metro: part.city.metro,
          city: part.city.name,
          most_specific_location: part.city.name,
          location_type: part.location_type,
          days: [],
        };
        row.days.push(part.figures);
        rows.set(key, row);
      }
    }
    return [...rows.values()].map(({ days: d, ...dimensions }) => ({ ...dimensions, ...figuresOf(d) })).filter((r) => r.impressions > 0);
  }

  /**
   * Each ad group's days split among its audiences as they were at the end of that day (criteria
   * added later, and the target setting changed later, do not reach a past day): rows add up to the
   * ad group report.
   */
  async getAudienceReport(request: DeskAdsRangeRequest): Promise<DeskAdsAudienceReportRow[]> {
    const [days, audiences, criteria, settings] = await Promise.all([
      this.delivery(request),
      this.store.list<DeskAdsAudience>(KIND.audience),
      this.store.list<DeskAdsAudienceCriterion>(KIND.audienceCriterion),
      this.store.list<{ id: string; target_and_bid: boolean }>(KIND.audienceSetting, { withHistory: true }),
    ]);
    const byId = new Map(audiences.map((a) => [a.id, a]));
    const rows = new Map<string, Omit<DeskAdsAudienceReportRow, keyof Figures> & { days: Figures[] }>();
    for (const day of days) {
      const endOfDay = `${day.date}T23:59:59.999Z`;
      for (const [groupId, figures] of day.adGroups) {
        const setting = settings.find((s) => s.id === groupId);
        const targetAndBid = setting ? stateAt(setting, endOfDay).target_and_bid : false;
        const own = criteria.filter((c) => c.ad_group_id === groupId && c.created_at <= endOfDay);
        for (const part of audienceSplit(groupId, day.date, figures, own, byId, targetAndBid)) {
          const key = `${groupId}|${part.audience_id ?? ''}|${targetAndBid}`;
          const row = rows.get(key) ?? {
            campaign_id: day.campaign_id,
            ad_group_id: groupId,
            audience_id: part.audience_id,
            targeting_setting: targetAndBid ? ('TargetAndBid' as const) : ('BidOnly' as const),
            days: [],
          };
          row.days.push(part.figures);
          rows.set(key, row);
        }
      }
    }
    return [...rows.values()].map(({ days: d, ...dimensions }) => ({ ...dimensions, ...figuresOf(d) })).filter((r) => r.impressions > 0);
  }

  /**
   * A new campaign. On a shared budget the campaigns of that budget share it evenly from now on (each
   * campaign's daily_budget is its share, so delivery keeps every day within the shared amount).
   */
  async createCampaign(campaign: DeskAdsNewCampaign): Promise<StoredCampaign> {
    const { daily_budget, ...rest } = campaign;
    const id = digits(9);
    if (campaign.budget_id) {
      const budget = await this.store.require<StoredBudget>(KIND.budget, campaign.budget_id);
      const created = await this.store.create<StoredCampaign>(KIND.campaign, {
        id,
        ...(JSON.parse(JSON.stringify(rest)) as typeof rest),
        daily_budget: 0,
      });
      await this.respreadBudget(budget.id, budget.amount);
      return this.store.require<StoredCampaign>(KIND.campaign, created.id);
    }
    return this.store.create<StoredCampaign>(KIND.campaign, {
      id,
      ...(JSON.parse(JSON.stringify(rest)) as typeof rest),
      daily_budget: daily_budget ?? 0,
    });
  }

  listCampaignSettings(): Promise<StoredCampaign[]> {
    return this.store.list<StoredCampaign>(KIND.campaign);
  }

  async listBudgets(): Promise<DeskAdsBudget[]> {
    const [budgets, campaigns] = await Promise.all([
      this.store.list<StoredBudget>(KIND.budget),
      this.store.list<StoredCampaign>(KIND.campaign),
    ]);
    return budgets.map((b) => ({
      ...b,
      campaign_ids: campaigns.filter((c) => c.budget_id === b.id && c.status !== 'Deleted').map((c) => c.id),
    }));
  }

  async updateBudget(id: string, amount: number, expectAmount?: number): Promise<DeskAdsBudget> {
    await this.store.update<StoredBudget>(
      KIND.budget,
      id,
      { amount },
      { expect: expectAmount === undefined ? undefined : { amount: expectAmount } },
    );
    await this.respreadBudget(id, amount);
    return (await this.listBudgets()).find((b) => b.id === id)!;
  }

  /** Gives each campaign of a shared budget an even share of it (in whole cents, never more than the amount in all). */
  private async respreadBudget(budgetId: string, amount: number): Promise<void> {
    const members = (await this.store.list<StoredCampaign>(KIND.campaign)).filter(
      (c) => c.budget_id === budgetId && c.status !== 'Deleted',
    );
    if (!members.length) return;
    const share = Math.floor((amount / members.length) * 100) / 100;
    for (const c of members)
      if (c.daily_budget !== share) await this.store.update<StoredCampaign>(KIND.campaign, c.id, { daily_budget: share });
  }

  listStores(): Promise<DeskAdsStore[]> {
    return this.store.list<DeskAdsStore>(KIND.store);
  }

  /**
   * The ad group's product group tree. The sandbox then puts the store's offers the tree bids on under
   * the campaign (each a product of the product dimension, from the campaign's start), so a resumed
   * shopping campaign delivers from its products like the seeded one.
   */
  async setProductPartitions(adGroupId: string, partitions: DeskAdsNewProductPartition[]): Promise<DeskAdsProductPartition[]> {
    const group = await this.store.require<DeskAdsAdGroup>(KIND.adGroup, adGroupId);
    const campaign = await this.store.require<StoredCampaign>(KIND.campaign, group.campaign_id);
    const created: DeskAdsProductPartition[] = [];
    for (const p of partitions)
      created.push(await this.store.create<DeskAdsProductPartition>(KIND.partition, { id: digits(12), ad_group_id: adGroupId, ...p }));
    const storeId = campaign.shopping_setting?.store_id;
    if (storeId) {
      const products = await this.store.list<StoredProduct>(KIND.product);
      const offers = new Map<string, StoredProduct>();
      for (const p of products)
        if (p.store_id === storeId && p.campaign_type === 'Shopping' && !offers.has(p.merchant_product_id))
          offers.set(p.merchant_product_id, p);
      for (const offer of offers.values()) {
        const unit = unitOf(partitions, offer);
        if (!unit || unit.excluded) continue;
        const { history: _h, rev: _r, ...fields } = offer as StoredProduct & { history?: unknown; rev?: unknown };
        await this.store.create<StoredProduct>(KIND.product, {
          ...fields,
          id: digits(12),
          campaign_id: campaign.id,
          campaign_name: campaign.name,
          campaign_type: 'Shopping',
          start_date: campaign.start_date,
          offer_status: offer.offer_status === 'Disapproved' ? 'Disapproved' : 'Approved',
        });
      }
    }
    return created;
  }

  async addProductAd(adGroupId: string, promotionalText?: string): Promise<DeskAdsProductAd> {
    const group = await this.store.require<DeskAdsAdGroup>(KIND.adGroup, adGroupId);
    return this.store.create<DeskAdsProductAd>(KIND.productAd, {
      id: digits(12),
      ad_group_id: group.id,
      campaign_id: group.campaign_id,
      promotional_text: promotionalText ?? null,
      status: 'Active',
    });
  }

  async listProductPartitions(adGroupId?: string): Promise<DeskAdsProductPartition[]> {
    const all = await this.store.list<DeskAdsProductPartition>(KIND.partition);
    return adGroupId ? all.filter((p) => p.ad_group_id === adGroupId) : all;
  }

  async listGeoLocations(): Promise<DeskAdsGeoLocation[]> {
    return GEO_LOCATIONS;
  }

  listAudiences(): Promise<DeskAdsAudience[]> {
    return this.store.list<DeskAdsAudience>(KIND.audience);
  }

  async listAudienceCriteria(filter: { adGroupId?: string } = {}): Promise<DeskAdsAudienceCriterion[]> {
    const all = await this.store.list<DeskAdsAudienceCriterion>(KIND.audienceCriterion);
    return filter.adGroupId ? all.filter((c) => c.ad_group_id === filter.adGroupId) : all;
  }

  async addAudienceCriteria(adGroupId: string, criteria: DeskAdsNewAudienceCriterion[]): Promise<DeskAdsAudienceCriterion[]> {
    const group = await this.store.require<DeskAdsAdGroup>(KIND.adGroup, adGroupId);
    const audiences = new Map((await this.store.list<DeskAdsAudience>(KIND.audience)).map((a) => [a.id, a]));
    const created: DeskAdsAudienceCriterion[] = [];
    for (const c of criteria) {
      const audience = audiences.get(c.audience_id);
      if (!audience) throw new EntityStateError(KIND.audience, c.audience_id);
      created.push(
        await this.store.create<DeskAdsAudienceCriterion>(KIND.audienceCriterion, {
          id: digits(12),
          ad_group_id: group.id,
          campaign_id: group.campaign_id,
          audience_type: audience.type,
          status: 'Active',
          created_at: new Date().toISOString(),
          ...c,
        }),
      );
    }
    return created;
  }

  async getAudienceTargetAndBid(adGroupId: string): Promise<boolean> {
    return (await this.store.get<{ id: string; target_and_bid: boolean }>(KIND.audienceSetting, adGroupId))?.target_and_bid ?? false;
  }

  /** Kept with its history: the first setting is bid only, so a change reaches only days after it. */
  async setAudienceTargetAndBid(adGroupId: string, targetAndBid: boolean): Promise<void> {
    await this.store.require<DeskAdsAdGroup>(KIND.adGroup, adGroupId);
    if (!(await this.store.get(KIND.audienceSetting, adGroupId)))
      await this.store.create(KIND.audienceSetting, { id: adGroupId, target_and_bid: false });
    await this.store.update(KIND.audienceSetting, adGroupId, { target_and_bid: targetAndBid });
  }

  listCampaigns(): Promise<DeskAdsCampaign[]> {
    return this.store.list<DeskAdsCampaign>(KIND.campaign);
  }

  /** A campaign leaving its shared budget (budget_id cleared) leaves the budget to the others, evenly. */
  async updateCampaign(
    id: string,
    patch: DeskAdsCampaignPatch & DeskAdsCampaignSettings,
    expect?: Partial<DeskAdsCampaign>,
  ): Promise<DeskAdsCampaign> {
    const before = 'budget_id' in patch ? (await this.store.require<StoredCampaign>(KIND.campaign, id)).budget_id : undefined;
    const updated = await this.store.update<StoredCampaign>(KIND.campaign, id, patch as Record<string, unknown>, { expect });
    if (before && before !== updated.budget_id) {
      const budget = await this.store.get<StoredBudget>(KIND.budget, before);
      if (budget) await this.respreadBudget(budget.id, budget.amount);
    }
    return updated;
  }

  async listAdGroups(campaignId?: string): Promise<DeskAdsAdGroup[]> {
    const groups = await this.store.list<DeskAdsAdGroup>(KIND.adGroup);
    return campaignId ? groups.filter((g) => g.campaign_id === campaignId) : groups;
  }

  async createAdGroup(adGroup: DeskAdsNewAdGroup): Promise<DeskAdsAdGroup> {
    return this.store.create<DeskAdsAdGroup>(KIND.adGroup, { id: digits(10), ...adGroup });
  }

  updateAdGroup(id: string, patch: DeskAdsAdGroupPatch, expect?: Partial<DeskAdsAdGroup>): Promise<DeskAdsAdGroup> {
    return this.store.update<DeskAdsAdGroup>(KIND.adGroup, id, patch, { expect });
  }

  async listKeywords(filter: { campaignId?: string; adGroupId?: string } = {}): Promise<DeskAdsKeyword[]> {
    const keywords = await this.store.list<StoredKeyword>(KIND.keyword);
    return keywords
      .filter(
        (k) => (!filter.campaignId || k.campaign_id === filter.campaignId) && (!filter.adGroupId || k.ad_group_id === filter.adGroupId),
      )
      .map(({ performance: _tier, ...keyword }) => keyword);
  }

  async addKeywords(adGroupId: string, keywords: DeskAdsNewKeyword[]): Promise<DeskAdsKeyword[]> {
    const group = await this.store.require<DeskAdsAdGroup>(KIND.adGroup, adGroupId);
    const added: DeskAdsKeyword[] = [];
    for (const keyword of keywords) {
      // A new keyword has no quality score until it has served; its simulated demand is that of a new entity.
      const stored: StoredKeyword = {
        id: digits(11),
        ad_group_id: group.id,
        campaign_id: group.campaign_id,
        status: 'Active',
        quality_score: null,
        quality_components: null,
        ...keyword,
        performance: 'new',
      };
      const { performance: _tier, ...created } = await this.store.create<StoredKeyword>(KIND.keyword, stored);
      added.push(created);
    }
    return added;
  }

  async updateKeyword(id: string, patch: DeskAdsKeywordPatch, expect?: Partial<DeskAdsKeyword>): Promise<DeskAdsKeyword> {
    const { performance: _tier, ...keyword } = await this.store.update<StoredKeyword>(KIND.keyword, id, patch, { expect });
    return keyword;
  }

  async listNegativeKeywords(filter: { campaignId?: string } = {}): Promise<DeskAdsNegativeKeyword[]> {
    const negatives = (await this.store.list<StoredNegative>(KIND.negative))
      .filter((n) => !n.deleted_at)
      .map(({ created_at: _c, deleted_at: _d, ...n }) => n);
    return filter.campaignId ? negatives.filter((n) => n.campaign_id === filter.campaignId) : negatives;
  }

  async addNegativeKeywords(
    owner: DeskAdsNegativeOwner,
    negatives: { text: string; match_type: DeskAdsNegativeMatchType }[],
  ): Promise<DeskAdsNegativeKeyword[]> {
    const campaignId =
      owner.level === 'Campaign'
        ? (await this.store.require<DeskAdsCampaign>(KIND.campaign, owner.id)).id
        : (await this.store.require<DeskAdsAdGroup>(KIND.adGroup, owner.id)).campaign_id;
    const added: DeskAdsNegativeKeyword[] = [];
    for (const negative of negatives) {
      const { created_at: _c, ...created } = await this.store.create<StoredNegative>(KIND.negative, {
        id: digits(11),
        level: owner.level,
        owner_id: owner.id,
        campaign_id: campaignId,
        ...negative,
        created_at: new Date().toISOString(),
      });
      added.push(created);
    }
    return added;
  }

  async createConversionGoal(goal: DeskAdsNewConversionGoal): Promise<DeskAdsConversionGoal> {
    // A new goal records nothing until its tag reports a matching visit: the platform shows it unverified first.
    const tag = goal.tag_id ? await this.store.require<DeskAdsUetTag>(KIND.tag, goal.tag_id) : undefined;
    return this.store.create<DeskAdsConversionGoal>(KIND.goal, {
      id: digits(8),
      ...goal,
      status: 'Active',
      tracking_status: tag && tag.status === 'Active' ? 'NoRecentConversions' : 'TagUnverified',
      scope: 'Account',
      start_date: isoDate(new Date()),
    });
  }

  async listAds(filter: { campaignId?: string; adGroupId?: string } = {}): Promise<DeskAdsAd[]> {
    const now = new Date().toISOString();
    return (await this.store.list<StoredAd>(KIND.ad))
      .filter(
        (a) => (!filter.campaignId || a.campaign_id === filter.campaignId) && (!filter.adGroupId || a.ad_group_id === filter.adGroupId),
      )
      .map((a) => adAt(a, now));
  }

  async createAd(ad: DeskAdsNewAd): Promise<DeskAdsAd> {
    const group = await this.store.require<DeskAdsAdGroup>(KIND.adGroup, ad.ad_group_id);
    const now = new Date();
    const stored: StoredAd = {
      id: digits(12),
      campaign_id: group.campaign_id,
      type: 'ResponsiveSearch',
      ...ad,
      ...editorialReview(ad, now),
    };
    return adAt(await this.store.create<StoredAd>(KIND.ad, stored), now.toISOString());
  }

  async updateAd(id: string, patch: DeskAdsAdPatch, expect?: Partial<DeskAdsAd>): Promise<DeskAdsAd> {
    const now = new Date();
    const current = await this.store.require<StoredAd>(KIND.ad, id);
    const textChanged = (['headlines', 'descriptions', 'path1', 'path2', 'final_url'] as const).some(
      (f) => patch[f] !== undefined && JSON.stringify(patch[f]) !== JSON.stringify(current[f]),
    );
    // A new text goes through review again; a status change alone does not.
    const review = textChanged ? editorialReview({ ...current, ...patch }, now) : {};
    const { editorial_status: _s, editorial_reason: _r, ...fields } = expect ?? {};
    // Lists are compared by value here; the store compares scalars in its conditional write.
    const lists = Object.entries(fields).filter(([, value]) => Array.isArray(value));
    if (lists.some(([field, value]) => JSON.stringify(current[field as keyof StoredAd]) !== JSON.stringify(value)))
      throw new EntityStateError(KIND.ad, id);
    const scalars = Object.fromEntries(Object.entries(fields).filter(([, value]) => !Array.isArray(value)));
    return adAt(await this.store.update<StoredAd>(KIND.ad, id, { ...patch, ...review }, { expect: scalars }), now.toISOString());
  }

  /** Estimates from the keyword's own cost per click profile: a better quality score needs a lower bid for the same position. */
  async getEstimatedBids(keywordIds: string[]): Promise<DeskAdsBidEstimate[]> {
    const keywords = new Map((await this.store.list<StoredKeyword>(KIND.keyword)).map((k) => [k.id, k]));
    return keywordIds.flatMap((id) => {
      const k = keywords.get(id);
      if (!k) return [];
      const cpc = profileFor(k.performance).cpc;
      const quality = (k.quality_score ?? 5) / 10;
      const at = (factor: number) => Math.round(cpc * factor * (1.4 - quality * 0.6) * 100) / 100;
      return [{ keyword_id: id, first_page: at(0.55), top_of_page: at(1.15), mainline_first: at(1.9) }];
    });
  }

  async deleteNegativeKeywords(ids: string[]): Promise<void> {
    // Kept with the moment of removal: the days it blocked searches keep their figures.
    for (const id of ids)
      await this.store.update<StoredNegative>(
        KIND.negative,
        id,
        { deleted_at: new Date().toISOString() },
        { expect: { deleted_at: undefined } },
      );
  }

  listAdExtensions(): Promise<DeskAdsAdExtension[]> {
    return this.store.list<DeskAdsAdExtension>(KIND.extension);
  }

  async addAdExtensions(entity: DeskAdsExtensionEntity, extensions: DeskAdsNewAdExtension[]): Promise<DeskAdsAdExtension[]> {
    const campaignId =
      entity.type === 'Campaign'
        ? (await this.store.require<DeskAdsCampaign>(KIND.campaign, entity.id)).id
        : (await this.store.require<DeskAdsAdGroup>(KIND.adGroup, entity.id)).campaign_id;
    const association = { ...entity, campaign_id: campaignId };
    const library = await this.store.list<DeskAdsAdExtension>(KIND.extension);
    const result: DeskAdsAdExtension[] = [];
    for (const extension of extensions) {
      const same = library.find(
        (e) =>
          e.type === extension.type &&
          e.display_text === extension.display_text &&
          e.description1 === extension.description1 &&
          e.description2 === extension.description2 &&
          e.final_url === extension.final_url &&
          e.text === extension.text,
      );
      if (!same) {
        const created = await this.store.create<DeskAdsAdExtension>(KIND.extension, {
          id: digits(10),
          ...(JSON.parse(JSON.stringify(extension)) as typeof extension),
          associations: [association],
        });
        library.push(created);
        result.push(created);
      } else if (same.associations.some((a) => a.type === entity.type && a.id === entity.id)) result.push(same);
      else
        result.push(
          await this.store.update<DeskAdsAdExtension>(KIND.extension, same.id, { associations: [...same.associations, association] }),
        );
    }
    return result;
  }

  async removeAdExtensionAssociations(entity: DeskAdsExtensionEntity, extensionIds: string[]): Promise<void> {
    for (const id of extensionIds) {
      const extension = await this.store.require<DeskAdsAdExtension>(KIND.extension, id);
      await this.store.update<DeskAdsAdExtension>(KIND.extension, id, {
        associations: extension.associations.filter((a) => !(a.type === entity.type && a.id === entity.id)),
      });
    }
  }

  async listDismissedRecommendations(): Promise<string[]> {
    return (await this.store.list<{ id: string }>(KIND.dismissed)).map((d) => d.id);
  }

  async dismissRecommendations(ids: string[]): Promise<void> {
    await this.store.putMany(
      KIND.dismissed,
      ids.map((id) => ({ id })),
    );
  }

  /** From the entities' recorded history (platforms/sandbox/history.ts): each update's fields, before and after. */
  async listChanges(from: string, to: string): Promise<DeskAdsChange[]> {
    const history = { withHistory: true };
    const [campaigns, groups, keywords, ads] = await Promise.all([
      this.store.list<WithHistory<DeskAdsCampaign>>(KIND.campaign, history),
      this.store.list<WithHistory<DeskAdsAdGroup>>(KIND.adGroup, history),
      this.store.list<WithHistory<StoredKeyword>>(KIND.keyword, history),
      this.store.list<WithHistory<StoredAd>>(KIND.ad, history),
    ]);
    const changes: DeskAdsChange[] = [];
    const collect = (
      type: DeskAdsChange['entity_type'],
      entities: WithHistory<{ id: string }>[],
      nameOf: (e: Record<string, unknown>) => string,
    ) => {
      for (const entity of entities) {
        for (const entry of entity.history ?? []) {
          if (entry.at < from || entry.at >= to) continue;
          const after = stateAt(entity, entry.at) as Record<string, unknown>;
          for (const [field, before] of Object.entries(entry.before)) {
            if (field === 'rev' || field === 'performance') continue;
            changes.push({
              at: entry.at,
              entity_type: type,
              entity_id: entity.id,
              entity_name: nameOf(after),
              field,
              old_value: before ?? null,
              new_value: after[field] ?? null,
            });
          }
        }
      }
    };
    collect('Campaign', campaigns, (e) => String(e.name));
    collect('AdGroup', groups, (e) => String(e.name));
    collect('Keyword', keywords, (e) => String(e.text));
    collect('Ad', ads, (e) => String((e.headlines as string[] | undefined)?.[0] ?? e.id));
    return changes.sort((a, b) => b.at.localeCompare(a.at) || a.entity_id.localeCompare(b.entity_id));
  }
}

/** A keyword's quality score and components by its tier (new keywords have none yet). */
function qualityOf(tier: PerformanceTier): Pick<DeskAdsKeyword, 'quality_score' | 'quality_components'> {
  const rating = (good: boolean, bad: boolean): DeskAdsQualityRating => (good ? 'AboveAverage' : bad ? 'BelowAverage' : 'Average');
  switch (tier) {
    case 'new':
      return { quality_score: null, quality_components: null };
    case 'strong':
      return {
        quality_score: 8,
        quality_components: { expected_ctr: rating(true, false), ad_relevance: rating(true, false), landing_page: rating(false, false) },
      };
    case 'average':
      return {
        quality_score: 6,
        quality_components: { expected_ctr: rating(false, false), ad_relevance: rating(true, false), landing_page: rating(false, false) },
      };
    case 'poor':
      return {
        quality_score: 4,
        quality_components: { expected_ctr: rating(false, true), ad_relevance: rating(false, false), landing_page: rating(false, true) },
      };
    case 'wasteful':
      return {
        quality_score: 3,
        quality_components: { expected_ctr: rating(false, true), ad_relevance: rating(false, true), landing_page: rating(false, false) },
      };
  }
}

/** Seeds a new sandbox account with realistic deskads entities. Ids are reproducible per account. */
export async function seedDeskAdsAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('deskads', account.account_id);
  const ids = idSource(`deskads:${account.account_id}`);
  const today = isoDate(new Date());
  const ago = (days: number) => addDays(today, -days);

  const info: DeskAdsAccountInfo = {
    id: ACCOUNT_INFO_ID,
    account_id: account.account_id,
    account_number: `F${ids.digits(7)}`,
    name: account.name,
    status: 'Active',
    currency_code: account.currency,
    time_zone: account.time_zone,
    parent_customer_id: ids.digits(9),
  };

  const tags: DeskAdsUetTag[] = [
    { id: ids.digits(8), name: 'Northwind main site', status: 'Active' },
    { id: ids.digits(8), name: 'Northwind blog', status: 'Unverified' },
  ];
  const [mainTag, blogTag] = tags;

  const goal = (
    name: string,
    type: DeskAdsGoalType,
    status: string,
    tracking_status: string,
    category: string,
    revenue: [string, number | null],
    start?: number,
    tag = mainTag,
  ): DeskAdsConversionGoal => ({
    id: ids.digits(8),
    name,
    type,
    status,
    tracking_status,
    tag_id: type === 'OfflineConversion' || type === 'InStoreTransaction' ? undefined : tag!.id,
    revenue_type: revenue[0],
    revenue_value: revenue[1],
    currency_code: account.currency,
    count_type: category === 'Purchase' ? 'All' : 'Unique',
    conversion_window_minutes: type === 'InStoreTransaction' ? 43200 : 43200 / (type === 'Url' ? 1 : 2),
    goal_category: category,
    scope: 'Account',
    start_date: start === undefined ? undefined : ago(start),
  });
  const goals: DeskAdsConversionGoal[] = [
    goal('Purchase - Order Confirmation', 'Url', 'Active', 'RecentConversions', 'Purchase', ['VariableValue', 48]),
    goal('Newsletter Signup', 'Event', 'Active', 'RecentConversions', 'Signup', ['FixedValue', 2], 200),
    goal('Add to Cart', 'Event', 'Active', 'RecentConversions', 'AddToCart', ['NoValue', null], 150),
    goal('Store Locator Use', 'Event', 'Paused', 'NoRecentConversions', 'Other', ['NoValue', null], 300),
    goal('Engaged Visit (3+ min)', 'Duration', 'Active', 'RecentConversions', 'Other', ['FixedValue', 0.5], 90),
    goal('Deep Browse (5+ pages)', 'PagesViewedPerVisit', 'Active', 'NoRecentConversions', 'PageView', ['FixedValue', 0.25]),
    goal('Trail App Install', 'AppInstall', 'Active', 'TagUnverified', 'Download', ['FixedValue', 3], 40, blogTag),
    goal('CRM Qualified Lead Import', 'OfflineConversion', 'Active', 'RecentConversions', 'Lead', ['VariableValue', 120], 60),
    goal('In-Store Purchase', 'InStoreTransaction', 'Paused', 'NoRecentConversions', 'Purchase', ['VariableValue', 75], 25),
    goal('Gift Card Purchase', 'Url', 'Active', 'RecentConversions', 'Purchase', ['FixedValue', 50], 330),
    goal('Catalog Request (old)', 'Url', 'InActive', 'TagInactive', 'Lead', ['FixedValue', 5]),
    goal('Blog Newsletter', 'Event', 'Active', 'TagUnverified', 'Signup', ['NoValue', null], 10, blogTag),
  ];

  const store1 = { id: ids.digits(7), name: 'Northwind Outdoor US' };
  const store2 = { id: ids.digits(7), name: 'Northwind Outlet' };
  const campaigns = [
    { id: ids.digits(9), name: 'Shopping - All Products', type: 'Shopping', daily_budget: 120 },
    { id: ids.digits(9), name: 'PMax - Footwear', type: 'PerformanceMax', daily_budget: 70 },
  ];
  const catalog: [title: string, brand: string, category: string, price: number][] = [
    ["Ridgeline Men's Waterproof Hiking Boot", 'Northwind', 'Apparel & Accessories > Shoes > Boots', 159],
    ["Ridgeline Women's Waterproof Hiking Boot", 'Northwind', 'Apparel & Accessories > Shoes > Boots', 159],
    ['Summit Pro Mountaineering Boot', 'Northwind', 'Apparel & Accessories > Shoes > Boots', 289],
    ['Trailhead Mid Hiker', 'Northwind', 'Apparel & Accessories > Shoes > Boots', 129],
    ['Canyon Trail Runner', 'Northwind', 'Apparel & Accessories > Shoes > Athletic Shoes', 119],
    ['Riverbend Hiking Sandal', 'Northwind', 'Apparel & Accessories > Shoes > Sandals', 69],
    ['Alpine 30L Daypack', 'Northwind', 'Luggage & Bags > Backpacks', 99],
    ['Alpine 55L Backpacking Pack', 'Northwind', 'Luggage & Bags > Backpacks', 219],
    ['Merino Hiking Sock 3-Pack', 'Northwind', 'Apparel & Accessories > Clothing > Socks', 36],
    ['Stormshell Rain Jacket', 'Northwind', 'Apparel & Accessories > Clothing > Outerwear', 179],
    ['Featherlite Down Jacket', 'Northwind', 'Apparel & Accessories > Clothing > Outerwear', 229],
    ['Trekking Poles (Pair)', 'Northwind', 'Sporting Goods > Outdoor Recreation > Hiking', 89],
    ['Headlamp 400 Lumen', 'Lumen & Co', 'Sporting Goods > Outdoor Recreation > Camping', 45],
    ['Ultralight 2P Tent', 'Northwind', 'Sporting Goods > Outdoor Recreation > Camping > Tents', 349],
    ['Down Sleeping Bag 20F', 'Northwind', 'Sporting Goods > Outdoor Recreation > Camping > Sleeping Bags', 279],
    ['Insulated Water Bottle 32oz', 'HydroPeak', 'Sporting Goods > Outdoor Recreation > Hiking', 34],
    ['Gaiters Waterproof', 'Northwind', 'Apparel & Accessories > Shoes > Shoe Accessories', 49],
    ['Boot Waterproofing Wax', 'Northwind', 'Apparel & Accessories > Shoes > Shoe Care', 12],
    ['Kids Trail Boot', 'Northwind', 'Apparel & Accessories > Shoes > Boots', 79],
    ['Refurbished GPS Watch', 'TrailTime', 'Electronics > GPS', 149],
  ];
  const tiers: PerformanceTier[] = ['strong', 'average', 'average', 'poor', 'wasteful', 'new', 'strong', 'average'];
  const products: StoredProduct[] = [];
  catalog.forEach(([title, brand, category, price], i) => {
    const outlet = i % 5 === 4;
    const campaign = category.includes('Shoes') && i % 2 === 0 ? campaigns[1]! : campaigns[0]!;
    const performance = tiers[i % tiers.length]!;
    products.push({
      id: ids.digits(12),
      merchant_product_id: `NWO-${String(1000 + i * 37)}`,
      title,
      brand,
      category,
      seller: outlet ? 'Northwind Outlet LLC' : brand === 'Northwind' ? 'Northwind Outdoor Inc.' : `${brand} via Northwind`,
      store_id: outlet ? store2.id : store1.id,
      store_name: outlet ? store2.name : store1.name,
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      campaign_type: campaign.type,
      condition: title.startsWith('Refurbished') ? 'Refurbished' : 'New',
      price,
      quality_score: 3 + Math.floor(ids.random() * 8),
      impression_share: Math.round((0.15 + ids.random() * 0.8) * 100) / 100,
      start_date: performance === 'new' ? ago(12) : ago(120 + i * 9),
      performance,
    });
  });

  // What happened before today: the shopping budget went from 90 to 120, the refurbished offer was
  // disapproved by review (it serves nothing since).
  const at = (daysAgo: number, hour: number, before: Record<string, unknown>): HistoryEntry => ({
    at: `${ago(daysAgo)}T${String(hour).padStart(2, '0')}:00:00.000Z`,
    before,
  });
  const storedCampaigns: WithHistory<StoredCampaign>[] = campaigns.map((c, i) => ({
    id: c.id,
    name: c.name,
    type: c.type as StoredCampaign['type'],
    status: 'Active',
    daily_budget: c.daily_budget,
    bid_strategy: i === 0 ? 'EnhancedCpc' : 'MaxConversions',
    start_date: ago(400),
    ...(i === 0 ? { history: [at(21, 14, { daily_budget: 90 })] } : {}),
  }));

  // Search campaigns: ad groups with keywords of every tier (waste included), negatives, one paused campaign.
  const search = (
    name: string,
    daily_budget: number,
    status: StoredCampaign['status'],
    startedAgo: number,
  ): WithHistory<StoredCampaign> => ({
    id: ids.digits(9),
    name,
    type: 'Search',
    status,
    daily_budget,
    bid_strategy: 'ManualCpc',
    start_date: ago(startedAgo),
  });
  const boots = search('Search - Hiking Boots', 60, 'Active', 300);
  const brand = search('Search - Brand', 25, 'Active', 500);
  const camping = search('Search - Camping Gear', 40, 'Paused', 200);
  camping.history = [at(40, 10, { status: 'Active' })];
  // The camping campaign draws on a shared budget (its whole amount, as its only campaign).
  // (Ids of this family's entities come from their own source, so the ids above, and the figures drawn from them, stay as they were.)
  const restIds = idSource(`deskads-rest:${account.account_id}`);
  const sharedBudget: StoredBudget = {
    id: restIds.digits(9),
    name: 'Seasonal campaigns (shared)',
    amount: camping.daily_budget,
    budget_type: 'DailyBudgetStandard',
  };
  camping.budget_id = sharedBudget.id;
  storedCampaigns.push(boots, brand, camping);
  const adGroups: DeskAdsAdGroup[] = [];
  const keywords: StoredKeyword[] = [];
  const group = (
    campaign: StoredCampaign,
    name: string,
    cpc_bid: number,
    status: DeskAdsAdGroup['status'],
    words: [string, DeskAdsKeyword['match_type'], PerformanceTier, DeskAdsKeyword['status']?][],
  ) => {
    const g: DeskAdsAdGroup = {
      id: ids.digits(10),
      campaign_id: campaign.id,
      name,
      status,
      cpc_bid,
      network: 'OwnedAndOperatedAndSyndicatedSearch',
      start_date: campaign.start_date,
    };
    adGroups.push(g);
    for (const [text, match_type, performance, kwStatus] of words) {
      keywords.push({
        id: ids.digits(11),
        ad_group_id: g.id,
        campaign_id: campaign.id,
        text,
        match_type,
        bid: null,
        status: kwStatus ?? 'Active',
        ...qualityOf(performance),
        final_url: null,
        performance,
      });
    }
  };
  group(boots, 'Waterproof Boots', 1.2, 'Active', [
    ['waterproof hiking boots', 'Exact', 'strong'],
    ['waterproof boots', 'Phrase', 'average'],
    ['hiking boots', 'Broad', 'wasteful'],
    ['gore tex boots', 'Phrase', 'poor'],
  ]);
  group(boots, 'Trail Runners', 0.9, 'Active', [
    ['trail running shoes', 'Exact', 'average'],
    ['trail runners', 'Phrase', 'strong'],
    ['running shoes', 'Broad', 'wasteful'],
    ['cheap trail shoes', 'Phrase', 'poor', 'Paused'],
  ]);
  group(boots, 'Kids Boots (test)', 0.6, 'Paused', [['kids hiking boots', 'Phrase', 'new']]);
  group(brand, 'Brand Terms', 0.5, 'Active', [
    ['northwind outdoor', 'Exact', 'strong'],
    ['northwind boots', 'Phrase', 'strong'],
  ]);
  group(camping, 'Tents', 1.1, 'Active', [
    ['ultralight tent', 'Exact', 'average'],
    ['camping tent', 'Broad', 'poor'],
  ]);
  // Every ad group has a responsive search ad, reviewed long ago; one older ad was disapproved.
  const reviewed = (outcome: 'Approved' | 'Disapproved', reason: string | null) => ({
    review_done_at: `${ago(300)}T00:30:00.000Z`,
    review_outcome: outcome,
    review_reason: reason,
  });
  const ads: StoredAd[] = adGroups.flatMap((g, i) => {
    const words = keywords.find((k) => k.ad_group_id === g.id)?.text ?? g.name;
    const title = words.replace(/\b\w/g, (c) => c.toUpperCase()).slice(0, 30);
    const base = {
      ad_group_id: g.id,
      campaign_id: g.campaign_id,
      type: 'ResponsiveSearch' as const,
      headlines: [title, 'Northwind Outdoor', 'Free Shipping Over $50', 'Trail-Tested Gear'],
      descriptions: ['Gear that goes further, tested on real trails.', 'Order today and get free returns for 60 days.'],
      path1: 'gear',
      path2: null,
      final_url: 'https://www.example.com/northwind',
      status: 'Active' as const,
    };
    const main: StoredAd = { id: ids.digits(12), ...base, ...reviewed('Approved', null) };
    return i === 0
      ? [
          main,
          {
            id: ids.digits(12),
            ...base,
            headlines: ['HUGE SALE on Boots', ...base.headlines.slice(1)],
            ...reviewed('Disapproved', 'ExcessiveCapitalization: "HUGE SALE on Boots"'),
          },
        ]
      : [main];
  });
  const negatives: StoredNegative[] = [
    {
      id: ids.digits(11),
      level: 'Campaign',
      owner_id: brand.id,
      campaign_id: brand.id,
      text: 'free',
      match_type: 'Phrase',
      created_at: `${ago(200)}T00:00:00.000Z`,
    },
    {
      id: ids.digits(11),
      level: 'AdGroup',
      owner_id: adGroups[0]!.id,
      campaign_id: boots.id,
      text: 'used hiking boots',
      match_type: 'Exact',
      created_at: `${ago(200)}T00:00:00.000Z`,
    },
  ];
  const refurbished = products.find((p) => p.condition === 'Refurbished')! as WithHistory<StoredProduct>;
  refurbished.offer_status = 'Disapproved';
  refurbished.history = [at(15, 9, { offer_status: 'Approved' })];

  // Audiences: remarketing and customer lists of the account, the platform's in-market and similar
  // audiences; the boots ad groups bid on some of them (bid only) since long ago.
  const audiences = seedAudiences(restIds, ago);
  const criterion = (g: DeskAdsAdGroup, a: DeskAdsAudience, bid_adjustment: number, excluded = false): DeskAdsAudienceCriterion => ({
    id: restIds.digits(12),
    ad_group_id: g.id,
    campaign_id: g.campaign_id,
    audience_id: a.id,
    audience_type: a.type,
    bid_adjustment,
    excluded,
    status: 'Active',
    created_at: `${ago(200)}T00:00:00.000Z`,
  });
  const audienceCriteria = [
    criterion(adGroups[0]!, audiences[0]!, 25),
    criterion(adGroups[0]!, audiences[1]!, 50),
    criterion(adGroups[0]!, audiences[5]!, 10),
    criterion(adGroups[0]!, audiences[2]!, 0, true),
    criterion(adGroups[1]!, audiences[6]!, 15),
    criterion(adGroups[1]!, audiences[8]!, 0),
  ];

  await Promise.all([
    store.putMany(KIND.budget, [sharedBudget]),
    store.putMany(KIND.store, [
      { ...store1, status: 'Active' },
      { ...store2, status: 'Active' },
    ] as DeskAdsStore[]),
    store.putMany(KIND.audience, audiences),
    store.putMany(KIND.audienceCriterion, audienceCriteria),
    store.putMany(KIND.account, [info]),
    store.putMany(KIND.campaign, storedCampaigns),
    store.putMany(KIND.adGroup, adGroups),
    store.putMany(KIND.keyword, keywords),
    store.putMany(KIND.negative, negatives),
    store.putMany(KIND.ad, ads),
    store.putMany(KIND.tag, tags),
    store.putMany(KIND.goal, goals),
    store.putMany(KIND.product, products),
    // The brand campaign carries the sitelinks and callouts an established account has.
    store.putMany(KIND.extension, [
      {
        id: ids.digits(10),
        type: 'SitelinkAdExtension',
        display_text: 'Hiking Boots',
        final_url: 'https://www.northwind-outdoor.example/boots',
        description1: 'Waterproof and tested',
        description2: 'Free returns for 60 days',
        associations: [{ type: 'Campaign', id: brand.id, campaign_id: brand.id }],
      },
      {
        id: ids.digits(10),
        type: 'SitelinkAdExtension',
        display_text: 'Store Finder',
        final_url: 'https://www.northwind-outdoor.example/stores',
        associations: [{ type: 'Campaign', id: brand.id, campaign_id: brand.id }],
      },
      {
        id: ids.digits(10),
        type: 'CalloutAdExtension',
        text: 'Free Shipping Over $50',
        associations: [{ type: 'Campaign', id: brand.id, campaign_id: brand.id }],
      },
    ] as DeskAdsAdExtension[]),
  ]);
}
