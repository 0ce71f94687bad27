/** clone_proads_campaign: a copy of a campaign and its creatives, paused, in the same or another group. */
import * as v from 'valibot';
import type { PlannedChange, WritePlan } from '../../../core/plan';
import { isoDate } from '../../../core/dates';
import { defineProAdsTool } from '../define';
import type { NewProAdsCampaign, NewProAdsCreative } from '../port';
import { campaignIdArg, dailyBudgetArg, findCampaign, groupIdArg, nameArg, optionalDate, targetingArg } from './common';
import { type Created, createdOutput } from './create-helpers';
import { createdText } from './campaign-group-creates';
import { planCampaign } from './campaign-creates';

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
