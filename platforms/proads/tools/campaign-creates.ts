/**
 * Campaigns: a campaign of each format with its first creative (create_proads_<format>_campaign) and a
 * campaign alone in a group (add_proads_campaign_to_group), DRAFT or PAUSED, checkpointed step by step.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedBudget, PlannedChange, WritePlan } from '../../../core/plan';
import type { ToolContext, ToolDefinition } from '../../../core/tool';
import { isoDate } from '../../../core/dates';
import { money } from '../../../core/markdown';
import { defineProAdsTool } from '../define';
import type { NewProAdsCampaign, ProAdsCampaign, ProAdsFormat, ProAdsObjective, ProAdsPort, ProAdsTargeting } from '../port';
import {
  bidArg,
  bidStrategyArg,
  checkBudgets,
  checkSchedule,
  checkTargeting,
  costTypeArg,
  dailyBudgetArg,
  dailyEquivalent,
  findGroup,
  FORMAT_WORD,
  groupIdArg,
  nameArg,
  optionalDate,
  targetingArg,
  totalBudgetArg,
} from './common';
import { PROADS_FORMATS } from './select-campaign-type';
import { type Created, createdOutput, EXAMPLES, STOPPED_GROUPS } from './create-helpers';
import { createdText } from './campaign-group-creates';
import { applyCreative, CREATIVE_FORMATS, type CreativeArgs, mediaRule, planCreative, type PlannedCreative } from './creative-formats';

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

export async function planCampaign(ctx: ToolContext<ProAdsPort>, a: CampaignArgs, format: ProAdsFormat, status: 'DRAFT' | 'PAUSED') {
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
