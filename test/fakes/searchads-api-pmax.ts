/**
 * Mutable resources of the fake search platform, Performance Max family: asset groups with their minimum assets, asset group assets, signals, audiences and listing group filters; `googleAds:mutate` operation names.
 */
import {
  ENUM,
  type FakeCustomer,
  type MutableSpec,
  type Obj,
  invalid,
  markRemoved,
  newId,
  refOf,
  removeFrom,
  required,
} from './searchads-api-core';
import { USER_INTERESTS } from './searchads-api-reference';

/** googleAds:mutate operation names and the service each stands for. */
export const MUTATE_OPERATIONS: Record<string, string> = {
  assetGroupOperation: 'assetGroups',
  assetGroupAssetOperation: 'assetGroupAssets',
  assetGroupSignalOperation: 'assetGroupSignals',
  assetGroupListingGroupFilterOperation: 'assetGroupListingGroupFilters',
  assetOperation: 'assets',
  audienceOperation: 'audiences',
  campaignBudgetOperation: 'campaignBudgets',
  campaignOperation: 'campaigns',
  campaignCriterionOperation: 'campaignCriteria',
  campaignAssetOperation: 'campaignAssets',
};

/**
 * The brand assets of a Performance Max campaign: where its brand guidelines are enabled (the default for
 * campaigns created since v21), they are linked to the campaign (CampaignAsset), not to its asset groups.
 */
export const BRAND_FIELDS = ['BUSINESS_NAME', 'LOGO'];
/** Whether a campaign (by resource name) links its business name and logo at campaign level. */
export const brandGuidelines = (c: FakeCustomer, campaign: unknown): boolean =>
  c.campaigns.find((x) => x.resourceName === campaign)?.brandGuidelinesEnabled === true;

/** Performance Max field types: the asset type each takes, min / max per asset group, text length, image ratio with minimum size. */
export const PMAX_FIELDS: Record<
  string,
  { type: string; min: number; max: number; length?: number; ratio?: [number, number, number]; error: string }
> = {
  HEADLINE: { type: 'TEXT', min: 3, max: 15, length: 30, error: 'NOT_ENOUGH_HEADLINE_ASSET' },
  LONG_HEADLINE: { type: 'TEXT', min: 1, max: 5, length: 90, error: 'NOT_ENOUGH_LONG_HEADLINE_ASSET' },
  DESCRIPTION: { type: 'TEXT', min: 2, max: 5, length: 90, error: 'NOT_ENOUGH_DESCRIPTION_ASSET' },
  BUSINESS_NAME: { type: 'TEXT', min: 1, max: 1, length: 25, error: 'NOT_ENOUGH_BUSINESS_NAME_ASSET' },
  MARKETING_IMAGE: { type: 'IMAGE', min: 1, max: 20, ratio: [1.91, 600, 314], error: 'NOT_ENOUGH_MARKETING_IMAGE_ASSET' },
  SQUARE_MARKETING_IMAGE: { type: 'IMAGE', min: 1, max: 20, ratio: [1, 300, 300], error: 'NOT_ENOUGH_SQUARE_MARKETING_IMAGE_ASSET' },
  PORTRAIT_MARKETING_IMAGE: { type: 'IMAGE', min: 0, max: 20, ratio: [0.8, 480, 600], error: '' },
  LOGO: { type: 'IMAGE', min: 1, max: 5, ratio: [1, 128, 128], error: 'NOT_ENOUGH_LOGO_ASSET' },
  YOUTUBE_VIDEO: { type: 'YOUTUBE_VIDEO', min: 0, max: 5, error: '' },
};

/** An asset group that exists and is not removed (its links and signals cannot change otherwise). */
export function liveGroup(c: FakeCustomer, rn: unknown, where: (f: string) => Obj): Obj {
  const group = refOf(c, 'assetGroups', rn, 'asset_group', where);
  if (group.status === 'REMOVED')
    throw invalid('assetGroupError', 'CANNOT_MODIFY_REMOVED_ASSET_GROUP', 'A removed asset group cannot be changed.', where('asset_group'));
  return group;
}

/** An asset group that is not removed holds each field's minimum, and one description of at most 60 characters. */
export function checkAssetGroup(c: FakeCustomer, group: Obj): void {
  if (group.status === 'REMOVED') return;
  const links = c.assetGroupAssets.filter((l) => l.assetGroup === group.resourceName);
  const brand = brandGuidelines(c, group.campaign);
  for (const [field, rule] of Object.entries(PMAX_FIELDS)) {
    if (brand && BRAND_FIELDS.includes(field)) {
      // Brand guidelines: the campaign holds the business name and logo for all its asset groups.
      if (!c.campaignAssets.some((l) => l.campaign === group.campaign && l.fieldType === field))
        throw invalid(
          'campaignError',
          field === 'LOGO' ? 'REQUIRED_LOGO_ASSET_NOT_LINKED' : 'REQUIRED_BUSINESS_NAME_ASSET_NOT_LINKED',
          `Performance Max campaigns with Brand Guidelines enabled require at least one ${field === 'LOGO' ? 'square logo' : 'business name'} to be linked as a CampaignAsset.`,
          { fieldPathElements: [{ fieldName: 'campaign' }] },
        );
      continue;
    }
    if (links.filter((l) => l.fieldType === field).length < rule.min)
      throw invalid('assetGroupError', rule.error, `The asset group needs at least ${rule.min} ${field} asset(s).`, {
        fieldPathElements: [{ fieldName: 'asset_group' }],
      });
  }
  const descriptions = links
    .filter((l) => l.fieldType === 'DESCRIPTION')
    .map((l) => String(c.assets.find((a) => a.resourceName === l.asset)?.textAsset?.text ?? ''));
  if (!descriptions.some((d) => d.length <= 60))
    throw invalid('assetGroupError', 'SHORT_DESCRIPTION_REQUIRED', 'One description must be at most 60 characters.', {
      fieldPathElements: [{ fieldName: 'asset_group' }],
    });
}

/** Each listing group tree: one root, subdivisions with an "everything else" child of one dimension. */
export function checkListingTrees(c: FakeCustomer): void {
  const fail = (code: string, message: string) =>
    invalid('assetGroupListingGroupFilterError', code, message, { fieldPathElements: [{ fieldName: 'asset_group_listing_group_filter' }] });
  for (const group of new Set(c.listingGroupFilters.map((f) => f.assetGroup))) {
    const tree = c.listingGroupFilters.filter((f) => f.assetGroup === group);
    if (tree.filter((f) => !f.parentListingGroupFilter).length !== 1)
      throw fail('TREE_TOO_MANY_ROOTS', 'A listing group tree has exactly one root.');
    for (const f of tree.filter((x) => x.type === 'SUBDIVISION')) {
      const children = tree.filter((x) => x.parentListingGroupFilter === f.resourceName);
      const dims = new Set(children.map((x) => Object.keys(x.caseValue ?? {})[0]));
      if (dims.size > 1)
        throw fail('MULTIPLE_LISTING_DIMENSION_TYPES_PER_SUBDIVISION', 'The children of a subdivision split on one dimension.');
      const others = children.filter((x) =>
        Object.values(x.caseValue ?? {}).every(
          (v) => !v || !Object.keys(v as Obj).some((k) => ['value', 'categoryId', 'condition'].includes(k)),
        ),
      );
      if (others.length !== 1) throw fail('SUBDIVISION_MUST_HAVE_OTHERS_CASE', 'A subdivision needs exactly one "everything else" child.');
    }
  }
}

/** The platform's rating of an asset group's assets. */
export function adStrengthOf(c: FakeCustomer, group: Obj): string {
  if (group.status === 'REMOVED') return 'PENDING';
  const n = c.assetGroupAssets.filter((l) => l.assetGroup === group.resourceName).length;
  return n >= 20 ? 'EXCELLENT' : n >= 14 ? 'GOOD' : n >= 10 ? 'AVERAGE' : 'POOR';
}

/** Mutate specs of this family's resources (by service name). */
export const PMAX_MUTABLE: Record<string, MutableSpec> = {
  assetGroups: {
    list: 'assetGroups',
    create: ['campaign', 'name', 'status', 'finalUrls', 'path1', 'path2'],
    update: ['name', 'status', 'finalUrls', 'path1', 'path2'],
    build(c, create, where) {
      const campaign = refOf(c, 'campaigns', create.campaign, 'campaign', where);
      if (campaign.advertisingChannelType !== 'PERFORMANCE_MAX')
        throw invalid(
          'assetGroupError',
          'CANNOT_ADD_ASSET_GROUP_FOR_CAMPAIGN_TYPE',
          'Asset groups belong to Performance Max campaigns.',
          where('campaign'),
        );
      if (campaign.status === 'REMOVED')
        throw invalid('campaignError', 'CANNOT_MODIFY_REMOVED_CAMPAIGN', 'Cannot modify a removed campaign.', where('campaign'));
      const id = newId(11);
      return { id, resourceName: `customers/${c.id}/assetGroups/${id}`, status: 'ENABLED', ...create };
    },
    validate(c, group, where, before) {
      if (before?.status === 'REMOVED')
        throw invalid('assetGroupError', 'CANNOT_MODIFY_REMOVED_ASSET_GROUP', 'A removed asset group cannot be changed.', where('status'));
      required('name', group.name, where);
      ENUM('status', group.status, ['ENABLED', 'PAUSED'], where);
      if (!Array.isArray(group.finalUrls) || !group.finalUrls.length)
        throw invalid('assetGroupError', 'FINAL_URL_REQUIRED', 'An asset group needs a final URL.', where('final_urls'));
      for (const path of ['path1', 'path2'])
        if (group[path] !== undefined && String(group[path]).length > 15)
          throw invalid('stringLengthError', 'TOO_LONG', `${path} is too long (max 15).`, where(path));
      if (group.path2 && !group.path1) throw invalid('assetGroupError', 'PATH2_REQUIRES_PATH1', 'path2 needs path1.', where('path2'));
      if (
        c.assetGroups.some(
          (g) =>
            g !== before &&
            g.resourceName !== group.resourceName &&
            g.campaign === group.campaign &&
            g.status !== 'REMOVED' &&
            g.name === group.name,
        )
      ) {
        throw invalid('assetGroupError', 'DUPLICATE_NAME', 'An asset group with this name already exists in the campaign.', where('name'));
      }
    },
    remove(c, target) {
      if (target.status === 'REMOVED')
        throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${target.resourceName}.`);
      markRemoved(c, target);
    },
  },
  assetGroupAssets: {
    list: 'assetGroupAssets',
    create: ['assetGroup', 'asset', 'fieldType'],
    build(c, create, where) {
      const group = liveGroup(c, create.assetGroup, where);
      const asset = refOf(c, 'assets', create.asset, 'asset', where);
      ENUM('field_type', create.fieldType, Object.keys(PMAX_FIELDS), where);
      if (BRAND_FIELDS.includes(create.fieldType) && brandGuidelines(c, group.campaign))
        throw invalid(
          'assetLinkError',
          'BRAND_ASSETS_NOT_LINKED_AT_CAMPAIGN_LEVEL',
          'For Performance Max campaigns where brand_guidelines_enabled is true, business name and logo assets must be linked as CampaignAssets.',
          where('field_type'),
        );
      const rule = PMAX_FIELDS[create.fieldType]!;
      if (asset.type !== rule.type)
        throw invalid(
          'assetLinkError',
          'INVALID_ASSET_TYPE',
          `An asset of type ${asset.type} cannot be linked as ${create.fieldType}.`,
          where('field_type'),
        );
      if (rule.length && String(asset.textAsset?.text ?? '').length > rule.length)
        throw invalid(
          'assetLinkError',
          'INVALID_ASSET_TEXT_FOR_FIELD_TYPE',
          `A ${create.fieldType} is at most ${rule.length} characters.`,
          where('asset'),
        );
      if (rule.ratio) {
        const width = Number(asset.imageAsset?.fullSize?.widthPixels ?? 0);
        const height = Number(asset.imageAsset?.fullSize?.heightPixels ?? 0);
        if (!height || Math.abs(width / height - rule.ratio[0]) / rule.ratio[0] > 0.01)
          throw invalid(
            'assetLinkError',
            'INVALID_IMAGE_ASPECT_RATIO',
            `The image's aspect ratio does not fit ${create.fieldType}.`,
            where('asset'),
          );
        if (width < rule.ratio[1] || height < rule.ratio[2])
          throw invalid('assetLinkError', 'IMAGE_TOO_SMALL', `The image is too small for ${create.fieldType}.`, where('asset'));
      }
      const resourceName = `customers/${c.id}/assetGroupAssets/${group.id}~${asset.id}~${create.fieldType}`;
      if (c.assetGroupAssets.some((l) => l.resourceName === resourceName))
        throw invalid(
          'assetGroupAssetError',
          'DUPLICATE_RESOURCE',
          'The asset is already linked to the asset group in this field.',
          where('asset'),
        );
      if (c.assetGroupAssets.filter((l) => l.assetGroup === group.resourceName && l.fieldType === create.fieldType).length >= rule.max)
        throw invalid(
          'resourceCountLimitExceededError',
          'RESOURCE_LIMIT',
          `An asset group holds at most ${rule.max} ${create.fieldType} assets.`,
          where('field_type'),
        );
      return {
        resourceName,
        assetGroup: group.resourceName,
        asset: asset.resourceName,
        fieldType: create.fieldType,
        status: 'ENABLED',
      };
    },
    validate() {},
    remove(c, target, list) {
      liveGroup(c, target.assetGroup, () => ({}));
      removeFrom(c, target, list);
    },
  },
  assetGroupSignals: {
    list: 'assetGroupSignals',
    create: ['assetGroup', 'audience.audience', 'searchTheme.text'],
    build(c, create, where) {
      const group = liveGroup(c, create.assetGroup, where);
      if ((create.audience === undefined) === (create.searchTheme === undefined))
        throw invalid(
          'assetGroupSignalError',
          'SIGNAL_TYPE_REQUIRED',
          'Exactly one of audience or search theme must be set.',
          where('signal'),
        );
      const id = newId(12);
      const base = { resourceName: `customers/${c.id}/assetGroupSignals/${group.id}~${id}`, assetGroup: group.resourceName };
      const mine = c.assetGroupSignals.filter((x) => x.assetGroup === group.resourceName);
      if (create.searchTheme) {
        const text = String(create.searchTheme.text ?? '');
        required('search_theme.text', text, where);
        if (text.length > 80)
          throw invalid('stringLengthError', 'TOO_LONG', 'A search theme is at most 80 characters.', where('search_theme.text'));
        if (mine.some((x) => x.searchTheme?.text.toLowerCase() === text.toLowerCase()))
          throw invalid(
            'assetGroupSignalError',
            'DUPLICATE_SEARCH_THEME',
            'The search theme is already on the asset group.',
            where('search_theme.text'),
          );
        if (mine.filter((x) => x.searchTheme).length >= 50)
          throw invalid(
            'resourceCountLimitExceededError',
            'RESOURCE_LIMIT',
            'An asset group holds at most 50 search themes.',
            where('search_theme'),
          );
        return { ...base, searchTheme: { text }, approvalStatus: 'UNDER_REVIEW' };
      }
      refOf(c, 'audiences', create.audience.audience, 'audience.audience', where);
      return { ...base, audience: { audience: create.audience.audience }, approvalStatus: 'APPROVED' };
    },
    validate() {},
    remove: removeFrom,
  },
  audiences: {
    list: 'audiences',
    create: ['name', 'dimensions', 'description'],
    build(c, create, where) {
      required('name', create.name, where);
      if (c.audiences.some((a) => a.name === create.name))
        throw invalid('audienceError', 'NAME_ALREADY_IN_USE', 'An audience with this name already exists.', where('name'));
      const segments: Obj[] = (create.dimensions ?? []).flatMap((d: Obj) => d.audienceSegments?.segments ?? []);
      if (!segments.length)
        throw invalid('audienceError', 'DIMENSION_INVALID', 'An audience needs at least one segment.', where('dimensions'));
      for (const seg of segments) {
        const target = seg.userList?.userList ?? seg.userInterest?.userInterestCategory ?? seg.customAudience?.customAudience;
        const known =
          c.userLists.some((x) => x.resourceName === target) ||
          c.customAudiences.some((x) => x.resourceName === target) ||
          USER_INTERESTS.some((u) => target === `customers/${c.id}/userInterests/${u.userInterestId}`);
        if (!known)
          throw invalid(
            'audienceError',
            'DIMENSION_INVALID',
            `The segment ${target} does not exist or is not accessible.`,
            where('dimensions'),
          );
      }
      const id = newId(10);
      return { id, resourceName: `customers/${c.id}/audiences/${id}`, name: create.name, status: 'ENABLED', dimensions: create.dimensions };
    },
    validate() {},
    remove() {
      throw invalid('mutateError', 'MUTATE_NOT_ALLOWED', 'Audiences cannot be removed.');
    },
  },
  assetGroupListingGroupFilters: {
    list: 'listingGroupFilters',
    create: [
      'assetGroup',
      'type',
      'listingSource',
      'parentListingGroupFilter',
      'caseValue.productBrand',
      'caseValue.productCategory',
      'caseValue.productItemId',
      'caseValue.productCustomAttribute',
      'caseValue.productCondition',
    ],
    build(c, create, where) {
      const group = liveGroup(c, create.assetGroup, where);
      ENUM('type', create.type, ['SUBDIVISION', 'UNIT_INCLUDED', 'UNIT_EXCLUDED'], where);
      ENUM('listing_source', create.listingSource, ['SHOPPING', 'WEBPAGE'], where);
      if (create.parentListingGroupFilter !== undefined) {
        const parent = refOf(c, 'listingGroupFilters', create.parentListingGroupFilter, 'parent_listing_group_filter', where);
        if (parent.type !== 'SUBDIVISION')
          throw invalid(
            'assetGroupListingGroupFilterError',
            'PARENT_IS_NOT_SUBDIVISION',
            'Only a subdivision has children.',
            where('parent_listing_group_filter'),
          );
        if (!create.caseValue)
          throw invalid('assetGroupListingGroupFilterError', 'CASE_VALUE_REQUIRED', 'A child needs a case value.', where('case_value'));
      } else if (c.listingGroupFilters.some((f) => f.assetGroup === group.resourceName && !f.parentListingGroupFilter)) {
        throw invalid(
          'assetGroupListingGroupFilterError',
          'TREE_ALREADY_HAS_ROOT',
          'The asset group already has a root listing group.',
          where('parent_listing_group_filter'),
        );
      }
      const id = newId(11);
      return {
        resourceName: `customers/${c.id}/assetGroupListingGroupFilters/${group.id}~${id}`,
        id,
        assetGroup: group.resourceName,
        type: create.type,
        listingSource: create.listingSource,
        ...(create.caseValue ? { caseValue: create.caseValue } : {}),
        ...(create.parentListingGroupFilter ? { parentListingGroupFilter: create.parentListingGroupFilter } : {}),
      };
    },
    validate() {},
    remove(c, target, list) {
      // Removing a subdivision removes the nodes under it.
      const gone = new Set([target.resourceName]);
      for (let grew = true; grew;) {
        grew = false;
        for (const f of list) {
          if (f.parentListingGroupFilter && gone.has(f.parentListingGroupFilter) && !gone.has(f.resourceName)) {
            gone.add(f.resourceName);
            grew = true;
          }
        }
      }
      for (const f of list.filter((x) => gone.has(x.resourceName))) removeFrom(c, f, list);
    },
  },
};
