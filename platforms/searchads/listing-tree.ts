import { ToolError } from '../../core/errors';
import type { SearchAdsListingDimension, SearchAdsListingGroup, SearchAdsListingGroupChanges } from './port-shopping';

/**
 * The platform's rules for a Shopping ad group's product partition tree (listing groups), used by
 * the tools to plan a change and by the sandbox to refuse what the platform refuses:
 * - one root (no dimension), every other node under a SUBDIVISION;
 * - the children of a subdivision split on one dimension type, each value once, and exactly one of
 *   them is "everything else" (no value) so every product falls somewhere;
 * - a dimension type is not repeated on the way down, and a category or product type level 2-5
 *   refines its level above (CATEGORY_L2 under a CATEGORY_L1 node);
 * - only units bid; an excluded unit has no bid; the tree is at most 7 levels deep;
 * - removing a subdivision removes its whole subtree.
 */

export const MAX_TREE_DEPTH = 7;

const LEVELED = /^(CATEGORY|PRODUCT_TYPE)_L(\d)$/;

/** "Brand = northwind", "Brand: everything else", "All products". */
export function dimensionLabel(dimension: SearchAdsListingDimension | undefined): string {
  if (!dimension) return 'All products';
  const kind = dimension.type
    .toLowerCase()
    .replace(/_l(\d)$/, ' level $1')
    .replace(/_(\d)$/, ' $1')
    .replace(/_/g, ' ');
  const name = kind.charAt(0).toUpperCase() + kind.slice(1);
  return dimension.value === undefined ? `${name}: everything else` : `${name} = ${dimension.value}`;
}

export const childrenOf = (nodes: readonly SearchAdsListingGroup[], id: string) => nodes.filter((n) => n.parent_id === id);

/** The node and everything below it. */
export function subtreeIds(nodes: readonly SearchAdsListingGroup[], id: string): string[] {
  return [id, ...childrenOf(nodes, id).flatMap((c) => subtreeIds(nodes, c.id))];
}

/** The nodes from the root down to `id`. */
export function pathTo(nodes: readonly SearchAdsListingGroup[], id: string): SearchAdsListingGroup[] {
  const node = nodes.find((n) => n.id === id);
  if (!node) return [];
  return node.parent_id ? [...pathTo(nodes, node.parent_id), node] : [node];
}

/** What is wrong with a tree (the platform's error code and a sentence), or undefined. */
export function listingTreeProblem(nodes: readonly SearchAdsListingGroup[]): { code: string; message: string } | undefined {
  if (!nodes.length) return undefined;
  const roots = nodes.filter((n) => !n.parent_id);
  if (roots.length !== 1) return { code: 'LISTING_GROUP_ERROR.MULTIPLE_ROOTS', message: 'A product partition tree has exactly one root.' };
  if (roots[0]!.dimension)
    return { code: 'LISTING_GROUP_ERROR.INVALID_DIMENSION_VALUE', message: 'The root partition ("All products") has no dimension.' };
  for (const node of nodes) {
    const label = `"${dimensionLabel(node.dimension)}" (${node.id})`;
    if (node.parent_id) {
      const parent = nodes.find((n) => n.id === node.parent_id);
      if (!parent)
        return { code: 'AD_GROUP_CRITERION_ERROR.LISTING_GROUP_DOES_NOT_EXIST', message: `The parent of ${label} does not exist.` };
      if (parent.type !== 'SUBDIVISION')
        return {
          code: 'AD_GROUP_CRITERION_ERROR.LISTING_GROUP_UNIT_CANNOT_HAVE_CHILDREN',
          message: `${label} is under a unit; only subdivisions have children.`,
        };
      if (!node.dimension) return { code: 'LISTING_GROUP_ERROR.INVALID_DIMENSION_VALUE', message: `${label} needs a dimension.` };
    }
    if (node.type === 'SUBDIVISION' && (node.cpc_bid !== undefined || node.negative))
      return {
        code: 'AD_GROUP_CRITERION_ERROR.INVALID_LISTING_GROUP_TYPE',
        message: `${label} is a subdivision; only units bid or are excluded.`,
      };
    if (node.type === 'UNIT' && node.negative && node.cpc_bid !== undefined)
      return { code: 'CRITERION_ERROR.CANNOT_BID_ON_NEGATIVE_CRITERION', message: `${label} is excluded and cannot have a bid.` };
    const path = pathTo(nodes, node.id);
    if (path.length > MAX_TREE_DEPTH)
      return { code: 'LISTING_GROUP_ERROR.TREE_TOO_DEEP', message: `${label} is more than ${MAX_TREE_DEPTH} levels deep.` };
    const above = path.slice(0, -1).flatMap((n) => (n.dimension ? [n.dimension.type] : []));
    if (node.dimension && above.includes(node.dimension.type))
      return {
        code: 'LISTING_GROUP_ERROR.SAME_DIMENSION_TYPE_BETWEEN_ANCESTORS',
        message: `${label} splits on ${node.dimension.type} again; a dimension is used once on the way down.`,
      };
    const level = node.dimension && LEVELED.exec(node.dimension.type);
    if (level && Number(level[2]) > 1 && !above.includes(`${level[1]}_L${Number(level[2]) - 1}` as never)) {
      return {
        code: 'LISTING_GROUP_ERROR.MUST_REFINE_HIERARCHICAL_PARENT_TYPE',
        message: `${label} needs a ${level[1]}_L${Number(level[2]) - 1} partition above it.`,
      };
    }
    if (node.type === 'SUBDIVISION') {
      const children = childrenOf(nodes, node.id);
      const types = new Set(children.map((c) => c.dimension?.type));
      if (types.size > 1)
        return {
          code: 'AD_GROUP_CRITERION_ERROR.LISTING_GROUP_REQUIRES_SAME_DIMENSION_TYPE_AS_SIBLINGS',
          message: `The children of ${label} split on different dimensions (${[...types].join(', ')}).`,
        };
      const others = children.filter((c) => c.dimension && c.dimension.value === undefined);
      if (others.length !== 1)
        return {
          code: 'AD_GROUP_CRITERION_ERROR.LISTING_GROUP_SUBDIVISION_REQUIRES_OTHERS_CASE',
          message: `${label} needs exactly one "everything else" child (it has ${others.length}).`,
        };
      const values = children.flatMap((c) => (c.dimension?.value !== undefined ? [c.dimension.value.toLowerCase()] : []));
      if (new Set(values).size !== values.length)
        return { code: 'AD_GROUP_CRITERION_ERROR.LISTING_GROUP_ALREADY_EXISTS', message: `Two children of ${label} have the same value.` };
    }
  }
  return undefined;
}

/**
 * The tree after a change (as one atomic request: removals first, then creates, then bid updates),
 * with the ids given to the creates by ref. Throws the platform's refusal when the result is invalid.
 */
export function applyListingChanges(
  current: readonly SearchAdsListingGroup[],
  adGroupId: string,
  changes: SearchAdsListingGroupChanges,
  newId: () => string,
): { nodes: SearchAdsListingGroup[]; created: Record<string, string> } {
  const refuse = (code: string, message: string) =>
    new ToolError(`The searchads platform refused the request: ${message}`, { code: 'invalid_arguments', platform_error: code });
  let nodes = [...current];
  for (const id of changes.remove ?? []) {
    if (!nodes.some((n) => n.id === id))
      throw refuse('AD_GROUP_CRITERION_ERROR.LISTING_GROUP_DOES_NOT_EXIST', `Listing group ${id} does not exist.`);
    const gone = new Set(subtreeIds(nodes, id));
    nodes = nodes.filter((n) => !gone.has(n.id));
  }
  const created: Record<string, string> = {};
  for (const c of changes.create ?? []) {
    const parent = c.parent === undefined ? undefined : (created[c.parent] ?? c.parent);
    if (parent !== undefined && !nodes.some((n) => n.id === parent))
      throw refuse('AD_GROUP_CRITERION_ERROR.LISTING_GROUP_DOES_NOT_EXIST', `The parent ${c.parent} does not exist.`);
    const id = newId();
    created[c.ref] = id;
    nodes.push({
      id,
      ad_group_id: adGroupId,
      type: c.type,
      ...(parent ? { parent_id: parent } : {}),
      ...(c.dimension ? { dimension: c.dimension } : {}),
      ...(c.cpc_bid !== undefined ? { cpc_bid: c.cpc_bid } : {}),
      negative: c.negative ?? false,
    });
  }
  for (const u of changes.update ?? []) {
    const node = nodes.find((n) => n.id === u.id);
    if (!node) throw refuse('AD_GROUP_CRITERION_ERROR.LISTING_GROUP_DOES_NOT_EXIST', `Listing group ${u.id} does not exist.`);
    nodes = nodes.map((n) => (n.id === u.id ? { ...n, cpc_bid: u.cpc_bid } : n));
  }
  const problem = listingTreeProblem(nodes);
  if (problem) throw refuse(problem.code, problem.message);
  return { nodes, created };
}
