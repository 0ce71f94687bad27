import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { count, markdownTable } from '../../../core/markdown';
import { defineSocialAdsTool } from '../define';
import type { SocialAdsTargetingOption } from '../port';
import { dateRangeRule, windowEntries } from './shared';
import { reportWindow } from '../../../core/report-window';

/** socialads directories: audiences, targeting options, linked profiles, lead forms and leads, pixels, and the format guide. */

const optionSchema = v.object({
  id: v.string(),
  name: v.string(),
  type: v.string(),
  path: v.array(v.string()),
  audience_size_lower_bound: v.number(),
  audience_size_upper_bound: v.number(),
  country_code: v.optional(v.string()),
  location_type: v.optional(v.string()),
});
const TARGETING_TYPES = ['interests', 'behaviors', 'demographics', 'locations'] as const;
const optionTable = (options: SocialAdsTargetingOption[]) =>
  markdownTable(
    ['Name', 'Id', 'Type', 'Category', 'Audience size'],
    options.map((o) => [
      o.name,
      o.id,
      o.type,
      o.path.join(' > '),
      `${count(o.audience_size_lower_bound)}-${count(o.audience_size_upper_bound)}`,
    ]),
  );
const targetingNext = 'Use the ids in interest_ids (locations: countries) of add_socialads_ad_set or update_socialads_ad_set.';

export const searchSocialAdsTargeting = defineSocialAdsTool({
  name: 'search_socialads_targeting',
  description:
    'Searches socialads targeting options by text: interests, behaviours, demographics and locations, with their ids and audience size. The ids go into interest_ids of add_socialads_ad_set and update_socialads_ad_set.',
  access: 'read',
  examples: [{ query: 'hiking' }],
  args: {
    query: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(2, 'must be at least 2 characters'),
      v.maxLength(100),
      v.description('Text to search for, e.g. "hiking"'),
    ),
    type: v.optional(
      v.pipe(v.picklist(TARGETING_TYPES), v.description('interests (default), behaviors, demographics or locations')),
      'interests',
    ),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100), v.description('Results, 1-100, default 25')), 25),
  },
  output: v.object({ type: v.string(), query: v.string(), options: v.array(optionSchema) }),
  async run(args, ctx) {
    const options = (await ctx.platform.searchTargeting({ type: args.type, q: args.query })).slice(0, args.limit);
    const text = [
      `## ${args.type} matching "${args.query}"`,
      '',
      options.length ? optionTable(options) : `No ${args.type} match; browse the category with browse_socialads_targeting.`,
      '',
      targetingNext,
    ].join('\n');
    return { text, structured: { type: args.type, query: args.query, options } };
  },
});

export const browseSocialAdsTargeting = defineSocialAdsTool({
  name: 'browse_socialads_targeting',
  description:
    'Lists every socialads targeting option of a category (interests, behaviors, demographics or locations) without a search text, grouped by their category path.',
  access: 'read',
  args: {
    type: v.pipe(v.picklist(TARGETING_TYPES), v.description('interests, behaviors, demographics or locations')),
    path_contains: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Only options whose category path contains this text, e.g. "Outdoor"')),
    ),
  },
  output: v.object({ type: v.string(), options: v.array(optionSchema) }),
  async run(args, ctx) {
    const needle = args.path_contains?.toLowerCase();
    const options = (await ctx.platform.searchTargeting({ type: args.type }))
      .filter((o) => !needle || o.path.join(' > ').toLowerCase().includes(needle))
      .sort((a, b) => a.path.join('>').localeCompare(b.path.join('>')) || a.name.localeCompare(b.name));
    return {
      text: [
        `## All ${args.type}${needle ? ` under "${args.path_contains}"` : ''}`,
        '',
        options.length ? optionTable(options) : 'None.',
        '',
        targetingNext,
      ].join('\n'),
      structured: { type: args.type, options },
    };
  },
});

export const listSocialAdsCustomAudiences = defineSocialAdsTool({
  name: 'list_socialads_custom_audiences',
  description:
    'Lists the custom audiences (customer lists, website visitors, engagement, app) and lookalike audiences of a socialads ad account with size, retention, source and whether each is ready to deliver. Use the ids in custom_audience_ids of add_socialads_ad_set / update_socialads_ad_set.',
  access: 'read',
  args: {
    subtype: v.optional(
      v.pipe(v.picklist(['CUSTOM', 'WEBSITE', 'ENGAGEMENT', 'APP', 'LOOKALIKE']), v.description('Only this kind of audience')),
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    audiences: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        subtype: v.string(),
        size_lower: v.number(),
        size_upper: v.number(),
        ready: v.boolean(),
        status: v.string(),
        retention_days: v.nullable(v.number()),
        lookalike_source: v.nullable(v.string()),
        lookalike_ratio: v.nullable(v.number()),
      }),
    ),
  }),
  async run(args, ctx) {
    const all = await ctx.platform.listCustomAudiences();
    const rows = all
      .filter((a) => !args.subtype || a.subtype === args.subtype)
      .map((a) => ({
        id: a.id,
        name: a.name,
        subtype: a.subtype,
        size_lower: a.approximate_count_lower_bound,
        size_upper: a.approximate_count_upper_bound,
        ready: a.delivery_status.code === 200,
        status: a.delivery_status.description,
        retention_days: a.retention_days ?? null,
        lookalike_source: a.lookalike_spec
          ? (all.find((x) => x.id === a.lookalike_spec!.origin_audience_id)?.name ?? a.lookalike_spec.origin_audience_id)
          : null,
        lookalike_ratio: a.lookalike_spec?.ratio ?? null,
      }));
    const text = [
      `## Audiences of ${ctx.account.name} (${ctx.account.account_id})`,
      '',
      rows.length
        ? markdownTable(
            ['Audience', 'Id', 'Kind', 'Size', 'Ready', 'Retention', 'Lookalike of'],
            rows.map((r) => [
              r.name,
              r.id,
              r.subtype,
              `${count(r.size_lower)}-${count(r.size_upper)}`,
              r.ready ? 'yes' : r.status,
              r.retention_days ? `${r.retention_days} days` : null,
              r.lookalike_source ? `${r.lookalike_source} (${(r.lookalike_ratio! * 100).toFixed(0)}%)` : null,
            ]),
          )
        : 'No audiences.',
      '',
      'Target or exclude them with custom_audience_ids / excluded_custom_audience_ids of add_socialads_ad_set or update_socialads_ad_set.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, audiences: rows } };
  },
});

export const listSocialAdsInstagramAccounts = defineSocialAdsTool({
  name: 'list_socialads_instagram_accounts',
  description:
    'Lists the photo-app profiles connected to the socialads ad account (the profile ads show as in the photo app), with the page each is linked to.',
  access: 'read',
  args: {},
  output: v.object({
    ad_account_id: v.string(),
    profiles: v.array(v.object({ id: v.string(), username: v.string(), page_id: v.string(), page_name: v.nullable(v.string()) })),
  }),
  async run(_args, ctx) {
    const [profiles, pages] = await Promise.all([ctx.platform.listInstagramAccounts(), ctx.platform.listPages()]);
    const rows = profiles.map((p) => ({
      id: p.id,
      username: p.username,
      page_id: p.page_id,
      page_name: pages.find((x) => x.id === p.page_id)?.name ?? null,
    }));
    const text = [
      `## Photo-app profiles of ${ctx.account.name}`,
      '',
      rows.length
        ? markdownTable(
            ['Username', 'Profile id', 'Linked page'],
            rows.map((r) => [`@${r.username}`, r.id, r.page_name]),
          )
        : 'No profile connected: ads run in the photo app as the page.',
      '',
      "Ads use the linked page's profile by default (add_socialads_ad).",
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, profiles: rows } };
  },
});

export const listSocialAdsLeadForms = defineSocialAdsTool({
  name: 'list_socialads_lead_forms',
  description:
    'Lists the instant lead forms on the pages of the socialads ad account, with status, questions and the lead campaigns that use them. Read the submissions with get_socialads_lead_form_submissions.',
  access: 'read',
  args: { include_archived: v.optional(v.pipe(v.boolean(), v.description('Also list archived forms; default false')), false) },
  output: v.object({
    ad_account_id: v.string(),
    forms: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        page_id: v.string(),
        page_name: v.nullable(v.string()),
        questions: v.array(v.string()),
        campaigns: v.array(v.object({ id: v.string(), name: v.string() })),
      }),
    ),
  }),
  async run(args, ctx) {
    const [forms, pages, campaigns] = await Promise.all([
      ctx.platform.listLeadForms(),
      ctx.platform.listPages(),
      ctx.platform.listCampaigns(),
    ]);
    const rows = forms
      .filter((f) => args.include_archived || f.status === 'ACTIVE')
      .map((f) => ({
        id: f.id,
        name: f.name,
        status: f.status,
        page_id: f.page_id,
        page_name: pages.find((p) => p.id === f.page_id)?.name ?? null,
        questions: f.questions,
        campaigns: campaigns.filter((c) => c.lead_form_id === f.id).map((c) => ({ id: c.id, name: c.name })),
      }));
    const text = [
      `## Lead forms of ${ctx.account.name}`,
      '',
      rows.length
        ? markdownTable(
            ['Form', 'Id', 'Status', 'Page', 'Questions', 'Used by'],
            rows.map((r) => [r.name, r.id, r.status, r.page_name, r.questions.join(', '), r.campaigns.map((c) => c.name).join(', ')]),
          )
        : 'No lead forms.',
      '',
      'Read leads with get_socialads_lead_form_submissions (form_id).',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, forms: rows } };
  },
});

export const getSocialAdsLeadFormSubmissions = defineSocialAdsTool({
  name: 'get_socialads_lead_form_submissions',
  description:
    'Fetches the individual lead submissions of a socialads instant form in a window (default the last 30 days to yesterday): answers, time, and the ad, ad set and campaign that brought each lead. Leads are personal data: handle them per your privacy policy.',
  access: 'read',
  examples: [{ form_id: '<form_id from list_socialads_lead_forms>' }],
  args: {
    form_id: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{6,20}$/, 'must be a numeric lead form id from list_socialads_lead_forms'),
      v.description('The lead form (from list_socialads_lead_forms)'),
    ),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500), v.description('Leads per page, 1-500, default 100')),
      100,
    ),
    offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Leads to skip, default 0')), 0),
    ...windowEntries,
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    form_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    has_more: v.boolean(),
    leads: v.array(
      v.object({
        id: v.string(),
        created_time: v.string(),
        ad_id: v.string(),
        ad_set_id: v.string(),
        campaign_id: v.string(),
        fields: v.record(v.string(), v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const forms = await ctx.platform.listLeadForms();
    if (!forms.some((f) => f.id === args.form_id))
      throw new ToolError(
        `\`form_id\` "${args.form_id}" is not a lead form of this ad account. Find form ids with list_socialads_lead_forms.`,
        { code: 'not_found', form_id: args.form_id },
      );
    const all = await ctx.platform.listLeads(args.form_id, { since: start, until: end });
    const leads = all.slice(args.offset, args.offset + args.limit).map((l) => ({
      id: l.id,
      created_time: l.created_time,
      ad_id: l.ad_id,
      ad_set_id: l.ad_set_id,
      campaign_id: l.campaign_id,
      fields: Object.fromEntries(l.field_data.map((f) => [f.name, f.value])),
    }));
    const keys = [...new Set(leads.flatMap((l) => Object.keys(l.fields)))];
    const text = [
      `## Leads of form ${args.form_id}, ${start} to ${end}`,
      '',
      `${all.length} lead(s); showing ${leads.length} from ${args.offset + 1}.`,
      '',
      leads.length
        ? markdownTable(
            ['Time', ...keys, 'Ad'],
            leads.map((l) => [l.created_time, ...keys.map((k) => l.fields[k]), l.ad_id]),
          )
        : 'No leads in this window.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        form_id: args.form_id,
        start_date: start,
        end_date: end,
        total: all.length,
        has_more: args.offset + leads.length < all.length,
        leads,
      },
    };
  },
});

export const listSocialAdsPixels = defineSocialAdsTool({
  name: 'list_socialads_pixels',
  description:
    'Lists the pixels of the socialads ad account with status (active, no recent events, never fired), last activity, the standard events received in the last 7 days and the share matching catalog products.',
  access: 'read',
  args: {},
  output: v.object({
    ad_account_id: v.string(),
    pixels: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.picklist(['active', 'inactive', 'never_fired']),
        last_fired_time: v.nullable(v.string()),
        events_7d: v.record(v.string(), v.number()),
        catalog_match_rate: v.nullable(v.number()),
      }),
    ),
  }),
  async run(_args, ctx) {
    const pixels = await ctx.platform.listPixels();
    const dayAgo = ctx.now.getTime() - 2 * 86_400_000;
    const rows = pixels.map((p) => ({
      id: p.id,
      name: p.name,
      status: !p.last_fired_time
        ? ('never_fired' as const)
        : Date.parse(p.last_fired_time.replace(/\+0000$/, 'Z')) >= dayAgo
          ? ('active' as const)
          : ('inactive' as const),
      last_fired_time: p.last_fired_time ?? null,
      events_7d: p.event_counts_7d ?? {},
      catalog_match_rate: p.catalog_match_rate ?? null,
    }));
    const text = [
      `## Pixels of ${ctx.account.name}`,
      '',
      rows.length
        ? markdownTable(
            ['Pixel', 'Id', 'Status', 'Last event', 'Events (7 days)', 'Catalog match'],
            rows.map((r) => [
              r.name,
              r.id,
              r.status,
              r.last_fired_time,
              Object.entries(r.events_7d)
                .map(([e, n]) => `${e} ${count(n)}`)
                .join(', '),
              r.catalog_match_rate === null ? null : `${Math.round(r.catalog_match_rate * 100)}%`,
            ]),
          )
        : 'No pixel: sales campaigns cannot optimize for purchases.',
      '',
      'Check catalog retargeting readiness with validate_catalog_readiness.',
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, pixels: rows } };
  },
});

/** The formats socialads campaigns can be created in, and when each fits. */
const FORMATS = [
  {
    format: 'image',
    tool: 'create_socialads_image_campaign',
    fits: 'one strong visual and a clear offer; cheapest to produce; every placement',
    assets: '1 image (1080x1080 or 1200x628), primary text, headline',
  },
  {
    format: 'video',
    tool: 'create_socialads_video_campaign',
    fits: 'awareness, storytelling, demos; reels and stories; judged on ThruPlays for video views',
    assets: '1 video (MP4, 9:16 or 1:1, 6-60 s), primary text',
  },
  {
    format: 'carousel',
    tool: 'create_socialads_carousel_campaign',
    fits: 'several products or steps; a story across cards',
    assets: '2-10 cards, each an image, headline and link',
  },
  {
    format: 'catalog',
    tool: 'create_socialads_catalog_campaign',
    fits: 'shops with a product catalog and a pixel: retarget viewers and carters, or prospect',
    assets: 'a catalog and a product set (list_socialads_catalogs, create_socialads_product_set)',
  },
  {
    format: 'dynamic_creative',
    tool: 'create_socialads_dco_ad',
    fits: 'testing several images and texts at once inside an ad set',
    assets: '2-10 images, 2-5 primary texts, 2-5 headlines',
  },
];

export const selectSocialAdsCampaignType = defineSocialAdsTool({
  name: 'select_socialads_campaign_type',
  description:
    'Guides the choice of a socialads format (image, video, carousel, catalog, dynamic creative) before creation: what each fits, which assets it needs, and the tool that creates it; with `goal` and what the advertiser has, recommends one.',
  access: 'read',
  args: {
    goal: v.optional(
      v.pipe(
        v.picklist(['sales', 'leads', 'traffic', 'awareness', 'video_views', 'app_installs']),
        v.description('What the campaign is for'),
      ),
    ),
    has_video: v.optional(v.pipe(v.boolean(), v.description('The advertiser has a video'))),
    has_catalog: v.optional(v.pipe(v.boolean(), v.description('The advertiser has a product catalog with a pixel'))),
    products_to_show: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.description('How many products or messages to show'))),
  },
  output: v.object({
    recommended: v.nullable(v.string()),
    tool: v.nullable(v.string()),
    reason: v.nullable(v.string()),
    formats: v.array(v.object({ format: v.string(), tool: v.string(), fits: v.string(), assets: v.string() })),
  }),
  async run(args) {
    let pick: (typeof FORMATS)[number] | undefined;
    let reason: string | null = null;
    if (args.goal === 'sales' && args.has_catalog)
      [pick, reason] = [FORMATS[3], 'a catalog with a pixel lets the platform show each person the products they looked at'];
    else if ((args.goal === 'awareness' || args.goal === 'video_views') && args.has_video !== false)
      [pick, reason] = [FORMATS[1], 'video views and reach are bought cheapest with video in reels and stories'];
    else if (args.products_to_show !== undefined && args.products_to_show >= 2)
      [pick, reason] = [FORMATS[2], `${args.products_to_show} products fit a carousel of cards`];
    else if (args.has_video) [pick, reason] = [FORMATS[1], 'video usually earns more attention than a still image'];
    else if (args.goal) [pick, reason] = [FORMATS[0], 'one image is the simplest format that runs everywhere'];
    const text = [
      '## socialads formats',
      '',
      markdownTable(
        ['Format', 'Fits', 'Assets', 'Create with'],
        FORMATS.map((f) => [f.format, f.fits, f.assets, f.tool]),
      ),
      '',
      pick
        ? `Recommended: **${pick.format}** (${reason}). Create it with ${pick.tool}; everything starts paused.`
        : 'Tell me the goal (and whether you have a video or a catalog) for a recommendation.',
    ].join('\n');
    return { text, structured: { recommended: pick?.format ?? null, tool: pick?.tool ?? null, reason, formats: FORMATS } };
  },
});
