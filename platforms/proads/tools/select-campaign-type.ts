import * as v from 'valibot';
import { markdownTable } from '../../../core/markdown';
import { defineProAdsTool } from '../define';
import type { ProAdsFormat, ProAdsObjective } from '../port';

interface Limit {
  max: number;
  recommended?: number;
  note?: string;
}

interface FormatSpec {
  label: string;
  format: ProAdsFormat;
  campaign_type: 'SPONSORED_UPDATES' | 'TEXT_AD';
  placements: string;
  required_fields: string[];
  optional_fields: string[];
  character_limits: Record<string, Limit>;
  asset_specs: Record<string, string>;
  objectives: ProAdsObjective[];
  call_to_actions: string[];
  tips: string[];
}

/** LinkedIn's published ad specifications per format (Campaign Manager help: ad specs). */
const SPONSORED_CTAS = [
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
const URL_LIMIT: Limit = { max: 2000, note: 'must start with http:// or https://' };
export const PROADS_FORMATS: Record<'image' | 'video' | 'carousel' | 'text', FormatSpec> = {
  image: {
    label: 'Single image ad (sponsored feed post)',
    format: 'SINGLE_IMAGE',
    campaign_type: 'SPONSORED_UPDATES',
    placements: 'Professional-network feed on desktop and mobile (optionally partner apps and sites)',
    required_fields: [
      'campaign_group_id',
      'objective_type',
      'daily_budget or total_budget',
      'targeting (location + at least one audience facet)',
      'image',
      'introductory_text',
      'destination_url (or lead_gen_form_id for lead generation)',
    ],
    optional_fields: ['headline', 'description', 'call_to_action', 'ad_name'],
    character_limits: {
      ad_name: { max: 255 },
      introductory_text: { max: 600, recommended: 150, note: 'truncated after about 150 characters on desktop' },
      headline: { max: 200, recommended: 70 },
      description: { max: 300, recommended: 100, note: 'shown only on some Audience Network placements' },
      destination_url: URL_LIMIT,
    },
    asset_specs: {
      file_types: 'JPG, PNG or GIF (non-animated)',
      max_file_size: '5 MB',
      horizontal: '1.91:1, 1200 x 628 px recommended (min 640 x 360, max 7680 x 4320)',
      square: '1:1, 1200 x 1200 px (min 360 x 360, max 4320 x 4320)',
      vertical: '4:5 or 1:1.91, 720 x 900 px (min 360 x 640); mobile only',
    },
    objectives: ['BRAND_AWARENESS', 'WEBSITE_VISIT', 'ENGAGEMENT', 'LEAD_GENERATION', 'WEBSITE_CONVERSION'],
    call_to_actions: SPONSORED_CTAS,
    tips: [
      'Keep the introductory text under 150 characters so it is not cut off.',
      'Run at least 2-4 creatives per campaign so delivery can favour the best one.',
    ],
  },
  video: {
    label: 'Single video ad (sponsored feed post)',
    format: 'VIDEO',
    campaign_type: 'SPONSORED_UPDATES',
    placements: 'Professional-network feed on desktop and mobile (optionally partner apps and sites)',
    required_fields: [
      'campaign_group_id',
      'objective_type',
      'daily_budget or total_budget',
      'targeting',
      'video file',
      'destination_url (or lead_gen_form_id for lead generation)',
    ],
    optional_fields: ['introductory_text', 'headline', 'call_to_action', 'thumbnail', 'captions (SRT)', 'ad_name'],
    character_limits: {
      ad_name: { max: 255 },
      introductory_text: { max: 600, recommended: 150 },
      headline: { max: 200, recommended: 70 },
      destination_url: URL_LIMIT,
    },
    asset_specs: {
      file_type: 'MP4',
      file_size: '75 KB to 200 MB',
      length: '3 seconds to 30 minutes (15-30 seconds performs best)',
      aspect_ratios: '16:9 (1920 x 1080), 1:1 (1080 x 1080), 9:16 (1080 x 1920, mobile feed)',
      frame_rate: 'under 30 frames per second',
      audio: 'AAC or MPEG4, under 64 kHz',
      thumbnail: 'JPG or PNG, up to 2 MB, same aspect ratio as the video',
      captions: 'SRT file recommended: most feed video plays muted',
    },
    objectives: ['BRAND_AWARENESS', 'WEBSITE_VISIT', 'ENGAGEMENT', 'VIDEO_VIEW', 'LEAD_GENERATION', 'WEBSITE_CONVERSION'],
    call_to_actions: SPONSORED_CTAS,
    tips: [
      'Put the message in the first 3 seconds and add captions.',
      'Use VIDEO_VIEW for reach and retargeting pools, WEBSITE_CONVERSION for pipeline.',
    ],
  },
  carousel: {
    label: 'Carousel ad (sponsored feed post, 2-10 cards)',
    format: 'CAROUSEL',
    campaign_type: 'SPONSORED_UPDATES',
    placements: 'Professional-network feed on desktop and mobile',
    required_fields: [
      'campaign_group_id',
      'objective_type',
      'daily_budget or total_budget',
      'targeting',
      'introductory_text',
      '2-10 cards, each with an image, a headline and a destination_url (or a lead_gen_form_id)',
    ],
    optional_fields: ['ad_name'],
    character_limits: {
      ad_name: { max: 255 },
      introductory_text: { max: 255, recommended: 150 },
      card_headline: { max: 45, note: '30 when the cards open a lead form' },
      destination_url: URL_LIMIT,
    },
    asset_specs: {
      cards: '2 to 10',
      file_types: 'JPG, PNG or GIF (non-animated)',
      max_file_size: '10 MB per card',
      dimensions: '1:1, 1080 x 1080 px recommended (max 4320 x 4320)',
    },
    objectives: ['BRAND_AWARENESS', 'WEBSITE_VISIT', 'ENGAGEMENT', 'LEAD_GENERATION', 'WEBSITE_CONVERSION'],
    call_to_actions: SPONSORED_CTAS,
    tips: ['Use 3-5 cards that tell one story in order.', 'Keep card headlines short: they wrap after two lines.'],
  },
  text: {
    label: 'Text ad (desktop right rail and top banner)',
    format: 'TEXT_AD',
    campaign_type: 'TEXT_AD',
    placements: 'Desktop only: right rail and top of the feed',
    required_fields: [
      'campaign_group_id',
      'objective_type',
      'daily_budget or total_budget',
      'targeting',
      'headline',
      'description',
      'destination_url',
    ],
    optional_fields: ['image (100 x 100)', 'ad_name'],
    character_limits: {
      headline: { max: 25 },
      description: { max: 75 },
      destination_url: { max: 500, note: 'must start with http:// or https://' },
    },
    asset_specs: {
      image: '100 x 100 px, JPG or PNG, up to 2 MB (optional; a logo or face works best)',
    },
    objectives: ['BRAND_AWARENESS', 'WEBSITE_VISIT', 'WEBSITE_CONVERSION'],
    call_to_actions: [],
    tips: [
      'Desktop only: expect many impressions at a CTR of about 0.02-0.05 %; judge on cost per conversion.',
      'Write 2-3 variations: there is no call-to-action button.',
    ],
  },
};

export const selectProAdsCampaignType = defineProAdsTool({
  name: 'select_proads_campaign_type',
  description:
    "Explains what a proads (professional network) campaign of one format needs before creating it: required and optional fields, character limits, image/video specs, objectives and calls to action for image, video, carousel (2-10 cards) or text (desktop text ad), plus next steps using the account's campaign groups and its existing campaigns of that format.",
  access: 'read',
  args: {
    campaign_type: v.pipe(
      v.picklist(['image', 'video', 'carousel', 'text']),
      v.description('image, video, carousel (2-10 cards) or text (desktop text ad)'),
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    label: v.string(),
    format: v.string(),
    campaign_type: v.string(),
    placements: v.string(),
    required_fields: v.array(v.string()),
    optional_fields: v.array(v.string()),
    character_limits: v.object({
      headline: v.optional(
        v.object({
          max: v.number(),
          recommended: v.optional(v.number()),
        }),
      ),
      description: v.optional(
        v.object({
          max: v.number(),
          recommended: v.optional(v.number()),
          note: v.optional(v.string()),
        }),
      ),
      destination_url: v.object({
        max: v.number(),
        note: v.string(),
      }),
      ad_name: v.optional(
        v.object({
          max: v.number(),
        }),
      ),
      introductory_text: v.optional(
        v.object({
          max: v.number(),
          recommended: v.number(),
          note: v.optional(v.string()),
        }),
      ),
      card_headline: v.optional(
        v.object({
          max: v.number(),
          note: v.string(),
        }),
      ),
    }),
    asset_specs: v.object({
      image: v.optional(v.string()),
      file_types: v.optional(v.string()),
      max_file_size: v.optional(v.string()),
      horizontal: v.optional(v.string()),
      square: v.optional(v.string()),
      vertical: v.optional(v.string()),
      file_type: v.optional(v.string()),
      file_size: v.optional(v.string()),
      length: v.optional(v.string()),
      aspect_ratios: v.optional(v.string()),
      frame_rate: v.optional(v.string()),
      audio: v.optional(v.string()),
      thumbnail: v.optional(v.string()),
      captions: v.optional(v.string()),
      cards: v.optional(v.string()),
      dimensions: v.optional(v.string()),
    }),
    objectives: v.array(v.string()),
    call_to_actions: v.array(v.string()),
    tips: v.array(v.string()),
    platform_campaign_type: v.string(),
    account: v.object({
      campaign_groups: v.array(
        v.object({
          id: v.string(),
          name: v.string(),
        }),
      ),
      existing_campaigns: v.array(
        v.object({
          id: v.string(),
          name: v.string(),
          status: v.string(),
          objective_type: v.string(),
        }),
      ),
    }),
    next_steps: v.array(v.string()),
  }),
  async run(args, ctx) {
    const spec = PROADS_FORMATS[args.campaign_type];
    const [groups, campaigns] = await Promise.all([ctx.platform.listCampaignGroups(), ctx.platform.listCampaigns()]);
    const activeGroups = groups.filter((g) => g.status === 'ACTIVE');
    const sameFormat = campaigns.filter((c) => c.format === spec.format && c.status !== 'ARCHIVED');
    const nextSteps = [
      activeGroups.length
        ? `Choose a campaign group: ${activeGroups.map((g) => `${g.name} (${g.id})`).join(', ')}.`
        : 'Create a campaign group first: the account has no active one.',
      `Pick an objective: ${spec.objectives.join(', ')}.`,
      `Prepare the assets: ${Object.values(spec.asset_specs)[0]}.`,
      `Write copy within the limits: ${Object.entries(spec.character_limits)
        .filter(([k]) => k !== 'destination_url' && k !== 'ad_name')
        .map(([k, l]) => `${k} ${l.max}${l.recommended ? ` (${l.recommended} recommended)` : ''}`)
        .join(', ')}.`,
      sameFormat.length
        ? `Compare with your ${sameFormat.length} existing ${args.campaign_type} campaign(s) (e.g. ${sameFormat
            .slice(0, 2)
            .map((c) => `"${c.name}"`)
            .join(', ')}): run analyze_proads_creative_performance with campaign_id to see what works.`
        : `This account has no ${args.campaign_type} campaign yet: start with 2-4 creatives to learn what works.`,
      'Use get_campaign_spec with platform proads for the full creation flow.',
    ];
    const text = [
      `## ${spec.label}`,
      '',
      `Campaign type ${spec.campaign_type}, format ${spec.format}. Placements: ${spec.placements}.`,
      '',
      '### Required fields',
      ...spec.required_fields.map((f) => `- ${f}`),
      '',
      `Optional: ${spec.optional_fields.join(', ')}.`,
      '',
      '### Character limits',
      markdownTable(
        ['Field', 'Max', 'Recommended', 'Note'],
        Object.entries(spec.character_limits).map(([field, l]) => [field, l.max, l.recommended ?? null, l.note ?? null]),
      ),
      '',
      '### Asset specs',
      ...Object.entries(spec.asset_specs).map(([k, s]) => `- ${k.replace(/_/g, ' ')}: ${s}`),
      '',
      `Objectives: ${spec.objectives.join(', ')}.`,
      `Calls to action: ${spec.call_to_actions.length ? spec.call_to_actions.join(', ') : 'none (text ads have no button)'}.`,
      '',
      '### Next steps',
      ...nextSteps.map((s, i) => `${i + 1}. ${s}`),
      '',
      '### Tips',
      ...spec.tips.map((t) => `- ${t}`),
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        ...spec,
        campaign_type: args.campaign_type,
        platform_campaign_type: spec.campaign_type,
        account: {
          campaign_groups: activeGroups.map((g) => ({ id: g.id, name: g.name })),
          existing_campaigns: sameFormat.map((c) => ({ id: c.id, name: c.name, status: c.status, objective_type: c.objective_type })),
        },
        next_steps: nextSteps,
      },
    };
  },
});
