import { ToolError } from '../../../core/errors';
import { contextFor } from '../../../functions/runtime/planned-writes';
import type { WritePlan } from '../../../core/plan';
import type { PlatformWord } from '../../../core/platforms';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import type { ToolContext, ToolDefinition } from '../../../core/tool';
import { validateToolArguments } from '../../../functions/runtime/validation';
import { DRY_RUN_ARGUMENT } from '../../../core/tool';

/**
 * What manage_action, revert_change and the watch share: finding a planned write tool of any
 * platform (among the tools of this function, `ctx.platforms`), opening it on the recorded account,
 * and planning it read-only.
 */
export function plannedTool(ctx: Pick<ToolContext<unknown>, 'platforms'>, name: string): ToolDefinition {
  const tool = ctx.platforms.tool(name);
  if (!tool?.plan || !tool.apply)
    throw new ToolError(`The tool ${name} is not a planned write tool of this gateway any more; nothing was changed.`);
  return tool;
}

/** The tool's context on the recorded account (which must still be connected). */
export async function recordedContext(
  ctx: ToolContext<unknown>,
  tool: ToolDefinition,
  platform: PlatformWord | null,
  accountId: string | undefined,
): Promise<ToolContext<unknown>> {
  const account =
    platform && accountId ? (await listConnectedAccounts(ctx.owner.owner_id, platform)).find((a) => a.account_id === accountId) : undefined;
  if (tool.selectsAccount && !account)
    throw new ToolError(
      `The ${platform} account ${accountId} is no longer connected; nothing was changed. list_connected_accounts shows your accounts.`,
    );
  return contextFor(ctx, tool, account);
}

/** Plans `tool` with `args` read-only (no checkpoints). */
export function planOnly(tool: ToolDefinition, args: Record<string, unknown>, ctx: ToolContext<unknown>): Promise<WritePlan> {
  return tool.plan!(args, { ...ctx, step: () => Promise.reject(new Error(`${tool.name}: a plan only reads`)) });
}

/** Arguments of a recorded call as the tool receives them: validated, without account parameters and dry_run. */
export function toolArguments(tool: ToolDefinition, args: Record<string, unknown>): Record<string, unknown> {
  const parsed = { ...validateToolArguments(tool, args) };
  for (const name of tool.accountParameters) delete parsed[name];
  delete parsed[DRY_RUN_ARGUMENT];
  return parsed;
}

/** valibot schema of a plan as shown to callers (plan.ts dryRunOutput without its dry-run fields). */
export { dryRunOutput } from '../../../core/plan';
