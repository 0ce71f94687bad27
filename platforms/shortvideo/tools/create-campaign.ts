/**
 * create_shortvideo_campaign: a paused in-feed campaign with an image, Spark or carousel ad, in
 * three checkpointed steps (campaign, ad group, ad). Video campaigns have their own tool
 * (create_shortvideo_video_campaign, which also uploads the video).
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable, money } from '../../../core/markdown';
import { defineShortVideoTool } from '../define';
import type { ShortVideoAd, ShortVideoAdGroup, ShortVideoCampaign } from '../port';
import { adGroupArgs, adGroupRules, buildAdGroup, type AdGroupArgs } from './ad-groups';
import { checkCreative, creativeArgs, creativeRules, type CreativeInput } from './creative';
import { MIN_BUDGET, plannedBudget, requireMinimumBudget } from './shared';

const OBJECTIVES = ['TRAFFIC', 'WEB_CONVERSIONS', 'LEAD_GENERATION', 'REACH', 'VIDEO_VIEWS'] as const;
const FORMATS = ['SINGLE_IMAGE', 'SPARK_AD', 'CAROUSEL_ADS'] as const;
const { adgroup_name: _name, budget: _budget, budget_mode: _mode, ...targeting } = adGroupArgs;

interface Data {
  campaign: Omit<ShortVideoCampaign, 'id' | 'create_time' | 'start_date'>;
  adGroup: Omit<ShortVideoAdGroup, 'id' | 'campaign_id'>;
  ad: Omit<ShortVideoAd, 'id' | 'adgroup_id' | 'campaign_id' | 'review_status' | 'create_time'>;
}

export const createShortVideoCampaign = defineShortVideoTool({
  name: 'create_shortvideo_campaign',
  description:
    'Creates a shortvideo in-feed campaign with an image (SINGLE_IMAGE), Spark (an organic post promoted, SPARK_AD) or carousel (CAROUSEL_ADS) ad in one call: campaign, ad group and ad, created PAUSED ' +
    `(nothing spends until resume_shortvideo_campaign). Daily campaign budget at least ${MIN_BUDGET.campaign}. If it fails part-way, a retry with the same arguments resumes without duplicates. For a video ad from a URL use create_shortvideo_video_campaign.`,
  access: 'write',
  examples: [
    {
      campaign_name: 'Example image',
      ad_format: 'SINGLE_IMAGE',
      image_id: '<image_id from discover_shortvideo_assets>',
      ad_text: 'Gear that goes further on every trail',
      display_name: 'Northwind Outdoor',
      landing_page_url: 'https://www.example.com/trail',
    },
  ],
  args: {
    campaign_name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(512, 'must be at most 512 characters'),
      v.description('Campaign name (the ad group and ad are named after it)'),
    ),
    objective: v.optional(
      v.pipe(
        v.picklist(OBJECTIVES),
        v.description(`${OBJECTIVES.join(', ')} (default TRAFFIC); explain_shortvideo_objective maps a goal to one`),
      ),
      'TRAFFIC',
    ),
    budget_daily: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01, 'must be greater than 0'),
        v.description(`Daily campaign budget, at least ${MIN_BUDGET.campaign}; default ${MIN_BUDGET.campaign}`),
      ),
    ),
    ...targeting,
    ...creativeArgs(FORMATS),
  },
  rules: [
    (a) =>
      adGroupRules.flatMap((rule) => rule({ ...a, adgroup_name: a.campaign_name, budget_mode: 'BUDGET_MODE_DAY' } as AdGroupArgs) || []),
    (a) => creativeRules(a as unknown as CreativeInput),
  ],
  output: v.object({
    advertiser_id: v.string(),
    campaign_id: v.string(),
    adgroup_id: v.string(),
    ad_id: v.string(),
    campaign_status: v.string(),
    ad_format: v.string(),
    review_status: v.string(),
  }),
  async plan(args, ctx) {
    const cur = ctx.account.currency;
    const budget = args.budget_daily ?? MIN_BUDGET.campaign;
    requireMinimumBudget('campaign', 'budget_daily', 'BUDGET_MODE_DAY', budget, cur);
    const campaign: Data['campaign'] = {
      campaign_name: args.campaign_name,
      objective_type: args.objective,
      status: 'PAUSED',
      budget_mode: 'BUDGET_MODE_DAY',
      budget,
      budget_optimize_on: true,
    };
    // The ad group shares the campaign budget (campaign budget optimization).
    const draft = { ...campaign, id: 'new', create_time: ctx.now.toISOString(), start_date: ctx.now.toISOString().slice(0, 10) };
    const placements =
      args.ad_format === 'SINGLE_IMAGE' && !args.placements && args.placement_type !== 'PLACEMENT_TYPE_AUTOMATIC'
        ? (['PLACEMENT_PARTNERNET', 'PLACEMENT_GLOBAL_APP_BUNDLE'] as const)
        : args.placements;
    const built = await buildAdGroup(
      ctx.platform,
      draft,
      {
        ...args,
        placements: placements ? [...placements] : undefined,
        adgroup_name: `${args.campaign_name} - Ad group`,
        budget: undefined,
        budget_mode: 'BUDGET_MODE_DAY',
      },
      ctx.now,
      cur,
      'ENABLED',
    );
    const { campaign_id: _c, ...adGroup } = built.adGroup;
    const checked = await checkCreative(
      ctx.platform,
      args as unknown as CreativeInput,
      {
        id: 'new',
        adgroup_name: adGroup.adgroup_name,
        placement_type: adGroup.placement_type,
        placements: adGroup.placements,
        creative_material_mode: 'CUSTOM',
      },
      draft,
    );
    if (checked.problems.length)
      throw new ToolError(`Nothing was created: ${checked.problems.join('; ')}.`, { problems: checked.problems });
    const ad: Data['ad'] = {
      ...checked.ad,
      ad_name: args.ad_name ?? `${args.campaign_name} - ${args.ad_format.toLowerCase().replace('_', ' ')}`,
      status: 'ENABLED',
    };
    const line = plannedBudget('campaign', { name: args.campaign_name }, undefined, { mode: 'BUDGET_MODE_DAY', amount: budget }, cur);
    const notes = [
      ...built.notes,
      ...checked.notes,
      ...(args.budget_daily === undefined ? [`No budget was given: ${money(budget, cur)} a day applies.`] : []),
    ];
    if (args.ad_format === 'SINGLE_IMAGE' && !args.placements)
      notes.push('Image ads do not run in the in-feed placement alone: the ad group uses the partner network and app bundle placements.');
    return {
      summary: `Create paused ${args.objective} campaign "${args.campaign_name}" with a ${args.ad_format} ad`,
      changes: [
        {
          action: 'create' as const,
          entity: 'campaign',
          name: args.campaign_name,
          fields: {
            objective_type: { after: args.objective },
            status: { after: 'PAUSED' },
            budget: { after: budget },
            budget_mode: { after: 'BUDGET_MODE_DAY' },
          },
          startsPaused: true,
        },
        {
          action: 'create' as const,
          entity: 'ad_group',
          name: adGroup.adgroup_name,
          fields: {
            optimization_goal: { after: adGroup.optimization_goal },
            location_ids: { after: adGroup.location_ids },
            placements: { after: adGroup.placements ?? 'automatic' },
          },
          startsPaused: true,
        },
        {
          action: 'create' as const,
          entity: 'ad',
          name: ad.ad_name,
          fields: Object.fromEntries(Object.entries(checked.ad).map(([k, after]) => [k, { after }])),
          startsPaused: true,
        },
      ],
      budgets: line.budgets,
      notes,
      data: { campaign, adGroup, ad } as Data,
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, adGroup, ad } = plan.data;
    const c = await ctx.step('campaign', async () => {
      const created = await ctx.platform.createCampaign({
        ...campaign,
        create_time: ctx.now.toISOString(),
        start_date: ctx.now.toISOString().slice(0, 10),
      });
      return { id: created.id, status: created.status };
    });
    const g = await ctx.step('ad_group', async () => ({ id: (await ctx.platform.createAdGroup({ ...adGroup, campaign_id: c.id })).id }));
    const a = await ctx.step('ad', async () => {
      const created = await ctx.platform.createAd({
        ...ad,
        adgroup_id: g.id,
        campaign_id: c.id,
        review_status: 'IN_REVIEW',
        create_time: ctx.now.toISOString(),
      });
      return { id: created.id, review_status: created.review_status };
    });
    const cur = ctx.account.currency;
    const text = [
      `## Campaign "${campaign.campaign_name}" created, PAUSED`,
      '',
      markdownTable(
        ['Item', 'Id', 'Details'],
        [
          ['Campaign', c.id, `${campaign.objective_type}, ${money(campaign.budget, cur)} daily, PAUSED`],
          [
            'Ad group',
            g.id,
            `${adGroup.optimization_goal}, ${adGroup.placements?.join(', ') ?? 'automatic placements'}, locations ${adGroup.location_ids.join(', ')}`,
          ],
          ['Ad', a.id, `${ad.ad_format}, review ${a.review_status}`],
        ],
      ),
      ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
      '',
      `Nothing spends until you start it with resume_shortvideo_campaign (campaign_id ${c.id}); the ad is reviewed within 24 hours.`,
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        campaign_id: c.id,
        adgroup_id: g.id,
        ad_id: a.id,
        campaign_status: c.status,
        ad_format: ad.ad_format,
        review_status: a.review_status,
      },
    };
  },
  undo() {
    return undefined;
  },
});
