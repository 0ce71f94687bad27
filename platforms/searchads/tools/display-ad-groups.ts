import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { atLeastOne } from '../../../core/argument-rules';
import { markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsPort } from '../port';
import { adGroupIdArg, campaignIdArg } from './common';
import { requireDisplayAdGroup, requireDisplayCampaign, imageLibrary, videoLibrary } from './display-common';
import { DISPLAY_READ_SURFACES, SURFACES, surfaceOf } from './display-criteria';

/** Display ad groups: create, edit, and read one with its bidding, status and targeting. */

export const displayGroupName = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(255, 'must be at most 255 characters'),
  v.description('Ad group name, unique in its campaign'),
);
export const displayCpcBid = v.pipe(
  v.number(),
  v.minValue(0.01, 'must be at least 0.01'),
  v.maxValue(1000, 'must be at most 1000'),
  v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must be in whole cents'),
  v.description('Default max CPC in account currency (used by MANUAL_CPC campaigns; a ceiling or ignored under automated bidding)'),
);

/** Refuses a name another live ad group of the campaign has (the platform refuses duplicates). */
export async function refuseDuplicateGroupName(port: SearchAdsPort, campaignId: string, name: string, exceptId?: string): Promise<void> {
  const same = (await port.listAdGroups(campaignId)).find(
    (g) => g.id !== exceptId && g.status !== 'REMOVED' && g.name.toLowerCase() === name.toLowerCase(),
  );
  if (same)
    throw new ToolError(
      `Campaign ${campaignId} already has an ad group named "${same.name}" (${same.id}); ad group names are unique within a campaign.`,
    );
}

const groupOutput = v.object({
  customer_id: v.string(),
  ad_group_id: v.string(),
  campaign_id: v.string(),
  name: v.string(),
  status: v.string(),
  cpc_bid: v.number(),
});

export const addDisplayAdGroup = defineSearchAdsTool({
  name: 'add_display_ad_group',
  description:
    'Adds an ad group to a Display campaign, with its name and default max CPC. It starts PAUSED unless status ENABLED is asked for (and the owner allows creates that spend). Then give it ads (add_display_ad) and targeting (add_display_placements, add_display_topics, add_display_audiences, add_display_keywords, update_display_demographics). Ad schedules and frequency caps belong to the campaign: update_display_campaign_schedule, update_display_frequency_caps.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', name: 'Example display group', cpc_bid: 0.75 }],
  args: {
    campaign_id: campaignIdArg('Display campaign id from list_campaigns'),
    name: displayGroupName,
    cpc_bid: v.optional(displayCpcBid, 1),
    status: v.optional(v.pipe(v.picklist(['PAUSED', 'ENABLED']), v.description('PAUSED (default) or ENABLED')), 'PAUSED'),
  },
  output: groupOutput,
  async plan(args, ctx) {
    const campaign = await requireDisplayCampaign(ctx.platform, args.campaign_id, 'add_display_ad_group', true);
    await refuseDuplicateGroupName(ctx.platform, campaign.id, args.name);
    const status = ctx.createPaused ? 'PAUSED' : args.status;
    return {
      summary: `Create display ad group "${args.name}" (${status}) in campaign "${campaign.name}"`,
      changes: [
        {
          action: 'create' as const,
          entity: 'ad_group',
          name: args.name,
          fields: { campaign_id: { after: campaign.id }, cpc_bid: { after: args.cpc_bid }, status: { after: status } },
          startsPaused: status === 'PAUSED',
        },
      ],
      notes:
        campaign.status !== 'ENABLED'
          ? [`Campaign "${campaign.name}" is ${campaign.status}: nothing in it serves until it is resumed.`]
          : [],
      data: { campaign: { id: campaign.id, name: campaign.name }, status },
    };
  },
  async apply(plan, args, ctx) {
    const { campaign, status } = plan.data;
    const group = await ctx.step('ad_group', () =>
      ctx.platform.createAdGroup({ campaign_id: campaign.id, name: args.name, status, type: 'DISPLAY_STANDARD', cpc_bid: args.cpc_bid }),
    );
    return {
      text: [
        `## Display ad group "${group.name}" (${group.id}) created in "${campaign.name}"`,
        '',
        `Status ${group.status}, default max CPC ${money(group.cpc_bid, ctx.account.currency)}.`,
        '',
        'Next: add_display_ad for its ads, then targeting (add_display_placements, add_display_topics, add_display_audiences, add_display_keywords); update_display_ad_group enables it.',
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        ad_group_id: group.id,
        campaign_id: campaign.id,
        name: group.name,
        status: group.status,
        cpc_bid: group.cpc_bid,
      },
    };
  },
});

export const updateDisplayAdGroup = defineSearchAdsTool({
  name: 'update_display_ad_group',
  description:
    'Edits an ad group of a Display campaign: its name, default max CPC and/or status (ENABLED or PAUSED). Fields left out stay. Removed ad groups cannot change (remove_display_ad_group removes one).',
  access: 'write',
  examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', name: 'Outdoor Interests (example)' }],
  args: {
    ad_group_id: adGroupIdArg('Display ad group id from list_ad_groups'),
    name: v.optional(displayGroupName),
    cpc_bid: v.optional(displayCpcBid),
    status: v.optional(v.pipe(v.picklist(['ENABLED', 'PAUSED']), v.description('ENABLED or PAUSED'))),
  },
  schemaRules: [atLeastOne('name', 'cpc_bid', 'status')],
  output: v.object({
    customer_id: v.string(),
    ad_group_id: v.string(),
    changed: v.array(v.string()),
    before: v.record(v.string(), v.unknown()),
    after: v.record(v.string(), v.unknown()),
  }),
  async plan(args, ctx) {
    const { group, campaign } = await requireDisplayAdGroup(ctx.platform, args.ad_group_id, 'update_display_ad_group', true);
    if (args.name !== undefined && args.name !== group.name) await refuseDuplicateGroupName(ctx.platform, campaign.id, args.name, group.id);
    const fields: Record<string, { before: unknown; after: unknown }> = {};
    for (const f of ['name', 'cpc_bid', 'status'] as const)
      if (args[f] !== undefined && args[f] !== group[f]) fields[f] = { before: group[f], after: args[f] };
    const notes: string[] = [];
    if (fields.cpc_bid && campaign.bidding_strategy && campaign.bidding_strategy !== 'MANUAL_CPC')
      notes.push(`The campaign bids with ${campaign.bidding_strategy}: the ad group's max CPC does not set what it pays.`);
    if (fields.status?.after === 'ENABLED' && campaign.status !== 'ENABLED')
      notes.push(`Campaign "${campaign.name}" is ${campaign.status}: the ad group serves once it is resumed.`);
    return {
      summary: Object.keys(fields).length
        ? `Change ${Object.keys(fields).join(', ')} of display ad group "${group.name}" (${group.id})`
        : `Ad group "${group.name}" already has these settings; nothing changes`,
      changes: Object.keys(fields).length
        ? [{ action: 'update' as const, entity: 'ad_group', id: group.id, name: group.name, fields }]
        : [],
      notes,
      data: { group_id: group.id, status: group.status, fields },
    };
  },
  async apply(plan, _args, ctx) {
    const { group_id, status, fields } = plan.data;
    const changed = Object.keys(fields);
    const before = Object.fromEntries(changed.map((f) => [f, fields[f]!.before]));
    if (!changed.length)
      return {
        text: `## Ad group ${group_id} unchanged\n\nIt already has these settings.`,
        structured: { customer_id: ctx.account.account_id, ad_group_id: group_id, changed, before, after: before },
      };
    const updated = await ctx.platform.updateAdGroup(group_id, Object.fromEntries(changed.map((f) => [f, fields[f]!.after])), {
      status: status as 'ENABLED' | 'PAUSED',
    });
    const after = Object.fromEntries(changed.map((f) => [f, updated[f as 'name' | 'cpc_bid' | 'status']]));
    return {
      text: [
        `## Display ad group ${group_id} updated`,
        '',
        markdownTable(
          ['Setting', 'Before', 'After'],
          changed.map((f) => [f, String(before[f]), String(after[f])]),
        ),
        ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, ad_group_id: group_id, changed, before, after },
    };
  },
  undo(plan, args) {
    const { fields } = plan.data;
    if (!Object.keys(fields).length) return undefined;
    return {
      tool: 'update_display_ad_group',
      arguments: { ad_group_id: args.ad_group_id, ...Object.fromEntries(Object.entries(fields).map(([f, c]) => [f, c.before])) },
    };
  },
});

const surfaceCount = v.object({ targeted: v.number(), excluded: v.number() });

export const getDisplayAdGroupSettings = defineSearchAdsTool({
  name: 'get_display_ad_group_settings',
  description:
    "Shows a Display ad group's settings: status, default max CPC and the campaign's bidding strategy, audience targeting mode and frequency caps, how many placements, topics, audiences, contextual keywords and demographic exclusions it has, its ads, and the account's image and video libraries (ids add_display_ad takes).",
  access: 'read',
  examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>' }],
  args: { ad_group_id: adGroupIdArg('Display ad group id from list_ad_groups') },
  output: v.object({
    customer_id: v.string(),
    ad_group: v.object({ id: v.string(), name: v.string(), status: v.string(), type: v.string(), cpc_bid: v.number() }),
    campaign: v.object({
      id: v.string(),
      name: v.string(),
      status: v.string(),
      bidding_strategy: v.optional(v.string()),
      audience_targeting_mode: v.optional(v.string()),
      frequency_caps: v.number(),
    }),
    targeting: v.object({
      placements: surfaceCount,
      topics: surfaceCount,
      audiences: surfaceCount,
      keywords: surfaceCount,
      demographics: surfaceCount,
    }),
    ads: v.array(v.object({ id: v.string(), status: v.string(), type: v.string(), headline: v.string() })),
    images: v.array(v.object({ id: v.string(), name: v.string(), width: v.number(), height: v.number() })),
    videos: v.array(v.object({ id: v.string(), name: v.string(), video_id: v.string() })),
  }),
  async run(args, ctx) {
    const { group, campaign } = await requireDisplayAdGroup(ctx.platform, args.ad_group_id, 'get_display_ad_group_settings');
    const [criteria, ads, images, videos] = await Promise.all([
      ctx.platform.listAdGroupCriteria(group.id),
      ctx.platform.listAds(campaign.id),
      imageLibrary(ctx.platform),
      videoLibrary(ctx.platform),
    ]);
    const targeting = Object.fromEntries(
      DISPLAY_READ_SURFACES.map((s) => {
        const of = criteria.filter((c) => surfaceOf(c.type) === s);
        return [s, { targeted: of.filter((c) => !c.negative).length, excluded: of.filter((c) => c.negative).length }];
      }),
    ) as Record<(typeof DISPLAY_READ_SURFACES)[number], { targeted: number; excluded: number }>;
    const groupAds = ads
      .filter((a) => a.ad_group_id === group.id)
      .map((a) => ({ id: a.id, status: a.status, type: a.type, headline: a.headlines[0] ?? '' }));
    const bidUsed = !campaign.bidding_strategy || campaign.bidding_strategy === 'MANUAL_CPC';
    const text = [
      `## Display ad group "${group.name}" (${group.id})`,
      '',
      `- Status: ${group.status}; campaign "${campaign.name}" (${campaign.id}) is ${campaign.status}`,
      `- Bidding: campaign strategy ${campaign.bidding_strategy ?? 'unknown'}; ad group default max CPC ${money(group.cpc_bid, ctx.account.currency)}${bidUsed ? '' : ' (not what it pays under automated bidding)'}`,
      `- Audience targeting mode: ${campaign.audience_targeting_mode ?? 'OBSERVATION'}; frequency caps: ${campaign.frequency_caps?.length ?? 0} (get_display_frequency_caps)`,
      '',
      markdownTable(
        ['Surface', 'Targeted', 'Excluded', 'Details'],
        DISPLAY_READ_SURFACES.map((s) => [s, targeting[s].targeted, targeting[s].excluded, SURFACES[s].readTool]),
      ),
      '',
      groupAds.length
        ? markdownTable(
            ['Ad', 'Type', 'Status', 'Headline'],
            groupAds.map((a) => [a.id, a.type, a.status, a.headline]),
          )
        : 'No ads yet: add_display_ad creates one.',
      '',
      `**Image library** (${images.length}): ${images.map((i) => `${i.id} ${i.name} (${i.width}x${i.height})`).join('; ') || 'empty'}`,
      `**Video library** (${videos.length}): ${videos.map((x) => `${x.id} ${x.name}`).join('; ') || 'empty'}`,
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        ad_group: { id: group.id, name: group.name, status: group.status, type: group.type, cpc_bid: group.cpc_bid },
        campaign: {
          id: campaign.id,
          name: campaign.name,
          status: campaign.status,
          ...(campaign.bidding_strategy ? { bidding_strategy: campaign.bidding_strategy } : {}),
          ...(campaign.audience_targeting_mode ? { audience_targeting_mode: campaign.audience_targeting_mode } : {}),
          frequency_caps: campaign.frequency_caps?.length ?? 0,
        },
        targeting,
        ads: groupAds,
        images: images.map((i) => ({ id: i.id, name: i.name, width: i.width, height: i.height })),
        videos: videos.map((x) => ({ id: x.id, name: x.name, video_id: x.video_id })),
      },
    };
  },
});
