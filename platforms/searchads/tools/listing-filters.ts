import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { ListingDimension, NewSearchAdsListingGroupFilter, SearchAdsListingGroupFilter } from '../port-pmax';
import { campaignIdArg } from './common';
import { assetGroupIdArg, requireAssetGroup } from './pmax-common';

/**
 * Listing group filters of retail Performance Max asset groups (`asset_group_listing_group_filter`):
 * the tree that says which products of the feed an asset group advertises. This gateway writes
 * one level: a root that splits the feed on one product dimension into the values shown
 * (UNIT_INCLUDED) and everything else (UNIT_EXCLUDED), or the other way round.
 */

const DIMENSIONS = ['BRAND', 'CATEGORY', 'ITEM_ID', 'CUSTOM_ATTRIBUTE', 'CONDITION'] as const;
const CONDITIONS = ['NEW', 'USED', 'REFURBISHED'];

const filterOutput = v.object({
  id: v.string(),
  type: v.string(),
  parent_id: v.optional(v.string()),
  dimension: v.optional(v.string()),
  value: v.optional(v.string()),
  index: v.optional(v.number()),
  description: v.string(),
});

const describe = (f: SearchAdsListingGroupFilter): string => {
  if (!f.case_value) return f.type === 'SUBDIVISION' ? 'All products, split' : f.type === 'UNIT_INCLUDED' ? 'All products' : 'No products';
  const what =
    f.case_value.value === undefined
      ? `every other ${f.case_value.dimension.toLowerCase().replace('_', ' ')}`
      : `${f.case_value.dimension.toLowerCase().replace('_', ' ')} ${f.case_value.value}`;
  return `${f.type === 'UNIT_EXCLUDED' ? 'Exclude' : f.type === 'UNIT_INCLUDED' ? 'Include' : 'Split'} ${what}`;
};

const shown = (f: SearchAdsListingGroupFilter) => ({
  id: f.id,
  type: f.type,
  ...(f.parent_id ? { parent_id: f.parent_id } : {}),
  ...(f.case_value
    ? {
        dimension: f.case_value.dimension,
        ...(f.case_value.value !== undefined ? { value: f.case_value.value } : {}),
        ...(f.case_value.index !== undefined ? { index: f.case_value.index } : {}),
      }
    : {}),
  description: describe(f),
});

/** In words: which products the tree advertises. */
function summary(tree: SearchAdsListingGroupFilter[]): string {
  if (!tree.length) return 'No listing group filter: the asset group uses the whole feed where the campaign has one.';
  const root = tree.find((f) => !f.parent_id)!;
  if (root.type !== 'SUBDIVISION')
    return root.type === 'UNIT_INCLUDED' ? 'Every product of the feed is advertised.' : 'No product is advertised.';
  const children = tree.filter((f) => f.parent_id === root.id);
  const others = children.find((c) => c.case_value?.value === undefined);
  const values = children.filter((c) => c !== others);
  const dimension = (others?.case_value?.dimension ?? values[0]?.case_value?.dimension ?? 'BRAND').toLowerCase().replace('_', ' ');
  const included = values
    .filter((c) => c.type === 'UNIT_INCLUDED')
    .map((c) => c.case_value!.value!)
    .sort();
  const excluded = values
    .filter((c) => c.type === 'UNIT_EXCLUDED')
    .map((c) => c.case_value!.value!)
    .sort();
  return others?.type === 'UNIT_EXCLUDED'
    ? `Only products whose ${dimension} is ${included.join(', ') || '(none)'} are advertised.`
    : `Every product except those whose ${dimension} is ${excluded.join(', ') || '(none)'} is advertised.`;
}

export const getAssetGroupListingFilters = defineSearchAdsTool({
  name: 'get_asset_group_listing_filters',
  description:
    'Shows the product-feed listing filters of a retail Performance Max asset group (or of every asset group of a campaign): the tree of subdivisions and included / excluded products by brand, category, item id, custom attribute or condition, and in words which products are advertised.',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: {
    asset_group_id: v.optional(assetGroupIdArg('Asset group id from get_pmax_asset_groups; or give campaign_id')),
    campaign_id: v.optional(campaignIdArg('Performance Max campaign id: every asset group of it')),
  },
  rules: [
    (a) => (Boolean(a.asset_group_id) === Boolean(a.campaign_id) ? 'give exactly one of `asset_group_id` or `campaign_id`' : undefined),
  ],
  output: v.object({
    customer_id: v.string(),
    asset_groups: v.array(v.object({ asset_group_id: v.string(), name: v.string(), summary: v.string(), filters: v.array(filterOutput) })),
  }),
  async run(args, ctx) {
    const cid = ctx.account.account_id;
    let groups;
    if (args.asset_group_id) groups = [(await requireAssetGroup(ctx.platform, args.asset_group_id, cid, { allowRemoved: true })).group];
    else {
      const campaign = await ctx.platform.getCampaign(args.campaign_id!);
      if (campaign.type !== 'PERFORMANCE_MAX')
        throw new ToolError(
          `Campaign "${campaign.name}" is a ${campaign.type} campaign; listing filters belong to Performance Max asset groups.`,
        );
      groups = (await ctx.platform.listAssetGroups(campaign.id)).filter((g) => g.status !== 'REMOVED');
    }
    const out = [];
    for (const g of groups) {
      const tree = await ctx.platform.listListingGroupFilters(g.id);
      out.push({ asset_group_id: g.id, name: g.name, summary: summary(tree), filters: tree.map(shown) });
    }
    const text = out
      .map((g) =>
        [
          `## Listing filters of asset group "${g.name}" (${g.asset_group_id})`,
          '',
          g.summary,
          '',
          g.filters.length
            ? markdownTable(
                ['Filter', 'Id', 'Type'],
                g.filters.map((f) => [`${f.parent_id ? '  - ' : ''}${f.description}`, f.id, f.type]),
              )
            : '',
        ].join('\n'),
      )
      .join('\n\n');
    return { text: text || 'No asset groups.', structured: { customer_id: cid, asset_groups: out } };
  },
});

export const addAssetGroupListingFilter = defineSearchAdsTool({
  name: 'add_asset_group_listing_filter',
  description:
    'Restricts a retail Performance Max asset group to a subset of the product feed: INCLUDE advertises only products whose brand, category, item id, custom attribute (index 0-4) or condition is one of the values; EXCLUDE advertises all but those. Values can be added later to the same split; a split on another dimension must be removed first (remove_asset_group_listing_filter).',
  access: 'write',
  examples: [{ asset_group_id: '<asset_group_id from get_pmax_asset_groups>', dimension: 'BRAND', values: ['Example Brand'] }],
  args: {
    asset_group_id: assetGroupIdArg(),
    dimension: v.pipe(v.picklist(DIMENSIONS), v.description(`Product dimension: ${DIMENSIONS.join(', ')}`)),
    values: v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(100, 'must be at most 100 characters'))),
      v.minLength(1, 'must list at least one value'),
      v.maxLength(100, 'must list at most 100 values'),
      v.description('Values of the dimension (brand names, category ids, item ids, attribute values, or NEW / USED / REFURBISHED)'),
    ),
    mode: v.optional(
      v.pipe(v.picklist(['INCLUDE', 'EXCLUDE']), v.description('INCLUDE (default): only these; EXCLUDE: everything but these')),
      'INCLUDE',
    ),
    custom_attribute_index: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(4), v.description('CUSTOM_ATTRIBUTE: which custom label, 0-4')),
    ),
  },
  rules: [
    (a) =>
      a.dimension === 'CUSTOM_ATTRIBUTE' && a.custom_attribute_index === undefined
        ? '`custom_attribute_index` is required with dimension CUSTOM_ATTRIBUTE'
        : undefined,
    (a) =>
      a.dimension !== 'CUSTOM_ATTRIBUTE' && a.custom_attribute_index !== undefined
        ? '`custom_attribute_index` goes with dimension CUSTOM_ATTRIBUTE'
        : undefined,
    (a) =>
      a.dimension === 'CONDITION' && a.values.some((x) => !CONDITIONS.includes(x))
        ? `\`values\` of CONDITION are ${CONDITIONS.join(', ')}`
        : undefined,
    (a) =>
      a.dimension === 'CATEGORY' && a.values.some((x) => !/^\d+$/.test(x))
        ? '`values` of CATEGORY are numeric product category ids'
        : undefined,
  ],
  output: v.object({
    customer_id: v.string(),
    asset_group_id: v.string(),
    summary: v.string(),
    added: v.array(v.string()),
    skipped: v.array(v.string()),
  }),
  async plan(args, ctx) {
    const { group } = await requireAssetGroup(ctx.platform, args.asset_group_id, ctx.account.account_id);
    const tree = await ctx.platform.listListingGroupFilters(group.id);
    const unit = args.mode === 'INCLUDE' ? 'UNIT_INCLUDED' : 'UNIT_EXCLUDED';
    const othersUnit = args.mode === 'INCLUDE' ? 'UNIT_EXCLUDED' : 'UNIT_INCLUDED';
    const dimension = args.dimension as ListingDimension;
    const index = args.custom_attribute_index;
    const caseOf = (value?: string) => ({
      dimension,
      ...(value !== undefined ? { value } : {}),
      ...(index !== undefined ? { index } : {}),
    });
    const root = tree.find((f) => !f.parent_id);
    const values = [...new Map(args.values.map((x) => [x.toLowerCase(), x])).values()];
    let remove: string[] = [];
    let create: NewSearchAdsListingGroupFilter[];
    let skipped: string[] = [];
    if (!root || root.type !== 'SUBDIVISION') {
      remove = root ? [root.id] : [];
      create = [
        { type: 'SUBDIVISION' },
        ...values.map((value) => ({ type: unit, parent_id: '-1', case_value: caseOf(value) }) as NewSearchAdsListingGroupFilter),
        { type: othersUnit, parent_id: '-1', case_value: caseOf() },
      ];
    } else {
      const children = tree.filter((f) => f.parent_id === root.id);
      const others = children.find((c) => c.case_value?.value === undefined);
      if (children.some((c) => c.type === 'SUBDIVISION'))
        throw new ToolError(
          `Asset group "${group.name}" has a listing tree deeper than one split; edit it in the platform's interface, or remove the root filter first (remove_asset_group_listing_filter).`,
        );
      if (others?.case_value?.dimension !== dimension || (others.case_value.index ?? undefined) !== index)
        throw new ToolError(
          `Asset group "${group.name}" is split by ${others?.case_value?.dimension ?? 'another dimension'}; remove that split first (remove_asset_group_listing_filter with the root filter ${root.id}), then add the ${dimension} filter.`,
        );
      if (others.type !== othersUnit)
        throw new ToolError(
          `Asset group "${group.name}" ${others.type === 'UNIT_EXCLUDED' ? 'includes only listed values' : 'excludes listed values'}; mode ${args.mode} would mix both. Use mode ${args.mode === 'INCLUDE' ? 'EXCLUDE' : 'INCLUDE'} or remove the split first.`,
        );
      skipped = values.filter((x) => children.some((c) => c.case_value?.value?.toLowerCase() === x.toLowerCase()));
      create = values.filter((x) => !skipped.includes(x)).map((value) => ({ type: unit, parent_id: root.id, case_value: caseOf(value) }));
    }
    const added = create.filter((c) => c.case_value?.value !== undefined).map((c) => c.case_value!.value!);
    return {
      summary: added.length
        ? `${args.mode === 'INCLUDE' ? 'Include' : 'Exclude'} ${dimension} ${added.join(', ')} in asset group "${group.name}"`
        : `Nothing to add: asset group "${group.name}" already has these values`,
      changes: [
        ...remove.map((id) => ({ action: 'remove' as const, entity: 'listing_group_filter', id, name: 'All products', fields: {} })),
        ...create.map((c) => ({
          action: 'create' as const,
          entity: 'listing_group_filter',
          name: c.case_value ? (c.case_value.value ?? `every other ${dimension}`) : 'root',
          fields: { type: { after: c.type } },
          startsPaused: true,
        })),
      ],
      notes: skipped.map((x) => `${x}: already in the filter.`),
      data: { group: { id: group.id, name: group.name }, remove, create, added, skipped },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, remove, create, added, skipped } = plan.data;
    if (create.length || remove.length)
      await ctx.step('filters', () => ctx.platform.mutateListingGroupFilters(group.id, { remove, create }).then(() => true));
    const text = summary(await ctx.platform.listListingGroupFilters(group.id));
    return {
      text: [
        `## Listing filter of asset group "${group.name}" updated`,
        '',
        text,
        ...(skipped.length ? ['', `Already there: ${skipped.join(', ')}.`] : []),
        '',
        'get_asset_group_listing_filters shows the whole tree.',
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, asset_group_id: group.id, summary: text, added, skipped },
    };
  },
});

export const removeAssetGroupListingFilter = defineSearchAdsTool({
  name: 'remove_asset_group_listing_filter',
  description:
    'Deletes listing filters from a retail Performance Max asset group by filter id (get_asset_group_listing_filters): a value leaves the split; removing the root, or the last value, puts the asset group back on every product of the feed. The "everything else" node of a split cannot be removed on its own.',
  access: 'write',
  examples: [
    { asset_group_id: '<asset_group_id from get_pmax_asset_groups>', filter_ids: ['<filter_id from get_asset_group_listing_filters>'] },
  ],
  destructive: true,
  args: {
    asset_group_id: assetGroupIdArg(),
    filter_ids: v.pipe(
      v.array(
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(/^\d+~\d+$/, 'must be a filter id as get_asset_group_listing_filters shows it (<asset group>~<filter>)'),
        ),
      ),
      v.minLength(1),
      v.maxLength(100),
      v.description('Filter ids from get_asset_group_listing_filters'),
    ),
  },
  output: v.object({ customer_id: v.string(), asset_group_id: v.string(), removed: v.array(v.string()), summary: v.string() }),
  async plan(args, ctx) {
    const { group } = await requireAssetGroup(ctx.platform, args.asset_group_id, ctx.account.account_id);
    const tree = await ctx.platform.listListingGroupFilters(group.id);
    const ids = [...new Set(args.filter_ids)];
    const missing = ids.filter((id) => !tree.some((f) => f.id === id));
    if (missing.length)
      throw new ToolError(
        `Asset group "${group.name}" has no listing filter ${missing.join(', ')}; get_asset_group_listing_filters lists its filters.`,
        { code: 'not_found' },
      );
    const root = tree.find((f) => !f.parent_id)!;
    const targets = tree.filter((f) => ids.includes(f.id));
    const others = targets.filter((f) => f.parent_id && f.case_value?.value === undefined && !ids.includes(root.id));
    if (others.length)
      throw new ToolError(
        `Filter ${others[0]!.id} is the "everything else" node of the split; the platform needs it. Remove the root filter ${root.id} to drop the whole split.`,
      );
    if (root.type !== 'SUBDIVISION' && ids.includes(root.id))
      throw new ToolError(`Filter ${root.id} is the only node (${describe(root)}); there is no split to remove.`);
    const leftValues = tree.filter((f) => f.parent_id === root.id && f.case_value?.value !== undefined && !ids.includes(f.id));
    const reset = ids.includes(root.id) || !leftValues.length;
    const remove = reset ? [root.id] : ids;
    const create: NewSearchAdsListingGroupFilter[] = reset ? [{ type: 'UNIT_INCLUDED' }] : [];
    return {
      summary: reset
        ? `Remove the listing split of asset group "${group.name}": every product is advertised again`
        : `Remove ${ids.length} listing filter value(s) from asset group "${group.name}"`,
      changes: [
        ...(reset ? tree : targets).map((f) => ({
          action: 'remove' as const,
          entity: 'listing_group_filter',
          id: f.id,
          name: describe(f),
          fields: {},
        })),
        ...create.map(() => ({
          action: 'create' as const,
          entity: 'listing_group_filter',
          name: 'All products',
          fields: { type: { after: 'UNIT_INCLUDED' } },
          startsPaused: true,
        })),
      ],
      data: { group: { id: group.id, name: group.name }, remove, create, removed: (reset ? tree : targets).map((f) => describe(f)) },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, remove, create, removed } = plan.data;
    await ctx.step('filters', () => ctx.platform.mutateListingGroupFilters(group.id, { remove, create }).then(() => true));
    const text = summary(await ctx.platform.listListingGroupFilters(group.id));
    return {
      text: [`## Listing filter of asset group "${group.name}" changed`, '', `Removed: ${removed.join('; ')}.`, '', text].join('\n'),
      structured: { customer_id: ctx.account.account_id, asset_group_id: group.id, removed, summary: text },
    };
  },
});
