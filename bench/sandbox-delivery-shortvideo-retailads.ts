/**
 * How long the shortvideo and retailads sandbox delivery models take to compute a report's figures,
 * in memory (no DynamoDB), for accounts of growing size and ranges of 30, 90 and 365 days. Every
 * entity has a change history of three updates, so each day is split into parts.
 *
 *   npm run bench:sandbox-delivery-shortvideo-retailads
 */
import { performance } from 'node:perf_hooks';
import { addDays, isoDate } from '../core/dates';
import { simulateDelivery as retailDelivery, type ReportEntities } from '../platforms/retailads/sandbox/delivery';
import type { PerformanceTier } from '../platforms/sandbox/metrics';
import {
  simulateDelivery as shortVideoDelivery,
  type DeliveryAd,
  type DeliveryAdGroup,
  type DeliveryCampaign,
} from '../platforms/shortvideo/sandbox/delivery';

const today = isoDate(new Date());
const TIERS: PerformanceTier[] = ['strong', 'average', 'poor', 'wasteful'];
const history = (field: string, was: unknown) =>
  [10, 40, 200].map((daysAgo) => ({ at: `${addDays(today, -daysAgo)}T12:00:00.000Z`, before: { [field]: was } }));

function shortVideoAccount(campaigns: number): [DeliveryCampaign[], DeliveryAdGroup[], DeliveryAd[]] {
  const cs: DeliveryCampaign[] = [];
  const gs: DeliveryAdGroup[] = [];
  const as: DeliveryAd[] = [];
  for (let c = 0; c < campaigns; c++) {
    const id = `17${String(c).padStart(17, '0')}`;
    cs.push({
      id,
      campaign_name: `C${c}`,
      objective_type: 'WEB_CONVERSIONS',
      status: 'ACTIVE',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 200,
      budget_optimize_on: false,
      create_time: '2025-01-01T00:00:00Z',
      start_date: '2025-01-01',
      performance: TIERS[c % 4]!,
      history: history('budget', 150),
    });
    for (let g = 0; g < 4; g++) {
      const gid = `${id}${g}`;
      gs.push({
        id: gid,
        campaign_id: id,
        adgroup_name: `G${g}`,
        status: 'ENABLED',
        budget_mode: 'BUDGET_MODE_DAY',
        budget: 80,
        schedule_type: 'SCHEDULE_FROM_NOW',
        schedule_start_time: '2025-01-01 00:00:00',
        pacing: 'PACING_MODE_SMOOTH',
        bid_type: 'BID_TYPE_NO_BID',
        billing_event: 'OCPM',
        optimization_goal: 'CONVERT',
        location_ids: ['6252001'],
        gender: 'GENDER_UNLIMITED',
        placement_type: 'PLACEMENT_TYPE_AUTOMATIC',
        creative_material_mode: 'CUSTOM',
        create_time: '2025-01-01T00:00:00Z',
        performance: TIERS[(c + g) % 4]!,
        history: history('status', 'DISABLED'),
      });
      for (let a = 0; a < 3; a++)
        as.push({
          id: `${gid}${a}`,
          adgroup_id: gid,
          campaign_id: id,
          ad_name: `A${a}`,
          ad_format: 'SINGLE_VIDEO',
          status: 'ENABLED',
          review_status: 'APPROVED',
          display_name: 'x',
          create_time: '2025-01-01T00:00:00Z',
          performance: TIERS[a % 4]!,
        });
    }
  }
  return [cs, gs, as];
}

function retailAccount(campaigns: number): ReportEntities {
  const e: ReportEntities = { campaigns: [], adGroups: [], productAds: [], keywords: [], targets: [] };
  for (let c = 0; c < campaigns; c++) {
    const id = `c${c}`;
    e.campaigns.push({
      id,
      name: `SP ${c}`,
      ad_product: 'SPONSORED_PRODUCTS',
      state: 'ENABLED',
      targeting_type: 'MANUAL',
      daily_budget: 80,
      start_date: '2025-01-01',
      placement_adjustments: { TOP_OF_SEARCH: 20 },
      performance: TIERS[c % 4]!,
      history: history('daily_budget', 60),
    });
    for (let g = 0; g < 2; g++) {
      const gid = `${id}g${g}`;
      e.adGroups.push({
        id: gid,
        campaign_id: id,
        ad_product: 'SPONSORED_PRODUCTS',
        name: gid,
        state: 'ENABLED',
        default_bid: 1,
        performance: 'average',
      });
      for (let p = 0; p < 3; p++)
        e.productAds.push({
          id: `${gid}p${p}`,
          campaign_id: id,
          ad_group_id: gid,
          ad_product: 'SPONSORED_PRODUCTS',
          asin: `B0${p}`,
          title: 't',
          category: 'c',
          state: 'ENABLED',
          performance: 'average',
        });
      for (let k = 0; k < 6; k++)
        e.keywords.push({
          id: `${gid}k${k}`,
          campaign_id: id,
          ad_group_id: gid,
          ad_product: 'SPONSORED_PRODUCTS',
          keyword_text: `kw ${k}`,
          match_type: 'EXACT',
          bid: 1,
          state: 'ENABLED',
          performance: TIERS[k % 4]!,
          history: history('bid', 0.8),
        });
    }
  }
  return e;
}

function time(run: () => void): number {
  run(); // warm-up
  const started = performance.now();
  const rounds = 3;
  for (let i = 0; i < rounds; i++) run();
  return (performance.now() - started) / rounds;
}

const end = addDays(today, -1);
console.log('model        campaigns  entities  days   ms per report');
for (const campaigns of [10, 50]) {
  const [cs, gs, as] = shortVideoAccount(campaigns);
  for (const days of [30, 90, 365]) {
    const ms = time(() => shortVideoDelivery(cs, gs, as, addDays(end, -(days - 1)), end, today));
    console.log(
      `shortvideo   ${String(campaigns).padStart(9)}  ${String(cs.length + gs.length + as.length).padStart(8)}  ${String(days).padStart(4)}  ${ms.toFixed(1).padStart(14)}`,
    );
  }
}
for (const campaigns of [10, 50]) {
  const entities = retailAccount(campaigns);
  const count = entities.campaigns.length + entities.adGroups.length + entities.productAds.length + entities.keywords.length;
  for (const days of [30, 90, 365]) {
    const ms = time(() => retailDelivery(entities, addDays(end, -(days - 1)), end, today));
    console.log(
      `retailads    ${String(campaigns).padStart(9)}  ${String(count).padStart(8)}  ${String(days).padStart(4)}  ${ms.toFixed(1).padStart(14)}`,
    );
  }
}
