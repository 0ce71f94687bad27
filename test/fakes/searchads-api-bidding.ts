/**
 * Mutable resources of the fake search platform, bidding family: labels and their links to campaigns, ad groups, ads and keywords, and portfolio bidding strategies.
 */
import { PORTFOLIO_SCHEMES } from './searchads-api-campaigns';
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

/** A link of a label to one entity: `<collection>/<entity key>~<label id>`. */
export const labelLink = (
  field: string,
  collection: keyof FakeCustomer,
  resource: string,
  onCreate?: (c: FakeCustomer, link: Obj, add: boolean) => void,
): MutableSpec => ({
  list: resource as keyof FakeCustomer,
  create: [field, 'label'],
  build(c, create, where) {
    const entity = refOf(c, collection, create[field], field, where);
    const label = refOf(c, 'labels', create.label, 'label', where);
    if (entity.status === 'REMOVED')
      throw invalid('labelError', 'CANNOT_APPLY_LABEL_TO_REMOVED_ENTITY', 'A removed entity cannot be labelled.', where(field));
    return {
      resourceName: `customers/${c.id}/${resource}/${String(entity.resourceName).split('/').at(-1)}~${label.id}`,
      [field]: entity.resourceName,
      label: label.resourceName,
    };
  },
  validate() {},
  remove(c, target, list) {
    removeFrom(c, target, list);
    onCreate?.(c, target, false);
  },
  created: onCreate ? (c, link) => onCreate(c, link, true) : undefined,
});

/** Mutate specs of this family's resources (by service name). */
export const BIDDING_MUTABLE: Record<string, MutableSpec> = {
  labels: {
    list: 'labels',
    create: ['name', 'textLabel.backgroundColor', 'textLabel.description'],
    build(c, create, where) {
      required('name', create.name, where);
      if (String(create.name).length > 80) throw invalid('stringLengthError', 'TOO_LONG', 'Too long.', where('name'));
      if (c.labels.some((l) => l.status !== 'REMOVED' && l.name === create.name))
        throw invalid('labelError', 'DUPLICATE_NAME', 'A label with this name already exists.', where('name'));
      if (create.textLabel?.backgroundColor !== undefined && !/^#[0-9A-Fa-f]{6}$/.test(create.textLabel.backgroundColor))
        throw invalid('labelError', 'INVALID_LABEL_COLOR', 'Background color must be #RRGGBB.', where('text_label.background_color'));
      const id = newId(10);
      return {
        id,
        resourceName: `customers/${c.id}/labels/${id}`,
        name: create.name,
        status: 'ENABLED',
        textLabel: { ...(create.textLabel ?? {}) },
      };
    },
    validate() {},
    remove: markRemoved,
  },
  campaignLabels: labelLink('campaign', 'campaigns', 'campaignLabels', (c, link, add) => {
    const campaign = c.campaigns.find((x) => x.resourceName === link.campaign)!;
    campaign.labels = add ? [...campaign.labels, link.label] : campaign.labels.filter((l: string) => l !== link.label);
  }),
  adGroupLabels: labelLink('adGroup', 'adGroups', 'adGroupLabels'),
  adGroupAdLabels: labelLink('adGroupAd', 'ads', 'adGroupAdLabels'),
  adGroupCriterionLabels: labelLink('adGroupCriterion', 'adGroupCriteria', 'adGroupCriterionLabels'),
  biddingStrategies: {
    list: 'biddingStrategies',
    create: [
      'name',
      'targetCpa.targetCpaMicros',
      'targetCpa.cpcBidCeilingMicros',
      'targetCpa.cpcBidFloorMicros',
      'targetRoas.targetRoas',
      'targetRoas.cpcBidCeilingMicros',
      'targetRoas.cpcBidFloorMicros',
      'maximizeConversions.targetCpaMicros',
      'maximizeConversionValue.targetRoas',
      'targetImpressionShare.location',
      'targetImpressionShare.locationFractionMicros',
      'targetImpressionShare.cpcBidCeilingMicros',
      'targetSpend.cpcBidCeilingMicros',
    ],
    build(c, create, where) {
      required('name', create.name, where);
      if (c.biddingStrategies.some((x) => x.status !== 'REMOVED' && x.name === create.name))
        throw invalid('biddingStrategyError', 'DUPLICATE_NAME', 'A bidding strategy with this name already exists.', where('name'));
      const schemes = PORTFOLIO_SCHEMES.filter(([field]) => create[field] !== undefined);
      if (schemes.length !== 1)
        throw invalid('biddingStrategyError', 'BIDDING_STRATEGY_TYPE_MISSING', 'Exactly one bidding scheme must be set.', where('scheme'));
      const [field, type] = schemes[0]!;
      const scheme = create[field];
      for (const [key, value] of Object.entries(scheme)) {
        if (
          /Micros$/.test(key) &&
          key !== 'locationFractionMicros' &&
          (!Number.isInteger(Number(value)) || Number(value) <= 0 || Number(value) % 10_000 !== 0)
        ) {
          throw invalid(
            'biddingError',
            'BID_TOO_MANY_FRACTIONAL_DIGITS',
            `${key} must be a positive multiple of the minimum currency unit.`,
            where(`${field}.${key}`),
          );
        }
      }
      if (type === 'TARGET_CPA') required('target_cpa.target_cpa_micros', scheme.targetCpaMicros, where);
      if (type === 'TARGET_ROAS') required('target_roas.target_roas', scheme.targetRoas, where);
      if (type === 'TARGET_IMPRESSION_SHARE') {
        ENUM('target_impression_share.location', scheme.location, ['ANYWHERE_ON_PAGE', 'TOP_OF_PAGE', 'ABSOLUTE_TOP_OF_PAGE'], where);
        const fraction = Number(scheme.locationFractionMicros);
        if (!Number.isInteger(fraction) || fraction < 1 || fraction > 1_000_000)
          throw invalid(
            'rangeError',
            'TOO_HIGH',
            'location_fraction_micros must be 1-1,000,000.',
            where('target_impression_share.location_fraction_micros'),
          );
        required('target_impression_share.cpc_bid_ceiling_micros', scheme.cpcBidCeilingMicros, where);
      }
      if (
        scheme.cpcBidFloorMicros !== undefined &&
        scheme.cpcBidCeilingMicros !== undefined &&
        Number(scheme.cpcBidFloorMicros) > Number(scheme.cpcBidCeilingMicros)
      ) {
        throw invalid(
          'biddingError',
          'BID_FLOOR_ABOVE_CEILING',
          'The CPC floor is above the ceiling.',
          where(`${field}.cpc_bid_floor_micros`),
        );
      }
      const id = newId(10);
      return {
        id,
        resourceName: `customers/${c.id}/biddingStrategies/${id}`,
        name: create.name,
        type,
        status: 'ENABLED',
        [field]: structuredClone(scheme),
      };
    },
    validate() {},
    remove(c, target) {
      if (c.campaigns.some((x) => x.biddingStrategy === target.resourceName && x.status !== 'REMOVED'))
        throw invalid('biddingStrategyError', 'CANNOT_REMOVE_ASSOCIATED_STRATEGY', 'The strategy is used by campaigns.');
      markRemoved(c, target);
    },
  },
};
