/**
 * The fake search platform refuses what the real one refuses for Performance Max, so the live
 * adapter's Performance Max tests prove something: asset groups only with their minimum assets
 * (in one googleAds:mutate, atomically), asset types and image shapes per field, image bytes,
 * 50 search themes, valid listing group trees, removed asset groups.
 */
import { useFakeSearchAdsUpstream } from './fake-api-support';
import { pngOf } from './image-host';

const cid = '5551234999';
const upstream = useFakeSearchAdsUpstream(cid);
const post = (path: string, body: unknown) => upstream.post(`customers/${cid}/${path}`, body);
const rn = (collection: string, id: string) => `customers/${cid}/${collection}/${id}`;

describe('fake search platform: Performance Max', () => {
  const c = () => upstream.api.customer(cid);
  const pmax = () => c().campaigns.find((x) => x.advertisingChannelType === 'PERFORMANCE_MAX')!;
  const group = () => c().assetGroups[0]!;
  const links = () => c().assetGroupAssets.filter((l) => l.assetGroup === group().resourceName);
  const assetOf = (field: string) => links().find((l) => l.fieldType === field)!.asset as string;

  it('refuses an asset group without its minimum assets, alone or in one request, and leaves nothing behind', async () => {
    const alone = await post('assetGroups:mutate', {
      operations: [{ create: { campaign: pmax().resourceName, name: 'Alone', status: 'PAUSED', finalUrls: ['https://www.example.com/'] } }],
    });
    expect(alone.code).toEqual({ assetGroupError: 'NOT_ENOUGH_HEADLINE_ASSET' });
    const temp = rn('assetGroups', '-1');
    const few = await post('googleAds:mutate', {
      mutateOperations: [
        {
          assetGroupOperation: {
            create: {
              resourceName: temp,
              campaign: pmax().resourceName,
              name: 'Few',
              status: 'PAUSED',
              finalUrls: ['https://www.example.com/'],
            },
          },
        },
        ...links()
          .filter((l) => l.fieldType !== 'LOGO')
          .map((l) => ({ assetGroupAssetOperation: { create: { assetGroup: temp, asset: l.asset, fieldType: l.fieldType } } })),
      ],
    });
    expect(few.code).toEqual({ assetGroupError: 'NOT_ENOUGH_LOGO_ASSET' });
    expect(c().assetGroups.map((g) => g.name)).toEqual(['All Products']);
    const ok = await post('googleAds:mutate', {
      mutateOperations: [
        {
          assetGroupOperation: {
            create: {
              resourceName: temp,
              campaign: pmax().resourceName,
              name: 'Full',
              status: 'PAUSED',
              finalUrls: ['https://www.example.com/'],
            },
          },
        },
        ...links().map((l) => ({ assetGroupAssetOperation: { create: { assetGroup: temp, asset: l.asset, fieldType: l.fieldType } } })),
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.json.mutateOperationResponses[0].assetGroupResult.resourceName).toMatch(/assetGroups\/\d+$/);
  });

  it('refuses an asset group on another campaign type, the wrong asset type or image shape for a field, and a non-image upload', async () => {
    const search = c().campaigns.find((x) => x.advertisingChannelType === 'SEARCH')!;
    expect(
      (
        await post('assetGroups:mutate', {
          operations: [{ create: { campaign: search.resourceName, name: 'X', finalUrls: ['https://www.example.com/'] } }],
        })
      ).code,
    ).toEqual({ assetGroupError: 'CANNOT_ADD_ASSET_GROUP_FOR_CAMPAIGN_TYPE' });
    expect(
      (
        await post('assetGroupAssets:mutate', {
          operations: [{ create: { assetGroup: group().resourceName, asset: assetOf('HEADLINE'), fieldType: 'LOGO' } }],
        })
      ).code,
    ).toEqual({ assetLinkError: 'INVALID_ASSET_TYPE' });
    expect(
      (
        await post('assetGroupAssets:mutate', {
          operations: [
            { create: { assetGroup: group().resourceName, asset: assetOf('MARKETING_IMAGE'), fieldType: 'SQUARE_MARKETING_IMAGE' } },
          ],
        })
      ).code,
    ).toEqual({ assetLinkError: 'INVALID_IMAGE_ASPECT_RATIO' });
    expect(
      (
        await post('assets:mutate', {
          operations: [{ create: { name: 'x', type: 'IMAGE', imageAsset: { data: Buffer.from('<html>').toString('base64') } } }],
        })
      ).code,
    ).toEqual({ imageError: 'INVALID_IMAGE' });
    const image = await post('assets:mutate', {
      operations: [{ create: { name: 'square.png', type: 'IMAGE', imageAsset: { data: pngOf(600, 600).toString('base64') } } }],
    });
    expect(c().assets.find((a) => a.resourceName === image.json.results[0].resourceName)!.imageAsset.fullSize).toMatchObject({
      widthPixels: '600',
      heightPixels: '600',
    });
    expect(
      (await post('assetGroupAssets:mutate', { operations: [{ remove: links().find((l) => l.fieldType === 'LOGO')!.resourceName }] })).code,
    ).toEqual({ assetGroupError: 'NOT_ENOUGH_LOGO_ASSET' });
  });

  it('refuses a 51st search theme and a subdivision without an "everything else" child', async () => {
    const themes = Array.from({ length: 49 }, (_, i) => ({
      create: { assetGroup: group().resourceName, searchTheme: { text: `theme ${i}` } },
    }));
    expect((await post('assetGroupSignals:mutate', { operations: themes })).status).toBe(200);
    expect(
      (
        await post('assetGroupSignals:mutate', {
          operations: [{ create: { assetGroup: group().resourceName, searchTheme: { text: 'one too many' } } }],
        })
      ).code,
    ).toEqual({ resourceCountLimitExceededError: 'RESOURCE_LIMIT' });
    const root = c().listingGroupFilters.find((f) => f.assetGroup === group().resourceName)!;
    const temp = rn('assetGroupListingGroupFilters', `${group().id}~-1`);
    const tree = await post('googleAds:mutate', {
      mutateOperations: [
        { assetGroupListingGroupFilterOperation: { remove: root.resourceName } },
        {
          assetGroupListingGroupFilterOperation: {
            create: { resourceName: temp, assetGroup: group().resourceName, type: 'SUBDIVISION', listingSource: 'SHOPPING' },
          },
        },
        {
          assetGroupListingGroupFilterOperation: {
            create: {
              assetGroup: group().resourceName,
              type: 'UNIT_INCLUDED',
              listingSource: 'SHOPPING',
              parentListingGroupFilter: temp,
              caseValue: { productBrand: { value: 'Northwind' } },
            },
          },
        },
      ],
    });
    expect(tree.code).toEqual({ assetGroupListingGroupFilterError: 'SUBDIVISION_MUST_HAVE_OTHERS_CASE' });
    expect(c().listingGroupFilters.filter((f) => f.assetGroup === group().resourceName)).toEqual([root]);
  });

  it('brand guidelines (the default of a new campaign): business name and logo only as campaign assets, and required there', async () => {
    const budget = await post('campaignBudgets:mutate', {
      operations: [{ create: { name: 'Brand budget', amountMicros: '10000000', deliveryMethod: 'STANDARD', explicitlyShared: false } }],
    });
    const campaignBody = {
      name: 'Brand PMax',
      status: 'PAUSED',
      advertisingChannelType: 'PERFORMANCE_MAX',
      campaignBudget: budget.json.results[0].resourceName,
      containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
      maximizeConversions: {},
    };
    // Alone, such a campaign cannot have its business name and logo yet: refused.
    const alone = await post('campaigns:mutate', { operations: [{ create: campaignBody }] });
    expect(alone.code).toEqual({ campaignError: 'REQUIRED_BUSINESS_NAME_ASSET_NOT_LINKED' });
    const tempCampaign = rn('campaigns', '-9');
    const brandLink = (field: string) => ({
      campaignAssetOperation: { create: { campaign: tempCampaign, asset: assetOf(field), fieldType: field } },
    });
    const withoutLogo = await post('googleAds:mutate', {
      mutateOperations: [{ campaignOperation: { create: { resourceName: tempCampaign, ...campaignBody } } }, brandLink('BUSINESS_NAME')],
    });
    expect(withoutLogo.code).toEqual({ campaignError: 'REQUIRED_LOGO_ASSET_NOT_LINKED' });
    expect(c().campaigns.some((x) => x.name === 'Brand PMax')).toBe(false);
    // Created with its brand links in one request (the asset group may follow in a later one).
    const created = await post('googleAds:mutate', {
      mutateOperations: [
        { campaignOperation: { create: { resourceName: tempCampaign, ...campaignBody } } },
        brandLink('BUSINESS_NAME'),
        brandLink('LOGO'),
      ],
    });
    expect(created.status).toBe(200);
    const brand = c().campaigns.find((x) => x.name === 'Brand PMax')!;
    expect(brand.brandGuidelinesEnabled).toBe(true);
    const temp = rn('assetGroups', '-1');
    const groupOp = (name: string) => ({
      assetGroupOperation: {
        create: { resourceName: temp, campaign: brand.resourceName, name, status: 'PAUSED', finalUrls: ['https://www.example.com/'] },
      },
    });
    const linkOps = (fields: (f: string) => boolean) =>
      links()
        .filter((l) => fields(l.fieldType))
        .map((l) => ({ assetGroupAssetOperation: { create: { assetGroup: temp, asset: l.asset, fieldType: l.fieldType } } }));
    const isBrand = (f: string) => f === 'BUSINESS_NAME' || f === 'LOGO';
    // The asset group level refuses them, with the platform's error.
    const atGroup = await post('googleAds:mutate', { mutateOperations: [groupOp('At group'), ...linkOps(() => true)] });
    expect(atGroup.code).toEqual({ assetLinkError: 'BRAND_ASSETS_NOT_LINKED_AT_CAMPAIGN_LEVEL' });
    const brandLinks = () =>
      c()
        .campaignAssets.filter((l) => l.campaign === brand.resourceName)
        .map((l) => l.fieldType);
    expect(brandLinks()).toEqual(['BUSINESS_NAME', 'LOGO']);
    // Operations run in order: a link naming the asset group's temporary id before the group is created is refused,
    // and nothing of the request stays.
    const early = await post('googleAds:mutate', { mutateOperations: [...linkOps((f) => !isBrand(f)), groupOp('Too early')] });
    expect(early.code).toEqual({ mutateError: 'RESOURCE_NOT_FOUND' });
    // A temporary id is unique in a request, across resource types.
    const twice = await post('googleAds:mutate', {
      mutateOperations: [
        { campaignBudgetOperation: { create: { resourceName: rn('campaignBudgets', '-3'), name: 'Twice', amountMicros: '1000000' } } },
        {
          ...groupOp('Twice'),
          assetGroupOperation: { create: { ...groupOp('Twice').assetGroupOperation.create, resourceName: rn('assetGroups', '-3') } },
        },
      ],
    });
    expect(twice.code).toEqual({ newResourceCreationError: 'DUPLICATE_TEMP_IDS' });
    expect(c().assetGroups.some((g) => ['Too early', 'Twice'].includes(g.name))).toBe(false);
    const ok = await post('googleAds:mutate', { mutateOperations: [groupOp('Brand group'), ...linkOps((f) => !isBrand(f))] });
    expect(ok.status).toBe(200);
    expect(brandLinks()).toEqual(['BUSINESS_NAME', 'LOGO']);
    // The last logo of a campaign whose asset groups hold assets stays.
    const logo = c().campaignAssets.find((l) => l.campaign === brand.resourceName && l.fieldType === 'LOGO')!;
    expect((await post('campaignAssets:mutate', { operations: [{ remove: logo.resourceName }] })).code).toEqual({
      campaignError: 'REQUIRED_LOGO_ASSET_NOT_LINKED',
    });
    // A campaign without brand guidelines keeps them in its asset groups.
    expect(
      (
        await post('campaignAssets:mutate', {
          operations: [{ create: { campaign: pmax().resourceName, asset: assetOf('LOGO'), fieldType: 'LOGO' } }],
        })
      ).code,
    ).toEqual({ assetLinkError: 'BRAND_ASSETS_NOT_LINKED_AT_ASSET_GROUP_LEVEL' });
  });

  it('refuses changes to a removed asset group', async () => {
    const full = c().assetGroups.find((g) => g.name === 'Full')!;
    expect((await post('assetGroups:mutate', { operations: [{ remove: full.resourceName }] })).status).toBe(200);
    expect(
      (
        await post('assetGroups:mutate', {
          operations: [{ update: { resourceName: full.resourceName, status: 'ENABLED' }, updateMask: 'status' }],
        })
      ).code,
    ).toEqual({ assetGroupError: 'CANNOT_MODIFY_REMOVED_ASSET_GROUP' });
    expect(
      (
        await post('assetGroupSignals:mutate', {
          operations: [{ create: { assetGroup: full.resourceName, searchTheme: { text: 'late' } } }],
        })
      ).code,
    ).toEqual({ assetGroupError: 'CANNOT_MODIFY_REMOVED_ASSET_GROUP' });
  });
});
