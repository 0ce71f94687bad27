import * as v from 'valibot';
import { characterLength } from '../../../core/arguments';
import { markdownTable, count } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';

const TYPES = ['IN_MARKET', 'AFFINITY', 'CUSTOM', 'USER_LIST'] as const;

export const searchAudiences = defineSearchAdsTool({
  name: 'search_audiences',
  description:
    "Finds audience segments by text: in-market and affinity segments of the platform, and the account's custom audiences and user (remarketing) lists. Returns the ids add_ad_group_audiences takes.",
  access: 'read',
  args: {
    query: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        characterLength({ max: 100 }),
        v.description('Case-insensitive text matched against segment name, category path and description; empty = all'),
      ),
      '',
    ),
    types: v.optional(
      v.pipe(
        v.array(v.picklist(TYPES)),
        v.minLength(1),
        v.description('Segment types to include: IN_MARKET, AFFINITY, CUSTOM, USER_LIST (default all)'),
      ),
    ),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100), v.description('Maximum segments returned, 1-100, default 25')),
      25,
    ),
  },
  output: v.object({
    customer_id: v.string(),
    total_matching: v.number(),
    returned: v.number(),
    segments: v.array(
      v.object({
        size_for_search: v.optional(v.number()),
        name: v.string(),
        id: v.string(),
        type: v.string(),
        resource_name: v.string(),
        argument: v.string(),
        description: v.optional(v.string()),
        parent: v.optional(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const query = args.query.toLowerCase();
    const types = args.types ?? [...TYPES];
    const all = await ctx.platform.listAudienceSegments();
    const matching = all.filter(
      (s) =>
        types.includes(s.type) &&
        (!query || [s.name, s.parent ?? '', s.description ?? '', s.id].some((field) => field.toLowerCase().includes(query))),
    );
    const rows = matching.slice(0, args.limit);
    const argumentOf = {
      IN_MARKET: 'in_market_audiences',
      AFFINITY: 'affinity_audiences',
      CUSTOM: 'custom_audiences',
      USER_LIST: 'user_lists',
    } as const;
    const text = [
      `## Audience segments${query ? ` matching "${args.query}"` : ''}: ${matching.length}${matching.length > rows.length ? ` (showing ${rows.length})` : ''}`,
      '',
      rows.length
        ? markdownTable(
            ['Segment', 'Type', 'Id', 'Category / description', 'Search size', 'add_ad_group_audiences field'],
            rows.map((s) => [
              s.name,
              s.type,
              s.id,
              s.parent ?? s.description,
              s.size_for_search === undefined ? undefined : count(s.size_for_search),
              argumentOf[s.type],
            ]),
          )
        : 'No segment matches. Try a broader word, or omit `types`.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        total_matching: matching.length,
        returned: rows.length,
        segments: rows.map((s) => ({ ...s, argument: argumentOf[s.type] })),
      },
    };
  },
});
