import * as v from 'valibot';
import { ToolError } from '../../../functions/runtime/errors';
import { changedSince } from '../../../functions/runtime/planned-writes';
import type { WritePlan } from '../../../functions/runtime/plan';
import { ACCOUNT_PARAMETERS } from '../../../functions/runtime/platforms';
import { getPendingAction, transitionAction, type PendingAction } from '../../../functions/runtime/stores/audit';
import { defineGatewayTool } from '../../../functions/runtime/tool';
import { loadRegistry, plannedTool, planOnly, recordedContext } from './safety-common';

interface ManageData {
  action_id: string;
  decision: 'approve' | 'reject';
  tool: string;
  platform: PendingAction['platform'];
  account_id?: string;
  arguments: Record<string, unknown>;
  held_plan: WritePlan;
}

async function pendingOrRefuse(ownerId: string, actionId: string) {
  const action = await getPendingAction(ownerId, actionId);
  if (!action) throw new ToolError(`No held action "${actionId}". list_pending_actions shows the actions waiting for approval.`, { code: 'action_not_found', action_id: actionId });
  if (action.expired) {
    throw new ToolError(`Action ${actionId} expired on ${action.expires} (held actions wait 48 hours); nothing was changed. Send the write again if it is still wanted.`, { code: 'action_expired', action_id: actionId });
  }
  if (action.status !== 'pending') {
    throw new ToolError(`Action ${actionId} is already ${action.status}${action.decided_by ? ` (by key ${action.decided_by})` : ''}; it runs at most once. list_pending_actions shows what still waits.`, {
      code: 'action_not_pending',
      action_id: actionId,
      status: action.status,
    });
  }
  return action;
}

export const manageAction = defineGatewayTool({
  name: 'manage_action',
  description:
    'Approves or rejects a write held for approval (see list_pending_actions). Approving re-checks the entity and applies the held plan exactly once; it is refused when the entity changed since the plan was made or the action expired (48 hours). Needs an approve-scoped key.',
  access: 'write',
  approval: true,
  args: {
    action_id: v.pipe(v.string(), v.trim(), v.regex(/^act_[A-Za-z0-9]+$/, 'must be an action id from list_pending_actions (act_...)'), v.description('Id of the held action, from list_pending_actions')),
    decision: v.pipe(v.picklist(['approve', 'reject']), v.description('approve = apply the held plan; reject = drop it')),
    reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500), v.description('Why; required to reject, recorded in the audit trail'))),
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
    const action = await pendingOrRefuse(ctx.owner.owner_id, args.action_id);
    const data: ManageData = { action_id: action.action_id, decision: args.decision, tool: action.tool, platform: action.platform, account_id: action.account_id, arguments: action.arguments, held_plan: action.plan };
    if (args.decision === 'reject') {
      return {
        summary: `Reject held action ${action.action_id}: ${action.plan.summary}`,
        changes: [{ action: 'update', entity: 'pending_action', id: action.action_id, fields: { status: { before: 'pending', after: 'rejected' } } }],
        data,
      };
    }
    await loadRegistry();
    const tool = plannedTool(action.tool);
    const fresh = await planOnly(tool, action.arguments, await recordedContext(ctx, tool, action.platform, action.account_id));
    const differences = changedSince(action.plan, fresh);
    if (differences.length) {
      throw new ToolError(
        `Action ${action.action_id} was not approved: the entity changed since the plan was made (${differences.join('; ')}). Nothing was changed. Reject it (manage_action with decision reject) and send the write again.`,
        { code: 'entity_changed', action_id: action.action_id, differences },
      );
    }
    return { summary: `Approve held action ${action.action_id}: ${action.plan.summary}`, changes: action.plan.changes, budgets: action.plan.budgets, notes: action.plan.notes, data };
  },
  async apply(plan, args, ctx) {
    const data = plan.data;
    const decided = { decided_at: new Date().toISOString(), decided_by: ctx.keyId, reason: args.reason };
    if (data.decision === 'reject') {
      if (!(await transitionAction(ctx.owner.owner_id, data.action_id, 'pending', 'rejected', decided))) await pendingOrRefuse(ctx.owner.owner_id, data.action_id);
      return {
        text: `## Rejected action ${data.action_id}\n\n${data.held_plan.summary}: nothing was changed. Reason: ${args.reason}`,
        structured: { action_id: data.action_id, decision: 'reject', status: 'rejected', tool: data.tool },
      };
    }
    // The one conditional transition pending → approving: of concurrent approvals exactly one wins.
    if (!(await transitionAction(ctx.owner.owner_id, data.action_id, 'pending', 'approving', decided))) {
      await pendingOrRefuse(ctx.owner.owner_id, data.action_id);
      throw new ToolError(`Action ${data.action_id} could not be approved; list_pending_actions shows its status.`);
    }
    const tool = plannedTool(data.tool);
    let result;
    try {
      result = await tool.apply!(data.held_plan, data.arguments, await recordedContext(ctx, tool, data.platform, data.account_id));
    } catch (err) {
      await transitionAction(ctx.owner.owner_id, data.action_id, 'approving', 'failed', { result_text: (err as Error).message.slice(0, 1000) });
      throw err;
    }
    await transitionAction(ctx.owner.owner_id, data.action_id, 'approving', 'applied', { result_text: result.text.slice(0, 1000) });
    return {
      text: `## Approved action ${data.action_id}\n\n${result.text}`,
      structured: { action_id: data.action_id, decision: 'approve', status: 'applied', tool: data.tool, ...(result.structured ? { result: result.structured } : {}) },
    };
  },
  /** An approved write is undone by the held tool's own undo, on the held account. */
  undo(plan) {
    const data = plan.data;
    if (data.decision !== 'approve' || !data.platform) return undefined;
    const call = plannedTool(data.tool).undo?.(data.held_plan, data.arguments);
    if (!call) return undefined;
    return { tool: call.tool, arguments: { ...call.arguments, [ACCOUNT_PARAMETERS[data.platform].parameter]: data.account_id } };
  },
});
