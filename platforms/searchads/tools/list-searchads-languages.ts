import * as v from 'valibot';
import { characterLength } from '../../../core/arguments';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';

export const listSearchAdsLanguages = defineSearchAdsTool({
  name: 'list_searchads_languages',
  description:
    'Lists the targetable language constants with their ids, resource names (languageConstants/<id>) and ISO-639-1 codes, as update_campaign.language_codes accepts them.',
  access: 'read',
  args: {
    query: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        characterLength({ max: 50 }),
        v.description('Case-insensitive filter over language name, code and id; empty = all'),
      ),
      '',
    ),
  },
  output: v.object({
    languages: v.array(
      v.object({
        id: v.string(),
        resource_name: v.string(),
        code: v.string(),
        name: v.string(),
        targetable: v.boolean(),
      }),
    ),
  }),
  async run(args, ctx) {
    const query = args.query.toLowerCase();
    const languages = (await ctx.platform.listLanguages())
      .filter((l) => !query || l.name.toLowerCase().includes(query) || l.code === query || l.id === query)
      .sort((a, b) => a.name.localeCompare(b.name));
    const text = [
      `## Languages (${languages.length})`,
      '',
      languages.length
        ? markdownTable(
            ['Language', 'ISO code', 'Id', 'Resource name'],
            languages.map((l) => [l.name, l.code, l.id, l.resource_name]),
          )
        : `No language matches "${args.query}".`,
      '',
      'Pass either the ISO code or the resource name in update_campaign.language_codes. Only Performance Max (and Display, Video, Shopping) campaigns apply language targeting; on Search campaigns it is a no-op.',
    ].join('\n');
    return { text, structured: { languages } };
  },
});
