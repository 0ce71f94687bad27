import * as v from 'valibot';
import { readBusinessProfile } from '../../../functions/runtime/stores/business-profile';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { COPY_LIMITS } from './ad-copy';
import { adGroupIdArg } from './common';

/**
 * Responsive search ad copy drafted from what the advertiser says (product, selling points, offer,
 * call to action) and the ad group's keywords: candidate lines from a fixed set of patterns, kept
 * only when they fit the platform's limits (headlines <= 30, descriptions <= 90, display paths <= 15)
 * and its editorial rules (no exclamation mark in a headline, no repeated line, no all-caps word
 * beyond 4 letters), so every draft passes create_ad as is. Drafts are suggestions: nothing is created.
 */

const CTAS = [
  'Shop Now',
  'Buy Online',
  'Order Today',
  'Get a Quote',
  'Book Today',
  'Sign Up Today',
  'Learn More',
  'Call Today',
  'Start Free Trial',
] as const;
const HEADLINE = COPY_LIMITS.RESPONSIVE_SEARCH_AD!.headlines[2];
const DESCRIPTION = COPY_LIMITS.RESPONSIVE_SEARCH_AD!.descriptions[2];

const titleCase = (text: string) =>
  text.replace(/\b([a-z])([a-z']*)/g, (_, first: string, rest: string) =>
    ['a', 'an', 'and', 'for', 'of', 'the', 'to', 'in', 'on', 'with'].includes(first + rest) ? first + rest : first.toUpperCase() + rest,
  );
const sentence = (text: string) => {
  const t = text.trim().replace(/[.!?]+$/, '');
  return t ? `${t[0]!.toUpperCase()}${t.slice(1)}.` : '';
};

/** Editorial problems the platform refuses, or '' when the line is fine. */
export function editorialProblem(line: string, kind: 'headline' | 'description'): string {
  if (kind === 'headline' && line.includes('!')) return 'no exclamation mark in headlines';
  if (/!{2,}|\?{2,}/.test(line)) return 'no repeated punctuation';
  if (/\b[A-Z]{5,}\b/.test(line)) return 'no words in capitals (beyond abbreviations)';
  return '';
}

function keep(lines: string[], max: number, limit: number, kind: 'headline' | 'description'): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of lines) {
    const line = raw.replace(/\s+/g, ' ').trim();
    const key = line.toLowerCase();
    if (!line || line.length > limit || seen.has(key) || editorialProblem(line, kind)) continue;
    seen.add(key);
    kept.push(line);
    if (kept.length === max) break;
  }
  return kept;
}

const text = (max: number, description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(2, 'must be at least 2 characters'),
    v.maxLength(max, `must be at most ${max} characters`),
    v.description(description),
  );

export const suggestAdContent = defineSearchAdsTool({
  name: 'suggest_ad_content',
  description:
    'Drafts responsive search ad copy within the platform limits: up to 15 headlines (<= 30 characters) and 4 descriptions (<= 90), display paths (<= 15), from your product, selling points, offer and call to action and the keywords (yours, or those of ad_group_id). Each line shows its length; lines that break an editorial rule are left out. Nothing is created: create_ad takes the draft as is.',
  access: 'read',
  examples: [{ product: 'hiking boots', selling_points: ['Free returns for 60 days', 'Waterproof guarantee'] }],
  args: {
    product: text(60, 'What you sell or offer, e.g. "waterproof hiking boots"'),
    business_name: v.optional(text(25, "Business name (<= 25); default the business profile's")),
    keywords: v.optional(
      v.pipe(
        v.array(text(80, 'A keyword')),
        v.minLength(1, 'must list at least 1 keyword'),
        v.maxLength(20, 'must list at most 20 keywords'),
        v.description('Keywords the ad should match (1-20); or give ad_group_id'),
      ),
    ),
    ad_group_id: v.optional(adGroupIdArg('Use the enabled keywords of this ad group')),
    selling_points: v.optional(
      v.pipe(
        v.array(text(80, 'A selling point')),
        v.maxLength(10, 'must list at most 10 selling points'),
        v.description('Up to 10 reasons to choose you, e.g. "free returns for 60 days"'),
      ),
    ),
    offer: v.optional(text(60, 'A current offer, e.g. "20% off first order"')),
    call_to_action: v.optional(
      v.pipe(v.picklist(CTAS, `must be one of ${CTAS.join(', ')}`), v.description(`Call to action: ${CTAS.join(', ')}; default Shop Now`)),
      'Shop Now',
    ),
    final_url: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.url('must be a full URL'),
        v.regex(/^https?:\/\//, 'must start with http:// or https://'),
        v.description('Landing page; the draft then includes it for create_ad'),
      ),
    ),
  },
  rules: [(a) => (a.keywords && a.ad_group_id ? 'give `keywords` or `ad_group_id`, not both' : undefined)],
  output: v.object({
    customer_id: v.string(),
    headlines: v.array(v.object({ text: v.string(), length: v.number(), source: v.string() })),
    descriptions: v.array(v.object({ text: v.string(), length: v.number(), source: v.string() })),
    path1: v.nullable(v.string()),
    path2: v.nullable(v.string()),
    final_url: v.nullable(v.string()),
    keywords_used: v.array(v.string()),
    ready_for_create_ad: v.boolean(),
    notes: v.array(v.string()),
  }),
  async run(args, ctx) {
    let keywords = args.keywords ?? [];
    if (args.ad_group_id) {
      const group = await ctx.platform.getAdGroup(args.ad_group_id);
      keywords = (await ctx.platform.listKeywords(group.campaign_id))
        .filter((k) => k.ad_group_id === group.id && k.status === 'ENABLED')
        .map((k) => k.text);
    }
    const profile = args.business_name ? undefined : await readBusinessProfile(ctx.owner.owner_id);
    const business =
      args.business_name ?? (profile?.business_name && profile.business_name.length <= 25 ? profile.business_name : undefined);
    const product = titleCase(args.product);
    const cta = args.call_to_action;
    const points = args.selling_points ?? [];
    const sourced: { text: string; source: string }[] = [
      ...keywords.slice(0, 5).map((k) => ({ text: titleCase(k), source: 'keyword' })),
      { text: product, source: 'product' },
      ...(business
        ? [
            { text: business, source: 'business name' },
            { text: `${product} | ${business}`, source: 'product + business' },
            { text: `${business} Official Site`, source: 'business name' },
          ]
        : []),
      ...(args.offer ? [{ text: titleCase(args.offer), source: 'offer' }] : []),
      ...points.map((p) => ({ text: titleCase(p), source: 'selling point' })),
      { text: `${cta} - ${product}`, source: 'call to action' },
      { text: `${cta}`, source: 'call to action' },
      ...keywords.slice(0, 5).map((k) => ({ text: `${titleCase(k)} - ${cta}`, source: 'keyword + call to action' })),
      { text: `Quality ${product}`, source: 'product' },
      { text: `Find Your ${product}`, source: 'product' },
      { text: `${product} Online`, source: 'product' },
    ];
    const headlineTexts = keep(
      sourced.map((s) => s.text),
      15,
      HEADLINE,
      'headline',
    );
    const headlines = headlineTexts.map((t) => ({
      text: t,
      length: t.length,
      source: sourced.find((s) => s.text.replace(/\s+/g, ' ').trim() === t)!.source,
    }));
    const descSourced: { text: string; source: string }[] = [
      ...(points.length >= 2
        ? [{ text: `${sentence(points[0]!)} ${sentence(points[1]!)} ${cta}.`, source: 'selling points + call to action' }]
        : []),
      ...(args.offer
        ? [
            {
              text: `${sentence(args.offer)} ${cta} and get your ${args.product.trim()} from ${business ?? 'us'}.`,
              source: 'offer + call to action',
            },
          ]
        : []),
      ...points.map((p) => ({ text: `${sentence(p)} ${cta}.`, source: 'selling point + call to action' })),
      {
        text: `Looking for ${args.product.trim()}? ${business ? `${business} has` : 'Find'} what you need. ${cta}.`,
        source: 'product + call to action',
      },
      ...(keywords[0]
        ? [
            {
              text: `${sentence(`${titleCase(keywords[0])} from ${business ?? 'a trusted seller'}`)} ${cta}.`,
              source: 'keyword + call to action',
            },
          ]
        : []),
      { text: `${sentence(`Discover ${args.product.trim()} that fit your needs`)} ${cta}.`, source: 'product + call to action' },
    ];
    const descriptionTexts = keep(
      descSourced.map((s) => s.text),
      4,
      DESCRIPTION,
      'description',
    );
    const descriptions = descriptionTexts.map((t) => ({
      text: t,
      length: t.length,
      source: descSourced.find((s) => s.text.replace(/\s+/g, ' ').trim() === t)!.source,
    }));
    const pathWord = (words: string) =>
      words
        .replace(/[^A-Za-z0-9 -]/g, '')
        .trim()
        .split(/\s+/)
        .join('-')
        .slice(0, 15)
        .replace(/-+$/, '');
    const path1 = pathWord(args.product.split(/\s+/).slice(-1)[0] ?? '') || null;
    const path2 =
      keywords[0] && pathWord(keywords[0].split(/\s+/)[0]!) && pathWord(keywords[0].split(/\s+/)[0]!).toLowerCase() !== path1?.toLowerCase()
        ? pathWord(keywords[0].split(/\s+/)[0]!)
        : null;
    const notes: string[] = [];
    if (headlines.length < 3) notes.push('Fewer than 3 headlines fit the limits: add keywords or selling points (create_ad needs 3-15).');
    if (descriptions.length < 2) notes.push('Fewer than 2 descriptions fit the limits: add selling points (create_ad needs 2-4).');
    if (headlines.length < 8)
      notes.push('Ads with 8-15 distinct headlines get the most combinations: add selling points or keywords for more.');
    if (!keywords.some((k) => headlines.some((h) => h.text.toLowerCase().includes(k.toLowerCase()))))
      notes.push('No headline contains a keyword: ads that echo the search earn more clicks.');
    if (!business) notes.push('No business name (argument or business profile): a headline with it helps people recognise you.');
    const ready = headlines.length >= 3 && descriptions.length >= 2;
    const lines = [
      `## Ad copy draft for ${product}`,
      '',
      `### Headlines (${headlines.length}, <= ${HEADLINE} characters)`,
      markdownTable(
        ['#', 'Headline', 'Length', 'From'],
        headlines.map((h, i) => [i + 1, h.text, h.length, h.source]),
      ),
      '',
      `### Descriptions (${descriptions.length}, <= ${DESCRIPTION} characters)`,
      markdownTable(
        ['#', 'Description', 'Length', 'From'],
        descriptions.map((d, i) => [i + 1, d.text, d.length, d.source]),
      ),
      '',
      `Display paths: ${[path1, path2].filter(Boolean).join(' / ') || 'none'}.`,
      ...notes.map((n) => `- ${n}`),
      '',
      ready
        ? `Nothing was created. create_ad takes these lines as \`headlines\` and \`descriptions\`${args.final_url ? ` with final_url ${args.final_url}` : ' with your final_url'}.`
        : 'Nothing was created; the draft needs more material before create_ad accepts it.',
    ];
    return {
      text: lines.join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        headlines,
        descriptions,
        path1,
        path2,
        final_url: args.final_url ?? null,
        keywords_used: keywords,
        ready_for_create_ad: ready,
        notes,
      },
    };
  },
});
