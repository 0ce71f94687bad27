import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { changedSince } from '../../../functions/runtime/planned-writes';
import type { WritePlan } from '../../../core/plan';
import { getPendingAction, heldArguments, transitionAction, type PendingAction } from '../../../functions/runtime/stores/audit';
import { defineGatewayTool, type ToolContext, type UndoCall } from '../../../core/tool';
import { plannedTool, planOnly, recordedContext } from './safety-common';

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

/** Whether a held update is already in effect: the fresh plan finds nothing left to change, or finds each field at its planned value. */
function alreadyInEffect(held: WritePlan, fresh: WritePlan): boolean {
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

export const manageAction = defineGatewayTool({
  name: 'manage_action',
  category: 'monitoring',
  description:
    'Approves or rejects a write held for approval (see list_pending_actions). Approving re-checks the entity and applies the held plan exactly once; it is refused when the entity changed since the plan was made or the action expired (48 hours). Needs an approve-scoped key.',
  access: 'write',
  examples: [{ action_id: '<action_id from list_pending_actions>', decision: 'approve' }],
  approval: true,
  args: {
    action_id: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^act_[A-Za-z0-9]+$/, 'must be an action id from list_pending_actions (act_...)'),
      v.description('Id of the held action, from list_pending_actions'),
    ),
    decision: v.pipe(v.picklist(['approve', 'reject']), v.description('approve = apply the held plan; reject = drop it')),
    reason: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(500), v.description('Why; required to reject, recorded in the audit trail')),
    ),
  },
  rules: [(args) => args.decision === 'reject' && !args.reason && '`reason` is required to reject an action'],
  output: v.object({
    action_id: v.string(),
    decision: v.picklist(['approve', 'reject']),
    status: v.picklist(['applied', 'rejected']),
    tool: v.string(),
    result: v.optional(v.record(v.string(), v.unknown())),
  }),
  async plan(args, ctx) {
    const held = await pendingOrRefuse(ctx.owner.owner_id, args.action_id);
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
