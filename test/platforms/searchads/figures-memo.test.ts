/**
 * The searchads sandbox keeps the campaign days it computed in a per-process memo
 * (platforms/sandbox/day-memo.ts, issue 33): a read after a write answers the new figures, and two
 * accounts holding the same entity ids never see each other's days. Each read below runs twice, so
 * the second is served from the memo the first filled. Whole reports are kept too (`ReportMemo`), with the
 * negatives a search term report reads.
 */
import { addDays, isoDate } from '../../../core/dates';
import { operatorCall } from '../../../platforms/live/connector';
import { SandboxStore } from '../../../platforms/sandbox/store';
import { BIDDING_KIND } from '../../../platforms/searchads/sandbox/bidding';
import { KIND } from '../../../platforms/searchads/sandbox/stored';
import { searchads } from '../../../platforms/searchads/manifest';
import type { SearchAdsReportRow } from '../../../platforms/searchads/port';
import { useMiddayClock } from '../../support/clock';
import { callToolOk, useTestTables } from '../../support/gateway';
import { searchAdsSandbox } from '../helpers/searchads-sandbox';

useTestTables();
useMiddayClock();

const yesterday = () => addDays(isoDate(new Date()), -1);

/** What getReport reads: the campaigns, their ad groups, keywords and ads, and the shared budgets. */
const REPORTED_KINDS = [KIND.campaign, KIND.adGroup, KIND.keyword, KIND.ad, BIDDING_KIND.budget];

/** The account's campaign report of the last three days, read twice (the second from the memo): both the same. */
async function readTwice(port: ReturnType<typeof searchads.open>): Promise<SearchAdsReportRow[]> {
  const end = yesterday();
  const first = await port.getReport('campaign', addDays(end, -2), end);
  expect(await port.getReport('campaign', addDays(end, -2), end)).toEqual(first);
  return first;
}

/** A pause that took effect at the start of yesterday (the store records when a change happened). */
const pauseFromYesterday = (store: SandboxStore, id: string) =>
  store.update(KIND.campaign, id, { status: 'PAUSED' }, { now: new Date(`${yesterday()}T00:00:00.000Z`) });

describe('searchads campaign days kept in memory', () => {
  it('a read after a write answers the new figures, not the days kept before it', async () => {
    const s = await searchAdsSandbox();
    const brand = (await s.port.listCampaigns()).find((c) => c.name === 'Brand - Exact')!;
    const before = await readTwice(s.port);
    const spentYesterday = before.find((r) => r.campaign_id === brand.id && r.date === yesterday());
    expect(spentYesterday?.spend).toBeGreaterThan(0);

    await pauseFromYesterday(s.store, brand.id);

    const after = await readTwice(s.port);
    // Paused all of yesterday: no row; its earlier days and the other campaigns keep theirs.
    expect(after).toEqual(before.filter((r) => !(r.campaign_id === brand.id && r.date === yesterday())));
    // The tool reads the same new figures.
    const listed = await callToolOk(s.apiKey, 'list_campaigns', { lookback_days: 1 });
    const row = (listed.structured!.campaigns as { id: string; metrics: { spend: number } }[]).find((c) => c.id === brand.id)!;
    expect(row.metrics.spend).toBe(0);
  });

  it('two accounts with the same entity ids each get their own days', async () => {
    const a = await searchAdsSandbox();
    // A second account holding a copy of the first one's entities (same ids, same history)...
    const copyId = `${a.account.account_id}-copy`;
    const copy = new SandboxStore('searchads', copyId);
    for (const kind of REPORTED_KINDS) await copy.putMany(kind, await a.store.list(kind, { withHistory: true }));
    const copyPort = searchads.open({ ...a.account, account_id: copyId }, operatorCall());
    const brand = (await a.port.listCampaigns()).find((c) => c.name === 'Brand - Exact')!;
    expect(await readTwice(copyPort)).toEqual(await readTwice(a.port));

    // ...then paused in the copy only.
    await pauseFromYesterday(copy, brand.id);
    const first = await readTwice(a.port);
    const copied = await readTwice(copyPort);
    expect(copied.some((r) => r.campaign_id === brand.id && r.date === yesterday())).toBe(false);
    expect(first.some((r) => r.campaign_id === brand.id && r.date === yesterday())).toBe(true);
    expect(copied).toEqual(first.filter((r) => !(r.campaign_id === brand.id && r.date === yesterday())));
    expect(await readTwice(a.port)).toEqual(first);
  });

  it('a kept search term report follows the negatives: a term blocked since before yesterday leaves the next one', async () => {
    const s = await searchAdsSandbox();
    const terms = () => s.port.getReport('search_term', yesterday(), yesterday());
    const before = await terms();
    // A keyword's own text always keeps its day: block the longest other query of a keyword with several.
    const termsOf = (keywordId: string) => before.filter((r) => r.keyword_id === keywordId && r.search_term);
    const withSeveral = before.find((r) => r.spend > 0 && termsOf(r.keyword_id!).length > 1)!;
    const term = termsOf(withSeveral.keyword_id!).sort((a, b) => b.search_term!.length - a.search_term!.length)[0]!;
    await s.store.create(KIND.negativeKeyword, {
      id: 'negative-memo-test',
      campaign_id: term.campaign_id,
      text: term.search_term!,
      match_type: 'EXACT',
      created_at: `${addDays(yesterday(), -1)}T12:00:00.000Z`,
    });
    const itsRows = (rows: SearchAdsReportRow[]) =>
      rows.filter((r) => r.keyword_id === term.keyword_id && r.search_term === term.search_term);
    expect(itsRows(before)).not.toEqual([]);
    expect(itsRows(await terms())).toEqual([]);
  });
});
