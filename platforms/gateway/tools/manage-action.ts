import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import {
  alreadyInEffect,
  changedSince,
  judgeUnknownWrite,
  judgeableByPlan,
  undoOf,
  type UnknownWriteVerdict,
} from '../../../functions/runtime/planned-writes';
import type { WritePlan } from '../../../core/plan';
import {
  getAuditEntry,
  getPendingAction,
  heldArguments,
  settleAuditEntry,
  transitionAction,
  type PendingAction,
} from '../../../functions/runtime/stores/audit';
import { finishReservation, refundCall, type HeldUnit } from '../../../functions/runtime/stores/usage';
import { settle } from '../../../functions/runtime/settle';
import { defineGatewayTool, type ToolContext, type UndoCall } from '../../../core/tool';
import { plannedTool, planOnly, recordedContext, toolArguments } from './safety-common';

interface ManageData {
  action_id: string;
  /** Set when resuming an interrupted approval: when that approval started (the transition is conditional on it). */
  interrupted_at?: string;
  /** The interrupted approval's write turned out to be in effect already: only the status is recorded. */
  already_applied?: boolean;
  decision: 'approve' | 'reject';
  tool: string;
  platform: PendingAction['platform'];
  account_id?: string;
  arguments: Record<string, unknown>;
  held_plan: WritePlan;
  /** The call that undoes the held write once applied (the held tool's own undo, on the held account). */
  undo_call?: UndoCall;
}

/** Settling a write whose outcome is unknown (decision `settle`): what planning it again found. */
interface SettleData {
  decision: 'settle';
  change_id: string;
  tool: string;
  verdict: UnknownWriteVerdict;
  undo_call?: UndoCall;
  /** The quota unit the write holds while its outcome is unknown: kept if applied, given back if not. */
  held_unit?: HeldUnit;
}

/**
 * Plans settling change `changeId` (recorded `unknown`): the recorded write is planned again on its
 * account, read-only, and judged (judgeUnknownWrite). Nothing is written here.
 */
async function settlePlan(changeId: string, ctx: ToolContext<unknown>): Promise<WritePlan<SettleData>> {
  const entry = await getAuditEntry(ctx.owner.owner_id, changeId);
  if (!entry)
    throw new ToolError(`No change "${changeId}" in your history. list_change_history with outcome unknown lists the changes to settle.`, {
      code: 'change_not_found',
      change_id: changeId,
    });
  if (entry.outcome !== 'unknown')
    throw new ToolError(
      `Change ${changeId} is ${entry.outcome}, not unknown${entry.settled_at ? ` (settled ${entry.settled_at})` : ''}: only a write whose outcome is unknown is settled.`,
      { code: 'action_not_pending', change_id: changeId, status: entry.outcome },
    );
  if (JSON.stringify(entry.arguments).includes('"[redacted]"'))
    throw new ToolError(
      `Change ${changeId} (${entry.tool}) was made with values the audit trail keeps redacted, so it cannot be planned again from the record. Send the same request again with the same Idempotency-Key to settle it, or check the entity with a read tool.`,
    );
  const tool = plannedTool(ctx, entry.tool);
  const args = toolArguments(tool, entry.arguments);
  // Only a write a second plan can judge is planned again (a create would plan a new entity, or refuse its name as taken).
  const fresh = judgeableByPlan(entry)
    ? await planOnly(tool, args, await recordedContext(ctx, tool, entry.platform, entry.account_id))
    : undefined;
  const verdict = judgeUnknownWrite(entry, fresh);
  const recorded: WritePlan = { summary: entry.summary ?? entry.tool, changes: entry.changes, budgets: entry.budgets, data: fresh?.data };
  const undo = verdict.outcome === 'applied' ? undoOf(tool, recorded, args) : undefined;
  return {
    summary: `Settle change ${changeId} (${entry.summary ?? entry.tool}): ${verdict.outcome === 'unknown' ? 'still unknown' : verdict.outcome.replace('_', ' ')}`,
    changes:
      verdict.outcome === 'unknown'
        ? []
        : [{ action: 'update', entity: 'change', id: changeId, fields: { outcome: { before: 'unknown', after: verdict.outcome } } }],
    notes: [verdict.detail],
    data: {
      decision: 'settle',
      change_id: changeId,
      tool: entry.tool,
      verdict,
      ...(undo ? { undo_call: undo } : {}),
      ...(entry.held_unit ? { held_unit: entry.held_unit } : {}),
    },
  };
}

/**
 * Records what settling found: the change's outcome (once: a concurrent settlement wins or loses
 * whole). The quota unit the write held since it was sent stays used if it was applied, and is given
 * back if it was not (by its token: once, however often this is retried or the answer lost).
 */
async function applySettle(data: SettleData, ctx: ToolContext<unknown>) {
  const { change_id: changeId, verdict } = data;
  const answer = (status: 'applied' | 'not_applied' | 'unknown', text: string) => ({
    text,
    structured: { change_id: changeId, decision: 'settle' as const, status, tool: data.tool, detail: verdict.detail },
  });
  if (verdict.outcome === 'unknown') return answer('unknown', `## Change ${changeId} is still unknown\n\n${verdict.detail}`);
  const won = await settleAuditEntry(ctx.owner.owner_id, changeId, {
    outcome: verdict.outcome,
    detail: verdict.detail,
    at: new Date().toISOString(),
    by: ctx.requestId,
    undo: data.undo_call,
  });
  if (!won) {
    const now = await getAuditEntry(ctx.owner.owner_id, changeId);
    throw new ToolError(
      `Change ${changeId} was settled meanwhile by another request (its outcome is ${now?.outcome ?? 'gone'}); nothing was changed.`,
      {
        code: 'action_not_pending',
        change_id: changeId,
      },
    );
  }
  const held = data.held_unit;
  if (verdict.outcome === 'not_applied') {
    if (held)
      await settle(
        `give back the unit of change ${changeId}`,
        async () => void (await refundCall(ctx.owner.owner_id, data.tool, held)),
        ctx.log,
      );
    return answer(
      'not_applied',
      `## Change ${changeId} was not applied\n\n${verdict.detail} Its call was given back to your quota. Send the write again (a new Idempotency-Key) if it is still wanted.`,
    );
  }
  if (held) finishReservation(ctx.owner.owner_id, held);
  return answer(
    'applied',
    `## Change ${changeId} was applied\n\n${verdict.detail} It is now recorded as applied (revert_change can undo it); it stays counted once in your quota, as it was since it was sent.`,
  );
}

/**
 * An approval still `approving` this long after it started was interrupted (no function runs 15
 * minutes): it may be approved or rejected again, once, instead of staying stuck.
 */
export const INTERRUPTED_APPROVAL_MS = 15 * 60 * 1000;

type Decidable = PendingAction & { expired: boolean; interrupted: boolean };

async function pendingOrRefuse(ownerId: string, actionId: string): Promise<Decidable> {
  const action = await getPendingAction(ownerId, actionId);
  if (!action)
    throw new ToolError(`No held action "${actionId}". list_pending_actions shows the actions waiting for approval.`, {
      code: 'action_not_found',
      action_id: actionId,
    });
  if (action.expired) {
    throw new ToolError(
      `Action ${actionId} expired on ${action.expires} (held actions wait 48 hours); nothing was changed. Send the write again if it is still wanted.`,
      { code: 'action_expired', action_id: actionId },
    );
  }
  const interrupted =
    action.status === 'approving' &&
    action.decided_at !== undefined &&
    Date.now() - Date.parse(action.decided_at) > INTERRUPTED_APPROVAL_MS;
  if (action.status !== 'pending' && !interrupted) {
    throw new ToolError(
      `Action ${actionId} is already ${action.status}${action.decided_by ? ` (by key ${action.decided_by})` : ''}; it runs at most once. list_pending_actions shows what still waits.`,
      {
        code: 'action_not_pending',
        action_id: actionId,
        status: action.status,
      },
    );
  }
  return { ...action, interrupted };
}

export const manageAction = defineGatewayTool({
  name: 'manage_action',
  category: 'monitoring',
  description:
    'Approves or rejects a write held for approval (see list_pending_actions), or settles a write whose outcome is unknown (see list_change_history, outcome unknown). Approving re-checks the entity and applies the held plan exactly once; it is refused when the entity changed since the plan was made or the action expired (48 hours). Settling plans the recorded write again: nothing left to change → applied (revertible; its call stays counted in the quota, once); every field still at its old value → not applied (its call is given back to the quota); anything else stays unknown. Needs an approve-scoped key.',
  access: 'write',
  examples: [{ action_id: '<action_id from list_pending_actions>', decision: 'approve' }],
  approval: true,
  args: {
    action_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^act_[A-Za-z0-9]+$/, 'must be an action id from list_pending_actions (act_...)'),
        v.description('Id of the held action, from list_pending_actions (approve, reject)'),
      ),
    ),
    change_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^chg_\d{13}_[A-Za-z0-9]+$/, 'must be a change id from list_change_history (chg_...)'),
        v.description('Id of a change whose outcome is unknown, from list_change_history (settle)'),
      ),
    ),
    decision: v.pipe(
      v.picklist(['approve', 'reject', 'settle']),
      v.description('approve = apply the held plan; reject = drop it; settle = learn whether the unknown change took effect'),
    ),
    reason: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(500), v.description('Why; required to reject, recorded in the audit trail')),
    ),
  },
  rules: [
    (args) => args.decision === 'reject' && !args.reason && '`reason` is required to reject an action',
    (args) => args.decision !== 'settle' && !args.action_id && '`action_id` is required to approve or reject',
    (args) => args.decision === 'settle' && !args.change_id && '`change_id` is required to settle a change',
    (args) =>
      args.decision !== 'settle' &&
      args.change_id !== undefined &&
      '`change_id` is for decision settle; approve and reject take `action_id`',
    (args) =>
      args.decision === 'settle' && args.action_id !== undefined && '`action_id` is for approve and reject; settle takes `change_id`',
  ],
  output: v.object({
    action_id: v.optional(v.string()),
    change_id: v.optional(v.string()),
    decision: v.picklist(['approve', 'reject', 'settle']),
    status: v.picklist(['applied', 'rejected', 'not_applied', 'unknown']),
    tool: v.string(),
    detail: v.optional(v.string()),
    result: v.optional(v.record(v.string(), v.unknown())),
  }),
  async plan(args, ctx): Promise<WritePlan<ManageData | SettleData>> {
    if (args.decision === 'settle') return settlePlan(args.change_id!, ctx);
    const held = await pendingOrRefuse(ctx.owner.owner_id, args.action_id!);
    // Approving needs the arguments as given (a webhook URL, email addresses: kept encrypted while held).
    const action = args.decision === 'approve' ? { ...held, arguments: await heldArguments(held) } : held;
    const data: ManageData = {
      action_id: action.action_id,
      decision: args.decision,
      tool: action.tool,
      platform: action.platform,
      account_id: action.account_id,
      arguments: action.arguments,
      held_plan: action.plan,
      ...(action.interrupted ? { interrupted_at: action.decided_at } : {}),
      ...(args.decision === 'approve' ? { undo_call: heldUndo(ctx, action) } : {}),
    };
    if (args.decision === 'reject') {
      return {
        summary: `Reject held action ${action.action_id}: ${action.plan.summary}`,
        changes: [
          {
            action: 'update',
            entity: 'pending_action',
            id: action.action_id,
            fields: { status: { before: action.status, after: 'rejected' } },
          },
        ],
        ...(action.interrupted
          ? {
              notes: [
                `An approval started ${action.decided_at} was interrupted; check the entity before sending the write again: it may be in effect.`,
              ],
            }
          : {}),
        data,
      };
    }
    const tool = plannedTool(ctx, action.tool);
    const fresh = await planOnly(tool, action.arguments, await recordedContext(ctx, tool, action.platform, action.account_id));
    if (action.interrupted && action.plan.changes.some((c) => c.action !== 'update')) {
      throw new ToolError(
        `Action ${action.action_id}: its approval started ${action.decided_at} was interrupted, and a create or removal may have been carried out in part. Check the entity with the platform's list tools, then reject this action (manage_action with decision reject) and send what is missing again.`,
        { code: 'action_not_pending', action_id: action.action_id, status: action.status },
      );
    }
    if (action.interrupted && alreadyInEffect(action.plan, fresh)) {
      return {
        summary: `Finish interrupted approval of ${action.action_id}: the write is already in effect`,
        changes: [
          {
            action: 'update',
            entity: 'pending_action',
            id: action.action_id,
            fields: { status: { before: 'approving', after: 'applied' } },
          },
        ],
        data: { ...data, already_applied: true },
      };
    }
    const differences = changedSince(action.plan, fresh);
    if (differences.length) {
      // A concurrent approval may have applied it while this one planned: that is "already applied", not a change.
      await pendingOrRefuse(ctx.owner.owner_id, action.action_id);
      throw new ToolError(
        `Action ${action.action_id} was not approved: the entity changed since the plan was made (${differences.join('; ')}). Nothing was changed. Reject it (manage_action with decision reject) and send the write again.`,
        { code: 'entity_changed', action_id: action.action_id, differences },
      );
    }
    return {
      summary: `Approve held action ${action.action_id}: ${action.plan.summary}`,
      changes: action.plan.changes,
      budgets: action.plan.budgets,
      notes: action.plan.notes,
      data,
    };
  },
  async apply(plan, args, ctx) {
    if (plan.data.decision === 'settle') return applySettle(plan.data, ctx);
    const data = plan.data;
    const decided = { decided_at: new Date().toISOString(), decided_by: ctx.keyId, reason: args.reason };
    // Resuming an interrupted approval is the same one conditional transition, on the interrupted approval's start.
    const from = data.interrupted_at ? 'approving' : 'pending';
    const transition = (to: PendingAction['status'], fields: Parameters<typeof transitionAction>[4]) =>
      transitionAction(ctx.owner.owner_id, data.action_id, from, to, fields, new Date(), data.interrupted_at);
    if (data.decision === 'reject') {
      if (!(await transition('rejected', decided))) await pendingOrRefuse(ctx.owner.owner_id, data.action_id);
      return {
        text: `## Rejected action ${data.action_id}\n\n${data.held_plan.summary}: nothing was changed. Reason: ${args.reason}`,
        structured: { action_id: data.action_id, decision: 'reject', status: 'rejected', tool: data.tool },
      };
    }
    if (data.already_applied) {
      if (!(await transition('applied', { ...decided, result_text: 'Interrupted approval finished: the write was found in effect.' })))
        await pendingOrRefuse(ctx.owner.owner_id, data.action_id);
      return {
        text: `## Approved action ${data.action_id}\n\nAn earlier approval was interrupted after the write took effect: ${data.held_plan.summary}. It is now recorded as applied; nothing was changed again.`,
        structured: { action_id: data.action_id, decision: 'approve', status: 'applied', tool: data.tool },
      };
    }
    // The one conditional transition pending → approving: of concurrent approvals exactly one wins.
    if (!(await transition('approving', decided))) {
      await pendingOrRefuse(ctx.owner.owner_id, data.action_id);
      throw new ToolError(`Action ${data.action_id} could not be approved; list_pending_actions shows its status.`);
    }
    const tool = plannedTool(ctx, data.tool);
    let result;
    try {
      result = await tool.apply!(data.held_plan, data.arguments, await recordedContext(ctx, tool, data.platform, data.account_id));
    } catch (err) {
      await transitionAction(ctx.owner.owner_id, data.action_id, 'approving', 'failed', {
        result_text: (err as Error).message.slice(0, 1000),
      });
      throw err;
    }
    await transitionAction(ctx.owner.owner_id, data.action_id, 'approving', 'applied', { result_text: result.text.slice(0, 1000) });
    return {
      text: `## Approved action ${data.action_id}\n\n${result.text}`,
      structured: {
        action_id: data.action_id,
        decision: 'approve',
        status: 'applied',
        tool: data.tool,
        ...(result.structured ? { result: result.structured } : {}),
      },
    };
  },
  /** An approved write is undone by the held tool's own undo, on the held account (worked out when planned). */
  undo(plan) {
    return plan.data.decision === 'approve' ? plan.data.undo_call : undefined;
  },
});

/** The call that would undo a held write once applied: the held tool's own undo, on the held account. */
function heldUndo(ctx: ToolContext<unknown>, action: Decidable): UndoCall | undefined {
  if (!action.platform) return undefined;
  const call = ctx.platforms.tool(action.tool)?.undo?.(action.plan, action.arguments);
  if (!call) return undefined;
  return {
    tool: call.tool,
    arguments: { ...call.arguments, [ctx.platforms.manifest(action.platform).account.parameter]: action.account_id },
  };
}
