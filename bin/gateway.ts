/**
 * `gateway`: the operator command (CONTRACT.md section 7). It works on the same stores as the
 * gateway itself: the local store of a running `npm start` (found through .data/running.json), or
 * a deployed stack's tables named by TABLE_* / TABLE_PREFIX variables with AWS credentials.
 */
import '../functions/local/quiet-warnings';
import { readRunningStore } from '../functions/local/local-store';
import { TIERS, type Tier } from '../core/accounts';
import { isPlatformWord, PLATFORM_WORDS } from '../core/platforms';
import { createApiKey, keyStatus, listApiKeys, revokeApiKey, type ApiKeyRecord } from '../functions/runtime/stores/api-keys';
import { safetyOf, setSafetySettings, type SafetySettings } from '../functions/runtime/safety';
import { DEFAULT_AUDIT_RETENTION_DAYS, listAuditEntries } from '../functions/runtime/stores/audit';
import { createOwner, getOwner, monthlyLimit } from '../functions/runtime/stores/owners';
import { periodEndOf, readUsage } from '../functions/runtime/stores/usage';
import { connectLiveAccounts, connectSandboxAccounts, disconnectAccount } from '../functions/connect/accounts';
import { createConnectLinkFor, linkPlatforms } from '../functions/connect/links';
import { ConnectOptionsError } from '../platforms/live/connector';
import { GatewayError } from '../core/errors';
import { REGISTRY } from '../functions/all-tools';
import { CONNECTORS } from '../platforms/connectors';
import { createLinkCode, listGrants, revokeGrants } from '../functions/oauth/store';

const usage = () => `Usage:
  gateway owners create --tier <free|plus|pro|max> [--name NAME] [--json]
  gateway keys create --owner <owner_id> [--scope read|write|approve] [--expires-in-days N] [--json]
      no --scope = full access; read = read tools only; write = reads and writes;
      approve = reads and manage_action (only approve keys can approve held writes)
  gateway keys revoke <key_id>
  gateway keys list --owner <owner_id> [--json]
  gateway guardrails show --owner <owner_id> [--json]
  gateway guardrails set --owner <owner_id> [--max-daily-budget <platform>=<amount>[,...]|none]
      [--max-budget-increase-percent N|none] [--create-paused on|off] [--tools-off tool[,tool...]|none]
      [--approvals off|guardrails|all] [--audit-retention-days N] [--json]
  gateway audit --owner <owner_id> [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--tool T] [--limit N] [--json]
  gateway accounts connect --owner <owner_id> --platform <${PLATFORM_WORDS.join('|')}> --sandbox [--count N] [--json]
  gateway accounts connect --owner <owner_id> --platform <platform> --live <credentials> [--json]
${liveUsage()}
      --credential-stdin instead of the credential's value reads it from standard input (it never
      shows in the process list): ... --live --credential-stdin < token.txt
  gateway accounts connect-link --owner <owner_id> --platform <${linkPlatforms().join('|') || 'platform with a consent page'}> [--json]
      a one-time link (valid 15 minutes) to send to the account holder: it opens the platform's
      consent page and connects the accounts they allow
  gateway accounts disconnect --owner <owner_id> --platform <platform> --account <account_id> [--json]
  gateway usage --owner <owner_id> [--json]
  gateway mcp-link --owner <owner_id> [--json]
      a one-time code (valid 15 minutes) the owner types on the MCP sign-in page instead of an API key
  gateway mcp-signins --owner <owner_id> [--json]
      the MCP clients signed in for the owner (client, scope, since when)
  gateway mcp-revoke --owner <owner_id> [--client <client_id>] [--json]
      ends the owner's MCP sign-ins (all, or one client's): their tokens stop working within 10 seconds

Target: the store of a running \`npm start\` on this checkout; or a deployed stack's tables, named by
TABLE_PREFIX (or TABLE_API_KEYS, TABLE_OWNERS, TABLE_USAGE, TABLE_IDEMPOTENCY, TABLE_SANDBOX, TABLE_AUDIT) and
CREDENTIALS_KMS_KEY_ARN, LIVE_SECRETS_ARN and PUBLIC_BASE_URL (the stack outputs them as one line) with
the usual AWS credentials and AWS_REGION.`;

/** Each platform's live connection, from the connectors the connect pages use (platforms/connectors.ts), not the tools' registry. */
function liveUsage(): string {
  return PLATFORM_WORDS.flatMap((word) => (CONNECTORS[word] ? [`      ${word}: ${CONNECTORS[word].usage}`] : [])).join('\n');
}

export class UsageError extends Error {}

/** The option that carries a connector's credential: the first one its usage names (`api-key`, `refresh-token`). */
function credentialOption(platform: string): string | undefined {
  const connector = isPlatformWord(platform) ? CONNECTORS[platform] : undefined;
  return connector ? /--([a-z][a-z0-9-]*)/.exec(connector.usage)?.[1] : undefined;
}

/** Everything piped to standard input. */
async function readStdin(): Promise<string> {
  if (process.stdin.isTTY)
    throw new UsageError('--credential-stdin reads the credential from standard input: pipe it in (... --credential-stdin < token.txt).');
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

interface Parsed {
  words: string[];
  options: Record<string, string | true>;
}

export function parseArgs(argv: string[]): Parsed {
  const words: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2);
      if (inline !== undefined) options[name] = inline;
      else if (
        i + 1 < argv.length &&
        !argv[i + 1].startsWith('--') &&
        !['json', 'sandbox', 'live', 'help', 'credential-stdin'].includes(name)
      )
        options[name] = argv[++i];
      else options[name] = true;
    } else words.push(arg);
  }
  return { words, options };
}

function option(parsed: Parsed, name: string, required = true): string | undefined {
  const value = parsed.options[name];
  if (value === undefined || value === true) {
    if (required) throw new UsageError(`Missing --${name}.`);
    return undefined;
  }
  return value;
}

function positiveInteger(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a whole number of at least 1.`);
  return n;
}

async function requireOwner(ownerId: string) {
  const owner = await getOwner(ownerId);
  if (!owner) throw new UsageError(`No owner ${ownerId}. Create one with: gateway owners create --tier pro`);
  return owner;
}

/** Points the stores at the running local gateway unless the environment names tables already. */
function selectTarget(): string {
  const namesTables = Object.keys(process.env).some((k) => k === 'TABLE_PREFIX' || k.startsWith('TABLE_'));
  if (namesTables || process.env.DYNAMODB_ENDPOINT) return process.env.DYNAMODB_ENDPOINT ?? 'AWS';
  const running = readRunningStore();
  if (!running) {
    throw new UsageError(
      "No running local gateway found (start it with `npm start`), and no TABLE_PREFIX / TABLE_* variables name a deployed stack's tables.",
    );
  }
  process.env.DYNAMODB_ENDPOINT = running.dynamodb_endpoint;
  process.env.TABLE_PREFIX = running.table_prefix;
  if (running.credentials_key_file) process.env.CREDENTIALS_KEY_FILE ??= running.credentials_key_file;
  // Connect links point at the running gateway.
  process.env.PUBLIC_BASE_URL ??= running.public_base_url ?? running.base_url;
  return running.dynamodb_endpoint;
}

/** Runs one command; returns what to print. `io.stdin` stands in for standard input (tests). */
export async function runCommand(argv: string[], io: { stdin?: () => Promise<string> } = {}): Promise<string> {
  const parsed = parseArgs(argv);
  const json = parsed.options.json === true;
  const [group, action, positional] = parsed.words;
  if (!group || parsed.options.help) return usage();
  selectTarget();
  const out = (data: unknown, text: string) => (json ? JSON.stringify(data, null, 2) : text);

  if (group === 'owners' && action === 'create') {
    const tier = option(parsed, 'tier')!;
    if (!TIERS.includes(tier as Tier)) throw new UsageError(`--tier must be one of ${TIERS.join(', ')}.`);
    const owner = await createOwner({ tier: tier as Tier, name: option(parsed, 'name', false) });
    const result = { owner_id: owner.owner_id, tier: owner.tier, limit: monthlyLimit(owner) };
    return out(result, `Created owner ${result.owner_id} (tier ${result.tier}, ${result.limit} calls a month).`);
  }
  if (group === 'keys' && action === 'create') {
    const owner = await requireOwner(option(parsed, 'owner')!);
    const scope = option(parsed, 'scope', false);
    if (scope !== undefined && !['read', 'write', 'approve'].includes(scope))
      throw new UsageError('--scope must be read, write or approve (leave it out for a full-access key).');
    const key = await createApiKey(owner.owner_id, {
      expiresInDays: positiveInteger(option(parsed, 'expires-in-days', false), 'expires-in-days'),
      scope: scope as ApiKeyRecord['scope'],
    });
    const result = {
      api_key: key.api_key,
      key_id: key.key_id,
      scope: key.scope ?? 'full',
      ...(key.expires_at ? { expires_at: key.expires_at } : {}),
    };
    return out(
      result,
      `API key (shown once, store it now): ${key.api_key}\nKey id: ${key.key_id}\nScope: ${result.scope}${key.expires_at ? `\nExpires: ${key.expires_at}` : ''}`,
    );
  }
  if (group === 'keys' && action === 'revoke') {
    if (!positional) throw new UsageError('Give the key id to revoke: gateway keys revoke <key_id>');
    const revoked = await revokeApiKey(positional);
    if (!revoked) throw new UsageError(`No key with id ${positional}.`);
    return out({ key_id: positional, revoked: true }, `Revoked ${positional}. It stops working within 10 seconds.`);
  }
  if (group === 'keys' && action === 'list') {
    const owner = await requireOwner(option(parsed, 'owner')!);
    const keys = await listApiKeys(owner.owner_id);
    const status = (k: (typeof keys)[number]) => keyStatus(k, Date.now());
    const rows = keys.map((k) => ({
      key_id: k.key_id,
      status: status(k),
      scope: k.scope ?? 'full',
      created_at: k.created_at,
      expires_at: k.expires_at ?? null,
      revoked_at: k.revoked_at ?? null,
    }));
    return out(
      { owner_id: owner.owner_id, keys: rows },
      rows.length
        ? rows
            .map(
              (k) =>
                `${k.key_id}  ${k.status.padEnd(8)} ${k.scope.padEnd(8)} created ${k.created_at}${k.expires_at ? ` expires ${k.expires_at}` : ''}`,
            )
            .join('\n')
        : 'No keys.',
    );
  }
  if (group === 'mcp-link') {
    const owner = await requireOwner(option(parsed, 'owner')!);
    const { code, expiresAt } = await createLinkCode(owner.owner_id);
    return out(
      { owner_id: owner.owner_id, code, expires_at: expiresAt.toISOString() },
      `One-time sign-in code (works once, until ${expiresAt.toISOString()}): ${code}\nThe owner types it on the MCP sign-in page their client opens, instead of an API key.`,
    );
  }
  if (group === 'mcp-signins') {
    const owner = await requireOwner(option(parsed, 'owner')!);
    const grants = await listGrants(owner.owner_id);
    return out(
      { owner_id: owner.owner_id, signins: grants },
      grants.length
        ? grants
            .map((g) => `${g.client_id}  ${g.scope.padEnd(8)} since ${g.signed_in_at}  renewable until ${g.refresh_expires_at}`)
            .join('\n')
        : 'No MCP sign-ins.',
    );
  }
  if (group === 'mcp-revoke') {
    const owner = await requireOwner(option(parsed, 'owner')!);
    const client = option(parsed, 'client', false);
    const revoked = await revokeGrants(owner.owner_id, client ? { clientId: client } : {});
    return out(
      { owner_id: owner.owner_id, client_id: client ?? null, tokens_revoked: revoked },
      `Revoked ${revoked} token${revoked === 1 ? '' : 's'}${client ? ` of ${client}` : ''}. They stop working within 10 seconds; the client must sign in again.`,
    );
  }
  if (group === 'guardrails' && (action === 'show' || action === 'set')) {
    const owner = await requireOwner(option(parsed, 'owner')!);
    const settings = action === 'set' ? guardrailSettings(parsed, safetyOf(owner)) : safetyOf(owner);
    if (action === 'set') await setSafetySettings(owner.owner_id, settings);
    return out(
      { owner_id: owner.owner_id, guardrails: settings },
      `${action === 'set' ? 'Saved; applies within 10 seconds.\n' : ''}${describeGuardrails(owner.owner_id, settings)}`,
    );
  }
  if (group === 'audit') {
    const owner = await requireOwner(option(parsed, 'owner')!);
    const since = option(parsed, 'since', false);
    const until = option(parsed, 'until', false);
    for (const [name, value] of [
      ['since', since],
      ['until', until],
    ] as const) {
      if (value !== undefined && !Number.isFinite(Date.parse(value)))
        throw new UsageError(`--${name} must be a date (YYYY-MM-DD) or an ISO time.`);
    }
    const tool = option(parsed, 'tool', false);
    const entries = await listAuditEntries(owner.owner_id, {
      since,
      until: until && until.length === 10 ? `${until}T23:59:59.999Z` : until,
      limit: positiveInteger(option(parsed, 'limit', false), 'limit') ?? 100,
      filter: (e) => !tool || e.tool === tool,
    });
    const lines = entries.map(
      (e) =>
        `${e.at}  ${e.change_id}  ${(e.key_id ?? '-').padEnd(12)} ${e.tool} ${e.account_id ?? ''}  ${e.outcome}${e.reverted_by ? ' (reverted)' : ''}  ${e.summary ?? ''}`,
    );
    return out({ owner_id: owner.owner_id, entries }, lines.length ? lines.join('\n') : 'No audit records.');
  }
  if (group === 'accounts' && action === 'connect') {
    const owner = await requireOwner(option(parsed, 'owner')!);
    const platform = option(parsed, 'platform')!;
    if (!isPlatformWord(platform)) throw new UsageError(`--platform must be one of ${PLATFORM_WORDS.join(', ')}.`);
    if (parsed.options.live === true && parsed.options.sandbox === true) throw new UsageError('Give either --sandbox or --live, not both.');
    if (parsed.options.live === true) {
      const { owner: _o, platform: _p, live: _l, json: _j, 'credential-stdin': fromStdin, ...rest } = parsed.options;
      const flags = Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, value === true ? '' : value]));
      const credential = credentialOption(platform);
      if (fromStdin !== undefined && credential) {
        if (flags[credential])
          throw new UsageError(`Give the credential either with --${credential} or with --credential-stdin, not both.`);
        flags[credential] = (await (io.stdin ?? readStdin)()).trim();
        if (!flags[credential]) throw new UsageError('--credential-stdin read nothing from standard input: pipe the credential in.');
      }
      try {
        const accounts = await connectLiveAccounts(owner.owner_id, platform, flags);
        const result = { platform, accounts: accounts.map((a) => ({ id: a.account_id, name: a.name })) };
        return out(
          result,
          `Connected ${accounts.length} live ${platform} account(s):\n${result.accounts.map((a) => `- ${a.name} (${a.id})`).join('\n')}`,
        );
      } catch (err) {
        if (err instanceof ConnectOptionsError) throw new UsageError(err.message);
        if (err instanceof GatewayError) throw new Error(err.message, { cause: err });
        throw err;
      }
    }
    if (parsed.options.sandbox !== true)
      throw new UsageError('Say which kind of account to connect: --sandbox, or --live with the platform credentials.');
    const count = positiveInteger(option(parsed, 'count', false), 'count') ?? 1;
    const accounts = await connectSandboxAccounts(owner.owner_id, platform, count);
    const result = { platform, accounts: accounts.map((a) => ({ id: a.account_id, name: a.name })) };
    return out(
      result,
      `Connected ${accounts.length} sandbox ${platform} account(s):\n${result.accounts.map((a) => `- ${a.name} (${a.id})`).join('\n')}`,
    );
  }
  if (group === 'accounts' && action === 'connect-link') {
    const owner = await requireOwner(option(parsed, 'owner')!);
    const platform = option(parsed, 'platform')!;
    if (!isPlatformWord(platform)) throw new UsageError(`--platform must be one of ${PLATFORM_WORDS.join(', ')}.`);
    try {
      const link = await createConnectLinkFor(owner.owner_id, platform);
      return out(
        link,
        `Send this link to the person who manages the ${platform} accounts of owner ${owner.owner_id}. It works once, until ${link.expires_at} (15 minutes):\n\n  ${link.url}\n\nIt opens the ${platform} consent page; the accounts they allow are connected to this owner.`,
      );
    } catch (err) {
      if (err instanceof ConnectOptionsError) throw new UsageError(err.message);
      throw err;
    }
  }
  if (group === 'accounts' && action === 'disconnect') {
    const owner = await requireOwner(option(parsed, 'owner')!);
    const platform = option(parsed, 'platform')!;
    if (!isPlatformWord(platform)) throw new UsageError(`--platform must be one of ${PLATFORM_WORDS.join(', ')}.`);
    const accountId = option(parsed, 'account')!;
    if (!(await disconnectAccount(owner.owner_id, platform, accountId)))
      throw new UsageError(`No ${platform} account ${accountId} is connected to owner ${owner.owner_id}.`);
    return out(
      { platform, account_id: accountId, disconnected: true },
      `Disconnected ${platform} account ${accountId}; its stored credentials are deleted.`,
    );
  }
  if (group === 'usage') {
    const owner = await requireOwner(option(parsed, 'owner')!);
    const now = new Date();
    const usage = await readUsage(owner.owner_id, now);
    const limit = monthlyLimit(owner);
    const result = {
      owner_id: owner.owner_id,
      tier: owner.tier,
      period: usage.period,
      used: usage.used,
      limit,
      remaining: Math.max(0, limit - usage.used),
      period_end: periodEndOf(now),
      calls_by_tool: usage.calls,
    };
    const perTool = Object.entries(usage.calls)
      .map(([tool, n]) => `  ${tool}: ${n}`)
      .join('\n');
    return out(
      result,
      `Owner ${owner.owner_id} (${owner.tier}), ${usage.period}: ${usage.used} of ${limit} calls used, ${result.remaining} left; resets ${result.period_end}.${perTool ? `\n${perTool}` : ''}`,
    );
  }
  throw new UsageError(`Unknown command: ${parsed.words.join(' ')}\n\n${usage()}`);
}

/** The settings after `gateway guardrails set` options are applied to the current ones; "none" clears one. */
function guardrailSettings(parsed: Parsed, current: SafetySettings): SafetySettings {
  const next: SafetySettings = { ...current };
  const budgets = option(parsed, 'max-daily-budget', false);
  if (budgets === 'none') delete next.max_daily_budget;
  else if (budgets !== undefined) {
    const limits = { ...next.max_daily_budget };
    for (const pair of budgets.split(',')) {
      const [platform, amount] = pair.split('=');
      if (!platform || !isPlatformWord(platform.trim()))
        throw new UsageError(`--max-daily-budget takes <platform>=<amount> pairs; platforms: ${PLATFORM_WORDS.join(', ')}.`);
      const value = Number(amount);
      if (amount === 'none') delete limits[platform.trim() as keyof typeof limits];
      else if (!Number.isFinite(value) || value <= 0)
        throw new UsageError(`--max-daily-budget ${platform}: the amount must be a positive number (account currency), or none.`);
      else limits[platform.trim() as keyof typeof limits] = value;
    }
    next.max_daily_budget = limits;
  }
  const increase = option(parsed, 'max-budget-increase-percent', false);
  if (increase === 'none') delete next.max_budget_increase_percent;
  else if (increase !== undefined) {
    const value = Number(increase);
    if (!Number.isFinite(value) || value < 0) throw new UsageError('--max-budget-increase-percent must be a number of 0 or more, or none.');
    next.max_budget_increase_percent = value;
  }
  const paused = option(parsed, 'create-paused', false);
  if (paused !== undefined) {
    if (paused !== 'on' && paused !== 'off') throw new UsageError('--create-paused must be on or off.');
    next.create_paused = paused === 'on';
  }
  const off = option(parsed, 'tools-off', false);
  if (off === 'none') delete next.tools_off;
  else if (off !== undefined) {
    const names = off
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const unknown = names.filter((n) => !REGISTRY.get(n));
    if (unknown.length) throw new UsageError(`Unknown tool(s): ${unknown.join(', ')}. GET /api/v1/tools lists the tools.`);
    if (names.some((n) => ['manage_action', 'list_pending_actions'].includes(n)))
      throw new UsageError('manage_action and list_pending_actions cannot be turned off.');
    next.tools_off = names;
  }
  const approvals = option(parsed, 'approvals', false);
  if (approvals !== undefined) {
    if (!['off', 'guardrails', 'all'].includes(approvals))
      throw new UsageError('--approvals must be off, guardrails (hold writes that break a guardrail) or all (hold every write).');
    next.approvals = approvals as SafetySettings['approvals'];
  }
  const retention = positiveInteger(option(parsed, 'audit-retention-days', false), 'audit-retention-days');
  if (retention !== undefined) next.audit_retention_days = retention;
  return next;
}

function describeGuardrails(ownerId: string, s: SafetySettings): string {
  const budgets = Object.entries(s.max_daily_budget ?? {})
    .map(([p, v]) => `${p} ${v}`)
    .join(', ');
  return [
    `Guardrails of owner ${ownerId}:`,
    `  max daily budget:       ${budgets || 'none'} (account currency)`,
    `  max budget increase:    ${s.max_budget_increase_percent !== undefined ? `${s.max_budget_increase_percent}% per change` : 'none'}`,
    `  create paused:          ${s.create_paused ? 'on' : 'off'}`,
    `  tools off:              ${s.tools_off?.length ? s.tools_off.join(', ') : 'none'}`,
    `  approvals:              ${s.approvals ?? 'off'}`,
    `  audit retention:        ${s.audit_retention_days ?? DEFAULT_AUDIT_RETENTION_DAYS} days`,
  ].join('\n');
}

/** Entry of the `gateway` bin: prints the result, exit code 0, 2 for usage errors, 1 otherwise. */
export function main(argv = process.argv.slice(2)): void {
  runCommand(argv).then(
    (text) => {
      console.log(text);
      process.exit(0);
    },
    (err: Error) => {
      console.error(err instanceof UsageError ? err.message : `gateway: ${err.message}`);
      process.exit(err instanceof UsageError ? 2 : 1);
    },
  );
}
