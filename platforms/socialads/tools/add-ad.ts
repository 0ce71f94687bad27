import { adStatusText } from './shared';
import * as v from 'valibot';
import { characterLength } from '../../../core/arguments';
import { ToolError } from '../../../core/errors';
import { isoDate } from '../../../core/dates';
import { markdownTable } from '../../../core/markdown';
import { defineSocialAdsTool } from '../define';
import type { NewSocialAdsAd, SocialAdsCarouselCard, SocialAdsCreative, SocialAdsImage } from '../port';
import {
  CALL_TO_ACTIONS,
  cleanUrlTags,
  creativeFeaturesRule,
  descriptionSchema,
  headlineSchema,
  hostOf,
  httpsUrl,
  imageHash,
  primaryTextSchema,
  sameSite,
  videoId,
  webUrl,
} from './creative-rules';
import { checkVideo, planImage, resolveInstagram, resolvePage, type ImagePlan } from './resolve';

const placementVideo = (placement: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => /^\d{6,20}$/.test(s) || /^https:\/\/\S+$/.test(s), 'must be a public HTTPS MP4 URL or an existing video id'),
      v.description(`Video for ${placement}: a public HTTPS MP4 URL or an existing video id`),
    ),
  );

const cardSchema = v.strictObject({
  headline: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'is required on every card'),
    characterLength({ max: 255 }),
    v.description('Card headline (required)'),
  ),
  existing_image_hash: v.optional(imageHash('Image hash of the card image (from discover_socialads_assets)')),
  image_hash: v.optional(imageHash('Alias of existing_image_hash')),
  image_url: v.optional(webUrl('Public URL of the card image; uploaded to the account')),
  landing_page_url: v.optional(httpsUrl('Card destination; falls back to the ad-level landing_page_url')),
  description: v.optional(v.pipe(v.string(), v.trim(), characterLength({ max: 20 }), v.description('Card description, max 20 characters'))),
  call_to_action: v.optional(v.pipe(v.picklist(CALL_TO_ACTIONS), v.description('Card call to action; defaults to the ad call_to_action'))),
  video_url: v.optional(v.pipe(v.string(), v.description('Not supported: carousel cards need an image'))),
  existing_video_id: v.optional(v.pipe(v.string(), v.description('Not supported: carousel cards need an image'))),
});

type Args = {
  ad_type: 'image' | 'video' | 'carousel';
  [key: string]: unknown;
};

const present = (args: Record<string, unknown>, fields: string[]) => fields.filter((f) => args[f] !== undefined);
const list = (fields: string[]) => fields.map((f) => `\`${f}\``).join(', ');

/** Fields that only some ad types take. */
const ONLY_FOR: Record<string, Args['ad_type'][]> = {
  image_url: ['image'],
  image_urls: ['image'],
  story_image_url: ['image'],
  right_column_image_url: ['image'],
  existing_image_hash: ['image', 'video'],
  video_url: ['video'],
  existing_video_id: ['video'],
  thumbnail_url: ['video'],
  placement_specific_videos: ['video'],
  cards: ['carousel'],
  primary_texts: ['image', 'video'],
  headlines: ['image', 'video'],
  descriptions: ['image', 'video'],
  display_link: ['image', 'carousel'],
};

export const addSocialAdsAd = defineSocialAdsTool({
  name: 'add_socialads_ad',
  description:
    'Adds an ad (image, video or carousel) to an existing socialads ad set. Checks that the creative source matches ad_type, the copy limits, HTTPS links and the display link; picks the page automatically when only one promotable page applies (otherwise lists the pages and asks); fetches the lead form of lead campaigns; can copy an image from another connected account of the same owner (auto_copy_creative). The ad enters review and is visible in list_socialads_ads.',
  access: 'write',
  examples: [
    {
      ad_set_id: '<ad_set_id from list_socialads_ad_sets>',
      ad_type: 'image',
      landing_page_url: 'https://www.example.com/trail',
      existing_image_hash: '<existing_image_hash from discover_socialads_assets>',
      primary_text: 'Gear that goes further',
      headline: 'Trail-tested packs',
      facebook_page_id: '<facebook_page_id from list_socialads_pages>',
    },
  ],
  args: {
    ad_set_id: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{6,20}$/, 'must be a numeric ad set id from list_socialads_ad_sets'),
      v.description('Ad set to add the ad to (list_socialads_ad_sets)'),
    ),
    ad_type: v.pipe(
      v.picklist(['image', 'video', 'carousel']),
      v.description('image, video or carousel; must match the creative source given'),
    ),
    landing_page_url: httpsUrl('Destination of the ad (HTTPS)'),
    auto_copy_creative: v.optional(
      v.pipe(
        v.boolean(),
        v.description(
          'Default false. When an image hash belongs to another connected socialads account of yours, true copies the image into this account (creates a new asset: confirm with the user first); false blocks with an explanation. Does not apply to videos.',
        ),
      ),
      false,
    ),
    image_url: v.optional(webUrl('Image ads: public URL of the image; uploaded to the account')),
    existing_image_hash: v.optional(imageHash('Image hash from discover_socialads_assets; for video ads it is the thumbnail')),
    asset_bundle_id: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Existing asset feed (dynamic creative bundle) id')),
    ),
    story_image_url: v.optional(webUrl('Image ads: Stories/Reels placement image, 9:16 (1080x1920 recommended)')),
    right_column_image_url: v.optional(webUrl('Image ads: right-column placement image, 1.91:1 (1200x628 recommended)')),
    video_url: v.optional(httpsUrl('Video ads: public HTTPS MP4 URL; uploaded to the account')),
    existing_video_id: v.optional(videoId('Video ads: id of a video already in the account')),
    thumbnail_url: v.optional(webUrl('Video ads: thumbnail image URL')),
    placement_specific_videos: v.optional(
      v.pipe(
        v.strictObject({
          feed: placementVideo('feeds'),
          stories_reels: placementVideo('Stories and Reels'),
          right_column: placementVideo('the right column'),
        }),
        v.check((o) => Object.values(o).some((x) => x !== undefined), 'must name at least one of feed, stories_reels, right_column'),
        v.description(
          'Video ads: one video per placement (keys feed, stories_reels, right_column); excludes video_url / existing_video_id',
        ),
      ),
    ),
    cards: v.optional(
      v.pipe(
        v.array(cardSchema),
        v.minLength(2, 'must have at least 2 cards'),
        v.maxLength(10, 'must have at most 10 cards'),
        v.description('Carousel ads: 2-10 cards, each with a headline and ONE of existing_image_hash (alias image_hash) or image_url'),
      ),
    ),
    primary_text: v.optional(
      v.pipe(primaryTextSchema, v.description('Primary text, max 2200 characters (125 recommended); give this or primary_texts')),
    ),
    primary_texts: v.optional(
      v.pipe(
        v.array(primaryTextSchema),
        v.minLength(2, 'must have 2-5 variations'),
        v.maxLength(5, 'must have 2-5 variations'),
        v.description('2-5 primary text variations (dynamic creative); not for carousel'),
      ),
    ),
    headline: v.optional(v.pipe(headlineSchema, v.description('Headline, max 255 characters (40 recommended)'))),
    headlines: v.optional(
      v.pipe(
        v.array(headlineSchema),
        v.minLength(2, 'must have 2-5 variations'),
        v.maxLength(5, 'must have 2-5 variations'),
        v.description('2-5 headline variations; not for carousel (use cards[].headline)'),
      ),
    ),
    description: v.optional(v.pipe(descriptionSchema, v.description('Description, max 255 characters (30 recommended)'))),
    descriptions: v.optional(
      v.pipe(
        v.array(descriptionSchema),
        v.minLength(1, 'must have 1-5 variations'),
        v.maxLength(5, 'must have at most 5 variations'),
        v.description('Up to 5 description variations; not for carousel'),
      ),
    ),
    image_urls: v.optional(
      v.pipe(
        v.array(webUrl('Image URL')),
        v.minLength(2, 'must have 2-10 images'),
        v.maxLength(10, 'must have 2-10 images'),
        v.description(
          'Image ads: 2-10 image URLs (multi-image dynamic creative); excludes image_url, existing_image_hash, story_image_url',
        ),
      ),
    ),
    call_to_action: v.optional(
      v.pipe(v.picklist(CALL_TO_ACTIONS), v.description('Call-to-action button, default LEARN_MORE')),
      'LEARN_MORE',
    ),
    display_link: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1),
        v.maxLength(1024),
        v.description('Caption domain shown on the ad; must match or redirect to the landing page domain; not for video'),
      ),
    ),
    lead_form_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{6,20}$/, 'must be a numeric lead form id'),
        v.description('Lead campaigns: instant form; fetched from the campaign when omitted'),
      ),
    ),
    facebook_page_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{6,20}$/, 'must be a numeric page id from list_socialads_pages'),
        v.description(
          'Page the ad runs as; auto-detected when only one promotable page applies, otherwise the tool lists the pages and asks',
        ),
      ),
    ),
    instagram_account_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{6,20}$/, 'must be a numeric linked profile id from list_socialads_pages'),
        v.description("Linked social profile (from list_socialads_pages); defaults to the page's linked profile"),
      ),
    ),
    ad_name: v.optional(v.pipe(v.string(), v.trim(), characterLength({ min: 1, max: 400 }), v.description('Name of the ad'))),
    name: v.optional(v.pipe(v.string(), v.trim(), characterLength({ min: 1, max: 400 }), v.description('Alias of ad_name'))),
    multi_advertiser: v.optional(v.pipe(v.boolean(), v.description('false opts out of multi-advertiser ads; unset = platform default'))),
    url_tags: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(1024),
        v.description('UTM-style parameters appended on every click (utm_source=...&utm_medium=...); a leading ? is stripped'),
      ),
    ),
    advantage_plus_creative: v.optional(v.pipe(v.boolean(), v.description('false opts out of all Advantage+ creative (AI) enhancements'))),
    disabled_creative_features: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim())),
        v.description("Granular opt-outs, e.g. image_touchups, text_optimizations, music; 'standard_enhancements' is rejected"),
      ),
    ),
    deep_link_url_ios: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.description('iOS deep link; only effective in app-promotion campaigns')),
    ),
    deep_link_url_android: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Android deep link; only effective in app-promotion campaigns')),
    ),
  },
  rules: [
    (a) =>
      (a.primary_text !== undefined) === (a.primary_texts !== undefined)
        ? a.primary_text !== undefined
          ? '`primary_text` and `primary_texts` are mutually exclusive; give exactly one'
          : 'exactly one of `primary_text` or `primary_texts` is required'
        : undefined,
    (a) =>
      a.headline !== undefined && a.headlines !== undefined ? '`headline` and `headlines` are mutually exclusive; give one' : undefined,
    (a) =>
      a.description !== undefined && a.descriptions !== undefined
        ? '`description` and `descriptions` are mutually exclusive; give one'
        : undefined,
    (a) =>
      a.ad_name !== undefined && a.name !== undefined && a.ad_name !== a.name ? '`name` is an alias of `ad_name`; give one' : undefined,
    // Fields that do not belong to this ad type.
    (a) =>
      Object.entries(ONLY_FOR)
        .filter(([field, types]) => (a as Record<string, unknown>)[field] !== undefined && !types.includes(a.ad_type))
        .map(([field, types]) =>
          field === 'primary_texts' || field === 'headlines' || field === 'descriptions'
            ? `\`${field}\` is not for carousel ads${field === 'headlines' ? ' (use cards[].headline)' : field === 'primary_texts' ? ' (give one primary_text)' : ''}`
            : `\`${field}\` only applies to ad_type ${types.join(' or ')}, not ${a.ad_type}`,
        ),
    // Each ad type needs its creative source.
    (a) => {
      const r = a as Record<string, unknown>;
      if (a.ad_type === 'image') {
        if (!present(r, ['image_url', 'existing_image_hash', 'image_urls', 'asset_bundle_id']).length)
          return 'ad_type image needs an image: give `image_url`, `existing_image_hash` or `image_urls` (or `asset_bundle_id`)';
        const sources = present(r, ['image_url', 'existing_image_hash']);
        if (sources.length > 1) return `${list(sources)} are mutually exclusive; give one image source`;
      }
      if (a.ad_type === 'video') {
        const sources = present(r, ['video_url', 'existing_video_id']);
        if (sources.length > 1) return '`video_url` and `existing_video_id` are mutually exclusive; give one';
        if (r.placement_specific_videos !== undefined && sources.length)
          return `\`placement_specific_videos\` is mutually exclusive with ${list(sources)}`;
        if (!sources.length && r.placement_specific_videos === undefined && r.asset_bundle_id === undefined)
          return 'ad_type video needs a video: give `video_url`, `existing_video_id` or `placement_specific_videos`';
      }
      if (a.ad_type === 'carousel' && r.cards === undefined) return 'ad_type carousel needs `cards` (2-10)';
      return undefined;
    },
    (a) => {
      const r = a as Record<string, unknown>;
      const clash = present(r, ['image_url', 'existing_image_hash', 'story_image_url']);
      return r.image_urls !== undefined && clash.length ? `\`image_urls\` is mutually exclusive with ${list(clash)}` : undefined;
    },
    (a) => {
      const cards = (a as { cards?: v.InferOutput<typeof cardSchema>[] }).cards ?? [];
      const problems: string[] = [];
      cards.forEach((card, i) => {
        if (card.video_url !== undefined || card.existing_video_id !== undefined) {
          problems.push(`\`cards[${i}]\` video-only cards are unsupported; give the card an image (existing_image_hash or image_url)`);
          return;
        }
        if (card.existing_image_hash !== undefined && card.image_hash !== undefined)
          problems.push(`\`cards[${i}].image_hash\` is an alias of \`existing_image_hash\`; give one`);
        const sources = [card.existing_image_hash ?? card.image_hash, card.image_url].filter((x) => x !== undefined);
        if (sources.length === 0)
          problems.push(`\`cards[${i}]\` needs ONE of \`existing_image_hash\` (alias \`image_hash\`) or \`image_url\``);
        if (sources.length > 1)
          problems.push(`\`cards[${i}]\` give ONE of \`existing_image_hash\` (alias \`image_hash\`) or \`image_url\`, not both`);
      });
      return problems;
    },
    (a) => creativeFeaturesRule(a.disabled_creative_features),
  ],
  output: v.object({
    ad_account_id: v.string(),
    ad: v.object({
      id: v.string(),
      name: v.string(),
      ad_set_id: v.string(),
      campaign_id: v.string(),
      ad_type: v.string(),
      status: v.string(),
      effective_status: v.string(),
      creative: v.record(v.string(), v.unknown()),
    }),
    page_selection: v.string(),
    copied_images: v.array(v.object({ hash: v.string(), name: v.string(), from_account_id: v.optional(v.string()) })),
    notes: v.array(v.string()),
  }),
  async plan(args, ctx) {
    const p = ctx.platform;
    const notes: string[] = [];

    // 1. Everything is checked before anything is created.
    const adSet = await p.getAdSet(args.ad_set_id);
    if (adSet.status === 'DELETED' || adSet.status === 'ARCHIVED') {
      throw new ToolError(
        `Ad set "${adSet.name}" (${adSet.id}) is ${adSet.status}; ads cannot be added to it. Choose an active or paused ad set from list_socialads_ad_sets.`,
      );
    }
    const campaign = await p.getCampaign(adSet.campaign_id);
    if (campaign.status === 'DELETED' || campaign.status === 'ARCHIVED') {
      throw new ToolError(`Campaign "${campaign.name}" (${campaign.id}) is ${campaign.status}; ads cannot be added to its ad sets.`);
    }
    const resolved = await resolvePage(p, args.facebook_page_id, adSet, ctx.account.account_id);
    const page = resolved.page;
    if (resolved.how === 'ad_set') notes.push(`Page "${page.name}" taken from the ad set's promoted object.`);
    if (resolved.how === 'only_promotable_page') notes.push(`Page "${page.name}" chosen automatically (the only promotable page).`);
    const instagram = await resolveInstagram(p, args.instagram_account_id, page);

    // Lead forms belong to lead campaigns; the campaign's form is used when none is given.
    let leadFormId: string | undefined;
    if (campaign.objective === 'OUTCOME_LEADS') {
      const forms = await p.listLeadForms();
      leadFormId = args.lead_form_id ?? campaign.lead_form_id;
      const active = forms.filter((f) => f.status === 'ACTIVE' && f.page_id === page.id);
      if (!leadFormId) {
        throw new ToolError(
          `Campaign "${campaign.name}" is a lead campaign without a lead form. Specify lead_form_id: ${active.map((f) => `${f.name} (${f.id})`).join(', ') || 'no active form on this page'}.`,
          { parameter: 'lead_form_id', lead_forms: active.map((f) => ({ id: f.id, name: f.name })) },
        );
      }
      const form = forms.find((f) => f.id === leadFormId);
      if (!form)
        throw new ToolError(
          `\`lead_form_id\` ${leadFormId} is not a lead form of this account. Active forms: ${active.map((f) => `${f.name} (${f.id})`).join(', ') || 'none'}.`,
        );
      if (form.status !== 'ACTIVE') throw new ToolError(`Lead form "${form.name}" (${form.id}) is ${form.status}; choose an active form.`);
      if (form.page_id !== page.id)
        throw new ToolError(
          `Lead form "${form.name}" belongs to another page than "${page.name}"; use a form of that page or set facebook_page_id to the form's page (${form.page_id}).`,
        );
      if (!args.lead_form_id) notes.push(`Lead form "${form.name}" (${form.id}) fetched from the campaign.`);
    } else if (args.lead_form_id) {
      throw new ToolError(
        `\`lead_form_id\` only applies to ads in lead campaigns (OUTCOME_LEADS); campaign "${campaign.name}" has objective ${campaign.objective}.`,
      );
    }

    // Display link: the caption domain must be the landing domain or redirect to it.
    const landingHost = hostOf(args.landing_page_url);
    if (args.display_link) {
      const displayHost = hostOf(args.display_link);
      if (!sameSite(displayHost, landingHost)) {
        const redirect = (await p.listDomainRedirects()).find((r) => r.id === displayHost);
        if (!redirect || !sameSite(redirect.redirects_to, landingHost)) {
          throw new ToolError(
            `\`display_link\` ${args.display_link} must match or redirect to the landing page domain ${landingHost}; ${displayHost} does neither.`,
          );
        }
        notes.push(`Display link ${displayHost} redirects to ${redirect.redirects_to}.`);
      }
    }

    // Images and videos.
    const autoCopy = args.auto_copy_creative;
    const topHash = args.existing_image_hash ? await planImage(ctx, args.existing_image_hash, 'existing_image_hash', autoCopy) : undefined;
    const cardPlans: (ImagePlan | undefined)[] = [];
    for (const [i, card] of (args.cards ?? []).entries()) {
      const hash = card.existing_image_hash ?? card.image_hash;
      cardPlans.push(
        hash
          ? await planImage(ctx, hash, `cards[${i}].${card.existing_image_hash ? 'existing_image_hash' : 'image_hash'}`, autoCopy)
          : undefined,
      );
    }
    if (args.existing_video_id) await checkVideo(ctx, args.existing_video_id, 'existing_video_id');
    for (const [placement, value] of Object.entries(args.placement_specific_videos ?? {})) {
      if (value && /^\d+$/.test(value)) await checkVideo(ctx, value, `placement_specific_videos.${placement}`);
    }

    const isApp = campaign.objective === 'OUTCOME_APP_PROMOTION';
    if ((args.deep_link_url_ios || args.deep_link_url_android) && !isApp) {
      notes.push(
        `Deep links are only effective in app-promotion campaigns; campaign "${campaign.name}" is ${campaign.objective}, so they were stored but will not be used.`,
      );
    }

    // The ad starts ACTIVE (it delivers once reviewed, within its ad set) unless the owner's
    // "create paused" guardrail is on.
    const status = ctx.createPaused ? ('PAUSED' as const) : ('ACTIVE' as const);
    const adName = args.ad_name ?? args.name ?? `${campaign.name} - ${args.ad_type} - ${isoDate(ctx.now)}`;
    const uploads = [
      args.image_url,
      ...(args.image_urls ?? []),
      args.video_url,
      args.story_image_url,
      args.right_column_image_url,
      ...(args.cards ?? []).map((c) => c.image_url),
    ].filter((u): u is string => Boolean(u));
    return {
      summary: `Create ${args.ad_type} ad "${adName}" (${status}) in ad set "${adSet.name}" (${adSet.id})`,
      changes: [
        ...[topHash, ...cardPlans]
          .filter((x): x is ImagePlan => Boolean(x?.copyFrom))
          .map((x) => ({
            action: 'create' as const,
            entity: 'image',
            name: x.hash,
            fields: { copied_from: { after: x.copyFrom!.account.account_id } },
            startsPaused: true,
          })),
        ...uploads.map((url) => ({
          action: 'create' as const,
          entity: 'media_upload',
          name: url,
          fields: { url: { after: url } },
          startsPaused: true,
        })),
        {
          action: 'create' as const,
          entity: 'ad',
          name: adName,
          fields: {
            ad_type: { after: args.ad_type },
            status: { after: status },
            link: { after: args.landing_page_url },
            call_to_action: { after: args.call_to_action },
            page_id: { after: page.id },
          },
          startsPaused: status === 'PAUSED',
        },
      ],
      notes,
      data: {
        status,
        notes,
        how: resolved.how,
        adSet: { id: adSet.id, name: adSet.name, status: adSet.status },
        campaign: { id: campaign.id, name: campaign.name, objective: campaign.objective },
        page: { id: page.id, name: page.name },
        instagram: instagram ? { id: instagram.id, username: instagram.username } : null,
        leadFormId: leadFormId ?? null,
        topHash: topHash ?? null,
        cardPlans: cardPlans.map((x) => x ?? null),
      },
    };
  },
  async apply(plan, args, ctx) {
    const p = ctx.platform;
    const { status, adSet, campaign, page } = plan.data;
    const notes = [...plan.data.notes];
    const resolved = { how: plan.data.how };
    const instagram = plan.data.instagram ?? undefined;
    const leadFormId = plan.data.leadFormId ?? undefined;
    const topHash = plan.data.topHash ?? undefined;
    const cardPlans = plan.data.cardPlans.map((x) => x ?? undefined);

    // 2. Copies and uploads (each a checkpointed step: a retry reuses what was done).
    const copied: SocialAdsImage[] = [];
    const copy = async (image: ImagePlan | undefined): Promise<string | undefined> => {
      if (!image) return undefined;
      if (image.copyFrom) {
        const source = image.copyFrom;
        const copiedImage = await ctx.step(`copy_image_${image.hash}`, () =>
          p.copyImage({ account_id: source.account.account_id, image: source.image }),
        );
        if (!copied.some((c) => c.hash === copiedImage.hash)) copied.push(copiedImage);
      }
      return image.hash;
    };
    const upload = (url: string) =>
      ctx.step(`upload_image_${url}`, async () => {
        const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'image.jpg');
        return (await p.uploadImage({ url, name })).hash;
      });
    const uploadVideo = (url: string) =>
      ctx.step(`upload_video_${url}`, async () => {
        const title = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'video.mp4');
        return (await p.uploadVideo({ source_url: url, title, thumbnail_url: args.thumbnail_url })).id;
      });

    const imageHashes: string[] = [];
    const topImage = await copy(topHash);
    if (args.ad_type === 'image') {
      if (topImage) imageHashes.push(topImage);
      if (args.image_url) imageHashes.push(await upload(args.image_url));
      for (const url of args.image_urls ?? []) imageHashes.push(await upload(url));
    }
    let cards: SocialAdsCarouselCard[] | undefined;
    if (args.cards) {
      cards = [];
      for (const [i, card] of args.cards.entries()) {
        const hash = (await copy(cardPlans[i])) ?? (await upload(card.image_url!));
        cards.push({
          headline: card.headline,
          image_hash: hash,
          link: card.landing_page_url ?? args.landing_page_url,
          description: card.description,
          call_to_action: card.call_to_action ?? args.call_to_action,
        });
      }
    }
    let video: string | undefined;
    let placementVideos: Record<string, string> | undefined;
    if (args.ad_type === 'video') {
      video = args.existing_video_id ?? (args.video_url ? await uploadVideo(args.video_url) : undefined);
      if (args.placement_specific_videos) {
        placementVideos = {};
        for (const [placement, value] of Object.entries(args.placement_specific_videos)) {
          if (value) placementVideos[placement] = /^\d+$/.test(value) ? value : await uploadVideo(value);
        }
      }
      if (args.video_url || Object.values(args.placement_specific_videos ?? {}).some((x) => x && !/^\d+$/.test(x))) {
        notes.push('Uploaded videos are processed by the platform (usually a few minutes) before the ad can deliver.');
      }
    }

    const creative: SocialAdsCreative = {
      page_id: page.id,
      instagram_account_id: instagram?.id,
      link: args.landing_page_url,
      call_to_action: args.call_to_action,
      primary_texts: args.primary_texts ?? [args.primary_text!],
      headlines: args.headlines ?? (args.headline ? [args.headline] : []),
      descriptions: args.descriptions ?? (args.description ? [args.description] : []),
      image_hashes: imageHashes,
      video_id: video,
      placement_videos: placementVideos,
      thumbnail: args.ad_type === 'video' ? (topImage ?? args.thumbnail_url) : undefined,
      story_image: args.story_image_url ? await upload(args.story_image_url) : undefined,
      right_column_image: args.right_column_image_url ? await upload(args.right_column_image_url) : undefined,
      cards,
      asset_bundle_id: args.asset_bundle_id,
      display_link: args.display_link ? hostOf(args.display_link) : undefined,
      lead_form_id: leadFormId,
      url_tags: cleanUrlTags(args.url_tags),
      deep_links:
        args.deep_link_url_ios || args.deep_link_url_android
          ? { ios: args.deep_link_url_ios, android: args.deep_link_url_android }
          : undefined,
      multi_advertiser: args.multi_advertiser,
      advantage_plus_creative: args.advantage_plus_creative,
      disabled_creative_features: args.disabled_creative_features ?? [],
    };
    // DynamoDB rejects undefined attributes inside maps: drop them.
    const clean = JSON.parse(JSON.stringify(creative)) as SocialAdsCreative;

    // 3. The ad.
    const today = isoDate(ctx.now);
    const ad = await ctx.step('create_ad', () =>
      p.createAd({
        ad_set_id: adSet.id,
        campaign_id: campaign.id,
        name: args.ad_name ?? args.name ?? `${campaign.name} - ${args.ad_type} - ${today}`,
        status,
        ad_type: args.ad_type,
        creative: clean,
        start_date: today,
      } satisfies NewSocialAdsAd),
    );
    if (copied.length)
      notes.push(
        `Copied ${copied.length} image(s) into ${ctx.account.account_id}: ${copied.map((c) => `${c.name} (${c.hash}) from ${c.copied_from_account}`).join(', ')}.`,
      );
    if (args.url_tags && clean.url_tags !== args.url_tags.trim()) notes.push('Removed the leading "?" from url_tags.');
    if (adSet.status === 'PAUSED') notes.push(`Ad set "${adSet.name}" is paused: the ad will not deliver until the ad set runs.`);

    const rows: [string, string][] = [
      ['Ad id', ad.id],
      ['Name', ad.name],
      ['Type', ad.ad_type],
      ['Ad set', `${adSet.name} (${adSet.id})`],
      ['Campaign', `${campaign.name} (${campaign.objective})`],
      ['Page', `${page.name} (${page.id})`],
      ['Linked profile', instagram ? `@${instagram.username}` : '-'],
      ['Landing page', clean.link],
      ['Call to action', clean.call_to_action],
      ['Primary text', clean.primary_texts.join(' / ')],
      ['Headline', clean.headlines.join(' / ') || '-'],
      ['Images', clean.cards ? `${clean.cards.length} cards` : clean.image_hashes.join(', ') || (clean.thumbnail ?? '-')],
      [
        'Video',
        clean.video_id ??
          (clean.placement_videos
            ? Object.entries(clean.placement_videos)
                .map(([k, id]) => `${k}: ${id}`)
                .join(', ')
            : '-'),
      ],
      ['Status', adStatusText(ad)],
    ];
    const text = [
      `## Ad created in ${ctx.account.name} (${ctx.account.account_id})`,
      '',
      markdownTable(['Field', 'Value'], rows),
      ...(notes.length ? ['', '### Notes', ...notes.map((n) => `- ${n}`)] : []),
      '',
      'The ad is in review (usually within 24 hours). Check it with list_socialads_ads.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        ad: {
          id: ad.id,
          name: ad.name,
          ad_set_id: ad.ad_set_id,
          campaign_id: ad.campaign_id,
          ad_type: ad.ad_type,
          status: ad.status,
          effective_status: ad.effective_status,
          creative: ad.creative,
        },
        page_selection: resolved.how,
        copied_images: copied.map((c) => ({ hash: c.hash, name: c.name, from_account_id: c.copied_from_account })),
        notes,
      },
    };
  },
});
