/**
 * Research jobs, run in the background by the scheduler. No AI model is called: a job is a
 * deterministic analysis of the owner's own accounts over the last 30 days.
 * - keywords: the search terms of the search platforms (searchads, deskads) added up across
 *   accounts: the terms that convert (candidates to add as keywords), the terms that spend without
 *   converting (candidates for negatives), and themes (terms grouped by their most telling word).
 * - campaigns: every platform's campaigns by return: the best by ROAS, the dearest conversions, and
 *   spend without any conversion.
 */
import type { PlatformDirectory } from '../../../core/platform';
import { claimResearch, dueResearch, finishResearch, type ResearchJob } from '../../../functions/runtime/stores/monitoring';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import type { ConnectedAccount } from '../../../core/accounts';
import { lastDays } from '../../../core/dates';
import { costReading } from '../../../core/metrics';
import { outOfTime, type TickOptions } from './tick';
import { finderCall } from '../../opportunities';
import type { DeskAdsPort } from '../../deskads/port';
import type { SearchAdsPort } from '../../searchads/port';

const TOP = 20;
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'for',
  'of',
  'to',
  'in',
  'on',
  'with',
  'near',
  'me',
  'best',
  'buy',
  'cheap',
  'online',
  'sale',
  'shop',
  'store',
  'how',
  'what',
  'where',
  'is',
  'are',
  'vs',
]);

export interface TermFigures {
  term: string;
  spend: number;
  clicks: number;
  conversions: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

async function searchTerms(
  directory: PlatformDirectory,
  account: ConnectedAccount,
  start: string,
  end: string,
): Promise<{ search_term?: string; spend: number; clicks: number; conversions: number }[]> {
  if (account.platform === 'searchads') {
    return directory.open<SearchAdsPort>(account, finderCall(account)).getReport('search_term', start, end);
  }
  return directory.open<DeskAdsPort>(account, finderCall(account)).getReport({
    report_type: 'SearchQueryPerformance',
    aggregation: 'Summary',
    start_date: start,
    end_date: end,
  });
}

/**
 * Themes of search terms: each term joins the group of its most shared telling word (a head term such
 * as "boots"), so related terms group together; groups are ordered by spend, then by size.
 */
export function themesOf(
  terms: TermFigures[],
  limit: number,
): { theme: string; terms: number; spend: number; conversions: number; sample_terms: string[] }[] {
  const frequency = new Map<string, number>();
  const words = (t: string) => [
    ...new Set(
      t
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 2 && !STOP_WORDS.has(w)),
    ),
  ];
  for (const t of terms) for (const w of words(t.term)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const groups = new Map<string, { theme: string; terms: number; spend: number; conversions: number; members: TermFigures[] }>();
  for (const t of terms) {
    // Ties go to the later word: in a search term the head noun usually comes last ("trail running shoes").
    const own = words(t.term);
    const theme =
      [...own].sort((a, b) => (frequency.get(b) ?? 0) - (frequency.get(a) ?? 0) || own.indexOf(b) - own.indexOf(a))[0] ?? t.term;
    const g = groups.get(theme) ?? { theme, terms: 0, spend: 0, conversions: 0, members: [] };
    g.terms++;
    g.spend = round2(g.spend + t.spend);
    g.conversions += t.conversions;
    g.members.push(t);
    groups.set(theme, g);
  }
  return [...groups.values()]
    .sort((a, b) => b.spend - a.spend || b.terms - a.terms || a.theme.localeCompare(b.theme))
    .slice(0, limit)
    .map(({ members, ...g }) => ({
      ...g,
      sample_terms: members
        .sort((a, b) => b.spend - a.spend || a.term.localeCompare(b.term))
        .slice(0, 3)
        .map((m) => m.term),
    }));
}

/** The search terms of the owner's searchads and deskads accounts over [start, end], added up per term. */
export async function searchTermFigures(
  directory: PlatformDirectory,
  ownerId: string,
  platforms: string[],
  seeds: string[],
  start: string,
  end: string,
): Promise<{ accounts: string[]; terms: TermFigures[] }> {
  const accounts = (await listConnectedAccounts(ownerId)).filter(
    (a) => (a.platform === 'searchads' || a.platform === 'deskads') && (!platforms.length || platforms.includes(a.platform)),
  );
  const byTerm = new Map<string, TermFigures>();
  for (const account of accounts) {
    for (const row of await searchTerms(directory, account, start, end)) {
      if (!row.search_term) continue;
      const term = row.search_term.toLowerCase();
      if (seeds.length && !seeds.some((s) => term.includes(s.toLowerCase()))) continue;
      const t = byTerm.get(term) ?? { term, spend: 0, clicks: 0, conversions: 0 };
      t.spend = round2(t.spend + row.spend);
      t.clicks += row.clicks;
      t.conversions += row.conversions;
      byTerm.set(term, t);
    }
  }
  return { accounts: accounts.map((a) => `${a.platform} ${a.account_id}`), terms: [...byTerm.values()] };
}

export async function researchResult(directory: PlatformDirectory, job: ResearchJob, now: Date): Promise<Record<string, unknown>> {
  const window = lastDays(now, 30, 'UTC');
  if (job.topic === 'keywords') {
    const { accounts: searched, terms } = await searchTermFigures(
      directory,
      job.owner_id,
      job.platforms,
      job.seeds,
      window.start,
      window.end,
    );
    return {
      topic: 'keywords',
      start_date: window.start,
      end_date: window.end,
      accounts: searched,
      terms_analysed: terms.length,
      converting_terms: terms
        .filter((t) => t.conversions > 0)
        .sort((a, b) => b.conversions - a.conversions || b.spend - a.spend)
        .slice(0, TOP)
        .map((t) => ({ ...t, cpa: round2(t.spend / t.conversions) })),
      wasted_terms: terms
        .filter((t) => t.conversions === 0 && t.spend > 0)
        .sort((a, b) => b.spend - a.spend)
        .slice(0, TOP),
      themes: themesOf(terms, TOP),
    };
  }
  const accounts = (await listConnectedAccounts(job.owner_id)).filter((a) => !job.platforms.length || job.platforms.includes(a.platform));
  const rows = [];
  // Each row's CPA rank, kept beside the rows: spend without conversions ranks +Infinity, which is not stored.
  const ranks: (number | null)[] = [];
  for (const account of accounts) {
    for (const c of await directory.campaignFigures(account, window.start, window.end, finderCall(account))) {
      const cpa = costReading(c.figures, 'cpa');
      ranks.push(cpa.rank);
      rows.push({
        platform: account.platform,
        account_id: account.account_id,
        currency: account.currency,
        campaign_id: c.id,
        name: c.name,
        spend: c.figures.spend,
        conversions: c.figures.conversions,
        cpa: c.figures.cpa,
        ...(cpa.note ? { cpa_note: cpa.note } : {}),
        roas: c.figures.roas,
      });
    }
  }
  return {
    topic: 'campaigns',
    start_date: window.start,
    end_date: window.end,
    campaigns_analysed: rows.length,
    best_roas: rows
      .filter((r) => r.roas !== null && r.spend >= 50)
      .sort((a, b) => b.roas! - a.roas!)
      .slice(0, 10),
    // Spend without conversions is the worst CPA (core/metrics.ts costReading): first, the biggest spend first.
    highest_cpa: rows
      .map((r, i) => ({ r, rank: ranks[i] }))
      .filter((x) => x.rank !== null)
      .sort((a, b) => (b.rank === a.rank ? b.r.spend - a.r.spend : b.rank! - a.rank!))
      .slice(0, 10)
      .map((x) => x.r),
    spend_without_conversions: rows
      .filter((r) => r.conversions === 0 && r.spend > 0)
      .sort((a, b) => b.spend - a.spend)
      .slice(0, 10),
  };
}

export async function runDueResearch(
  directory: PlatformDirectory,
  now: Date,
  options: TickOptions = {},
): Promise<{ due: number; done: number; failed: number; deferred: number }> {
  const due = await dueResearch(now);
  const run = { due: due.length, done: 0, failed: 0, deferred: 0 };
  for (const job of due) {
    if (outOfTime(options)) {
      run.deferred++;
      continue;
    }
    if (!(await claimResearch(job, now))) continue;
    try {
      await finishResearch(job, { status: 'done', result: await researchResult(directory, job, now) }, new Date());
      run.done++;
    } catch (err) {
      await finishResearch(job, { status: 'failed', error: (err as Error).message.slice(0, 500) }, new Date());
      run.failed++;
    }
  }
  return run;
}
