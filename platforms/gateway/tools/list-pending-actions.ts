import * as v from 'valibot';
import { listPendingActions } from '../../../functions/runtime/stores/audit';
import { defineGatewayTool } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';
import { fieldLines, fieldLinesCell, fieldLineOutput } from '../../../core/plan';

const STATUSES = ['pending', 'approving', 'applied', 'failed', 'rejected', 'expired'] as const;

export const listPendingActionsTool = defineGatewayTool({
  name: 'list_pending_actions',
  category: 'monitoring',
  description:
    'Lists writes held for approval (a write that broke a guardrail while approvals are on, or every write when the owner holds all): what each would change, why it is held, and until when it can be approved. Approve or reject with manage_action.',
  access: 'read',
  args: {
    status: v.optional(
      v.pipe(v.picklist(STATUSES), v.description('Which actions: pending (default), approving, applied, failed, rejected or expired')),
      'pending',
    ),
  },
  output: v.object({
    status: v.picklist(STATUSES),
    actions: v.array(
      v.object({
        action_id: v.string(),
        status: v.picklist(STATUSES),
        tool: v.string(),
        platform: v.nullable(v.string()),
        account_id: v.optional(v.string()),
        summary: v.string(),
        reasons: v.array(v.string()),
        created_at: v.string(),
        expires: v.string(),
        key_id: v.optional(v.string()),
        decided_by: v.optional(v.string()),
        reason: v.optional(v.string()),
        changes: v.array(v.record(v.string(), v.unknown())),
        /** Every field the held write sets, before → after (a daily budget with its currency). */
        before_after: v.array(fieldLineOutput),
      }),
    ),
  }),
  async run(args, ctx) {
    const actions = (await listPendingActions(ctx.owner.owner_id, args.status)).map((a) => ({
      action_id: a.action_id,
      status: a.expired ? ('expired' as const) : a.status,
      tool: a.tool,
      platform: a.platform,
      ...(a.account_id ? { account_id: a.account_id } : {}),
      summary: a.plan.summary,
      reasons: a.reasons,
      created_at: a.created_at,
      expires: a.expires,
      ...(a.key_id ? { key_id: a.key_id } : {}),
      ...(a.decided_by ? { decided_by: a.decided_by } : {}),
      ...(a.reason ? { reason: a.reason } : {}),
      changes: a.plan.changes as unknown as Record<string, unknown>[],
      before_after: fieldLines(a.plan),
    }));
    const text = [
      `## Held actions: ${args.status} (${actions.length})`,
      '',
      actions.length
        ? markdownTable(
            ['Action', 'Tool', 'Account', 'What', 'Before → after', 'Why held', 'Expires'],
            actions.map((a) => [
              a.action_id,
              a.tool,
              a.account_id ?? '',
              a.summary,
              fieldLinesCell(a.before_after),
              a.reasons.join(' ') || 'every write is held',
              a.expires,
            ]),
          )
        : `No ${args.status} actions.`,
      '',
      args.status === 'pending' && actions.length ? 'Approve or reject each with manage_action (an approve-scoped key).' : '',
    ]
      .join('\n')
      .trim();
    return { text, structured: { status: args.status, actions } };
  },
});
