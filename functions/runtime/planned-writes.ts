import { GatewayError, OutcomeUnknownError, StoreUnavailableError, ToolError } from '../../core/errors';
import { outcomeOf } from './middleware/outcome';
import { dryRunResult, publicPlan, type WritePlan } from '../../core/plan';
import {
  budgetsAtStartOfDay,
  currentSafetySettings,
  currentSafetySettingsWithItem,
  GuardrailBlockedError,
  guardrailBreaches,
  safetyOf,
  startOfUtcDay,
  toolOffBreach,
  type GuardrailBreach,
  type SafetySettings,
} from './safety';
import type { RequestState } from './state';
import {
  auditPut,
  getAuditEntry,
  holdAction,
  listAuditEntries,
  newChangeId,
  recordAudit,
  settleAuditEntry,
  type AuditEntry,
} from './stores/audit';
import { completionUpdate } from './stores/idempotency';
import { UnitOfWork, UnitOfWorkAbandoned } from './stores/unit-of-work';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { settle } from './settle';
import { stepsOf } from './stores/checkpoints';
import { reserveUnit } from './middleware/quota';
import { finishReservation, refundCall, type HeldUnit } from './stores/usage';
import { cancellationReasons, currentStoreScope, documentClient, isConditionalCheckFailed, type ReplacedValues } from './stores/dynamo';
import type { ConnectedAccount } from '../../core/accounts';
import type { PlatformCheckingPort, ToolContext, ToolDefinition, ToolResult } from '../../core/tool';

/**
 * How the runtime runs every planned write (functions/runtime/plan.ts), once for all tools:
 * 1. plan (read-only; `ctx.createPaused` from the owner's "create paused" guardrail);
 * 2. check the plan against the owner's guardrails (safety.ts);
 * 3. a dry run answers the plan and the guardrails it would break;
 * 4. a plan that breaks a guardrail is refused (400 guardrail_blocked), or held for approval when
 *    the owner turned approvals on (every write is held with approvals "all");
 * 5. otherwise apply it;
 * and records each outcome in the audit trail (stores/audit.ts).
 */
export async function runPlannedWrite(
  tool: ToolDefinition,
  state: RequestState,
  ctx: ToolContext<unknown>,
  /** The request's checkpointed steps: a write that may apply reads its checkpoint with the settings, in one request. */
  steps?: StepsOfWrite,
): Promise<ToolResult> {
  // Read fresh, not from the key cache: a guardrail set a moment ago applies to this write.
  const settings = await readSettings(ctx, state.dryRun ? undefined : steps);
  if (!tool.approval && settings.tools_off?.includes(tool.name)) throw new GuardrailBlockedError(tool.name, [toolOffBreach(tool.name)]);
  const planning: ToolContext<unknown> = {
    ...ctx,
    createPaused: settings.create_paused ?? false,
    step: () => Promise.reject(new Error(`${tool.name}: a plan only reads; checkpointed steps belong in apply`)),
  };
  const args = state.args!;
  // A replay of a create whose answer was lost: planning it again would plan a new entity (unless the
  // platform took an idempotency key: then settleOnReplay sends it again under that key).
  const settling = state.idempotency?.settling;
  if (settling && !state.dryRun) {
    const entry = await getAuditEntry(ctx.owner.owner_id, settling.changeId);
    if (entry && !entry.resendable && !judgeableByPlan(entry)) {
      if (entry.outcome === 'unknown') {
        state.unknownChangeId = settling.changeId;
        throw new OutcomeUnknownError(tool.platform ?? 'gateway', judgeUnknownWrite(entry, undefined).detail);
      }
      // Applied after its answer went out at the deadline: its result was not kept, and it is not run again.
      if (entry.outcome === 'applied')
        throw new ToolError(
          `This write was applied (change ${settling.changeId}) after its answer went out as outcome_unknown; sending it again would do it anew. Nothing was changed now: find what it did with list_change_history and the list tools, and use a new Idempotency-Key for another write.`,
          { code: 'duplicate', change_id: settling.changeId },
        );
    }
  }
  let plan: WritePlan;
  const scope = currentStoreScope();
  try {
    // On a sandbox account the plan reads the account's entities in one Query (store.ts), and apply's
    // revision-guarded updates take what they change from that read.
    if (scope) scope.planning = true;
    plan = await tool.plan!(args, planning);
  } catch (err) {
    // A refused approval (action_not_pending, action_expired, entity_changed) is a decision the trail
    // must show, like the approvals that went through.
    if (tool.approval && err instanceof GatewayError && !state.dryRun) {
      const refusedPlan: WritePlan = { summary: `${tool.name} refused`, changes: [], data: {} };
      await auditRecorder(
        tool,
        state,
        ctx,
        refusedPlan,
      )('refused', err.message, {
        action_id: typeof args.action_id === 'string' ? args.action_id : undefined,
      });
    }
    throw err;
  } finally {
    if (scope) scope.planning = undefined;
  }
  // A replay of a write whose answer was outcome_unknown: settled against the platform's state now.
  if (settling && !state.dryRun) {
    const settled = await settleOnReplay(tool, state, ctx, plan, settling.changeId);
    if (settled) return settled;
    // Not applied: the write runs now, on the unit it held (settleOnReplay took it over), or, settled
    // earlier (its unit given back), on a unit of its own: 402 at the limit, and the key keeps its
    // outcome_unknown, so a later replay settles and runs it.
    if (!state.reservation) await reserveUnit(state);
  }
  // manage_action applies a plan already held (and checked): it is neither checked nor held again.
  const breaches = tool.approval ? [] : guardrailBreaches(plan, tool.platform, settings, await dayStartBudgets(plan, settings, state, ctx));
  const audit = auditRecorder(tool, state, ctx, plan);

  if (state.dryRun) {
    if (state.account?.mode === 'live') plan.platformCheck = await platformCheck(tool, plan, args, ctx, state.account);
    await audit('dry_run', breaches.length ? breaches.map((b) => b.message).join(' ') : undefined);
    return withBreaches(dryRunResult(tool.name, plan), breaches);
  }
  const approvals = settings.approvals ?? 'off';
  const hold = !tool.approval && plan.changes.length > 0 && ((breaches.length > 0 && approvals !== 'off') || approvals === 'all');
  if (hold) {
    const action = await holdAction({
      owner_id: ctx.owner.owner_id,
      created_at: ctx.now.toISOString(),
      key_id: state.keyId,
      tool: tool.name,
      platform: tool.platform,
      account_id: state.account?.account_id,
      arguments: args,
      plan,
      reasons: breaches.map((b) => b.message),
    });
    await audit('held', `Held for approval as ${action.action_id}`, { action_id: action.action_id });
    return heldResult(tool.name, plan, breaches, action.action_id, action.expires);
  }
  if (breaches.length) {
    await audit('blocked', breaches.map((b) => b.message).join(' '));
    throw new GuardrailBlockedError(tool.name, breaches);
  }
  const applying = { ...ctx, createPaused: settings.create_paused ?? false };
  // From here the write may reach the platform: should the answer go out at the tool deadline while
  // it runs, it is recorded `unknown` first, holding its unit (middleware/outcome.ts). The write's own
  // outcome, arriving later, settles that record (auditRecorder): applied, the unit is used; failed
  // with nothing changed, not applied and the unit given back. Until then a replay with the key settles
  // it by planning it again when a second plan can judge it, and otherwise answers outcome_unknown.
  if (plan.changes.length)
    state.recordUnknownAtDeadline = () => audit('unknown', UNKNOWN_DETAIL, { held_unit: holdUnit(state, plan, true) });
  // On a sandbox account the write's changes are held in a unit of work and committed with its audit
  // record and the claim's completion in one transaction (commitWrite). When the run cannot hold them
  // (unit-of-work.ts), or the commit finds an entity changed since it was read, it is applied again
  // the way it always was: each change written as it is made, then the audit record.
  // The values replaced by changes a checkpoint already committed (a run applied again keeps them).
  let committedReplaced: ReplacedValues[] = [];
  for (let holding = holdsWrites(tool, state, steps); ; holding = false) {
    const work = holding && scope ? new UnitOfWork() : undefined;
    if (scope) scope.unitOfWork = work;
    // Steps finished while their changes are held are forgotten again if those are dropped; once
    // committed with their checkpoint (unit-of-work.ts commitFinishedSteps) they are kept.
    let stepsBefore = work ? steps?.snapshot?.() : undefined;
    const dropHeld = () => {
      if (stepsBefore) steps?.restore?.(stepsBefore);
    };
    // The sandbox reports the values each of its updates replaced (read in the revision-guarded write).
    const replaced: ReplacedValues[] = [...committedReplaced];
    if (scope) scope.replaced = replaced;
    if (work)
      work.onCheckpoint = (kept, replacedCount) => {
        stepsBefore = kept as StepsSnapshot;
        steps?.restore?.(stepsBefore);
        committedReplaced = replaced.slice(0, replacedCount);
      };
    let result: ToolResult;
    try {
      result = await tool.apply!(plan, args, applying);
    } catch (err) {
      // A failure after finished steps keeps them, committed with their checkpoint: a retry resumes after them.
      const failure = work && !work.abandoned ? await keepFinishedSteps(work, err) : err;
      if (scope) scope.unitOfWork = undefined;
      if (work?.pending || work?.abandoned) dropHeld();
      // Nothing of the run was written (what was held is dropped): applied again, writing as it goes.
      if (work?.abandoned) continue;
      return failedWrite(state, audit, failure, plan);
    }
    if (scope) scope.unitOfWork = undefined;
    if (work?.abandoned) {
      dropHeld();
      continue;
    }
    if (scope?.replaced === replaced) scope.replaced = undefined;
    // The audit's before values are the ones this write replaced, not the ones the plan read a moment
    // earlier (another write may have come in between): revert_change restores them.
    const applied = withReplacedValues(plan, replaced);
    const extra: Partial<AuditEntry> = { created_ids: createdIds(plan, result), changes: applied.changes, budgets: applied.budgets };
    if (state.account?.mode === 'live' || !applied.exact) extra.before_from = 'plan';
    if (plan.changes.length) extra.undo = tool.undo?.(applied, args);
    const heldActionId = (plan.data as { action_id?: unknown } | undefined)?.action_id;
    if (tool.approval && typeof heldActionId === 'string') extra.action_id = heldActionId;
    // Nothing went out yet (the unit holds the changes, or there were none): one commit.
    if (work && (work.pending || work.open)) {
      work.open = false;
      let committed: boolean;
      try {
        committed = await commitWrite(tool, state, ctx, plan, work, result, extra, audit, steps);
      } catch (err) {
        dropHeld();
        throw err;
      }
      if (committed) return result;
      dropHeld();
      continue;
    }
    await audit('applied', undefined, extra);
    return result;
  }
}

/**
 * Commits the steps a failed write finished (their held changes with their checkpoint), as each was
 * committed as it finished before: the failure to answer, or the commit's own when the store did not
 * answer it (the outcome is then unknown). A commit cancelled by a changed entity abandons the unit
 * (the write is applied again, writing as it goes).
 */
async function keepFinishedSteps(work: UnitOfWork, failure: unknown): Promise<unknown> {
  try {
    await work.commitFinishedSteps();
    return failure;
  } catch (err) {
    return err instanceof UnitOfWorkAbandoned ? failure : err;
  }
}

/** What a planned write needs of the request's checkpointed steps (handler.ts stepRunner). */
interface StepsOfWrite {
  checkpointId(): string;
  preload(saved: Record<string, unknown>): void;
  holdsCheckpoint?(): boolean;
  snapshot?(): StepsSnapshot;
  restore?(snapshot: StepsSnapshot): void;
  /** The removal of the checkpoint this run stored (its final commit carries it), and its confirmation. */
  removal?(): Record<string, unknown> | undefined;
  cleared?(): void;
}
type StepsSnapshot = { saved?: Record<string, unknown>; unsaved?: { name: string; value: unknown }; stored: boolean };

/**
 * A write whose apply failed: recorded `unknown` when it may have happened (the answer the caller
 * gets is outcome_unknown), never as failed: revert_change and people reading the trail must not
 * take it as undone, and it keeps its quota unit until it is settled (holdUnit); `failed` otherwise.
 * Rethrows the failure.
 */
async function failedWrite(state: RequestState, audit: ReturnType<typeof auditRecorder>, err: unknown, plan: WritePlan): Promise<never> {
  const answer = outcomeOf(state, err);
  if (answer instanceof OutcomeUnknownError)
    await audit('unknown', UNKNOWN_DETAIL, {
      ...(answer.resendable ? { resendable: true } : {}),
      held_unit: holdUnit(state, plan, answer.resendable),
    });
  else await audit('failed', err instanceof GatewayError ? err.message : 'The write failed.');
  throw err;
}

/**
 * Keeps this request's unit used while its write's outcome is unknown (the quota step then does not
 * give it back with the answer): what the write's `unknown` record keeps to give it back once, should
 * the write be settled not applied. Called at the latest when the answer goes out at the tool deadline
 * (recordUnknownAtDeadline), before the quota step. None when there is no unit, when it was given back
 * already (a write that failed in a way that changed nothing), for a write naming no change, or when
 * nothing can ever settle the write: a write a second plan cannot judge (a create or removal, an update
 * naming no before value) that failed without the platform's idempotency key. Such a unit is given back
 * with the answer. `settles`: something will settle the record, the platform's idempotency key or, at the
 * deadline, the write's own outcome (it is still running).
 */
function holdUnit(state: RequestState, plan: WritePlan, settles = false): HeldUnit | undefined {
  const reservation = state.reservation;
  if (!reservation || (reservation.refunded && !reservation.held)) return undefined;
  if (!plan.changes.length || (!settles && !judgeableByPlan(plan))) return undefined;
  reservation.held = true;
  return { period: reservation.period, token: reservation.token, used: reservation.used };
}

/**
 * Whether a write's changes are held in a unit of work: a platform tool on a sandbox account (a live
 * platform's write is its upstream call), not a replay settling an unknown outcome, not a write
 * resuming from a checkpoint (its success clears the checkpoint after the write).
 */
function holdsWrites(tool: ToolDefinition, state: RequestState, steps: StepsOfWrite | undefined): boolean {
  return opensPort(tool) && state.account?.mode === 'sandbox' && !state.idempotency?.settling && !steps?.holdsCheckpoint?.();
}

const NOT_APPLIED_DETAIL = 'The store did not answer the write, and nothing was changed: send it again.';

/**
 * Commits the changes `work` holds together with the write's audit record and, with an
 * Idempotency-Key, the completion of its claim with the 200 (state.committedResponse), in one
 * TransactWriteItems: all or nothing. Returns false when it was cancelled by something else than
 * the claim (an entity changed since it was read, a conflict) or refused (too large): nothing was
 * written, and the caller applies the write again, writing as it goes, as before. A claim taken over
 * meanwhile (abandoned) is left out and the write committed without it (the after-hook then
 * recharges the unit, as for any completion that comes too late).
 * No answer: the audit record is put on its own (`unknown`); the commit puts the same record only
 * where there is none, so once it is in the commit can never apply: in, nothing was changed (the
 * record settled `not_applied`, 503, retryable); found `applied`, the commit was applied; no answer
 * again, the outcome is unknown (outcome_unknown with that record, settled like any other).
 */
async function commitWrite(
  tool: ToolDefinition,
  state: RequestState,
  ctx: ToolContext<unknown>,
  plan: WritePlan,
  work: UnitOfWork,
  result: ToolResult,
  extra: Partial<AuditEntry>,
  audit: ReturnType<typeof auditRecorder>,
  steps: StepsOfWrite | undefined,
): Promise<boolean> {
  const retention = safetyOf(ctx.owner).audit_retention_days;
  const entry = audit.entry('applied', undefined, extra);
  const { put } = auditPut(entry, retention);
  const response = await state.respond!(result);
  const claim = state.idempotency?.claimToken ? state.idempotency : undefined;
  const stored = { statusCode: response.statusCode, headers: response.headers, body: response.body };
  let completion = claim ? completionUpdate(claim.recordId, claim.claimToken!, stored) : undefined;
  const scope = currentStoreScope();
  // A checkpoint this run stored (between its steps) is removed in the same transaction.
  const removal = steps?.removal?.();
  const committed = async () => {
    appliedWrite(state, plan, entry.change_id);
    state.committedResponse = response;
    if (completion) claim!.completed = true;
    if (removal) steps?.cleared?.();
    return true;
  };
  for (;;) {
    const sentBefore = scope?.sandboxWrites ?? 0;
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            ...work.items,
            { Put: put },
            ...(completion ? [{ Update: completion }] : []),
            ...(removal ? [removal] : []),
          ] as never,
        }),
      );
      return await committed();
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (reasons) {
        const cancelledBy = (i: number) => !!reasons[i]?.Code && reasons[i]!.Code !== 'None';
        const claimOnly = work.items.every((_, i) => !cancelledBy(i)) && !cancelledBy(work.items.length);
        if (completion && claimOnly && reasons[work.items.length + 1]?.Code === 'ConditionalCheckFailed') {
          completion = undefined;
          continue;
        }
        return false;
      }
      if ((err as { name?: string }).name === 'ValidationException') return false;
      if (!(err instanceof StoreUnavailableError)) return failedWrite(state, audit, err, plan);
      // The fence is the record of a write whose outcome is unknown: it holds the unit (given back with a 503 all the same).
      const fence = auditPut({ ...entry, outcome: 'unknown', detail: UNKNOWN_DETAIL, held_unit: holdUnit(state, plan) }, retention).put;
      let verdict: 'applied' | 'not_applied';
      try {
        verdict = await fenceCommit(fence);
      } catch (fenceErr) {
        if (!(fenceErr instanceof StoreUnavailableError)) throw fenceErr;
        // Unknown: recorded like any write of unknown outcome (a replay with the key settles it), its unit
        // held (kept, should the commit turn out applied). The fence is put in the background until it
        // lands, or finds the commit's record.
        state.unknownChangeId = entry.change_id;
        void settle(`settle the commit of ${tool.name}`, async () => void (await fenceCommit(fence)), ctx.log).catch(() => undefined);
        throw new OutcomeUnknownError(tool.platform ?? 'gateway');
      }
      if (verdict === 'applied') return await committed();
      // Nothing was written: the record says so, the answer is the store's 503, and the key is free for a retry.
      if (scope) scope.sandboxWrites = sentBefore;
      const notApplied = { outcome: 'not_applied' as const, detail: NOT_APPLIED_DETAIL, at: new Date().toISOString(), by: state.requestId };
      await settle(
        `audit record of ${tool.name}`,
        async () => void (await settleAuditEntry(ctx.owner.owner_id, entry.change_id, notApplied)),
        ctx.log,
      ).catch(() => undefined);
      throw err;
    }
  }
}

/** Puts `fence` (an audit record) unless a record of its change id exists: says whether that one is the commit's `applied`. */
async function fenceCommit(fence: ReturnType<typeof auditPut>['put']): Promise<'applied' | 'not_applied'> {
  try {
    await documentClient().send(new PutCommand({ ...fence, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }));
    return 'not_applied';
  } catch (err) {
    const item = (err as { Item?: Record<string, never> }).Item;
    if (!isConditionalCheckFailed(err)) throw err;
    return item && unmarshall(item).outcome === 'applied' ? 'applied' : 'not_applied';
  }
}

/** The owner's safety settings, read fresh; with `steps`, the write's checkpoint in the same request. */
async function readSettings(
  ctx: ToolContext<unknown>,
  steps: { checkpointId(): string; preload(saved: Record<string, unknown>): void } | undefined,
): Promise<SafetySettings> {
  if (!steps) return currentSafetySettings(ctx.owner);
  const { settings, item } = await currentSafetySettingsWithItem(ctx.owner, steps.checkpointId());
  steps.preload(stepsOf(item));
  return settings;
}

/**
 * The budgets this plan raises as they stood at the start of the UTC day, from today's applied
 * audit records (read only when the increase guardrail is set and the plan raises a budget).
 */
async function dayStartBudgets(
  plan: WritePlan,
  settings: SafetySettings,
  state: RequestState,
  ctx: ToolContext<unknown>,
): Promise<Map<string, number>> {
  const ids = new Set((plan.budgets ?? []).filter((b) => b.id && b.before !== undefined && b.after > b.before).map((b) => b.id!));
  if (settings.max_budget_increase_percent === undefined || !ids.size) return new Map();
  const today = await listAuditEntries(ctx.owner.owner_id, {
    since: startOfUtcDay(ctx.now),
    limit: 1000,
    filter: (e) => e.outcome === 'applied' && (e.budgets ?? []).some((b) => b.id !== undefined && ids.has(b.id)),
  });
  return budgetsAtStartOfDay(today, state.account?.account_id);
}

/**
 * A dry run on a live account whose adapter can check writes without applying them (validate-only):
 * `apply` runs against the port opened with `validateOnly`, so the platform checks each request and
 * changes nothing. Undefined when the platform offers no such check.
 */
async function platformCheck(
  tool: ToolDefinition,
  plan: WritePlan,
  args: Record<string, unknown>,
  ctx: ToolContext<unknown>,
  account: ConnectedAccount,
): Promise<WritePlan['platformCheck']> {
  if (!opensPort(tool) || !plan.changes.length) return undefined;
  const port = ctx.platforms.open<Partial<PlatformCheckingPort>>(account, {
    signal: ctx.signal,
    deadline: ctx.deadline,
    log: ctx.log,
    requestKey: ctx.requestKey,
    validateOnly: true,
  });
  if (port.validatesOnly !== true || !port.validationSummary) return undefined;
  const checking: ToolContext<unknown> = { ...ctx, platform: port, step: (_name, run) => run() };
  let failure: unknown;
  try {
    await tool.apply!(plan, args, checking);
  } catch (err) {
    failure = err;
  }
  const { checked, skipped, refused } = port.validationSummary();
  if (refused) return { checked: true, message: `The platform would refuse this write: ${refused}` };
  if (failure instanceof GatewayError && !checked) throw failure;
  const rest = skipped || failure ? ' The requests that need the entities this write creates could not be checked before they exist.' : '';
  return {
    checked: checked > 0,
    message: checked
      ? `The platform accepted ${checked} request(s) of this write without applying them (validate-only).${rest}`
      : `The platform could not check this write in advance.${rest}`,
  };
}

const UNKNOWN_DETAIL =
  'The write may have happened: its answer was lost or it did not finish. Send it again with the same Idempotency-Key, or settle it with manage_action (decision settle), to learn its outcome.';

/** Verdict on a write recorded `unknown`, from a fresh plan of the same write against the platform's state now. */
export type UnknownWriteVerdict =
  { outcome: 'applied'; detail: string } | { outcome: 'not_applied'; detail: string } | { outcome: 'unknown'; detail: string };

/**
 * Whether a write recorded `unknown` took effect, judged from `fresh`, the same write planned again
 * now: nothing left to change (applying it would be a no-op) → applied; every
 * field still at the value the write would have replaced → not applied; anything else (the entity
 * changed in between) → still unknown. A create or a removal cannot be judged this way: planning a
 * create again plans a new entity whatever happened (a platform that took idempotency keys could
 * answer; none of the gateway's ports carries one yet); nor an update that names no before value (it
 * would be found "still as before" whatever happened).
 */
export function judgeUnknownWrite(recorded: Pick<AuditEntry, 'changes' | 'change_id'>, fresh: WritePlan | undefined): UnknownWriteVerdict {
  const held: WritePlan = { summary: '', changes: recorded.changes, data: {} };
  if (recorded.changes.some((c) => c.action !== 'update'))
    return {
      outcome: 'unknown',
      detail: `Change ${recorded.change_id} creates or removes something, and such a write cannot be settled by planning it again (a create would be planned anew whatever happened). Check with the platform's list tools whether it exists, then send what is missing with a new Idempotency-Key.`,
    };
  if (!recorded.changes.length)
    return {
      outcome: 'unknown',
      detail: `Change ${recorded.change_id} named no field it changes, so planning it again cannot tell whether it took effect. Check the entity with a read tool.`,
    };
  if (!judgeableByPlan(recorded))
    return {
      outcome: 'unknown',
      detail: `Change ${recorded.change_id} does not name the value each field had before, so planning it again cannot tell whether it took effect. Check the entity with a read tool; send the write with a new Idempotency-Key if it is still wanted.`,
    };
  if (!fresh)
    return {
      outcome: 'unknown',
      detail: `Change ${recorded.change_id} was not planned again, so whether it took effect is not known. Check the entity with a read tool.`,
    };
  if (nothingLeftToChange(fresh))
    return { outcome: 'applied', detail: 'Settled: planned again, the write found nothing left to change, so it had taken effect.' };
  const differences = changedSince(held, fresh);
  if (!differences.length)
    return {
      outcome: 'not_applied',
      detail: 'Settled: planned again, every field still had the value the write would replace, so it had not taken effect.',
    };
  return {
    outcome: 'unknown',
    detail: `Change ${recorded.change_id} could not be settled: the entity changed in another way since (${differences.join('; ')}). Check it with a read tool; send the write with a new Idempotency-Key if it is still wanted.`,
  };
}

/** Whether a fresh plan changes nothing: no change, or only fields already at the value it would set (applying it is a no-op). */
export function nothingLeftToChange(fresh: WritePlan): boolean {
  return fresh.changes.every(
    (c) => c.action === 'update' && Object.values(c.fields).every(({ before, after }) => JSON.stringify(before) === JSON.stringify(after)),
  );
}

/**
 * Whether a second plan of this write (or of a recorded one) can tell whether it took effect: it updates
 * fields only, and names the value each one had before (a field planned with no before value would be found "still as
 * before" whatever happened, and the write run again).
 */
export function judgeableByPlan(plan: Pick<WritePlan, 'changes'>): boolean {
  return (
    plan.changes.length > 0 &&
    plan.changes.every((c) => c.action === 'update' && Object.values(c.fields).every(({ before }) => before !== undefined))
  );
}

/** Whether a write's updates are in effect: the fresh plan finds nothing left to change, or finds each field at its planned value. */
export function alreadyInEffect(held: WritePlan, fresh: WritePlan): boolean {
  if (!held.changes.length || held.changes.some((c) => c.action !== 'update')) return false;
  if (!fresh.changes.length) return true;
  const freshByKey = new Map(fresh.changes.map((c) => [`${c.entity}|${c.id ?? c.name ?? ''}`, c]));
  return held.changes.every((c) => {
    const now = freshByKey.get(`${c.entity}|${c.id ?? c.name ?? ''}`);
    return (
      !now || Object.entries(c.fields).every(([field, { after }]) => JSON.stringify(now.fields[field]?.before) === JSON.stringify(after))
    );
  });
}

/**
 * A replay (same Idempotency-Key, same arguments) of a write that answered `outcome_unknown`: the
 * write is planned again (`fresh`) and its audit record `changeId` settled (this request reserved no
 * unit: the write holds one, HeldUnit). Applied → the record says applied and the held unit stays
 * used (nothing is billed: nothing can fail after a bill); it answers the tool's result of applying
 * the fresh plan, which changes nothing, its quota block showing the period's figures as they are now
 * (state.quotaOfNow, like a 200 run on the held unit). Not applied → the record says so,
 * the held unit becomes this request's reservation and undefined is returned: the caller runs the
 * write now, on that unit (this request holds the key: exactly once; a failure gives the unit back).
 * Still unknown → outcome_unknown again, saying why; the unit stays held. A record settled earlier
 * (manage_action, or a replay that did not get to run it) is followed: applied answers the result,
 * not applied runs the write on a unit of its own (the held one was given back).
 */
async function settleOnReplay(
  tool: ToolDefinition,
  state: RequestState,
  ctx: ToolContext<unknown>,
  fresh: WritePlan,
  changeId: string,
): Promise<ToolResult | undefined> {
  const platform = tool.platform ?? 'gateway';
  for (let attempt = 0; attempt < 2; attempt++) {
    const entry = await getAuditEntry(ctx.owner.owner_id, changeId);
    if (!entry)
      throw new OutcomeUnknownError(
        platform,
        `The record of this write (${changeId}) is gone, so it cannot be settled; check the entity with a read tool.`,
      );
    if (entry.outcome === 'not_applied') {
      // Settled earlier, by manage_action (which gave the held unit back) or by a replay that did not get
      // to run it (its answer lost, its process gone): the unit is given back if it still is held (once,
      // by its token), and the write runs on a unit of its own.
      if (entry.held_unit) await refundCall(ctx.owner.owner_id, tool.name, entry.held_unit);
      return undefined;
    }
    if (entry.outcome === 'applied') {
      // Settled earlier: answer the result if the write still changes nothing.
      if (!nothingLeftToChange(fresh))
        throw new ToolError(
          `This write was settled as applied (change ${changeId}) and the entity changed since: sending it again would change it anew. Nothing was changed; use a new Idempotency-Key if that is wanted.`,
          { code: 'entity_changed' },
        );
      state.quotaOfNow = entry.held_unit?.used;
      return tool.apply!(fresh, state.args!, ctx);
    }
    if (entry.outcome !== 'unknown') throw new Error(`settleOnReplay: change ${changeId} is ${entry.outcome}`);
    // The platform took an idempotency key: this replay sends the write again under it, and the platform
    // answers the first result if the lost attempt had been applied. The replay's own record is the write's one.
    const verdict: UnknownWriteVerdict = entry.resendable
      ? {
          outcome: 'not_applied',
          detail: `Sent again by the replay under the platform's idempotency key: the platform answers the first result if this attempt had taken effect, so the write took effect once, as the replay's own record says.`,
        }
      : judgeUnknownWrite(entry, fresh);
    if (verdict.outcome === 'unknown') {
      state.unknownChangeId = changeId;
      throw new OutcomeUnknownError(platform, verdict.detail);
    }
    const undo =
      verdict.outcome === 'applied'
        ? undoOf(tool, { summary: entry.summary ?? '', changes: entry.changes, budgets: entry.budgets, data: fresh.data }, state.args!)
        : undefined;
    const won = await settleAuditEntry(ctx.owner.owner_id, changeId, {
      outcome: verdict.outcome,
      detail: verdict.detail,
      at: new Date().toISOString(),
      by: state.requestId,
      undo,
    });
    if (!won) continue; // settled meanwhile (manage_action): follow what it found
    const held = entry.held_unit;
    if (verdict.outcome === 'not_applied') {
      // The write runs now on the unit it was sent with (reserved then: no 402 at the limit).
      if (held) {
        state.reservation = { ...held, refunded: false };
        state.quotaOfNow = held.used;
      }
      return undefined;
    }
    // The write happened: its unit, used since it was sent, is used for good.
    if (held) finishReservation(ctx.owner.owner_id, held);
    state.quotaOfNow = held?.used;
    return tool.apply!(fresh, state.args!, ctx);
  }
  throw new OutcomeUnknownError(platform, `Change ${changeId} is being settled by another request; send it again in a moment.`);
}

/** The undo call of a write whose plan is `plan`, or undefined when the tool has none (or cannot work it out from the record). */
export function undoOf(tool: ToolDefinition, plan: WritePlan, args: Record<string, unknown>): AuditEntry['undo'] {
  try {
    return tool.undo?.(plan, args);
  } catch {
    return undefined;
  }
}

/**
 * Writes the audit record of this write: one record, one change id, however often it is put (the
 * put is conditional). A write whose answer went out at the tool deadline was recorded `unknown`
 * then (recordUnknownAtDeadline); its own outcome, arriving later, finds that record: `applied`
 * settles it applied (its held unit stays used), `failed` (nothing changed) not applied (its unit given
 * back), `unknown` leaves it to be settled.
 * A failure to record a write that happened (or may have) is retried in the background, never turned
 * into a failure of the write. Returns whether the record is in the store now.
 */
function auditRecorder(tool: ToolDefinition, state: RequestState, ctx: ToolContext<unknown>, plan: WritePlan) {
  let changeId: string | undefined;
  const record = async (outcome: AuditEntry['outcome'], detail?: string, extra: Partial<AuditEntry> = {}): Promise<boolean> => {
    const entry = record.entry(outcome, detail, extra);
    // Known before the record is written: the key's outcome_unknown names it even when the answer goes out first.
    if (outcome === 'unknown') state.unknownChangeId = entry.change_id;
    let stored = false;
    const write = async () => {
      try {
        await recordAudit(entry, safetyOf(ctx.owner).audit_retention_days);
      } catch (err) {
        if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
        if (outcome === 'applied' && (await settleAuditEntry(ctx.owner.owner_id, entry.change_id, appliedAfterDeadline(state, extra)))) {
          // Its unit, held since the deadline, is used for good.
          if (state.reservation?.held) finishReservation(ctx.owner.owner_id, state.reservation);
        }
        if (outcome === 'failed' && (await settleAuditEntry(ctx.owner.owner_id, entry.change_id, failedAfterDeadline(state, detail)))) {
          // Nothing was changed: its unit, held since the deadline, is given back (once, by its token).
          if (state.reservation?.held) await refundCall(ctx.owner.owner_id, tool.name, state.reservation);
        }
      }
      stored = true;
    };
    if (outcome !== 'applied' && outcome !== 'failed' && outcome !== 'unknown') {
      await write();
      return true;
    }
    if (outcome === 'applied') appliedWrite(state, plan, entry.change_id);
    await settle(`audit record of ${tool.name}`, write, ctx.log).catch((err) =>
      ctx.log.error('audit record not written', { tool: tool.name, outcome, error: (err as Error).name }),
    );
    return stored;
  };
  /** The record with this write's change id (drawn once, at the first record). */
  record.entry = (outcome: AuditEntry['outcome'], detail?: string, extra: Partial<AuditEntry> = {}): AuditEntry => {
    const entry = auditEntry(tool, state, ctx, plan, outcome, detail, extra, changeId);
    changeId = entry.change_id;
    return entry;
  };
  return record;
}

/**
 * The write's record says `applied`: its unit is used whatever becomes of the answer (quota.ts), and
 * should the answer still turn into `outcome_unknown` (a checkpoint that could not be cleared, the
 * deadline), the key keeps this change when a second plan can judge the write, so a replay with it
 * settles from the record (any other write's key replays its outcome_unknown, never running it again).
 */
function appliedWrite(state: RequestState, plan: WritePlan, changeId: string): void {
  state.writeApplied = true;
  if (judgeableByPlan(plan)) state.unknownChangeId = changeId;
}

/** How a write recorded `unknown` at the deadline is settled when its own `applied` arrives after. */
function appliedAfterDeadline(state: RequestState, extra: Partial<AuditEntry>) {
  return {
    outcome: 'applied' as const,
    detail: 'Applied after its answer went out at the deadline as outcome_unknown.',
    at: new Date().toISOString(),
    by: state.requestId,
    undo: extra.undo,
  };
}

/** How a write recorded `unknown` at the deadline is settled when it then fails with nothing changed (`failed`). */
function failedAfterDeadline(state: RequestState, detail: string | undefined) {
  return {
    outcome: 'not_applied' as const,
    detail: `Failed after its answer went out at the deadline as outcome_unknown, with nothing changed${detail ? `: ${detail}` : '.'}`,
    at: new Date().toISOString(),
    by: state.requestId,
  };
}

/** The audit record of this request, its change id fixed: one record per request, however often it is put. */
function auditEntry(
  tool: ToolDefinition,
  state: RequestState,
  ctx: ToolContext<unknown>,
  plan: WritePlan,
  outcome: AuditEntry['outcome'],
  detail?: string,
  extra: Partial<AuditEntry> = {},
  changeId?: string,
): AuditEntry {
  const entry = {
    owner_id: ctx.owner.owner_id,
    at: new Date().toISOString(),
    key_id: state.keyId,
    request_id: state.requestId,
    tool: tool.name,
    platform: tool.platform ?? (plan.data as { platform?: AuditEntry['platform'] })?.platform ?? null,
    account_id: state.account?.account_id ?? (plan.data as { account_id?: string })?.account_id,
    arguments: state.args ?? {},
    summary: plan.summary,
    changes: plan.changes,
    budgets: plan.budgets,
    outcome,
    detail,
    ...extra,
  };
  // One record per request: the change id is fixed before the first attempt and the put is
  // conditional, so a retry of the same record never adds a second one.
  return { ...(JSON.parse(JSON.stringify(entry)) as AuditEntry), change_id: changeId ?? newChangeId(new Date(entry.at)) };
}

/**
 * The plan with the before values of its updates replaced by the values the write itself replaced
 * (`replaced`, reported by the sandbox store; the first update of an entity's field in this write
 * counts). `exact`: every updated field's before value came from the write (always false on live
 * accounts, whose adapters report nothing: their before values are the plan's read in the same
 * request, just before the write).
 */
export function withReplacedValues(plan: WritePlan, replaced: readonly ReplacedValues[]): WritePlan & { exact: boolean } {
  const firstBefore = new Map<string, unknown>();
  for (const write of replaced) {
    for (const [field, value] of Object.entries(write.before)) {
      const key = `${write.id}|${field}`;
      if (!firstBefore.has(key)) firstBefore.set(key, value);
    }
  }
  let exact = true;
  const corrected = new Map<string, { planned: unknown; actual: unknown }>();
  const changes = plan.changes.map((change) => {
    if (change.action !== 'update' || !change.id) return change;
    const fields: WritePlan['changes'][number]['fields'] = {};
    for (const [field, fieldChange] of Object.entries(change.fields)) {
      const key = `${change.id}|${field}`;
      if (!firstBefore.has(key)) {
        exact = false;
        fields[field] = fieldChange;
        continue;
      }
      const actual = firstBefore.get(key) === null && fieldChange.before === undefined ? undefined : firstBefore.get(key);
      corrected.set(key, { planned: fieldChange.before, actual });
      fields[field] = { ...fieldChange, before: actual };
    }
    return { ...change, fields };
  });
  const budgets = plan.budgets?.map((budget) => {
    if (!budget.id) return budget;
    for (const [key, { planned, actual }] of corrected) {
      if (key.startsWith(`${budget.id}|`) && planned === budget.before && typeof actual === 'number') return { ...budget, before: actual };
    }
    return budget;
  });
  return { ...plan, changes, budgets, exact };
}

/** The ids a create's answer names (`*_id` values of its structured data) when the plan created something. */
function createdIds(plan: WritePlan, result: ToolResult): string[] | undefined {
  if (!plan.changes.some((c) => c.action === 'create') || !result.structured) return undefined;
  const ids = new Set<string>();
  const visit = (value: unknown, key: string, depth: number) => {
    if (depth > 3) return;
    if (typeof value === 'string' && /(^|_)id$/.test(key) && !/^(customer|ad_account|advertiser|account|profile)_id$/.test(key))
      ids.add(value);
    else if (Array.isArray(value)) value.forEach((item) => visit(item, key, depth + 1));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k, depth + 1);
  };
  visit(result.structured, '', 0);
  return ids.size ? [...ids] : undefined;
}

function withBreaches(result: ToolResult, breaches: GuardrailBreach[]): ToolResult {
  if (!breaches.length) return result;
  return {
    text: `${result.text}\n\n### Guardrails this write would break\n${breaches.map((b) => `- ${b.message}`).join('\n')}`,
    structured: { ...result.structured, guardrails: breaches },
  };
}

function heldResult(toolName: string, plan: WritePlan, breaches: GuardrailBreach[], actionId: string, expires: string): ToolResult {
  const why = breaches.length ? breaches.map((b) => `- ${b.message}`).join('\n') : '- Your account owner holds every write for approval.';
  return {
    text: [
      `## Held for approval: ${plan.summary}`,
      '',
      `Nothing was changed yet. The write is pending as action \`${actionId}\` until ${expires} (48 hours).`,
      '',
      why,
      '',
      'Someone with an approve-scoped key approves or rejects it with manage_action; list_pending_actions shows what waits.',
    ].join('\n'),
    structured: {
      held: true,
      action_id: actionId,
      status: 'pending',
      expires,
      tool: toolName,
      guardrails: breaches,
      plan: publicPlan(plan),
    },
  };
}

/**
 * The context a held write or a revert runs in: the caller's request (owner, deadline, checkpoints,
 * logs) with the platform of `tool` opened for `account`. Used by manage_action and revert_change.
 */
export function contextFor(ctx: ToolContext<unknown>, tool: ToolDefinition, account: ConnectedAccount | undefined): ToolContext<unknown> {
  if (tool.selectsAccount && !account)
    throw new ToolError(`The account of this ${tool.name} write is no longer connected; nothing was changed.`);
  const platform =
    opensPort(tool) && account
      ? ctx.platforms.open(account, { signal: ctx.signal, deadline: ctx.deadline, log: ctx.log, requestKey: ctx.requestKey })
      : undefined;
  return { ...ctx, account: account as ConnectedAccount, platform, createPaused: safetyOf(ctx.owner).create_paused ?? false };
}

/**
 * Whether the entity changed since `held` was planned: each change of the fresh plan must have the
 * same before values as the held one. Returns what differs, in words (empty = unchanged).
 */
export function changedSince(held: WritePlan, fresh: WritePlan): string[] {
  const differences: string[] = [];
  // A create is known by its entity and name: planning it again makes a new id (a monitor, a brief,
  // a research job), which is no change of the entity; the held plan (and its id) is what is applied.
  const key = (c: WritePlan['changes'][number]) =>
    c.action === 'create' ? `create|${c.entity}|${c.name ?? ''}` : `${c.action}|${c.entity}|${c.id ?? c.name ?? ''}`;
  const freshByKey = new Map(fresh.changes.map((c) => [key(c), c]));
  for (const change of held.changes) {
    const now = freshByKey.get(key(change));
    if (!now) {
      differences.push(`${change.entity} ${change.id ?? change.name ?? ''} would no longer be ${change.action}d the same way`);
      continue;
    }
    for (const [field, { before }] of Object.entries(change.fields)) {
      const current = now.fields[field]?.before;
      if (JSON.stringify(current) !== JSON.stringify(before)) {
        differences.push(
          `${change.entity} ${change.id ?? change.name ?? ''}: ${field} was ${JSON.stringify(before)} when planned and is ${JSON.stringify(current)} now`,
        );
      }
    }
  }
  if (held.changes.length && !fresh.changes.length) differences.push('the write would now change nothing');
  return differences;
}

/** Whether the runtime opens a port for `tool`: a platform tool that acts on a selected account. */
function opensPort(tool: ToolDefinition): boolean {
  return tool.platform !== null && tool.selectsAccount;
}
