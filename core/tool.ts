import * as v from 'valibot';
import type { ConnectedAccount, Owner } from './accounts';
import type { UsageSnapshot } from './accounts';
import type { PlatformDirectory } from './platform';
import type { PlatformAccountParameter, PlatformWord } from './platforms';
import type { WritePlan } from './plan';
import type { SchemaRule } from './argument-rules';
import { limitedEntries } from './id-limits';

/** The Lambda a tool runs in: its platform's group, or `gateway` for cross-platform tools. */
export type ToolGroup = PlatformWord | 'gateway';

/** The groups of cross-platform tools the specification names: monitoring, audit, diagnostic/helper. */
export const GATEWAY_CATEGORIES = ['monitoring', 'audit', 'helper'] as const;
export type GatewayCategory = (typeof GATEWAY_CATEGORIES)[number];
/** How the catalog groups a tool: its platform, or the category of a cross-platform tool. */
export type ToolCategory = PlatformWord | GatewayCategory;

export interface ContentBlock {
  type: string;
  [key: string]: unknown;
}

/** What a tool returns; the runtime wraps it in the envelope with the quota block. */
export interface ToolResult {
  /** Markdown a marketer can read: summary, tables, recommendations. */
  text: string;
  /** Machine-readable data for programs (lists, reports, selection prompts). */
  structured?: Record<string, unknown>;
  content?: ContentBlock[];
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * What a port call must honour: the request's abort signal and its deadline (epoch milliseconds),
 * set inside the function's remaining time so quota and claims can still be settled after it.
 */
export interface PortCall {
  signal: AbortSignal;
  deadline: number;
  log: Logger;
  /**
   * Dry runs on live accounts: open the port so its writes are only checked by the platform
   * (validate-only), never applied. Only an adapter that can do so honours it, and says so with
   * `validatesOnly: true` on the port (PlatformCheckingPort); the runtime runs `apply` on no other.
   */
  validateOnly?: boolean;
  /**
   * The gateway request this call serves, as a key that stays the same when that request is sent
   * again under the caller's Idempotency-Key (and differs between two requests otherwise). Live
   * adapters derive their platform's own idempotency keys from it (`platformWriteKey` in
   * platforms/live/idempotency.ts), so a retried request repeats its creates safely while two
   * deliberate, identical creates stay two. Absent outside a request (operator commands).
   */
  requestKey?: string;
}

/** A port opened with `validateOnly` that honours it: writes are checked by the platform, not applied. */
export interface PlatformCheckingPort {
  validatesOnly: true;
  /**
   * What the platform was asked: requests checked, requests skipped (they need entities the write
   * would create), and the platform's refusal when it refused one.
   */
  validationSummary(): { checked: number; skipped: number; refused?: string };
}

/**
 * A PortCall for work outside a request's chain (operator commands, OAuth callbacks, analyses called
 * directly): its own deadline `ms` from now.
 */
export function standaloneCall(ms: number, log: Logger): PortCall {
  return { signal: AbortSignal.timeout(ms), deadline: Date.now() + ms, log };
}

/** Where a long-running tool stands: its stage (`validate`, `upload`, `commit`), step n of total, and a sentence. */
export interface ProgressDetail {
  step?: number;
  total?: number;
  message?: string;
}

/** Receives a tool's progress reports (the MCP endpoint turns them into notifications/progress). */
export type ProgressReporter = (stage: string, detail?: ProgressDetail) => void;

export interface ToolContext<Port = undefined> {
  requestId: string;
  /** The request's key for the platforms' idempotency keys (PortCall.requestKey): ports the runtime opens get it. */
  requestKey: string;
  /** Display id of the API key that called (never the key): who approved, who reverted. */
  keyId?: string;
  /** Aborted when the request's deadline passes; tools pass it on to anything slow. */
  signal: AbortSignal;
  /** Epoch milliseconds by which the tool must have answered. */
  deadline: number;
  owner: Owner;
  now: Date;
  /** The account this call acts on (platform tools), chosen by the account-selection step. */
  account: Port extends undefined ? ConnectedAccount | undefined : ConnectedAccount;
  /** The platform interface bound to that account: the sandbox or the live adapter (the runtime opens it). */
  platform: Port;
  /**
   * The port of another connected account of this owner, opened as the runtime opens `platform`
   * (a tool that reads a second account, such as an import from another platform). Refuses an
   * account of another owner.
   */
  openPort<Other = unknown>(account: ConnectedAccount): Other;
  /**
   * Every platform this function serves, for cross-platform tools: each account's figures and
   * opportunities, connection health, and the other tools (to plan or apply their writes).
   */
  platforms: PlatformDirectory;
  /**
   * Runs one step of a multi-step write at most once per set of arguments: when a previous
   * attempt with the same arguments already finished this step, its saved result is returned.
   */
  step<T>(name: string, run: () => Promise<T>): Promise<T>;
  /** This period's usage of the owner, read once per request (the quota block reuses it). */
  usage(): Promise<UsageSnapshot>;
  log: Logger;
  /**
   * Reports the stage a long-running tool has reached. A no-op unless the caller asked for
   * progress (MCP `_meta.progressToken`); never needed for the tool's result.
   */
  progress?: ProgressReporter;
  /**
   * Set while a write is planned: true when the owner's "create paused" guardrail is on, so every
   * create must start in a state where it cannot spend (the runtime refuses a plan that does not).
   */
  createPaused?: boolean;
}

/** Cross-field rules: return one message per broken rule, naming the fields. */
export type ArgumentRule<Args> = (args: Args) => string | string[] | undefined | false;

type ArgsOf<Entries extends v.ObjectEntries> = v.InferOutput<v.ObjectSchema<Entries, undefined>>;

interface ToolSpecBase<Entries extends v.ObjectEntries> {
  name: string;
  description: string;
  /** Deletes, archives or irreversibly replaces something. */
  destructive?: boolean;
  /** Never consumes quota (get_usage_status, list_connected_accounts, get_connections_status). */
  quotaExempt?: boolean;
  /** Takes 30 seconds or more; routed to the long-running timeout. */
  longRunning?: boolean;
  /**
   * false for discovery tools of a platform (list its accounts) that must work before an account is
   * chosen: no account parameter, no account selection, and `ctx.account` / `ctx.platform` are unset.
   */
  selectsAccount?: boolean;
  /** valibot entries of the tool's own arguments; the account parameter is added by the platform. */
  args: Entries;
  rules?: ArgumentRule<ArgsOf<Entries>>[];
  /**
   * Cross-field rules JSON Schema can state (functions/runtime/argument-rules.ts: requires,
   * exactlyOne, atLeastOne, atMostOne, when): checked on every call and published in the catalog,
   * OpenAPI and MCP as dependentRequired / oneOf / anyOf / not / if-then. Prefer them to `rules`.
   */
  schemaRules?: SchemaRule[];
  /**
   * Argument sets that work on a fresh sandbox owner; the first is the request example of the
   * OpenAPI document. A value that differs per account (an id) is a placeholder naming where a caller
   * takes it: `'<campaign_id from list_campaigns>'` (test/e2e/examples.test.ts resolves it from the
   * list tools). Without it a tool publishes the example its schema gives when that needs no made-up
   * value, else none.
   */
  examples?: Record<string, unknown>[];
  /**
   * The schema of the tool's `data.structured` (valibot). Published in the catalog, OpenAPI and MCP
   * `outputSchema`; the tests check every real output against it.
   */
  output?: v.GenericSchema;
  /**
   * The tool approves or rejects held writes (manage_action): only approve-scoped keys may call it,
   * and its own plan is neither held nor checked against guardrails (it applies a plan already held).
   */
  approval?: boolean;
}

/**
 * A read tool: runs in one go. Writes cannot take this shape (`access: 'write'` with `run` is a type
 * error): every write is planned, so previews, guardrails, approvals and the audit trail see it.
 */
export interface RunToolSpec<Entries extends v.ObjectEntries, Port> extends ToolSpecBase<Entries> {
  access: 'read';
  run(args: ArgsOf<Entries>, ctx: ToolContext<Port>): Promise<ToolResult>;
  plan?: never;
  apply?: never;
  undo?: never;
}

/**
 * A write planned first and applied second (functions/runtime/plan.ts). The runtime adds `dry_run`
 * to its arguments: a dry run answers the plan and changes nothing. `plan` only reads; `apply` carries
 * out exactly the plan it is given (for an approval, a plan made earlier) and may use `ctx.step`.
 */
export interface PlannedWriteSpec<Entries extends v.ObjectEntries, Port, Data = unknown> extends ToolSpecBase<Entries> {
  access: 'write';
  plan(args: ArgsOf<Entries>, ctx: ToolContext<Port>): Promise<WritePlan<Data>>;
  apply(plan: WritePlan<Data>, args: ArgsOf<Entries>, ctx: ToolContext<Port>): Promise<ToolResult>;
  /**
   * The call that undoes this write after it was applied (revert from the audit trail): a tool of the
   * same platform and its arguments, built from the plan's before values. Absent or undefined when the
   * write cannot be undone (a final removal, an archive).
   */
  undo?(plan: WritePlan<Data>, args: ArgsOf<Entries>): UndoCall | undefined;
  run?: never;
}

/** A tool call that undoes an applied write. */
export interface UndoCall {
  tool: string;
  arguments: Record<string, unknown>;
}

export type ToolSpec<Entries extends v.ObjectEntries, Port, Data = unknown> =
  RunToolSpec<Entries, Port> | PlannedWriteSpec<Entries, Port, Data>;

/** Added by the runtime to the arguments of every planned write. */
export const DRY_RUN_ARGUMENT = 'dry_run';
const dryRunEntry = {
  [DRY_RUN_ARGUMENT]: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        'true = check the write and answer its plan (each entity to create, each field before → after) without changing anything',
      ),
    ),
  ),
};

export interface ToolDefinition {
  name: string;
  description: string;
  platform: PlatformWord | null;
  group: ToolGroup;
  category: ToolCategory;
  access: 'read' | 'write';
  destructive: boolean;
  quotaExempt: boolean;
  longRunning: boolean;
  /** Strict object schema of every argument the tool accepts, account parameter included. */
  schema: v.ObjectSchema<v.ObjectEntries, undefined> | v.StrictObjectSchema<v.ObjectEntries, undefined>;
  rules: ArgumentRule<Record<string, unknown>>[];
  /** Cross-field rules stated as data (see ToolSpec.schemaRules). */
  schemaRules: SchemaRule[];
  /** Documented argument examples (see ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  /** Whether the chain selects an account (and opens the platform) before the tool runs. */
  selectsAccount: boolean;
  /** Names of the account parameter and its aliases, removed from args before `run`. */
  accountParameters: string[];
  /** Schema of `data.structured` (see ToolSpec.output). */
  output?: v.GenericSchema;
  /** Approves held writes (see ToolSpec.approval). */
  approval?: boolean;
  /** Planned writes: what the write will do, read-only. */
  plan?(args: Record<string, unknown>, ctx: ToolContext<unknown>): Promise<WritePlan>;
  /** Planned writes: carries a plan out. */
  apply?(plan: WritePlan, args: Record<string, unknown>, ctx: ToolContext<unknown>): Promise<ToolResult>;
  /** Planned writes: the call that undoes an applied plan, when there is one. */
  undo?(plan: WritePlan, args: Record<string, unknown>): UndoCall | undefined;
  /** Runs the tool: a read, or plan then apply for a planned write. */
  run(args: Record<string, unknown>, ctx: ToolContext<unknown>): Promise<ToolResult>;
}

/** The parts of a definition that come from the spec alone, the same for gateway and platform tools. */
function fromSpec<Entries extends v.ObjectEntries, Port, Data>(spec: ToolSpec<Entries, Port, Data>, extraEntries: v.ObjectEntries) {
  const planned = spec.plan !== undefined;
  const plan = spec.plan as ToolDefinition['plan'];
  const apply = spec.apply as ToolDefinition['apply'];
  const undo = spec.undo as ToolDefinition['undo'];
  return {
    name: spec.name,
    description: spec.description,
    access: spec.access,
    destructive: spec.destructive ?? false,
    quotaExempt: spec.quotaExempt ?? false,
    longRunning: spec.longRunning ?? false,
    // Every id argument gets a length limit unless it has its own (core/id-limits.ts).
    schema: v.strictObject(limitedEntries({ ...spec.args, ...extraEntries, ...(planned ? dryRunEntry : {}) })),
    rules: (spec.rules ?? []) as ArgumentRule<Record<string, unknown>>[],
    schemaRules: spec.schemaRules ?? [],
    examples: spec.examples,
    output: spec.output,
    approval: spec.approval ?? false,
    plan,
    apply,
    undo,
    run: planned
      ? async (args: Record<string, unknown>, ctx: ToolContext<unknown>) => apply!(await plan!(args, ctx), args, ctx)
      : (spec.run as ToolDefinition['run']),
  };
}

/** A tool of no platform (usage, accounts, diagnostics): runs in the `gateway` group. */
export function defineGatewayTool<Entries extends v.ObjectEntries, Data = unknown>(
  spec: ToolSpec<Entries, undefined, Data> & { category: GatewayCategory },
): ToolDefinition {
  return { ...fromSpec(spec, {}), platform: null, group: 'gateway', category: spec.category, selectsAccount: false, accountParameters: [] };
}

/**
 * Returns the `defineTool` of one platform: every tool it makes accepts the platform's account
 * parameter (and aliases) and receives the platform interface the runtime opened for the selected
 * account (from the platform's manifest).
 */
export function platformToolDefiner<Port>(platform: PlatformWord, accountParameter: PlatformAccountParameter) {
  const accountEntries: v.ObjectEntries = {};
  for (const name of [accountParameter.parameter, ...accountParameter.aliases]) {
    accountEntries[name] = v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.description(name === accountParameter.parameter ? accountParameter.description : `Alias of ${accountParameter.parameter}`),
      ),
    );
  }
  return function defineTool<Entries extends v.ObjectEntries, Data = unknown>(spec: ToolSpec<Entries, Port, Data>): ToolDefinition {
    const selectsAccount = spec.selectsAccount ?? true;
    return {
      ...fromSpec(spec, selectsAccount ? accountEntries : {}),
      platform,
      group: platform,
      category: platform,
      selectsAccount,
      accountParameters: selectsAccount ? Object.keys(accountEntries) : [],
    };
  };
}
