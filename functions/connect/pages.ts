import { createHash } from 'node:crypto';
import type { GatewayResult } from '../runtime/state';

/**
 * The small HTML pages of the connect-link flow, read by the account holder in a browser. Every
 * value is escaped; the pages carry no script, are never cached and send no Referer onwards.
 */

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2328}' +
  'h1{font-size:1.4rem}code{background:#f3f4f6;padding:0 .2rem}li{margin:.2rem 0}';

const styleHash = createHash('sha256').update(STYLE, 'utf8').digest('base64');

/** No scripts, no frames, no forms, nothing fetched: only the one inline style, by its hash. */
export const CONNECT_PAGE_CONTENT_SECURITY_POLICY = `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Headers of every answer of the flow, pages and redirects alike. */
export const CONNECT_SECURITY_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': CONNECT_PAGE_CONTENT_SECURITY_POLICY,
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface Page {
  status: number;
  title: string;
  /** Plain-text paragraphs (escaped here). */
  paragraphs: string[];
  /** Plain-text list items (escaped here), shown after the first paragraph. */
  items?: string[];
  headers?: Record<string, string>;
}

export function htmlPage(page: Page): GatewayResult {
  const [first, ...rest] = page.paragraphs;
  const body = [
    `<h1>${escapeHtml(page.title)}</h1>`,
    first === undefined ? '' : `<p>${escapeHtml(first)}</p>`,
    page.items?.length ? `<ul>${page.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '',
    ...rest.map((text) => `<p>${escapeHtml(text)}</p>`),
  ].join('\n');
  return {
    statusCode: page.status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...CONNECT_SECURITY_HEADERS, ...page.headers },
    body: `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeHtml(page.title)}</title>\n<style>${STYLE}</style>\n</head>\n<body>\n${body}\n</body>\n</html>\n`,
  };
}

/** What the account holder can do when a link does not work. */
export const NEW_LINK_ADVICE =
  'Ask whoever sent you this link for a new one (they create it with the command `gateway accounts connect-link`). A link works once, for 15 minutes.';
