/**
 * The cross-platform report behind generate_report_now and scheduled briefs: per connected account
 * (in its own currency) spend, clicks, impressions, conversions, revenue, CPA and ROAS over a window,
 * and its top campaigns by spend, from each platform module's campaignFigures (the figures its
 * campaign list tool shows). Rendered as JSON data, Markdown, HTML or a PDF written here (text only).
 */
import type { PlatformDirectory } from '../../../core/platform';
import { finderCall } from '../../opportunities';
import type { PlatformWord } from '../../../core/platforms';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import type { PortCall } from '../../../core/tool';
import { totals, type MetricTotals } from '../../../core/metrics';
import { markdownTable, money } from '../../../core/markdown';

export interface ReportAccount {
  platform: PlatformWord;
  account_id: string;
  name: string;
  currency: string;
  totals: Pick<MetricTotals, 'spend' | 'impressions' | 'clicks' | 'conversions' | 'revenue' | 'cpa' | 'roas'>;
  top_campaigns: {
    id: string;
    name: string;
    status: string;
    spend: number;
    conversions: number;
    cpa: number | null;
    roas: number | null;
  }[];
}

export interface ReportData {
  title: string;
  start_date: string;
  end_date: string;
  generated_at: string;
  accounts: ReportAccount[];
  /** Accounts that could not be read. */
  skipped: string[];
}

const TOP = 5;

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
  const out: ReportAccount[] = [];
  const skipped: string[] = [];
  for (const account of accounts) {
    try {
      const campaigns = await directory.campaignFigures(account, window.start, window.end, call ?? finderCall(account));
      const t = totals(campaigns.map((c) => c.figures));
      out.push({
        platform: account.platform,
        account_id: account.account_id,
        name: account.name,
        currency: account.currency,
        totals: {
          spend: t.spend,
          impressions: t.impressions,
          clicks: t.clicks,
          conversions: t.conversions,
          revenue: t.revenue,
          cpa: t.cpa,
          roas: t.roas,
        },
        top_campaigns: campaigns
          .filter((c) => c.figures.spend > 0)
          .sort((a, b) => b.figures.spend - a.figures.spend || a.id.localeCompare(b.id))
          .slice(0, TOP)
          .map((c) => ({
            id: c.id,
            name: c.name,
            status: c.status,
            spend: c.figures.spend,
            conversions: c.figures.conversions,
            cpa: c.figures.cpa,
            roas: c.figures.roas,
          })),
      });
    } catch (err) {
      skipped.push(`${account.platform} ${account.account_id}: ${(err as Error).message}`);
    }
  }
  return { title, start_date: window.start, end_date: window.end, generated_at: now.toISOString(), accounts: out, skipped };
}

const ratio = (n: number | null) => (n === null ? '-' : String(n));

/** The report as rows of cells: the one layout Markdown, HTML and PDF share. */
function rows(data: ReportData): { heading: string; header: string[]; body: string[][] }[] {
  return [
    {
      heading: 'Accounts',
      header: ['Platform', 'Account', 'Spend', 'Clicks', 'Conversions', 'CPA', 'ROAS'],
      body: data.accounts.map((a) => [
        a.platform,
        `${a.name} (${a.account_id})`,
        money(a.totals.spend, a.currency),
        String(a.totals.clicks),
        String(a.totals.conversions),
        a.totals.cpa === null ? '-' : money(a.totals.cpa, a.currency),
        ratio(a.totals.roas),
      ]),
    },
    ...data.accounts
      .filter((a) => a.top_campaigns.length)
      .map((a) => ({
        heading: `Top campaigns: ${a.platform} ${a.name}`,
        header: ['Campaign', 'Status', 'Spend', 'Conversions', 'CPA', 'ROAS'],
        body: a.top_campaigns.map((c) => [
          c.name,
          c.status,
          money(c.spend, a.currency),
          String(c.conversions),
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
