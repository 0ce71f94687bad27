import * as v from 'valibot';
import { characterLength } from '../../../core/arguments';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';

export const resolveSearchAdsLocations = defineSearchAdsTool({
  name: 'resolve_searchads_locations',
  description:
    'Turns free-text places ("Austin, TX", "California", "UK") into geo target constants (geoTargetConstants/<id>) with canonical names and types, best match first. Use the resource names in update_campaign.locations_to_add.',
  access: 'read',
  examples: [{ locations: ['Denver, Colorado'] }],
  args: {
    locations: v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), characterLength({ max: 100 }))),
      v.minLength(1),
      v.maxLength(25),
      v.description('Places to look up, 1-25 entries of free text'),
    ),
    country_code: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.toUpperCase(),
        v.regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US'),
        v.description('Only matches in this country (ISO-3166 alpha-2)'),
      ),
    ),
  },
  output: v.object({
    results: v.array(
      v.object({
        query: v.string(),
        best_match: v.nullable(
          v.object({
            id: v.string(),
            resource_name: v.string(),
            name: v.string(),
            canonical_name: v.string(),
            country_code: v.string(),
            target_type: v.string(),
          }),
        ),
        matches: v.array(
          v.object({
            id: v.string(),
            resource_name: v.string(),
            name: v.string(),
            canonical_name: v.string(),
            country_code: v.string(),
            target_type: v.string(),
          }),
        ),
      }),
    ),
    unresolved: v.array(v.string()),
  }),
  async run(args, ctx) {
    const results = [];
    for (const text of args.locations) {
      const matches = (await ctx.platform.suggestGeoTargets(text))
        .filter((g) => !args.country_code || g.country_code === args.country_code)
        .slice(0, 5);
      results.push({ query: text, best_match: matches[0] ?? null, matches });
    }
    const unresolved = results.filter((r) => !r.best_match).map((r) => r.query);
    const ambiguous = results.filter((r) => r.matches.length > 1 && r.matches[1]!.name === r.matches[0]!.name).map((r) => r.query);
    const text = [
      `## Locations resolved: ${results.length - unresolved.length} of ${results.length}`,
      '',
      markdownTable(
        ['You wrote', 'Best match', 'Type', 'Resource name', 'Other matches'],
        results.map((r) => [
          r.query,
          r.best_match?.canonical_name ?? 'no match',
          r.best_match?.target_type,
          r.best_match?.resource_name,
          r.matches
            .slice(1)
            .map((m) => `${m.canonical_name} (${m.resource_name})`)
            .join('; '),
        ]),
      ),
      ...(unresolved.length ? ['', `No match for: ${unresolved.join(', ')}. Try the city, state or country name in English.`] : []),
      ...(ambiguous.length
        ? ['', `Several places share the name of: ${ambiguous.join(', ')}. Pass the resource name you mean to update_campaign.`]
        : []),
    ].join('\n');
    return { text, structured: { results, unresolved } };
  },
});
