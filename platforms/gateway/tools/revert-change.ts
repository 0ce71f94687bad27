import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange, WritePlan } from '../../../core/plan';
import { claimRevert, getAuditEntry, releaseRevert, type AuditEntry } from '../../../functions/runtime/stores/audit';
import { defineGatewayTool } from '../../../core/tool';
import { plannedTool, planOnly, recordedContext, toolArguments } from './safety-common';

interface RevertData {
  change_id: string;
  tool: string;
  platform: AuditEntry['platform'];
  account_id?: string;
  arguments: Record<string, unknown>;
  undo_plan: WritePlan;
}

/** Fields of the recorded change whose value is no longer what the change set (the entity changed again since). */
function changedAgain(recorded: PlannedChange[], undoPlan: WritePlan): string[] {
  const differences: string[] = [];
  for (const change of recorded) {
    if (change.action !== 'update' || !change.id) continue;
    const undo = undoPlan.changes.find((c) => c.entity === change.entity && c.id === change.id);
    for (const [field, { after }] of Object.entries(change.fields)) {
      const now = undo?.fields[field];
      if (now && JSON.stringify(now.before) !== JSON.stringify(after)) {
        differences.push(
          `${change.entity} ${change.id}: ${field} is ${JSON.stringify(now.before)} now, not ${JSON.stringify(after)} as the change left it`,
        );
      }
    }
  }
  return differences;
}

export const revertChange = defineGatewayTool({
  name: 'revert_change',
  category: 'audit',
  description:
    'Reverts an applied change from list_change_history: restores the before value of each field it changed (a created entity is paused or archived). Refused when the entity changed again since, when the change was already reverted, when its outcome is unknown until it is settled (manage_action decision settle), or when it cannot be undone (a final removal). The revert is itself a write: dry_run previews it, guardrails apply, and it is audited.',
  access: 'write',
  examples: [{ change_id: '<change_id from list_change_history>' }],
  args: {
    change_id: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^chg_\d{13}_[A-Za-z0-9]+$/, 'must be a change id from list_change_history (chg_...)'),
      v.description('Id of the applied change, from list_change_history'),
    ),
  },
  output: v.object({ change_id: v.string(), reverted_with: v.string(), result: v.optional(v.record(v.string(), v.unknown())) }),
  async plan(args, ctx) {
    const entry = await getAuditEntry(ctx.owner.owner_id, args.change_id);
    if (!entry)
      throw new ToolError(`No change "${args.change_id}" in your history. list_change_history lists the change ids.`, {
        code: 'change_not_found',
        change_id: args.change_id,
      });
    if (entry.outcome === 'unknown')
      throw new ToolError(
        `Change ${args.change_id} cannot be reverted yet: its outcome is unknown (its answer was lost), so it may or may not have been applied. Settle it first: send the same request again with the same Idempotency-Key, or call manage_action with decision settle and this change_id; once it is settled as applied it can be reverted.`,
        { code: 'not_revertible', outcome: 'unknown' },
      );
    if (entry.outcome !== 'applied')
      throw new ToolError(`Change ${args.change_id} was not applied (its outcome is ${entry.outcome}); there is nothing to revert.`, {
        code: 'not_revertible',
      });
    if (entry.reverted_by)
      throw new ToolError(`Change ${args.change_id} was already reverted (${entry.reverted_by}); a change is reverted once.`, {
        code: 'already_reverted',
        reverted_by: entry.reverted_by,
      });
    if (!entry.undo)
      throw new ToolError(
        `Change ${args.change_id} (${entry.tool}) cannot be undone: it removed or archived something for good, or changed nothing.`,
        { code: 'not_revertible' },
      );
    const tool = plannedTool(ctx, entry.undo.tool);
    const toolArgs = toolArguments(tool, entry.undo.arguments);
    const accountId = entry.account_id ?? (tool.platform ? String(entry.undo.arguments[tool.accountParameters[0] ?? ''] ?? '') : undefined);
    const undoPlan = await planOnly(tool, toolArgs, await recordedContext(ctx, tool, tool.platform, accountId));
    const differences = changedAgain(entry.changes, undoPlan);
    if (differences.length) {
      throw new ToolError(
        `Change ${args.change_id} was not reverted: the entity changed again since (${differences.join('; ')}). Nothing was changed.`,
        { code: 'entity_changed', differences },
      );
    }
    const data: RevertData = {
      change_id: entry.change_id,
      tool: tool.name,
      platform: tool.platform,
      account_id: accountId,
      arguments: toolArgs,
      undo_plan: undoPlan,
    };
    return { ...undoPlan, summary: `Revert ${entry.change_id} (${entry.summary ?? entry.tool}): ${undoPlan.summary}`, data };
  },
  async apply(plan, _args, ctx) {
    const data = plan.data;
    // One revert per change: the claim is conditional, so a retry or a concurrent revert is refused.
    if (!(await claimRevert(ctx.owner.owner_id, data.change_id, ctx.requestId))) {
      throw new ToolError(`Change ${data.change_id} was already reverted; a change is reverted once.`, { code: 'already_reverted' });
    }
    const tool = plannedTool(ctx, data.tool);
    let result;
    try {
      result = await tool.apply!(data.undo_plan, data.arguments, await recordedContext(ctx, tool, data.platform, data.account_id));
    } catch (err) {
      await releaseRevert(ctx.owner.owner_id, data.change_id, ctx.requestId);
      throw err;
    }
    return {
      text: `## Reverted ${data.change_id}\n\n${result.text}`,
      structured: { change_id: data.change_id, reverted_with: data.tool, ...(result.structured ? { result: result.structured } : {}) },
    };
  },
});
