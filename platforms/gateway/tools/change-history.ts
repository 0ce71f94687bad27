import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { PLATFORM_WORDS } from '../../../core/platforms';
import { listAuditEntries } from '../../../functions/runtime/stores/audit';
import { defineGatewayTool } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';
import { fieldLines, fieldLinesCell, fieldLineOutput } from '../../../core/plan';

const OUTCOMES = ['applied', 'failed', 'unknown', 'not_applied', 'dry_run', 'blocked', 'held', 'refused'] as const;
const time = (what: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, 'must be a date (YYYY-MM-DD) or an ISO time'),
      v.description(what),
    ),
  );

const entrySchema = v.object({
  change_id: v.string(),
  at: v.string(),
  key_id: v.optional(v.string()),
  request_id: v.string(),
  tool: v.string(),
  platform: v.nullable(v.string()),
  account_id: v.optional(v.string()),
  arguments: v.record(v.string(), v.unknown()),
  summary: v.optional(v.string()),
  changes: v.array(v.record(v.string(), v.unknown())),
  budgets: v.optional(v.array(v.record(v.string(), v.unknown()))),
  /** Every field the write set, before → after (a daily budget with its currency). */
  before_after: v.array(fieldLineOutput),
  outcome: v.picklist(OUTCOMES),
  detail: v.optional(v.string()),
  created_ids: v.optional(v.array(v.string())),
  undo: v.optional(v.object({ tool: v.string(), arguments: v.record(v.string(), v.unknown()) })),
  reverted_by: v.optional(v.string()),
  action_id: v.optional(v.string()),
  before_from: v.optional(v.picklist(['plan'])),
  settled_at: v.optional(v.string()),
  settled_by: v.optional(v.string()),
  /** An unknown write that carried the platform's own idempotency key: a replay under the same Idempotency-Key sends it again safely. */
  resendable: v.optional(v.boolean()),
});

export const listChangeHistory = defineGatewayTool({
  name: 'list_change_history',
  category: 'audit',
  description:
    'Lists the audit trail of your writes, newest first: when, which key (its id), tool, account, the plan (each field before → after), the outcome (applied, failed, unknown: the write may have happened until it is settled, not_applied: an unknown one settled as not in effect, dry_run, blocked, held, refused approvals) and ids created. Filter by platform, account, tool, entity and time. revert_change restores an applied change.',
  access: 'read',
  args: {
    platform: v.optional(v.pipe(v.picklist(PLATFORM_WORDS), v.description('Only this platform'))),
    account_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Only this account'))),
    tool: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Only this tool'))),
    entity: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1),
        v.description('Only changes of this entity: its id, or an entity type such as campaign or ad_group'),
      ),
    ),
    outcome: v.optional(v.pipe(v.picklist(OUTCOMES), v.description('Only this outcome'))),
    since: time('From this date or time (UTC)'),
    until: time('Up to this date or time (UTC); a date includes the whole day'),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200), v.description('At most this many entries (1-200, default 50)')),
      50,
    ),
  },
  rules: [(args) => args.since !== undefined && args.until !== undefined && args.since > args.until && '`since` must not be after `until`'],
  output: v.object({ entries: v.array(entrySchema), count: v.number() }),
  async run(args, ctx) {
    const until = args.until && args.until.length === 10 ? `${args.until}T23:59:59.999Z` : args.until;
    if (args.since && !Number.isFinite(Date.parse(args.since))) throw new ToolError('`since` is not a valid date.');
    if (until && !Number.isFinite(Date.parse(until))) throw new ToolError('`until` is not a valid date.');
    const entries = await listAuditEntries(ctx.owner.owner_id, {
      since: args.since,
      until,
      limit: args.limit,
      filter: (e) =>
        (!args.platform || e.platform === args.platform) &&
        (!args.account_id || e.account_id === args.account_id) &&
        (!args.tool || e.tool === args.tool) &&
        (!args.outcome || e.outcome === args.outcome) &&
        (!args.entity ||
          e.changes.some((c) => c.id === args.entity || c.entity === args.entity) ||
          (e.created_ids ?? []).includes(args.entity)),
    });
    const rows = entries.map((e) => [
      e.change_id,
      e.at.slice(0, 19).replace('T', ' '),
      e.key_id ?? '',
      e.tool,
      e.account_id ?? '',
      e.summary ?? '',
      fieldLinesCell(fieldLines(e)),
      e.outcome + (e.settled_at ? ' (settled)' : '') + (e.reverted_by ? ` (reverted by ${e.reverted_by})` : ''),
    ]);
    const text = [
      `## Change history (${entries.length})`,
      '',
      rows.length
        ? markdownTable(['Change', 'When (UTC)', 'Key', 'Tool', 'Account', 'What', 'Before → after', 'Outcome'], rows)
        : 'No changes match.',
      '',
      entries.some((e) => e.outcome === 'applied' && e.undo && !e.reverted_by)
        ? 'revert_change with a change id restores the before values of an applied change.'
        : '',
      entries.some((e) => e.outcome === 'unknown')
        ? 'An unknown change may or may not have taken effect: send the same request again with the same Idempotency-Key, or manage_action with decision settle and its change id, to settle it.'
        : '',
    ]
      .join('\n')
      .trim();
    // The owner is the caller: its id is not repeated in every entry; a held quota unit is the gateway's own bookkeeping.
    const shown = entries.map(({ owner_id: _owner, held_unit: _held, ...entry }) => ({ ...entry, before_after: fieldLines(entry) }));
    return { text, structured: { entries: shown as unknown as v.InferOutput<typeof entrySchema>[], count: entries.length } };
  },
});
