/**
 * Duplication, built once: an ad group (into its own or another campaign) or a whole campaign is
 * copied with its ads, paused, one checkpointed step per created entity (a retry does not copy
 * twice). Copied ads are new ads: they go through creative review again.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedBudget, PlannedChange } from '../../../core/plan';
import { markdownTable } from '../../../core/markdown';
import { defineShortVideoTool } from '../define';
import type { ShortVideoAd, ShortVideoAdGroup, ShortVideoCampaign, ShortVideoPort } from '../port';
import { formatDateTime } from '../schemas';
import { numericId, plannedBudget } from './shared';

type AdCopy = Omit<ShortVideoAd, 'id' | 'adgroup_id' | 'campaign_id' | 'create_time'>;
type GroupCopy = { adGroup: Omit<ShortVideoAdGroup, 'id' | 'campaign_id' | 'create_time'>; ads: AdCopy[] };

const withoutIds = <T extends { id: string }>({ id: _id, ...rest }: T) => rest;

/** The copy of an ad group with its live ads, for `target`: paused, scheduled from now, reviewed again. */
async function copyOfGroup(
  platform: ShortVideoPort,
  group: ShortVideoAdGroup,
  target: ShortVideoCampaign,
  name: string,
  now: Date,
  paused: boolean,
): Promise<GroupCopy> {
  if (group.schedule_end_time && Date.parse(group.schedule_end_time.replace(' ', 'T') + 'Z') <= now.getTime()) {
    throw new ToolError(
      `Ad group "${group.adgroup_name}" (${group.id}) ended at ${group.schedule_end_time}; a copy would end before it starts. Create a new one with add_shortvideo_ad_group.`,
    );
  }
  const { campaign_id: _c, create_time: _t, modify_time: _m, ...settings } = withoutIds(group);
  let budget: Pick<ShortVideoAdGroup, 'budget_mode' | 'budget'> = { budget_mode: group.budget_mode, budget: group.budget };
  if (target.budget_optimize_on) budget = { budget_mode: 'BUDGET_MODE_INFINITE', budget: undefined };
  else if (group.budget_mode === 'BUDGET_MODE_INFINITE') {
    throw new ToolError(
      `Ad group "${group.adgroup_name}" shares its campaign's budget; campaign "${target.campaign_name}" has no campaign budget optimization, so the copy needs a budget of its own: add one with add_shortvideo_ad_group instead.`,
    );
  }
  const ads = (await platform.listAds()).filter((a) => a.adgroup_id === group.id && a.status !== 'DELETED');
  return {
    adGroup: {
      ...settings,
      ...budget,
      adgroup_name: name,
      status: paused ? 'DISABLED' : group.status,
      schedule_start_time: formatDateTime(now),
    },
    ads: ads.map((a) => {
      const { adgroup_id: _g, campaign_id: _cc, create_time: _ct, ...ad } = withoutIds(a);
      return { ...ad, review_status: 'IN_REVIEW' as const };
    }),
  };
}

const changesOf = (copy: GroupCopy, startsPaused: boolean): PlannedChange[] => [
  {
    action: 'create',
    entity: 'ad_group',
    name: copy.adGroup.adgroup_name,
    fields: {
      status: { after: copy.adGroup.status },
      budget_mode: { after: copy.adGroup.budget_mode },
      ...(copy.adGroup.budget !== undefined ? { budget: { after: copy.adGroup.budget } } : {}),
    },
    startsPaused,
  },
  ...copy.ads.map((a) => ({
    action: 'create' as const,
    entity: 'ad',
    name: a.ad_name,
    fields: { ad_format: { after: a.ad_format }, status: { after: a.status } },
    startsPaused: true,
  })),
];

/** Creates the ad group and its ads, one step each. */
async function createGroupCopy(
  ctx: { platform: ShortVideoPort; step<T>(name: string, run: () => Promise<T>): Promise<T>; now: Date },
  copy: GroupCopy,
  campaignId: string,
  key: string,
) {
  const group = await ctx.step(`ad_group:${key}`, async () => ({
    id: (await ctx.platform.createAdGroup({ ...copy.adGroup, campaign_id: campaignId, create_time: ctx.now.toISOString() })).id,
  }));
  const ads: string[] = [];
  for (const [i, ad] of copy.ads.entries()) {
    ads.push(
      await ctx.step(
        `ad:${key}:${i}`,
        async () =>
          (await ctx.platform.createAd({ ...ad, adgroup_id: group.id, campaign_id: campaignId, create_time: ctx.now.toISOString() })).id,
      ),
    );
  }
  return { adgroup_id: group.id, ad_ids: ads };
}

const budgetLine = (copy: GroupCopy, currency: string): PlannedBudget[] =>
  copy.adGroup.budget_mode === 'BUDGET_MODE_INFINITE'
    ? []
    : plannedBudget(
        'ad_group',
        { name: copy.adGroup.adgroup_name },
        undefined,
        { mode: copy.adGroup.budget_mode, amount: copy.adGroup.budget },
        currency,
      ).budgets;

export const duplicateShortVideoAdGroup = defineShortVideoTool({
  name: 'duplicate_shortvideo_ad_group',
  description:
    'Copies a shortvideo ad group with its targeting, bidding, budget and ads, into the same or another campaign of the advertiser. The copy starts DISABLED (resume it with resume_shortvideo_ad_group); its ads are new and go through creative review. ' +
    'Under campaign budget optimization the copy shares the campaign budget.',
  access: 'write',
  examples: [{ adgroup_id: '<adgroup_id from list_shortvideo_ad_groups>' }],
  args: {
    adgroup_id: numericId('ad group', 'list_shortvideo_ad_groups'),
    campaign_id: v.optional(numericId('campaign', 'list_shortvideo_campaigns')),
    adgroup_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(512),
        v.description('Name of the copy; default "<name> (copy)"'),
      ),
    ),
  },
  output: v.object({
    advertiser_id: v.string(),
    source_adgroup_id: v.string(),
    adgroup_id: v.string(),
    campaign_id: v.string(),
    ad_ids: v.array(v.string()),
    status: v.string(),
  }),
  async plan(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.adgroup_id);
    if (group.status === 'DELETED') throw new ToolError(`Ad group "${group.adgroup_name}" (${group.id}) is deleted and cannot be copied.`);
    const target = await ctx.platform.getCampaign(args.campaign_id ?? group.campaign_id);
    if (target.status === 'DELETED')
      throw new ToolError(`Campaign "${target.campaign_name}" (${target.id}) is deleted; copy into another campaign.`);
    const source = await ctx.platform.getCampaign(group.campaign_id);
    if (source.objective_type !== target.objective_type)
      throw new ToolError(
        `\`campaign_id\`: campaign "${target.campaign_name}" is ${target.objective_type}; the ad group optimizes for ${source.objective_type}. Copy it into a campaign of the same objective.`,
      );
    const copy = await copyOfGroup(ctx.platform, group, target, args.adgroup_name ?? `${group.adgroup_name} (copy)`, ctx.now, true);
    return {
      summary: `Copy ad group "${group.adgroup_name}" with ${copy.ads.length} ads into campaign "${target.campaign_name}"`,
      changes: changesOf(copy, true),
      budgets: budgetLine(copy, ctx.account.currency),
      notes: copy.ads.length
        ? ['The copied ads go through creative review again (up to 24 hours).']
        : ['The ad group has no ads; add some with add_shortvideo_ad.'],
      data: { source: group.id, campaign_id: target.id, copy },
    };
  },
  async apply(plan, _args, ctx) {
    const made = await createGroupCopy(ctx, plan.data.copy, plan.data.campaign_id, plan.data.source);
    const text = [
      `## Ad group copied: "${plan.data.copy.adGroup.adgroup_name}"`,
      '',
      markdownTable(
        ['Copy', 'Id', 'Status'],
        [
          ['Ad group', made.adgroup_id, 'DISABLED'],
          ...made.ad_ids.map((id, i) => [`Ad "${plan.data.copy.ads[i]!.ad_name}"`, id, `${plan.data.copy.ads[i]!.status}, IN_REVIEW`]),
        ],
      ),
      '',
      `Start it with resume_shortvideo_ad_group (adgroup_id ${made.adgroup_id}); change it first with update_shortvideo_ad_group.`,
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        source_adgroup_id: plan.data.source,
        adgroup_id: made.adgroup_id,
        campaign_id: plan.data.campaign_id,
        ad_ids: made.ad_ids,
        status: 'DISABLED',
      },
    };
  },
});

export const duplicateShortVideoCampaign = defineShortVideoTool({
  name: 'duplicate_shortvideo_campaign',
  description:
    'Copies a shortvideo campaign with its budget, ad groups and ads. The copy starts PAUSED (resume it with resume_shortvideo_campaign); the ad groups keep their status under it and the ads go through creative review. Ended ad groups are not copied.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_shortvideo_campaigns>' }],
  args: {
    campaign_id: numericId('campaign', 'list_shortvideo_campaigns'),
    campaign_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(512),
        v.description('Name of the copy; default "<name> (copy)"'),
      ),
    ),
  },
  output: v.object({
    advertiser_id: v.string(),
    source_campaign_id: v.string(),
    campaign_id: v.string(),
    ad_groups: v.array(v.object({ adgroup_id: v.string(), ad_ids: v.array(v.string()) })),
    status: v.string(),
  }),
  async plan(args, ctx) {
    const c = await ctx.platform.getCampaign(args.campaign_id);
    if (c.status === 'DELETED') throw new ToolError(`Campaign "${c.campaign_name}" (${c.id}) is deleted and cannot be copied.`);
    const name = args.campaign_name ?? `${c.campaign_name} (copy)`;
    const { create_time: _t, start_date: _s, ...settings } = withoutIds(c);
    const campaign = { ...settings, campaign_name: name, status: 'PAUSED' as const };
    const groups = (await ctx.platform.listAdGroups()).filter((g) => g.campaign_id === c.id && g.status !== 'DELETED');
    const copies: GroupCopy[] = [];
    const skipped: string[] = [];
    for (const g of groups) {
      try {
        copies.push(await copyOfGroup(ctx.platform, g, c, g.adgroup_name, ctx.now, false));
      } catch (err) {
        if (err instanceof ToolError) skipped.push(`${g.adgroup_name}: ${err.message}`);
        else throw err;
      }
    }
    const cur = ctx.account.currency;
    const campaignBudget =
      c.budget_mode === 'BUDGET_MODE_INFINITE'
        ? []
        : plannedBudget('campaign', { name }, undefined, { mode: c.budget_mode, amount: c.budget }, cur).budgets;
    return {
      summary: `Copy campaign "${c.campaign_name}" with ${copies.length} ad groups, paused`,
      changes: [
        {
          action: 'create' as const,
          entity: 'campaign',
          name,
          fields: {
            objective_type: { after: c.objective_type },
            status: { after: 'PAUSED' },
            budget_mode: { after: c.budget_mode },
            budget: { after: c.budget },
          },
          startsPaused: true,
        },
        ...copies.flatMap((copy) => changesOf(copy, true)),
      ],
      budgets: [...campaignBudget, ...copies.flatMap((copy) => budgetLine(copy, cur))],
      notes: [...skipped.map((s) => `Not copied: ${s}`), 'The copied ads go through creative review again (up to 24 hours).'],
      data: { source: c.id, campaign, copies },
    };
  },
  async apply(plan, _args, ctx) {
    const created = await ctx.step('campaign', async () => ({
      id: (
        await ctx.platform.createCampaign({
          ...plan.data.campaign,
          create_time: ctx.now.toISOString(),
          start_date: ctx.now.toISOString().slice(0, 10),
        })
      ).id,
    }));
    const groups = [];
    for (const [i, copy] of plan.data.copies.entries()) groups.push(await createGroupCopy(ctx, copy, created.id, String(i)));
    const text = [
      `## Campaign copied: "${plan.data.campaign.campaign_name}" (PAUSED)`,
      '',
      markdownTable(
        ['Ad group', 'Id', 'Ads'],
        groups.map((g, i) => [plan.data.copies[i]!.adGroup.adgroup_name, g.adgroup_id, String(g.ad_ids.length)]),
      ),
      ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
      '',
      `Nothing spends until you start it with resume_shortvideo_campaign (campaign_id ${created.id}).`,
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        source_campaign_id: plan.data.source,
        campaign_id: created.id,
        ad_groups: groups,
        status: 'PAUSED',
      },
    };
  },
});
