import * as v from 'valibot';
import { count, markdownTable } from '../../markdown';
import { defineChatAdsTool } from '../define';
import { MIN_AUDIENCE_USERS } from './ad-groups';

export const listChatAdsCustomAudiences = defineChatAdsTool({
  name: 'list_chatads_custom_audiences',
  description: 'Lists chatads custom audiences with status (processing, ready, too_small, failed), matched users and whether each can carry an ad group bid multiplier (ready with about 25k+ matched users).',
  access: 'read',
  args: {
    status_filter: v.optional(v.pipe(v.array(v.picklist(['processing', 'ready', 'too_small', 'failed'])), v.minLength(1), v.description('Only these statuses'))),
  },
  output: v.object({
    custom_audiences: v.array(v.object({
      id: v.string(),
      name: v.string(),
      status: v.string(),
      matched_users: v.number(),
      uploaded_identifiers: v.number(),
      created_at: v.string(),
      usable_for_bid_multiplier: v.boolean(),
    })),
  }),
  async run(args, ctx) {
    const audiences = (await ctx.platform.listCustomAudiences())
      .filter((a) => !args.status_filter || args.status_filter.includes(a.status))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    const rows = audiences.map((a) => ({ ...a, usable_for_bid_multiplier: a.status === 'ready' && a.matched_users >= MIN_AUDIENCE_USERS }));
    const text = [
      `## Custom audiences (${rows.length})`,
      '',
      rows.length
        ? markdownTable(['Audience', 'Id', 'Status', 'Matched users', 'Uploaded', 'Bid multiplier'], rows.map((a) => [a.name, a.id, a.status, count(a.matched_users), count(a.uploaded_identifiers), a.usable_for_bid_multiplier ? 'yes' : 'no']))
        : 'No custom audiences match.',
      '',
      `Bid multipliers need a ready audience with about ${count(MIN_AUDIENCE_USERS)} or more matched users.`,
    ].join('\n');
    return { text, structured: { custom_audiences: rows } };
  },
});
