import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import { money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { applyListingChanges, childrenOf, dimensionLabel, subtreeIds } from '../listing-tree';
import type { SearchAdsAdGroup, SearchAdsPort } from '../port';
import {
  LISTING_DIMENSION_TYPES,
  type SearchAdsListingDimension,
  type SearchAdsListingGroup,
  type SearchAdsListingGroupChanges,
} from '../port-shopping';
import { adGroupIdArg } from './common';

/**
 * The product partition tree of a Shopping ad group (product groups): read it, add a partition
 * (subdividing a unit when needed, with the "everything else" unit the platform requires), change a
 * unit's bid or exclusion, remove a partition with its subtree. Every change is planned against the
 * platform's tree rules (listing-tree.ts) and sent as one atomic request.
 */

export const bidArg = (description: string) =>
  v.pipe(
    v.number(),
    v.minValue(0.01, 'must be at least 0.01'),
    v.maxValue(1000, 'must be at most 1000'),
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must be in whole cents'),
    v.description(description),
  );
const nodeIdArg = (description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,19}$/, 'must be a numeric product group id (from get_product_groups)'),
    v.description(description),
  );

/** A Shopping ad group that can take changes. */
export async function requireShoppingAdGroup(port: SearchAdsPort, adGroupId: string): Promise<SearchAdsAdGroup> {
  const group = await port.getAdGroup(adGroupId);
  if (group.type !== 'SHOPPING_PRODUCT_ADS')
    throw new ToolError(
      `Ad group "${group.name}" (${group.id}) is a ${group.type} ad group; product groups belong to Shopping ad groups (SHOPPING_PRODUCT_ADS).`,
    );
  if (group.status === 'REMOVED') throw new ToolError(`Ad group "${group.name}" (${group.id}) is REMOVED; it cannot change.`);
  return group;
}

const rowOutput = v.object({
  id: v.string(),
  parent_id: v.optional(v.string()),
  type: v.string(),
  dimension: v.optional(v.string()),
  value: v.optional(v.string()),
  label: v.string(),
  depth: v.number(),
  cpc_bid: v.optional(v.number()),
  excluded: v.boolean(),
});
type Row = v.InferOutput<typeof rowOutput>;

/** The tree depth first, each node with its depth and label. */
export function treeRows(nodes: readonly SearchAdsListingGroup[]): Row[] {
  const rows: Row[] = [];
  const visit = (node: SearchAdsListingGroup, depth: number) => {
    rows.push({
      id: node.id,
      ...(node.parent_id ? { parent_id: node.parent_id } : {}),
      type: node.type,
      ...(node.dimension ? { dimension: node.dimension.type } : {}),
      ...(node.dimension?.value !== undefined ? { value: node.dimension.value } : {}),
      label: dimensionLabel(node.dimension),
      depth,
      ...(node.cpc_bid !== undefined ? { cpc_bid: node.cpc_bid } : {}),
      excluded: node.negative,
    });
    // "Everything else" last, the others by value.
    const children = childrenOf(nodes, node.id).sort((a, b) =>
      a.dimension?.value === undefined ? 1 : b.dimension?.value === undefined ? -1 : a.dimension!.value!.localeCompare(b.dimension!.value!),
    );
    for (const child of children) visit(child, depth + 1);
  };
  const root = nodes.find((n) => !n.parent_id);
  if (root) visit(root, 0);
  return rows;
}

export function treeMarkdown(rows: Row[], currency: string): string {
  return rows
    .map(
      (r) =>
        `${'  '.repeat(r.depth)}- ${r.label} — ${r.type === 'SUBDIVISION' ? 'subdivision' : r.excluded ? 'excluded' : `bid ${r.cpc_bid !== undefined ? money(r.cpc_bid, currency) : 'ad group default'}`} (id ${r.id})`,
    )
    .join('\n');
}

/** Checks a change against the platform's rules (the same the platform applies), naming the tool to look with. */
function checked(nodes: SearchAdsListingGroup[], adGroupId: string, changes: SearchAdsListingGroupChanges): SearchAdsListingGroup[] {
  let n = 0;
  try {
    return applyListingChanges(nodes, adGroupId, changes, () => `new-${++n}`).nodes;
  } catch (err) {
    if (err instanceof ToolError)
      throw new ToolError(
        `${err.message.replace(/^The searchads platform refused the request: /, 'The product partition tree would be invalid: ')} get_product_groups shows the tree.`,
      );
    throw err;
  }
}

const treeOutput = { customer_id: v.string(), ad_group_id: v.string(), ad_group_name: v.string(), product_groups: v.array(rowOutput) };

export const getProductGroups = defineSearchAdsTool({
  name: 'get_product_groups',
  description:
    'Shows the product partition tree of a Shopping ad group: each product group (subdivision or unit) with its dimension (brand, category, item id, condition, product type, custom attribute), value, bid or exclusion, and its id for the other product group tools.',
  access: 'read',
  examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>' }],
  args: { ad_group_id: adGroupIdArg('Shopping ad group id (from list_ad_groups or get_shopping_settings)') },
  output: v.object({ ...treeOutput, default_cpc_bid: v.number() }),
  async run(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.ad_group_id);
    if (group.type !== 'SHOPPING_PRODUCT_ADS')
      throw new ToolError(
        `Ad group "${group.name}" (${group.id}) is a ${group.type} ad group; product groups belong to Shopping ad groups.`,
      );
    const rows = treeRows(await ctx.platform.listListingGroups(group.id));
    const text = [
      `## Product groups of "${group.name}" (${group.id})`,
      '',
      rows.length
        ? treeMarkdown(rows, ctx.account.currency)
        : 'No product groups: the ad group shows no products. add_product_group starts a tree.',
      '',
      `Default ad group bid: ${money(group.cpc_bid, ctx.account.currency)}. add_product_group splits a group further, update_product_group changes a bid or excludes, remove_product_group removes one with everything under it.`,
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        ad_group_id: group.id,
        ad_group_name: group.name,
        default_cpc_bid: group.cpc_bid,
        product_groups: rows,
      },
    };
  },
});

const CONDITIONS = ['NEW', 'USED', 'REFURBISHED'];

export const addProductGroup = defineSearchAdsTool({
  name: 'add_product_group',
  description:
    'Adds a product group to a Shopping ad group\'s partition tree: a dimension (BRAND, ITEM_ID, CONDITION, CATEGORY_L1-5 with product category ids of the platform taxonomy, PRODUCT_TYPE_L1-5, CUSTOM_ATTRIBUTE_0-4) and value, with its own bid or excluded. Under a subdivision it adds a sibling; on a unit (or a tree of just "All products") it subdivides that unit and adds the "everything else" unit the platform requires (bid everything_else_bid, default the unit\'s bid). An empty tree gets a root.',
  access: 'write',
  examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', dimension: 'BRAND', value: 'example brand', cpc_bid: 0.7 }],
  args: {
    ad_group_id: adGroupIdArg('Shopping ad group id (from get_shopping_settings or list_ad_groups)'),
    parent_id: v.optional(nodeIdArg('Product group to add under (from get_product_groups); default the root')),
    dimension: v.pipe(v.picklist(LISTING_DIMENSION_TYPES), v.description('What the partition splits on')),
    value: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(150, 'must be at most 150 characters'),
      v.description('The value: a brand, item id, NEW/USED/REFURBISHED, a category id, a product type or attribute value'),
    ),
    cpc_bid: v.optional(bidArg('Max CPC of the new group; default the ad group bid')),
    excluded: v.optional(v.pipe(v.boolean(), v.description('true = exclude these products (no bid)')), false),
    everything_else_bid: v.optional(
      bidArg('Bid of the "everything else" unit made when a unit is subdivided; default the subdivided unit\'s bid'),
    ),
  },
  rules: [
    (a) =>
      a.excluded && a.cpc_bid !== undefined
        ? '`cpc_bid` and `excluded: true` do not go together (an excluded group has no bid)'
        : undefined,
    (a) =>
      a.dimension === 'CONDITION' && !CONDITIONS.includes(a.value) ? '`value` of a CONDITION must be NEW, USED or REFURBISHED' : undefined,
    (a) =>
      a.dimension.startsWith('CATEGORY') && !/^\d{1,19}$/.test(a.value)
        ? '`value` of a CATEGORY dimension must be a numeric product category id'
        : undefined,
  ],
  output: v.object({ ...treeOutput, product_group_id: v.string(), label: v.string() }),
  async plan(args, ctx) {
    const group = await requireShoppingAdGroup(ctx.platform, args.ad_group_id);
    const nodes = await ctx.platform.listListingGroups(group.id);
    const dimension: SearchAdsListingDimension = { type: args.dimension, value: args.value };
    const unit = { type: 'UNIT' as const, dimension, ...(args.excluded ? { negative: true } : { cpc_bid: args.cpc_bid ?? group.cpc_bid }) };
    const others = (bid: number | undefined, negative: boolean) => ({
      ref: 'others',
      type: 'UNIT' as const,
      dimension: { type: args.dimension },
      ...(negative ? { negative: true } : { cpc_bid: args.everything_else_bid ?? bid ?? group.cpc_bid }),
    });
    const root = nodes.find((n) => !n.parent_id);
    let changes: SearchAdsListingGroupChanges;
    const notes: string[] = [];
    if (!root) {
      if (args.parent_id)
        throw new ToolError(`Ad group "${group.name}" has no product groups yet; leave out \`parent_id\` to start the tree.`);
      changes = {
        create: [
          { ref: 'root', type: 'SUBDIVISION' },
          { ref: 'new', parent: 'root', ...unit },
          { ...others(undefined, false), parent: 'root' },
        ],
      };
      notes.push('The tree starts with a root that splits all products; products that match no group fall in "everything else".');
    } else {
      const parent = args.parent_id ? nodes.find((n) => n.id === args.parent_id) : root;
      if (!parent)
        throw new ToolError(
          `Product group ${args.parent_id} is not in the tree of ad group "${group.name}" (get_product_groups lists them).`,
          { code: 'not_found' },
        );
      if (parent.type === 'UNIT') {
        if (parent.dimension && parent.dimension.value === undefined)
          throw new ToolError(
            `"${dimensionLabel(parent.dimension)}" (${parent.id}) is the "everything else" group of its parent; add the new group under the parent instead (parent_id ${parent.parent_id}).`,
          );
        changes = {
          remove: [parent.id],
          create: [
            {
              ref: 'sub',
              ...(parent.parent_id ? { parent: parent.parent_id } : {}),
              type: 'SUBDIVISION',
              ...(parent.dimension ? { dimension: parent.dimension } : {}),
            },
            { ref: 'new', parent: 'sub', ...unit },
            { ...others(parent.cpc_bid, parent.negative), parent: 'sub' },
          ],
        };
        notes.push(
          `"${dimensionLabel(parent.dimension)}" (${parent.id}) becomes a subdivision (new id): its products split into the new group and "everything else".`,
        );
      } else {
        const siblings = childrenOf(nodes, parent.id);
        const type = siblings[0]?.dimension?.type;
        if (type && type !== args.dimension)
          throw new ToolError(
            `"${dimensionLabel(parent.dimension)}" (${parent.id}) splits on ${type}; add a ${type} value there, or subdivide one of its units (parent_id of a unit) by ${args.dimension}.`,
          );
        if (siblings.some((s) => s.dimension?.value?.toLowerCase() === args.value.toLowerCase()))
          throw new ToolError(`"${dimensionLabel(dimension)}" already exists under ${parent.id}; update_product_group changes its bid.`);
        const other = siblings.find((s) => s.dimension?.value === undefined);
        changes = {
          create: [{ ref: 'new', parent: parent.id, ...unit }],
          ...(args.everything_else_bid !== undefined && other && !other.negative
            ? { update: [{ id: other.id, cpc_bid: args.everything_else_bid }] }
            : {}),
        };
      }
    }
    checked(nodes, group.id, changes);
    const changeList: PlannedChange[] = [
      ...(changes.remove ?? []).map((id) => ({
        action: 'remove' as const,
        entity: 'product_group',
        id,
        name: dimensionLabel(nodes.find((n) => n.id === id)?.dimension),
        fields: {},
      })),
      ...(changes.create ?? []).map((c) => ({
        action: 'create' as const,
        entity: 'product_group',
        name: dimensionLabel(c.dimension),
        fields: {
          type: { after: c.type },
          ...(c.cpc_bid !== undefined ? { cpc_bid: { after: c.cpc_bid } } : {}),
          ...(c.negative ? { excluded: { after: true } } : {}),
        },
        // A bidding unit of an enabled ad group can spend as soon as it exists.
        startsPaused: group.status !== 'ENABLED' || c.type === 'SUBDIVISION' || Boolean(c.negative),
      })),
      ...(changes.update ?? []).map((u) => ({
        action: 'update' as const,
        entity: 'product_group',
        id: u.id,
        name: 'everything else',
        fields: { cpc_bid: { before: nodes.find((n) => n.id === u.id)?.cpc_bid, after: u.cpc_bid } },
      })),
    ];
    return {
      summary: `Add product group "${dimensionLabel(dimension)}" to ad group "${group.name}"`,
      changes: changeList,
      notes,
      data: { group: { id: group.id, name: group.name }, changes },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, changes } = plan.data;
    const created = await ctx.step('listing_groups', () => ctx.platform.mutateListingGroups(group.id, changes));
    const rows = treeRows(await ctx.platform.listListingGroups(group.id));
    const id = created.new!;
    const label = rows.find((r) => r.id === id)?.label ?? '';
    return {
      text: [`## Product group "${label}" added to "${group.name}"`, '', treeMarkdown(rows, ctx.account.currency)].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        ad_group_id: group.id,
        ad_group_name: group.name,
        product_group_id: id,
        label,
        product_groups: rows,
      },
    };
  },
});

const nodeArgs = {
  ad_group_id: adGroupIdArg('Shopping ad group id'),
  product_group_id: nodeIdArg('Product group id from get_product_groups'),
};

async function requireNode(port: SearchAdsPort, args: { ad_group_id: string; product_group_id: string }) {
  const group = await requireShoppingAdGroup(port, args.ad_group_id);
  const nodes = await port.listListingGroups(group.id);
  const node = nodes.find((n) => n.id === args.product_group_id);
  if (!node)
    throw new ToolError(
      `Product group ${args.product_group_id} is not in the tree of ad group "${group.name}" (get_product_groups lists them).`,
      { code: 'not_found' },
    );
  return { group, nodes, node };
}

export const updateProductGroup = defineSearchAdsTool({
  name: 'update_product_group',
  description:
    'Changes a product group unit of a Shopping ad group: its max CPC bid, or whether its products are excluded (excluded: true; false with a cpc_bid brings them back). Subdivisions do not bid: change their units.',
  access: 'write',
  examples: [
    { ad_group_id: '<ad_group_id from list_ad_groups>', product_group_id: '<product_group_id from get_product_groups>', cpc_bid: 0.9 },
  ],
  args: {
    ...nodeArgs,
    cpc_bid: v.optional(bidArg('New max CPC')),
    excluded: v.optional(v.pipe(v.boolean(), v.description('true = exclude these products; false = include them again (with cpc_bid)'))),
  },
  rules: [
    (a) => (a.cpc_bid === undefined && a.excluded === undefined ? 'give `cpc_bid` or `excluded`' : undefined),
    (a) => (a.excluded === true && a.cpc_bid !== undefined ? '`cpc_bid` and `excluded: true` do not go together' : undefined),
  ],
  output: v.object({
    ...treeOutput,
    product_group_id: v.string(),
    label: v.string(),
    cpc_bid: v.optional(v.number()),
    excluded: v.boolean(),
  }),
  async plan(args, ctx) {
    const { group, nodes, node } = await requireNode(ctx.platform, args);
    const label = dimensionLabel(node.dimension);
    if (node.type === 'SUBDIVISION')
      throw new ToolError(`"${label}" (${node.id}) is a subdivision; only its units bid or are excluded (get_product_groups shows them).`);
    const excluded = args.excluded ?? node.negative;
    if (!excluded && node.negative && args.cpc_bid === undefined && args.excluded === undefined)
      throw new ToolError(`"${label}" is excluded; pass excluded: false with a cpc_bid to include it.`);
    let changes: SearchAdsListingGroupChanges;
    const after = excluded ? undefined : (args.cpc_bid ?? node.cpc_bid ?? group.cpc_bid);
    if (excluded !== node.negative) {
      // Exclusion is fixed when a criterion is made: the unit is replaced (it gets a new id).
      changes = {
        remove: [node.id],
        create: [
          {
            ref: 'new',
            ...(node.parent_id ? { parent: node.parent_id } : {}),
            type: 'UNIT',
            ...(node.dimension ? { dimension: node.dimension } : {}),
            ...(excluded ? { negative: true } : { cpc_bid: after }),
          },
        ],
      };
    } else if (!excluded && args.cpc_bid !== undefined && args.cpc_bid !== node.cpc_bid) {
      changes = { update: [{ id: node.id, cpc_bid: args.cpc_bid }] };
    } else {
      changes = {};
    }
    checked(nodes, group.id, changes);
    const fields = {
      ...(after !== node.cpc_bid ? { cpc_bid: { before: node.cpc_bid, after } } : {}),
      ...(excluded !== node.negative ? { excluded: { before: node.negative, after: excluded } } : {}),
    };
    const nothing = !changes.update && !changes.create;
    return {
      summary: nothing ? `Product group "${label}" already has these settings` : `Change product group "${label}" in "${group.name}"`,
      changes: nothing ? [] : [{ action: 'update' as const, entity: 'product_group', id: node.id, name: label, fields }],
      notes: changes.create ? ['Changing exclusion replaces the unit: it gets a new id.'] : [],
      data: {
        group: { id: group.id, name: group.name },
        node: { id: node.id, label, cpc_bid: node.cpc_bid, negative: node.negative },
        changes,
        after,
        excluded,
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, node, changes, after, excluded } = plan.data;
    const created =
      changes.update || changes.create ? await ctx.step('listing_groups', () => ctx.platform.mutateListingGroups(group.id, changes)) : {};
    const id = created.new ?? node.id;
    const rows = treeRows(await ctx.platform.listListingGroups(group.id));
    return {
      text: [
        `## Product group "${node.label}" ${excluded ? 'excluded' : `bids ${money(after ?? 0, ctx.account.currency)}`}`,
        '',
        treeMarkdown(rows, ctx.account.currency),
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        ad_group_id: group.id,
        ad_group_name: group.name,
        product_group_id: id,
        label: node.label,
        ...(after !== undefined ? { cpc_bid: after } : {}),
        excluded,
        product_groups: rows,
      },
    };
  },
  undo(plan, args) {
    const { node, changes } = plan.data;
    if (!changes.update || node.cpc_bid === undefined) return undefined;
    return { tool: 'update_product_group', arguments: { ad_group_id: args.ad_group_id, product_group_id: node.id, cpc_bid: node.cpc_bid } };
  },
});

export const removeProductGroup = defineSearchAdsTool({
  name: 'remove_product_group',
  description:
    'Deletes a product group from a Shopping ad group\'s partition tree, with everything under it (a subdivision takes its subtree). An "everything else" group cannot be removed alone (every subdivision needs one): remove its parent. Removing the root leaves the ad group without products to show.',
  access: 'write',
  examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', product_group_id: '<product_group_id from get_product_groups>' }],
  destructive: true,
  args: nodeArgs,
  output: v.object({ ...treeOutput, removed: v.array(v.string()) }),
  async plan(args, ctx) {
    const { group, nodes, node } = await requireNode(ctx.platform, args);
    const label = dimensionLabel(node.dimension);
    if (node.parent_id && node.dimension?.value === undefined) {
      throw new ToolError(
        `"${label}" (${node.id}) is the "everything else" group of subdivision ${node.parent_id}; every subdivision needs one. Remove the subdivision (product_group_id ${node.parent_id}) or exclude this group with update_product_group.`,
      );
    }
    const gone = subtreeIds(nodes, node.id);
    const changes: SearchAdsListingGroupChanges = { remove: [node.id] };
    checked(nodes, group.id, changes);
    return {
      summary: `Remove product group "${label}" from "${group.name}"${gone.length > 1 ? ` with ${gone.length - 1} group(s) under it` : ''}`,
      changes: gone.map((id) => ({
        action: 'remove' as const,
        entity: 'product_group',
        id,
        name: dimensionLabel(nodes.find((n) => n.id === id)?.dimension),
        fields: {},
      })),
      notes: node.parent_id ? [] : ['This is the root: the ad group shows no products until add_product_group starts a new tree.'],
      data: { group: { id: group.id, name: group.name }, node_id: node.id, gone },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, node_id, gone } = plan.data;
    await ctx.step('listing_groups', () => ctx.platform.mutateListingGroups(group.id, { remove: [node_id] }));
    const rows = treeRows(await ctx.platform.listListingGroups(group.id));
    return {
      text: [
        `## ${gone.length} product group(s) removed from "${group.name}"`,
        '',
        rows.length
          ? treeMarkdown(rows, ctx.account.currency)
          : 'The ad group has no product groups now: it shows no products until add_product_group starts a tree.',
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        ad_group_id: group.id,
        ad_group_name: group.name,
        removed: gone,
        product_groups: rows,
      },
    };
  },
});
