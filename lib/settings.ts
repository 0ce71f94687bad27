import { DEFAULT_TIER_LIMITS } from '../functions/runtime/config';
import { TIERS, type Tier } from '../core/accounts';
import type { LiveSettingSpec } from '../core/platform';
import { PLATFORMS } from '../platforms';

/**
 * What a deployer can change without editing code. Each field is read from CDK context
 * (`cdk.json` or `npx cdk deploy -c key=value`) by `settingsFromContext`, or passed as props.
 */
export interface GatewaySettings {
  /** Monthly tool-call allowance per tier (CONTRACT.md section 2); a partial object overrides the defaults. */
  tierLimits: Record<Tier, number>;
  /** Shown in 402 answers as the place to upgrade. */
  upgradeUrl: string;
  /**
   * API Gateway integration timeout of long-running tools (`longRunning: true`), in seconds.
   * 29 is the most a fresh account allows; above 29 needs the "Maximum integration timeout in
   * milliseconds" quota raised first (regional REST APIs, up to 300 s), or the deployment fails.
   */
  longRunningTimeoutSeconds: number;
  /**
   * Calls one API key may make (KEY_RATE_LIMIT, `<per second>/<burst>`): each warm function answers
   * 429 `rate_limited` with Retry-After beyond it (functions/runtime/middleware/rate-limit.ts).
   */
  keyRateLimit: string;
  /**
   * The API stage's throttle over all callers together (`<per second>/<burst>`): API Gateway answers
   * 429 `rate_limited` beyond it. Keep it within the account's regional API Gateway quota.
   */
  apiThrottle: string;
  /** LOG_LEVEL of every function. */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Days CloudWatch keeps function, access and API logs. */
  logRetentionDays: number;
  /** Name of the API Gateway stage, the first segment of every URL path. */
  stageName: string;
  /** When set, alarm notifications are mailed here (the SNS topic exists either way). */
  alarmEmail?: string;
  /**
   * The sender of monitor alert and brief emails (ALERT_EMAIL_FROM): an address, or an address at a
   * domain, verified in Amazon SES in the stack's region. Unset: email delivery is off and tools
   * refuse email recipients with that reason (chat webhooks still work).
   */
  alertEmailFrom?: string;
  /**
   * Whether the per-tool routes are deployed. "Resources per API" (default 300) is raised per
   * API, so a first deployment into a fresh account sets this to false: it creates the API with
   * its 13 fixed resources only, whose id the quota request then names. See README.
   */
  toolRoutes: boolean;
  /**
   * The gateway's public URL (PUBLIC_BASE_URL): connect links and the OAuth callback
   * (`<publicBaseUrl>/connect/<platform>/callback`) are built from it. Default: the API's own URL,
   * `https://<api id>.execute-api.<region>.amazonaws.com/<stageName>`; set it when a custom domain
   * fronts the API.
   */
  publicBaseUrl?: string;
  /**
   * Non-secret settings of the live platform adapters, each under the camelCase of its variable
   * (`searchadsApiUrl` for SEARCHADS_API_URL), as each platform's connector lists them
   * (LIVE_SETTINGS): passed to the functions that open live accounts as those environment
   * variables. Unset ones take the adapters' defaults (the real platforms' public URLs and newest
   * API versions). The secret ones are never settings: they go into the stack's Secrets Manager
   * secret (output LiveSecretsArn).
   */
  [liveSetting: string]: unknown;
}

/** Every setting of every live adapter, as the platforms' connectors declare them. */
export const LIVE_SETTINGS: readonly LiveSettingSpec[] = PLATFORMS.flatMap((platform) => platform.connector?.settings ?? []);

/** Plain settings of the functions that open live accounts: stack setting → the environment variable they read. */
export const LIVE_SETTING_VARIABLES: Record<string, string> = {
  ...Object.fromEntries(LIVE_SETTINGS.filter((s) => s.kind !== 'secret').map((s) => [camel(s.name), s.name])),
  publicBaseUrl: 'PUBLIC_BASE_URL',
};

/** Secret settings of the live adapters: refused as stack settings (they would be plain text in the template). */
export const SECRET_SETTING_NAMES: readonly string[] = LIVE_SETTINGS.filter((s) => s.kind === 'secret').map((s) => s.name);

export const DEFAULT_SETTINGS: GatewaySettings = {
  tierLimits: DEFAULT_TIER_LIMITS,
  upgradeUrl: 'https://example.com/pricing',
  longRunningTimeoutSeconds: 29,
  keyRateLimit: '20/100',
  apiThrottle: '1000/2000',
  logLevel: 'info',
  logRetentionDays: 30,
  stageName: 'prod',
  toolRoutes: true,
};

/** The retention periods CloudWatch Logs accepts. */
const RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653];
const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

export class GatewaySettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewaySettingsError';
  }
}

/** Reads settings from context values (strings when given with `-c`, JSON values in cdk.json). */
export function settingsFromContext(get: (key: string) => unknown): GatewaySettings {
  const overrides: Partial<GatewaySettings> = {};
  const tierLimits = get('tierLimits');
  if (tierLimits !== undefined) overrides.tierLimits = parseJson('tierLimits', tierLimits) as Record<Tier, number>;
  const upgradeUrl = get('upgradeUrl');
  if (upgradeUrl !== undefined) overrides.upgradeUrl = String(upgradeUrl);
  const longRunning = get('longRunningTimeoutSeconds');
  if (longRunning !== undefined) overrides.longRunningTimeoutSeconds = Number(longRunning);
  for (const key of ['keyRateLimit', 'apiThrottle'] as const) {
    const value = get(key);
    if (value !== undefined) overrides[key] = String(value);
  }
  const logLevel = get('logLevel');
  if (logLevel !== undefined) overrides.logLevel = String(logLevel) as GatewaySettings['logLevel'];
  const retention = get('logRetentionDays');
  if (retention !== undefined) overrides.logRetentionDays = Number(retention);
  const stageName = get('stageName');
  if (stageName !== undefined) overrides.stageName = String(stageName);
  const toolRoutes = get('toolRoutes');
  if (toolRoutes !== undefined) overrides.toolRoutes = toolRoutes === true || toolRoutes === 'true';
  const alarmEmail = get('alarmEmail');
  if (alarmEmail !== undefined && alarmEmail !== '') overrides.alarmEmail = String(alarmEmail);
  const alertEmailFrom = get('alertEmailFrom');
  if (alertEmailFrom !== undefined && alertEmailFrom !== '') overrides.alertEmailFrom = String(alertEmailFrom);
  for (const key of Object.keys(LIVE_SETTING_VARIABLES)) {
    const value = get(key);
    if (value !== undefined && value !== '') overrides[key] = String(value);
  }
  const secretsGiven = SECRET_SETTING_NAMES.flatMap((name) => [name, camel(name)]).filter((key) => get(key) !== undefined);
  if (secretsGiven.length) {
    throw new GatewaySettingsError(
      `Invalid stack settings:\n- ${secretsGiven.join(', ')}: secret values are never stack settings (they would be plain text in the template). Deploy, then put them into the Secrets Manager secret named by the LiveSecretsArn output.`,
    );
  }
  return resolveSettings(overrides);
}

/** Fills defaults and rejects values the stack could not deploy, naming the setting. */
export function resolveSettings(overrides: Partial<GatewaySettings> = {}): GatewaySettings {
  const settings: GatewaySettings = {
    ...DEFAULT_SETTINGS,
    ...overrides,
    tierLimits: { ...DEFAULT_TIER_LIMITS, ...(overrides.tierLimits ?? {}) },
  };
  const problems: string[] = [];
  for (const [tier, limit] of Object.entries(settings.tierLimits)) {
    if (!(TIERS as readonly string[]).includes(tier)) problems.push(`tierLimits: unknown tier "${tier}" (tiers: ${TIERS.join(', ')})`);
    else if (!Number.isInteger(limit) || limit < 0) problems.push(`tierLimits.${tier} must be a whole number of calls, 0 or more`);
  }
  if (!/^https:\/\/\S+$/.test(settings.upgradeUrl)) problems.push('upgradeUrl must be an https:// URL');
  const timeout = settings.longRunningTimeoutSeconds;
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 300) {
    problems.push(
      'longRunningTimeoutSeconds must be a whole number of seconds from 1 to 300 (above 29 needs the raised API Gateway quota)',
    );
  }
  for (const key of ['keyRateLimit', 'apiThrottle'] as const) {
    if (!parseRate(settings[key])) problems.push(`${key} must be <calls per second>/<burst>, both above 0, e.g. '20/100'`);
  }
  if (!(LOG_LEVELS as readonly string[]).includes(settings.logLevel)) problems.push(`logLevel must be one of ${LOG_LEVELS.join(', ')}`);
  if (!RETENTION_DAYS.includes(settings.logRetentionDays)) problems.push(`logRetentionDays must be one of ${RETENTION_DAYS.join(', ')}`);
  if (!/^[A-Za-z0-9_]{1,128}$/.test(settings.stageName)) problems.push('stageName may hold only letters, digits and underscores');
  if (settings.alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(settings.alarmEmail))
    problems.push('alarmEmail must be an e-mail address');
  if (settings.alertEmailFrom !== undefined && !/^[^@\s]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(settings.alertEmailFrom))
    problems.push('alertEmailFrom must be an e-mail address (verified in Amazon SES)');
  const urls = [...LIVE_SETTINGS.filter((s) => s.kind === 'url').map((s) => camel(s.name)), 'publicBaseUrl'].sort();
  for (const key of urls) {
    const value = settings[key];
    if (value !== undefined && (typeof value !== 'string' || !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(value)))
      problems.push(`${key} must be an http(s):// URL without query or fragment`);
  }
  for (const spec of LIVE_SETTINGS) {
    const key = camel(spec.name);
    const value = settings[key];
    if (value === undefined) continue;
    if (spec.kind === 'version' && spec.pattern && (typeof value !== 'string' || !spec.pattern.test(value)))
      problems.push(`${key} must look like ${spec.example ?? spec.pattern.source}`);
    if (spec.kind === 'hosts' && (typeof value !== 'string' || !/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i.test(value)))
      problems.push(`${key} must be host names separated by commas`);
  }
  if (problems.length) throw new GatewaySettingsError(`Invalid stack settings:\n- ${problems.join('\n- ')}`);
  return settings;
}

/** `20/100` → { perSecond: 20, burst: 100 }; undefined when it is not that form. */
export function parseRate(value: unknown): { perSecond: number; burst: number } | undefined {
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)\/(\d+)$/.exec(value.trim()) : null;
  if (!match || !(Number(match[1]) > 0) || !(Number(match[2]) >= 1)) return undefined;
  return { perSecond: Number(match[1]), burst: Number(match[2]) };
}

/** SEARCHADS_CLIENT_SECRET → searchadsClientSecret. */
function camel(name: string): string {
  return name.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

function parseJson(key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new GatewaySettingsError(`Invalid stack settings:\n- ${key} must be JSON, for example '{"free":20,"pro":1000}'`);
  }
}
