/**
 * chatads custom audiences and their member operations. Members are added or removed inline (up to
 * 10,000 {identifier_type, identifier}) or from a file uploaded to the platform (file_id); replace
 * takes the entire membership from a file; merge builds a new audience from 2-64 audiences. Every
 * member change is an operation that processes asynchronously (processing → succeeded / failed) and
 * can be paused, resumed and cancelled (a cancelled operation is reported failed). Archiving an
 * audience is permanent: it is never targetable, changed or merged again.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolContext } from '../../../core/tool';
import { count, markdownTable } from '../../../core/markdown';
import { defineChatAdsTool } from '../define';
import {
  IDENTIFIER_TYPES,
  MIN_READY_AUDIENCE_USERS,
  type ChatAdsAudienceMember,
  type ChatAdsAudienceOperation,
  type ChatAdsCustomAudience,
  type ChatAdsPort,
} from '../port';
import { MIN_AUDIENCE_USERS } from './ad-groups';
import { audienceIdArg, operationIdArg, statusFilterArg } from './common';

/** Documented request examples of the tools this file builds (ToolSpec.examples; <…> marks an id to take from the tool named). */
const EXAMPLES: Record<string, Record<string, unknown>[]> = {
  add_chatads_custom_audience_members: [
    {
      custom_audience_id: '<custom_audience_id from list_chatads_custom_audiences>',
      members: [{ identifier_type: 'email', identifier: 'example@example.com' }],
    },
  ],
  remove_chatads_custom_audience_members: [
    {
      custom_audience_id: '<custom_audience_id from list_chatads_custom_audiences>',
      members: [{ identifier_type: 'phone', identifier: '+15551230000' }],
    },
  ],
  pause_chatads_custom_audience_operation: [{ operation_id: '<operation_id from list_chatads_custom_audience_operations>' }],
  resume_chatads_custom_audience_operation: [{ operation_id: '<operation_id from list_chatads_custom_audience_operations>' }],
  cancel_chatads_custom_audience_operation: [{ operation_id: '<operation_id from list_chatads_custom_audience_operations>' }],
};

/** Most identifiers one inline call takes; larger lists go in a file (file_id). */
export const MAX_INLINE_MEMBERS = 10_000;

const FORMATS: Record<(typeof IDENTIFIER_TYPES)[number], [RegExp, string]> = {
  email: [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an email address'],
  phone: [/^\+[1-9]\d{6,14}$/, 'a phone number in E.164 form (+ and country code, e.g. +15551234567)'],
  hashed_email: [/^[a-f0-9]{64}$/, 'a lowercase hex SHA-256 hash (64 characters) of a normalised email'],
  hashed_phone: [/^[a-f0-9]{64}$/, 'a lowercase hex SHA-256 hash (64 characters) of an E.164 phone number'],
  device_advertising_id: [
    /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    'a device advertising id (UUID, e.g. 6D92078A-8246-4BA4-AE5B-76104861E7DC)',
  ],
};

const member = v.strictObject({
  identifier_type: v.pipe(v.picklist(IDENTIFIER_TYPES), v.description(`${IDENTIFIER_TYPES.join(', ')}`)),
  identifier: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(320),
    v.description('The identifier in the form of its type'),
  ),
});
const membersArg = v.optional(
  v.pipe(
    v.array(member),
    v.minLength(1, 'must list at least one member'),
    v.maxLength(
      MAX_INLINE_MEMBERS,
      `must list at most ${MAX_INLINE_MEMBERS.toLocaleString('en-US')} members inline; upload larger lists as a file and pass file_id`,
    ),
    v.description(
      `Inline members, up to ${MAX_INLINE_MEMBERS.toLocaleString('en-US')} objects {identifier_type, identifier}; identifier types: email, phone (E.164), hashed_email / hashed_phone (SHA-256 hex), device_advertising_id (UUID). Not with file_id`,
    ),
  ),
);
const fileIdArg = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^file_[A-Za-z0-9]+$/, 'must be a file id starting with file_'),
  v.description('A CSV of identifiers uploaded to the platform (file_...)'),
);

/** Problems of inline members: each identifier must have its type's form (reported by position, at most 10). */
function memberProblems(members: ChatAdsAudienceMember[] | undefined): string[] {
  const problems: string[] = [];
  for (const [i, m] of (members ?? []).entries()) {
    const [format, words] = FORMATS[m.identifier_type];
    const value = m.identifier_type === 'email' ? m.identifier.toLowerCase() : m.identifier;
    if (!format.test(value)) problems.push(`\`members[${i}].identifier\` is not ${words}`);
    if (problems.length === 10) break;
  }
  return problems;
}

const oneSource = (a: { members?: unknown[]; file_id?: string }) =>
  a.members && a.file_id
    ? 'give either `members` (inline) or `file_id`, not both'
    : !a.members && !a.file_id
      ? 'give `members` (inline, up to 10,000) or `file_id`'
      : undefined;

const operationSchema = v.object({
  id: v.string(),
  custom_audience_id: v.string(),
  type: v.string(),
  status: v.picklist(['processing', 'paused', 'succeeded', 'failed']),
  submitted_identifiers: v.number(),
  matched_identifiers: v.optional(v.number()),
  source: v.string(),
  file_id: v.optional(v.string()),
  source_audience_ids: v.optional(v.array(v.string())),
  error: v.optional(v.string()),
  created_at: v.string(),
  completed_at: v.optional(v.string()),
});
const audienceSchema = v.object({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.string()),
  status: v.picklist(['processing', 'ready', 'too_small', 'failed']),
  archived: v.boolean(),
  matched_users: v.number(),
  uploaded_identifiers: v.number(),
  created_at: v.string(),
});

/** An audience that can still change: exists and is not archived. */
async function liveAudience(ctx: ToolContext<ChatAdsPort>, id: string): Promise<ChatAdsCustomAudience> {
  const audience = await ctx.platform.getCustomAudience(id);
  if (audience.archived)
    throw new ToolError(
      `Custom audience "${audience.name}" (${audience.id}) is archived; archived audiences are permanent and can never be changed, merged or targeted again. Create a new one with create_chatads_custom_audience.`,
      { code: 'archived' },
    );
  return audience;
}

const operationLine = (op: ChatAdsAudienceOperation) =>
  `Operation ${op.id} is **${op.status}**${op.error ? ` (${op.error})` : ''}: follow it with get_chatads_custom_audience_operation; pause or cancel it while it processes (pause_chatads_custom_audience_operation, cancel_chatads_custom_audience_operation).`;

// --- reads ---

export const listChatAdsCustomAudiences = defineChatAdsTool({
  name: 'list_chatads_custom_audiences',
  description:
    'Lists chatads custom audiences with status (processing, ready, too_small, failed), matched users and whether each can carry an ad group bid multiplier (ready with about 25k+ matched users). Archived audiences are listed only with include_archived.',
  access: 'read',
  args: {
    status_filter: statusFilterArg(['processing', 'ready', 'too_small', 'failed'] as const),
    include_archived: v.optional(
      v.pipe(v.boolean(), v.description('Also list archived audiences (never targetable again); default false')),
      false,
    ),
  },
  output: v.object({
    custom_audiences: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        matched_users: v.number(),
        uploaded_identifiers: v.number(),
        created_at: v.string(),
        usable_for_bid_multiplier: v.boolean(),
        archived: v.boolean(),
        description: v.optional(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const audiences = (await ctx.platform.listCustomAudiences())
      .filter((a) => (!args.status_filter || args.status_filter.includes(a.status)) && (args.include_archived || !a.archived))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    const rows = audiences.map((a) => ({
      ...a,
      usable_for_bid_multiplier: !a.archived && a.status === 'ready' && a.matched_users >= MIN_AUDIENCE_USERS,
    }));
    const text = [
      `## Custom audiences (${rows.length})`,
      '',
      rows.length
        ? markdownTable(
            ['Audience', 'Id', 'Status', 'Matched users', 'Uploaded', 'Bid multiplier'],
            rows.map((a) => [
              a.name,
              a.id,
              a.archived ? `${a.status} (archived)` : a.status,
              count(a.matched_users),
              count(a.uploaded_identifiers),
              a.usable_for_bid_multiplier ? 'yes' : 'no',
            ]),
          )
        : 'No custom audiences match.',
      '',
      `Bid multipliers need a ready audience with about ${count(MIN_AUDIENCE_USERS)} or more matched users. Add members with add_chatads_custom_audience_members.`,
    ].join('\n');
    return { text, structured: { custom_audiences: rows } };
  },
});

export const getChatAdsCustomAudience = defineChatAdsTool({
  name: 'get_chatads_custom_audience',
  description:
    'Gets one chatads custom audience: status (processing, ready, too_small, failed), archived or not, matched users, uploaded identifiers, and its member operations.',
  access: 'read',
  examples: [{ custom_audience_id: '<custom_audience_id from list_chatads_custom_audiences>' }],
  args: { custom_audience_id: audienceIdArg },
  output: v.object({ custom_audience: audienceSchema, operations: v.array(operationSchema) }),
  async run(args, ctx) {
    const [audience, operations] = await Promise.all([
      ctx.platform.getCustomAudience(args.custom_audience_id),
      ctx.platform.listAudienceOperations({ custom_audience_id: args.custom_audience_id }),
    ]);
    operations.sort((a, b) => b.created_at.localeCompare(a.created_at));
    const state = audience.archived
      ? 'It is archived: permanent, never targetable again.'
      : audience.status === 'ready'
        ? 'It is ready to target.'
        : audience.status === 'too_small'
          ? `It is too small to target (fewer than ${count(MIN_READY_AUDIENCE_USERS)} matched users): add members with add_chatads_custom_audience_members.`
          : audience.status === 'processing'
            ? 'An operation is processing; it cannot be targeted until it finishes.'
            : 'Its members could not be processed: replace them with replace_chatads_custom_audience_members.';
    const text = [
      `## Custom audience: ${audience.name}`,
      '',
      markdownTable(
        ['Id', 'Status', 'Matched users', 'Uploaded identifiers', 'Created'],
        [
          [
            audience.id,
            audience.archived ? `${audience.status} (archived)` : audience.status,
            count(audience.matched_users),
            count(audience.uploaded_identifiers),
            audience.created_at,
          ],
        ],
      ),
      '',
      state,
      ...(operations.length
        ? [
            '',
            '### Operations',
            '',
            markdownTable(
              ['Operation', 'Type', 'Status', 'Submitted', 'Matched', 'Created'],
              operations.map((o) => [
                o.id,
                o.type,
                o.error ? `${o.status} (${o.error})` : o.status,
                count(o.submitted_identifiers),
                count(o.matched_identifiers),
                o.created_at,
              ]),
            ),
          ]
        : []),
    ].join('\n');
    return { text, structured: { custom_audience: audience, operations } };
  },
});

export const listChatAdsCustomAudienceOperations = defineChatAdsTool({
  name: 'list_chatads_custom_audience_operations',
  description:
    'Lists chatads custom audience member operations (add, remove, replace, merge) with status processing, paused, succeeded or failed (cancelled operations are failed with error cancelled); filter by audience and status.',
  access: 'read',
  args: {
    custom_audience_id: v.optional(audienceIdArg),
    status_filter: statusFilterArg(['processing', 'paused', 'succeeded', 'failed'] as const),
  },
  output: v.object({ operations: v.array(operationSchema) }),
  async run(args, ctx) {
    const operations = (await ctx.platform.listAudienceOperations({ custom_audience_id: args.custom_audience_id }))
      .filter((o) => !args.status_filter || args.status_filter.includes(o.status))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
    const text = [
      `## Custom audience operations (${operations.length})`,
      '',
      operations.length
        ? markdownTable(
            ['Operation', 'Audience', 'Type', 'Status', 'Submitted', 'Matched', 'Created'],
            operations.map((o) => [
              o.id,
              o.custom_audience_id,
              o.type,
              o.error ? `${o.status} (${o.error})` : o.status,
              count(o.submitted_identifiers),
              count(o.matched_identifiers),
              o.created_at,
            ]),
          )
        : 'No operations match.',
      '',
      'Pause, resume or cancel a processing operation with pause_chatads_custom_audience_operation, resume_chatads_custom_audience_operation, cancel_chatads_custom_audience_operation.',
    ].join('\n');
    return { text, structured: { operations } };
  },
});

export const getChatAdsCustomAudienceOperation = defineChatAdsTool({
  name: 'get_chatads_custom_audience_operation',
  description:
    'Gets one chatads custom audience operation: type, status (processing, paused, succeeded, failed; cancelled is failed with error cancelled), identifiers submitted and matched.',
  access: 'read',
  examples: [{ operation_id: '<operation_id from list_chatads_custom_audience_operations>' }],
  args: { operation_id: operationIdArg },
  output: v.object({ operation: operationSchema }),
  async run(args, ctx) {
    const op = await ctx.platform.getAudienceOperation(args.operation_id);
    const next =
      op.status === 'processing'
        ? 'It is processing: read it again shortly; pause_chatads_custom_audience_operation or cancel_chatads_custom_audience_operation stop it.'
        : op.status === 'paused'
          ? 'It is paused: resume_chatads_custom_audience_operation continues it, cancel_chatads_custom_audience_operation ends it.'
          : op.status === 'succeeded'
            ? 'It finished: get_chatads_custom_audience shows the audience now.'
            : op.error === 'cancelled'
              ? 'It was cancelled (reported as failed): nothing of it was applied.'
              : 'It failed: none of its identifiers could be read. Check the file or the identifiers and start a new operation.';
    return {
      text: [
        `## Operation ${op.id}: ${op.status}`,
        '',
        markdownTable(
          ['Audience', 'Type', 'Status', 'Submitted', 'Matched', 'Created', 'Completed'],
          [
            [
              op.custom_audience_id,
              op.type,
              op.error ? `${op.status} (${op.error})` : op.status,
              count(op.submitted_identifiers),
              count(op.matched_identifiers),
              op.created_at,
              op.completed_at ?? '-',
            ],
          ],
        ),
        '',
        next,
      ].join('\n'),
      structured: { operation: op },
    };
  },
});

// --- writes ---

const opResultOutput = v.object({ custom_audience_id: v.string(), operation: operationSchema });

/** add_/remove_chatads_custom_audience_members: inline or from a file. */
function memberTool(type: 'add' | 'remove') {
  return defineChatAdsTool({
    name: `${type}_chatads_custom_audience_members`,
    examples: EXAMPLES[`${type}_chatads_custom_audience_members`],
    description:
      type === 'add'
        ? 'Adds members to a chatads custom audience, inline (up to 10,000 objects {identifier_type, identifier}; email, phone, hashed_email, hashed_phone or device_advertising_id) or from an uploaded file (file_id). Starts an operation that processes asynchronously (processing → succeeded / failed); the audience is processing meanwhile.'
        : 'Removes members from a chatads custom audience, inline (up to 10,000 {identifier_type, identifier}) or from an uploaded file (file_id). Starts an operation that processes asynchronously.',
    access: 'write',
    args: { custom_audience_id: audienceIdArg, members: membersArg, file_id: v.optional(fileIdArg) },
    rules: [oneSource, (a) => memberProblems(a.members)],
    output: opResultOutput,
    async plan(args, ctx) {
      const audience = await liveAudience(ctx, args.custom_audience_id);
      const identifiers = args.members ? `${count(args.members.length)} inline identifiers` : `the identifiers of file ${args.file_id}`;
      return {
        summary: `${type === 'add' ? 'Add' : 'Remove'} ${identifiers} ${type === 'add' ? 'to' : 'from'} custom audience "${audience.name}"`,
        changes: [
          {
            action: 'update' as const,
            entity: 'custom_audience',
            id: audience.id,
            name: audience.name,
            fields: {
              members: {
                before: `${count(audience.uploaded_identifiers)} uploaded`,
                after: `${type === 'add' ? '+' : '-'} ${identifiers}`,
              },
            },
          },
        ],
        data: { audience_id: audience.id, name: audience.name },
      };
    },
    async apply(plan, args, ctx) {
      const op = await ctx.step('start_operation', () =>
        ctx.platform.startAudienceOperation(
          { custom_audience_id: plan.data.audience_id, type, ...(args.members ? { members: args.members } : { file_id: args.file_id }) },
          ctx.now,
        ),
      );
      return {
        text: [
          `## Members ${type === 'add' ? 'being added to' : 'being removed from'} "${plan.data.name}"`,
          '',
          `${count(op.submitted_identifiers)} identifiers submitted.`,
          '',
          operationLine(op),
        ].join('\n'),
        structured: { custom_audience_id: plan.data.audience_id, operation: op },
      };
    },
  });
}

export const replaceChatAdsCustomAudienceMembers = defineChatAdsTool({
  name: 'replace_chatads_custom_audience_members',
  description:
    'Replaces the entire membership of a chatads custom audience with the identifiers of an uploaded file (file_id). Starts an operation that processes asynchronously; the old members stay until it succeeds.',
  access: 'write',
  examples: [{ custom_audience_id: '<custom_audience_id from list_chatads_custom_audiences>', file_id: 'file_scanreplace' }],
  destructive: true,
  args: { custom_audience_id: audienceIdArg, file_id: fileIdArg },
  output: opResultOutput,
  async plan(args, ctx) {
    const audience = await liveAudience(ctx, args.custom_audience_id);
    return {
      summary: `Replace every member of custom audience "${audience.name}" with file ${args.file_id}`,
      changes: [
        {
          action: 'update' as const,
          entity: 'custom_audience',
          id: audience.id,
          name: audience.name,
          fields: {
            members: { before: `${count(audience.uploaded_identifiers)} uploaded`, after: `the identifiers of file ${args.file_id}` },
          },
        },
      ],
      notes: ['The current members are replaced, not added to.'],
      data: { audience_id: audience.id, name: audience.name },
    };
  },
  async apply(plan, args, ctx) {
    const op = await ctx.step('start_operation', () =>
      ctx.platform.startAudienceOperation({ custom_audience_id: plan.data.audience_id, type: 'replace', file_id: args.file_id }, ctx.now),
    );
    return {
      text: [
        `## Members of "${plan.data.name}" being replaced`,
        '',
        `${count(op.submitted_identifiers)} identifiers from ${args.file_id}.`,
        '',
        operationLine(op),
      ].join('\n'),
      structured: { custom_audience_id: plan.data.audience_id, operation: op },
    };
  },
});

export const mergeChatAdsCustomAudiences = defineChatAdsTool({
  name: 'merge_chatads_custom_audiences',
  description:
    'Merges 2-64 chatads custom audiences into a new audience (the sources are kept). The new audience is built by a merge operation and is processing until it succeeds. Archived audiences cannot be merged.',
  access: 'write',
  examples: [
    {
      name: 'Example merge',
      custom_audience_ids: [
        '<custom_audience_id from list_chatads_custom_audiences>',
        '<custom_audience_id from list_chatads_custom_audiences>',
      ],
    },
  ],
  args: {
    name: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200), v.description('Name of the new audience')),
    custom_audience_ids: v.pipe(
      v.array(audienceIdArg),
      v.minLength(2, 'must list at least 2 audiences to merge'),
      v.maxLength(64, 'must list at most 64 audiences to merge'),
      v.description('2-64 audience ids (aud_...) to merge'),
    ),
  },
  rules: [
    (a) => {
      const repeated = a.custom_audience_ids.filter((id, i) => a.custom_audience_ids.indexOf(id) !== i);
      return repeated.length
        ? `\`custom_audience_ids\` names ${[...new Set(repeated)].join(', ')} more than once; list each audience once`
        : undefined;
    },
  ],
  output: v.object({ custom_audience: audienceSchema, operation: operationSchema }),
  async plan(args, ctx) {
    const sources = await Promise.all(args.custom_audience_ids.map((id) => liveAudience(ctx, id)));
    return {
      summary: `Merge ${sources.length} audiences into new audience "${args.name}"`,
      changes: [
        {
          action: 'create' as const,
          entity: 'custom_audience',
          name: args.name,
          fields: { sources: { after: sources.map((s) => `${s.name} (${s.id})`) } },
        },
      ],
      data: { sources: sources.map((s) => s.id) },
    };
  },
  async apply(plan, args, ctx) {
    const { audience, operation } = await ctx.step('merge', () =>
      ctx.platform.mergeCustomAudiences({ name: args.name, source_audience_ids: plan.data.sources }, ctx.now),
    );
    return {
      text: [
        `## Audience "${audience.name}" created from ${plan.data.sources.length} audiences`,
        '',
        `Id: ${audience.id}; status ${audience.status}.`,
        '',
        operationLine(operation),
      ].join('\n'),
      structured: { custom_audience: audience, operation },
    };
  },
});

export const createChatAdsCustomAudience = defineChatAdsTool({
  name: 'create_chatads_custom_audience',
  description:
    'Creates a chatads custom audience, empty (too_small until members are added with add_chatads_custom_audience_members) or seeded from an uploaded file (file_id), which starts an add operation.',
  access: 'write',
  examples: [{ name: 'Example audience' }],
  args: {
    name: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200), v.description('Audience name')),
    description: v.optional(v.pipe(v.string(), v.maxLength(2000), v.description('Internal description'))),
    file_id: v.optional(fileIdArg),
  },
  output: v.object({ custom_audience: audienceSchema, operation: v.nullable(operationSchema) }),
  async plan(args) {
    return {
      summary: `Create custom audience "${args.name}"${args.file_id ? ` from file ${args.file_id}` : ' (empty)'}`,
      changes: [
        {
          action: 'create' as const,
          entity: 'custom_audience',
          name: args.name,
          fields: {
            name: { after: args.name },
            ...(args.description ? { description: { after: args.description } } : {}),
            members: { after: args.file_id ? `file ${args.file_id}` : 'none yet' },
          },
        },
      ],
      data: {},
    };
  },
  async apply(_plan, args, ctx) {
    const created = await ctx.step('create_audience', () =>
      ctx.platform.createCustomAudience({ name: args.name, ...(args.description ? { description: args.description } : {}) }, ctx.now),
    );
    const op = args.file_id
      ? await ctx.step('add_file', () =>
          ctx.platform.startAudienceOperation({ custom_audience_id: created.id, type: 'add', file_id: args.file_id }, ctx.now),
        )
      : null;
    const audience = await ctx.platform.getCustomAudience(created.id);
    return {
      text: [
        `## Custom audience created: ${audience.name}`,
        '',
        `Id: ${audience.id}; status ${audience.status}.`,
        '',
        op ? operationLine(op) : 'It is empty: add members with add_chatads_custom_audience_members.',
      ].join('\n'),
      structured: { custom_audience: audience, operation: op },
    };
  },
});

export const archiveChatAdsCustomAudience = defineChatAdsTool({
  name: 'archive_chatads_custom_audience',
  description:
    'Archives a chatads custom audience permanently: it can never be targeted (no ad group bid multipliers), changed or merged again. This cannot be undone.',
  access: 'write',
  examples: [{ custom_audience_id: '<custom_audience_id from list_chatads_custom_audiences>' }],
  destructive: true,
  args: { custom_audience_id: audienceIdArg },
  output: v.object({ custom_audience: audienceSchema, changed: v.boolean() }),
  async plan(args, ctx) {
    const audience = await ctx.platform.getCustomAudience(args.custom_audience_id);
    if (audience.archived)
      return {
        summary: `Custom audience "${audience.name}" is already archived; nothing changes`,
        changes: [],
        data: { id: audience.id, name: audience.name },
      };
    return {
      summary: `Archive custom audience "${audience.name}" (${audience.id}) permanently`,
      changes: [
        {
          action: 'update' as const,
          entity: 'custom_audience',
          id: audience.id,
          name: audience.name,
          fields: { archived: { before: false, after: true } },
        },
      ],
      notes: ['Archiving is permanent: the audience can never be targeted again.'],
      data: { id: audience.id, name: audience.name },
    };
  },
  async apply(plan, _args, ctx) {
    if (!plan.changes.length)
      return {
        text: `## Custom audience "${plan.data.name}" was already archived\n\nNothing changed.`,
        structured: { custom_audience: await ctx.platform.getCustomAudience(plan.data.id), changed: false },
      };
    const audience = await ctx.platform.archiveCustomAudience(plan.data.id, ctx.now);
    return {
      text: `## Custom audience "${audience.name}" archived\n\nIt is permanent: the audience can never be targeted, changed or merged again.`,
      structured: { custom_audience: audience, changed: true },
    };
  },
});

/** pause_/resume_/cancel_chatads_custom_audience_operation. */
function operationTool(action: 'pause' | 'resume' | 'cancel') {
  const from: Record<typeof action, string[]> = { pause: ['processing'], resume: ['paused'], cancel: ['processing', 'paused'] };
  const descriptions: Record<typeof action, string> = {
    pause:
      'Pauses a processing chatads custom audience operation: its processing stops until resumed (resume_chatads_custom_audience_operation).',
    resume: 'Resumes a paused chatads custom audience operation: processing continues where it stopped.',
    cancel:
      'Cancels a processing or paused chatads custom audience operation: nothing of it is applied, and it is reported as failed (error cancelled). This cannot be undone.',
  };
  return defineChatAdsTool({
    name: `${action}_chatads_custom_audience_operation`,
    examples: EXAMPLES[`${action}_chatads_custom_audience_operation`],
    description: descriptions[action],
    access: 'write',
    ...(action === 'cancel' ? { destructive: true } : {}),
    args: { operation_id: operationIdArg },
    output: v.object({ operation: operationSchema, previous_status: v.string() }),
    async plan(args, ctx) {
      const op = await ctx.platform.getAudienceOperation(args.operation_id);
      // Pausing a paused operation or resuming a processing one changes nothing.
      const already = action === 'pause' ? 'paused' : action === 'resume' ? 'processing' : undefined;
      if (op.status === already)
        return {
          summary: `Operation ${op.id} is already ${already}; nothing changes`,
          changes: [],
          data: { id: op.id, status: op.status },
        };
      if (!from[action].includes(op.status)) {
        throw new ToolError(
          `Operation ${op.id} is ${op.status}${op.error ? ` (${op.error})` : ''}; only ${from[action].join(' or ')} operations can be ${action === 'cancel' ? 'cancelled' : `${action}d`}.`,
          { code: 'invalid_state', status: op.status },
        );
      }
      const after = action === 'pause' ? 'paused' : action === 'resume' ? 'processing' : 'failed (cancelled)';
      return {
        summary: `${action[0].toUpperCase()}${action.slice(1)} operation ${op.id} (${op.type} on ${op.custom_audience_id})`,
        changes: [
          { action: 'update' as const, entity: 'custom_audience_operation', id: op.id, fields: { status: { before: op.status, after } } },
        ],
        data: { id: op.id, status: op.status },
      };
    },
    async apply(plan, _args, ctx) {
      if (!plan.changes.length) {
        const op = await ctx.platform.getAudienceOperation(plan.data.id);
        return {
          text: `## Operation ${op.id} is already ${op.status}\n\nNothing changed.`,
          structured: { operation: op, previous_status: plan.data.status },
        };
      }
      const op = await ctx.platform.changeAudienceOperation(plan.data.id, action, ctx.now);
      return {
        text: [
          `## Operation ${op.id} ${action === 'cancel' ? 'cancelled' : `${action}d`}`,
          '',
          `Status: ${plan.data.status} → ${op.status}${op.error ? ` (${op.error})` : ''}.`,
          '',
          op.status === 'failed' ? 'Nothing of it was applied.' : operationLine(op),
        ].join('\n'),
        structured: { operation: op, previous_status: plan.data.status },
      };
    },
    ...(action === 'cancel'
      ? {}
      : {
          undo: (plan: { changes: unknown[]; data: { id: string; status: string } }) =>
            plan.changes.length
              ? {
                  tool: `${action === 'pause' ? 'resume' : 'pause'}_chatads_custom_audience_operation`,
                  arguments: { operation_id: plan.data.id },
                }
              : undefined,
        }),
  });
}

export const customAudienceTools = [
  listChatAdsCustomAudiences,
  getChatAdsCustomAudience,
  listChatAdsCustomAudienceOperations,
  getChatAdsCustomAudienceOperation,
  createChatAdsCustomAudience,
  memberTool('add'),
  memberTool('remove'),
  replaceChatAdsCustomAudienceMembers,
  mergeChatAdsCustomAudiences,
  archiveChatAdsCustomAudience,
  operationTool('pause'),
  operationTool('resume'),
  operationTool('cancel'),
];
