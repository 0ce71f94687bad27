import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { ConnectedAccount, Owner } from '../../core/accounts';
import type { StoredResponse } from './stores/idempotency';
import type { ToolDefinition, ToolResult } from '../../core/tool';
import type { Logger } from '../../core/tool';
import type { StoreScope } from './stores/dynamo';
import type { Deadlines } from './deadlines';

/**
 * What the middleware chain learns about one request, step by step. It lives on the Lambda
 * context under `gateway` so the tool runner (the middy handler) can read it too.
 */
export interface RequestState {
  requestId: string;
  startedAt: number;
  now: Date;
  /** Tool name from the path (execute requests). */
  toolName: string;
  log: Logger;
  keyId?: string;
  /** The key's scope (read, write, approve); undefined = full access. */
  keyScope?: 'read' | 'write' | 'approve';
  owner?: Owner;
  tool?: ToolDefinition;
  /** Validated arguments, account parameters removed. */
  args?: Record<string, unknown>;
  /** Validated arguments as sent, account parameters included (for fingerprints). */
  rawArgs?: Record<string, unknown>;
  /** A planned write asked only for its plan (`dry_run: true`). */
  dryRun?: boolean;
  account?: ConnectedAccount;
  /** The owner's accounts_version the selected account was cached under (billable calls). */
  accountsVersion?: number;
  idempotency?: {
    recordId: string;
    claimToken?: string;
    replay?: StoredResponse;
    /**
     * This request replays a key whose stored answer is `outcome_unknown` and holds the key to settle
     * the write (change `changeId`): `previous` is put back when it ends without learning anything.
     */
    settling?: { changeId: string; previous: StoredResponse };
    /** The claim was completed with the write it answers, in one transaction (planned-writes.ts). */
    completed?: boolean;
  };
  /**
   * This request's unit of the quota (a settling replay that runs its write anew runs it on the unit
   * the write held). `held`: the write answers `outcome_unknown` with an audit record that keeps the
   * unit (planned-writes.ts): it is not given back with the answer but when the write is settled.
   */
  reservation?: { period: string; used: number; token: string; refunded: boolean; held?: boolean };
  /**
   * The 200 answers on a unit held earlier (a replay that settled its write, or runs it on the unit the
   * write held): its quota block reads the period's figures as they are now, not the ones of the reservation
   * (this figure, the held unit's, only when that read fails).
   */
  quotaOfNow?: number;
  /**
   * A planned write applying: records it `unknown`, holding its unit, should the answer go out at the
   * tool deadline before the write ended (middleware/outcome.ts). Says whether the record was written now.
   */
  recordUnknownAtDeadline?: () => Promise<boolean>;
  /** The write's audit record says `applied`: its unit is used, whatever happens to the answer (quota.ts). */
  writeApplied?: boolean;
  /** When the function ends, when the tool must stop, when every DynamoDB call must be answered. */
  deadlines: Deadlines;
  /** Bounds the chain's DynamoDB calls; moved to `deadlines.store` for settling. */
  storeScope: StoreScope;
  /** The tool's own DynamoDB calls (counts its sandbox writes). */
  toolScope?: StoreScope;
  /** The selected sandbox account's entities, queried while the reservation was on its way (read-ahead.ts). */
  readAhead?: StoreScope['readAhead'];
  /** The answer is `outcome_unknown`: stored for replay, never released for a blind retry. */
  outcomeUnknown?: boolean;
  /**
   * The audit record (change id) of a write whose outcome is unknown, or of a write recorded applied whose
   * answer may still fail: stored with the key's `outcome_unknown`, so a replay settles from it.
   */
  unknownChangeId?: string;
  /** Set once the tool has started running: its 4xx answers are stored for idempotent replay. */
  toolStarted?: boolean;
  /** Builds the 200 of a tool's result (set by the tool runner). */
  respond?: (result: ToolResult) => Promise<GatewayResult>;
  /** The 200 a planned write committed under its claim together with its change: the answer, as stored. */
  committedResponse?: GatewayResult;
}

export type GatewayContext = Context & { gateway: RequestState };
export type GatewayEvent = Omit<APIGatewayProxyEvent, 'body'> & { body: unknown };
export type GatewayResult = APIGatewayProxyResult & { headers: Record<string, string> };

/** The request as middy hands it to each middleware of the chain (the state is on the context: stateOf). */
export type GatewayRequest = Request<GatewayEvent, GatewayResult, unknown, Context>;

/** A middleware of the chain, typed for the gateway's event, result and errors. */
export type GatewayMiddleware = MiddlewareObj<GatewayEvent, GatewayResult, unknown, Context>;

export function stateOf(context: Context): RequestState {
  return (context as GatewayContext).gateway;
}

/** Headers by lower-case name (API Gateway keeps the case the client sent). */
export function header(event: { headers?: Record<string, string | undefined> | null }, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value ?? undefined;
  }
  return undefined;
}
