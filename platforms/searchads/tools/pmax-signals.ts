import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolDefinition } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { MAX_SEARCH_THEMES, SEARCH_THEME_MAX_LENGTH } from '../pmax-rules';
import type { SearchAdsAssetGroupSignal } from '../port-pmax';
import { campaignIdArg } from './common';
import {
  anySegmentRule,
  assetGroupIdArg,
  requireAssetGroup,
  resolveSegments,
  segmentArgs,
  signalResourceName,
  targetAssetGroups,
} from './pmax-common';

/**
 * Signals of Performance Max asset groups (`asset_group_signal`): audience signals (an audience of
 * in-market, affinity, custom and user list segments) and search themes. The two readers are one
 * row each of the same tool; adding and removing differ (an audience is named by its resource,
 * a theme by its text).
 */

type SignalType = SearchAdsAssetGroupSignal['type'];

const signalOutput = v.object({
  resource_name: v.string(),
  asset_group_id: v.string(),
  asset_group_name: v.string(),
  type: v.string(),
  approval_status: v.string(),
  search_theme: v.optional(v.string()),
  audience: v.optional(
    v.object({
      resource_name: v.string(),
      name: v.string(),
      segments: v.array(v.object({ type: v.string(), id: v.string(), name: v.string() })),
    }),
  ),
});

interface ReadRow {
  name: string;
  type: SignalType;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
}

export function signalListTool(row: ReadRow): ToolDefinition {
  return defineSearchAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'read',
    args: {
      campaign_id: campaignIdArg('Performance Max campaign id from list_campaigns'),
      asset_group_id: v.optional(assetGroupIdArg('Only this asset group (default every asset group of the campaign)')),
    },
    output: v.object({ customer_id: v.string(), campaign_id: v.string(), campaign_name: v.string(), signals: v.array(signalOutput) }),
    async run(args, ctx) {
      const cid = ctx.account.account_id;
      const campaign = await ctx.platform.getCampaign(args.campaign_id);
      if (campaign.type !== 'PERFORMANCE_MAX')
        throw new ToolError(`Campaign "${campaign.name}" is a ${campaign.type} campaign; signals belong to Performance Max asset groups.`);
      const groups = await ctx.platform.listAssetGroups(campaign.id);
      const groupId = args.asset_group_id ? args.asset_group_id.replace(/^.*\//, '') : undefined;
      if (groupId && !groups.some((g) => g.id === groupId))
        throw new ToolError(`Campaign "${campaign.name}" has no asset group ${groupId}; get_pmax_asset_groups lists them.`, {
          code: 'not_found',
        });
      const all = await ctx.platform.listAssetGroupSignals(groupId ? { assetGroupId: groupId } : { campaignId: campaign.id });
      const groupName = (id: string) => groups.find((g) => g.id === id)?.name ?? id;
      const signals = all
        .filter((s) => s.type === row.type && groups.find((g) => g.id === s.asset_group_id)?.status !== 'REMOVED')
        .map((s) => ({
          resource_name: signalResourceName(cid, s.id),
          asset_group_id: s.asset_group_id,
          asset_group_name: groupName(s.asset_group_id),
          type: s.type,
          approval_status: s.approval_status,
          ...(s.search_theme ? { search_theme: s.search_theme } : {}),
          ...(s.audience ? { audience: s.audience } : {}),
        }));
      const text =
        row.type === 'SEARCH_THEME'
          ? [
              `## Search themes of "${campaign.name}": ${signals.length}`,
              '',
              signals.length
                ? markdownTable(
                    ['Search theme', 'Asset group', 'Approval'],
                    signals.map((s) => [s.search_theme, s.asset_group_name, s.approval_status]),
                  )
                : 'No search themes; add_pmax_search_themes adds up to 50 per asset group.',
              ...(signals.some((s) => s.approval_status === 'DISAPPROVED' || s.approval_status === 'LIMITED')
                ? [
                    '',
                    'Disapproved or limited themes are not used; replace them with remove_pmax_search_themes and add_pmax_search_themes.',
                  ]
                : []),
            ].join('\n')
          : [
              `## Audience signals of "${campaign.name}": ${signals.length}`,
              '',
              signals.length
                ? markdownTable(
                    ['Audience', 'Segments', 'Asset group', 'Resource name'],
                    signals.map((s) => [
                      s.audience!.name,
                      s.audience!.segments.map((g) => `${g.name} (${g.type})`).join(', '),
                      s.asset_group_name,
                      s.resource_name,
                    ]),
                  )
                : 'No audience signals; add_pmax_audience_signal adds one.',
            ].join('\n');
      return { text, structured: { customer_id: cid, campaign_id: campaign.id, campaign_name: campaign.name, signals } };
    },
  });
}

export const SIGNAL_LIST_TOOLS: ReadRow[] = [
  {
    name: 'get_pmax_audience_signals',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
    type: 'AUDIENCE',
    description:
      "Lists the audience signals on a Performance Max campaign's asset groups: each audience with its segments (in-market, affinity, custom audiences, user lists) and the resource name remove_pmax_audience_signal takes.",
  },
  {
    name: 'get_pmax_search_themes',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
    type: 'SEARCH_THEME',
    description:
      "Lists the search themes on a Performance Max campaign's asset groups with their approval status (APPROVED, LIMITED, DISAPPROVED, UNDER_REVIEW).",
  },
];

export const addPmaxAudienceSignal = defineSearchAdsTool({
  name: 'add_pmax_audience_signal',
  description:
    'Attaches an audience signal to a Performance Max campaign: an audience of in-market, affinity, custom audience and user list segments (ids from search_audiences) that guides the platform toward likely converters. Added to one asset group, or to every asset group of the campaign.',
  access: 'write',
  examples: [
    {
      campaign_id: '<campaign_id from list_campaigns>',
      asset_group_id: '<asset_group_id from get_pmax_asset_groups>',
      name: 'Example audience',
      affinity_audiences: ['92001'],
    },
  ],
  args: {
    campaign_id: campaignIdArg('Performance Max campaign id from list_campaigns'),
    asset_group_id: v.optional(assetGroupIdArg('Only this asset group (default every asset group of the campaign that is not removed)')),
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(255),
      v.description('Name of the audience, e.g. "Past buyers and hikers"'),
    ),
    ...segmentArgs(),
  },
  rules: [anySegmentRule],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    added: v.array(v.object({ asset_group_id: v.string(), resource_name: v.string() })),
    segments: v.array(v.object({ type: v.string(), id: v.string(), name: v.string() })),
  }),
  async plan(args, ctx) {
    const cid = ctx.account.account_id;
    const { campaign, groups } = await targetAssetGroups(ctx.platform, cid, args.campaign_id, args.asset_group_id);
    const segments = await resolveSegments(ctx.platform, args);
    const existing = await ctx.platform.listAssetGroupSignals({ campaignId: campaign.id });
    const sameName = existing.filter(
      (s) =>
        s.type === 'AUDIENCE' &&
        s.audience?.name.toLowerCase() === args.name.toLowerCase() &&
        groups.some((g) => g.id === s.asset_group_id),
    );
    if (sameName.length)
      throw new ToolError(
        `Asset group(s) ${[...new Set(sameName.map((s) => s.asset_group_id))].join(', ')} already have an audience signal named "${args.name}"; choose another name or remove it first (remove_pmax_audience_signal).`,
      );
    return {
      summary: `Add audience signal "${args.name}" (${segments.length} segment(s)) to ${groups.length} asset group(s) of "${campaign.name}"`,
      changes: groups.map((g) => ({
        action: 'create' as const,
        entity: 'asset_group_signal',
        name: args.name,
        fields: { asset_group: { after: g.name }, segments: { after: segments.map((s) => `${s.name} (${s.type})`) } },
        startsPaused: true,
      })),
      notes: ['A signal guides delivery; it does not restrict who sees the ads.'],
      data: { campaign: { id: campaign.id, name: campaign.name }, groups: groups.map((g) => ({ id: g.id, name: g.name })), segments },
    };
  },
  async apply(plan, args, ctx) {
    const { campaign, groups, segments } = plan.data;
    const added = await ctx.step('signals', () =>
      ctx.platform.addAssetGroupSignals(
        groups.map((g) => ({ asset_group_id: g.id, type: 'AUDIENCE' as const, audience: { name: args.name, segments } })),
      ),
    );
    const rows = added.map((s) => ({ asset_group_id: s.asset_group_id, resource_name: signalResourceName(ctx.account.account_id, s.id) }));
    return {
      text: [
        `## Audience signal "${args.name}" added to "${campaign.name}"`,
        '',
        markdownTable(
          ['Asset group', 'Resource name'],
          rows.map((r) => [groups.find((g) => g.id === r.asset_group_id)?.name, r.resource_name]),
        ),
        '',
        `Segments: ${segments.map((s) => `${s.name} (${s.type})`).join(', ')}.`,
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, added: rows, segments },
    };
  },
});

export const removePmaxAudienceSignal = defineSearchAdsTool({
  name: 'remove_pmax_audience_signal',
  description:
    'Removes audience signals from a Performance Max campaign by resource name (customers/<id>/assetGroupSignals/<asset group>~<criterion>, as get_pmax_audience_signals shows them). The audience itself stays in the account.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', resource_names: ['<resource_name from get_pmax_audience_signals>'] }],
  destructive: true,
  args: {
    campaign_id: campaignIdArg('Performance Max campaign id from list_campaigns'),
    resource_names: v.pipe(
      v.array(
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(
            /^customers\/\d+\/assetGroupSignals\/\d+~\d+$/,
            'must be an asset group signal resource name from get_pmax_audience_signals',
          ),
        ),
      ),
      v.minLength(1, 'must list at least one signal'),
      v.maxLength(50),
      v.description('Resource names from get_pmax_audience_signals'),
    ),
  },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    removed: v.array(v.object({ resource_name: v.string(), name: v.string(), asset_group_id: v.string() })),
  }),
  async plan(args, ctx) {
    const cid = ctx.account.account_id;
    const { campaign } = await targetAssetGroups(ctx.platform, cid, args.campaign_id);
    const signals = (await ctx.platform.listAssetGroupSignals({ campaignId: campaign.id })).filter((s) => s.type === 'AUDIENCE');
    const targets: SearchAdsAssetGroupSignal[] = [];
    for (const name of new Set(args.resource_names)) {
      const [, owner, id] = /^customers\/(\d+)\/assetGroupSignals\/(.+)$/.exec(name)!;
      if (owner !== cid) throw new ToolError(`"${name}" belongs to customer ${owner}, not to the selected account ${cid}.`);
      const found = signals.find((s) => s.id === id);
      if (!found)
        throw new ToolError(`Campaign "${campaign.name}" has no audience signal "${name}"; get_pmax_audience_signals lists them.`, {
          code: 'not_found',
        });
      targets.push(found);
    }
    return {
      summary: `Remove ${targets.length} audience signal(s) from "${campaign.name}"`,
      changes: targets.map((s) => ({
        action: 'remove' as const,
        entity: 'asset_group_signal',
        id: s.id,
        name: s.audience?.name,
        fields: {},
      })),
      data: {
        campaign: { id: campaign.id, name: campaign.name },
        targets: targets.map((s) => ({ id: s.id, name: s.audience?.name ?? '', asset_group_id: s.asset_group_id })),
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, targets } = plan.data;
    await ctx.step('remove', () => ctx.platform.removeAssetGroupSignals(targets.map((t) => t.id)).then(() => true));
    const removed = targets.map((t) => ({
      resource_name: signalResourceName(ctx.account.account_id, t.id),
      name: t.name,
      asset_group_id: t.asset_group_id,
    }));
    return {
      text: [
        `## ${removed.length} audience signal(s) removed from "${campaign.name}"`,
        '',
        markdownTable(
          ['Audience', 'Asset group', 'Resource name'],
          removed.map((r) => [r.name, r.asset_group_id, r.resource_name]),
        ),
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, removed },
    };
  },
});

const themeText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(SEARCH_THEME_MAX_LENGTH, `must be at most ${SEARCH_THEME_MAX_LENGTH} characters`),
);

export const addPmaxSearchThemes = defineSearchAdsTool({
  name: 'add_pmax_search_themes',
  description: `Adds search themes (what people search for, at most ${SEARCH_THEME_MAX_LENGTH} characters each) to a Performance Max asset group as hints for the platform; at most ${MAX_SEARCH_THEMES} per asset group. Themes already there are skipped; new ones are reviewed (UNDER_REVIEW) before they are used.`,
  access: 'write',
  examples: [{ asset_group_id: '<asset_group_id from get_pmax_asset_groups>', themes: ['example theme'] }],
  args: {
    asset_group_id: assetGroupIdArg(),
    themes: v.pipe(
      v.array(themeText),
      v.minLength(1, 'must list at least one theme'),
      v.maxLength(MAX_SEARCH_THEMES, `must list at most ${MAX_SEARCH_THEMES} themes`),
      v.description(`1-${MAX_SEARCH_THEMES} search themes`),
    ),
  },
  output: v.object({
    customer_id: v.string(),
    asset_group_id: v.string(),
    results: v.array(
      v.object({
        theme: v.string(),
        result: v.picklist(['added', 'skipped']),
        reason: v.optional(v.string()),
        resource_name: v.optional(v.string()),
      }),
    ),
    total: v.number(),
  }),
  async plan(args, ctx) {
    const { group, campaign } = await requireAssetGroup(ctx.platform, args.asset_group_id, ctx.account.account_id);
    const existing = (await ctx.platform.listAssetGroupSignals({ assetGroupId: group.id })).filter((s) => s.type === 'SEARCH_THEME');
    const results: { theme: string; result: 'added' | 'skipped'; reason?: string }[] = [];
    for (const theme of args.themes) {
      const lower = theme.toLowerCase();
      if (existing.some((s) => s.search_theme?.toLowerCase() === lower))
        results.push({ theme, result: 'skipped', reason: 'already on the asset group' });
      else if (results.some((r) => r.theme.toLowerCase() === lower)) results.push({ theme, result: 'skipped', reason: 'listed twice' });
      else results.push({ theme, result: 'added' });
    }
    const adding = results.filter((r) => r.result === 'added');
    if (existing.length + adding.length > MAX_SEARCH_THEMES)
      throw new ToolError(
        `Asset group "${group.name}" has ${existing.length} search themes; adding ${adding.length} would pass the platform's limit of ${MAX_SEARCH_THEMES}. Remove some first (remove_pmax_search_themes).`,
      );
    return {
      summary: adding.length
        ? `Add ${adding.length} search theme(s) to asset group "${group.name}"`
        : `Nothing to add: every theme is already on asset group "${group.name}"`,
      changes: adding.map((r) => ({
        action: 'create' as const,
        entity: 'asset_group_signal',
        name: r.theme,
        fields: { search_theme: { after: r.theme }, asset_group: { after: group.name } },
        startsPaused: true,
      })),
      notes: results.filter((r) => r.result === 'skipped').map((r) => `"${r.theme}": ${r.reason}.`),
      data: { group: { id: group.id, name: group.name }, campaign_id: campaign.id, results, existing: existing.length },
    };
  },
  undo(plan) {
    const themes = plan.data.results.filter((r) => r.result === 'added').map((r) => r.theme);
    return themes.length
      ? { tool: 'remove_pmax_search_themes', arguments: { campaign_id: plan.data.campaign_id, asset_group_id: plan.data.group.id, themes } }
      : undefined;
  },
  async apply(plan, _args, ctx) {
    const { group, results, existing } = plan.data;
    const adding = results.filter((r) => r.result === 'added');
    const added = adding.length
      ? await ctx.step('themes', () =>
          ctx.platform.addAssetGroupSignals(
            adding.map((r) => ({ asset_group_id: group.id, type: 'SEARCH_THEME' as const, search_theme: r.theme })),
          ),
        )
      : [];
    const out = results.map((r) => {
      const made = added.find((s) => s.search_theme?.toLowerCase() === r.theme.toLowerCase());
      return r.result === 'added' && made ? { ...r, resource_name: signalResourceName(ctx.account.account_id, made.id) } : r;
    });
    const total = existing + adding.length;
    return {
      text: [
        `## ${adding.length} search theme(s) added to asset group "${group.name}"`,
        '',
        markdownTable(
          ['Theme', 'Result'],
          out.map((r) => [r.theme, r.reason ? `${r.result} (${r.reason})` : r.result]),
        ),
        '',
        `${total} of ${MAX_SEARCH_THEMES} themes on the asset group; new themes are UNDER_REVIEW until approved (get_pmax_search_themes).`,
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, asset_group_id: group.id, results: out, total },
    };
  },
});

export const removePmaxSearchThemes = defineSearchAdsTool({
  name: 'remove_pmax_search_themes',
  description:
    'Removes named search themes from a Performance Max campaign: from every asset group that has them, or from one asset group. Each theme must be on the campaign (get_pmax_search_themes lists them).',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', themes: ['backpacking gear'] }],
  destructive: true,
  args: {
    campaign_id: campaignIdArg('Performance Max campaign id from list_campaigns'),
    asset_group_id: v.optional(assetGroupIdArg('Only from this asset group (default every asset group of the campaign)')),
    themes: v.pipe(
      v.array(themeText),
      v.minLength(1, 'must list at least one theme'),
      v.maxLength(MAX_SEARCH_THEMES),
      v.description('The theme texts to remove (case-insensitive)'),
    ),
  },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    removed: v.array(v.object({ theme: v.string(), asset_group_id: v.string() })),
  }),
  async plan(args, ctx) {
    const cid = ctx.account.account_id;
    const { campaign, groups } = await targetAssetGroups(ctx.platform, cid, args.campaign_id, args.asset_group_id);
    const themes = (await ctx.platform.listAssetGroupSignals({ campaignId: campaign.id })).filter(
      (s) => s.type === 'SEARCH_THEME' && groups.some((g) => g.id === s.asset_group_id),
    );
    const wanted = [...new Set(args.themes.map((t) => t.toLowerCase()))];
    const missing = wanted.filter((t) => !themes.some((s) => s.search_theme?.toLowerCase() === t));
    if (missing.length)
      throw new ToolError(
        `${args.asset_group_id ? 'The asset group' : `Campaign "${campaign.name}"`} has no search theme ${missing.map((m) => `"${m}"`).join(', ')}; get_pmax_search_themes lists its themes.`,
        { code: 'not_found' },
      );
    const targets = themes.filter((s) => wanted.includes(s.search_theme!.toLowerCase()));
    const groupName = (id: string) => groups.find((g) => g.id === id)?.name ?? id;
    return {
      summary: `Remove ${wanted.length} search theme(s) from ${new Set(targets.map((t) => t.asset_group_id)).size} asset group(s) of "${campaign.name}"`,
      changes: targets.map((s) => ({
        action: 'remove' as const,
        entity: 'asset_group_signal',
        id: s.id,
        name: s.search_theme,
        fields: { asset_group: { before: groupName(s.asset_group_id), after: null } },
      })),
      data: {
        campaign: { id: campaign.id, name: campaign.name },
        targets: targets.map((s) => ({ id: s.id, theme: s.search_theme!, asset_group_id: s.asset_group_id })),
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, targets } = plan.data;
    await ctx.step('remove', () => ctx.platform.removeAssetGroupSignals(targets.map((t) => t.id)).then(() => true));
    const removed = targets.map((t) => ({ theme: t.theme, asset_group_id: t.asset_group_id }));
    return {
      text: [
        `## ${removed.length} search theme(s) removed from "${campaign.name}"`,
        '',
        markdownTable(
          ['Theme', 'Asset group'],
          removed.map((r) => [r.theme, r.asset_group_id]),
        ),
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, removed },
    };
  },
});
