/**
 * Every field the live adapter mutates is checked against the published definitions
 * (test/fakes/searchads-fields.json, generated from the protos with their field behaviours): the fake
 * refuses, as the platform does, a create naming a field its resource does not have, an update mask naming
 * one, a write of an output-only field and an update of an immutable one. The live tests run every write
 * tool against this fake, so a field the adapter writes that the definitions do not allow fails there; the
 * fake records what it accepted (`mutatedFields`), which live-pmax and live-tools check for the nested
 * writes (bidding schemes, brand-guideline campaign assets, asset groups).
 */
import { publishedWrite, resourceOfService } from '../../fakes/searchads-api-fields';
import { useFakeSearchAdsUpstream } from './fake-api-support';

const cid = '5551234568';
const upstream = useFakeSearchAdsUpstream(cid);
const mutate = (service: string, operations: unknown[]) => upstream.post(`customers/${cid}/${service}:mutate`, { operations });

describe('searchads fake: mutated fields against the published definitions', () => {
  it('names the resource of each mutate service and judges paths by the definitions, nested ones too', () => {
    expect(
      ['campaignBudgets', 'adGroupCriteria', 'biddingStrategies', 'assetGroupListingGroupFilters', 'ads'].map(resourceOfService),
    ).toEqual(['campaign_budget', 'ad_group_criterion', 'bidding_strategy', 'asset_group_listing_group_filter', 'ad']);
    expect(publishedWrite('campaign', 'targetSpend.cpcBidCeilingMicros')).toBe('writable');
    // A message holding fields may be written whole (`manualCpc: {}` sets the scheme).
    expect(publishedWrite('campaign', 'manualCpc')).toBe('writable');
    // A part of a field the definitions list whole (an ad's text asset).
    expect(publishedWrite('ad', 'responsiveDisplayAd.longHeadline.text')).toBe('writable');
    expect(publishedWrite('campaign', 'maximizeClicks.cpcBidCeilingMicros')).toBe('unknown');
    expect(publishedWrite('campaign', 'primaryStatus')).toBe('output_only');
    expect(publishedWrite('campaign', 'advertisingChannelType')).toBe('immutable');
    expect(publishedWrite('campaign_asset', 'fieldType')).toBe('immutable');
    expect(publishedWrite('no_such_resource', 'name')).toBe('unknown');
  });

  it('refuses a create with an unknown or output-only field, and an update mask naming an unknown, output-only or immutable field', async () => {
    const campaign = upstream.api.customer(cid).campaigns[0]!;
    const budget = upstream.api.customer(cid).budgets[0]!;
    const create = (extra: Record<string, unknown>) =>
      mutate('campaigns', [
        {
          create: {
            name: 'New',
            status: 'PAUSED',
            advertisingChannelType: 'SEARCH',
            campaignBudget: budget.resourceName,
            containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
            manualCpc: {},
            ...extra,
          },
        },
      ]);
    expect((await create({ maximizeClicks: { cpcBidCeilingMicros: '1000000' } })).code).toEqual({ requestError: 'UNKNOWN' });
    const outputOnly = await create({ primaryStatus: 'ELIGIBLE' });
    expect(outputOnly.code).toEqual({ fieldError: 'VALUE_MUST_BE_UNSET' });
    expect(outputOnly.json.error.details[0].errors[0].message).toContain('primaryStatus');
    const update = (mask: string, fields: Record<string, unknown>) =>
      mutate('campaigns', [{ update: { resourceName: campaign.resourceName, ...fields }, updateMask: mask }]);
    expect((await update('maximizeClicks', { maximizeClicks: {} })).code).toEqual({ fieldMaskError: 'FIELD_NOT_FOUND' });
    expect((await update('primaryStatus', { primaryStatus: 'PAUSED' })).code).toEqual({ fieldError: 'VALUE_MUST_BE_UNSET' });
    expect((await update('advertisingChannelType', { advertisingChannelType: 'DISPLAY' })).code).toEqual({
      fieldError: 'IMMUTABLE_FIELD',
    });
    // Nothing of a refused write is recorded; an accepted one is, nested paths as written.
    expect([...upstream.api.mutatedFields]).toEqual([]);
    const renamed = await update('name,networkSettings.targetSearchNetwork', {
      name: 'Renamed',
      networkSettings: { targetSearchNetwork: false },
    });
    expect(renamed.status).toBe(200);
    expect([...upstream.api.mutatedFields].sort()).toEqual(['campaign.name', 'campaign.networkSettings.targetSearchNetwork']);
  });
});
