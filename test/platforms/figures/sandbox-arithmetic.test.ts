/**
 * Figures obey the platforms' own arithmetic in the sandbox (issue 31), swept over every report level
 * of all seven platforms for a seeded account over the last 30 days (day by day where the platform
 * reports days, and the range totals):
 * - revenue (sales, conversion value) only with conversions (orders);
 * - on cost-per-click search (searchads, deskads, retailads keywords, targets and search terms) no
 *   spend without a click;
 * - no conversions on an awareness, reach or engagement objective (socialads OUTCOME_AWARENESS and
 *   OUTCOME_ENGAGEMENT, whose results are reach, ThruPlays or post engagements; shortvideo REACH,
 *   proads BRAND_AWARENESS, chatads impression-bid campaigns, searchads video campaigns bidding for
 *   impressions or views: target CPM, CPV).
 */
import type { ConnectedAccount } from '../../../core/accounts';
import type { PlatformWord } from '../../../core/platforms';
import { createLogger } from '../../../functions/runtime/log';
import { chatads } from '../../../platforms/chatads/manifest';
import { deskads } from '../../../platforms/deskads/manifest';
import { proads } from '../../../platforms/proads/manifest';
import { retailads } from '../../../platforms/retailads/manifest';
import { searchads } from '../../../platforms/searchads/manifest';
import { shortvideo } from '../../../platforms/shortvideo/manifest';
import { socialads } from '../../../platforms/socialads/manifest';
import { REPORT_TYPES as DESKADS_REPORTS } from '../../../platforms/deskads/port';
import { REPORT_TYPE_IDS as RETAILADS_REPORTS } from '../../../platforms/retailads/port';
import { CONVERSION_FIELDS, DELIVERY_FIELDS } from '../../../platforms/chatads/port';
import { SOCIALADS_BREAKDOWNS } from '../../../platforms/socialads/port';
import { withoutConversions } from '../../../platforms/searchads/awareness';
import { createTestOwner, useTestTables } from '../../support/gateway';
import { day, useFixedClock } from './support';

useTestTables();
useFixedClock();

const WORDS: PlatformWord[] = ['searchads', 'socialads', 'proads', 'shortvideo', 'retailads', 'chatads', 'deskads'];
let accounts: Partial<Record<PlatformWord, ConnectedAccount>>;
beforeAll(async () => {
  const owner = await createTestOwner({ accounts: Object.fromEntries(WORDS.map((w) => [w, 1])) });
  accounts = Object.fromEntries(WORDS.map((w) => [w, owner.accounts[w]![0]!]));
}, 120_000);

const ctx = () => ({ signal: new AbortController().signal, deadline: Date.now() + 120_000, log: createLogger({ test: 'arithmetic' }) });
const start = day(-30);
const end = day(-1);

/** One report row in neutral words, with where it came from. */
interface Row {
  where: string;
  spend: number;
  clicks: number;
  conversions: number;
  revenue: number;
  /** Cost-per-click search: no spend without a click. */
  perClick: boolean;
  /** Of an awareness, reach or engagement objective: no conversions. */
  awareness: boolean;
}

/** What breaks the platform's arithmetic in a row, in words (none when it holds). */
function broken(row: Row): string[] {
  const out: string[] = [];
  if (row.revenue > 0 && row.conversions === 0) out.push(`revenue ${row.revenue} with 0 conversions`);
  if (row.perClick && row.spend > 0 && row.clicks === 0) out.push(`spend ${row.spend} with 0 clicks on cost-per-click search`);
  if (row.awareness && row.conversions > 0) out.push(`${row.conversions} conversions on an awareness objective`);
  return out.map((what) => `${row.where}: ${what}`);
}

const rowsOf: Record<PlatformWord, () => Promise<Row[]>> = {
  async searchads() {
    const port = await searchads.open(accounts.searchads!, ctx());
    const campaigns = new Map((await port.listCampaigns()).map((c) => [c.id, c]));
    const out: Row[] = [];
    for (const level of ['customer', 'campaign', 'ad_group', 'keyword', 'ad', 'search_term'] as const)
      for (const r of await port.getReport(level, start, end)) {
        const campaign = r.campaign_id ? campaigns.get(r.campaign_id) : undefined;
        out.push({
          where: `searchads ${level} ${r.search_term ?? r.keyword_id ?? r.ad_id ?? r.ad_group_id ?? r.campaign_id ?? ''} ${r.date}`,
          ...r,
          perClick: (level === 'keyword' || level === 'search_term') && campaign?.type === 'SEARCH',
          // Video bought for impressions or views (awareness, reach); a video action campaign (conversion bidding) converts.
          awareness: !!campaign && withoutConversions(campaign),
        });
      }
    return out;
  },
  async socialads() {
    const port = await socialads.open(accounts.socialads!, ctx());
    const objective = new Map((await port.listCampaigns()).map((c) => [c.id, c.objective]));
    const out: Row[] = [];
    for (const level of ['campaign', 'adset', 'ad'] as const)
      for (const breakdown of [undefined, ...SOCIALADS_BREAKDOWNS])
        for (const r of await port.getInsights({ level, time_range: { since: start, until: end }, ...(breakdown ? { breakdown } : {}) }))
          out.push({
            where: `socialads ${level} ${objective.get(r.campaign_id)} ${r.ad_id ?? r.ad_set_id ?? r.campaign_id} ${r.date} ${r.breakdown_value ?? ''}`,
            ...r,
            perClick: false,
            awareness: ['OUTCOME_AWARENESS', 'OUTCOME_ENGAGEMENT'].includes(objective.get(r.campaign_id) ?? ''),
          });
    return out;
  },
  async proads() {
    const port = await proads.open(accounts.proads!, ctx());
    const campaigns = await port.listCampaigns();
    const objective = new Map(campaigns.map((c) => [c.id, c.objective_type]));
    const out: Row[] = [];
    for (const time_granularity of ['DAILY', 'ALL'] as const)
      for (const r of await port.getAnalytics({ pivot: 'CAMPAIGN', date_range: { start, end }, time_granularity }))
        out.push({
          where: `proads campaign ${r.pivot_value} ${r.date_range.start}`,
          ...r,
          perClick: false,
          awareness: objective.get(r.pivot_value) === 'BRAND_AWARENESS',
        });
    // Creatives (by campaign, awareness apart) and member segments (the whole account).
    for (const c of campaigns)
      for (const r of await port.getAnalytics({
        pivot: 'CREATIVE',
        date_range: { start, end },
        time_granularity: 'ALL',
        campaigns: [c.id],
      }))
        out.push({
          where: `proads creative ${c.id} ${r.pivot_value}`,
          ...r,
          perClick: false,
          awareness: c.objective_type === 'BRAND_AWARENESS',
        });
    for (const pivot of ['MEMBER_JOB_FUNCTION', 'MEMBER_SENIORITY', 'MEMBER_INDUSTRY', 'MEMBER_COMPANY_SIZE'] as const)
      for (const r of await port.getAnalytics({ pivot, date_range: { start, end }, time_granularity: 'ALL' }))
        out.push({ where: `proads ${pivot} ${r.pivot_value}`, ...r, perClick: false, awareness: false });
    return out;
  },
  async shortvideo() {
    const port = await shortvideo.open(accounts.shortvideo!, ctx());
    const campaigns = await port.listCampaigns();
    const objective = new Map(campaigns.map((c) => [c.id, c.objective_type]));
    const groups = new Map((await port.listAdGroups()).map((g) => [g.id, g.campaign_id]));
    const ads = new Map((await port.listAds()).map((a) => [a.id, a.campaign_id]));
    const campaignOf = (id: string) => (objective.has(id) ? id : (groups.get(id) ?? ads.get(id)));
    const out: Row[] = [];
    for (const data_level of ['AUCTION_ADVERTISER', 'AUCTION_CAMPAIGN', 'AUCTION_ADGROUP', 'AUCTION_AD'] as const)
      for (const r of await port.getReport({ data_level, start_date: start, end_date: end }))
        out.push({
          where: `shortvideo ${data_level} ${r.id} ${r.date}`,
          ...r,
          perClick: false,
          awareness: objective.get(campaignOf(r.id) ?? '') === 'REACH',
        });
    for (const dimensions of ['age_gender', 'country_code'] as const)
      for (const r of await port.getAudienceReport({ data_level: 'AUCTION_ADGROUP', start_date: start, end_date: end, dimensions }))
        out.push({
          where: `shortvideo audience ${r.id} ${JSON.stringify(r)}`,
          ...r,
          perClick: false,
          awareness: objective.get(campaignOf(r.id) ?? '') === 'REACH',
        });
    return out;
  },
  async retailads() {
    const port = await retailads.open(accounts.retailads!, ctx());
    const out: Row[] = [];
    for (const type of RETAILADS_REPORTS)
      for (const r of await port.getReport(type, start, end))
        out.push({
          where: `retailads ${type} ${r.search_term ?? r.targeting ?? r.advertised_asin ?? r.ad_group_id ?? r.campaign_id}`,
          spend: r.spend,
          clicks: r.clicks,
          conversions: r.orders,
          revenue: r.sales,
          perClick: /SearchTerm|Targeting/.test(type) && type !== 'sdTargeting',
          awareness: false,
        });
    for (const r of await port.getPlacementReport(start, end))
      out.push({
        where: `retailads placement ${r.campaign_id} ${r.placement}`,
        spend: r.spend,
        clicks: r.clicks,
        conversions: r.orders,
        revenue: r.sales,
        perClick: false,
        awareness: false,
      });
    return out;
  },
  async chatads() {
    const port = await chatads.open(accounts.chatads!, ctx());
    const campaigns = await port.listCampaigns();
    const awareness = new Set(campaigns.filter((c) => c.bidding_type === 'impressions').map((c) => c.id));
    const campaignOf = new Map<string, string>([
      ...campaigns.map((c) => [c.id, c.id] as [string, string]),
      ...(await port.listAdGroups()).map((g) => [g.id, g.campaign_id] as [string, string]),
      ...(await port.listAds()).map((a) => [a.id, a.campaign_id] as [string, string]),
    ]);
    const out: Row[] = [];
    const whole = { start: Date.parse(`${start}T00:00:00Z`) / 1000, end: Date.parse(`${end}T00:00:00Z`) / 1000 + 86_400 };
    // Whole days, and a window cut on the hour (its first and last days prorated).
    for (const window of [whole, { start: whole.start + 7 * 3600, end: whole.end - 5 * 3600 }])
      for (const aggregation_level of ['campaign', 'ad_group', 'ad'] as const)
        for (const time_granularity of ['daily', 'none'] as const)
          for (const segment of [undefined, 'country', 'device'] as const)
            for (const r of await port.getInsights({
              aggregation_level,
              ...window,
              time_granularity,
              ...(segment ? { segment } : {}),
              fields: [...DELIVERY_FIELDS, ...CONVERSION_FIELDS],
            }))
              out.push({
                where: `chatads ${aggregation_level} ${r.entity_id} ${r.date ?? 'range'} ${segment ? r[segment] : ''}`,
                spend: r.spend ?? 0,
                clicks: r.clicks ?? 0,
                conversions: (r.conversions ?? 0) + (r.view_through_conversions ?? 0),
                revenue: r.conversion_value ?? 0,
                perClick: false,
                awareness: awareness.has(campaignOf.get(r.entity_id) ?? ''),
              });
    return out;
  },
  async deskads() {
    const port = await deskads.open(accounts.deskads!, ctx());
    const type = new Map((await port.listCampaigns()).map((c) => [c.id, c.type]));
    const out: Row[] = [];
    const segmented = ['CampaignPerformance', 'AdGroupPerformance', 'KeywordPerformance'];
    for (const report_type of DESKADS_REPORTS)
      for (const aggregation of ['Daily', 'Summary'] as const)
        for (const segment of segmented.includes(report_type) ? ([undefined, 'DeviceType', 'Network'] as const) : [undefined])
          for (const r of await port.getReport({
            report_type,
            aggregation,
            start_date: start,
            end_date: end,
            ...(segment ? { segment } : {}),
          }))
            out.push({
              where: `deskads ${report_type} ${r.search_term ?? r.keyword_id ?? r.ad_id ?? r.ad_group_id ?? r.product_id ?? r.campaign_id} ${r.date ?? 'range'} ${segment ?? ''}`,
              ...r,
              perClick: type.get(r.campaign_id) === 'Search',
              awareness: false,
            });
    return out;
  },
};

describe("sandbox reports obey the platforms' arithmetic", () => {
  it.each(WORDS)(
    '%s: no revenue without conversions, no spend without a click on cost-per-click search, no conversions on awareness',
    async (word) => {
      const rows = await rowsOf[word]();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.flatMap(broken)).toEqual([]);
    },
    300_000,
  );

  it('the sweep sees what it looks for: spend, revenue, per-click rows and awareness rows with delivery', async () => {
    const all = (await Promise.all(WORDS.map((w) => rowsOf[w]()))).flat();
    expect(all.some((r) => r.perClick && r.spend > 0)).toBe(true);
    expect(all.some((r) => r.awareness && r.spend > 0)).toBe(true);
    // socialads' engagement campaign delivers in the window (its rows are judged like awareness rows).
    expect(
      all.some((r) => r.where.startsWith('socialads campaign') && r.awareness && r.spend > 0 && /OUTCOME_ENGAGEMENT/.test(r.where)),
    ).toBe(true);
    // searchads' awareness video delivers in the window too (its last day before its end date).
    expect(all.some((r) => r.where.startsWith('searchads campaign') && r.awareness && r.spend > 0)).toBe(true);
    expect(all.some((r) => r.revenue > 0)).toBe(true);
  }, 600_000);
});
