/**
 * The proads sandbox's delivery model, allocated top down and kept like a real platform's history:
 * - A day's delivery is computed from the entities' state ON THAT DAY (history.ts): a change takes
 *   effect from the moment it is made, so a day that has passed never changes. Days from today on
 *   have no delivery.
 * - The campaign holds the daily budget: its day is computed once from its creatives' natural
 *   figures for the parts of the day they could deliver (campaign group ACTIVE, campaign ACTIVE and
 *   inside its dates, creative ACTIVE, all created), capped at that day's budget (time-weighted over
 *   the hours it could run), then split among its creatives in whole impressions, clicks,
 *   conversions and cents, so creatives add up to campaigns exactly and no campaign exceeds its
 *   daily budget (the sandbox keeps no overdelivery allowance).
 * - Each demographic pivot splits the account's delivery of the day among its member segments, so
 *   the segments of one pivot add up to the account.
 * - Formats and objectives keep their own economics: text ads run on many cheap desktop impressions
 *   at about 0.02-0.05 % CTR; only video creatives have video views; awareness, video-view and
 *   engagement campaigns have no conversions.
 */
import type { DailyMetrics } from '../../../core/metrics';
import { stateAt, type WithHistory } from '../../sandbox/history';
import { dailyMetrics, datesBetween, profileFor, seededRandom, type PerformanceProfile, type PerformanceTier } from '../../sandbox/metrics';
import { splitEarned, valueOfConversions } from '../../sandbox/allocate';
import { DayMemo, contentKey } from '../../sandbox/day-memo';
import { jointSegments } from '../../sandbox/top-down';
import type { ProAdsCampaign, ProAdsCampaignGroup, ProAdsCreative, ProAdsEngagement, ProAdsFacet, ProAdsSegment } from '../port';

/** Delivery derives from a performance tier plus optional profile overrides (never stored metrics). */
export interface Simulation {
  performance: PerformanceTier;
  profile_overrides?: Partial<Omit<PerformanceProfile, 'tier'>>;
}
export type StoredGroup = WithHistory<ProAdsCampaignGroup>;
export type StoredCampaign = WithHistory<ProAdsCampaign>;
export type StoredCreative = WithHistory<ProAdsCreative & Simulation>;
export type StoredSegment = ProAdsSegment & Simulation;

export interface DeliveryAccount {
  groups: readonly StoredGroup[];
  campaigns: readonly StoredCampaign[];
  creatives: readonly StoredCreative[];
}

/** One day of one creative, whole numbers (spend and revenue in cents). */
export interface CreativeDay {
  creative: StoredCreative;
  date: string;
  impressions: number;
  clicks: number;
  spend_cents: number;
  conversions: number;
  revenue_cents: number;
  video_views: number;
}

const METRICS = ['impressions', 'clicks', 'spend_cents', 'conversions', 'revenue_cents', 'video_views'] as const;
type Metric = (typeof METRICS)[number];
const zeroMetrics = (): Record<Metric, number> => ({
  impressions: 0,
  clicks: 0,
  spend_cents: 0,
  conversions: 0,
  revenue_cents: 0,
  video_views: 0,
});

/**
 * Professional-network economics: far fewer impressions, lower CTR and much higher CPC than
 * social or search (Sponsored Content benchmarks: CTR about 0.4-0.6 %, CPC $5-12), and
 * high-value B2B conversions (leads, demo requests).
 */
const PRO_TIERS: Record<PerformanceTier, Partial<Omit<PerformanceProfile, 'tier'>>> = {
  strong: { impressions: 4200, ctr: 0.009, cpc: 5.5, cvr: 0.08, order_value: 320 },
  average: { impressions: 3200, ctr: 0.0055, cpc: 7.5, cvr: 0.06, order_value: 260 },
  poor: { impressions: 9000, ctr: 0.003, cpc: 9.5, cvr: 0.008, order_value: 220 },
  wasteful: { impressions: 1600, ctr: 0.0035, cpc: 9, cvr: 0, order_value: 0 },
  new: { impressions: 260, ctr: 0.006, cpc: 7, cvr: 0.05, order_value: 260 },
};

/** Text ads: desktop right-rail placements with many impressions and a CTR of about 0.02-0.05 %. */
const TEXT_AD_IMPRESSIONS = 12;
const TEXT_AD_CTR = 0.08;
const NO_CONVERSIONS = ['BRAND_AWARENESS', 'VIDEO_VIEW', 'ENGAGEMENT'];

export function proProfile(simulation: Simulation, campaign?: Pick<ProAdsCampaign, 'format' | 'objective_type'>): PerformanceProfile {
  const profile = profileFor(simulation.performance, { ...PRO_TIERS[simulation.performance], ...simulation.profile_overrides });
  if (!campaign) return profile;
  if (campaign.format === 'TEXT_AD') {
    profile.impressions *= TEXT_AD_IMPRESSIONS;
    profile.ctr *= TEXT_AD_CTR;
  }
  if (campaign.format !== 'VIDEO') profile.view_rate = 0;
  if (NO_CONVERSIONS.includes(campaign.objective_type)) {
    profile.cvr = 0;
    profile.order_value = 0;
  }
  return profile;
}

const created = (entity: { created_at?: string }, moment: string) =>
  !entity.created_at || Date.parse(entity.created_at) <= Date.parse(moment);

function campaignDelivers(group: ProAdsCampaignGroup | undefined, c: ProAdsCampaign, date: string, moment: string): boolean {
  return (
    (!group || group.status === 'ACTIVE') &&
    c.status === 'ACTIVE' &&
    created(c, moment) &&
    c.start_date <= date &&
    (!c.end_date || date <= c.end_date)
  );
}
function creativeDelivers(cr: ProAdsCreative, date: string, moment: string): boolean {
  return cr.status === 'ACTIVE' && (cr.review_status ?? 'APPROVED') === 'APPROVED' && created(cr, moment) && cr.start_date <= date;
}

function addDaysUtc(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** One creative's figures of one day (undefined: it did not deliver). */
type CreativeFigures = Record<Metric, number> | undefined;

/**
 * Campaign days computed in this process (sandbox/day-memo.ts): a finished day of a campaign's creatives
 * is a pure function of the campaign, its group and its creatives as stored (history included) and the
 * date, so the key is the account's partition, those entities and the date. A write changes what is
 * read, so its next read misses. The memo keeps figures only: each read's days carry its own creatives.
 */
const campaignDays = new DayMemo<CreativeFigures[]>(4000);

/**
 * Every creative's delivery, day by day, over [start, end]; days from `today` on are left out. `scope`
 * (the account's partition) lets the days come from the process's memo.
 */
export function deliveredCreativeDays(account: DeliveryAccount, start: string, end: string, today: string, scope?: string): CreativeDay[] {
  const last = end < today ? end : addDaysUtc(today, -1);
  if (start > last) return [];
  const groupById = new Map(account.groups.map((g) => [g.id, g]));
  const out: CreativeDay[] = [];
  for (const campaign of account.campaigns) {
    const group = groupById.get(campaign.campaign_group_id);
    const creatives = account.creatives.filter((cr) => cr.campaign_id === campaign.id);
    if (!creatives.length) continue;
    let memoKey: string | undefined;
    for (const date of datesBetween(start, last)) {
      const compute = () => creativeFiguresOn(campaign, group, creatives, date);
      let figures: CreativeFigures[];
      if (scope === undefined) figures = compute();
      else {
        memoKey ??= contentKey(scope, [campaign, group ?? null, creatives]);
        figures = campaignDays.day(memoKey, date, compute);
      }
      figures.forEach((day, i) => day && out.push({ creative: creatives[i]!, date, ...day }));
    }
  }
  return out;
}

/** The figures of each of a campaign's creatives on one finished day (undefined where it did not deliver). */
function creativeFiguresOn(
  campaign: StoredCampaign,
  group: StoredGroup | undefined,
  creatives: readonly StoredCreative[],
  date: string,
): CreativeFigures[] {
  const members: WithHistory<object>[] = [campaign, ...creatives, ...(group ? [group] : [])];
  const shares = creatives.map(() => 0);
  let cap = 0;
  for (const segment of jointSegments<object>(
    members,
    date,
    members.map((e) => (e as { created_at?: string }).created_at ?? `${date}T00:00:00.000Z`),
  )) {
    const c = segment.states[0] as ProAdsCampaign;
    const g = group ? (segment.states[members.length - 1] as ProAdsCampaignGroup) : undefined;
    if (!campaignDelivers(g, c, date, segment.from)) continue;
    let any = false;
    creatives.forEach((_, i) => {
      if (creativeDelivers(segment.states[i + 1] as ProAdsCreative, date, segment.from)) {
        shares[i] += segment.share;
        any = true;
      }
    });
    if (any) cap += c.daily_budget * 100 * segment.share;
  }
  const weights = creatives.map((cr, i) => {
    if (shares[i] === 0) return undefined;
    const natural = dailyMetrics(cr.id, date, proProfile(cr, campaign));
    const share = shares[i]!;
    // CPM campaigns pay for impressions (about the bid per 1,000), CPC campaigns for clicks.
    const spend = campaign.cost_type === 'CPM' ? (natural.impressions * campaign.unit_cost) / 1000 : natural.spend;
    return {
      impressions: natural.impressions * share,
      clicks: natural.clicks * share,
      spend_cents: spend * 100 * share,
      conversions: natural.conversions * share,
      revenue_cents: natural.revenue * 100 * share,
      video_views: natural.video_views * share,
    } satisfies Record<Metric, number>;
  });
  if (weights.every((w) => !w)) return [];
  const natural = Object.fromEntries(METRICS.map((m) => [m, weights.reduce((sum, w) => sum + (w?.[m] ?? 0), 0)])) as Record<Metric, number>;
  const budgetCents = Math.floor(cap);
  // Budget-limited days deliver 93-100 % of the budget; every figure shrinks with the spend.
  const factor =
    natural.spend_cents > budgetCents
      ? (budgetCents * (0.93 + 0.07 * seededRandom(`${campaign.id}|${date}|pace`)())) / natural.spend_cents
      : 1;
  const whole = Object.fromEntries(METRICS.map((m) => [m, Math.round(natural[m] * factor)])) as Record<Metric, number>;
  whole.spend_cents = Math.min(whole.spend_cents, budgetCents);
  // A CPC campaign pays for clicks only; revenue comes with the conversions that happened.
  const perClick = campaign.cost_type !== 'CPM';
  if (perClick && whole.clicks === 0) whole.spend_cents = 0;
  whole.revenue_cents = Math.round(valueOfConversions(natural.revenue_cents, natural.conversions, whole.conversions));
  const split = splitEarned(
    whole,
    weights.map((w) => w ?? zeroMetrics()),
    {
      metrics: METRICS,
      earnedFrom: { revenue_cents: 'conversions', ...(perClick ? { spend_cents: 'clicks' as const } : {}) },
      money: [],
      impressions: 'impressions',
    },
  );
  return creatives.map((_, i) => {
    if (!weights[i]) return undefined;
    const day = Object.fromEntries(METRICS.map((m) => [m, split[i]![m]])) as Record<Metric, number>;
    day.clicks = Math.min(day.clicks, day.impressions);
    return day.impressions || day.clicks || day.spend_cents ? day : undefined;
  });
}

/** The targeting facet of each demographic pivot (segment urns are entities of that facet). */
const FACET_OF_PIVOT: Record<ProAdsSegment['pivot'], ProAdsFacet> = {
  SENIORITY: 'seniorities',
  JOB_FUNCTION: 'job_functions',
  INDUSTRY: 'industries',
  COMPANY_SIZE: 'company_sizes',
};

/**
 * The member segments of one pivot over the account's delivery of each day: each campaign's figures
 * of the day are split among the segments its targeting of that day reaches (an excluded segment,
 * or one outside an included list of the same facet, gets nothing from that day on) by their
 * profile (reach of the segment, its CTR, CPC, conversion rate and value, with some day-to-day
 * variation), so the segments of a pivot add up to the account. A campaign whose targeting leaves
 * none of the pivot's segments is split among all of them (members outside the listed segments).
 */
export function segmentDays(
  segments: readonly StoredSegment[],
  accountDays: readonly CreativeDay[],
  campaigns: readonly StoredCampaign[],
): Map<string, DailyMetrics[]> {
  const campaignById = new Map(campaigns.map((c) => [c.id, c]));
  const byDateCampaign = new Map<string, Map<string, Record<Metric, number>>>();
  for (const day of accountDays) {
    const byCampaign = byDateCampaign.get(day.date) ?? new Map<string, Record<Metric, number>>();
    const sum = byCampaign.get(day.creative.campaign_id) ?? {
      impressions: 0,
      clicks: 0,
      spend_cents: 0,
      conversions: 0,
      revenue_cents: 0,
      video_views: 0,
    };
    for (const m of METRICS) sum[m] += day[m];
    byCampaign.set(day.creative.campaign_id, sum);
    byDateCampaign.set(day.date, byCampaign);
  }
  const out = new Map<string, DailyMetrics[]>(segments.map((s) => [s.id, []]));
  for (const [date, byCampaign] of [...byDateCampaign].sort(([a], [b]) => a.localeCompare(b))) {
    const weights = segments.map((s) => {
      const p = proProfile(s);
      const jitter = 0.85 + 0.3 * seededRandom(`${s.id}|${date}`)();
      const impressions = p.impressions * jitter;
      const clicks = impressions * p.ctr;
      const conversions = clicks * p.cvr;
      return {
        impressions,
        clicks,
        spend_cents: clicks * p.cpc,
        conversions,
        revenue_cents: conversions * p.order_value,
        video_views: impressions,
      };
    });
    const dayParts: Record<Metric, number>[] = segments.map(() => ({
      impressions: 0,
      clicks: 0,
      spend_cents: 0,
      conversions: 0,
      revenue_cents: 0,
      video_views: 0,
    }));
    for (const [campaignId, whole] of [...byCampaign].sort(([a], [b]) => a.localeCompare(b))) {
      const stored = campaignById.get(campaignId);
      const targeting = stored ? stateAt(stored, `${date}T23:59:59.999Z`).targeting : undefined;
      const reaches = segments.map((s) => {
        const facet = FACET_OF_PIVOT[s.pivot];
        if (targeting?.exclude?.[facet]?.includes(s.urn)) return false;
        const included = targeting?.include[facet];
        return !included?.length || included.includes(s.urn);
      });
      const open = reaches.some(Boolean) ? reaches : segments.map(() => true);
      // Value follows the conversions each segment got: no segment has revenue without one.
      const parts = splitEarned(
        whole,
        weights.map((w, i) => (open[i] ? w : zeroMetrics())),
        { metrics: METRICS, earnedFrom: { revenue_cents: 'conversions' }, money: [], impressions: 'impressions' },
      );
      parts.forEach((part, i) => {
        for (const m of METRICS) dayParts[i]![m] += part[m];
      });
    }
    segments.forEach((s, i) => {
      const part = dayParts[i]!;
      out.get(s.id)!.push({
        date,
        impressions: part.impressions,
        clicks: Math.min(part.clicks, part.impressions),
        spend: part.spend_cents / 100,
        conversions: part.conversions,
        revenue: part.revenue_cents / 100,
        video_views: part.video_views,
      });
    });
  }
  return out;
}

/**
 * A creative day's engagement, whole numbers derived from its delivery (so campaigns add up from
 * creatives): reactions, comments, shares and follows on sponsored posts (text ads have none),
 * lead-form opens and leads on lead-generation campaigns (leads are its conversions), and video
 * starts and completions on video.
 */
export function engagementOf(day: CreativeDay, campaign: Pick<ProAdsCampaign, 'format' | 'objective_type'>): ProAdsEngagement {
  const r = seededRandom(`${day.creative.id}|${day.date}|engagement`);
  const social = campaign.format === 'TEXT_AD' ? 0 : 1;
  const reactions = Math.round(day.impressions * 0.004 * (0.7 + 0.6 * r()) * social);
  const leadGen = campaign.objective_type === 'LEAD_GENERATION';
  return {
    reactions,
    comments: Math.round(reactions * 0.08 * (0.5 + r())),
    shares: Math.round(reactions * 0.05 * (0.5 + r())),
    follows: Math.round(day.impressions * 0.0004 * (0.5 + r()) * social),
    lead_form_opens: leadGen ? Math.max(day.conversions, Math.round(day.clicks * 0.6)) : 0,
    leads: leadGen ? day.conversions : 0,
    video_starts: campaign.format === 'VIDEO' ? Math.round(day.video_views * 1.4) : 0,
    video_completions: campaign.format === 'VIDEO' ? Math.round(day.video_views * 0.32) : 0,
  };
}

/** The neutral figures of a creative's day (spend and revenue back in currency units). */
export function asDailyMetrics(day: CreativeDay): DailyMetrics {
  return {
    date: day.date,
    impressions: day.impressions,
    clicks: day.clicks,
    spend: day.spend_cents / 100,
    conversions: day.conversions,
    revenue: day.revenue_cents / 100,
    video_views: day.video_views,
  };
}
