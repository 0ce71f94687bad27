import * as v from 'valibot';
import { readBusinessProfile } from '../../../functions/runtime/stores/business-profile';
import { ToolError } from '../../../core/errors';
import { count, markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';

/**
 * Keyword research through the platform's keyword planning ideas: seeds (keywords, a page, or the
 * business profile's website) give related searches with average monthly volume, competition and
 * the top-of-page bid range, with the account's own keywords marked so only new ones are added.
 */

const COMPETITION = ['LOW', 'MEDIUM', 'HIGH'] as const;

export const researchKeywords = defineSearchAdsTool({
  name: 'research_keywords',
  description:
    "Keyword research: from seed keywords (1-20), a page URL, or without either the business profile's website, returns related searches with average monthly searches, the last 12 months, competition (LOW/MEDIUM/HIGH, index 0-100) and the top-of-page bid range, for a language and up to 10 locations. Keywords the account already has are marked; add_keywords adds the new ones.",
  access: 'read',
  examples: [{ keywords: ['hiking boots'], limit: 20 }],
  args: {
    keywords: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(80, 'must be at most 80 characters'))),
        v.minLength(1, 'must list at least 1 keyword'),
        v.maxLength(20, 'must list at most 20 keywords'),
        v.description('Seed keywords, 1-20 of at most 80 characters'),
      ),
    ),
    url: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.url('must be a full URL'),
        v.regex(/^https?:\/\//, 'must start with http:// or https://'),
        v.maxLength(2000),
        v.description('A page to draw ideas from (with or without keywords)'),
      ),
    ),
    language: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.toLowerCase(),
        v.regex(/^[a-z]{2}$/, 'must be a two-letter language code such as en (list_searchads_languages)'),
        v.description('Language of the searches, ISO-639-1 (default en)'),
      ),
      'en',
    ),
    location_ids: v.optional(
      v.pipe(
        v.array(
          v.pipe(
            v.string(),
            v.trim(),
            v.regex(/^(geoTargetConstants\/)?\d{1,12}$/, 'must be a geo target constant id from resolve_searchads_locations'),
          ),
        ),
        v.maxLength(10, 'must list at most 10 locations'),
        v.description('Geo target constant ids (resolve_searchads_locations), at most 10; default everywhere'),
      ),
      [],
    ),
    include_partners: v.optional(v.pipe(v.boolean(), v.description('Count searches on search partners too (default false)')), false),
    min_monthly_searches: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.maxValue(100_000_000),
        v.description('Leave out ideas with fewer average monthly searches'),
      ),
    ),
    competition: v.optional(
      v.pipe(
        v.array(v.picklist(COMPETITION, 'must be LOW, MEDIUM or HIGH')),
        v.minLength(1),
        v.description('Only ideas of these competition levels'),
      ),
    ),
    limit: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(200, 'must be at most 200'),
        v.description('Ideas to return, 1-200, default 50'),
      ),
      50,
    ),
  },
  output: v.object({
    customer_id: v.string(),
    seeds: v.object({ keywords: v.array(v.string()), url: v.nullable(v.string()), from_business_profile: v.boolean() }),
    language: v.string(),
    location_ids: v.array(v.string()),
    ideas: v.array(
      v.object({
        text: v.string(),
        avg_monthly_searches: v.number(),
        competition: v.string(),
        competition_index: v.nullable(v.number()),
        low_top_of_page_bid: v.nullable(v.number()),
        high_top_of_page_bid: v.nullable(v.number()),
        monthly_searches: v.array(v.object({ month: v.string(), searches: v.number() })),
        in_account: v.boolean(),
      }),
    ),
  }),
  async run(args, ctx) {
    let url = args.url;
    let fromProfile = false;
    if (!args.keywords && !url) {
      const website = (await readBusinessProfile(ctx.owner.owner_id))?.website;
      if (!website)
        throw new ToolError(
          'Give `keywords` or `url` to research from (or save a website in the business profile with save_business_profile).',
        );
      url = website;
      fromProfile = true;
    }
    const language = (await ctx.platform.listLanguages()).find((l) => l.code === args.language);
    if (!language) throw new ToolError(`Language "${args.language}" is not targetable; list_searchads_languages lists the codes.`);
    const locationIds = args.location_ids.map((id) => id.replace('geoTargetConstants/', ''));
    if (locationIds.length) {
      const found = new Set((await ctx.platform.getGeoTargets(locationIds)).map((g) => g.id));
      const unknown = locationIds.filter((id) => !found.has(id));
      if (unknown.length)
        throw new ToolError(
          `Unknown location id${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}: resolve_searchads_locations finds the ids of places.`,
        );
    }
    const [ideas, keywords] = await Promise.all([
      ctx.platform.generateKeywordIdeas({
        keywords: args.keywords,
        url,
        language_id: language.id,
        geo_target_ids: locationIds,
        include_partners: args.include_partners,
        limit: Math.min(200, args.limit * 2),
      }),
      ctx.platform.listKeywords(),
    ]);
    const own = new Set(keywords.filter((k) => k.status !== 'REMOVED').map((k) => k.text.toLowerCase()));
    const listed = ideas
      .filter((i) => args.min_monthly_searches === undefined || i.avg_monthly_searches >= args.min_monthly_searches)
      .filter((i) => !args.competition || (args.competition as string[]).includes(i.competition))
      .sort((a, b) => b.avg_monthly_searches - a.avg_monthly_searches)
      .slice(0, args.limit)
      .map((i) => ({ ...i, in_account: own.has(i.text.toLowerCase()) }));
    const currency = ctx.account.currency;
    const fresh = listed.filter((i) => !i.in_account);
    const text = [
      `## Keyword ideas (${listed.length})`,
      '',
      `Seeds: ${[...(args.keywords ?? []).map((k) => `"${k}"`), ...(url ? [url + (fromProfile ? ' (business profile)' : '')] : [])].join(', ')}; language ${language.name}; ${locationIds.length ? `${locationIds.length} location${locationIds.length === 1 ? '' : 's'}` : 'all locations'}${args.include_partners ? ', with search partners' : ''}.`,
      '',
      listed.length
        ? markdownTable(
            ['Keyword', 'Avg. monthly searches', 'Competition', 'Top-of-page bid', 'In account'],
            listed.map((i) => [
              i.text,
              count(i.avg_monthly_searches),
              i.competition_index === null ? i.competition : `${i.competition} (${i.competition_index})`,
              i.low_top_of_page_bid === null
                ? '-'
                : `${money(i.low_top_of_page_bid, currency)} - ${money(i.high_top_of_page_bid, currency)}`,
              i.in_account ? 'yes' : '',
            ]),
          )
        : 'No ideas match the filters.',
      '',
      fresh.length
        ? `Next: add_keywords with an ad group and the new ones, e.g. ${fresh
            .slice(0, 5)
            .map((i) => `"${i.text}"`)
            .join(', ')}; bid near the low end of the top-of-page range to start.`
        : '',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        seeds: { keywords: args.keywords ?? [], url: url ?? null, from_business_profile: fromProfile },
        language: language.code,
        location_ids: locationIds,
        ideas: listed,
      },
    };
  },
});
