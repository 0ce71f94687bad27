/**
 * The creative of one ad, once for add_shortvideo_ad and create_shortvideo_campaign: its arguments
 * (format, creative, text, identity, destination), the rules between them, and the checks against
 * what the platform has (videos, images, carousels, identities, instant forms) and the ad group.
 */
import * as v from 'valibot';
import type { ShortVideoAd, ShortVideoAdGroup, ShortVideoCampaign, ShortVideoPort } from '../port';
import { IDENTITY_TYPES } from '../port';
import { CALLS_TO_ACTION } from '../schemas';
import { imageVerdict } from './images';

export const CREATIVE_FORMATS = ['SINGLE_VIDEO', 'SINGLE_IMAGE', 'SPARK_AD', 'CAROUSEL_ADS'] as const;
export type CreativeFormat = (typeof CREATIVE_FORMATS)[number];
/** The platform's ad text length for in-feed ads (Latin characters). */
export const AD_TEXT = { min: 12, max: 100 } as const;

const https = (description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url('must be a full URL'),
    v.startsWith('https://', 'must be an HTTPS URL (https://...)'),
    v.description(description),
  );

export function creativeArgs(formats: readonly CreativeFormat[]) {
  return {
    ad_format: v.pipe(
      v.picklist(formats),
      v.description(
        `${formats.join(', ')}: SINGLE_VIDEO needs video_id, SINGLE_IMAGE image_id, SPARK_AD shortvideo_item_id and an identity, CAROUSEL_ADS carousel_id`,
      ),
    ),
    ad_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(512),
        v.description('Ad name; default from the ad group name and format'),
      ),
    ),
    ad_text: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(AD_TEXT.min, `must be at least ${AD_TEXT.min} characters`),
        v.maxLength(AD_TEXT.max, `must be at most ${AD_TEXT.max} characters`),
        v.check((t) => !/[{}#]/.test(t), 'must not contain {, } or #'),
        v.description(
          `Ad text, ${AD_TEXT.min}-${AD_TEXT.max} characters, no {, } or #; required except for Spark ads (they use the post's caption)`,
        ),
      ),
    ),
    video_id: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Library video id (list_shortvideo_ad_videos); SINGLE_VIDEO')),
    ),
    image_id: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Library image id (discover_shortvideo_assets); SINGLE_IMAGE')),
    ),
    carousel_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d+$/, 'must be a numeric carousel id'),
        v.description('Carousel id from create_shortvideo_carousel_card; CAROUSEL_ADS'),
      ),
    ),
    shortvideo_item_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d+$/, 'must be the numeric id of an organic post'),
        v.description('Organic post to promote; SPARK_AD'),
      ),
    ),
    identity_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d+$/, 'must be a numeric identity id'),
        v.description('Identity the ad posts as (list_shortvideo_identities); required for SPARK_AD'),
      ),
    ),
    identity_type: v.optional(v.pipe(v.picklist(IDENTITY_TYPES), v.description('Type of identity_id'))),
    display_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(2, 'must be at least 2 characters'),
        v.maxLength(40, 'must be at most 40 characters'),
        v.description('Brand name shown on the ad, 2-40 characters; required without an identity'),
      ),
    ),
    call_to_action: v.optional(
      v.pipe(
        v.picklist(CALLS_TO_ACTION),
        v.description(`${CALLS_TO_ACTION.join(', ')}; default LEARN_MORE (DOWNLOAD for apps, SIGN_UP for instant forms)`),
      ),
    ),
    landing_page_url: v.optional(https('HTTPS landing page; not for app promotion or an instant form')),
    page_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d+$/, 'must be a numeric instant form id'),
        v.description('PUBLISHED instant form (list_shortvideo_lead_pages); lead generation only'),
      ),
    ),
  };
}

export interface CreativeInput {
  ad_format: CreativeFormat;
  ad_name?: string;
  ad_text?: string;
  video_id?: string;
  image_id?: string;
  carousel_id?: string;
  shortvideo_item_id?: string;
  identity_id?: string;
  identity_type?: (typeof IDENTITY_TYPES)[number];
  display_name?: string;
  call_to_action?: (typeof CALLS_TO_ACTION)[number];
  landing_page_url?: string;
  page_id?: string;
}

const CREATIVE_OF: Record<CreativeFormat, keyof CreativeInput> = {
  SINGLE_VIDEO: 'video_id',
  SINGLE_IMAGE: 'image_id',
  SPARK_AD: 'shortvideo_item_id',
  CAROUSEL_ADS: 'carousel_id',
};

/** Rules between the creative arguments (argument-only; the platform checks come in checkCreative). */
export function creativeRules(a: CreativeInput): string[] {
  const problems: string[] = [];
  const needed = CREATIVE_OF[a.ad_format];
  if (!a[needed]) problems.push(`ad_format ${a.ad_format} needs \`${needed}\``);
  const extra = (Object.values(CREATIVE_OF) as (keyof CreativeInput)[]).filter((k) => k !== needed && a[k] !== undefined);
  if (extra.length)
    problems.push(`${extra.map((k) => `\`${k}\``).join(', ')} ${extra.length === 1 ? 'does' : 'do'} not apply to ad_format ${a.ad_format}`);
  if (a.ad_format === 'SPARK_AD') {
    if (!a.identity_id)
      problems.push('ad_format SPARK_AD needs `identity_id` (an identity whose posts can run as ads, from list_shortvideo_identities)');
    if (a.ad_text) problems.push("a Spark ad shows the post's own caption: omit `ad_text`");
  } else if (!a.ad_text) problems.push(`ad_format ${a.ad_format} needs \`ad_text\``);
  if (!a.identity_id && !a.display_name) problems.push('give `display_name` (or an `identity_id` to post as)');
  if (a.identity_id && !a.identity_type) problems.push('`identity_id` needs its `identity_type` (list_shortvideo_identities)');
  if (a.landing_page_url && a.page_id)
    problems.push('`landing_page_url` and `page_id` are mutually exclusive; an instant form is the destination itself');
  return problems;
}

/** Checks the creative against the platform and the ad group; answers the ad's fields or the problems. */
export async function checkCreative(
  platform: ShortVideoPort,
  a: CreativeInput,
  group: Pick<ShortVideoAdGroup, 'id' | 'adgroup_name' | 'placement_type' | 'placements' | 'creative_material_mode'>,
  campaign: Pick<ShortVideoCampaign, 'id' | 'objective_type'>,
) {
  const problems: string[] = [];
  const notes: string[] = [];
  const objective = campaign.objective_type;
  if (group.creative_material_mode === 'DYNAMIC')
    problems.push(`ad group ${group.id} uses dynamic creative: add creatives with create_shortvideo_dco_ad`);
  if (a.video_id) {
    const video = (await platform.listVideos()).find((x) => x.id === a.video_id);
    if (!video) problems.push(`\`video_id\` ${a.video_id} is not in the video library; see list_shortvideo_ad_videos`);
    else {
      if (video.duration < 5 || video.duration > 60)
        problems.push(`\`video_id\`: the video is ${video.duration} s long; in-feed videos must be 5-60 seconds`);
      if (video.width > video.height) notes.push('The video is horizontal; 9:16 vertical video performs best in-feed.');
      if (video.status === 'PROCESSING') notes.push('The video is still processing; the ad goes to review once it is ready.');
    }
  }
  if (a.image_id) {
    const image = (await platform.listImages()).find((i) => i.id === a.image_id);
    if (!image) problems.push(`\`image_id\` ${a.image_id} is not in the image library; see discover_shortvideo_assets`);
    else problems.push(...imageVerdict(image).problems.map((p) => `\`image_id\`: ${p}`));
    const feedOnly =
      group.placement_type === 'PLACEMENT_TYPE_NORMAL' && (group.placements ?? []).every((p) => p === 'PLACEMENT_SHORTVIDEO');
    if (feedOnly)
      problems.push(
        `image ads do not run in the in-feed placement alone: ad group ${group.id} has placements [PLACEMENT_SHORTVIDEO]; add PLACEMENT_PARTNERNET or PLACEMENT_GLOBAL_APP_BUNDLE with update_shortvideo_ad_group, or use a video`,
      );
  }
  if (a.carousel_id && !(await platform.listCarousels()).some((c) => c.id === a.carousel_id))
    problems.push(`\`carousel_id\` ${a.carousel_id} is not a carousel of this advertiser; build one with create_shortvideo_carousel_card`);
  if (a.identity_id) {
    const identity = (await platform.listIdentities()).find((i) => i.identity_id === a.identity_id);
    if (!identity) problems.push(`\`identity_id\` ${a.identity_id} is not an identity of this advertiser; see list_shortvideo_identities`);
    else {
      if (a.identity_type && identity.identity_type !== a.identity_type)
        problems.push(`\`identity_type\`: identity ${identity.identity_id} is ${identity.identity_type}, not ${a.identity_type}`);
      if (a.ad_format === 'SPARK_AD' && !identity.can_spark)
        problems.push(
          `\`identity_id\`: ${identity.display_name} (${identity.identity_type}) cannot run Spark ads; pick one with can_spark from list_shortvideo_identities`,
        );
    }
  }
  const lead = objective === 'LEAD_GENERATION';
  const app = objective === 'APP_PROMOTION';
  if (a.page_id && !lead) problems.push('`page_id` (instant form) only applies to LEAD_GENERATION campaigns');
  if (a.page_id) {
    const page = (await platform.listLeadPages()).find((p) => p.id === a.page_id);
    if (!page) problems.push(`\`page_id\` ${a.page_id} is not an instant form of this advertiser; see list_shortvideo_lead_pages`);
    else if (page.status !== 'PUBLISHED') problems.push(`\`page_id\`: instant form "${page.title}" is ${page.status}; publish it first`);
  }
  if (app && a.landing_page_url) problems.push('app promotion ads lead to the app store: omit `landing_page_url`');
  if (!app && !a.landing_page_url && !(lead && a.page_id))
    problems.push(`\`landing_page_url\` (HTTPS) is required${lead ? ' unless an instant form is given in `page_id`' : ''}`);
  const identity = a.identity_id ? (await platform.listIdentities()).find((i) => i.identity_id === a.identity_id) : undefined;
  const fields: Omit<ShortVideoAd, 'id' | 'adgroup_id' | 'campaign_id' | 'ad_name' | 'status' | 'review_status' | 'create_time'> = {
    ad_format: a.ad_format,
    ad_text: a.ad_text,
    video_id: a.video_id,
    image_ids: a.image_id ? [a.image_id] : undefined,
    carousel_id: a.carousel_id,
    shortvideo_item_id: a.shortvideo_item_id,
    identity_id: a.identity_id,
    identity_type: a.identity_type,
    display_name: a.display_name ?? identity?.display_name ?? '',
    call_to_action: a.call_to_action ?? (app ? 'DOWNLOAD' : lead && a.page_id ? 'SIGN_UP' : 'LEARN_MORE'),
    landing_page_url: a.landing_page_url,
    page_id: a.page_id,
  };
  // Drop absent fields so the plan shows only what is set.
  const ad = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as typeof fields;
  return { problems, notes, ad };
}
