import * as v from 'valibot';
import { defineGatewayTool } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';

/** A text field's limit: `max` characters, `min`-`max` items when it takes several. */
export interface TextLimit {
  max: number;
  min_chars?: number;
  recommended?: number;
  items?: string;
  note?: string;
}

export interface CampaignFlowSpec {
  label: string;
  summary: string;
  /** Tool that creates or edits this kind of campaign, when the gateway has one. */
  tools: string[];
  required_fields: string[];
  optional_fields: string[];
  character_limits: Record<string, TextLimit>;
  asset_requirements: Record<string, string>;
  enums: Record<string, string[]>;
}

const URL: TextLimit = { max: 2048, note: 'full https:// URL' };
const GOOGLE_IMAGE_FILE = 'JPG or PNG, up to 5120 KB';
const SOCIAL_CTAS = [
  'LEARN_MORE',
  'SHOP_NOW',
  'SIGN_UP',
  'SUBSCRIBE',
  'DOWNLOAD',
  'BOOK_NOW',
  'CONTACT_US',
  'APPLY_NOW',
  'GET_OFFER',
  'GET_QUOTE',
  'ORDER_NOW',
  'BUY_NOW',
  'WATCH_MORE',
  'INSTALL_MOBILE_APP',
  'NO_BUTTON',
];
const SHORTVIDEO_CTAS = [
  'WATCH_NOW',
  'LEARN_MORE',
  'SHOP_NOW',
  'SIGN_UP',
  'DOWNLOAD',
  'APPLY_NOW',
  'BOOK_NOW',
  'CONTACT_US',
  'GET_QUOTE',
  'SUBSCRIBE',
  'ORDER_NOW',
];
const PROADS_CTAS = [
  'LEARN_MORE',
  'DOWNLOAD',
  'VIEW_QUOTE',
  'SIGN_UP',
  'SUBSCRIBE',
  'REGISTER',
  'JOIN',
  'ATTEND',
  'REQUEST_DEMO',
  'APPLY',
  'SEE_MORE',
];
const PROADS_OBJECTIVES = ['BRAND_AWARENESS', 'WEBSITE_VISIT', 'ENGAGEMENT', 'VIDEO_VIEW', 'LEAD_GENERATION', 'WEBSITE_CONVERSION'];
const SEARCHADS_STATUS = ['ENABLED', 'PAUSED'];

/**
 * The creation requirements of every platform and campaign type: one table, the published limits
 * of the real platforms (Google Ads, Meta, TikTok, LinkedIn ad specs), kept equal to the rules the
 * gateway's own tools enforce (callouts 25, ad_text 1-100, display_name 40, primary text 2200...).
 */
export const CAMPAIGN_SPECS: Record<'searchads' | 'socialads' | 'shortvideo' | 'proads', Record<string, CampaignFlowSpec>> = {
  searchads: {
    search: {
      label: 'Search campaign with responsive search ads',
      summary: 'Text ads on search results for keywords; headlines and descriptions are combined automatically.',
      tools: ['update_campaign', 'update_campaign_dates', 'add_callout_extensions', 'list_campaigns'],
      required_fields: [
        'campaign name',
        'daily budget',
        'bidding strategy',
        'at least one ad group',
        'keywords (with match types)',
        'responsive search ad: 3-15 headlines, 2-4 descriptions, final URL',
      ],
      optional_fields: [
        'display paths (path1, path2)',
        'callouts',
        'sitelinks',
        'structured snippets',
        'call assets',
        'locations and languages',
        'audiences (observation or targeting)',
        'negative keywords',
      ],
      character_limits: {
        headline: { max: 30, items: '3-15 per ad' },
        description: { max: 90, items: '2-4 per ad' },
        path1: { max: 15 },
        path2: { max: 15, note: 'only with path1' },
        final_url: URL,
        callout: { max: 25, items: '4-8 recommended', note: 'no calls to action (click, buy, order, call), no final period' },
        sitelink_text: { max: 25 },
        sitelink_description: { max: 35, items: '2 lines' },
        structured_snippet_value: { max: 25, items: '3-10 values' },
        keyword: { max: 80, note: 'at most 10 words' },
      },
      asset_requirements: { image_assets: `optional; 1.91:1 (min 600 x 314) and 1:1 (min 300 x 300), ${GOOGLE_IMAGE_FILE}` },
      enums: {
        status: SEARCHADS_STATUS,
        keyword_match_type: ['BROAD', 'PHRASE', 'EXACT'],
        bidding_strategy: [
          'MAXIMIZE_CONVERSIONS',
          'MAXIMIZE_CONVERSION_VALUE',
          'TARGET_CPA',
          'TARGET_ROAS',
          'MAXIMIZE_CLICKS',
          'TARGET_IMPRESSION_SHARE',
          'MANUAL_CPC',
        ],
        audience_targeting_mode: ['OBSERVATION', 'TARGETING'],
      },
    },
    pmax: {
      label: 'Performance Max campaign',
      summary: 'One campaign across Search, Display, YouTube, Gmail, Discover and Maps from asset groups.',
      tools: ['update_campaign', 'update_campaign_dates', 'list_campaigns'],
      required_fields: [
        'campaign name',
        'daily budget',
        'bidding strategy (conversions or conversion value)',
        'asset group: final URL, 3-15 headlines, 1-5 long headlines, 2-5 descriptions, business name, images, logo',
      ],
      optional_fields: [
        'videos (auto-generated when none)',
        'audience signals',
        'search themes',
        'URL expansion opt-out',
        'language and location targeting',
        'call to action',
      ],
      character_limits: {
        headline: { max: 30, items: '3-15', note: 'at least one of 15 characters or fewer' },
        long_headline: { max: 90, items: '1-5' },
        description: { max: 90, items: '2-5', note: 'at least one of 60 characters or fewer' },
        business_name: { max: 25 },
        final_url: URL,
      },
      asset_requirements: {
        landscape_image: `1.91:1, 1200 x 628 recommended (min 600 x 314); at least 1; ${GOOGLE_IMAGE_FILE}`,
        square_image: `1:1, 1200 x 1200 recommended (min 300 x 300); at least 1; ${GOOGLE_IMAGE_FILE}`,
        portrait_image: '4:5, 960 x 1200 recommended (min 480 x 600); optional',
        images_total: 'up to 20 per asset group',
        logo: '1:1, 1200 x 1200 recommended (min 128 x 128); 1-5 logos',
        landscape_logo: '4:1, 1200 x 300 recommended (min 512 x 128); optional',
        video: 'YouTube videos of 10 seconds or more, horizontal, vertical or square; up to 5',
      },
      enums: {
        status: SEARCHADS_STATUS,
        bidding_strategy: ['MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_CPA', 'TARGET_ROAS'],
        call_to_action: [
          'AUTOMATED',
          'LEARN_MORE',
          'GET_QUOTE',
          'APPLY_NOW',
          'SIGN_UP',
          'CONTACT_US',
          'SUBSCRIBE',
          'DOWNLOAD',
          'BOOK_NOW',
          'SHOP_NOW',
        ],
      },
    },
    display: {
      label: 'Display campaign with responsive display ads',
      summary: 'Image ads across the display network, assembled from headlines, descriptions, images and logos.',
      tools: ['update_campaign', 'get_display_frequency_caps', 'add_ad_group_audiences'],
      required_fields: [
        'campaign name',
        'daily budget',
        'bidding strategy',
        'ad group with targeting (audiences, topics, placements or optimized targeting)',
        'responsive display ad: 1-5 headlines, 1 long headline, 1-5 descriptions, business name, images, final URL',
      ],
      optional_fields: ['logos', 'videos', 'call to action', 'frequency caps', 'colors'],
      character_limits: {
        headline: { max: 30, items: '1-5' },
        long_headline: { max: 90, items: '1' },
        description: { max: 90, items: '1-5' },
        business_name: { max: 25 },
        final_url: URL,
      },
      asset_requirements: {
        landscape_image: `1.91:1, 1200 x 628 recommended (min 600 x 314); ${GOOGLE_IMAGE_FILE}`,
        square_image: `1:1, 1200 x 1200 recommended (min 300 x 300); ${GOOGLE_IMAGE_FILE}`,
        images_total: 'up to 15',
        logo: '1:1 (min 128 x 128) and 4:1 (min 512 x 128); up to 5',
      },
      enums: {
        status: SEARCHADS_STATUS,
        bidding_strategy: ['MAXIMIZE_CONVERSIONS', 'TARGET_CPA', 'TARGET_ROAS', 'MAXIMIZE_CLICKS', 'MANUAL_CPC', 'VIEWABLE_CPM'],
      },
    },
    video: {
      label: 'Video campaign (YouTube)',
      summary: 'Video ads on YouTube and video partners (skippable in-stream, in-feed, Shorts, bumper).',
      tools: ['update_campaign', 'list_campaigns'],
      required_fields: ['campaign name', 'budget', 'bidding strategy', 'YouTube video (public or unlisted)', 'final URL', 'headline'],
      optional_fields: ['long headline', 'description', 'call to action', 'companion banner'],
      character_limits: {
        headline: { max: 15, note: 'in-stream headline; up to 5 headlines of 30 characters for video responsive ads' },
        long_headline: { max: 90 },
        description: { max: 90 },
        call_to_action: { max: 10 },
        final_url: URL,
      },
      asset_requirements: {
        video:
          'hosted on YouTube; skippable in-stream 12 seconds or more recommended (skippable after 5 s); bumper up to 6 s; 16:9, 1:1 or 9:16',
        companion_banner: '300 x 60, up to 150 KB (auto-generated when omitted)',
      },
      enums: {
        status: SEARCHADS_STATUS,
        bidding_strategy: ['TARGET_CPM', 'TARGET_CPV', 'MAXIMUM_CPV', 'MAXIMIZE_CONVERSIONS', 'TARGET_CPA'],
      },
    },
  },
  socialads: {
    image: {
      label: 'Single image ad',
      summary: 'One image with primary text, headline and a call to action in feeds, stories and reels.',
      tools: ['add_socialads_ad', 'list_socialads_ad_sets', 'list_socialads_pages'],
      required_fields: [
        'ad_set_id',
        'ad_type image',
        'landing_page_url (HTTPS)',
        'image_url or existing_image_hash',
        'exactly one of primary_text or primary_texts',
      ],
      optional_fields: [
        'headline / headlines (2-5)',
        'description / descriptions (up to 5)',
        'call_to_action',
        'story_image_url',
        'right_column_image_url',
        'image_urls (2-10, multi-image)',
        'display_link',
        'url_tags',
        'facebook_page_id',
        'instagram_account_id',
      ],
      character_limits: {
        primary_text: { max: 2200, recommended: 125, items: 'or primary_texts: 2-5 variations' },
        headline: { max: 255, recommended: 40, items: 'or headlines: 2-5' },
        description: { max: 255, recommended: 30, items: 'or descriptions: up to 5' },
        landing_page_url: { max: 1024, note: 'HTTPS' },
      },
      asset_requirements: {
        feed_image: '1:1 (1080 x 1080) or 4:5 (1080 x 1350); JPG or PNG; up to 30 MB; min 600 px wide',
        story_image: '9:16, 1080 x 1920 recommended',
        right_column_image: '1.91:1, 1200 x 628 recommended',
        multi_image: 'image_urls: 2-10 images (ad_type image only)',
      },
      enums: { ad_type: ['image', 'video', 'carousel'], call_to_action: SOCIAL_CTAS },
    },
    video: {
      label: 'Single video ad',
      summary: 'One video with primary text and a call to action; placement-specific videos possible.',
      tools: ['add_socialads_ad', 'create_socialads_video_campaign'],
      required_fields: [
        'ad_set_id',
        'ad_type video',
        'landing_page_url (HTTPS)',
        'video_url or existing_video_id (or placement_specific_videos)',
        'exactly one of primary_text or primary_texts',
      ],
      optional_fields: [
        'thumbnail_url or existing_image_hash (thumbnail)',
        'headline / headlines',
        'description',
        'call_to_action',
        'placement_specific_videos {feed, stories_reels, right_column}',
      ],
      character_limits: {
        primary_text: { max: 2200, recommended: 125 },
        headline: { max: 255, recommended: 40 },
        description: { max: 255, recommended: 30 },
      },
      asset_requirements: {
        video: 'MP4 or MOV (H.264, AAC); 1 second to 241 minutes (15 s or less recommended for stories and reels); up to 4 GB',
        ratios: 'feed 1:1 or 4:5; stories and reels 9:16 (1080 x 1920); min 1080 px wide recommended',
        thumbnail: 'same aspect ratio as the video',
      },
      enums: { ad_type: ['image', 'video', 'carousel'], call_to_action: SOCIAL_CTAS },
    },
    carousel: {
      label: 'Carousel ad (2-10 cards)',
      summary: 'Scrollable cards, each with its own image, headline and optional link.',
      tools: ['add_socialads_ad'],
      required_fields: [
        'ad_set_id',
        'ad_type carousel',
        'landing_page_url (HTTPS)',
        'primary_text',
        'cards: 2-10, each with headline and image_url or existing_image_hash',
      ],
      optional_fields: ['cards[].landing_page_url', 'cards[].description', 'cards[].call_to_action'],
      character_limits: {
        primary_text: { max: 2200, recommended: 125, note: 'primary_texts variations are not for carousel' },
        card_headline: { max: 255, recommended: 40 },
        card_description: { max: 20 },
      },
      asset_requirements: {
        card_image: '1:1, 1080 x 1080 recommended; JPG or PNG; up to 30 MB',
        cards: '2-10; video-only cards are not supported',
      },
      enums: { ad_type: ['image', 'video', 'carousel'], call_to_action: SOCIAL_CTAS },
    },
  },
  shortvideo: {
    shortvideo: {
      label: 'In-feed video campaign',
      summary: 'Campaign, ad group and in-feed video ad in one call (create_shortvideo_video_campaign); also boosts an organic post.',
      tools: ['create_shortvideo_video_campaign', 'update_shortvideo_ad_group', 'validate_video'],
      required_fields: [
        'campaign_name',
        'ad_text',
        'one of video_url, video_id or shortvideo_item_id',
        'landing_page_url (HTTPS; except LEAD_GENERATION with page_id)',
        'pixel_id and optimization_event for WEB_CONVERSIONS',
        'app_id for APP_PROMOTION',
      ],
      optional_fields: [
        'objective',
        'budget_daily or budget_lifetime (with schedule_end_time)',
        'cover_image_url',
        'display_name',
        'call_to_action',
        'targeting (locations, ages, gender, languages, audiences)',
        'placements',
      ],
      character_limits: {
        ad_text: { max: 100, min_chars: 1, recommended: 50 },
        display_name: { max: 40, note: 'defaults to the campaign name' },
        campaign_name: { max: 512, note: 'suffixed with a timestamp' },
      },
      asset_requirements: {
        video: '5-60 seconds; up to 500 MB; MP4, MOV, MPEG or AVI; 9:16 preferred (1:1 and 16:9 accepted); 720 x 1280 or more recommended',
        cover_image: '9:16, 1080 x 1920; same aspect ratio as the video; auto-extracted when omitted',
        video_url: 'public direct-download URL returning a video content type, not a web page (check with validate_video)',
        budget: 'video guidance: at least 50 per day',
      },
      enums: {
        objective: ['TRAFFIC', 'WEB_CONVERSIONS', 'CONVERSIONS', 'LEAD_GENERATION', 'REACH', 'VIDEO_VIEWS', 'APP_PROMOTION'],
        call_to_action: SHORTVIDEO_CTAS,
        placement_type: ['PLACEMENT_TYPE_AUTOMATIC', 'PLACEMENT_TYPE_NORMAL'],
        placements: ['PLACEMENT_SHORTVIDEO', 'PLACEMENT_PARTNERNET', 'PLACEMENT_GLOBAL_APP_BUNDLE'],
        age_groups: ['AGE_13_17', 'AGE_18_24', 'AGE_25_34', 'AGE_35_44', 'AGE_45_54', 'AGE_55_100'],
        gender: ['GENDER_UNLIMITED', 'GENDER_MALE', 'GENDER_FEMALE'],
      },
    },
  },
  proads: {
    proads_image: {
      label: 'Single image ad (Sponsored Content)',
      summary: 'Image with introductory text and headline in the professional feed.',
      tools: ['select_proads_campaign_type', 'analyze_proads_creative_performance'],
      required_fields: [
        'campaign_group_id',
        'objective_type',
        'daily_budget or total_budget',
        'targeting (location + at least one audience facet)',
        'image',
        'introductory_text',
        'destination_url (or lead_gen_form_id)',
      ],
      optional_fields: ['headline', 'description', 'call_to_action', 'ad_name'],
      character_limits: {
        introductory_text: { max: 600, recommended: 150 },
        headline: { max: 200, recommended: 70 },
        description: { max: 300, recommended: 100 },
        ad_name: { max: 255 },
        destination_url: { max: 2000 },
      },
      asset_requirements: {
        image: 'JPG, PNG or non-animated GIF; up to 5 MB',
        horizontal: '1.91:1, 1200 x 628 recommended (min 640 x 360)',
        square: '1:1, 1200 x 1200 (min 360 x 360)',
        vertical: '4:5, 720 x 900 (mobile only)',
      },
      enums: { objective_type: PROADS_OBJECTIVES.filter((o) => o !== 'VIDEO_VIEW'), call_to_action: PROADS_CTAS },
    },
    proads_video: {
      label: 'Single video ad (Sponsored Content)',
      summary: 'Video in the professional feed; captions recommended (plays muted).',
      tools: ['select_proads_campaign_type', 'analyze_proads_creative_performance'],
      required_fields: [
        'campaign_group_id',
        'objective_type',
        'daily_budget or total_budget',
        'targeting',
        'video file',
        'destination_url (or lead_gen_form_id)',
      ],
      optional_fields: ['introductory_text', 'headline', 'call_to_action', 'thumbnail', 'captions (SRT)'],
      character_limits: {
        introductory_text: { max: 600, recommended: 150 },
        headline: { max: 200, recommended: 70 },
        ad_name: { max: 255 },
      },
      asset_requirements: {
        video: 'MP4; 75 KB to 200 MB; 3 seconds to 30 minutes (15-30 s performs best); under 30 fps',
        ratios: '16:9 (1920 x 1080), 1:1 (1080 x 1080) or 9:16 (1080 x 1920)',
        thumbnail: 'JPG or PNG up to 2 MB, same ratio as the video',
      },
      enums: { objective_type: PROADS_OBJECTIVES, call_to_action: PROADS_CTAS },
    },
    proads_carousel: {
      label: 'Carousel ad (2-10 cards)',
      summary: 'Swipeable image cards in the professional feed.',
      tools: ['select_proads_campaign_type'],
      required_fields: [
        'campaign_group_id',
        'objective_type',
        'daily_budget or total_budget',
        'targeting',
        'introductory_text',
        '2-10 cards with image, headline and destination_url',
      ],
      optional_fields: ['ad_name'],
      character_limits: {
        introductory_text: { max: 255, recommended: 150 },
        card_headline: { max: 45, note: '30 when cards open a lead gen form' },
        ad_name: { max: 255 },
      },
      asset_requirements: { cards: '2-10', card_image: '1:1, 1080 x 1080 recommended; JPG, PNG or non-animated GIF; up to 10 MB per card' },
      enums: { objective_type: PROADS_OBJECTIVES.filter((o) => o !== 'VIDEO_VIEW'), call_to_action: PROADS_CTAS },
    },
    proads_text: {
      label: 'Text ad (desktop)',
      summary: 'Small desktop ad in the right rail and top banner.',
      tools: ['select_proads_campaign_type'],
      required_fields: [
        'campaign_group_id',
        'objective_type',
        'daily_budget or total_budget',
        'targeting',
        'headline',
        'description',
        'destination_url',
      ],
      optional_fields: ['image (100 x 100)'],
      character_limits: { headline: { max: 25 }, description: { max: 75 }, destination_url: { max: 500 } },
      asset_requirements: { image: '100 x 100 px, JPG or PNG, up to 2 MB (optional)' },
      enums: { objective_type: ['BRAND_AWARENESS', 'WEBSITE_VISIT', 'WEBSITE_CONVERSION'] },
    },
  },
};

type SpecPlatform = keyof typeof CAMPAIGN_SPECS;
const PLATFORMS = Object.keys(CAMPAIGN_SPECS) as SpecPlatform[];
/** Platform codes as written in the interface: the platform word, or the word followed by _ads. */
const PLATFORM_CODES = [...PLATFORMS, ...PLATFORMS.map((p) => `${p}_ads`)];
/** Other spellings of campaign types people use. */
const TYPE_ALIASES: Record<SpecPlatform, Record<string, string>> = {
  searchads: { performance_max: 'pmax', responsive_search: 'search', rsa: 'search', youtube: 'video' },
  socialads: { single_image: 'image', single_video: 'video' },
  shortvideo: { video: 'shortvideo', in_feed: 'shortvideo' },
  proads: { image: 'proads_image', video: 'proads_video', carousel: 'proads_carousel', text: 'proads_text' },
};

const platformOf = (code: string): SpecPlatform => code.replace(/_ads$/, '') as SpecPlatform;

function resolveType(platform: SpecPlatform, type: string): string | undefined {
  const key = type.trim().toLowerCase();
  if (CAMPAIGN_SPECS[platform][key]) return key;
  return TYPE_ALIASES[platform][key];
}

function flowMarkdown(platform: SpecPlatform, type: string, spec: CampaignFlowSpec): string {
  const limits = Object.entries(spec.character_limits).map(([field, l]) => [
    field,
    l.min_chars ? `${l.min_chars}-${l.max}` : l.max,
    l.items,
    l.recommended,
    l.note,
  ]);
  return [
    `## ${platform} · ${type}: ${spec.label}`,
    '',
    spec.summary,
    '',
    '### Required',
    ...spec.required_fields.map((f) => `- ${f}`),
    '',
    '### Optional',
    ...spec.optional_fields.map((f) => `- ${f}`),
    '',
    '### Character limits',
    markdownTable(['Field', 'Max characters', 'How many', 'Recommended', 'Note'], limits),
    '',
    '### Assets',
    ...Object.entries(spec.asset_requirements).map(([k, text]) => `- **${k}**: ${text}`),
    '',
    '### Allowed values',
    ...Object.entries(spec.enums).map(([k, values]) => `- **${k}**: ${values.join(', ')}`),
    ...(spec.tools.length ? ['', `Tools: ${spec.tools.join(', ')}.`] : []),
  ].join('\n');
}

export const getCampaignSpec = defineGatewayTool({
  name: 'get_campaign_spec',
  category: 'helper',
  description:
    'Returns what a campaign of one platform and type needs before creating it: required and optional fields, character limits, asset requirements (sizes, ratios, formats, durations) and allowed values. ' +
    'Platforms: searchads, socialads, shortvideo, proads (also written with the _ads suffix). Omit campaign_type to list the available campaign types (flows) of the platform.',
  access: 'read',
  args: {
    platform: v.pipe(
      v.string(),
      v.metadata({ enum: PLATFORM_CODES }),
      v.trim(),
      v.toLowerCase(),
      v.picklist(PLATFORM_CODES),
      v.description(`Platform code: ${PLATFORMS.join(', ')} (or with the _ads suffix, e.g. searchads_ads)`),
    ),
    campaign_type: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.description(
          'Campaign type of the platform, e.g. search, pmax, display, video (searchads); image, video, carousel (socialads); shortvideo; proads_image, proads_video, proads_carousel, proads_text. Omit to list them.',
        ),
      ),
    ),
  },
  rules: [
    (a) => {
      if (!a.campaign_type) return undefined;
      const platform = platformOf(a.platform);
      return resolveType(platform, a.campaign_type)
        ? undefined
        : `\`campaign_type\` "${a.campaign_type}" is not a ${platform} campaign type; use one of ${Object.keys(CAMPAIGN_SPECS[platform]).join(', ')}`;
    },
  ],
  output: v.union([
    v.object({
      platform: v.picklist(PLATFORMS),
      campaign_types: v.array(v.object({ campaign_type: v.string(), label: v.string(), summary: v.string() })),
    }),
    v.object({
      platform: v.picklist(PLATFORMS),
      campaign_type: v.string(),
      label: v.string(),
      summary: v.string(),
      tools: v.array(v.string()),
      required_fields: v.array(v.string()),
      optional_fields: v.array(v.string()),
      character_limits: v.record(
        v.string(),
        v.object({
          max: v.number(),
          min_chars: v.optional(v.number()),
          recommended: v.optional(v.number()),
          items: v.optional(v.string()),
          note: v.optional(v.string()),
        }),
      ),
      asset_requirements: v.record(v.string(), v.string()),
      enums: v.record(v.string(), v.array(v.string())),
    }),
  ]),
  async run(args) {
    const platform = platformOf(args.platform);
    const flows = CAMPAIGN_SPECS[platform];
    if (!args.campaign_type) {
      const text = [
        `## Campaign types of ${platform}`,
        '',
        markdownTable(
          ['campaign_type', 'Flow', 'What it is'],
          Object.entries(flows).map(([type, spec]) => [type, spec.label, spec.summary]),
        ),
        '',
        `Call get_campaign_spec again with \`campaign_type\` for the full requirements of one of them.`,
      ].join('\n');
      return {
        text,
        structured: {
          platform,
          campaign_types: Object.entries(flows).map(([type, spec]) => ({ campaign_type: type, label: spec.label, summary: spec.summary })),
        },
      };
    }
    const type = resolveType(platform, args.campaign_type)!;
    const spec = flows[type];
    return { text: flowMarkdown(platform, type, spec), structured: { platform, campaign_type: type, ...spec } };
  },
});
