/** The socialads sandbox's insights: daily figures by level and breakdown, from the delivery model. */
import { ToolError } from '../../../core/errors';
import { isoDate } from '../../../core/dates';
import { EntityNotFoundError, type SandboxStore } from '../../sandbox/store';
import { settingOnDay } from '../../sandbox/history';
import { matchesFilter } from '../product-filter';
import { breakdownValues, FUNNEL_METRICS, productShares, splitDay, withFunnel, type FunnelDay } from './breakdowns';
import { ReportMemo } from '../../sandbox/day-memo';
import { asDailyMetrics, deliveredAdDays, type DeliveryAccount, type StoredAd, type StoredAdSet, type StoredCampaign } from './delivery';
import { KIND } from './stored';
import type { SocialAdsProduct, SocialAdsProductSet, SocialAdsInsightsQuery, SocialAdsInsightsRow } from '../port';

export class InsightsSandbox {
  constructor(private readonly store: SandboxStore) {}

  async getInsights(query: SocialAdsInsightsQuery): Promise<SocialAdsInsightsRow[]> {
    const { since, until } = query.time_range;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(since) || !/^\d{4}-\d{2}-\d{2}$/.test(until) || since > until) {
      throw new ToolError(`The insights time range ${since} to ${until} is not a range of days (YYYY-MM-DD, since on or before until).`);
    }
    const [campaigns, adSets, ads] = await Promise.all([
      this.store.list<StoredCampaign>(KIND.campaign, { withHistory: true }),
      this.store.list<StoredAdSet>(KIND.adSet, { withHistory: true }),
      this.store.list<StoredAd>(KIND.ad, { withHistory: true }),
    ]);
    const wanted = query.ids ? new Set(query.ids) : undefined;
    if (wanted) {
      const known = new Set<string>((query.level === 'campaign' ? campaigns : query.level === 'adset' ? adSets : ads).map((e) => e.id));
      const unknown = [...wanted].find((id) => !known.has(id));
      if (unknown)
        throw new EntityNotFoundError(query.level === 'campaign' ? KIND.campaign : query.level === 'adset' ? KIND.adSet : KIND.ad, unknown);
    }
    const catalog = query.breakdown === 'product_id' ? await this._catalog() : undefined;
    const today = isoDate(new Date());
    const request = `${query.level}|${since}|${until}|${query.breakdown ?? ''}`;
    const rows = reports.rows(this.store.pk, [campaigns, adSets, ads, catalog ?? null], request, until, today, () =>
      this._rows(query, { campaigns, adSets, ads }, catalog, today),
    );
    if (!wanted) return [...rows];
    const idOf = (row: SocialAdsInsightsRow) =>
      query.level === 'campaign' ? row.campaign_id : query.level === 'adset' ? row.ad_set_id : row.ad_id;
    return rows.filter((row) => wanted.has(idOf(row)!));
  }

  /** Every entity's rows of the query at its level (the ids asked for are picked by the caller). */
  private _rows(
    query: SocialAdsInsightsQuery,
    account: DeliveryAccount,
    catalog: Catalog | undefined,
    today: string,
  ): SocialAdsInsightsRow[] {
    const { campaigns, adSets, ads } = account;
    const { since, until } = query.time_range;
    const keyOf = (ad: StoredAd) => (query.level === 'campaign' ? ad.campaign_id : query.level === 'adset' ? ad.ad_set_id : ad.id);
    // Ads are the unit of delivery: the rows of a level are sums of its ads' whole figures (cents),
    // split by the breakdown's values when one is asked for.
    const campaignById = new Map(campaigns.map((c) => [c.id, c]));
    const adSetById = new Map(adSets.map((a) => [a.id, a]));
    const productsOfAd = catalog ? catalogAdProducts(catalog, ads) : new Map<string, SocialAdsProduct[]>();
    const sums = new Map<string, FunnelDay & { breakdown_value?: string }>();
    for (const delivered of deliveredAdDays(account, since, until, today, this.store.pk)) {
      const key = keyOf(delivered.ad);
      const day = withFunnel(delivered, campaignById.get(delivered.ad.campaign_id)?.objective === 'OUTCOME_SALES');
      let parts: (FunnelDay & { breakdown_value?: string })[] = [day];
      if (query.breakdown === 'product_id') parts = splitDay(day, productShares(productsOfAd.get(day.ad.id) ?? []));
      else if (query.breakdown)
        parts = splitDay(
          day,
          breakdownValues(query.breakdown, adSetById.get(day.ad.ad_set_id)!.targeting).map(([value, share]) => ({ value, share })),
        );
      for (const part of parts) {
        const sumKey = `${key}|${day.date}|${part.breakdown_value ?? ''}`;
        const sum = sums.get(sumKey);
        if (!sum) sums.set(sumKey, { ...part });
        else for (const m of FUNNEL_METRICS) sum[m] += part[m];
      }
    }
    // Campaign and ad set days: the daily budget each had that day, from its history (a later change
    // never rewrites the budget a past day is judged against). Breakdown rows are parts of a day: none.
    const budgetOn = (day: FunnelDay): number | undefined => {
      if (query.breakdown || query.level === 'ad') return undefined;
      const holder = query.level === 'campaign' ? campaignById.get(day.ad.campaign_id) : adSetById.get(day.ad.ad_set_id);
      return holder && settingOnDay<StoredCampaign | StoredAdSet>(holder, day.date, (state) => state.daily_budget ?? 0);
    };
    return [...sums]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, day]) => {
        const isSales = campaignById.get(day.ad.campaign_id)?.objective === 'OUTCOME_SALES';
        const dailyBudget = budgetOn(day);
        return {
          campaign_id: day.ad.campaign_id,
          ...(query.level !== 'campaign' ? { ad_set_id: day.ad.ad_set_id } : {}),
          ...(query.level === 'ad' ? { ad_id: day.ad.id } : {}),
          ...asDailyMetrics(day),
          ...(day.breakdown_value !== undefined ? { breakdown_value: day.breakdown_value } : {}),
          ...(isSales ? { view_content: day.view_content, add_to_cart: day.add_to_cart } : {}),
          ...(dailyBudget === undefined ? {} : { daily_budget: dailyBudget }),
        };
      });
  }

  /** The account's product sets and products (for the product breakdown). */
  private async _catalog(): Promise<Catalog> {
    const [sets, products] = await Promise.all([
      this.store.list<SocialAdsProductSet>(KIND.productSet),
      this.store.list<SocialAdsProduct>(KIND.product),
    ]);
    return { sets, products };
  }
}

interface Catalog {
  sets: SocialAdsProductSet[];
  products: SocialAdsProduct[];
}

/** The products each catalog ad can show: those of its product set. */
function catalogAdProducts({ sets, products }: Catalog, ads: readonly StoredAd[]): Map<string, SocialAdsProduct[]> {
  const out = new Map<string, SocialAdsProduct[]>();
  for (const ad of ads) {
    const set = sets.find((x) => x.id === ad.creative.product_set_id);
    if (set)
      out.set(
        ad.id,
        products.filter((p) => p.catalog_id === set.catalog_id && matchesFilter(p, set.filter)),
      );
  }
  return out;
}

/** Insights over finished days computed in this process (sandbox/day-memo.ts). */
const reports = new ReportMemo<SocialAdsInsightsRow>();
