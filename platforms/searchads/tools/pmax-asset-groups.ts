import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsAssetGroup, SearchAdsAssetGroupPatch } from '../port-pmax';
import { finalUrlArg, pathArg } from './ad-copy';
import { campaignIdArg } from './common';
import { FIELD_COUNTS, assetSetArgs, assetSetChanges, createAssetSet, planAssetSet } from './pmax-asset-set';
import { assetGroupIdArg, requireAssetGroup, requirePmaxCampaign } from './pmax-common';

/** Asset groups of Performance Max campaigns: list, add (with their assets), edit, remove. */

const groupOutput = v.object({
  id: v.string(),
  campaign_id: v.string(),
  name: v.string(),
  status: v.string(),
  final_urls: v.array(v.string()),
  path1: v.optional(v.string()),
  path2: v.optional(v.string()),
  ad_strength: v.optional(v.string()),
});

export const getPmaxAssetGroups = defineSearchAdsTool({
  name: 'get_pmax_asset_groups',
  description:
    'Lists the asset groups of a Performance Max campaign: status, final URL, display paths, ad strength and how many assets of each field type each holds. Removed asset groups only with include_removed.',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: {
    campaign_id: campaignIdArg('Performance Max campaign id from list_campaigns'),
    include_removed: v.optional(v.pipe(v.boolean(), v.description('Also list REMOVED asset groups (default false)')), false),
  },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    campaign_name: v.string(),
    asset_groups: v.array(v.object({ ...groupOutput.entries, asset_counts: v.record(v.string(), v.number()) })),
  }),
  async run(args, ctx) {
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    if (campaign.type !== 'PERFORMANCE_MAX')
      throw new ToolError(
        `Campaign "${campaign.name}" is a ${campaign.type} campaign; only Performance Max campaigns have asset groups (list_ad_groups lists ad groups).`,
      );
    const [groups, links] = await Promise.all([
      ctx.platform.listAssetGroups(campaign.id),
      ctx.platform.listAssetGroupAssets({ campaignId: campaign.id }),
    ]);
    const shown = groups.filter((g) => args.include_removed || g.status !== 'REMOVED');
    const rows = shown.map((g) => ({
      ...g,
      asset_counts: FIELD_COUNTS(links.filter((l) => l.asset_group_id === g.id && l.status !== 'REMOVED')),
    }));
    const text = [
      `## Asset groups of "${campaign.name}" (${campaign.status}): ${rows.length}`,
      '',
      rows.length
        ? markdownTable(
            ['Asset group', 'Id', 'Status', 'Final URL', 'Ad strength', 'Headlines', 'Descriptions', 'Images', 'Videos'],
            rows.map((g) => [
              g.name,
              g.id,
              g.status,
              g.final_urls[0],
              g.ad_strength,
              (g.asset_counts.HEADLINE ?? 0) + (g.asset_counts.LONG_HEADLINE ?? 0),
              g.asset_counts.DESCRIPTION ?? 0,
              (g.asset_counts.MARKETING_IMAGE ?? 0) +
                (g.asset_counts.SQUARE_MARKETING_IMAGE ?? 0) +
                (g.asset_counts.PORTRAIT_MARKETING_IMAGE ?? 0) +
                (g.asset_counts.LOGO ?? 0),
              g.asset_counts.YOUTUBE_VIDEO ?? 0,
            ]),
          )
        : 'The campaign has no asset group; add one with add_pmax_asset_group.',
      '',
      'list_pmax_asset_group_assets shows each asset; get_pmax_asset_performance their ratings.',
    ].join('\n');
    return {
      text,
      structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, campaign_name: campaign.name, asset_groups: rows },
    };
  },
});

export const addPmaxAssetGroup = defineSearchAdsTool({
  name: 'add_pmax_asset_group',
  description:
    'Adds an asset group to a Performance Max campaign with the assets the platform requires: 3-15 headlines (<= 30), 1-5 long headlines (<= 90), 2-5 descriptions (<= 90, one <= 60), a business name (<= 25), at least one landscape (1.91:1) and one square (1:1) image and a logo (1:1), from the library or a bundle of validate_and_prepare_assets; videos optional. The asset group starts PAUSED; identical library assets are reused.',
  access: 'write',
  examples: [
    {
      campaign_id: '<campaign_id from list_campaigns>',
      name: 'Example asset group',
      final_url: 'https://www.example.com/example',
      headlines: ['Example Boots', 'Example Returns', 'Example Gear'],
      long_headlines: ['Example boots tested on real trails'],
      descriptions: ['Example boots.', 'Example boots with free returns on every order over $50.'],
      business_name: 'Northwind Outdoor',
      images: [
        { asset_id: '<asset_id from discover_existing_assets>', field_type: 'MARKETING_IMAGE' },
        { asset_id: '<asset_id from discover_existing_assets>', field_type: 'SQUARE_MARKETING_IMAGE' },
        { asset_id: '<asset_id from discover_existing_assets>', field_type: 'LOGO' },
      ],
    },
  ],
  args: {
    campaign_id: campaignIdArg('Performance Max campaign id from list_campaigns'),
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(255),
      v.description('Asset group name, unique in the campaign'),
    ),
    final_url: finalUrlArg(),
    path1: pathArg(1),
    path2: pathArg(2),
    ...assetSetArgs(),
  },
  rules: [(a) => (a.path2 && !a.path1 ? '`path2` needs `path1`' : undefined)],
  output: v.object({ customer_id: v.string(), asset_group: groupOutput, assets_linked: v.number(), assets_created: v.number() }),
  async plan(args, ctx) {
    const campaign = await requirePmaxCampaign(ctx.platform, args.campaign_id);
    const groups = await ctx.platform.listAssetGroups(campaign.id);
    if (groups.some((g) => g.status !== 'REMOVED' && g.name.toLowerCase() === args.name.toLowerCase()))
      throw new ToolError(`Campaign "${campaign.name}" already has an asset group named "${args.name}"; names are unique in a campaign.`);
    const planned = await planAssetSet(args, ctx);
    return {
      summary: `Add asset group "${args.name}" (PAUSED) with ${planned.length} assets to "${campaign.name}"`,
      changes: [
        {
          action: 'create' as const,
          entity: 'asset_group',
          name: args.name,
          fields: { status: { after: 'PAUSED' }, final_urls: { after: [args.final_url] }, campaign: { after: campaign.name } },
          startsPaused: true,
        },
        ...assetSetChanges(planned, args.name),
      ],
      notes: ['The asset group starts PAUSED; update_pmax_asset_group with status ENABLED starts it.'],
      data: { campaign: { id: campaign.id, name: campaign.name }, planned },
    };
  },
  async apply(plan, args, ctx) {
    const { campaign, planned } = plan.data;
    const links = await createAssetSet(planned, ctx, 'assets');
    const group = await ctx.step('asset_group', () =>
      ctx.platform.createAssetGroup(
        {
          campaign_id: campaign.id,
          name: args.name,
          status: 'PAUSED',
          final_urls: [args.final_url],
          ...(args.path1 ? { path1: args.path1 } : {}),
          ...(args.path2 ? { path2: args.path2 } : {}),
        },
        links,
      ),
    );
    const created = planned.filter((p) => p.create).length;
    return {
      text: [
        `## Asset group "${group.name}" added to "${campaign.name}" (PAUSED)`,
        '',
        `Asset group ${group.id}: ${links.length} assets linked (${created} new in the library), ad strength ${group.ad_strength ?? 'PENDING'}.`,
        '',
        markdownTable(
          ['Field', 'Assets'],
          Object.entries(FIELD_COUNTS(links)).map(([f, n]) => [f, n]),
        ),
        '',
        'It serves once enabled: update_pmax_asset_group with status ENABLED.',
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, asset_group: group, assets_linked: links.length, assets_created: created },
    };
  },
});

export const updatePmaxAssetGroup = defineSearchAdsTool({
  name: 'update_pmax_asset_group',
  description:
    "Edits a Performance Max asset group's settings: name, status (ENABLED / PAUSED), final URL and display paths (an empty string clears a path). Only the fields given change; undo restores the previous values.",
  access: 'write',
  examples: [{ asset_group_id: '<asset_group_id from get_pmax_asset_groups>', path2: 'example' }],
  args: {
    asset_group_id: assetGroupIdArg(),
    name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(255),
        v.description('New name, unique in the campaign'),
      ),
    ),
    status: v.optional(v.pipe(v.picklist(['ENABLED', 'PAUSED']), v.description('ENABLED or PAUSED (remove_pmax_asset_group removes)'))),
    final_url: v.optional(finalUrlArg()),
    path1: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(15, 'must be at most 15 characters'),
        v.regex(/^[^\s/]*$/, 'must be one word without slashes'),
        v.description('Display path 1 (<= 15 characters; empty clears it)'),
      ),
    ),
    path2: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(15, 'must be at most 15 characters'),
        v.regex(/^[^\s/]*$/, 'must be one word without slashes'),
        v.description('Display path 2 (<= 15 characters; empty clears it)'),
      ),
    ),
  },
  rules: [
    (a) =>
      ['name', 'status', 'final_url', 'path1', 'path2'].some((k) => (a as Record<string, unknown>)[k] !== undefined)
        ? undefined
        : 'give at least one of `name`, `status`, `final_url`, `path1`, `path2`',
  ],
  output: v.object({ customer_id: v.string(), asset_group: groupOutput, changed: v.array(v.string()) }),
  async plan(args, ctx) {
    const { group, campaign } = await requireAssetGroup(ctx.platform, args.asset_group_id, ctx.account.account_id);
    const after: SearchAdsAssetGroupPatch = {};
    if (args.name !== undefined && args.name !== group.name) {
      const others = await ctx.platform.listAssetGroups(group.campaign_id);
      if (others.some((g) => g.id !== group.id && g.status !== 'REMOVED' && g.name.toLowerCase() === args.name!.toLowerCase()))
        throw new ToolError(`Campaign "${campaign.name}" already has an asset group named "${args.name}".`);
      after.name = args.name;
    }
    if (args.status !== undefined && args.status !== group.status) after.status = args.status;
    if (args.final_url !== undefined && args.final_url !== group.final_urls[0])
      after.final_urls = [args.final_url, ...group.final_urls.slice(1)];
    for (const p of ['path1', 'path2'] as const)
      if (args[p] !== undefined && (args[p] || undefined) !== group[p]) after[p] = args[p] || undefined;
    const path2After = 'path2' in after ? after.path2 : group.path2;
    const path1After = 'path1' in after ? after.path1 : group.path1;
    if (path2After && !path1After) throw new ToolError('`path2` needs `path1`: the display URL fills path 1 first.');
    const before = Object.fromEntries(Object.keys(after).map((k) => [k, group[k as keyof SearchAdsAssetGroup]]));
    const fields = Object.fromEntries(Object.entries(after).map(([k, value]) => [k, { before: before[k] ?? '', after: value ?? '' }]));
    const notes =
      after.status === 'ENABLED' && campaign.status !== 'ENABLED'
        ? [`Campaign "${campaign.name}" is ${campaign.status}; the asset group serves once it is resumed (resume_campaign).`]
        : [];
    return {
      summary: Object.keys(after).length
        ? `Update asset group "${group.name}": ${Object.keys(after).join(', ')}`
        : `Nothing to change: asset group "${group.name}" already has these values`,
      changes: Object.keys(after).length
        ? [{ action: 'update' as const, entity: 'asset_group', id: group.id, name: group.name, fields }]
        : [],
      notes,
      data: { group, after, before },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, after } = plan.data;
    const changed = Object.keys(after);
    const expect: Partial<SearchAdsAssetGroup> = { status: group.status, name: group.name };
    const updated = changed.length ? await ctx.step('update', () => ctx.platform.updateAssetGroup(group.id, after, expect)) : group;
    return {
      text: changed.length
        ? [
            `## Asset group "${updated.name}" updated`,
            '',
            markdownTable(
              ['Field', 'Before', 'After'],
              changed.map((k) => [k, String(plan.data.before[k] ?? ''), String((after as Record<string, unknown>)[k] ?? '')]),
            ),
            ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
          ].join('\n')
        : `## Nothing changed\n\nAsset group "${group.name}" already has these values.`,
      structured: { customer_id: ctx.account.account_id, asset_group: updated, changed },
    };
  },
  undo(plan) {
    const { group, before } = plan.data;
    const keys = Object.keys(before);
    if (!keys.length) return undefined;
    const args: Record<string, unknown> = { asset_group_id: group.id };
    for (const k of keys) args[k === 'final_urls' ? 'final_url' : k] = k === 'final_urls' ? (before[k] as string[])[0] : (before[k] ?? '');
    return { tool: 'update_pmax_asset_group', arguments: args };
  },
});

export const removePmaxAssetGroup = defineSearchAdsTool({
  name: 'remove_pmax_asset_group',
  description:
    'Removes an asset group from a Performance Max campaign for good (REMOVED is final: it never serves again; its assets stay in the library). A campaign keeps at least one asset group that is not removed. Use update_pmax_asset_group with status PAUSED to stop it reversibly.',
  access: 'write',
  examples: [{ asset_group_id: '<asset_group_id from get_pmax_asset_groups>' }],
  destructive: true,
  args: { asset_group_id: assetGroupIdArg() },
  output: v.object({
    customer_id: v.string(),
    asset_group_id: v.string(),
    name: v.string(),
    previous_status: v.string(),
    status: v.string(),
  }),
  async plan(args, ctx) {
    const { group, campaign } = await requireAssetGroup(ctx.platform, args.asset_group_id, ctx.account.account_id);
    const left = (await ctx.platform.listAssetGroups(campaign.id)).filter((g) => g.status !== 'REMOVED' && g.id !== group.id);
    if (!left.length)
      throw new ToolError(
        `Asset group "${group.name}" is the last one of campaign "${campaign.name}"; a Performance Max campaign needs one. Add another first (add_pmax_asset_group), or pause or remove the campaign (pause_campaign, remove_campaign).`,
      );
    return {
      summary: `Remove asset group "${group.name}" (${group.id}) from "${campaign.name}"`,
      changes: [
        {
          action: 'remove' as const,
          entity: 'asset_group',
          id: group.id,
          name: group.name,
          fields: { status: { before: group.status, after: 'REMOVED' } },
        },
      ],
      data: { group: { id: group.id, name: group.name, status: group.status }, campaign: campaign.name },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, campaign } = plan.data;
    await ctx.step('remove', () =>
      ctx.platform.updateAssetGroup(group.id, { status: 'REMOVED' }, { status: group.status }).then(() => true),
    );
    return {
      text: `## Asset group "${group.name}" removed from "${campaign}"\n\nRemoval is final; its assets stay in the library (discover_existing_assets) for reuse.`,
      structured: {
        customer_id: ctx.account.account_id,
        asset_group_id: group.id,
        name: group.name,
        previous_status: group.status,
        status: 'REMOVED',
      },
    };
  },
});
