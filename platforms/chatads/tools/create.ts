/**
 * Creates of chatads campaigns and chat card ads, and launch_chatads_ad (campaign, ad group, image
 * upload and ad in one step, checkpointed). Every create starts paused where it could spend: a new
 * campaign is paused (the spend gate stays with the caller), so its ad groups and ads cannot spend.
 */
import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import { ToolError } from '../../../core/errors';
import type { ToolContext } from '../../../core/tool';
import type { PlannedBudget } from '../../../core/plan';
import { isoDate } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineChatAdsTool } from '../define';
import type { ChatAdsAd, ChatAdsCampaign, ChatAdsPort, NewChatAdsCampaign } from '../port';
import { adGroupIdArg } from './common';

const MICROS = 1_000_000;
const httpsUrl = (description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url('must be a full URL'),
    v.startsWith('https://', 'must be an HTTPS URL (https://...)'),
    v.description(description),
  );
const text = (min: number, max: number, description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`),
    v.maxLength(max, `must be at most ${max} characters`),
    v.description(description),
  );

// --- campaigns ---

const campaignArgs = {
  name: text(3, 1000, 'Campaign name, 3-1000 characters'),
  description: v.optional(text(1, 2000, 'Internal description')),
  bidding_type: v.optional(
    v.pipe(
      v.picklist(['impressions', 'clicks', 'conversions']),
      v.description('What the campaign bids for: impressions (default), clicks or conversions; fixed after creation'),
    ),
    'impressions',
  ),
  conversion_event_setting_id: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z]+_[A-Za-z0-9]+$/, 'must be an event setting id such as evs_...'),
      v.maxLength(128),
      v.description(
        'The conversion event setting a conversions campaign optimizes for (one active standard event setting, from list_chatads_event_settings); required with bidding_type conversions, not taken otherwise',
      ),
    ),
  ),
  budget: v.pipe(
    v.number(),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(10_000_000),
    v.description('Lifetime spend limit in account currency, 1-10,000,000'),
  ),
  daily_budget: v.optional(
    v.pipe(
      v.number(),
      v.minValue(1, 'must be at least 1'),
      v.maxValue(1_000_000),
      v.description('Daily spend limit in account currency; at most the lifetime budget'),
    ),
  ),
  start_date: v.optional(dateArgument('First day, YYYY-MM-DD, today or later; default today')),
  end_date: v.optional(dateArgument('Last day, YYYY-MM-DD, after start_date; optional')),
  status: v.optional(
    v.pipe(
      v.picklist(['paused', 'active']),
      v.description('paused (default: nothing spends until you resume it with resume_chatads_campaign) or active'),
    ),
    'paused',
  ),
};
type CampaignArgs = v.InferOutput<v.ObjectSchema<typeof campaignArgs, undefined>>;

/**
 * A conversions campaign optimizes for exactly one conversion event setting (the platform's
 * conversion-optimized campaigns take `conversion_event_setting_ids` with one id); no other campaign takes one.
 */
const conversionEventRule = (a: { bidding_type: string; conversion_event_setting_id?: string }) =>
  a.bidding_type === 'conversions' && a.conversion_event_setting_id === undefined
    ? 'a campaign with `bidding_type` conversions needs `conversion_event_setting_id`: the conversion event it optimizes for (list_chatads_event_settings lists them)'
    : a.bidding_type !== 'conversions' && a.conversion_event_setting_id !== undefined
      ? `\`conversion_event_setting_id\` is for campaigns with \`bidding_type\` conversions; this one bids for ${a.bidding_type}`
      : undefined;

const campaignRules = [
  conversionEventRule,
  (a: CampaignArgs) =>
    a.daily_budget !== undefined && a.daily_budget > a.budget
      ? `\`daily_budget\` (${a.daily_budget}) must not exceed the lifetime \`budget\` (${a.budget})`
      : undefined,
  (a: CampaignArgs) =>
    a.start_date && a.end_date && a.end_date <= a.start_date
      ? `\`end_date\` (${a.end_date}) must be after \`start_date\` (${a.start_date})`
      : undefined,
];

function newCampaign(a: CampaignArgs, now: Date): NewChatAdsCampaign {
  const today = isoDate(now);
  if (a.start_date && a.start_date < today)
    throw new ToolError(`\`start_date\` ${a.start_date} is in the past; a new campaign starts today (${today}) or later.`);
  if (a.end_date && a.end_date <= (a.start_date ?? today))
    throw new ToolError(`\`end_date\` ${a.end_date} must be after the start (${a.start_date ?? today}).`);
  return {
    name: a.name,
    ...(a.description ? { description: a.description } : {}),
    status: a.status,
    bidding_type: a.bidding_type,
    ...(a.conversion_event_setting_id ? { conversion_event_setting_id: a.conversion_event_setting_id } : {}),
    budget: a.budget,
    ...(a.daily_budget !== undefined ? { daily_budget: a.daily_budget } : {}),
    start_date: a.start_date ?? today,
    ...(a.end_date ? { end_date: a.end_date } : {}),
  };
}

/** The daily budget a campaign sets, for the budget guardrails: its daily limit, or its lifetime budget spread over its days. */
function campaignBudget(c: NewChatAdsCampaign, currency: string): { budget: PlannedBudget; note?: string } {
  if (c.daily_budget !== undefined) return { budget: { entity: 'campaign', name: c.name, after: c.daily_budget, currency } };
  if (c.end_date) {
    const days = Math.round((Date.parse(`${c.end_date}T00:00:00Z`) - Date.parse(`${c.start_date}T00:00:00Z`)) / 86_400_000) + 1;
    const daily = Math.round((c.budget / days) * 100) / 100;
    return {
      budget: { entity: 'campaign', name: c.name, after: daily, currency },
      note: `The campaign has a lifetime budget of ${money(c.budget, currency)} over ${days} days: about ${money(daily, currency)} a day (the daily equivalent shown in budgets).`,
    };
  }
  return {
    budget: { entity: 'campaign', name: c.name, after: c.budget, currency },
    note: `The campaign has a lifetime budget of ${money(c.budget, currency)} and no end date or daily limit: it could spend all of it in one day (shown as its daily budget).`,
  };
}

/** The status a create starts in: the owner's "create paused" guardrail makes it paused whatever was asked. */
function startStatus(ctx: ToolContext<ChatAdsPort>, status: 'paused' | 'active'): 'paused' | 'active' {
  return ctx.createPaused ? 'paused' : status;
}

const forcedNote = (ctx: ToolContext<ChatAdsPort>, asked: string) =>
  ctx.createPaused && asked === 'active' ? ['The owner\'s "create paused" guardrail creates it paused.'] : [];

const campaignOutput = v.object({
  campaign: v.object({
    id: v.string(),
    name: v.string(),
    status: v.string(),
    bidding_type: v.string(),
    conversion_event_setting_id: v.optional(v.string()),
    budget: v.number(),
    daily_budget: v.optional(v.number()),
    start_date: v.string(),
    end_date: v.optional(v.string()),
    description: v.optional(v.string()),
    created_at: v.string(),
  }),
});

export const createChatAdsCampaign = defineChatAdsTool({
  name: 'create_chatads_campaign',
  description:
    'Creates a chatads campaign: name, bidding type (impressions, clicks or conversions; fixed after creation), lifetime budget with an optional daily limit, dates. It starts paused (nothing spends) unless status active is asked; add ad groups with create_chatads_ad_group and ads with create_chatads_ad, then resume it with resume_chatads_campaign. launch_chatads_ad does all of it in one call.',
  access: 'write',
  examples: [{ name: 'Example campaign', budget: 1000 }],
  args: campaignArgs,
  rules: campaignRules,
  output: campaignOutput,
  async plan(args, ctx) {
    const campaign = newCampaign({ ...args, status: startStatus(ctx, args.status) }, ctx.now);
    const { budget, note } = campaignBudget(campaign, ctx.account.currency);
    return {
      summary: `Create ${campaign.status} campaign "${campaign.name}" (${campaign.bidding_type})`,
      changes: [
        {
          action: 'create' as const,
          entity: 'campaign',
          name: campaign.name,
          fields: Object.fromEntries(Object.entries(campaign).map(([k, value]) => [k, { after: value }])),
          startsPaused: campaign.status !== 'active',
        },
      ],
      budgets: [budget],
      notes: [...(note ? [note] : []), ...forcedNote(ctx, args.status)],
      data: { campaign },
    };
  },
  async apply(plan, _args, ctx) {
    const created = await ctx.step('create_campaign', () => ctx.platform.createCampaign(plan.data.campaign, ctx.now));
    const currency = ctx.account.currency;
    return {
      text: [
        `## Campaign created: ${created.name}`,
        '',
        markdownTable(
          ['Id', 'Status', 'Bidding', 'Budget', 'Daily budget', 'Start', 'End'],
          [
            [
              created.id,
              created.status,
              created.bidding_type,
              money(created.budget, currency),
              money(created.daily_budget, currency),
              created.start_date,
              created.end_date ?? '-',
            ],
          ],
        ),
        '',
        created.status === 'active'
          ? 'It is active: it spends as soon as it has an active ad group with an ad.'
          : 'It is paused: nothing spends until you resume it with resume_chatads_campaign.',
        'Next: add an ad group with create_chatads_ad_group, then a chat card with create_chatads_ad.',
      ].join('\n'),
      structured: { campaign: created },
    };
  },
});

// --- ads ---

const adArgs = {
  name: text(3, 1000, 'Ad name, 3-1000 characters'),
  // The platform's creative limits (Ads API reference, POST /ads): title 3-50 characters, body at most 100.
  headline: text(3, 50, 'Chat card title, 3-50 characters'),
  body: text(1, 100, 'Chat card text, 1-100 characters'),
  call_to_action: v.optional(text(1, 25, 'Button text, up to 25 characters (e.g. Shop now)')),
  landing_url: httpsUrl('HTTPS page the card links to'),
  image_url: v.optional(httpsUrl('HTTPS image (PNG, JPEG or WebP) uploaded for the card; not with image_file_id')),
  image_file_id: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^file_[A-Za-z0-9]+$/, 'must be a file id starting with file_'),
      v.description('An image already uploaded (file_...); not with image_url'),
    ),
  ),
};
type AdArgs = v.InferOutput<v.ObjectSchema<typeof adArgs, undefined>>;
const IMAGE_TYPES = /\.(png|jpe?g|webp)(\?.*)?$/i;
const adRules = [
  (a: AdArgs) => (a.image_url && a.image_file_id ? '`image_url` and `image_file_id` are alternatives; give one' : undefined),
  (a: AdArgs) =>
    a.image_url && !IMAGE_TYPES.test(new URL(a.image_url).pathname)
      ? '`image_url` must point to a PNG, JPEG or WebP image (.png, .jpg, .jpeg, .webp)'
      : undefined,
];

const adOutputEntries = {
  ad: v.object({
    id: v.string(),
    campaign_id: v.string(),
    ad_group_id: v.string(),
    name: v.string(),
    type: v.literal('chat_card'),
    headline: v.string(),
    body: v.string(),
    call_to_action: v.optional(v.string()),
    landing_url: v.string(),
    image_file_id: v.optional(v.string()),
    status: v.string(),
    review_status: v.optional(v.string()),
    created_at: v.optional(v.string()),
  }),
};

function adFields(a: AdArgs) {
  return {
    name: a.name,
    type: 'chat_card' as const,
    headline: a.headline,
    body: a.body,
    ...(a.call_to_action ? { call_to_action: a.call_to_action } : {}),
    landing_url: a.landing_url,
  };
}

async function createCard(
  ctx: ToolContext<ChatAdsPort>,
  a: AdArgs,
  where: { campaign_id: string; ad_group_id: string },
  status: ChatAdsAd['status'],
): Promise<ChatAdsAd> {
  const image = a.image_url
    ? await ctx.step('upload_image', () => ctx.platform.uploadImage(a.image_url!, ctx.now))
    : a.image_file_id
      ? { file_id: a.image_file_id }
      : undefined;
  return ctx.step('create_ad', () =>
    ctx.platform.createAd({ ...where, ...adFields(a), ...(image ? { image_file_id: image.file_id } : {}), status }, ctx.now),
  );
}

export const createChatAdsAd = defineChatAdsTool({
  name: 'create_chatads_ad',
  description:
    'Creates a chat card ad in a chatads ad group: title, text, optional button text, HTTPS landing page, and an image by URL (uploaded first) or an uploaded file id. It starts paused unless status active is asked; it spends only while its ad group and campaign are active.',
  access: 'write',
  examples: [
    {
      ad_group_id: '<ad_group_id from list_chatads_ad_groups>',
      name: 'Example card',
      headline: 'Gear that goes further',
      body: 'Trail-tested packs.',
      landing_url: 'https://www.example.com/trail',
    },
  ],
  args: {
    ad_group_id: adGroupIdArg,
    ...adArgs,
    status: v.optional(v.pipe(v.picklist(['paused', 'active']), v.description('paused (default) or active')), 'paused'),
  },
  rules: adRules,
  output: v.object(adOutputEntries),
  async plan(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.ad_group_id);
    if (group.status === 'archived')
      throw new ToolError(
        `Ad group "${group.name}" (${group.id}) is archived; ads cannot be added to it. Pick another ad group from list_chatads_ad_groups.`,
        { code: 'archived' },
      );
    const campaign = await ctx.platform.getCampaign(group.campaign_id);
    if (campaign.status === 'archived')
      throw new ToolError(`Campaign "${campaign.name}" (${campaign.id}) is archived; ads cannot be added to it.`, { code: 'archived' });
    const status = startStatus(ctx, args.status);
    const spendsAtOnce = status === 'active' && group.status === 'active' && campaign.status === 'active';
    return {
      summary: `Create ${status} chat card "${args.name}" in ad group "${group.name}"`,
      changes: [
        {
          action: 'create' as const,
          entity: 'ad',
          name: args.name,
          fields: {
            ...Object.fromEntries(Object.entries(adFields(args)).map(([k, value]) => [k, { after: value }])),
            ad_group_id: { after: group.id },
            status: { after: status },
            ...(args.image_url ? { image_url: { after: args.image_url } } : {}),
            ...(args.image_file_id ? { image_file_id: { after: args.image_file_id } } : {}),
          },
          startsPaused: !spendsAtOnce,
        },
      ],
      notes: [
        ...(spendsAtOnce
          ? []
          : [
              `The ad cannot spend yet: ${status === 'paused' ? 'it starts paused (resume_chatads_ad)' : `its ${campaign.status !== 'active' ? `campaign is ${campaign.status}` : `ad group is ${group.status}`}`}.`,
            ]),
        ...forcedNote(ctx, args.status),
      ],
      data: { campaign_id: campaign.id, ad_group_id: group.id, group_name: group.name, status },
    };
  },
  async apply(plan, args, ctx) {
    const ad = await createCard(ctx, args, { campaign_id: plan.data.campaign_id, ad_group_id: plan.data.ad_group_id }, plan.data.status);
    return {
      text: [
        `## Chat card created: ${ad.name}`,
        '',
        `- Id: ${ad.id}`,
        `- Ad group: ${plan.data.group_name} (${ad.ad_group_id})`,
        `- Status: ${ad.status}`,
        ...(ad.image_file_id ? [`- Image: ${ad.image_file_id}`] : []),
        '',
        ...(plan.notes ?? []),
        ad.status === 'paused'
          ? 'Next: resume it with resume_chatads_ad when ready.'
          : 'Next: follow it with get_chatads_performance (level ad).',
      ].join('\n'),
      structured: { ad },
    };
  },
});

// --- launch in one step ---

export const launchChatAdsAd = defineChatAdsTool({
  name: 'launch_chatads_ad',
  description:
    'Launches a chatads chat card in one call: creates the campaign (paused), an ad group (fixed bid), uploads the image and creates the chat card ad. Nothing spends until you resume the campaign with resume_chatads_campaign. ' +
    'If it fails part-way, a retry with exactly the same arguments resumes from the last completed step without duplicates.',
  access: 'write',
  examples: [
    {
      campaign_name: 'Example launch',
      budget: 1000,
      max_cpm_bid: 12,
      image_url: 'https://cdn.example.com/card.png',
      ad_name: 'Example card',
      headline: 'Gear that goes further',
      body: 'Trail-tested packs.',
      landing_url: 'https://www.example.com/trail',
    },
  ],
  longRunning: true,
  args: {
    campaign_name: campaignArgs.name,
    bidding_type: campaignArgs.bidding_type,
    conversion_event_setting_id: campaignArgs.conversion_event_setting_id,
    budget: campaignArgs.budget,
    daily_budget: campaignArgs.daily_budget,
    start_date: campaignArgs.start_date,
    end_date: campaignArgs.end_date,
    ad_group_name: v.optional(text(3, 1000, 'Ad group name, 3-1000 characters; default "<campaign name> - ad group"')),
    max_bid: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.000001),
        v.maxValue(100),
        v.description('Max bid per click (click billing) in account currency, 0.000001-100'),
      ),
    ),
    max_cpm_bid: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.001),
        v.maxValue(100_000),
        v.description('Max bid per thousand impressions (impression billing) in account currency'),
      ),
    ),
    billing_event_type: v.optional(
      v.pipe(v.picklist(['click', 'impression']), v.description('click or impression (default for impressions campaigns)')),
    ),
    context_hints: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(500))),
        v.maxLength(2000),
        v.description('Conversations to match (free-form hints)'),
      ),
      [],
    ),
    ad_name: v.optional(text(3, 1000, 'Ad name, 3-1000 characters; default the headline')),
    headline: adArgs.headline,
    body: adArgs.body,
    call_to_action: adArgs.call_to_action,
    landing_url: adArgs.landing_url,
    image_url: httpsUrl('HTTPS image (PNG, JPEG or WebP) for the card'),
  },
  rules: [
    conversionEventRule,
    (a) =>
      a.daily_budget !== undefined && a.daily_budget > a.budget
        ? `\`daily_budget\` (${a.daily_budget}) must not exceed the lifetime \`budget\` (${a.budget})`
        : undefined,
    (a) =>
      a.start_date && a.end_date && a.end_date <= a.start_date
        ? `\`end_date\` (${a.end_date}) must be after \`start_date\` (${a.start_date})`
        : undefined,
    (a) =>
      !IMAGE_TYPES.test(new URL(a.image_url).pathname)
        ? '`image_url` must point to a PNG, JPEG or WebP image (.png, .jpg, .jpeg, .webp)'
        : undefined,
    (a) => {
      const billing = a.billing_event_type ?? (a.bidding_type === 'impressions' ? 'impression' : 'click');
      if (billing === 'click' && a.max_bid === undefined) return 'click billing needs `max_bid` (max per click)';
      if (billing === 'impression' && a.max_cpm_bid === undefined)
        return 'impression billing needs `max_cpm_bid` (max per thousand impressions)';
      if (billing === 'click' && a.max_cpm_bid !== undefined)
        return '`max_cpm_bid` is for impression billing; with click billing give `max_bid`';
      if (billing === 'impression' && a.max_bid !== undefined)
        return '`max_bid` is a per-click bid; with impression billing give `max_cpm_bid`';
      return undefined;
    },
  ],
  output: v.object({ campaign_id: v.string(), ad_group_id: v.string(), ad_id: v.string(), image_file_id: v.string(), status: v.string() }),
  async plan(args, ctx) {
    const campaign = newCampaign(
      {
        name: args.campaign_name,
        bidding_type: args.bidding_type,
        conversion_event_setting_id: args.conversion_event_setting_id,
        budget: args.budget,
        daily_budget: args.daily_budget,
        start_date: args.start_date,
        end_date: args.end_date,
        status: 'paused',
      },
      ctx.now,
    );
    const billing = args.billing_event_type ?? (args.bidding_type === 'impressions' ? 'impression' : 'click');
    const adGroup = {
      name: args.ad_group_name ?? `${args.campaign_name} - ad group`,
      status: 'active' as const,
      strategy: 'fixed_bid' as const,
      billing_event_type: billing,
      ...(billing === 'click'
        ? { max_bid_micros: Math.max(1, Math.round(args.max_bid! * MICROS)) }
        : { max_cpm_bid_micros: Math.max(1, Math.round(args.max_cpm_bid! * MICROS)) }),
      context_hints: args.context_hints,
      custom_audience_bid_multipliers: [],
    };
    const ad = {
      ...adFields({
        name: args.ad_name ?? args.headline,
        headline: args.headline,
        body: args.body,
        call_to_action: args.call_to_action,
        landing_url: args.landing_url,
      }),
      status: 'active' as const,
    };
    const { budget, note } = campaignBudget(campaign, ctx.account.currency);
    const fields = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, value]) => [k, { after: value }]));
    return {
      summary: `Launch chat card "${ad.name}": paused campaign "${campaign.name}", ad group "${adGroup.name}", image upload and ad`,
      changes: [
        { action: 'create' as const, entity: 'campaign', name: campaign.name, fields: fields(campaign), startsPaused: true },
        { action: 'create' as const, entity: 'ad_group', name: adGroup.name, fields: fields(adGroup), startsPaused: true },
        { action: 'create' as const, entity: 'image', name: args.image_url, fields: { url: { after: args.image_url } } },
        { action: 'create' as const, entity: 'ad', name: ad.name, fields: fields(ad), startsPaused: true },
      ],
      budgets: [budget],
      notes: ['The campaign is created paused: nothing spends until resume_chatads_campaign.', ...(note ? [note] : [])],
      data: { campaign, adGroup, ad },
    };
  },
  async apply(plan, args, ctx) {
    const { campaign, adGroup, ad } = plan.data;
    ctx.progress?.('create_campaign', { step: 1, total: 4 });
    const created: ChatAdsCampaign = await ctx.step('create_campaign', () => ctx.platform.createCampaign(campaign, ctx.now));
    ctx.progress?.('create_ad_group', { step: 2, total: 4 });
    const group = await ctx.step('create_ad_group', () => ctx.platform.createAdGroup({ ...adGroup, campaign_id: created.id }, ctx.now));
    ctx.progress?.('upload_image', { step: 3, total: 4 });
    const image = await ctx.step('upload_image', () => ctx.platform.uploadImage(args.image_url, ctx.now));
    ctx.progress?.('create_ad', { step: 4, total: 4 });
    const card = await ctx.step('create_ad', () =>
      ctx.platform.createAd({ ...ad, campaign_id: created.id, ad_group_id: group.id, image_file_id: image.file_id }, ctx.now),
    );
    return {
      text: [
        `## Chat card launched (paused): ${card.name}`,
        '',
        markdownTable(
          ['Step', 'Id', 'Status'],
          [
            ['Campaign', created.id, created.status],
            ['Ad group', group.id, group.status],
            ['Image', image.file_id, 'uploaded'],
            ['Ad', card.id, card.status],
          ],
        ),
        '',
        `Nothing spends yet: the campaign "${created.name}" is paused. Resume it with resume_chatads_campaign (campaign_id ${created.id}) when ready.`,
      ].join('\n'),
      structured: { campaign_id: created.id, ad_group_id: group.id, ad_id: card.id, image_file_id: image.file_id, status: created.status },
    };
  },
});
