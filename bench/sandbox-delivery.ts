/**
 * Cost of the top-down delivery model (platforms/sandbox/allocate.ts) without storage: a searchads
 * account of C campaigns with G ad groups each and a few recorded changes per entity, reported day by
 * day over a year (what `getReport` computes after its three store reads).
 *
 *   npx tsx bench/sandbox-delivery.ts [-- --campaigns 10 --groups 5 --runs 5]
 */
import { addDays, isoDate } from '../core/dates';
import type { HistoryEntry } from '../platforms/sandbox/history';
import { datesBetween } from '../platforms/sandbox/metrics';
import { campaignDay, type StoredAdGroup, type StoredCampaign } from '../platforms/searchads/sandbox/delivery';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CAMPAIGNS = arg('campaigns', 10);
const GROUPS = arg('groups', 5);
const RUNS = arg('runs', 5);

const today = isoDate(new Date());
const change = (daysAgo: number, before: Record<string, unknown>): HistoryEntry => ({
  at: `${addDays(today, -daysAgo)}T13:30:00.000Z`,
  before,
});
const campaigns = Array.from({ length: CAMPAIGNS }, (_, c) => ({
  id: `9${String(c).padStart(10, '0')}`,
  name: `C${c}`,
  type: 'SEARCH',
  status: 'ENABLED',
  budget_amount: 60 + c * 10,
  start_date: addDays(today, -400),
  performance: (['strong', 'average', 'poor', 'wasteful'] as const)[c % 4],
  history: [change(200, { budget_amount: 40 }), change(90, { status: 'PAUSED' }), change(30, { budget_amount: 50 + c * 10 })],
})) as (StoredCampaign & { history: HistoryEntry[] })[];
const groups = campaigns.flatMap((c) =>
  Array.from({ length: GROUPS }, (_, g) => ({
    id: `${c.id}${g}`,
    campaign_id: c.id,
    name: `G${g}`,
    status: 'ENABLED',
    type: 'SEARCH_STANDARD',
    cpc_bid: 1.2,
    performance: c.performance,
    start_date: c.start_date,
    history: [change(60 + g, { status: 'PAUSED' }), change(20 + g, { cpc_bid: 1 })],
  })),
) as (StoredAdGroup & { history: HistoryEntry[] })[];
const withKeywords = new Set(groups.map((g) => g.id));
const dates = datesBetween(addDays(today, -365), addDays(today, -1));

const times: number[] = [];
let rows = 0;
for (let run = 0; run < RUNS; run++) {
  const started = process.hrtime.bigint();
  rows = 0;
  for (const campaign of campaigns) {
    const children = groups.filter((g) => g.campaign_id === campaign.id);
    for (const date of dates) rows += 1 + campaignDay(campaign, children, date, (g) => withKeywords.has(g.id)).children.size;
  }
  times.push(Number(process.hrtime.bigint() - started) / 1e6);
}
times.sort((a, b) => a - b);
console.log(`${CAMPAIGNS} campaigns x ${GROUPS} ad groups, ${dates.length} days, 3 changes per campaign, 2 per ad group`);
console.log(`rows computed per report: ${rows}`);
console.log(
  `median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, best ${times[0]!.toFixed(1)} ms, worst ${times.at(-1)!.toFixed(1)} ms over ${RUNS} runs`,
);
