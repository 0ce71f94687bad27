import { adStatusText } from './shared';
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange, WritePlan } from '../../../core/plan';
import type { ToolContext, ToolDefinition } from '../../../core/tool';
import { isoDate } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineSocialAdsTool } from '../define';
import type { NewSocialAdsAd, NewSocialAdsAdSet, NewSocialAdsCampaign, SocialAdsCreative, SocialAdsPort } from '../port';
import { planImage, resolveInstagram, resolvePage } from './resolve';

/**
 * The socialads create family: a create is a chain of up to three entities (campaign → ad set → ad)
 * plus the images it uploads. A tool builds the chain from its arguments (reading only); the family
 * plans each entity (paused where asked, always paused under the owner's "create paused" guardrail),
 * the daily budgets it sets, and applies the chain step by step with ctx.step, so a retry after a
 * failure resumes without duplicates. Existing parents are referenced by id.
 */

/** An image an ad needs: one already in the account (hash) or one to upload from a URL. */
export type ImageRef = { hash: string } | { url: string };

export interface AdTemplate {
  name: string;
  ad_type: NewSocialAdsAd['ad_type'];
  status: 'ACTIVE' | 'PAUSED';
  /** The creative without its images; `images` fill image_hashes, `card_images` the cards' hashes. */
  creative: Omit<SocialAdsCreative, 'image_hashes'>;
  images: ImageRef[];
  card_images?: ImageRef[];
}

export interface Chain {
  summary: string;
  campaign?: NewSocialAdsCampaign;
  /** The ad set to create (its campaign: the new one, or `campaign_id`). */
  adSet?: Omit<NewSocialAdsAdSet, 'campaign_id'> & { campaign_id?: string };
  /** The ad to create (its ad set: the new one, or `ad_set_id` with `campaign_id`). */
  ad?: AdTemplate & { ad_set_id?: string; campaign_id?: string };
  notes: string[];
}

export const createOutput = v.object({
  ad_account_id: v.string(),
  campaign_id: v.nullable(v.string()),
  ad_set_id: v.nullable(v.string()),
  ad_id: v.nullable(v.string()),
  status: v.string(),
  image_hashes: v.array(v.string()),
  notes: v.array(v.string()),
});

const dailyOf = (e: { daily_budget?: number; lifetime_budget?: number; start_date: string; end_date?: string }) => {
  if (e.daily_budget !== undefined) return e.daily_budget;
  if (e.lifetime_budget !== undefined && e.end_date)
    return Math.round((e.lifetime_budget / (Math.round((Date.parse(e.end_date) - Date.parse(e.start_date)) / 86_400_000) + 1)) * 100) / 100;
  return undefined;
};

/** Defines a planned create of a campaign/ad set/ad chain. */
/** What a conversions ad set counts, for the plan's summary: ", counting PURCHASE on pixel "Shop" (123)". */
async function conversionText(ctx: ToolContext<SocialAdsPort>, adSet: Chain['adSet']): Promise<string> {
  const pixelId = adSet?.promoted_object?.pixel_id;
  if (!pixelId) return '';
  const pixel = (await ctx.platform.listPixels()).find((p) => p.id === pixelId);
  const event = adSet.promoted_object?.custom_event_type;
  return `, counting ${event ?? 'conversions'} on pixel ${pixel ? `"${pixel.name}" ` : ''}(${pixelId})`;
}

export function defineSocialAdsCreate<Entries extends v.ObjectEntries>(spec: {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  args: Entries;
  rules?: ((args: v.InferOutput<v.ObjectSchema<Entries, undefined>>) => string | undefined)[];
  longRunning?: boolean;
  build(args: v.InferOutput<v.ObjectSchema<Entries, undefined>>, ctx: ToolContext<SocialAdsPort>): Promise<Chain>;
}): ToolDefinition {
  return defineSocialAdsTool({
    name: spec.name,
    description: spec.description,
    examples: spec.examples,
    access: 'write',
    longRunning: spec.longRunning,
    args: spec.args,
    rules: spec.rules as never,
    output: createOutput,
    async plan(args, ctx): Promise<WritePlan<Chain>> {
      const chain = await spec.build(args, ctx);
      // The owner's guardrail: nothing created may spend at once.
      if (ctx.createPaused) {
        for (const e of [chain.campaign, chain.adSet, chain.ad]) if (e && e.status === 'ACTIVE') e.status = 'PAUSED';
        chain.notes.push('Created PAUSED by the account\'s "create paused" setting.');
      }
      const changes: PlannedChange[] = [];
      const budgets: NonNullable<WritePlan['budgets']> = [];
      const currency = ctx.account.currency;
      const campaignPaused = chain.campaign ? chain.campaign.status === 'PAUSED' : false;
      if (chain.campaign) {
        const c = chain.campaign;
        changes.push({
          action: 'create',
          entity: 'campaign',
          name: c.name,
          fields: {
            objective: { after: c.objective },
            status: { after: c.status },
            ...(c.daily_budget !== undefined ? { daily_budget: { after: c.daily_budget } } : {}),
            ...(c.lifetime_budget !== undefined ? { lifetime_budget: { after: c.lifetime_budget } } : {}),
            start_date: { after: c.start_date },
          },
          startsPaused: c.status === 'PAUSED',
        });
        const d = dailyOf(c);
        if (d !== undefined) budgets.push({ entity: 'campaign', name: c.name, after: d, currency });
      }
      if (chain.adSet) {
        const s = chain.adSet;
        changes.push({
          action: 'create',
          entity: 'ad_set',
          name: s.name,
          fields: {
            status: { after: s.status },
            optimization_goal: { after: s.optimization_goal },
            ...(s.daily_budget !== undefined ? { daily_budget: { after: s.daily_budget } } : {}),
            ...(s.lifetime_budget !== undefined ? { lifetime_budget: { after: s.lifetime_budget } } : {}),
            ...(s.promoted_object?.pixel_id ? { pixel_id: { after: s.promoted_object.pixel_id } } : {}),
            ...(s.promoted_object?.custom_event_type ? { conversion_event: { after: s.promoted_object.custom_event_type } } : {}),
            targeting: { after: s.targeting },
          },
          startsPaused: s.status === 'PAUSED' || campaignPaused,
        });
        const d = dailyOf(s);
        if (d !== undefined) budgets.push({ entity: 'ad_set', name: s.name, after: d, currency });
      }
      if (chain.ad) {
        const a = chain.ad;
        changes.push({
          action: 'create',
          entity: 'ad',
          name: a.name,
          fields: {
            ad_type: { after: a.ad_type },
            status: { after: a.status },
            link: { after: a.creative.link },
            images: { after: [...a.images, ...(a.card_images ?? [])].map((i) => ('hash' in i ? i.hash : `upload ${i.url}`)) },
          },
          startsPaused: a.status === 'PAUSED' || campaignPaused || chain.adSet?.status === 'PAUSED',
        });
      }
      if (
        budgets.some((b) => b.after !== undefined) &&
        (chain.campaign?.lifetime_budget !== undefined || chain.adSet?.lifetime_budget !== undefined)
      )
        chain.notes.push('A lifetime budget is planned as its even daily share over the flight.');
      return { summary: chain.summary + (await conversionText(ctx, chain.adSet)), changes, budgets, notes: chain.notes, data: chain };
    },
    async apply(plan, _args, ctx) {
      const chain = plan.data;
      const p = ctx.platform;
      const campaign = chain.campaign ? await ctx.step('create_campaign', () => p.createCampaign(chain.campaign!)) : undefined;
      const adSet = chain.adSet
        ? await ctx.step('create_ad_set', () => p.createAdSet({ ...chain.adSet!, campaign_id: campaign?.id ?? chain.adSet!.campaign_id! }))
        : undefined;
      const hashes: string[] = [];
      const hashOf = async (ref: ImageRef) => {
        if ('hash' in ref) return ref.hash;
        return ctx.step(
          `upload_image_${ref.url}`,
          async () =>
            (await p.uploadImage({ url: ref.url, name: decodeURIComponent(new URL(ref.url).pathname.split('/').pop() || 'image.jpg') }))
              .hash,
        );
      };
      let ad;
      if (chain.ad) {
        const a = chain.ad;
        for (const ref of a.images) hashes.push(await hashOf(ref));
        const cardHashes: string[] = [];
        for (const ref of a.card_images ?? []) cardHashes.push(await hashOf(ref));
        const creative = JSON.parse(
          JSON.stringify({
            ...a.creative,
            image_hashes: hashes,
            ...(a.creative.cards ? { cards: a.creative.cards.map((card, i) => ({ ...card, image_hash: cardHashes[i] })) } : {}),
          }),
        ) as SocialAdsCreative;
        ad = await ctx.step('create_ad', () =>
          p.createAd({
            ad_set_id: adSet?.id ?? a.ad_set_id!,
            campaign_id: campaign?.id ?? adSet?.campaign_id ?? a.campaign_id!,
            name: a.name,
            status: a.status,
            ad_type: a.ad_type,
            creative,
            start_date: isoDate(ctx.now),
          }),
        );
        hashes.push(...cardHashes);
      }
      const currency = ctx.account.currency;
      const status = chain.campaign?.status ?? chain.adSet?.status ?? chain.ad?.status ?? 'PAUSED';
      const rows: [string, string, string, string][] = [];
      if (campaign)
        rows.push([
          'Campaign',
          campaign.name,
          campaign.id,
          `${campaign.objective}, ${campaign.status}${campaign.daily_budget !== undefined ? `, ${money(campaign.daily_budget, currency)}/day` : ''}`,
        ]);
      if (adSet)
        rows.push([
          'Ad set',
          adSet.name,
          adSet.id,
          `${adSet.optimization_goal}, ${adSet.status}${adSet.daily_budget !== undefined ? `, ${money(adSet.daily_budget, currency)}/day` : ''}`,
        ]);
      if (ad) rows.push(['Ad', ad.name, ad.id, `${ad.ad_type}, ${adStatusText(ad)}`]);
      const notes = [...(plan.notes ?? [])];
      if (ad) notes.push('The ad is reviewed by the platform (usually within 24 hours) before it can deliver.');
      const text = [
        `## ${chain.summary}`,
        '',
        markdownTable(['Level', 'Name', 'Id', 'Details'], rows),
        ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []),
        '',
        status === 'PAUSED'
          ? `Everything new starts PAUSED: when reviewed, start it with ${campaign ? 'resume_socialads_campaign' : adSet ? 'update_socialads_ad_set status ACTIVE' : 'update_socialads_ad status ACTIVE'}.`
          : 'Created ACTIVE: it spends once the ad is approved.',
      ].join('\n');
      return {
        text,
        structured: {
          ad_account_id: ctx.account.account_id,
          campaign_id: campaign?.id ?? null,
          ad_set_id: adSet?.id ?? chain.ad?.ad_set_id ?? null,
          ad_id: ad?.id ?? null,
          status,
          image_hashes: hashes,
          notes,
        },
      };
    },
  });
}

/** An image argument as a reference: an existing hash (must be in this account) or a URL to upload. */
export async function imageRef(
  ctx: ToolContext<SocialAdsPort>,
  hash: string | undefined,
  url: string | undefined,
  field: string,
): Promise<ImageRef> {
  if (hash) return { hash: (await planImage(ctx, hash, field, false)).hash };
  if (url) return { url };
  throw new ToolError(`give \`${field}\` or an image URL`);
}

/** Page and photo-app profile of new ads (page_id / profile_id arguments). */
export async function pageAndProfile(ctx: ToolContext<SocialAdsPort>, pageId: string | undefined, profileId: string | undefined) {
  const { page } = await resolvePage(ctx.platform, pageId, undefined, ctx.account.account_id, 'page_id');
  const profile = await resolveInstagram(ctx.platform, profileId, page, 'profile_id');
  return { page, profile };
}

export const createStatusArg = v.optional(
  v.pipe(v.picklist(['ACTIVE', 'PAUSED']), v.description('PAUSED (default: review before it spends) or ACTIVE')),
  'PAUSED',
);
export const pageArgs = {
  page_id: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{6,20}$/, 'must be a numeric page id from list_socialads_pages'),
      v.description('Page the ads run as; auto-detected with one promotable page, otherwise the tool asks'),
    ),
  ),
  profile_id: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{6,20}$/, 'must be a numeric profile id from list_socialads_instagram_accounts'),
      v.description("Photo-app profile the ads show as; default the page's linked profile"),
    ),
  ),
};
