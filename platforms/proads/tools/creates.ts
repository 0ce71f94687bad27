/**
 * The proads create family: campaign groups (one or many), a campaign in a group, a campaign of each
 * format with its first creative, a creative of each format in an existing campaign, and clones.
 * Everything starts where it cannot spend: groups as DRAFT, campaigns as DRAFT (no creative yet) or
 * PAUSED, creatives of an active campaign as PAUSED. Formats are rows of data (their copy fields,
 * asset kind and limits); each multi-step create checkpoints every step with ctx.step, so a retry
 * resumes without duplicates.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedBudget, PlannedChange, WritePlan } from '../../../core/plan';
import type { ToolContext, ToolDefinition } from '../../../core/tool';
import { isoDate } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineProAdsTool } from '../define';
import type {
  NewProAdsCampaign,
  NewProAdsCampaignGroup,
  NewProAdsCreative,
  ProAdsCampaign,
  ProAdsCampaignGroup,
  ProAdsFormat,
  ProAdsObjective,
  ProAdsPort,
  ProAdsTargeting,
} from '../port';
import {
  bidArg,
  bidStrategyArg,
  campaignIdArg,
  checkBudgets,
  checkSchedule,
  checkTargeting,
  costTypeArg,
  ctaArg,
  dailyBudgetArg,
  dailyEquivalent,
  FORMAT_WORD,
  findCampaign,
  findGroup,
  groupIdArg,
  nameArg,
  optionalDate,
  refuseCopyProblems,
  targetingArg,
  totalBudgetArg,
  urlArg,
  writeOutput,
} from './common';
import { PROADS_FORMATS } from './select-campaign-type';

/** Documented request examples of the tools this file builds (ToolSpec.examples; <…> marks an id to take from the tool named). */
const EXAMPLES: Record<string, Record<string, unknown>[]> = {
  create_proads_image_campaign: [
    {
      campaign_group_id: '<campaign_group_id from list_proads_campaign_groups>',
      objective_type: 'WEBSITE_CONVERSION',
      daily_budget: 40,
      unit_cost: 7,
      targeting: { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } },
      name: 'Example image',
      intro_text: 'See it',
      headline: 'Example',
      landing_page_url: 'https://www.example.com/example',
      asset_id: '<asset_id from discover_proads_assets>',
    },
  ],
  create_proads_video_campaign: [
    {
      campaign_group_id: '<campaign_group_id from list_proads_campaign_groups>',
      objective_type: 'WEBSITE_CONVERSION',
      daily_budget: 40,
      unit_cost: 7,
      targeting: { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } },
      name: 'Example video',
      headline: 'Example',
      landing_page_url: 'https://www.example.com/example',
      asset_id: '<asset_id from discover_proads_assets>',
    },
  ],
  create_proads_carousel_campaign: [
    {
      campaign_group_id: '<campaign_group_id from list_proads_campaign_groups>',
      objective_type: 'WEBSITE_CONVERSION',
      daily_budget: 40,
      unit_cost: 7,
      targeting: { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } },
      name: 'Example carousel',
      intro_text: 'Cards',
      cards: [
        { headline: 'One', landing_page_url: 'https://www.example.com/example', asset_id: '<asset_id from discover_proads_assets>' },
        { headline: 'Two', landing_page_url: 'https://www.example.com/example', asset_id: '<asset_id from discover_proads_assets>' },
      ],
    },
  ],
  create_proads_text_campaign: [
    {
      campaign_group_id: '<campaign_group_id from list_proads_campaign_groups>',
      objective_type: 'WEBSITE_CONVERSION',
      daily_budget: 40,
      unit_cost: 7,
      targeting: { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } },
      name: 'Example text',
      headline: 'Example',
      description: 'Example the text',
      landing_page_url: 'https://www.example.com/example',
    },
  ],
  add_proads_creative: [
    {
      campaign_id: '<campaign_id from list_proads_campaigns>',
      intro_text: 'See it',
      headline: 'Example',
      landing_page_url: 'https://www.example.com/example',
      asset_id: '<asset_id from discover_proads_assets>',
    },
  ],
  add_proads_video_creative: [
    {
      campaign_id: '<campaign_id from list_proads_campaigns>',
      headline: 'Example',
      landing_page_url: 'https://www.example.com/example',
      asset_id: '<asset_id from discover_proads_assets>',
    },
  ],
  add_proads_carousel_creative: [
    {
      campaign_id: '<campaign_id from list_proads_campaigns>',
      intro_text: 'Cards',
      cards: [
        { headline: 'One', landing_page_url: 'https://www.example.com/example', asset_id: '<asset_id from discover_proads_assets>' },
        { headline: 'Two', landing_page_url: 'https://www.example.com/example', asset_id: '<asset_id from discover_proads_assets>' },
      ],
    },
  ],
  add_proads_text_creative: [
    {
      campaign_id: '<campaign_id from list_proads_campaigns>',
      headline: 'Example',
      description: 'Example the text',
      landing_page_url: 'https://www.example.com/example',
    },
  ],
};

const createdOutput = writeOutput({
  created: v.array(v.object({ entity: v.string(), id: v.string(), name: v.string(), status: v.string() })),
});
type Created = { entity: string; id: string; name: string; status: string };
const STOPPED_GROUPS = ['ARCHIVED', 'CANCELED', 'PENDING_DELETION'];

// ---- Campaign groups.

const groupItem = {
  name: nameArg('Campaign group'),
  total_budget: v.optional(totalBudgetArg()),
  start_date: optionalDate('First day, YYYY-MM-DD, today or later; default today'),
  end_date: optionalDate('Last day, YYYY-MM-DD'),
  status: v.optional(
    v.pipe(v.picklist(['DRAFT', 'ACTIVE']), v.description('DRAFT (default: none of its campaigns can run until it is ACTIVE) or ACTIVE')),
    'DRAFT',
  ),
};
type GroupItem = { name: string; total_budget?: number; start_date?: string; end_date?: string; status: 'DRAFT' | 'ACTIVE' };

function planGroup(
  ctx: ToolContext<ProAdsPort>,
  g: GroupItem,
  existing: readonly ProAdsCampaignGroup[],
): { input: NewProAdsCampaignGroup; change: PlannedChange; budgets: PlannedBudget[]; notes: string[] } {
  const start = g.start_date ?? isoDate(ctx.now);
  if (start < isoDate(ctx.now))
    throw new ToolError(`\`start_date\` ${start} is in the past: use today or later.`, { code: 'start_date_past' });
  checkSchedule(ctx.now, start, g.end_date);
  if (existing.some((x) => x.name.toLowerCase() === g.name.toLowerCase() && x.status !== 'PENDING_DELETION'))
    throw new ToolError(`A campaign group named "${g.name}" already exists (list_proads_campaign_groups): choose another name.`, {
      code: 'duplicate_name',
    });
  const status = ctx.createPaused ? 'DRAFT' : g.status;
  const input: NewProAdsCampaignGroup = {
    name: g.name,
    status,
    start_date: start,
    ...(g.end_date ? { end_date: g.end_date } : {}),
    ...(g.total_budget !== undefined ? { total_budget: g.total_budget } : {}),
  };
  const budgets: PlannedBudget[] =
    g.total_budget !== undefined
      ? [
          {
            entity: 'campaign_group_total_budget',
            name: g.name,
            after: dailyEquivalent(g.total_budget, start, g.end_date, ctx.now),
            currency: ctx.account.currency,
          },
        ]
      : [];
  const notes =
    g.total_budget !== undefined
      ? [
          `"${g.name}": lifetime budget ${g.total_budget} ${ctx.account.currency}, about ${budgets[0]!.after} a day; its campaigns' daily budgets cap each day.`,
        ]
      : [];
  if (status !== g.status) notes.push(`"${g.name}" starts as DRAFT: the owner's create-paused guardrail is on.`);
  return {
    input,
    change: {
      action: 'create',
      entity: 'campaign_group',
      name: g.name,
      fields: Object.fromEntries(Object.entries(input).map(([k, after]) => [k, { after }])),
      startsPaused: true,
    },
    budgets,
    notes,
  };
}

function createdText(heading: string, created: Created[], next: string): string {
  return [
    `## ${heading}`,
    '',
    markdownTable(
      ['Entity', 'Name', 'Id', 'Status'],
      created.map((c) => [c.entity.replace('_', ' '), c.name, c.id, c.status]),
    ),
    '',
    next,
  ].join('\n');
}

interface GroupsData {
  groups: NewProAdsCampaignGroup[];
}

export const createCampaignGroup = defineProAdsTool({
  name: 'create_proads_campaign_group',
  description:
    'Creates a proads campaign group: a name, an optional lifetime budget shared by its campaigns, and a schedule. It starts as DRAFT (status ACTIVE on request; a group cannot spend without campaigns, which start paused). Next: add_proads_campaign_to_group or create_proads_image_campaign.',
  access: 'write',
  examples: [{ name: 'Example group' }],
  args: groupItem,
  output: createdOutput,
  async plan(args, ctx): Promise<WritePlan<GroupsData>> {
    const p = planGroup(ctx, args, await ctx.platform.listCampaignGroups());
    return {
      summary: `Create campaign group "${args.name}" (${p.input.status})`,
      changes: [p.change],
      budgets: p.budgets,
      notes: p.notes,
      data: { groups: [p.input] },
    };
  },
  async apply(plan, _args, ctx) {
    const group = await ctx.step('group', () => ctx.platform.createCampaignGroup(plan.data.groups[0]!));
    const created = [{ entity: 'campaign_group', id: group.id, name: group.name, status: group.status }];
    return {
      text: createdText(
        `Campaign group "${group.name}" created`,
        created,
        `Next: add_proads_campaign_to_group with campaign_group_id ${group.id}; activate it with update_proads_campaign_group (status ACTIVE) when its campaigns are ready.`,
      ),
      structured: { ad_account_id: ctx.account.account_id, changed: true, summary: plan.summary, created },
    };
  },
});

export const batchCreateCampaignGroups = defineProAdsTool({
  name: 'batch_create_proads_campaign_groups',
  description:
    'Creates several proads campaign groups in one call (1-20), each with a name, optional lifetime budget, schedule and status (DRAFT by default). All are checked before any is created; a retry creates only the ones still missing.',
  access: 'write',
  examples: [{ groups: [{ name: 'Example batch' }] }],
  args: {
    groups: v.pipe(
      v.array(v.strictObject(groupItem)),
      v.minLength(1, 'must hold at least one group'),
      v.maxLength(20, 'at most 20 groups per call'),
      v.description('The groups to create'),
    ),
  },
  rules: [
    (a) => (new Set(a.groups.map((g) => g.name.toLowerCase())).size !== a.groups.length ? '`groups` names a group twice' : undefined),
  ],
  output: createdOutput,
  async plan(args, ctx): Promise<WritePlan<GroupsData>> {
    const existing = await ctx.platform.listCampaignGroups();
    const planned = args.groups.map((g) => planGroup(ctx, g, existing));
    return {
      summary: `Create ${planned.length} campaign group(s)`,
      changes: planned.map((p) => p.change),
      budgets: planned.flatMap((p) => p.budgets),
      notes: planned.flatMap((p) => p.notes),
      data: { groups: planned.map((p) => p.input) },
    };
  },
  async apply(plan, _args, ctx) {
    const created: Created[] = [];
    for (const [i, input] of plan.data.groups.entries()) {
      const g = await ctx.step(`group:${i}`, () => ctx.platform.createCampaignGroup(input));
      created.push({ entity: 'campaign_group', id: g.id, name: g.name, status: g.status });
    }
    return {
      text: createdText(`${created.length} campaign group(s) created`, created, 'Next: add_proads_campaign_to_group for each.'),
      structured: { ad_account_id: ctx.account.account_id, changed: true, summary: plan.summary, created },
    };
  },
});

// ---- Campaigns.

const OBJECTIVES = ['BRAND_AWARENESS', 'WEBSITE_VISIT', 'ENGAGEMENT', 'VIDEO_VIEW', 'LEAD_GENERATION', 'WEBSITE_CONVERSION'] as const;
const campaignArgs = {
  campaign_group_id: groupIdArg(),
  name: nameArg('Campaign'),
  objective_type: v.pipe(
    v.picklist(OBJECTIVES),
    v.description(`What the campaign optimises for: ${OBJECTIVES.join(', ')} (explain_proads_objectives helps choose)`),
  ),
  daily_budget: dailyBudgetArg(),
  total_budget: v.optional(totalBudgetArg()),
  cost_type: v.optional(costTypeArg(), 'CPC'),
  unit_cost: bidArg(),
  bid_strategy: v.optional(bidStrategyArg(), 'MANUAL'),
  targeting: targetingArg(),
  start_date: optionalDate('First day, YYYY-MM-DD, today or later; default today'),
  end_date: optionalDate('Last day, YYYY-MM-DD; default none'),
};
type CampaignArgs = {
  campaign_group_id: string;
  name: string;
  objective_type: ProAdsObjective;
  daily_budget: number;
  total_budget?: number;
  cost_type: ProAdsCampaign['cost_type'];
  unit_cost: number;
  bid_strategy: 'MANUAL' | 'MAXIMUM_DELIVERY' | 'COST_CAP';
  targeting: unknown;
  start_date?: string;
  end_date?: string;
};

async function planCampaign(ctx: ToolContext<ProAdsPort>, a: CampaignArgs, format: ProAdsFormat, status: 'DRAFT' | 'PAUSED') {
  const group = await findGroup(ctx.platform, a.campaign_group_id);
  if (STOPPED_GROUPS.includes(group.status))
    throw new ToolError(
      `Campaign group "${group.name}" is ${group.status}: choose an active or draft group (list_proads_campaign_groups) or create one (create_proads_campaign_group).`,
      { code: 'group_not_open' },
    );
  const spec = PROADS_FORMATS[FORMAT_WORD[format]];
  if (!spec.objectives.includes(a.objective_type))
    throw new ToolError(
      `A ${FORMAT_WORD[format]} campaign cannot use objective ${a.objective_type}: choose one of ${spec.objectives.join(', ')}.`,
      { code: 'objective_not_allowed', allowed: spec.objectives },
    );
  const start = a.start_date ?? isoDate(ctx.now);
  if (start < isoDate(ctx.now))
    throw new ToolError(`\`start_date\` ${start} is in the past: use today or later.`, { code: 'start_date_past' });
  checkSchedule(ctx.now, start, a.end_date);
  checkBudgets(a.daily_budget, a.total_budget);
  const audience = await checkTargeting(ctx.platform, a.targeting as ProAdsTargeting);
  const input: NewProAdsCampaign = {
    campaign_group_id: group.id,
    name: a.name,
    type: format === 'TEXT_AD' ? 'TEXT_AD' : 'SPONSORED_UPDATES',
    format,
    objective_type: a.objective_type,
    status,
    cost_type: a.cost_type,
    daily_budget: a.daily_budget,
    ...(a.total_budget !== undefined ? { total_budget: a.total_budget } : {}),
    unit_cost: a.unit_cost,
    bid_strategy: a.bid_strategy,
    targeting: a.targeting as ProAdsTargeting,
    start_date: start,
    ...(a.end_date ? { end_date: a.end_date } : {}),
  };
  const budgets: PlannedBudget[] = [{ entity: 'campaign', name: a.name, after: a.daily_budget, currency: ctx.account.currency }];
  const notes = [
    `Audience: about ${audience.toLocaleString('en-US')} members.`,
    `The campaign starts ${status}: it spends nothing until resume_proads_campaign${group.status !== 'ACTIVE' ? ` and its group "${group.name}" is ACTIVE (update_proads_campaign_group)` : ''}.`,
  ];
  if (a.total_budget !== undefined)
    notes.push(
      `Lifetime budget ${a.total_budget} ${ctx.account.currency} is about ${dailyEquivalent(a.total_budget, start, a.end_date, ctx.now)} a day; the daily budget ${a.daily_budget} caps each day.`,
    );
  const change: PlannedChange = {
    action: 'create',
    entity: 'campaign',
    name: a.name,
    fields: Object.fromEntries(Object.entries(input).map(([k, after]) => [k, { after }])),
    startsPaused: true,
  };
  return { input, change, budgets, notes, group };
}

// ---- Creatives of each format, as data.

const copyText = (max: number, what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(max, `must be at most ${max} characters`),
    v.description(what),
  );
const assetIdArg = (kind: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^asset_[A-Za-z0-9_-]{4,80}$/, 'must be an asset id such as asset_ab12cd34ef56 (discover_proads_assets lists them)'),
      v.description(`Id of an uploaded ${kind} (discover_proads_assets)`),
    ),
  );
const mediaUrlArg = (kind: 'image' | 'video') =>
  v.optional(
    urlArg(
      kind === 'image'
        ? 'Image URL (JPG, PNG or GIF) to upload when no asset_id is given'
        : 'Video URL (MP4) to upload when no asset_id is given',
    ),
  );
const cardSchema = v.strictObject({
  headline: copyText(45, 'Card headline, at most 45 characters'),
  landing_page_url: urlArg('Card destination URL'),
  asset_id: assetIdArg('image'),
  image_url: mediaUrlArg('image'),
});

const CREATIVE_FORMATS = {
  SINGLE_IMAGE: {
    asset: 'IMAGE' as const,
    args: {
      creative_name: v.optional(nameArg('Creative')),
      intro_text: copyText(600, 'Introductory text above the image, at most 600 characters (150 show before "see more")'),
      headline: copyText(200, 'Headline under the image, at most 200 characters (70 recommended)'),
      description: v.optional(copyText(300, 'Description, at most 300 characters')),
      call_to_action: v.optional(ctaArg()),
      landing_page_url: urlArg('Destination URL, http(s)'),
      asset_id: assetIdArg('image'),
      image_url: mediaUrlArg('image'),
    },
  },
  VIDEO: {
    asset: 'VIDEO' as const,
    args: {
      creative_name: v.optional(nameArg('Creative')),
      intro_text: v.optional(copyText(600, 'Introductory text above the video, at most 600 characters')),
      headline: copyText(200, 'Headline under the video, at most 200 characters'),
      call_to_action: v.optional(ctaArg()),
      landing_page_url: urlArg('Destination URL, http(s)'),
      asset_id: assetIdArg('video'),
      video_url: mediaUrlArg('video'),
    },
  },
  TEXT_AD: {
    asset: 'IMAGE' as const,
    args: {
      creative_name: v.optional(nameArg('Creative')),
      headline: copyText(25, 'Headline, at most 25 characters'),
      description: copyText(75, 'Description, at most 75 characters'),
      landing_page_url: urlArg('Destination URL, http(s)'),
      asset_id: assetIdArg('100 x 100 image (optional)'),
      image_url: mediaUrlArg('image'),
    },
  },
  CAROUSEL: {
    asset: 'IMAGE' as const,
    args: {
      creative_name: v.optional(nameArg('Creative')),
      intro_text: copyText(255, 'Introductory text above the cards, at most 255 characters'),
      cards: v.pipe(
        v.array(cardSchema),
        v.minLength(2, 'a carousel needs at least 2 cards'),
        v.maxLength(10, 'a carousel holds at most 10 cards'),
        v.description('2-10 cards, each with a 1:1 image (asset_id or image_url), a headline and a destination URL'),
      ),
    },
  },
};
type CreativeArgs = {
  creative_name?: string;
  intro_text?: string;
  headline?: string;
  description?: string;
  call_to_action?: string;
  landing_page_url?: string;
  asset_id?: string;
  image_url?: string;
  video_url?: string;
  cards?: { headline: string; landing_page_url: string; asset_id?: string; image_url?: string }[];
};

/** Each image/video needs an asset_id or a URL, never both (text ads: the image is optional). */
function mediaRule(format: ProAdsFormat) {
  return (a: CreativeArgs): string[] => {
    const problems: string[] = [];
    const url = a.image_url ?? a.video_url;
    if (format === 'CAROUSEL') {
      (a.cards ?? []).forEach((c, i) => {
        if (Boolean(c.asset_id) === Boolean(c.image_url))
          problems.push(`cards[${i}] needs either \`asset_id\` or \`image_url\` (one of them)`);
      });
    } else if (a.asset_id && url) problems.push('give `asset_id` or the media URL, not both');
    else if (format !== 'TEXT_AD' && !a.asset_id && !url)
      problems.push(
        `a ${FORMAT_WORD[format]} creative needs \`asset_id\` (discover_proads_assets) or \`${format === 'VIDEO' ? 'video_url' : 'image_url'}\``,
      );
    return problems;
  };
}

interface PlannedCreative {
  input: Omit<NewProAdsCreative, 'campaign_id'>;
  /** Media to upload first: the key where its asset id goes ('asset' or 'card:<i>'). */
  uploads: { key: string; kind: 'IMAGE' | 'VIDEO'; url: string }[];
}

const fileName = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() || 'upload');
const IMAGE_EXT = /\.(jpe?g|png|gif)$/i;

async function planCreative(
  ctx: ToolContext<ProAdsPort>,
  format: ProAdsFormat,
  a: CreativeArgs,
  status: 'ACTIVE' | 'PAUSED',
  fallbackName: string,
  start: string,
): Promise<{ planned: PlannedCreative; changes: PlannedChange[] }> {
  refuseCopyProblems(format, {
    intro_text: a.intro_text,
    headline: a.headline,
    description: a.description,
    call_to_action: a.call_to_action,
  });
  const assets = await ctx.platform.listAssets();
  const kind = CREATIVE_FORMATS[format].asset;
  const uploads: PlannedCreative['uploads'] = [];
  const checkAsset = (id: string | undefined, where: string) => {
    if (!id) return;
    const asset = assets.find((x) => x.id === id);
    if (!asset)
      throw new ToolError(
        `No asset "${id}" (${where}) in this ad account: discover_proads_assets lists them, validate_and_prepare_proads_assets uploads new ones.`,
        { code: 'not_found', asset_id: id, list_tool: 'discover_proads_assets' },
      );
    if (asset.kind !== kind)
      throw new ToolError(`Asset "${id}" (${where}) is a ${asset.kind}; a ${FORMAT_WORD[format]} creative needs a ${kind}.`, {
        code: 'asset_kind_mismatch',
      });
  };
  const checkUrl = (url: string | undefined, key: string) => {
    if (!url) return;
    if (kind === 'IMAGE' && !IMAGE_EXT.test(new URL(url).pathname))
      throw new ToolError(`${url} is not a JPG, PNG or GIF image (by its file name).`, { code: 'asset_type_not_allowed' });
    if (kind === 'VIDEO' && !/\.mp4$/i.test(new URL(url).pathname))
      throw new ToolError(`${url} is not an MP4 video (by its file name).`, { code: 'asset_type_not_allowed' });
    uploads.push({ key, kind, url });
  };
  checkAsset(a.asset_id, 'asset_id');
  checkUrl(a.image_url ?? a.video_url, 'asset');
  a.cards?.forEach((c, i) => {
    checkAsset(c.asset_id, `cards[${i}]`);
    checkUrl(c.image_url, `card:${i}`);
  });
  const input: PlannedCreative['input'] = {
    name: a.creative_name ?? `${fallbackName} - ${FORMAT_WORD[format]} ${isoDate(ctx.now)}`,
    format,
    status,
    ...(a.intro_text ? { intro_text: a.intro_text } : {}),
    headline: a.headline ?? a.cards![0]!.headline,
    ...(a.description ? { description: a.description } : {}),
    ...(a.call_to_action ? { call_to_action: a.call_to_action } : {}),
    landing_page_url: a.landing_page_url ?? a.cards![0]!.landing_page_url,
    ...(a.asset_id ? { asset_id: a.asset_id } : {}),
    ...(a.cards
      ? { cards: a.cards.map((c) => ({ asset_id: c.asset_id ?? '', headline: c.headline, landing_page_url: c.landing_page_url })) }
      : {}),
    start_date: start,
  };
  const changes: PlannedChange[] = [
    ...uploads.map((u) => ({
      action: 'create' as const,
      entity: 'asset',
      name: fileName(u.url),
      fields: { kind: { after: u.kind }, source_url: { after: u.url } },
    })),
    {
      action: 'create',
      entity: 'creative',
      name: input.name,
      fields: Object.fromEntries(Object.entries(input).map(([k, after]) => [k, { after }])),
      startsPaused: true,
    },
  ];
  return { planned: { input, uploads }, changes };
}

/** Uploads the creative's media, then creates it; every step at most once per set of arguments. */
async function applyCreative(ctx: ToolContext<ProAdsPort>, planned: PlannedCreative, campaignId: string, prefix: string) {
  const input = {
    ...planned.input,
    campaign_id: campaignId,
    ...(planned.input.cards ? { cards: planned.input.cards.map((c) => ({ ...c })) } : {}),
  };
  for (const u of planned.uploads) {
    const asset = await ctx.step(`${prefix}:upload:${u.key}`, () =>
      ctx.platform.createAsset({ kind: u.kind, name: fileName(u.url), source_url: u.url }),
    );
    if (u.key === 'asset') input.asset_id = asset.id;
    else input.cards![Number(u.key.slice('card:'.length))]!.asset_id = asset.id;
  }
  return ctx.step(`${prefix}:creative`, () => ctx.platform.createCreative(input));
}

// ---- Create a campaign of one format with its first creative.

interface CampaignCreateData {
  campaign: NewProAdsCampaign;
  creatives: PlannedCreative[];
}

function createCampaignTool(format: ProAdsFormat, name: string, description: string): ToolDefinition {
  const spec = CREATIVE_FORMATS[format];
  return defineProAdsTool({
    name,
    examples: EXAMPLES[name],
    description,
    access: 'write',
    args: { ...campaignArgs, ...spec.args } as typeof campaignArgs & typeof CREATIVE_FORMATS.SINGLE_IMAGE.args,
    rules: [mediaRule(format) as never],
    output: createdOutput,
    async plan(args, ctx): Promise<WritePlan<CampaignCreateData>> {
      const c = await planCampaign(ctx, args as CampaignArgs, format, 'PAUSED');
      const cr = await planCreative(ctx, format, args as CreativeArgs, 'ACTIVE', args.name, c.input.start_date);
      return {
        summary: `Create ${FORMAT_WORD[format]} campaign "${args.name}" (PAUSED) in "${c.group.name}" with its first creative`,
        changes: [c.change, ...cr.changes],
        budgets: c.budgets,
        notes: c.notes,
        data: { campaign: c.input, creatives: [cr.planned] },
      };
    },
    async apply(plan, _args, ctx) {
      const campaign = await ctx.step('campaign', () => ctx.platform.createCampaign(plan.data.campaign));
      const created: Created[] = [{ entity: 'campaign', id: campaign.id, name: campaign.name, status: campaign.status }];
      for (const [i, planned] of plan.data.creatives.entries()) {
        const cr = await applyCreative(ctx, planned, campaign.id, `creative:${i}`);
        created.push({ entity: 'creative', id: cr.id, name: cr.name, status: cr.status });
      }
      return {
        text: createdText(
          `${FORMAT_WORD[format][0]!.toUpperCase()}${FORMAT_WORD[format].slice(1)} campaign "${campaign.name}" created (PAUSED)`,
          created,
          `It spends nothing yet. Check it with get_proads_campaign_structure, then start it with resume_proads_campaign (campaign_id ${campaign.id}). Daily budget ${money(campaign.daily_budget, ctx.account.currency)}.`,
        ),
        structured: { ad_account_id: ctx.account.account_id, changed: true, summary: plan.summary, created },
      };
    },
  });
}

export const createCampaignTools: ToolDefinition[] = [
  createCampaignTool(
    'SINGLE_IMAGE',
    'create_proads_image_campaign',
    'Creates a proads single-image sponsored content campaign in a campaign group with its first creative (introductory text, headline, destination, an image by asset_id or URL), targeting, daily budget and bid. The campaign starts PAUSED; start it with resume_proads_campaign. Steps are checkpointed: a retry does not duplicate.',
  ),
  createCampaignTool(
    'VIDEO',
    'create_proads_video_campaign',
    'Creates a proads video sponsored content campaign with its first video creative (MP4 by asset_id or URL, headline, destination), targeting, daily budget and bid. Starts PAUSED; start it with resume_proads_campaign.',
  ),
  createCampaignTool(
    'TEXT_AD',
    'create_proads_text_campaign',
    'Creates a proads text-ad campaign (desktop right rail) with its first text ad (headline at most 25 characters, description at most 75, destination, optional 100 x 100 image). Starts PAUSED. Text ads run at a CTR of about 0.02-0.05 %: judge them on cost per conversion.',
  ),
  createCampaignTool(
    'CAROUSEL',
    'create_proads_carousel_campaign',
    'Creates a proads carousel campaign with its first carousel creative (introductory text and 2-10 cards, each an image by asset_id or URL, a headline of at most 45 characters and a destination). Starts PAUSED; start it with resume_proads_campaign.',
  ),
];

interface CampaignOnlyData {
  campaign: NewProAdsCampaign;
}

export const addCampaignToGroup = defineProAdsTool({
  name: 'add_proads_campaign_to_group',
  description:
    "Creates a new proads campaign with its own targeting, budget, bid and schedule inside an existing campaign group, without creatives: it starts as DRAFT. Add creatives with add_proads_creative (or the text, video and carousel variants), then start it with resume_proads_campaign. Reuse another campaign's targeting from get_proads_campaign_targeting.",
  access: 'write',
  examples: [
    {
      campaign_group_id: '<campaign_group_id from list_proads_campaign_groups>',
      objective_type: 'WEBSITE_CONVERSION',
      daily_budget: 40,
      unit_cost: 7,
      targeting: { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } },
      name: 'Example draft',
      format: 'SINGLE_IMAGE',
    },
  ],
  args: {
    ...campaignArgs,
    format: v.pipe(v.picklist(['SINGLE_IMAGE', 'VIDEO', 'CAROUSEL', 'TEXT_AD']), v.description('SINGLE_IMAGE, VIDEO, CAROUSEL or TEXT_AD')),
  },
  output: createdOutput,
  async plan(args, ctx): Promise<WritePlan<CampaignOnlyData>> {
    const c = await planCampaign(ctx, args as CampaignArgs, args.format, 'DRAFT');
    return {
      summary: `Create campaign "${args.name}" (DRAFT) in "${c.group.name}"`,
      changes: [c.change],
      budgets: c.budgets,
      notes: c.notes,
      data: { campaign: c.input },
    };
  },
  async apply(plan, _args, ctx) {
    const campaign = await ctx.step('campaign', () => ctx.platform.createCampaign(plan.data.campaign));
    const created = [{ entity: 'campaign', id: campaign.id, name: campaign.name, status: campaign.status }];
    const adder = {
      SINGLE_IMAGE: 'add_proads_creative',
      VIDEO: 'add_proads_video_creative',
      CAROUSEL: 'add_proads_carousel_creative',
      TEXT_AD: 'add_proads_text_creative',
    }[campaign.format];
    return {
      text: createdText(
        `Campaign "${campaign.name}" created (DRAFT)`,
        created,
        `Next: ${adder} with campaign_id ${campaign.id}, then resume_proads_campaign.`,
      ),
      structured: { ad_account_id: ctx.account.account_id, changed: true, summary: plan.summary, created },
    };
  },
});

// ---- Add a creative of one format to an existing campaign.

interface CreativeData {
  campaign: { id: string; name: string; status: string };
  creative: PlannedCreative;
}

const ADDERS: Record<ProAdsFormat, string> = {
  SINGLE_IMAGE: 'add_proads_creative',
  VIDEO: 'add_proads_video_creative',
  CAROUSEL: 'add_proads_carousel_creative',
  TEXT_AD: 'add_proads_text_creative',
};

function addCreativeTool(format: ProAdsFormat, description: string): ToolDefinition {
  const spec = CREATIVE_FORMATS[format];
  return defineProAdsTool({
    name: ADDERS[format],
    examples: EXAMPLES[ADDERS[format]],
    description,
    access: 'write',
    args: { campaign_id: campaignIdArg(), ...spec.args } as {
      campaign_id: ReturnType<typeof campaignIdArg>;
    } & typeof CREATIVE_FORMATS.SINGLE_IMAGE.args,
    rules: [mediaRule(format) as never],
    output: createdOutput,
    async plan(args, ctx): Promise<WritePlan<CreativeData>> {
      const campaign: ProAdsCampaign = await findCampaign(ctx.platform, args.campaign_id);
      if (campaign.format !== format)
        throw new ToolError(
          `Campaign "${campaign.name}" is a ${campaign.format} campaign: add its creatives with ${ADDERS[campaign.format]}.`,
          { code: 'format_mismatch', campaign_format: campaign.format, tool: ADDERS[campaign.format] },
        );
      if (['ARCHIVED', 'CANCELED', 'PENDING_DELETION', 'COMPLETED'].includes(campaign.status))
        throw new ToolError(
          `Campaign "${campaign.name}" is ${campaign.status}: creatives can only be added to draft, paused or active campaigns.`,
          { code: 'campaign_not_open' },
        );
      // A creative added to a live campaign starts paused (it would spend at once); otherwise the campaign holds it back.
      const status = campaign.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE';
      const today = isoDate(ctx.now);
      const cr = await planCreative(
        ctx,
        format,
        args as CreativeArgs,
        status,
        campaign.name,
        campaign.start_date > today ? campaign.start_date : today,
      );
      const notes = [
        status === 'PAUSED'
          ? 'The campaign is ACTIVE, so the creative starts PAUSED: start it with resume_proads_creative.'
          : `The creative delivers once the campaign (${campaign.status}) is resumed with resume_proads_campaign.`,
      ];
      return {
        summary: `Add a ${FORMAT_WORD[format]} creative to "${campaign.name}" (${campaign.id})`,
        changes: cr.changes,
        notes,
        data: { campaign: { id: campaign.id, name: campaign.name, status: campaign.status }, creative: cr.planned },
      };
    },
    async apply(plan, _args, ctx) {
      const cr = await applyCreative(ctx, plan.data.creative, plan.data.campaign.id, 'creative');
      const created = [{ entity: 'creative', id: cr.id, name: cr.name, status: cr.status }];
      return {
        text: createdText(
          `Creative "${cr.name}" added to "${plan.data.campaign.name}"`,
          created,
          `${plan.notes?.[0] ?? ''} Compare it with its siblings after a week with analyze_proads_creative_performance.`,
        ),
        structured: { ad_account_id: ctx.account.account_id, changed: true, summary: plan.summary, created },
      };
    },
  });
}

export const addCreativeTools: ToolDefinition[] = [
  addCreativeTool(
    'SINGLE_IMAGE',
    'Adds an image sponsored-content creative (introductory text, headline, optional description and call to action, destination, image by asset_id or URL) to an existing proads single-image campaign. In an ACTIVE campaign it starts PAUSED (resume_proads_creative).',
  ),
  addCreativeTool(
    'TEXT_AD',
    'Adds a text ad (headline at most 25 characters, description at most 75, destination, optional 100 x 100 image) to an existing proads text campaign. In an ACTIVE campaign it starts PAUSED.',
  ),
  addCreativeTool(
    'VIDEO',
    'Adds a video creative (MP4 by asset_id or URL, headline, optional introductory text and call to action, destination) to an existing proads video campaign. In an ACTIVE campaign it starts PAUSED.',
  ),
  addCreativeTool(
    'CAROUSEL',
    'Adds a carousel creative (introductory text and 2-10 cards with image, headline of at most 45 characters and destination) to an existing proads carousel campaign. In an ACTIVE campaign it starts PAUSED.',
  ),
];

// ---- Clone.

interface CloneData {
  campaign: NewProAdsCampaign;
  creatives: Omit<NewProAdsCreative, 'campaign_id'>[];
  source: { id: string; name: string };
}

export const cloneCampaign = defineProAdsTool({
  name: 'clone_proads_campaign',
  description:
    'Duplicates a proads campaign with its targeting, bid, budget and (by default) its active and paused creatives, into the same or another campaign group, with optional overrides (name, daily budget, targeting, dates). The clone starts PAUSED; its history starts from zero. Start it with resume_proads_campaign.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_proads_campaigns>' }],
  args: {
    campaign_id: campaignIdArg(),
    name: v.optional(nameArg('Clone')),
    campaign_group_id: v.optional(groupIdArg()),
    daily_budget: v.optional(dailyBudgetArg()),
    targeting: v.optional(targetingArg()),
    start_date: optionalDate('First day of the clone, YYYY-MM-DD, today or later; default today'),
    end_date: optionalDate('Last day of the clone, YYYY-MM-DD'),
    include_creatives: v.optional(v.pipe(v.boolean(), v.description('Copy the active and paused creatives; default true')), true),
  },
  output: createdOutput,
  async plan(args, ctx): Promise<WritePlan<CloneData>> {
    const source = await findCampaign(ctx.platform, args.campaign_id);
    const c = await planCampaign(
      ctx,
      {
        campaign_group_id: args.campaign_group_id ?? source.campaign_group_id,
        name: args.name ?? `${source.name} (copy)`,
        objective_type: source.objective_type,
        daily_budget: args.daily_budget ?? source.daily_budget,
        total_budget: source.total_budget,
        cost_type: source.cost_type,
        unit_cost: source.unit_cost,
        bid_strategy: source.bid_strategy ?? 'MANUAL',
        targeting: args.targeting ?? source.targeting ?? { include: { locations: ['geo:us'] } },
        start_date: args.start_date,
        end_date: args.end_date,
      },
      source.format,
      'PAUSED',
    );
    const today = isoDate(ctx.now);
    const creatives = args.include_creatives
      ? (await ctx.platform.listCreatives())
          .filter((cr) => cr.campaign_id === source.id && (cr.status === 'ACTIVE' || cr.status === 'PAUSED'))
          .map(({ id: _id, campaign_id: _c, created_at: _at, review_status: _r, ...rest }) => ({
            ...rest,
            start_date: c.input.start_date > today ? c.input.start_date : today,
          }))
      : [];
    const changes: PlannedChange[] = [
      c.change,
      ...creatives.map((cr) => ({
        action: 'create' as const,
        entity: 'creative',
        name: cr.name,
        fields: { status: { after: cr.status }, headline: { after: cr.headline } },
        startsPaused: true,
      })),
    ];
    return {
      summary: `Clone campaign "${source.name}" as "${c.input.name}" (PAUSED) with ${creatives.length} creative(s)`,
      changes,
      budgets: c.budgets,
      notes: c.notes,
      data: { campaign: c.input, creatives, source: { id: source.id, name: source.name } },
    };
  },
  async apply(plan, _args, ctx) {
    const campaign = await ctx.step('campaign', () => ctx.platform.createCampaign(plan.data.campaign));
    const created: Created[] = [{ entity: 'campaign', id: campaign.id, name: campaign.name, status: campaign.status }];
    for (const [i, cr] of plan.data.creatives.entries()) {
      const made = await ctx.step(`creative:${i}`, () => ctx.platform.createCreative({ ...cr, campaign_id: campaign.id }));
      created.push({ entity: 'creative', id: made.id, name: made.name, status: made.status });
    }
    return {
      text: createdText(
        `"${plan.data.source.name}" cloned as "${campaign.name}" (PAUSED)`,
        created,
        `Start it with resume_proads_campaign (campaign_id ${campaign.id}).`,
      ),
      structured: { ad_account_id: ctx.account.account_id, changed: true, summary: plan.summary, created },
    };
  },
});

export const createTools: ToolDefinition[] = [
  createCampaignGroup,
  batchCreateCampaignGroups,
  addCampaignToGroup,
  ...createCampaignTools,
  ...addCreativeTools,
  cloneCampaign,
];
