/**
 * The fake search platform's shopping methods: Merchant Center link invitations and links, and listing group trees of shopping ad groups (checked as a tree, changed atomically).
 */
import { ENUM, type FakeCustomer, type Obj, checkBid, checkKnownKeys, invalid, newId, refOf } from './searchads-api-core';

export const CASE_VALUES: Record<string, { fields: string[]; level?: string[]; index?: string[]; enumValue?: string[] }> = {
  productBrand: { fields: ['value'] },
  productItemId: { fields: ['value'] },
  productCondition: { fields: ['condition'], enumValue: ['NEW', 'USED', 'REFURBISHED'] },
  productCategory: { fields: ['categoryId', 'level'], level: ['LEVEL1', 'LEVEL2', 'LEVEL3', 'LEVEL4', 'LEVEL5'] },
  productType: { fields: ['value', 'level'], level: ['LEVEL1', 'LEVEL2', 'LEVEL3', 'LEVEL4', 'LEVEL5'] },
  productCustomAttribute: { fields: ['value', 'index'], index: ['INDEX0', 'INDEX1', 'INDEX2', 'INDEX3', 'INDEX4'] },
};

/** A listing dimension (`case_value`): exactly one known dimension, its level or index valid. */
export function checkCaseValue(caseValue: Obj, where: (f: string) => Obj): void {
  const keys = Object.keys(caseValue);
  if (keys.length !== 1 || !CASE_VALUES[keys[0]!])
    throw invalid(
      'listingGroupError',
      'INVALID_DIMENSION_VALUE',
      `Invalid listing dimension: ${keys.join(', ')}.`,
      where('listing_group.case_value'),
    );
  const spec = CASE_VALUES[keys[0]!]!;
  const value = caseValue[keys[0]!] ?? {};
  for (const key of Object.keys(value))
    if (!spec.fields.includes(key))
      throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}".`, where('listing_group.case_value'));
  if (spec.level) ENUM('listing_group.case_value.level', value.level, spec.level, where);
  if (spec.index) ENUM('listing_group.case_value.index', value.index, spec.index, where);
  if (spec.enumValue && value.condition !== undefined) ENUM('listing_group.case_value.condition', value.condition, spec.enumValue, where);
  if (keys[0] === 'productCategory' && value.categoryId !== undefined && !/^\d+$/.test(String(value.categoryId)))
    throw invalid('listingGroupError', 'INVALID_PRODUCT_BIDDING_CATEGORY', 'Invalid product category.', where('listing_group.case_value'));
}

/** The kind of a case value (`productType:LEVEL1`) and whether it is "everything else". */
export const dimensionOf = (caseValue: Obj): { kind: string; others: boolean; value?: string } => {
  const [key, body] = Object.entries(caseValue)[0] as [string, Obj];
  const kind = `${key}${body.level ? `:${body.level}` : ''}${body.index ? `:${body.index}` : ''}`;
  const value = body.value ?? body.categoryId ?? body.condition;
  return { kind, others: value === undefined, value: value === undefined ? undefined : String(value).toLowerCase() };
};

/** The platform's rules for a product partition tree. */
export function checkListingTree(nodes: Obj[]): void {
  if (!nodes.length) return;
  const fail = (category: string, value: string, message: string) => invalid(category, value, message);
  const roots = nodes.filter((n) => !n.listingGroup.parentAdGroupCriterion);
  if (roots.length !== 1) throw fail('listingGroupError', 'MULTIPLE_ROOTS', 'A listing group tree has exactly one root.');
  for (const node of nodes) {
    const children = nodes.filter((n) => n.listingGroup.parentAdGroupCriterion === node.resourceName);
    if (node.listingGroup.type === 'UNIT') {
      if (children.length) throw fail('adGroupCriterionError', 'LISTING_GROUP_UNIT_CANNOT_HAVE_CHILDREN', 'A unit cannot have children.');
      continue;
    }
    if (!children.length)
      throw fail(
        'adGroupCriterionError',
        'LISTING_GROUP_SUBDIVISION_REQUIRES_OTHERS_CASE',
        'A subdivision needs an "everything else" child.',
      );
    const dims = children.map((n) => (n.listingGroup.caseValue ? dimensionOf(n.listingGroup.caseValue) : undefined));
    if (dims.some((d) => !d)) throw fail('listingGroupError', 'INVALID_DIMENSION_VALUE', 'A child of a subdivision needs a dimension.');
    if (new Set(dims.map((d) => d!.kind)).size > 1)
      throw fail(
        'adGroupCriterionError',
        'LISTING_GROUP_REQUIRES_SAME_DIMENSION_TYPE_AS_SIBLINGS',
        'Siblings must have the same dimension type.',
      );
    if (dims.filter((d) => d!.others).length !== 1)
      throw fail(
        'adGroupCriterionError',
        'LISTING_GROUP_SUBDIVISION_REQUIRES_OTHERS_CASE',
        'A subdivision needs exactly one "everything else" child.',
      );
    const values = dims.filter((d) => !d!.others).map((d) => d!.value);
    if (new Set(values).size !== values.length)
      throw fail('adGroupCriterionError', 'LISTING_GROUP_ALREADY_EXISTS', 'Two siblings have the same value.');
  }
}

// Merchant Center links: a merchant's request is accepted (ProductLinkInvitationService.UpdateProductLinkInvitation), a link removed (ProductLinkService.RemoveProductLink).

export function updateInvitation(c: FakeCustomer, json: Obj): unknown {
  for (const key of Object.keys(json))
    if (!['customerId', 'resourceName', 'productLinkInvitationStatus'].includes(key))
      throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
  ENUM(
    'product_link_invitation_status',
    json.productLinkInvitationStatus,
    ['ACCEPTED', 'REJECTED', 'REQUESTED', 'PENDING_APPROVAL', 'REVOKED'],
    () => ({}),
  );
  const invitation = c.productLinkInvitations.find((i) => i.resourceName === json.resourceName);
  if (!invitation) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${json.resourceName}.`);
  if (invitation.status !== 'PENDING_APPROVAL')
    throw invalid('productLinkInvitationError', 'INVALID_STATUS', 'The invitation is not pending approval.');
  if (json.productLinkInvitationStatus !== 'ACCEPTED' && json.productLinkInvitationStatus !== 'REJECTED')
    throw invalid('productLinkInvitationError', 'PERMISSION_DENIED', 'The ad account can only accept or reject a request.');
  invitation.status = json.productLinkInvitationStatus;
  if (invitation.status === 'ACCEPTED') {
    const id = newId(10);
    c.productLinks.push({
      resourceName: `customers/${c.id}/productLinks/${id}`,
      productLinkId: id,
      type: 'MERCHANT_CENTER',
      merchantCenter: { merchantCenterId: invitation.merchantCenter.merchantCenterId },
    });
  }
  return { resourceName: invitation.resourceName };
}

export function removeProductLink(c: FakeCustomer, json: Obj): unknown {
  for (const key of Object.keys(json))
    if (!['customerId', 'resourceName', 'validateOnly'].includes(key))
      throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
  const link = c.productLinks.find((l) => l.resourceName === json.resourceName);
  if (!link) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${json.resourceName}.`);
  if (json.validateOnly !== true) c.productLinks.splice(c.productLinks.indexOf(link), 1);
  return { resourceName: link.resourceName };
}

/**
 * Listing group criteria change as a tree, in one atomic request: creates may name temporary
 * resource names (`<ad group>~-1`) that later operations of the request use as parent; a removed
 * subdivision takes its subtree; the tree left must be valid (one root, every subdivision with one
 * "everything else" child, siblings of one dimension, only units bid).
 */
export function mutateListingGroups(c: FakeCustomer, operations: Obj[], validateOnly: boolean): unknown {
  const criteria = structuredClone(c.adGroupCriteria);
  const temp = new Map<string, string>();
  const resolve = (rn: string) => temp.get(rn) ?? rn;
  const results: string[] = [];
  const touched = new Set<string>();
  operations.forEach((op, index) => {
    const where = (fieldName: string) => ({ fieldPathElements: [{ fieldName: 'operations', index }, { fieldName }] });
    for (const key of Object.keys(op))
      if (!['create', 'update', 'remove', 'updateMask'].includes(key))
        throw invalid('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}".`);
    if (op.remove !== undefined) {
      const target = criteria.find((x) => x.resourceName === resolve(op.remove) && x.type === 'LISTING_GROUP');
      if (!target) throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${op.remove}.`, where('remove'));
      const gone = new Set<string>();
      const collect = (rn: string) => {
        gone.add(rn);
        for (const child of criteria.filter((x) => x.listingGroup?.parentAdGroupCriterion === rn)) collect(child.resourceName);
      };
      collect(target.resourceName);
      for (let i = criteria.length - 1; i >= 0; i--) if (gone.has(criteria[i]!.resourceName)) criteria.splice(i, 1);
      touched.add(target.adGroup);
      results.push(target.resourceName);
      return;
    }
    if (op.update !== undefined) {
      const target = criteria.find((x) => x.resourceName === resolve(op.update.resourceName) && x.type === 'LISTING_GROUP');
      if (!target)
        throw invalid(
          'mutateError',
          'RESOURCE_NOT_FOUND',
          `Resource was not found: ${op.update.resourceName}.`,
          where('update.resource_name'),
        );
      if (op.updateMask !== 'cpcBidMicros')
        throw invalid(
          'fieldMaskError',
          'FIELD_NOT_FOUND',
          `The field mask contained an invalid field: '${op.updateMask}'.`,
          where('update_mask'),
        );
      checkKnownKeys(op.update, ['cpcBidMicros'], where);
      checkBid(op.update.cpcBidMicros, where);
      target.cpcBidMicros = String(op.update.cpcBidMicros);
      touched.add(target.adGroup);
      results.push(target.resourceName);
      return;
    }
    const create = op.create ?? {};
    checkKnownKeys(
      create,
      [
        'adGroup',
        'status',
        'negative',
        'cpcBidMicros',
        'listingGroup.type',
        'listingGroup.parentAdGroupCriterion',
        'listingGroup.caseValue',
      ],
      where,
    );
    const group = refOf(c, 'adGroups', create.adGroup, 'ad_group', where);
    if (group.type !== 'SHOPPING_PRODUCT_ADS')
      throw invalid(
        'adGroupCriterionError',
        'INVALID_LISTING_GROUP_TYPE',
        'Listing groups belong to Shopping product ad groups.',
        where('listing_group'),
      );
    ENUM('listing_group.type', create.listingGroup?.type, ['SUBDIVISION', 'UNIT'], where);
    if (create.negative && create.cpcBidMicros !== undefined)
      throw invalid('criterionError', 'CANNOT_BID_ON_NEGATIVE_CRITERION', 'Negative criteria cannot have bids.', where('cpc_bid_micros'));
    if (create.listingGroup.type === 'SUBDIVISION' && (create.cpcBidMicros !== undefined || create.negative))
      throw invalid(
        'adGroupCriterionError',
        'LISTING_GROUP_SUBDIVISION_CANNOT_HAVE_BID',
        'A subdivision cannot bid.',
        where('cpc_bid_micros'),
      );
    checkBid(create.cpcBidMicros, where);
    const caseValue = create.listingGroup.caseValue;
    if (caseValue !== undefined) checkCaseValue(caseValue, where);
    const parent =
      create.listingGroup.parentAdGroupCriterion === undefined ? undefined : resolve(create.listingGroup.parentAdGroupCriterion);
    if (parent !== undefined && !criteria.some((x) => x.resourceName === parent && x.type === 'LISTING_GROUP'))
      throw invalid(
        'adGroupCriterionError',
        'LISTING_GROUP_DOES_NOT_EXIST',
        `The parent ${create.listingGroup.parentAdGroupCriterion} does not exist.`,
        where('listing_group.parent_ad_group_criterion'),
      );
    const id = newId(12);
    const resourceName = `customers/${c.id}/adGroupCriteria/${group.id}~${id}`;
    if (create.resourceName !== undefined) {
      if (!/~-\d+$/.test(create.resourceName))
        throw invalid(
          'adGroupCriterionError',
          'LISTING_GROUP_ADD_MAY_ONLY_USE_TEMP_ID',
          'A create may only name a temporary id.',
          where('resource_name'),
        );
      temp.set(create.resourceName, resourceName);
    }
    criteria.push({
      resourceName,
      criterionId: id,
      type: 'LISTING_GROUP',
      status: create.status ?? 'ENABLED',
      negative: Boolean(create.negative),
      adGroup: group.resourceName,
      ...(create.cpcBidMicros !== undefined ? { cpcBidMicros: String(create.cpcBidMicros) } : {}),
      listingGroup: {
        type: create.listingGroup.type,
        ...(parent ? { parentAdGroupCriterion: parent } : {}),
        ...(caseValue ? { caseValue: structuredClone(caseValue) } : {}),
      },
    });
    touched.add(group.resourceName);
    results.push(resourceName);
  });
  for (const adGroup of touched) checkListingTree(criteria.filter((x) => x.adGroup === adGroup && x.type === 'LISTING_GROUP'));
  if (validateOnly) return {};
  c.adGroupCriteria.splice(0, c.adGroupCriteria.length, ...criteria);
  return { results: results.map((resourceName) => ({ resourceName })) };
}
