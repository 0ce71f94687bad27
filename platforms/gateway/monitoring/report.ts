/**
 * The cross-platform report behind generate_report_now and scheduled briefs: per connected account
 * (in its own currency) spend, clicks, impressions, its results per result type and its top
 * campaigns by spend, over a window and the same-length window just before it, from each platform
 * module's campaignFigures (the figures its campaign list tool shows, one source). Only like is summed
 * with like: purchases, leads, installs, orders, clicks and views stay apart (per result type, per
 * currency), and a campaign whose objective has no conversions (awareness, reach, views, traffic)
 * shows conversions n/a, as its platform does. Rendered as JSON data, Markdown, HTML or a PDF
 * written here (text only).
 */
import type { CampaignFigures, PlatformDirectory } from '../../../core/platform';
import { finderCall } from '../../opportunities';
import type { PlatformWord } from '../../../core/platforms';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import type { PortCall } from '../../../core/tool';
import { totals } from '../../../core/metrics';
import { addDays } from '../../../core/dates';
import { count, markdownTable, money } from '../../../core/markdown';

/** The campaigns of one result type added up (like with like). */
export interface ResultTotal {
  result_type: string;
  /** Whether this result type is a conversion (purchases, leads, installs, orders, conversions). */
  converts: boolean;
  /** Campaigns counted. */
  campaigns: number;
  results: number;
  spend: number;
  /** Spend per result; null without results. */
  cost_per_result: number | null;
  revenue: number;
}

export interface AccountTotals {
  spend: number;
  impressions: number;
  clicks: number;
  /** Conversions of the converting campaigns, when they all count one result type; null when mixed (see results). */
  conversions: number | null;
  revenue: number;
  /** Spend of the converting campaigns per conversion; null when mixed or none. */
  cpa: number | null;
  roas: number | null;
}

export interface ReportAccount {
  platform: PlatformWord;
  account_id: string;
  name: string;
  currency: string;
  totals: AccountTotals;
  /** Per result type, like with like. */
  results: ResultTotal[];
  /** The same figures over the same-length window just before. */
  previous: { totals: AccountTotals; results: ResultTotal[] };
  top_campaigns: {
    id: string;
    name: string;
    status: string;
    spend: number;
    result_type: string;
    results: number;
    /** null (n/a) where the objective has no conversions. */
    conversions: number | null;
    cpa: number | null;
    roas: number | null;
  }[];
}

/** One result type across accounts of one currency, now and before. */
export interface ReportTotal extends ResultTotal {
  currency: string;
  previous_results: number;
  previous_spend: number;
}

export interface ReportData {
  title: string;
  start_date: string;
  end_date: string;
  /** The same-length window just before, the comparison's. */
  previous_start_date: string;
  previous_end_date: string;
  generated_at: string;
  accounts: ReportAccount[];
  /** Per currency and result type over every account (only like with like). */
  totals_by_result_type: ReportTotal[];
  /** Accounts that could not be read. */
  skipped: string[];
}

const TOP = 5;
const round2 = (n: number) => Math.round(n * 100) / 100;
const per = (spend: number, results: number) => (results > 0 ? round2(spend / results) : null);

/** The same-length window just before [start, end]. */
export function previousWindow(window: { start: string; end: string }): { start: string; end: string } {
  const days = Math.round((Date.parse(window.end) - Date.parse(window.start)) / 86_400_000) + 1;
  return { start: addDays(window.start, -days), end: addDays(window.start, -1) };
}

/** Campaigns added up per result type (campaigns without spend or results left out). */
export function resultTotals(campaigns: readonly CampaignFigures[]): ResultTotal[] {
  const by = new Map<string, ResultTotal>();
  for (const c of campaigns) {
    if (c.figures.spend === 0 && c.results === 0) continue;
    const t = by.get(c.result_type) ?? {
      result_type: c.result_type,
      converts: c.converts,
      campaigns: 0,
      results: 0,
      spend: 0,
      cost_per_result: null,
      revenue: 0,
    };
    t.campaigns++;
    t.results += c.results;
    t.spend = round2(t.spend + c.figures.spend);
    t.revenue = round2(t.revenue + c.figures.revenue);
    t.cost_per_result = per(t.spend, t.results);
    by.set(c.result_type, t);
  }
  return [...by.values()].sort((a, b) => b.spend - a.spend || a.result_type.localeCompare(b.result_type));
}

function accountTotals(campaigns: readonly CampaignFigures[], results: readonly ResultTotal[]): AccountTotals {
  const t = totals(campaigns.map((c) => c.figures));
  const converting = results.filter((r) => r.converts);
  const one = converting.length === 1 ? converting[0]! : undefined;
  return {
    spend: t.spend,
    impressions: t.impressions,
    clicks: t.clicks,
    conversions: converting.length === 0 ? 0 : one ? one.results : null,
    revenue: t.revenue,
    cpa: one ? per(one.spend, one.results) : null,
    roas: t.roas,
  };
}

export async function buildReport(
  directory: PlatformDirectory,
  ownerId: string,
  window: { start: string; end: string },
  platforms: PlatformWord[],
  now: Date,
  call?: PortCall,
  title = 'Cross-platform report',
): Promise<ReportData> {
  const accounts = (await listConnectedAccounts(ownerId)).filter((a) => !platforms.length || platforms.includes(a.platform));
  const before = previousWindow(window);
  const out: ReportAccount[] = [];
  const skipped: string[] = [];
  for (const account of accounts) {
    try {
      const [campaigns, previous] = await Promise.all(
        [window, before].map((w) => directory.campaignFigures(account, w.start, w.end, call ?? finderCall(account))),
      );
      const results = resultTotals(campaigns!);
      const previousResults = resultTotals(previous!);
      out.push({
        platform: account.platform,
        account_id: account.account_id,
        name: account.name,
        currency: account.currency,
        totals: accountTotals(campaigns!, results),
        results,
        previous: { totals: accountTotals(previous!, previousResults), results: previousResults },
        top_campaigns: campaigns!
          .filter((c) => c.figures.spend > 0)
          .sort((a, b) => b.figures.spend - a.figures.spend || a.id.localeCompare(b.id))
          .slice(0, TOP)
          .map((c) => ({
            id: c.id,
            name: c.name,
            status: c.status,
            spend: c.figures.spend,
            result_type: c.result_type,
            results: c.results,
            conversions: c.converts ? c.figures.conversions : null,
            cpa: c.converts ? c.figures.cpa : null,
            roas: c.converts ? c.figures.roas : null,
          })),
      });
    } catch (err) {
      skipped.push(`${account.platform} ${account.account_id}: ${(err as Error).message}`);
    }
  }
  return {
    title,
    start_date: window.start,
    end_date: window.end,
    previous_start_date: before.start,
    previous_end_date: before.end,
    generated_at: now.toISOString(),
    accounts: out,
    totals_by_result_type: reportTotals(out),
    skipped,
  };
}

/** Every account's results per currency and result type, now and before. */
function reportTotals(accounts: readonly ReportAccount[]): ReportTotal[] {
  const by = new Map<string, ReportTotal>();
  const add = (currency: string, r: ResultTotal, previous: boolean) => {
    const key = `${currency}|${r.result_type}`;
    const t = by.get(key) ?? {
      currency,
      result_type: r.result_type,
      converts: r.converts,
      campaigns: 0,
      results: 0,
      spend: 0,
      cost_per_result: null,
      revenue: 0,
      previous_results: 0,
      previous_spend: 0,
    };
    if (previous) {
      t.previous_results += r.results;
      t.previous_spend = round2(t.previous_spend + r.spend);
    } else {
      t.campaigns += r.campaigns;
      t.results += r.results;
      t.spend = round2(t.spend + r.spend);
      t.revenue = round2(t.revenue + r.revenue);
      t.cost_per_result = per(t.spend, t.results);
    }
    by.set(key, t);
  };
  for (const a of accounts) {
    for (const r of a.results) add(a.currency, r, false);
    for (const r of a.previous.results) add(a.currency, r, true);
  }
  return [...by.values()].sort(
    (a, b) => a.currency.localeCompare(b.currency) || b.spend - a.spend || a.result_type.localeCompare(b.result_type),
  );
}

const ratio = (n: number | null) => (n === null ? '-' : String(n));
const label = (type: string) => type.replace(/_/g, ' ');
/** "+12.5%" from before to now; "-" without a figure before. */
const change = (now: number, before: number) =>
  before > 0 ? `${now >= before ? '+' : ''}${Math.round(((now - before) / before) * 1000) / 10}%` : '-';
/** "67 purchases, 306 installs" */
const resultsText = (results: readonly ResultTotal[]) =>
  results.map((r) => `${count(r.results)} ${label(r.result_type)}`).join(', ') || '-';

/** The report as rows of cells: the one layout Markdown, HTML and PDF share. */
function rows(data: ReportData): { heading: string; header: string[]; body: string[][] }[] {
  return [
    {
      heading: `Accounts (previous period ${data.previous_start_date} to ${data.previous_end_date})`,
      header: ['Platform', 'Account', 'Spend', 'Previous spend', 'Change', 'Clicks', 'Results', 'ROAS'],
      body: data.accounts.map((a) => [
        a.platform,
        `${a.name} (${a.account_id})`,
        money(a.totals.spend, a.currency),
        money(a.previous.totals.spend, a.currency),
        change(a.totals.spend, a.previous.totals.spend),
        String(a.totals.clicks),
        resultsText(a.results),
        ratio(a.totals.roas),
      ]),
    },
    {
      heading: 'Totals per result type (like with like, per currency)',
      header: ['Result', 'Currency', 'Results', 'Previous', 'Change', 'Spend', 'Cost per result', 'Revenue'],
      body: data.totals_by_result_type.map((t) => [
        label(t.result_type),
        t.currency,
        count(t.results),
        count(t.previous_results),
        change(t.results, t.previous_results),
        money(t.spend, t.currency),
        t.cost_per_result === null ? '-' : money(t.cost_per_result, t.currency),
        t.converts ? money(t.revenue, t.currency) : 'n/a',
      ]),
    },
    ...data.accounts
      .filter((a) => a.top_campaigns.length)
      .map((a) => ({
        heading: `Top campaigns: ${a.platform} ${a.name}`,
        header: ['Campaign', 'Status', 'Spend', 'Results', 'Conversions', 'CPA', 'ROAS'],
        body: a.top_campaigns.map((c) => [
          c.name,
          c.status,
          money(c.spend, a.currency),
          `${count(c.results)} ${label(c.result_type)}`,
          c.conversions === null ? 'n/a' : String(c.conversions),
          c.cpa === null ? '-' : money(c.cpa, a.currency),
          ratio(c.roas),
        ]),
      })),
  ];
}

export function reportMarkdown(data: ReportData): string {
  return [
    `## ${data.title}, ${data.start_date} to ${data.end_date}`,
    ...(data.accounts.length ? [] : ['', 'No connected account to report on.']),
    ...rows(data).flatMap((section) => ['', `### ${section.heading}`, '', markdownTable(section.header, section.body)]),
    ...(data.skipped.length ? ['', `Not read: ${data.skipped.join('; ')}`] : []),
  ].join('\n');
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function reportHtml(data: ReportData): string {
  const sections = rows(data)
    .map(
      (s) =>
        `<h2>${escapeHtml(s.heading)}</h2><table><thead><tr>${s.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${s.body.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><title>${escapeHtml(data.title)}</title><style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style></head><body><h1>${escapeHtml(data.title)}</h1><p>${data.start_date} to ${data.end_date}</p>${sections}</body></html>`;
}

/** A one-font PDF (PDF 1.4, Helvetica, A4 pages of 60 lines): the report's lines as text. */
export function reportPdf(data: ReportData): Buffer {
  const lines = [`${data.title}, ${data.start_date} to ${data.end_date}`, ''];
  for (const section of rows(data)) lines.push(section.heading, section.header.join(' | '), ...section.body.map((r) => r.join(' | ')), '');
  // Latin-1 text: characters outside it are replaced, and ( ) \ are escaped.
  const text = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const pages: string[][] = [];
  for (let i = 0; i < lines.length; i += 60) pages.push(lines.slice(i, i + 60));
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // pages, filled below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    const stream = `BT /F1 9 Tf 40 800 Td 12 TL ${page.map((l) => `(${text(l)}) '`).join(' ')} ET`;
    add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
