/**
 * proads content tools: image validation and upload to the asset library, objectives explained and
 * recommended, and ad copy drafts within each format's limits. The drafts are built from the inputs
 * given (templates, no model); the validation judges what the caller declares about each file (type
 * by file name, dimensions and size when given) and never fetches a URL.
 */
import * as v from 'valibot';
import type { WritePlan } from '../../../core/plan';
import type { ToolDefinition } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';
import { defineProAdsTool } from '../define';
import type { NewProAdsAsset, ProAdsObjective } from '../port';
import { copyProblems, CTA_VALUES, ctaArg, writeOutput } from './common';
import { PROADS_FORMATS } from './select-campaign-type';

// ---- Image validation and upload.

/** Image specs per use (the platform's ad specs): file types, size, minimum and maximum pixels, aspect ratios. */
const IMAGE_SPECS = {
  image: { max_bytes: 5_000_000, min: [640, 360], max: [7680, 4320], ratios: [1.91, 1, 0.8] },
  carousel: { max_bytes: 10_000_000, min: [1080, 1080], max: [4320, 4320], ratios: [1] },
  text: { max_bytes: 2_000_000, min: [100, 100], max: [100, 100], ratios: [1] },
} as const;

const imageItem = v.strictObject({
  url: v.pipe(
    v.string(),
    v.trim(),
    v.url('must be a URL'),
    v.regex(/^https?:\/\//, 'must start with http:// or https://'),
    v.maxLength(2000),
    v.description('Image URL, http(s)'),
  ),
  width: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(20_000), v.description('Width in pixels, when known'))),
  height: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(20_000), v.description('Height in pixels, when known'))),
  size_bytes: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000_000), v.description('File size in bytes, when known')),
  ),
});
type ImageItem = v.InferOutput<typeof imageItem>;

function imageProblems(item: ImageItem, use: keyof typeof IMAGE_SPECS): string[] {
  const spec = IMAGE_SPECS[use];
  const problems: string[] = [];
  const path = new URL(item.url).pathname;
  if (!/\.(jpe?g|png|gif)$/i.test(path)) problems.push('not a JPG, PNG or GIF (by its file name)');
  if (item.size_bytes !== undefined && item.size_bytes > spec.max_bytes)
    problems.push(`${(item.size_bytes / 1e6).toFixed(1)} MB is over ${spec.max_bytes / 1e6} MB`);
  if (item.width !== undefined && item.height !== undefined) {
    if (item.width < spec.min[0] || item.height < spec.min[1])
      problems.push(`${item.width} x ${item.height} is under the ${spec.min[0]} x ${spec.min[1]} minimum`);
    if (item.width > spec.max[0] || item.height > spec.max[1])
      problems.push(`${item.width} x ${item.height} is over the ${spec.max[0]} x ${spec.max[1]} maximum`);
    const ratio = item.width / item.height;
    if (!spec.ratios.some((r) => Math.abs(ratio - r) / r < 0.03))
      problems.push(`aspect ratio ${ratio.toFixed(2)}:1 is not ${spec.ratios.map((r) => `${r}:1`).join(' or ')}`);
  }
  return problems;
}

interface AssetsData {
  uploads: NewProAdsAsset[];
  results: { url: string; valid: boolean; problems: string[]; asset_id?: string }[];
}

export const validateAndPrepareAssets = defineProAdsTool({
  name: 'validate_and_prepare_proads_assets',
  description:
    "Validates images against proads specs for their use (image ads: JPG/PNG/GIF up to 5 MB, 640 x 360 minimum, 1.91:1, 1:1 or 4:5; carousel cards: 1:1, 1080 x 1080 minimum, 10 MB; text ads: 100 x 100, 2 MB) and uploads the valid ones to the ad account's asset library (an image already uploaded from the same URL is reused). Invalid images are listed with what to fix; validate_only checks without uploading. URLs are not fetched: give width, height and size when known.",
  access: 'write',
  examples: [{ images: [{ url: 'https://www.example.com/media/example.png', width: 1200, height: 628 }] }],
  args: {
    images: v.pipe(
      v.array(imageItem),
      v.minLength(1, 'must list at least one image'),
      v.maxLength(20, 'at most 20 images per call'),
      v.description('Images to check and upload: url, and width, height, size_bytes when known'),
    ),
    use: v.optional(
      v.pipe(v.picklist(['image', 'carousel', 'text']), v.description('What the images are for: image (default), carousel or text')),
      'image',
    ),
    validate_only: v.optional(v.pipe(v.boolean(), v.description('true checks without uploading; default false')), false),
  },
  output: writeOutput({
    results: v.array(v.object({ url: v.string(), valid: v.boolean(), problems: v.array(v.string()), asset_id: v.optional(v.string()) })),
  }),
  async plan(args, ctx): Promise<WritePlan<AssetsData>> {
    const library = await ctx.platform.listAssets();
    const results: AssetsData['results'] = args.images.map((img) => {
      const problems = imageProblems(img, args.use);
      const existing = library.find((a) => a.source_url === img.url && a.kind === 'IMAGE');
      return { url: img.url, valid: problems.length === 0, problems, ...(existing ? { asset_id: existing.id } : {}) };
    });
    const uploads = args.validate_only
      ? []
      : args.images
          .filter((img, i) => results[i]!.valid && !results[i]!.asset_id && args.images.findIndex((x) => x.url === img.url) === i)
          .map((img) => ({
            kind: 'IMAGE' as const,
            name: decodeURIComponent(new URL(img.url).pathname.split('/').pop() || 'image'),
            source_url: img.url,
            ...(img.width ? { width: img.width } : {}),
            ...(img.height ? { height: img.height } : {}),
            ...(img.size_bytes ? { size_bytes: img.size_bytes } : {}),
          }));
    const invalid = results.filter((r) => !r.valid);
    return {
      summary: uploads.length
        ? `Upload ${uploads.length} valid image(s)${invalid.length ? `; ${invalid.length} invalid` : ''}`
        : `${results.length - invalid.length} valid, ${invalid.length} invalid; nothing to upload`,
      changes: uploads.map((u) => ({
        action: 'create',
        entity: 'asset',
        name: u.name,
        fields: { kind: { after: u.kind }, source_url: { after: u.source_url } },
      })),
      notes: invalid.map((r) => `${r.url}: ${r.problems.join('; ')}`),
      data: { uploads, results },
    };
  },
  async apply(plan, _args, ctx) {
    const results = plan.data.results.map((r) => ({ ...r }));
    for (const [i, upload] of plan.data.uploads.entries()) {
      const asset = await ctx.step(`upload:${i}`, () => ctx.platform.createAsset(upload));
      for (const r of results) if (r.url === upload.source_url) r.asset_id = asset.id;
    }
    const text = [
      `## ${plan.summary}`,
      '',
      markdownTable(
        ['Image', 'Valid', 'Asset id', 'Problems'],
        results.map((r) => [r.url, r.valid ? 'yes' : 'no', r.asset_id ?? null, r.problems.join('; ') || null]),
      ),
      '',
      'Use the asset ids in add_proads_creative, add_proads_carousel_creative or create_proads_image_campaign; discover_proads_assets lists the library.',
    ].join('\n');
    return {
      text,
      structured: { ad_account_id: ctx.account.account_id, changed: plan.changes.length > 0, summary: plan.summary, results },
    };
  },
});

// ---- Objectives.

const OBJECTIVES: Record<ProAdsObjective, { goal: string; pays_for: string; measures: string; formats: string[]; when: string }> = {
  BRAND_AWARENESS: {
    goal: 'awareness',
    pays_for: 'impressions (CPM)',
    measures: 'impressions, reach, frequency',
    formats: ['image', 'video', 'carousel', 'text'],
    when: 'a launch or a new market: be seen by the right people; do not judge it on conversions',
  },
  WEBSITE_VISIT: {
    goal: 'traffic',
    pays_for: 'clicks (CPC) or impressions',
    measures: 'clicks, CTR, cost per click',
    formats: ['image', 'video', 'carousel', 'text'],
    when: 'content and landing pages you want read; cheaper clicks than conversion campaigns',
  },
  ENGAGEMENT: {
    goal: 'engagement',
    pays_for: 'clicks and social actions',
    measures: 'engagement rate, reactions, follows',
    formats: ['image', 'video', 'carousel'],
    when: 'grow the page and warm up audiences for retargeting',
  },
  VIDEO_VIEW: {
    goal: 'video',
    pays_for: 'views (CPV) or impressions',
    measures: 'video views, view rate, completions',
    formats: ['video'],
    when: 'story-telling and building retargeting pools of viewers',
  },
  LEAD_GENERATION: {
    goal: 'leads',
    pays_for: 'clicks or impressions; optimises for form submits',
    measures: 'leads, cost per lead, form completion rate',
    formats: ['image', 'video', 'carousel'],
    when: 'B2B pipeline without a landing page: the pre-filled form converts best',
  },
  WEBSITE_CONVERSION: {
    goal: 'conversions',
    pays_for: 'clicks or impressions; optimises for conversions',
    measures: 'conversions, cost per conversion, ROAS',
    formats: ['image', 'video', 'carousel', 'text'],
    when: 'demo requests, sign-ups and purchases on your site (needs a conversion rule: manage_proads_conversions)',
  },
};
const GOALS = ['awareness', 'traffic', 'engagement', 'video', 'leads', 'conversions'] as const;

export const explainObjectives = defineProAdsTool({
  name: 'explain_proads_objectives',
  description:
    "Describes the proads campaign objectives (what each pays for, measures and suits, which formats it allows) and recommends one for a goal (awareness, traffic, engagement, video, leads, conversions), noting the account's existing campaigns of that objective and whether a conversion rule exists.",
  access: 'read',
  args: { goal: v.optional(v.pipe(v.picklist(GOALS), v.description(`Your goal: ${GOALS.join(', ')}`))) },
  output: v.object({
    ad_account_id: v.string(),
    recommended: v.nullable(v.string()),
    objectives: v.array(
      v.object({
        objective_type: v.string(),
        goal: v.string(),
        pays_for: v.string(),
        measures: v.string(),
        formats: v.array(v.string()),
        when: v.string(),
        campaigns_in_account: v.number(),
      }),
    ),
    has_conversion_rule: v.boolean(),
  }),
  async run(args, ctx) {
    const [campaigns, conversions] = await Promise.all([ctx.platform.listCampaigns(), ctx.platform.listConversions()]);
    const objectives = (Object.entries(OBJECTIVES) as [ProAdsObjective, (typeof OBJECTIVES)[ProAdsObjective]][]).map(
      ([objective_type, o]) => ({
        objective_type,
        ...o,
        campaigns_in_account: campaigns.filter((c) => c.objective_type === objective_type && c.status !== 'PENDING_DELETION').length,
      }),
    );
    const recommended = args.goal ? objectives.find((o) => o.goal === args.goal)!.objective_type : null;
    const hasRule = conversions.some((c) => c.enabled);
    const text = [
      '## proads objectives',
      '',
      ...(recommended
        ? [
            `**Recommended for ${args.goal}: ${recommended}**: ${OBJECTIVES[recommended].when}.${recommended === 'WEBSITE_CONVERSION' && !hasRule ? ' This account has no enabled conversion rule yet: create one with manage_proads_conversions first.' : ''}`,
            '',
          ]
        : []),
      markdownTable(
        ['Objective', 'Goal', 'Pays for', 'Measures', 'Formats', 'Campaigns here'],
        objectives.map((o) => [o.objective_type, o.goal, o.pays_for, o.measures, o.formats.join(', '), o.campaigns_in_account]),
      ),
      '',
      'Next: select_proads_campaign_type for the format rules, then create_proads_image_campaign (or the video, carousel or text variant) with this objective.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, recommended, objectives, has_conversion_rule: hasRule } };
  },
});

// ---- Ad copy drafts.

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`.slice(0, max));

export const generateAdCreatives = defineProAdsTool({
  name: 'generate_proads_ad_creatives',
  description:
    "Drafts several proads ad copy variations (introductory text, headline, description, call to action) from business inputs, each within the format's limits (text ads: headline 25, description 75, no button; carousel intro 255; image and video intro 600 with 150 shown). Drafts are built from the inputs by templates (angles: outcome, proof, pain, offer) and nothing is created: pass one to add_proads_creative or add_proads_text_creative.",
  access: 'read',
  examples: [
    { business_name: 'Northwind', product: 'Northwind Cloud', audience: 'IT leaders', value_proposition: 'Cut cloud spend by a third' },
  ],
  args: {
    business_name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100), v.description('Company or brand name')),
    product: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200), v.description('What is advertised')),
    audience: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1),
      v.maxLength(200),
      v.description('Who it is for, e.g. "IT leaders at mid-size companies"'),
    ),
    value_proposition: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1),
      v.maxLength(300),
      v.description('The main benefit, e.g. "cut cloud costs 30%"'),
    ),
    proof_point: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200), v.description('A fact that backs it: a customer, a figure, an award')),
    ),
    offer: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100), v.description('What the click gets: "free trial", "the 2026 guide"')),
    ),
    format: v.optional(
      v.pipe(v.picklist(['image', 'video', 'carousel', 'text']), v.description('image (default), video, carousel or text')),
      'image',
    ),
    call_to_action: v.optional(ctaArg()),
    variations: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(8), v.description('How many drafts, 1-8; default 4')),
      4,
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    format: v.string(),
    drafts: v.array(
      v.object({
        angle: v.string(),
        intro_text: v.optional(v.string()),
        headline: v.string(),
        description: v.optional(v.string()),
        call_to_action: v.optional(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const spec = PROADS_FORMATS[args.format];
    const text = args.format === 'text';
    const headlineMax = spec.character_limits.headline?.max ?? spec.character_limits.card_headline?.max ?? 70;
    const introMax = Math.min(spec.character_limits.introductory_text?.max ?? 600, 150);
    const offer = args.offer ?? `see ${args.product}`;
    const cta =
      args.call_to_action ??
      (args.offer && /trial|demo/i.test(args.offer)
        ? 'SIGN_UP'
        : /guide|report|ebook|checklist/i.test(args.offer ?? '')
          ? 'DOWNLOAD'
          : 'LEARN_MORE');
    const angles = [
      {
        angle: 'outcome',
        intro: `${args.audience}: ${args.value_proposition} with ${args.product}.`,
        headline: args.value_proposition,
        description: `${args.product} by ${args.business_name}. ${offer}.`,
      },
      {
        angle: 'proof',
        intro: `${args.proof_point ?? `Teams like yours chose ${args.business_name}`}. ${args.value_proposition}.`,
        headline: args.proof_point ?? `Why teams pick ${args.business_name}`,
        description: `${args.value_proposition}. ${offer}.`,
      },
      {
        angle: 'pain',
        intro: `Still struggling without ${args.product}? ${args.audience} ${args.value_proposition.toLowerCase()} with ${args.business_name}.`,
        headline: `Stop wasting time: ${args.value_proposition}`,
        description: `Made for ${args.audience}. ${offer}.`,
      },
      {
        angle: 'offer',
        intro: `${offer[0]!.toUpperCase()}${offer.slice(1)}: ${args.product} for ${args.audience}.`,
        headline: `${offer[0]!.toUpperCase()}${offer.slice(1)}`,
        description: `${args.value_proposition} with ${args.business_name}.`,
      },
      {
        angle: 'question',
        intro: `What if ${args.audience} could ${args.value_proposition.toLowerCase()}? ${args.product} makes it routine.`,
        headline: `Ready to ${args.value_proposition.toLowerCase()}?`,
        description: `${args.business_name}: ${offer}.`,
      },
      {
        angle: 'brand',
        intro: `${args.business_name} builds ${args.product} for ${args.audience}.`,
        headline: `${args.business_name}: ${args.product}`,
        description: `${args.value_proposition}.`,
      },
    ];
    const drafts = Array.from({ length: args.variations }, (_, i) => {
      const a = angles[i % angles.length]!;
      const headline = clip(a.headline, text ? 25 : headlineMax);
      const draft = text
        ? { angle: a.angle, headline, description: clip(a.description, 75) }
        : {
            angle: i < angles.length ? a.angle : `${a.angle} ${Math.floor(i / angles.length) + 1}`,
            intro_text: clip(a.intro, introMax),
            headline,
            ...(args.format === 'image' ? { description: clip(a.description, 100) } : {}),
            call_to_action: cta,
          };
      return draft;
    }).filter(
      (d) =>
        copyProblems(
          args.format === 'text' ? 'TEXT_AD' : args.format === 'carousel' ? 'CAROUSEL' : args.format === 'video' ? 'VIDEO' : 'SINGLE_IMAGE',
          d,
        ).length === 0,
    );
    const adder = {
      image: 'add_proads_creative',
      video: 'add_proads_video_creative',
      carousel: 'add_proads_carousel_creative',
      text: 'add_proads_text_creative',
    }[args.format];
    const out = [
      `## ${drafts.length} ${args.format} ad draft(s) for ${args.business_name}`,
      '',
      markdownTable(
        text ? ['Angle', 'Headline', 'Description'] : ['Angle', 'Introductory text', 'Headline', 'CTA'],
        drafts.map((d) =>
          text
            ? [d.angle, d.headline, (d as { description: string }).description]
            : [d.angle, (d as { intro_text: string }).intro_text, d.headline, (d as { call_to_action: string }).call_to_action],
        ),
      ),
      '',
      `Every draft fits the ${args.format} limits. Edit to your voice, then create it with ${adder} (it starts paused in an active campaign). Calls to action available: ${text ? 'none on text ads' : CTA_VALUES.join(', ')}.`,
    ].join('\n');
    return { text: out, structured: { ad_account_id: ctx.account.account_id, format: args.format, drafts } };
  },
});

export const contentTools: ToolDefinition[] = [validateAndPrepareAssets, explainObjectives, generateAdCreatives];
