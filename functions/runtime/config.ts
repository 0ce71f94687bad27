import type { Tier } from '../../core/accounts';
/**
 * Deployment settings, read from the environment on every call so tests and the local server can
 * point the same code at other tables. In AWS the CDK stack sets these variables on each function.
 */

/** Default monthly tool-call allowances (Adspirer's published plans, see CONTRACT.md section 2). */
export const DEFAULT_TIER_LIMITS: Record<Tier, number> = { free: 15, plus: 150, pro: 600, max: 3000 };

export type TableName = 'apiKeys' | 'owners' | 'usage' | 'idempotency' | 'sandbox' | 'audit' | 'monitoring';

const TABLE_ENV: Record<TableName, string> = {
  apiKeys: 'TABLE_API_KEYS',
  owners: 'TABLE_OWNERS',
  usage: 'TABLE_USAGE',
  idempotency: 'TABLE_IDEMPOTENCY',
  sandbox: 'TABLE_SANDBOX',
  audit: 'TABLE_AUDIT',
  monitoring: 'TABLE_MONITORING',
};

const TABLE_SUFFIX: Record<TableName, string> = {
  apiKeys: 'api-keys',
  owners: 'owners',
  usage: 'usage',
  idempotency: 'idempotency',
  sandbox: 'sandbox',
  audit: 'audit',
  monitoring: 'monitoring',
};

/** The physical name of a table: its own variable, else `${TABLE_PREFIX}<suffix>` (default prefix `gateway-`). */
export function tableName(table: TableName): string {
  return process.env[TABLE_ENV[table]] ?? `${process.env.TABLE_PREFIX ?? 'gateway-'}${TABLE_SUFFIX[table]}`;
}

export function tableEnvironmentVariable(table: TableName): string {
  return TABLE_ENV[table];
}

export function tierLimits(): Record<Tier, number> {
  const raw = process.env.TIER_LIMITS;
  if (!raw) return DEFAULT_TIER_LIMITS;
  return { ...DEFAULT_TIER_LIMITS, ...(JSON.parse(raw) as Partial<Record<Tier, number>>) };
}

export function upgradeUrl(): string {
  return process.env.UPGRADE_URL ?? 'https://example.com/pricing';
}

/** Where a local DynamoDB listens; unset in AWS. */
export function dynamoEndpoint(): string | undefined {
  return process.env.DYNAMODB_ENDPOINT || undefined;
}

/**
 * Video checks may fetch loopback addresses only when this test-only setting is set (the test
 * suite's local servers). Never set it in `npm start` or a deployment.
 */
export function allowLoopbackFetch(): boolean {
  return process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS === 'true';
}

export function logLevel(): 'debug' | 'info' | 'warn' | 'error' | 'silent' {
  return (process.env.LOG_LEVEL as 'info') ?? 'info';
}

/**
 * The gateway's own public URL (scheme, host and stage path, no trailing slash): connect links and
 * the OAuth callback address are built from it. `npm start` sets it to its own URL; the stack sets
 * it from the API's URL (or the `publicBaseUrl` setting). Undefined when not set.
 */
export function publicBaseUrl(): string | undefined {
  const value = process.env.PUBLIC_BASE_URL?.trim();
  return value ? value.replace(/\/+$/, '') : undefined;
}

/**
 * The sender of alert and brief emails: an address (or an address at a domain) verified in Amazon
 * SES in the gateway's region. The stack sets it from its `alertEmailFrom` setting; `npm start`
 * sets a local one. Unset: email delivery is off and tools refuse email recipients with a reason.
 */
export function alertEmailFrom(): string | undefined {
  return process.env.ALERT_EMAIL_FROM?.trim() || undefined;
}

/** Where a local SES endpoint listens (`npm start`'s outbox, the tests' SES); unset in AWS. */
export function sesEndpoint(): string | undefined {
  return process.env.SES_ENDPOINT || undefined;
}

/** Calls one API key may make: `burst` at once, then `perSecond` each second (middleware/rate-limit.ts). */
export interface KeyRateLimit {
  perSecond: number;
  burst: number;
}

/** Default per-key rate: 20 calls a second, bursts of 100 (the stack passes its `keyRateLimit` setting). */
export const DEFAULT_KEY_RATE_LIMIT: KeyRateLimit = { perSecond: 20, burst: 100 };

/** The per-key rate: KEY_RATE_LIMIT as `<per second>/<burst>` (e.g. `20/100`); unset or unreadable: the default. */
export function keyRateLimit(): KeyRateLimit {
  const match = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+)\s*$/.exec(process.env.KEY_RATE_LIMIT ?? '');
  if (!match) return DEFAULT_KEY_RATE_LIMIT;
  const perSecond = Number(match[1]);
  const burst = Number(match[2]);
  return perSecond > 0 && burst >= 1 ? { perSecond, burst } : DEFAULT_KEY_RATE_LIMIT;
}
