import * as v from 'valibot';
import type { PlannedChange } from '../../../core/plan';
import { ToolError } from '../../../core/errors';
import { markdownTable, money } from '../../../core/markdown';
import { checkVideoUrl, VideoUrlError } from '../../video-check';
import { defineShortVideoTool } from '../define';
import type { ShortVideoAdGroup, ShortVideoCampaign } from '../port';
import {
  AGE_GROUPS,
  CALLS_TO_ACTION,
  DEFAULT_BILLING_EVENT,
  GENDERS,
  OPERATING_SYSTEMS,
  OPTIMIZATION_GOALS,
  PLACEMENTS,
  PLACEMENT_TYPES,
  dateTime,
  dateTimeMs,
  enumList,
  formatDateTime,
  idList,
  languageList,
  money as moneyArg,
  pixelId,
} from '../schemas';
import { TARGETING_CATALOG, US_LOCATION_ID } from '../targeting-catalog';

const OBJECTIVE_INPUTS = ['TRAFFIC', 'WEB_CONVERSIONS', 'CONVERSIONS', 'LEAD_GENERATION', 'REACH', 'VIDEO_VIEWS', 'APP_PROMOTION'] as const;
const httpsUrl = (description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url('must be a full URL'),
    v.startsWith('https://', 'must be an HTTPS URL (https://...)'),
    v.description(description),
  );

/** Guidance minimum daily budget for video campaigns (account currency). */
const VIDEO_DAILY_BUDGET_GUIDANCE = 50;
/** The daily budget the platform applies when neither budget is given (the specification makes both optional). */
const DEFAULT_DAILY_BUDGET = VIDEO_DAILY_BUDGET_GUIDANCE;
const RECOMMENDED_TEXT_LENGTH = 50;

type Objective = ShortVideoCampaign['objective_type'];
const objectiveOf = (input: (typeof OBJECTIVE_INPUTS)[number] | undefined): Objective =>
  input === 'CONVERSIONS' ? 'WEB_CONVERSIONS' : ((input ?? 'TRAFFIC') as Objective);

export const createShortVideoVideoCampaign = defineShortVideoTool({
  name: 'create_shortvideo_video_campaign',
  description:
    'Creates a complete shortvideo in-feed video campaign in one call: campaign (TRAFFIC unless objective is given), ad group (PLACEMENT_TYPE_NORMAL, in-feed), video upload by URL ' +
    '(or a library video_id, or an organic post via shortvideo_item_id for Spark-style boosting), cover image (auto-extracted when omitted) and the ad. The campaign starts PAUSED (nothing spends) unless start_paused is false; ' +
    'start it with resume_shortvideo_campaign, stop it with pause_shortvideo_campaign. The platform then processes the video (5-15 minutes) and reviews the creative (up to 24 hours). Creates real spend: call it once per campaign and do not retry automatically. ' +
    'If it fails part-way, a retry with exactly the same arguments resumes from the last completed step without creating duplicates. Check video_url first with validate_video. Carousel ads are not supported.',
  access: 'write',
  examples: [
    {
      campaign_name: 'Example video',
      ad_text: 'Gear that goes further',
      objective: 'TRAFFIC',
      budget_daily: 50,
      video_id: '<video_id from list_shortvideo_ad_videos>',
      landing_page_url: 'https://www.example.com/trail',
      display_name: 'Northwind Outdoor',
    },
  ],
  longRunning: true,
  args: {
    campaign_name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(480),
      v.description('Campaign name; a timestamp is appended automatically'),
    ),
    ad_text: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(100, 'must be at most 100 characters (50 or fewer recommended)'),
      v.description('Ad text, 1-100 characters; 50 or fewer recommended'),
    ),
    objective: v.optional(
      v.pipe(
        v.picklist(OBJECTIVE_INPUTS),
        v.description(
          'TRAFFIC (default), WEB_CONVERSIONS (needs pixel_id and optimization_event), CONVERSIONS (legacy alias of WEB_CONVERSIONS), LEAD_GENERATION, REACH, VIDEO_VIEWS, APP_PROMOTION (needs app_id)',
        ),
      ),
    ),
    app_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('App id; required for APP_PROMOTION'))),
    app_promotion_type: v.optional(
      v.pipe(v.picklist(['APP_INSTALL', 'APP_RETARGETING']), v.description('APP_INSTALL (default) or APP_RETARGETING; APP_PROMOTION only')),
    ),
    budget_daily: v.optional(
      moneyArg(
        'Daily budget; mutually exclusive with budget_lifetime; when neither is given the platform default of 50 per day applies; video guidance minimum 50 per day',
      ),
    ),
    budget_lifetime: v.optional(moneyArg('Lifetime budget; mutually exclusive with budget_daily; requires schedule_end_time')),
    schedule_end_time: v.optional(dateTime('End, YYYY-MM-DD HH:MM:SS; required with budget_lifetime')),
    budget_optimize_on: v.optional(v.pipe(v.boolean(), v.description('Campaign budget optimization; default true')), true),
    video_url: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.url('must be a full URL'),
        v.description('Public direct-download video URL (not a web page). 5-60 s, max 500 MB, 9:16 preferred, MP4/MOV/MPEG/AVI'),
      ),
    ),
    video_id: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Library video id from list_shortvideo_ad_videos; skips the upload')),
    ),
    cover_image_url: v.optional(
      httpsUrl('Cover image, 9:16 1080x1920, same aspect ratio as the video; auto-extracted from the video when omitted (recommended)'),
    ),
    display_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1),
        v.maxLength(40, 'must be at most 40 characters'),
        v.description('Brand name shown on the ad, max 40 characters; defaults to the campaign name'),
      ),
    ),
    landing_page_url: v.optional(httpsUrl('HTTPS landing page; required except for LEAD_GENERATION with an instant form (page_id)')),
    call_to_action: v.optional(
      v.pipe(
        v.picklist(CALLS_TO_ACTION),
        v.description(`${CALLS_TO_ACTION.join(', ')}; auto-selected when omitted (WATCH_NOW for most objectives)`),
      ),
    ),
    pixel_id: v.optional(pixelId('NUMERIC pixel id from list_shortvideo_pixels; required for WEB_CONVERSIONS')),
    page_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d+$/, 'must be a numeric instant form page id'),
        v.description('Instant form for LEAD_GENERATION (list_shortvideo_lead_pages; must be PUBLISHED)'),
      ),
    ),
    conversion_bid_price: v.optional(moneyArg('Target cost per result; required for LEAD_GENERATION')),
    optimization_event: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.toUpperCase(),
        v.regex(/^[A-Z0-9_]+$/, 'must be an event name such as ON_WEB_ORDER'),
        v.description('Pixel event to optimize for (ON_WEB_ORDER, ON_WEB_CART, ...); required for WEB_CONVERSIONS'),
      ),
    ),
    target_locations: v.optional(
      v.pipe(idList('Location ids; default the US (6252001)'), v.minLength(1, 'must list at least one location')),
    ),
    target_age_groups: v.optional(enumList(AGE_GROUPS, 'AGE_13_17, AGE_18_24, AGE_25_34, AGE_35_44, AGE_45_54, AGE_55_100')),
    target_gender: v.optional(
      v.pipe(v.picklist(GENDERS), v.description('GENDER_UNLIMITED (default), GENDER_MALE, GENDER_FEMALE')),
      'GENDER_UNLIMITED',
    ),
    interest_category_ids: v.optional(idList('Interest categories (search_shortvideo_targeting)')),
    audience_ids: v.optional(idList('Custom audiences to include')),
    excluded_audience_ids: v.optional(idList('Custom audiences to exclude')),
    languages: v.optional(languageList('ISO-639 language codes')),
    placement_type: v.optional(
      v.pipe(
        v.picklist(PLACEMENT_TYPES),
        v.description('PLACEMENT_TYPE_NORMAL with placements (the in-feed placement by default) or PLACEMENT_TYPE_AUTOMATIC'),
      ),
    ),
    placements: v.optional(
      enumList(PLACEMENTS, 'PLACEMENT_SHORTVIDEO, PLACEMENT_PARTNERNET, PLACEMENT_GLOBAL_APP_BUNDLE; default [PLACEMENT_SHORTVIDEO]'),
    ),
    operating_systems: v.optional(enumList(OPERATING_SYSTEMS, 'ANDROID, IOS; default all')),
    video_download_disabled: v.optional(v.pipe(v.boolean(), v.description('Default false')), false),
    comment_disabled: v.optional(v.pipe(v.boolean(), v.description('Default false')), false),
    shortvideo_item_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d+$/, 'must be the numeric id of an organic post'),
        v.description('Organic post id to boost as a Spark-style ad'),
      ),
    ),
    start_paused: v.optional(
      v.pipe(
        v.boolean(),
        v.description(
          'true (default): the campaign is created PAUSED and spends nothing until resume_shortvideo_campaign; false: ACTIVE at once',
        ),
      ),
      true,
    ),
  },
  rules: [
    (a) => {
      const given = (['video_url', 'video_id', 'shortvideo_item_id'] as const).filter((k) => a[k] !== undefined);
      if (given.length === 0) return 'give one of `video_url`, `video_id` or `shortvideo_item_id`';
      if (given.length > 1)
        return `\`video_url\`, \`video_id\` and \`shortvideo_item_id\` are mutually exclusive; give only one (got ${given.map((g) => `\`${g}\``).join(', ')})`;
      return undefined;
    },
    (a) => {
      if (a.budget_daily !== undefined && a.budget_lifetime !== undefined)
        return '`budget_daily` and `budget_lifetime` are mutually exclusive; give one';
      return undefined;
    },
    (a) => (a.budget_lifetime !== undefined && !a.schedule_end_time ? '`budget_lifetime` requires `schedule_end_time`' : undefined),
    (a) => {
      if (objectiveOf(a.objective) !== 'WEB_CONVERSIONS') return undefined;
      const missing = (['pixel_id', 'optimization_event'] as const).filter((k) => !a[k]);
      return missing.length
        ? `objective ${a.objective} needs ${missing.map((m) => `\`${m}\``).join(' and ')} (see list_shortvideo_pixels)`
        : undefined;
    },
    (a) => {
      const isApp = objectiveOf(a.objective) === 'APP_PROMOTION';
      if (isApp && !a.app_id) return 'objective APP_PROMOTION needs `app_id`';
      if (!isApp && (a.app_id || a.app_promotion_type)) return '`app_id` and `app_promotion_type` only apply to objective APP_PROMOTION';
      return undefined;
    },
    (a) => {
      const lead = objectiveOf(a.objective) === 'LEAD_GENERATION';
      const problems: string[] = [];
      if (a.page_id && !lead) problems.push('`page_id` (instant form) only applies to objective LEAD_GENERATION');
      if (lead && a.page_id && a.landing_page_url)
        problems.push('with an instant form (`page_id`) the form is the destination: omit `landing_page_url`');
      if (!a.landing_page_url && !(lead && a.page_id)) {
        problems.push(
          lead
            ? '`landing_page_url` (HTTPS) is required unless an instant form is given in `page_id`'
            : '`landing_page_url` (HTTPS) is required for this objective',
        );
      }
      if (lead && a.conversion_bid_price === undefined)
        problems.push('objective LEAD_GENERATION requires `conversion_bid_price` (target cost per lead)');
      return problems;
    },
    (a) =>
      a.placement_type === 'PLACEMENT_TYPE_AUTOMATIC' && a.placements
        ? '`placements` only apply with `placement_type` PLACEMENT_TYPE_NORMAL'
        : undefined,
    (a) =>
      a.cover_image_url && !a.video_url && !a.video_id
        ? '`cover_image_url` applies to uploaded or library videos, not to a boosted post (`shortvideo_item_id`)'
        : undefined,
  ],
  output: v.object({
    advertiser_id: v.string(),
    campaign_id: v.string(),
    campaign_name: v.string(),
    campaign_status: v.picklist(['ACTIVE', 'PAUSED']),
    objective: v.string(),
    adgroup_id: v.string(),
    video_id: v.nullable(v.string()),
    image_id: v.nullable(v.string()),
    ad_id: v.string(),
    review_status: v.string(),
    warnings: v.array(v.string()),
  }),
  async plan(args, ctx) {
    const objective = objectiveOf(args.objective);
    const warnings: string[] = [];

    // Stage 1: validate everything before anything is created.
    ctx.progress?.('validate', { step: 1, total: 3, message: 'Checking the arguments, pixel, instant form, audiences and video' });
    const problems: string[] = [];
    if (args.schedule_end_time && dateTimeMs(args.schedule_end_time) <= ctx.now.getTime() + 60 * 60 * 1000) {
      problems.push('`schedule_end_time` must be at least one hour in the future');
    }
    let pixelName: string | undefined;
    if (args.pixel_id) {
      const pixels = await ctx.platform.listPixels();
      const pixel = pixels.find((p) => p.id === args.pixel_id);
      if (!pixel)
        problems.push(
          `\`pixel_id\` ${args.pixel_id} is not a pixel of this advertiser; pixels: ${pixels.map((p) => `${p.id} (${p.pixel_name})`).join(', ') || 'none'}`,
        );
      else {
        pixelName = pixel.pixel_name;
        const events = pixel.events.map((e) => e.optimization_event);
        if (args.optimization_event && !events.includes(args.optimization_event)) {
          problems.push(
            `\`optimization_event\` ${args.optimization_event} is not an event of pixel ${pixel.id} (${pixel.pixel_name}); valid: ${events.join(', ')}`,
          );
        }
        if (pixel.activity_status === 'INACTIVE')
          warnings.push(`Pixel ${pixel.pixel_name} has not fired recently; conversions may not be tracked.`);
      }
    }
    if (args.page_id) {
      const page = (await ctx.platform.listLeadPages()).find((p) => p.id === args.page_id);
      if (!page) problems.push(`\`page_id\` ${args.page_id} is not an instant form of this advertiser; see list_shortvideo_lead_pages`);
      else if (page.status !== 'PUBLISHED')
        problems.push(`\`page_id\`: instant form "${page.title}" is ${page.status}; publish it first (only PUBLISHED forms can be used)`);
    }
    if (args.video_id) {
      const video = (await ctx.platform.listVideos()).find((x) => x.id === args.video_id);
      if (!video) problems.push(`\`video_id\` ${args.video_id} is not in the video library; see list_shortvideo_ad_videos`);
      else {
        if (video.duration < 5 || video.duration > 60)
          problems.push(`\`video_id\`: the video is ${video.duration} s long; in-feed videos must be 5-60 seconds`);
        if (video.width > video.height) warnings.push('The library video is horizontal; 9:16 vertical video performs best in-feed.');
      }
    }
    const locations = args.target_locations ?? [US_LOCATION_ID];
    const knownLocations = new Set(TARGETING_CATALOG.locations.map((l) => l.id));
    const unknownLocations = locations.filter((id) => !knownLocations.has(id));
    if (unknownLocations.length)
      problems.push(
        `\`target_locations\`: unknown location id(s) ${unknownLocations.join(', ')}; find ids with search_shortvideo_targeting (locations)`,
      );
    const audienceIds = [...(args.audience_ids ?? []), ...(args.excluded_audience_ids ?? [])];
    if (audienceIds.length) {
      const audiences = new Map((await ctx.platform.listCustomAudiences()).map((a) => [a.id, a]));
      const bad = audienceIds.filter((id) => !audiences.get(id) || audiences.get(id)!.is_expired || !audiences.get(id)!.is_valid);
      if (bad.length)
        problems.push(`audience id(s) ${bad.join(', ')} are unknown, expired or too small; see list_shortvideo_custom_audiences`);
    }
    if (args.video_url) {
      try {
        const check = await checkVideoUrl(args.video_url, { platform: 'shortvideo' });
        if (!check.ok) problems.push(`\`video_url\`: ${check.problems.join(' ')}`);
        warnings.push(...check.warnings);
      } catch (err) {
        if (err instanceof VideoUrlError) problems.push(`\`video_url\`: ${err.message}`);
        else throw err;
      }
    }
    if (problems.length) {
      throw new ToolError(
        problems.length === 1 ? `Nothing was created: ${problems[0]}` : `Nothing was created:\n${problems.map((p) => `- ${p}`).join('\n')}`,
        { problems },
      );
    }
    if (args.ad_text.length > RECOMMENDED_TEXT_LENGTH)
      warnings.push(
        `The ad text is ${args.ad_text.length} characters; ${RECOMMENDED_TEXT_LENGTH} or fewer is recommended so it is not cut off.`,
      );
    if (args.budget_daily !== undefined && args.budget_daily < VIDEO_DAILY_BUDGET_GUIDANCE) {
      warnings.push(
        `A daily budget of ${money(args.budget_daily, ctx.account.currency)} is below the ${money(VIDEO_DAILY_BUDGET_GUIDANCE, ctx.account.currency)} per day guidance for video campaigns; delivery may be slow to exit learning.`,
      );
    }
    if (args.budget_lifetime !== undefined && args.schedule_end_time) {
      const days = Math.max(1, Math.ceil((dateTimeMs(args.schedule_end_time) - ctx.now.getTime()) / 86_400_000));
      if (args.budget_lifetime / days < VIDEO_DAILY_BUDGET_GUIDANCE) {
        warnings.push(
          `The lifetime budget comes to ${money(args.budget_lifetime / days, ctx.account.currency)} per day over ${days} days, below the ${money(VIDEO_DAILY_BUDGET_GUIDANCE, ctx.account.currency)} per day guidance.`,
        );
      }
    }

    const budgetMode: 'BUDGET_MODE_TOTAL' | 'BUDGET_MODE_DAY' =
      args.budget_lifetime !== undefined ? 'BUDGET_MODE_TOTAL' : 'BUDGET_MODE_DAY';
    const budget = args.budget_lifetime ?? args.budget_daily ?? DEFAULT_DAILY_BUDGET;
    if (args.budget_lifetime === undefined && args.budget_daily === undefined) {
      warnings.push(
        `No budget was given: the platform default of ${money(DEFAULT_DAILY_BUDGET, ctx.account.currency)} per day applies${args.budget_optimize_on ? ' to the campaign' : '; change it with update_shortvideo_ad_group'}.`,
      );
    }
    // The campaign starts paused unless the caller asks otherwise (start_paused: false), and always
    // when the owner's "create paused" guardrail is on; its ad group and ad cannot spend while it is paused.
    const campaignStatus = args.start_paused || ctx.createPaused ? ('PAUSED' as const) : ('ACTIVE' as const);
    const paused = campaignStatus === 'PAUSED';
    const days = args.schedule_end_time ? Math.max(1, Math.ceil((dateTimeMs(args.schedule_end_time) - ctx.now.getTime()) / 86_400_000)) : 1;
    const dailyBudget = budgetMode === 'BUDGET_MODE_TOTAL' ? Math.round((budget / days) * 100) / 100 : budget;
    const budgetOwner = args.budget_optimize_on ? 'campaign' : 'ad_group';
    const currency = ctx.account.currency;
    // The budget as a buyer reads it: amount, daily or lifetime, currency, and who holds it.
    const budgetText = `${budgetMode === 'BUDGET_MODE_TOTAL' ? 'lifetime' : 'daily'} budget ${money(budget, currency)} on the ${budgetOwner === 'campaign' ? 'campaign' : 'ad group'}`;
    const budgetFields = { budget_mode: { after: budgetMode }, budget: { after: budget }, currency: { after: currency } };
    const changes: PlannedChange[] = [
      {
        action: 'create',
        entity: 'campaign',
        name: args.campaign_name,
        fields: {
          objective_type: { after: objective },
          status: { after: campaignStatus },
          budget_optimize_on: { after: args.budget_optimize_on },
          ...(args.budget_optimize_on ? budgetFields : {}),
        },
        startsPaused: paused,
      },
      {
        action: 'create',
        entity: 'ad_group',
        name: `${args.campaign_name} - Ad group`,
        fields: {
          ...(args.budget_optimize_on ? { budget_mode: { after: 'BUDGET_MODE_INFINITE' } } : budgetFields),
          location_ids: { after: locations },
        },
        startsPaused: paused,
      },
      ...(args.video_url
        ? [
            {
              action: 'create' as const,
              entity: 'video',
              name: args.video_url,
              fields: { video_url: { after: args.video_url } },
              startsPaused: true,
            },
          ]
        : []),
      {
        action: 'create',
        entity: 'ad',
        name: `${args.campaign_name} - Video ad`,
        fields: { ad_text: { after: args.ad_text }, landing_page_url: { after: args.landing_page_url ?? null } },
        startsPaused: paused,
      },
    ];
    return {
      summary: `Create video campaign "${args.campaign_name}" (${objective}, ${campaignStatus}, ${budgetText}) with an ad group and a video ad`,
      changes,
      budgets: [{ entity: budgetOwner, name: args.campaign_name, after: dailyBudget, currency: ctx.account.currency }],
      notes: [
        ...(budgetMode === 'BUDGET_MODE_TOTAL'
          ? [
              `The lifetime budget of ${money(budget, ctx.account.currency)} comes to ${money(dailyBudget, ctx.account.currency)} a day over ${days} day(s); the guardrails check that daily figure.`,
            ]
          : []),
        ...warnings,
      ],
      data: { objective, warnings, locations, pixelName: pixelName ?? null, budgetMode, budget, campaignStatus },
    };
  },
  async apply(plan, args, ctx) {
    const { objective, warnings, locations, budgetMode, budget, campaignStatus } = plan.data;
    const pixelName = plan.data.pixelName ?? undefined;
    // Stage 2: create, one checkpointed step per platform operation.
    ctx.progress?.('upload', { step: 2, total: 3, message: 'Creating the campaign and ad group, uploading the video and cover' });
    const campaign = await ctx.step('campaign', async () => {
      const stamp = formatDateTime(ctx.now)
        .replace(/[-: ]/g, '')
        .replace(/^(\d{8})(\d{6})$/, '$1_$2');
      const c = await ctx.platform.createCampaign({
        campaign_name: `${args.campaign_name}_${stamp}`,
        objective_type: objective,
        status: campaignStatus,
        budget_mode: args.budget_optimize_on ? budgetMode : 'BUDGET_MODE_INFINITE',
        budget: args.budget_optimize_on ? budget : 0,
        budget_optimize_on: args.budget_optimize_on,
        app_promotion_type: objective === 'APP_PROMOTION' ? (args.app_promotion_type ?? 'APP_INSTALL') : undefined,
        create_time: ctx.now.toISOString(),
        start_date: ctx.now.toISOString().slice(0, 10),
      });
      return { id: c.id, campaign_name: c.campaign_name };
    });

    const adGroup = await ctx.step('ad_group', async () => {
      const placementType = args.placement_type ?? 'PLACEMENT_TYPE_NORMAL';
      const billing = DEFAULT_BILLING_EVENT[objective];
      const g: Omit<ShortVideoAdGroup, 'id'> = {
        campaign_id: campaign.id,
        adgroup_name: `${campaign.campaign_name} - Ad group`,
        status: 'ENABLED',
        budget_mode: args.budget_optimize_on ? 'BUDGET_MODE_INFINITE' : budgetMode,
        budget: args.budget_optimize_on ? undefined : budget,
        schedule_type: args.schedule_end_time ? 'SCHEDULE_START_END' : 'SCHEDULE_FROM_NOW',
        schedule_start_time: formatDateTime(ctx.now),
        schedule_end_time: args.schedule_end_time,
        pacing: 'PACING_MODE_SMOOTH',
        bid_type: args.conversion_bid_price !== undefined ? 'BID_TYPE_MAX_CONVERSION' : 'BID_TYPE_NO_BID',
        conversion_bid_price: args.conversion_bid_price,
        billing_event: billing,
        bid_display_mode: billing,
        optimization_goal: OPTIMIZATION_GOALS[objective][0],
        pixel_id: args.pixel_id,
        optimization_event: args.optimization_event,
        promotion_type: objective === 'APP_PROMOTION' ? undefined : 'WEBSITE',
        app_id: args.app_id,
        frequency: objective === 'REACH' ? 3 : undefined,
        frequency_schedule: objective === 'REACH' ? 7 : undefined,
        location_ids: locations,
        age_groups: args.target_age_groups,
        gender: args.target_gender,
        languages: args.languages,
        operating_systems: args.operating_systems,
        interest_category_ids: args.interest_category_ids,
        audience_ids: args.audience_ids,
        excluded_audience_ids: args.excluded_audience_ids,
        placement_type: placementType,
        placements: placementType === 'PLACEMENT_TYPE_NORMAL' ? (args.placements ?? ['PLACEMENT_SHORTVIDEO']) : undefined,
        brand_safety_type: 'NO_BRAND_SAFETY',
        creative_material_mode: 'CUSTOM',
        video_download_disabled: args.video_download_disabled,
        comment_disabled: args.comment_disabled,
        create_time: ctx.now.toISOString(),
      };
      const created = await ctx.platform.createAdGroup(g);
      return {
        id: created.id,
        adgroup_name: created.adgroup_name,
        placement_type: created.placement_type,
        placements: created.placements ?? null,
      };
    });

    const video = args.shortvideo_item_id
      ? undefined
      : await ctx.step('video', async () => {
          if (args.video_id) {
            const existing = await ctx.platform.getVideo(args.video_id);
            return { id: existing.id, status: existing.status, uploaded: false };
          }
          const fileName = decodeURIComponent(new URL(args.video_url!).pathname.split('/').pop() || 'video.mp4');
          const uploaded = await ctx.platform.uploadVideoByUrl(args.video_url!, fileName);
          return { id: uploaded.id, status: uploaded.status, uploaded: true };
        });

    const cover = video
      ? await ctx.step('cover', async () => {
          const image = await ctx.platform.uploadCoverImage({ imageUrl: args.cover_image_url, videoId: video.id });
          return { id: image.id, source: image.source };
        })
      : undefined;

    const callToAction =
      args.call_to_action ?? (objective === 'APP_PROMOTION' ? 'DOWNLOAD' : objective === 'LEAD_GENERATION' ? 'SIGN_UP' : 'WATCH_NOW');
    const displayName = args.display_name ?? args.campaign_name.slice(0, 40);
    ctx.progress?.('commit', { step: 3, total: 3, message: 'Creating the ad' });
    const ad = await ctx.step('ad', async () => {
      const created = await ctx.platform.createAd({
        adgroup_id: adGroup.id,
        campaign_id: campaign.id,
        ad_name: `${campaign.campaign_name} - Video ad`,
        ad_format: args.shortvideo_item_id ? 'SPARK_AD' : 'SINGLE_VIDEO',
        status: 'ENABLED',
        review_status: 'IN_REVIEW',
        ad_text: args.ad_text,
        video_id: video?.id,
        image_ids: cover ? [cover.id] : undefined,
        shortvideo_item_id: args.shortvideo_item_id,
        display_name: displayName,
        call_to_action: callToAction,
        landing_page_url: args.landing_page_url,
        page_id: args.page_id,
        create_time: ctx.now.toISOString(),
      });
      return { id: created.id, review_status: created.review_status };
    });

    const cur = ctx.account.currency;
    const lines = [
      `## Campaign created: ${campaign.campaign_name}`,
      '',
      `${campaignStatus === 'PAUSED' ? 'The campaign is **PAUSED**: nothing spends until you start it with resume_shortvideo_campaign.' : 'The campaign is **ACTIVE**.'} The platform now processes the video (5-15 minutes) and reviews the creative (up to 24 hours); the ad delivers once it is approved${campaignStatus === 'PAUSED' ? ' and the campaign is resumed' : ''}.`,
      '',
      markdownTable(
        ['Item', 'Id', 'Details'],
        [
          [
            'Campaign',
            campaign.id,
            `${objective}${args.objective === 'CONVERSIONS' ? ' (from legacy CONVERSIONS)' : ''}, ${money(budget, cur)} ${budgetMode === 'BUDGET_MODE_TOTAL' ? 'lifetime' : 'daily'}${args.budget_optimize_on ? ' (campaign budget optimization)' : ''}`,
          ],
          [
            'Ad group',
            adGroup.id,
            `${adGroup.placement_type}${adGroup.placements ? ` [${adGroup.placements.join(', ')}]` : ''}, locations ${locations.join(', ')}${pixelName ? `, pixel ${pixelName} / ${args.optimization_event}` : ''}`,
          ],
          ...(video
            ? [['Video', video.id, video.uploaded ? `uploaded from URL, ${video.status}` : `from library, ${video.status}`]]
            : [['Post', args.shortvideo_item_id!, 'organic post boosted as a Spark-style ad']]),
          ...(cover ? [['Cover', cover.id, cover.source === 'URL' ? 'uploaded' : 'extracted from the video']] : []),
          ['Ad', ad.id, `"${args.ad_text}", ${callToAction}, display name "${displayName}", review ${ad.review_status}`],
        ],
      ),
    ];
    if (warnings.length) lines.push('', '### Warnings', ...warnings.map((w) => `- ${w}`));
    lines.push('', 'Next: check delivery with list_shortvideo_campaigns tomorrow; adjust targeting with update_shortvideo_ad_group.');
    return {
      text: lines.join('\n'),
      structured: {
        advertiser_id: ctx.account.account_id,
        campaign_id: campaign.id,
        campaign_name: campaign.campaign_name,
        campaign_status: campaignStatus,
        objective,
        adgroup_id: adGroup.id,
        video_id: video?.id ?? null,
        image_id: cover?.id ?? null,
        ad_id: ad.id,
        review_status: ad.review_status,
        warnings,
      },
    };
  },
});
