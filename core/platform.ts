import type { ConnectedAccount, ConnectionHealth } from './accounts';
import type { MetricTotals } from './metrics';
import type { PlatformAccountParameter, PlatformWord } from './platforms';
import type { PortCall, ToolDefinition } from './tool';

/**
 * A platform package as the rest of the gateway sees it: its manifest. Each platform folder exports
 * one (`platforms/<word>/manifest.ts`, made with `definePlatform`), and `platforms/index.ts` lists
 * the seven. The runtime opens a tool's port from it; the catalog, OpenAPI, local router, MCP texts,
 * CDK and the Lambda entries read it. A tool never sees a manifest: it gets its port from its context.
 */
/**
 * How the accounts of a platform are opened: its adapters behind `open`, and its live connector.
 * A function that only reads another platform's accounts (deskads importing from searchads) serves
 * just these, not that platform's tools.
 */
export interface PlatformPorts<Port = unknown> {
  word: PlatformWord;
  /** Connecting live accounts (present when the platform has a live adapter). */
  connector?: LiveConnector;
  /**
   * Opens the port of an account: the sandbox adapter inside the one failure-injection wrapper, the
   * live adapter, or a 400 `live_not_supported` when the platform has none. Only the runtime calls it.
   */
  open(account: ConnectedAccount, call: PortCall): Port;
  /** Health of a connection: the sandbox's failure mode, or a fresh read of a live account. */
  health(account: ConnectedAccount, call: PortCall): Promise<Omit<ConnectionHealth, 'checked_at'>>;
}

export interface PlatformManifest<Port = unknown> extends PlatformPorts<Port> {
  word: PlatformWord;
  /** "search and display advertising", as the specification describes the platform. */
  kind: string;
  /** One line for the catalog and OpenAPI tag ("Social-network advertising platform"). */
  title: string;
  /** How tools name an account of this platform (specification, "Account selection parameters"). */
  account: PlatformAccountParameter;
  /** Two account ids shaped like the platform's, for documented examples. */
  exampleAccountIds: readonly [string, string];
  tools: ToolDefinition[];
  /** A new sandbox account id shaped like the real platform's. */
  newSandboxAccountId(): string;
  /** Fills a new sandbox account with realistic entities. Must be safe to run again. */
  seedSandbox(account: ConnectedAccount): Promise<void>;
  /**
   * Every campaign of the account with its figures over [start, end], computed as the platform's own
   * campaign list tool computes them (monitors, briefs and cross-platform reports read these).
   */
  campaignFigures(account: ConnectedAccount, start: string, end: string, call?: PortCall): Promise<CampaignFigures[]>;
  /**
   * The most valuable actions this account's own data suggests (waste to cut, winners to scale,
   * broken things to fix), for suggest_next_action and the watch. Each names the tool and arguments.
   */
  findOpportunities?(account: ConnectedAccount, now: Date, call?: PortCall): Promise<Opportunity[]>;
  /** What audit_conversion_tracking reads of the account's conversion setup, and the gaps it finds there. */
  auditConversionTracking?(account: ConnectedAccount, call: PortCall, now: Date): Promise<ConversionTrackingAudit>;
  /** Why audit_conversion_tracking does not read this platform's setup (platforms without the audit). */
  conversionTrackingNotRead?: string;
}

/**
 * One campaign and its figures over a window (campaignFigures), as its platform's campaign list shows
 * them: the same spend, results and conversions.
 */
export interface CampaignFigures {
  id: string;
  name: string;
  /** The platform's own status word (ENABLED, ACTIVE, active, Paused...). */
  status: string;
  /**
   * Its figures. Where the objective has no conversions (awareness, reach, views, traffic: `converts`
   * false), conversions and revenue are 0 and their ratios null, as the platform shows them n/a.
   */
  figures: MetricTotals;
  /**
   * What the objective counts as its result, in the platform's word (conversions, purchases, leads,
   * installs, orders, link_clicks, landing_page_views, clicks, video_views, thruplays, two_second_video_plays,
   * post_engagements, impressions, reach), and how many.
   */
  result_type: string;
  results: number;
  /** Whether the result is a conversion (its conversions are counted); false shows conversions n/a. */
  converts: boolean;
}

/**
 * A campaign's figures as the list shows them for its objective: a campaign whose result is not a
 * conversion has no conversions, revenue, CPA or ROAS (n/a), whatever attribution recorded.
 */
export function campaignFiguresOf(
  campaign: { id: string; name: string; status: string },
  figures: MetricTotals,
  result: { type: string; value: number; converts: boolean },
): CampaignFigures {
  const shown = result.converts
    ? figures
    : { ...figures, conversions: 0, revenue: 0, cpa: null, roas: null, acos: null, conversion_rate: null };
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    figures: shown,
    result_type: result.type,
    results: result.value,
    converts: result.converts,
  };
}

export interface Opportunity {
  /** null for account-wide actions (quota). */
  platform: PlatformWord | null;
  account_id: string | null;
  kind: 'cut_waste' | 'scale_winner' | 'fix' | 'setup';
  /** One line a marketer understands, with the figures that justify it. */
  title: string;
  /** Estimated value over 30 days in account currency (spend saved or revenue gained). */
  monthly_value: number;
  /** The tool that carries the action out (or, for a read tool, shows what to act on), and its arguments. */
  tool: string;
  arguments: Record<string, unknown>;
  /**
   * The current values of the arguments the action changes (`{ budget: 20 }`), when the finder knows
   * them: suggest_next_action drops an action that would set every one to the value it already has.
   */
  current?: Record<string, unknown>;
}

/** What audit_conversion_tracking found in one account: what it read, and each gap with its fix. */
export interface ConversionTrackingAudit {
  checked: string[];
  gaps: ConversionTrackingGap[];
}

export interface ConversionTrackingGap {
  severity: 'high' | 'medium' | 'low';
  gap: string;
  fix: string;
  /** The tool that applies the fix (a write) or shows what to fix (a read), when the gateway has one. */
  tool?: string;
}

/**
 * The platforms a function serves, as cross-platform tools and the scheduler reach them (through
 * `ctx.platforms`): each account's port and figures, and every tool of the function.
 */
export interface PlatformDirectory {
  /** The platforms this function can open, in the catalog's order. */
  readonly words: readonly PlatformWord[];
  manifest(word: PlatformWord): PlatformManifest;
  /** The port of an account (the caller has checked that the account is the owner's). */
  open<Port = unknown>(account: ConnectedAccount, call: PortCall): Port;
  /** Every tool of this function by name (gateway tools plan and apply other tools' writes). */
  tool(name: string): ToolDefinition | undefined;
  tools(): ToolDefinition[];
  /** Health of one connection: the sandbox's failure mode, or a fresh read of a live account. */
  health(account: ConnectedAccount, call: PortCall): Promise<Omit<ConnectionHealth, 'checked_at'>>;
  /** Campaign figures of an account (its manifest's campaignFigures). */
  campaignFigures(account: ConnectedAccount, start: string, end: string, call: PortCall): Promise<CampaignFigures[]>;
  /** Opportunities in an account (none when its platform has no finder). */
  findOpportunities(account: ConnectedAccount, now: Date, call: PortCall): Promise<Opportunity[]>;
}

/**
 * What a platform with a live adapter offers for connecting accounts. The `gateway accounts connect
 * --live` command, the OAuth callback and get_connections_status use it; tools never do (they see
 * only the port).
 */
export interface LiveConnector {
  /**
   * The command-line options of `gateway accounts connect --live` for this platform, for the usage
   * text. The credential's option comes first: `--credential-stdin` fills that one from standard input.
   */
  usage: string;
  /**
   * Checks the credentials given as command options (`api-key`, `refresh-token`, `customer-id`...)
   * with the platform and returns the accounts they reach, each with the credentials to store for it.
   * Throws `ConnectOptionsError` for missing or malformed options, and `ConnectionBrokenError` (or
   * another GatewayError) when the platform refuses them.
   */
  connect(options: Record<string, string>, call: PortCall): Promise<LiveAccountGrant[]>;
  /** Reads the account once with its stored credentials to tell healthy from broken. */
  checkHealth(account: ConnectedAccount, call: PortCall): Promise<Omit<ConnectionHealth, 'checked_at'>>;
  /** Present when the platform connects through an OAuth 2.0 consent page (`gateway accounts connect-link`). */
  oauth?: OAuthConnect;
  /**
   * The deployment settings the live adapter reads (LIVE.md, "Settings"): the CDK stack takes the
   * plain ones as context values (camelCase of the name) and puts the secret ones into its Secrets
   * Manager secret, whose names it lists.
   */
  settings: readonly LiveSettingSpec[];
}

/** One deployment setting of a live adapter. */
export interface LiveSettingSpec {
  /** The environment variable the adapter reads (for a secret, also its name in the deployment's secret). */
  name: string;
  /** url: an http(s) URL; hosts: comma-separated host names; version: matches `pattern`; secret: never a stack setting. */
  kind: 'url' | 'hosts' | 'version' | 'secret';
  /** For `version`: the form a value must have. */
  pattern?: RegExp;
  /** For `version`: an example of that form, for the error message. */
  example?: string;
}

/** The platform's half of the connect-link flow; the gateway's half (links, callback) is shared. */
export interface OAuthConnect {
  /** The platform's consent page for this one-time `state`, sending the user back to `redirectUri`. */
  authorizeUrl(state: string, redirectUri: string): Promise<string>;
  /**
   * Exchanges the authorization code from the callback for the options `connect` takes
   * (for example `{ 'refresh-token': ... }`).
   */
  exchangeCode(code: string, redirectUri: string, call: PortCall): Promise<Record<string, string>>;
}

export interface LiveAccountGrant {
  account_id: string;
  name: string;
  currency: string;
  time_zone: string;
  /** Non-secret facts the adapter needs later (kept on the account item). */
  upstream?: Record<string, string>;
  /** Secret: stored encrypted only. */
  credentials: Record<string, string>;
}
