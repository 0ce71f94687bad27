/**
 * Every field the live adapter mutates is checked against the published definitions
 * (test/fakes/searchads-fields.json, generated from the protos with their field behaviours): the fake
 * refuses, as the platform does, a create or update naming a field its resource does not have, an update
 * mask naming one, and an update of an immutable field; an output-only field does nothing (the platform
 * ignores it, google/api/field_behavior.proto). The live tests run every write tool against this fake, so
 * a field the adapter writes that the definitions do not list fails there; the fake records what it
 * accepted (`mutatedFields`), which live-pmax checks for the nested writes and for output-only ones.
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

  it('refuses a create or update naming an unknown field, an update mask naming one, and an update of an immutable field', async () => {
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
    const update = (mask: string, fields: Record<string, unknown>) =>
      mutate('campaigns', [{ update: { resourceName: campaign.resourceName, ...fields }, updateMask: mask }]);
    expect((await update('maximizeClicks', { maximizeClicks: {} })).code).toEqual({ fieldMaskError: 'FIELD_NOT_FOUND' });
    expect((await update('name', { name: 'X', budget: 1 })).code).toEqual({ requestError: 'UNKNOWN' });
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
