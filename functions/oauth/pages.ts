import { createHash } from 'node:crypto';
import { escapeHtml } from '../connect/pages';
import type { GatewayResult } from '../runtime/state';
import type { OAuthScope } from './store';

/**
 * The consent page of MCP sign-in and its error page. No script; the one form posts back to
 * /oauth/authorize, which redirects to the client's registered address (both allowed by the CSP).
 */
const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2328}' +
  'h1{font-size:1.4rem}label{display:block;margin:.4rem 0}input[type=password]{width:100%;padding:.4rem;font:inherit}' +
  'button{font:inherit;padding:.4rem 1rem;margin-right:.5rem}.problem{color:#b42318}fieldset{border:1px solid #d0d7de;margin:1rem 0}';
const styleHash = createHash('sha256').update(STYLE, 'utf8').digest('base64');

const SCOPE_TEXT: Record<OAuthScope, string> = {
  read: 'Read: reports, lists and analyses. Nothing can be changed.',
  write: 'Write: read, and change campaigns (create, update, pause, resume, remove), within your guardrails and approvals.',
  approve: 'Approve: read, and approve or reject actions held for approval.',
};

export interface ConsentRequest {
  client_id: string;
  client_name: string;
  redirect_uri: string;
  code_challenge: string;
  state?: string;
  /** The scope the client asked for (the page preselects it); read when it asked for none. */
  requested: OAuthScope;
  resource: string;
}

function page(status: number, title: string, body: string, formTarget?: string): GatewayResult {
  const formAction = formTarget ? `'self' ${formTarget}` : "'none'";
  return {
    statusCode: status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'`,
    },
    body: `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeHtml(title)}</title>\n<style>${STYLE}</style>\n</head>\n<body>\n<h1>${escapeHtml(title)}</h1>\n${body}\n</body>\n</html>\n`,
  };
}

export function consentPage(request: ConsentRequest, options: { issuer: string; problem?: string; status?: number }): GatewayResult {
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const scopes = (Object.keys(SCOPE_TEXT) as OAuthScope[])
    .map(
      (scope) =>
        `<label><input type="radio" name="scope" value="${scope}"${scope === request.requested ? ' checked' : ''}> ${escapeHtml(SCOPE_TEXT[scope])}</label>`,
    )
    .join('\n');
  const body = [
    `<p><strong>${escapeHtml(request.client_name)}</strong> asks to use your ad-platform tool gateway (${escapeHtml(request.resource)}) on your behalf.</p>`,
    `<p>It will return you to <code>${escapeHtml(request.redirect_uri)}</code>.</p>`,
    options.problem ? `<p class="problem">${escapeHtml(options.problem)}</p>` : '',
    `<form method="post" action="${escapeHtml(options.issuer)}/oauth/authorize">`,
    hidden('response_type', 'code'),
    hidden('client_id', request.client_id),
    hidden('redirect_uri', request.redirect_uri),
    hidden('code_challenge', request.code_challenge),
    hidden('code_challenge_method', 'S256'),
    hidden('state', request.state),
    hidden('resource', request.resource),
    `<fieldset><legend>What may it do?</legend>\n${scopes}\n</fieldset>`,
    '<label for="credential">Prove it is you: your API key (sk_live_...) or the one-time code your administrator gave you (gateway mcp-link)</label>',
    '<input type="password" id="credential" name="credential" autocomplete="off" required>',
    '<p><button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></p>',
    '</form>',
    '<p>Access lasts until you or your administrator revoke it (gateway mcp-revoke). The key or code is not kept by the app.</p>',
  ].join('\n');
  return page(
    options.status ?? 200,
    'Allow access to your ad accounts?',
    body,
    new URL(request.redirect_uri).origin === 'null' ? `${new URL(request.redirect_uri).protocol}` : new URL(request.redirect_uri).origin,
  );
}

export function errorPage(status: number, title: string, message: string): GatewayResult {
  return page(status, title, `<p>${escapeHtml(message)}</p>`);
}
