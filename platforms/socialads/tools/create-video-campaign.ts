import * as v from 'valibot';
import type { PlannedChange } from '../../../core/plan';
import { ToolError } from '../../../core/errors';
import { isoDate } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineSocialAdsTool } from '../define';
import {
  SOCIALADS_OBJECTIVES,
  SOCIALADS_PUBLISHER_PLATFORMS,
  type NewSocialAdsAdSet,
  type NewSocialAdsCampaign,
  type SocialAdsAdSet,
  type SocialAdsCreative,
  type SocialAdsObjective,
} from '../port';
import {
  CALL_TO_ACTIONS,
  descriptionSchema,
  headlineSchema,
  httpsUrl,
  imageHash,
  primaryTextSchema,
  videoId,
  webUrl,
} from './creative-rules';
import { checkVideo, planImage, resolveInstagram, resolvePage } from './resolve';
import { dateArg } from './shared';

/** Optimization goals Meta accepts per objective (ODAX); the first is the default. */
export const GOALS_BY_OBJECTIVE: Record<SocialAdsObjective, string[]> = {
  OUTCOME_AWARENESS: ['REACH', 'IMPRESSIONS', 'AD_RECALL_LIFT', 'THRUPLAY'],
  OUTCOME_TRAFFIC: ['LANDING_PAGE_VIEWS', 'LINK_CLICKS', 'REACH', 'IMPRESSIONS'],
  OUTCOME_ENGAGEMENT: ['THRUPLAY', 'POST_ENGAGEMENT', 'TWO_SECOND_CONTINUOUS_VIDEO_VIEWS'],
  OUTCOME_LEADS: ['LEAD_GENERATION', 'QUALITY_LEAD'],
  OUTCOME_SALES: ['OFFSITE_CONVERSIONS', 'VALUE', 'LINK_CLICKS'],
  OUTCOME_APP_PROMOTION: ['APP_INSTALLS', 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS'],
};
const ALL_GOALS = [...new Set(Object.values(GOALS_BY_OBJECTIVE).flat())];
const MIN_DAILY_BUDGET = 1;

export const createSocialAdsVideoCampaign = defineSocialAdsTool({
  name: 'create_socialads_video_campaign',
  description:
    'Creates a complete socialads video campaign in one call: the campaign (objective, budget), one ad set (targeting: countries, age, gender, placements; optimization goal) and one video ad (video_url or existing_video_id, copy, call to action, page). Each step is checkpointed: a retry with the same arguments after a failure resumes instead of duplicating. Created PAUSED by default so it can be reviewed before it spends. Do not retry automatically; use an Idempotency-Key.',
  access: 'write',
  examples: [
    {
      campaign_name: 'Example video',
      primary_text: 'Gear that goes further',
      objective: 'OUTCOME_TRAFFIC',
      daily_budget: 50,
      existing_video_id: '<existing_video_id from discover_socialads_assets>',
      landing_page_url: 'https://www.example.com/trail',
      status: 'PAUSED',
      page_id: '<page_id from list_socialads_pages>',
    },
  ],
  args: {
    campaign_name: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(400), v.description('Campaign name')),
    objective: v.optional(
      v.pipe(v.picklist(SOCIALADS_OBJECTIVES), v.description('Campaign objective (OUTCOME_*), default OUTCOME_AWARENESS')),
      'OUTCOME_AWARENESS',
    ),
    daily_budget: v.optional(
      v.pipe(
        v.number(),
        v.minValue(MIN_DAILY_BUDGET, `must be at least ${MIN_DAILY_BUDGET}`),
        v.maxValue(1_000_000),
        v.description('Daily budget in account currency; give this or lifetime_budget'),
      ),
    ),
    lifetime_budget: v.optional(
      v.pipe(
        v.number(),
        v.minValue(MIN_DAILY_BUDGET, `must be at least ${MIN_DAILY_BUDGET}`),
        v.maxValue(10_000_000),
        v.description('Lifetime budget in account currency; needs end_date'),
      ),
    ),
    start_date: dateArg('First day of delivery, YYYY-MM-DD; default today'),
    end_date: dateArg('Last day of delivery, YYYY-MM-DD; required with lifetime_budget'),
    countries: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code in capitals, e.g. US'))),
        v.minLength(1),
        v.maxLength(25),
        v.description('Countries to target (ISO codes), default ["US"]'),
      ),
      ['US'],
    ),
    age_min: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(18), v.maxValue(65), v.description('Minimum age, 18-65, default 18')),
      18,
    ),
    age_max: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(18), v.maxValue(65), v.description('Maximum age, 18-65 (65 = 65+), default 65')),
      65,
    ),
    genders: v.optional(v.pipe(v.picklist(['all', 'male', 'female']), v.description('all (default), male or female')), 'all'),
    publisher_platforms: v.optional(
      v.pipe(
        v.array(v.picklist(SOCIALADS_PUBLISHER_PLATFORMS)),
        v.minLength(1),
        v.description(
          'Where the ads appear: main_app (the socialads app), photo_app (its photo-sharing app), partner_network, messaging_app; default main_app and photo_app',
        ),
      ),
      ['main_app', 'photo_app'],
    ),
    optimization_goal: v.optional(
      v.pipe(
        v.picklist(ALL_GOALS),
        v.description(
          'Ad set optimization goal; defaults per objective (AWARENESS: REACH, TRAFFIC: LANDING_PAGE_VIEWS, ENGAGEMENT: THRUPLAY, LEADS: LEAD_GENERATION, SALES: OFFSITE_CONVERSIONS, APP_PROMOTION: APP_INSTALLS)',
        ),
      ),
    ),
    video_url: v.optional(httpsUrl('Public HTTPS MP4 URL of the video; uploaded to the account')),
    existing_video_id: v.optional(videoId('Id of a video already in the account (discover_socialads_assets)')),
    thumbnail_url: v.optional(webUrl('Thumbnail image URL')),
    existing_image_hash: v.optional(imageHash('Image hash used as the thumbnail')),
    primary_text: v.pipe(primaryTextSchema, v.description('Primary text, max 2200 characters (125 recommended)')),
    headline: v.optional(v.pipe(headlineSchema, v.description('Headline, max 255 characters (40 recommended)'))),
    description: v.optional(v.pipe(descriptionSchema, v.description('Description, max 255 characters'))),
    landing_page_url: v.optional(httpsUrl('Destination (HTTPS); required for OUTCOME_TRAFFIC and OUTCOME_SALES')),
    call_to_action: v.optional(
      v.pipe(v.picklist(CALL_TO_ACTIONS), v.description('Call to action; default LEARN_MORE (INSTALL_MOBILE_APP for app promotion)')),
    ),
    object_store_url: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(
          /^https:\/\/(apps\.apple\.com|play\.google\.com)\//,
          'must be an app store URL (https://apps.apple.com/... or https://play.google.com/...)',
        ),
        v.description('OUTCOME_APP_PROMOTION: store URL of the app (required)'),
      ),
    ),
    lead_form_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{6,20}$/, 'must be a numeric lead form id'),
        v.description('OUTCOME_LEADS: instant form; auto-selected when the page has exactly one active form'),
      ),
    ),
    pixel_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{6,20}$/, 'must be a numeric pixel id'),
        v.description('OUTCOME_SALES: pixel; auto-selected when the account has exactly one'),
      ),
    ),
    custom_event_type: v.optional(
      v.pipe(
        v.picklist(['PURCHASE', 'ADD_TO_CART', 'INITIATED_CHECKOUT', 'COMPLETE_REGISTRATION', 'LEAD', 'SUBSCRIBE', 'START_TRIAL']),
        v.description('OUTCOME_SALES: conversion event, default PURCHASE'),
      ),
    ),
    page_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{6,20}$/, 'must be a numeric page id from list_socialads_pages'),
        v.description('Page the ad runs as; auto-detected with one promotable page, otherwise the tool asks'),
      ),
    ),
    profile_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{6,20}$/),
        v.description("Linked photo-app profile (from list_socialads_pages); defaults to the page's linked profile"),
      ),
    ),
    ad_set_name: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(400), v.description('Ad set name; default "<campaign_name> - Ad set"')),
    ),
    ad_name: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(400), v.description('Ad name; default "<campaign_name> - Video"')),
    ),
    status: v.optional(
      v.pipe(v.picklist(['ACTIVE', 'PAUSED']), v.description('PAUSED (default: review before it spends) or ACTIVE')),
      'PAUSED',
    ),
  },
  rules: [
    (a) =>
      (a.daily_budget === undefined) === (a.lifetime_budget === undefined)
        ? a.daily_budget === undefined
          ? 'one of `daily_budget` or `lifetime_budget` is required'
          : '`daily_budget` and `lifetime_budget` are mutually exclusive; give one'
        : undefined,
    (a) => (a.lifetime_budget !== undefined && !a.end_date ? '`end_date` is required with `lifetime_budget`' : undefined),
    (a) => (a.start_date && a.end_date && a.end_date < a.start_date ? '`end_date` must be on or after `start_date`' : undefined),
    (a) => (a.age_min > a.age_max ? '`age_min` must not be greater than `age_max`' : undefined),
    (a) =>
      (a.video_url === undefined) === (a.existing_video_id === undefined)
        ? a.video_url === undefined
          ? 'one of `video_url` or `existing_video_id` is required'
          : '`video_url` and `existing_video_id` are mutually exclusive; give one'
        : undefined,
    (a) =>
      a.thumbnail_url !== undefined && a.existing_image_hash !== undefined
        ? '`thumbnail_url` and `existing_image_hash` are mutually exclusive; give one thumbnail'
        : undefined,
    (a) =>
      a.optimization_goal && !GOALS_BY_OBJECTIVE[a.objective].includes(a.optimization_goal)
        ? `\`optimization_goal\` ${a.optimization_goal} does not fit ${a.objective}; use one of ${GOALS_BY_OBJECTIVE[a.objective].join(', ')}`
        : undefined,
    (a) =>
      (a.objective === 'OUTCOME_TRAFFIC' || a.objective === 'OUTCOME_SALES') && !a.landing_page_url
        ? `\`landing_page_url\` is required for ${a.objective}`
        : undefined,
    (a) =>
      a.objective === 'OUTCOME_APP_PROMOTION' && !a.object_store_url
        ? '`object_store_url` is required for OUTCOME_APP_PROMOTION'
        : undefined,
    (a) =>
      a.object_store_url && a.objective !== 'OUTCOME_APP_PROMOTION'
        ? '`object_store_url` only applies to OUTCOME_APP_PROMOTION'
        : undefined,
    (a) => (a.lead_form_id && a.objective !== 'OUTCOME_LEADS' ? '`lead_form_id` only applies to OUTCOME_LEADS' : undefined),
    (a) =>
      (a.pixel_id || a.custom_event_type) && a.objective !== 'OUTCOME_SALES'
        ? '`pixel_id` and `custom_event_type` only apply to OUTCOME_SALES'
        : undefined,
  ],
  output: v.object({
    ad_account_id: v.string(),
    campaign_id: v.string(),
    ad_set_id: v.string(),
    ad_id: v.string(),
    video_id: v.string(),
    objective: v.string(),
    optimization_goal: v.string(),
    status: v.picklist(['ACTIVE', 'PAUSED']),
    page_id: v.string(),
    lead_form_id: v.nullable(v.string()),
    pixel_id: v.nullable(v.string()),
    notes: v.array(v.string()),
  }),
  async plan(args, ctx) {
    const p = ctx.platform;
    const today = isoDate(ctx.now);
    const startDate = args.start_date ?? today;
    if (startDate < today) throw new ToolError(`\`start_date\` ${startDate} is in the past; use today (${today}) or later.`);
    if (args.end_date && args.end_date < startDate) throw new ToolError('`end_date` must be on or after the start date.');
    if (args.lifetime_budget !== undefined && args.end_date) {
      const days = Math.round((Date.parse(`${args.end_date}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;
      if (args.lifetime_budget / days < MIN_DAILY_BUDGET)
        throw new ToolError(
          `\`lifetime_budget\` ${money(args.lifetime_budget, ctx.account.currency)} over ${days} days is under the minimum of ${money(MIN_DAILY_BUDGET, ctx.account.currency)} per day.`,
        );
    }

    // Checks before anything is created.
    const { page, how } = await resolvePage(p, args.page_id, undefined, ctx.account.account_id, 'page_id');
    const instagram = await resolveInstagram(p, args.profile_id, page, 'profile_id');
    if (args.existing_video_id) await checkVideo(ctx, args.existing_video_id, 'existing_video_id');
    const thumbnailHash = args.existing_image_hash
      ? (await planImage(ctx, args.existing_image_hash, 'existing_image_hash', false)).hash
      : undefined;
    let leadFormId: string | undefined;
    if (args.objective === 'OUTCOME_LEADS') {
      const active = (await p.listLeadForms()).filter((f) => f.status === 'ACTIVE' && f.page_id === page.id);
      if (args.lead_form_id) {
        if (!active.some((f) => f.id === args.lead_form_id))
          throw new ToolError(
            `\`lead_form_id\` ${args.lead_form_id} is not an active lead form of page "${page.name}". Active forms: ${active.map((f) => `${f.name} (${f.id})`).join(', ') || 'none'}.`,
          );
        leadFormId = args.lead_form_id;
      } else if (active.length === 1) leadFormId = active[0].id;
      else
        throw new ToolError(
          `Page "${page.name}" has ${active.length} active lead forms. Please specify lead_form_id: ${active.map((f) => `${f.name} (${f.id})`).join(', ') || 'create a form first'}.`,
          { parameter: 'lead_form_id', lead_forms: active.map((f) => ({ id: f.id, name: f.name })) },
        );
    }
    let pixelId: string | undefined;
    let pixelName: string | undefined;
    if (args.objective === 'OUTCOME_SALES') {
      const pixels = await p.listPixels();
      if (args.pixel_id) {
        if (!pixels.some((x) => x.id === args.pixel_id))
          throw new ToolError(
            `\`pixel_id\` ${args.pixel_id} is not a pixel of this account. Pixels: ${pixels.map((x) => `${x.name} (${x.id})`).join(', ') || 'none'}.`,
          );
        pixelId = args.pixel_id;
      } else if (pixels.length === 1) pixelId = pixels[0].id;
      else
        throw new ToolError(
          `This account has ${pixels.length} pixels. Please specify pixel_id: ${pixels.map((x) => `${x.name} (${x.id})`).join(', ') || 'install a pixel first'}.`,
        );
    }
    if (pixelId) pixelName = (await p.listPixels()).find((x) => x.id === pixelId)?.name;
    const conversionEvent = pixelId ? (args.custom_event_type ?? 'PURCHASE') : undefined;
    const goal = args.optimization_goal ?? GOALS_BY_OBJECTIVE[args.objective][0];
    const isApp = args.objective === 'OUTCOME_APP_PROMOTION';
    const cta = args.call_to_action ?? (isApp ? 'INSTALL_MOBILE_APP' : 'LEARN_MORE');
    const link = isApp ? args.object_store_url! : (args.landing_page_url ?? `https://www.facebook.com/${page.id}`);

    // The owner's "create paused" guardrail forces PAUSED whatever `status` says.
    const status = ctx.createPaused ? ('PAUSED' as const) : args.status;
    const paused = status === 'PAUSED';
    const currency = ctx.account.currency;
    const days = args.end_date
      ? Math.round((Date.parse(`${args.end_date}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1
      : 1;
    const daily = args.daily_budget ?? Math.round(((args.lifetime_budget ?? 0) / days) * 100) / 100;
    const changes: PlannedChange[] = [
      ...(args.video_url
        ? [
            {
              action: 'create' as const,
              entity: 'video',
              name: args.video_url,
              fields: { source_url: { after: args.video_url } },
              startsPaused: true,
            },
          ]
        : []),
      {
        action: 'create',
        entity: 'campaign',
        name: args.campaign_name,
        fields: {
          objective: { after: args.objective },
          status: { after: status },
          start_date: { after: startDate },
          end_date: { after: args.end_date ?? null },
        },
        startsPaused: paused,
      },
      {
        action: 'create',
        entity: 'ad_set',
        name: args.ad_set_name ?? `${args.campaign_name} - Ad set`,
        fields: {
          status: { after: status },
          optimization_goal: { after: goal },
          [args.daily_budget !== undefined ? 'daily_budget' : 'lifetime_budget']: { after: args.daily_budget ?? args.lifetime_budget },
          ...(pixelId ? { pixel_id: { after: pixelId }, conversion_event: { after: conversionEvent } } : {}),
          countries: { after: args.countries },
        },
        startsPaused: paused,
      },
      {
        action: 'create',
        entity: 'ad',
        name: args.ad_name ?? `${args.campaign_name} - Video`,
        fields: { status: { after: status }, call_to_action: { after: cta }, link: { after: link }, page_id: { after: page.id } },
        startsPaused: paused,
      },
    ];
    return {
      summary: `Create video campaign "${args.campaign_name}" (${args.objective}, ${status}) with an ad set and a video ad${pixelId ? `, counting ${conversionEvent} on pixel ${pixelName ? `"${pixelName}" ` : ''}(${pixelId})` : ''}`,
      changes,
      budgets: [{ entity: 'ad_set', name: args.ad_set_name ?? `${args.campaign_name} - Ad set`, after: daily, currency }],
      notes:
        args.lifetime_budget !== undefined
          ? [
              `The lifetime budget of ${money(args.lifetime_budget, currency)} comes to ${money(daily, currency)} a day over ${days} day(s); the guardrails check that daily figure.`,
            ]
          : [],
      data: {
        startDate,
        page: { id: page.id, name: page.name },
        how,
        instagramId: instagram?.id ?? null,
        thumbnailHash: thumbnailHash ?? null,
        leadFormId: leadFormId ?? null,
        pixelId: pixelId ?? null,
        goal,
        isApp,
        cta,
        link,
        status,
      },
    };
  },
  async apply(plan, args, ctx) {
    const p = ctx.platform;
    const { startDate, page, how, goal, isApp, cta, link, status } = plan.data;
    const instagram = plan.data.instagramId ? { id: plan.data.instagramId } : undefined;
    const thumbnailHash = plan.data.thumbnailHash ?? undefined;
    const leadFormId = plan.data.leadFormId ?? undefined;
    const pixelId = plan.data.pixelId ?? undefined;
    // Step 1: the video.
    const video = await ctx.step('upload_video', async () => {
      if (args.existing_video_id) return args.existing_video_id;
      const title = decodeURIComponent(new URL(args.video_url!).pathname.split('/').pop() || 'video.mp4');
      return (await p.uploadVideo({ source_url: args.video_url!, title, thumbnail_url: args.thumbnail_url })).id;
    });
    // Step 2: the campaign.
    const campaign = await ctx.step('create_campaign', () => {
      const c: NewSocialAdsCampaign = {
        name: args.campaign_name,
        objective: args.objective,
        status,
        buying_type: 'AUCTION',
        special_ad_categories: [],
        start_date: startDate,
        ...(args.end_date ? { end_date: args.end_date } : {}),
        ...(leadFormId ? { lead_form_id: leadFormId } : {}),
        ...(isApp
          ? {
              app: {
                app_name: args.campaign_name,
                store: args.object_store_url!.includes('apple.com') ? ('APP_STORE' as const) : ('GOOGLE_PLAY' as const),
                object_store_url: args.object_store_url!,
              },
            }
          : {}),
      };
      return p.createCampaign(c);
    });
    // Step 3: the ad set (holds the budget and targeting).
    const adSet = await ctx.step('create_ad_set', () => {
      const promoted: SocialAdsAdSet['promoted_object'] = {
        page_id: page.id,
        ...(pixelId ? { pixel_id: pixelId, custom_event_type: args.custom_event_type ?? 'PURCHASE' } : {}),
        ...(isApp ? { application_id: campaign.app!.application_id, object_store_url: args.object_store_url } : {}),
      };
      const s: NewSocialAdsAdSet = {
        campaign_id: campaign.id,
        name: args.ad_set_name ?? `${args.campaign_name} - Ad set`,
        status,
        optimization_goal: goal,
        billing_event: goal === 'THRUPLAY' ? 'THRUPLAY' : 'IMPRESSIONS',
        ...(args.daily_budget !== undefined ? { daily_budget: args.daily_budget } : { lifetime_budget: args.lifetime_budget }),
        targeting: {
          countries: args.countries,
          age_min: args.age_min,
          age_max: args.age_max,
          genders: args.genders === 'all' ? [] : [args.genders === 'male' ? 1 : 2],
          publisher_platforms: args.publisher_platforms,
        },
        promoted_object: promoted,
        start_date: startDate,
        ...(args.end_date ? { end_date: args.end_date } : {}),
      };
      return p.createAdSet(s);
    });
    // Step 4: the ad.
    const ad = await ctx.step('create_ad', () =>
      p.createAd({
        ad_set_id: adSet.id,
        campaign_id: campaign.id,
        name: args.ad_name ?? `${args.campaign_name} - Video`,
        status,
        ad_type: 'video',
        creative: JSON.parse(
          JSON.stringify({
            page_id: page.id,
            instagram_account_id: instagram?.id,
            link,
            call_to_action: cta,
            primary_texts: [args.primary_text],
            headlines: args.headline ? [args.headline] : [],
            descriptions: args.description ? [args.description] : [],
            image_hashes: [],
            video_id: video,
            thumbnail: thumbnailHash ?? args.thumbnail_url,
            lead_form_id: leadFormId,
            disabled_creative_features: [],
          }),
        ) as SocialAdsCreative,
        start_date: startDate,
      }),
    );

    const currency = ctx.account.currency;
    const budget =
      args.daily_budget !== undefined
        ? `${money(args.daily_budget, currency)} per day`
        : `${money(args.lifetime_budget, currency)} lifetime (to ${args.end_date})`;
    const notes = [
      ...(how === 'only_promotable_page' ? [`Page "${page.name}" chosen automatically (the only promotable page).`] : []),
      ...(args.video_url ? ['The uploaded video is processed by the platform (usually a few minutes) before the ad can deliver.'] : []),
      'The ad is reviewed by the platform (usually within 24 hours).',
      status === 'PAUSED'
        ? 'Everything was created PAUSED: activate it once reviewed.'
        : 'Created ACTIVE: it starts spending once the ad is approved.',
    ];
    const text = [
      `## Video campaign created in ${ctx.account.name} (${ctx.account.account_id})`,
      '',
      markdownTable(
        ['Level', 'Name', 'Id', 'Details'],
        [
          ['Campaign', campaign.name, campaign.id, `${campaign.objective}, ${campaign.status}`],
          [
            'Ad set',
            adSet.name,
            adSet.id,
            `${goal}; ${budget}; ${args.countries.join(', ')}, ${args.age_min}-${args.age_max}, ${args.genders}; ${args.publisher_platforms.join(', ')}`,
          ],
          ['Ad', ad.name, ad.id, `video ${video}, ${cta}, page ${page.name}`],
        ],
      ),
      '',
      ...notes.map((n) => `- ${n}`),
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        campaign_id: campaign.id,
        ad_set_id: adSet.id,
        ad_id: ad.id,
        video_id: video,
        objective: campaign.objective,
        optimization_goal: goal,
        status,
        page_id: page.id,
        lead_form_id: leadFormId ?? null,
        pixel_id: pixelId ?? null,
        notes,
      },
    };
  },
});
