/**
 * proads targeting tools: typeahead over the targeting facets, audience counts for a spec, and
 * targeting suggestions derived from a business description (matched against the same facets, so
 * every suggestion is an id the campaign tools accept).
 */
import * as v from 'valibot';
import type { ToolDefinition } from '../../../core/tool';
import { count, markdownTable } from '../../../core/markdown';
import { defineProAdsTool } from '../define';
import { PROADS_FACETS, type ProAdsFacet, type ProAdsTargeting, type ProAdsTargetingEntity } from '../port';
import { MIN_AUDIENCE, targetingArg } from './common';

const entityOutput = v.object({ id: v.string(), facet: v.string(), name: v.string() });

export const searchTargeting = defineProAdsTool({
  name: 'search_proads_targeting',
  description: `Typeahead search for proads targeting values by facet (${PROADS_FACETS.join(', ')}): returns ids such as seniority:3 or geo:us to use in targeting, exclusions and audience estimates.`,
  access: 'read',
  args: {
    facet: v.pipe(v.picklist(PROADS_FACETS), v.description(`The facet to search: ${PROADS_FACETS.join(', ')}`)),
    query: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(100),
        v.description('Text the value name contains (case-insensitive); empty lists the facet'),
      ),
      '',
    ),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100), v.description('At most this many values, 1-100; default 20')),
      20,
    ),
  },
  output: v.object({ ad_account_id: v.string(), facet: v.string(), query: v.string(), results: v.array(entityOutput) }),
  async run(args, ctx) {
    const results = await ctx.platform.searchTargetingEntities(args.facet, args.query, args.limit);
    const text = [
      `## ${args.facet.replace(/_/g, ' ')} matching "${args.query}"`,
      '',
      results.length
        ? markdownTable(
            ['Name', 'Id'],
            results.map((r) => [r.name, r.id]),
          )
        : `No ${args.facet.replace(/_/g, ' ')} value matches "${args.query}": try a shorter text.`,
      '',
      'Use the ids in `targeting` (add_proads_campaign_to_group, update_proads_campaign_targeting) and check the reach with estimate_proads_audience_size.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, facet: args.facet, query: args.query, results } };
  },
});

export const estimateAudience = defineProAdsTool({
  name: 'estimate_proads_audience_size',
  description: `Estimates how many members a proads targeting spec reaches (include facets, exclusions) and whether the platform will run it (at least ${MIN_AUDIENCE} members; 50,000+ recommended for sponsored content, 15,000+ for text ads). Unknown ids are named.`,
  access: 'read',
  examples: [{ targeting: { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } } }],
  args: { targeting: targetingArg() },
  output: v.object({
    ad_account_id: v.string(),
    audience_size: v.number(),
    runnable: v.boolean(),
    recommendation: v.string(),
    unknown_values: v.array(v.string()),
  }),
  async run(args, ctx) {
    const spec = args.targeting as ProAdsTargeting;
    const ids = [...Object.values(spec.include), ...Object.values(spec.exclude ?? {})]
      .flat()
      .filter((x): x is string => typeof x === 'string');
    const known = new Set((await ctx.platform.getTargetingEntities(ids)).map((e) => e.id));
    const unknown = [...new Set(ids.filter((id) => !known.has(id)))];
    const { total } = await ctx.platform.getAudienceCount(spec);
    const runnable = total >= MIN_AUDIENCE && Boolean(spec.include.locations?.length);
    const recommendation = !spec.include.locations?.length
      ? 'Add at least one location: the platform requires one.'
      : total < MIN_AUDIENCE
        ? `Too small to run: widen it to ${MIN_AUDIENCE}+ members (remove a facet or an exclusion).`
        : total < 15_000
          ? 'Runnable but narrow: fine for account lists and retargeting; expect high CPMs.'
          : total < 50_000
            ? 'Good for text ads; on the small side for sponsored content (50,000+ recommended).'
            : total > 5_000_000
              ? 'Very broad: add a job function, seniority or industry facet to focus spend.'
              : 'A good size for sponsored content.';
    const text = [
      `## Audience estimate: about ${count(total)} members`,
      '',
      recommendation,
      ...(unknown.length ? ['', `Unknown ids (not counted): ${unknown.join(', ')}. Find valid ones with search_proads_targeting.`] : []),
      '',
      'Forecast delivery for a budget with forecast_proads_campaign_supply.',
    ].join('\n');
    return {
      text,
      structured: { ad_account_id: ctx.account.account_id, audience_size: total, runnable, recommendation, unknown_values: unknown },
    };
  },
});

/** Words of a business description that point at a facet value (matched as whole words, case-insensitive). */
const HINTS: [RegExp, ProAdsFacet, string][] = [
  [/\b(it|infrastructure|cloud|devops|saas|software|engineering|developer)s?\b/i, 'job_functions', 'function:13'],
  [/\b(engineer|engineering|developer|devops)s?\b/i, 'job_functions', 'function:8'],
  [/\b(finance|cfo|accounting|fp&a|budget)s?\b/i, 'job_functions', 'function:10'],
  [/\b(hr|human resources|people|talent|recruit\w*|retention)\b/i, 'job_functions', 'function:12'],
  [/\b(marketing|marketer|demand gen\w*|brand)s?\b/i, 'job_functions', 'function:15'],
  [/\b(sales|revenue|pipeline)\b/i, 'job_functions', 'function:25'],
  [/\b(operations|supply chain|logistics)\b/i, 'job_functions', 'function:18'],
  [/\b(software|saas|platform|app)\b/i, 'industries', 'industry:4'],
  [/\b(bank\w*|fintech|financial|insurance)\b/i, 'industries', 'industry:43'],
  [/\b(health\w*|hospital|clinic\w*|medical)\b/i, 'industries', 'industry:14'],
  [/\b(retail\w*|e-?commerce|store)s?\b/i, 'industries', 'industry:27'],
  [/\b(manufactur\w*|factory|industrial)\b/i, 'industries', 'industry:25'],
  [/\b(university|universities|higher education|college)s?\b/i, 'industries', 'industry:68'],
  [/\b(security|cyber\w*)\b/i, 'skills', 'skill:cybersecurity'],
  [/\b(cloud)\b/i, 'skills', 'skill:cloud-computing'],
  [/\b(enterprise|large compan\w*|fortune)\b/i, 'company_sizes', 'staffCountRange:(10001,2147483647)'],
  [/\b(mid-?market|mid-?size)\b/i, 'company_sizes', 'staffCountRange:(201,500)'],
  [/\b(smb|small business\w*|startups?)\b/i, 'company_sizes', 'staffCountRange:(11,50)'],
  [/\b(cio|cto|it director|head of it)\b/i, 'job_titles', 'title:chief-information-officer'],
  [/\b(cfo)\b/i, 'job_titles', 'title:chief-financial-officer'],
];

export const researchBusiness = defineProAdsTool({
  name: 'research_business_for_proads_targeting',
  description:
    'Derives proads targeting suggestions from a business or website description (what you sell, to whom, where): job functions, industries, seniorities, company sizes, skills and locations as targeting ids, with the audience size of the suggested spec, ready to pass to add_proads_campaign_to_group. It reads only the text given (no website is fetched).',
  access: 'read',
  examples: [{ business_description: 'Cloud cost software for IT directors at enterprise companies' }],
  args: {
    business_description: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(20, 'describe the business in at least 20 characters'),
      v.maxLength(5000),
      v.description('What the business sells, to whom, and where (20-5,000 characters)'),
    ),
    website_url: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.url('must be a URL'),
        v.maxLength(2000),
        v.description('The website, kept with the answer for reference (not fetched)'),
      ),
    ),
    seniority: v.optional(
      v.pipe(
        v.picklist(['decision_makers', 'practitioners', 'all']),
        v.description('decision_makers (default: Director, VP, CXO, Owner), practitioners (Entry to Manager) or all'),
      ),
      'decision_makers',
    ),
    locations: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60))),
        v.minLength(1),
        v.maxLength(20),
        v.description('Location ids (search_proads_targeting facet locations); default the United States'),
      ),
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    suggestions: v.array(v.object({ ...entityOutput.entries, reason: v.string() })),
    targeting: v.object({ include: v.record(v.string(), v.array(v.string())) }),
    audience_size: v.number(),
  }),
  async run(args, ctx) {
    const found = HINTS.filter(([re]) => re.test(args.business_description));
    const seniorities =
      args.seniority === 'decision_makers'
        ? ['seniority:6', 'seniority:7', 'seniority:8', 'seniority:10']
        : args.seniority === 'practitioners'
          ? ['seniority:3', 'seniority:4', 'seniority:5']
          : [];
    // The default location is looked up by name: its id differs between accounts (sandbox geo:us).
    const locations = args.locations ?? [(await ctx.platform.searchTargetingEntities('locations', 'United States', 1))[0]?.id ?? 'geo:us'];
    const ids = [...new Set([...found.map(([, , id]) => id), ...seniorities, ...locations])];
    const entities = await ctx.platform.getTargetingEntities(ids);
    const byId = new Map<string, ProAdsTargetingEntity>(entities.map((e) => [e.id, e]));
    const include: Partial<Record<ProAdsFacet, string[]>> = {};
    const suggestions = ids
      .filter((id) => byId.has(id))
      .map((id) => {
        const e = byId.get(id)!;
        // Job titles and skills narrow a lot: suggested, not put into the spec.
        if (e.facet !== 'job_titles' && e.facet !== 'skills') (include[e.facet] ??= []).push(id);
        const hint = found.find(([, , hid]) => hid === id);
        const reason = hint
          ? `the description mentions "${args.business_description.match(hint[0])![0]}"`
          : e.facet === 'seniorities'
            ? `seniority ${args.seniority}`
            : 'location';
        return { ...e, reason };
      });
    const spec = { include };
    const { total } = await ctx.platform.getAudienceCount(spec);
    const text = [
      '## Targeting suggestions',
      '',
      found.length
        ? `Matched ${found.length} signal(s) in the description.`
        : 'No industry or role signal in the description: the suggestion is locations and seniority only. Describe who buys (role, industry, company size).',
      '',
      markdownTable(
        ['Facet', 'Value', 'Id', 'Why'],
        suggestions.map((s) => [s.facet.replace(/_/g, ' '), s.name, s.id, s.reason]),
      ),
      '',
      `Suggested spec (job titles and skills left out: they narrow a lot), about ${count(total)} members:`,
      '```json',
      JSON.stringify(spec),
      '```',
      '',
      'Check it with estimate_proads_audience_size, refine values with search_proads_targeting, then create with add_proads_campaign_to_group.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        suggestions,
        targeting: spec as { include: Record<string, string[]> },
        audience_size: total,
      },
    };
  },
});

export const targetingTools: ToolDefinition[] = [searchTargeting, estimateAudience, researchBusiness];
