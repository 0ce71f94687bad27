import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { WritePlan } from '../../../core/plan';
import { isoDate } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineSocialAdsTool } from '../define';
import type {
  NewSocialAdsAd,
  NewSocialAdsAdSet,
  NewSocialAdsCampaign,
  SocialAdsAd,
  SocialAdsAdSet,
  SocialAdsCampaign,
  SocialAdsProductFilterRule,
} from '../port';
import { resolveCatalog } from './catalog-tools';
import { matchesFilter } from '../product-filter';

/** socialads writes that copy or prepare: product sets, campaign duplication, asset upload. */

const FILTER_FIELDS = ['category', 'brand', 'availability', 'price', 'custom_label_0'] as const;
const ruleEntry = v.strictObject({
  field: v.pipe(v.picklist(FILTER_FIELDS), v.description('category, brand, availability, price or custom_label_0')),
  operator: v.pipe(v.picklist(['eq', 'neq', 'contains', 'lt', 'gt']), v.description('eq, neq, contains (text), lt, gt (price)')),
  value: v.pipe(v.union([v.string(), v.number()]), v.description('The value to compare with')),
});

export const createSocialAdsProductSet = defineSocialAdsTool({
  name: 'create_socialads_product_set',
  description:
    'Creates a product set in a socialads catalog from filter rules (every rule must hold: category, brand, availability, price, custom_label_0 with eq, neq, contains, lt, gt). Shows how many products it selects before it is created; refuses a set that selects none. Use it in add_socialads_catalog_ad_set or update_socialads_catalog_ad_set.',
  access: 'write',
  examples: [{ name: 'Example set', rules: [{ field: 'price', operator: 'gt', value: 100 }] }],
  args: {
    catalog_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{6,25}$/, 'must be a numeric catalog id from list_socialads_catalogs'),
        v.description('The catalog; default the only catalog'),
      ),
    ),
    name: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200), v.description('Product set name')),
    rules: v.pipe(
      v.array(ruleEntry),
      v.maxLength(10, 'at most 10 rules'),
      v.description('Filter rules, all must hold; an empty list selects every product'),
    ),
  },
  rules: [
    (a) =>
      a.rules
        .map((r, i) =>
          (r.operator === 'lt' || r.operator === 'gt') && (r.field !== 'price' || typeof r.value !== 'number')
            ? `\`rules[${i}]\`: lt and gt compare the numeric price`
            : undefined,
        )
        .find(Boolean),
  ],
  output: v.object({ catalog_id: v.string(), product_set_id: v.string(), name: v.string(), product_count: v.number() }),
  async plan(args, ctx): Promise<WritePlan<{ catalog_id: string; name: string; rules: SocialAdsProductFilterRule[]; matching: number }>> {
    const catalog = await resolveCatalog(ctx.platform, args.catalog_id);
    const [sets, products] = await Promise.all([ctx.platform.listProductSets(catalog.id), ctx.platform.listProducts(catalog.id)]);
    if (sets.some((s) => s.name.toLowerCase() === args.name.toLowerCase()))
      throw new ToolError(
        `Catalog "${catalog.name}" already has a product set named "${args.name}". Choose another name (list_socialads_product_sets).`,
      );
    const matching = products.filter((p) => matchesFilter(p, args.rules));
    if (!matching.length)
      throw new ToolError(
        `These rules select no product of "${catalog.name}" (${products.length} products). Check the values with list_socialads_products.`,
      );
    return {
      summary: `Create product set "${args.name}" in "${catalog.name}" (${matching.length} products)`,
      changes: [
        {
          action: 'create',
          entity: 'product_set',
          name: args.name,
          fields: { rules: { after: args.rules }, product_count: { after: matching.length } },
          startsPaused: true,
        },
      ],
      notes: [
        `Selects ${matching
          .slice(0, 5)
          .map((p) => p.name)
          .join(', ')}${matching.length > 5 ? ` and ${matching.length - 5} more` : ''}.`,
      ],
      data: { catalog_id: catalog.id, name: args.name, rules: args.rules, matching: matching.length },
    };
  },
  async apply(plan, _args, ctx) {
    const set = await ctx.step('create_product_set', () =>
      ctx.platform.createProductSet({ catalog_id: plan.data.catalog_id, name: plan.data.name, filter: plan.data.rules }),
    );
    return {
      text: [
        `## Product set "${set.name}" created`,
        '',
        `Id ${set.id}, ${set.product_count} products.`,
        ...(plan.notes ?? []).map((n) => `- ${n}`),
        '',
        'Use it with add_socialads_catalog_ad_set or update_socialads_catalog_ad_set (product_set_id).',
      ].join('\n'),
      structured: { catalog_id: set.catalog_id, product_set_id: set.id, name: set.name, product_count: set.product_count },
    };
  },
});

interface CopyData {
  campaign: SocialAdsCampaign;
  name: string;
  adSets: SocialAdsAdSet[];
  ads: SocialAdsAd[];
  start_date: string;
}

const strip = <T extends { id: string; created_at: string }>(e: T) => {
  const { id: _id, created_at: _c, ...rest } = e;
  return rest;
};

export const duplicateSocialAdsCampaign = defineSocialAdsTool({
  name: 'duplicate_socialads_campaign',
  description:
    'Copies a socialads campaign with its ad sets and ads (settings, budgets, targeting, creatives) into a new campaign that starts PAUSED; archived ad sets and ads are left out unless include_archived. Each entity is a checkpointed step, so a retry resumes without duplicates. The copies go through ad review.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_socialads_campaigns>' }],
  longRunning: false,
  args: {
    campaign_id: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{6,25}$/, 'must be a numeric campaign id from list_socialads_campaigns'),
      v.description('The campaign to copy (from list_socialads_campaigns)'),
    ),
    new_name: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(400), v.description('Name of the copy; default "<name> - Copy"')),
    ),
    include_ads: v.optional(v.pipe(v.boolean(), v.description('Copy the ads too; default true')), true),
    include_archived: v.optional(v.pipe(v.boolean(), v.description('Also copy archived ad sets and ads; default false')), false),
    start_date: v.optional(
      v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'), v.description('First day of the copy; default today')),
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    source_campaign_id: v.string(),
    campaign_id: v.string(),
    ad_set_ids: v.array(v.string()),
    ad_ids: v.array(v.string()),
    status: v.literal('PAUSED'),
  }),
  async plan(args, ctx): Promise<WritePlan<CopyData>> {
    const campaigns = await ctx.platform.listCampaigns();
    const campaign = campaigns.find((c) => c.id === args.campaign_id);
    if (!campaign)
      throw new ToolError(
        `\`campaign_id\` "${args.campaign_id}" is not a campaign of this ad account. Find ids with list_socialads_campaigns.`,
        { code: 'not_found' },
      );
    const today = isoDate(ctx.now);
    const start = args.start_date ?? today;
    if (start < today) throw new ToolError(`\`start_date\` ${start} is in the past; use today (${today}) or later.`);
    const keep = (s: { status: string }) => args.include_archived || (s.status !== 'ARCHIVED' && s.status !== 'DELETED');
    const adSets = (await ctx.platform.listAdSets()).filter((s) => s.campaign_id === campaign.id && keep(s));
    const setIds = new Set(adSets.map((s) => s.id));
    const ads = args.include_ads ? (await ctx.platform.listAds()).filter((a) => setIds.has(a.ad_set_id) && keep(a)) : [];
    const name = args.new_name ?? `${campaign.name} - Copy`;
    if (campaign.end_date && campaign.end_date < start) (campaign as { end_date?: string }).end_date = undefined;
    const currency = ctx.account.currency;
    const budgets: NonNullable<WritePlan['budgets']> = [];
    if (campaign.daily_budget !== undefined) budgets.push({ entity: 'campaign', name, after: campaign.daily_budget, currency });
    for (const s of adSets)
      if (s.daily_budget !== undefined) budgets.push({ entity: 'ad_set', name: s.name, after: s.daily_budget, currency });
    const notes = [`Everything is copied PAUSED: resume the copy with resume_socialads_campaign after review.`];
    if (campaign.lifetime_budget !== undefined || adSets.some((s) => s.lifetime_budget !== undefined))
      notes.push('Lifetime budgets are copied as they are; set new dates with update_socialads_campaign.');
    return {
      summary: `Duplicate campaign "${campaign.name}" as "${name}" (${adSets.length} ad sets, ${ads.length} ads), paused`,
      changes: [
        {
          action: 'create',
          entity: 'campaign',
          name,
          fields: { objective: { after: campaign.objective }, status: { after: 'PAUSED' }, copy_of: { after: campaign.id } },
          startsPaused: true,
        },
        ...adSets.map((s) => ({
          action: 'create' as const,
          entity: 'ad_set',
          name: s.name,
          fields: { status: { after: 'PAUSED' }, copy_of: { after: s.id } },
          startsPaused: true,
        })),
        ...ads.map((a) => ({
          action: 'create' as const,
          entity: 'ad',
          name: a.name,
          fields: { status: { after: 'PAUSED' }, copy_of: { after: a.id } },
          startsPaused: true,
        })),
      ],
      budgets,
      notes,
      data: { campaign, name, adSets, ads, start_date: start },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, name, adSets, ads, start_date } = plan.data;
    const p = ctx.platform;
    const copy = await ctx.step('copy_campaign', () =>
      p.createCampaign(JSON.parse(JSON.stringify({ ...strip(campaign), name, status: 'PAUSED', start_date })) as NewSocialAdsCampaign),
    );
    const setIds: Record<string, string> = {};
    for (const s of adSets) {
      const created = await ctx.step(`copy_ad_set_${s.id}`, () =>
        p.createAdSet(
          JSON.parse(
            JSON.stringify({
              ...strip(s),
              campaign_id: copy.id,
              status: 'PAUSED',
              start_date: s.start_date > start_date ? s.start_date : start_date,
              end_date: s.end_date && s.end_date >= start_date ? s.end_date : undefined,
            }),
          ) as NewSocialAdsAdSet,
        ),
      );
      setIds[s.id] = created.id;
    }
    const adIds: string[] = [];
    for (const a of ads) {
      const { effective_status: _e, ...rest } = a;
      const created = await ctx.step(`copy_ad_${a.id}`, () =>
        p.createAd(
          JSON.parse(
            JSON.stringify({
              ...strip(rest as SocialAdsAd),
              ad_set_id: setIds[a.ad_set_id],
              campaign_id: copy.id,
              status: 'PAUSED',
              start_date,
            }),
          ) as NewSocialAdsAd,
        ),
      );
      adIds.push(created.id);
    }
    const currency = ctx.account.currency;
    const text = [
      `## Campaign "${campaign.name}" duplicated as "${name}"`,
      '',
      markdownTable(
        ['Level', 'Copied', 'New id', 'Budget'],
        [
          [
            'Campaign',
            campaign.name,
            copy.id,
            campaign.daily_budget !== undefined ? `${money(campaign.daily_budget, currency)}/day` : null,
          ],
          ...adSets.map(
            (s) =>
              ['Ad set', s.name, setIds[s.id], s.daily_budget !== undefined ? `${money(s.daily_budget, currency)}/day` : null] as [
                string,
                string,
                string,
                string | null,
              ],
          ),
          ...ads.map((a, i) => ['Ad', a.name, adIds[i], null] as [string, string, string, null]),
        ],
      ),
      '',
      ...(plan.notes ?? []).map((n) => `- ${n}`),
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        source_campaign_id: campaign.id,
        campaign_id: copy.id,
        ad_set_ids: Object.values(setIds),
        ad_ids: adIds,
        status: 'PAUSED' as const,
      },
    };
  },
});

/** Image specs of socialads placements: minimum size, accepted aspect ratios. */
const MIN_WIDTH = 600;
const RATIOS: Record<string, [number, number][]> = {
  feed: [
    [1, 1],
    [4, 5],
    [1.91, 1],
  ],
  stories_reels: [[9, 16]],
  right_column: [
    [1.91, 1],
    [1, 1],
  ],
};
const ratioOk = (w: number, h: number, placement: string) => (RATIOS[placement] ?? []).some(([a, b]) => Math.abs(w / h - a / b) <= 0.03);

export const validateAndPrepareSocialAdsAssets = defineSocialAdsTool({
  name: 'validate_and_prepare_socialads_assets',
  description:
    'Validates image URLs against socialads image specs (JPG or PNG, HTTPS or HTTP URL, at least 600 px wide, an aspect ratio the placement accepts: feed 1:1, 4:5 or 1.91:1; stories_reels 9:16; right_column 1.91:1 or 1:1) and uploads them to the ad account for image hashes (an image already uploaded keeps its hash). Use the hashes in existing_image_hash of add_socialads_ad and the create tools.',
  access: 'write',
  examples: [{ image_urls: ['https://cdn.example.com/hero-1080x1080.jpg'] }],
  args: {
    image_urls: v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.url('must be a valid URL'))),
      v.minLength(1),
      v.maxLength(20, 'at most 20 images per call'),
      v.description('Public image URLs (JPG or PNG)'),
    ),
    placement: v.optional(
      v.pipe(
        v.picklist(['feed', 'stories_reels', 'right_column']),
        v.description('Placement to check the aspect ratio against, default feed'),
      ),
      'feed',
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    placement: v.string(),
    images: v.array(
      v.object({
        url: v.string(),
        valid: v.boolean(),
        problems: v.array(v.string()),
        hash: v.nullable(v.string()),
        width: v.nullable(v.number()),
        height: v.nullable(v.number()),
      }),
    ),
  }),
  async plan(args, ctx) {
    const known = await ctx.platform.listImages();
    const checked = args.image_urls.map((url) => {
      const problems: string[] = [];
      if (!/^https?:\/\//i.test(url)) problems.push('not an http(s) URL');
      if (!/\.(jpe?g|png)$/i.test(new URL(url).pathname)) problems.push('not a JPG or PNG file');
      return { url, problems, existing: known.find((i) => i.url === url)?.hash ?? null };
    });
    const toUpload = checked.filter((c) => !c.problems.length && !c.existing);
    return {
      summary: `Validate ${args.image_urls.length} image(s) for ${args.placement} and upload ${toUpload.length}`,
      changes: toUpload.map((c) => ({
        action: 'create' as const,
        entity: 'image',
        name: c.url,
        fields: { url: { after: c.url } },
        startsPaused: true,
      })),
      notes: checked.filter((c) => c.problems.length).map((c) => `${c.url}: ${c.problems.join(', ')} (not uploaded)`),
      data: { checked, placement: args.placement },
    };
  },
  async apply(plan, _args, ctx) {
    const { checked, placement } = plan.data;
    const images = [];
    for (const c of checked) {
      if (c.problems.length) {
        images.push({ url: c.url, valid: false, problems: c.problems, hash: null, width: null, height: null });
        continue;
      }
      const image = await ctx.step(`upload_image_${c.url}`, () =>
        ctx.platform.uploadImage({ url: c.url, name: decodeURIComponent(new URL(c.url).pathname.split('/').pop() || 'image.jpg') }),
      );
      const problems: string[] = [];
      if (image.width < MIN_WIDTH) problems.push(`${image.width} px wide, under the ${MIN_WIDTH} px minimum`);
      if (!ratioOk(image.width, image.height, placement))
        problems.push(
          `aspect ratio ${image.width}x${image.height} does not fit ${placement} (${RATIOS[placement]!.map(([a, b]) => `${a}:${b}`).join(', ')})`,
        );
      images.push({ url: c.url, valid: problems.length === 0, problems, hash: image.hash, width: image.width, height: image.height });
    }
    const text = [
      `## Images checked for ${placement}`,
      '',
      markdownTable(
        ['Image', 'Valid', 'Size', 'Hash', 'Problems'],
        images.map((i) => [i.url, i.valid ? 'yes' : 'no', i.width ? `${i.width}x${i.height}` : null, i.hash, i.problems.join('; ')]),
      ),
      '',
      'Use valid hashes as existing_image_hash in add_socialads_ad, create_socialads_image_campaign or create_socialads_dco_ad (existing_image_hashes). An uploaded image with a problem keeps its hash but should be replaced for this placement.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, placement, images } };
  },
});
