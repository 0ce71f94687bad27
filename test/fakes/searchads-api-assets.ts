/**
 * Mutable resources of the fake search platform, assets family: the asset library (callouts, calls, sitelinks, snippets, text, images, videos) and campaign asset links.
 */
import { imageSize } from '../../platforms/image-check';
import { ENUM, type FakeCustomer, type MutableSpec, type Obj, invalid, newId, refOf, removeFrom, required } from './searchads-api-core';
import { BRAND_FIELDS, PMAX_FIELDS, brandGuidelines } from './searchads-api-pmax';

/** Mutate specs of this family's resources (by service name). */
export const ASSET_MUTABLE: Record<string, MutableSpec> = {
  assets: {
    list: 'assets',
    create: [
      'calloutAsset.calloutText',
      'callAsset.phoneNumber',
      'callAsset.countryCode',
      'name',
      'finalUrls',
      'sitelinkAsset.linkText',
      'sitelinkAsset.description1',
      'sitelinkAsset.description2',
      'structuredSnippetAsset.header',
      'structuredSnippetAsset.values',
      'textAsset.text',
      'type',
      'imageAsset.data',
      'youtubeVideoAsset.youtubeVideoId',
      'structuredSnippetAsset.header',
      'structuredSnippetAsset.values',
      'textAsset.text',
      'youtubeVideoAsset.youtubeVideoId',
    ],
    build(c, create, where) {
      const id = newId(11);
      if (create.imageAsset) {
        required('name', create.name, where);
        const bytes = Buffer.from(String(create.imageAsset.data ?? ''), 'base64');
        const size = imageSize(bytes);
        if (!size || !['PNG', 'JPEG', 'GIF'].includes(size.format))
          throw invalid('imageError', 'INVALID_IMAGE', 'The image is not a PNG, JPEG or GIF image.', where('image_asset.data'));
        if (bytes.length > 5 * 1024 * 1024)
          throw invalid('imageError', 'FILE_TOO_LARGE', 'The image file is too large.', where('image_asset.data'));
        return {
          id,
          resourceName: `customers/${c.id}/assets/${id}`,
          type: 'IMAGE',
          name: create.name,
          imageAsset: {
            fileSize: String(bytes.length),
            mimeType: `IMAGE_${size.format}`,
            fullSize: { url: `https://tpc.example/simgad/${id}`, widthPixels: String(size.width), heightPixels: String(size.height) },
          },
        };
      }
      if (create.youtubeVideoAsset) {
        const videoId = String(create.youtubeVideoAsset.youtubeVideoId ?? '');
        if (!/^[A-Za-z0-9_-]{11}$/.test(videoId))
          throw invalid(
            'assetError',
            'YOUTUBE_VIDEO_NOT_FOUND',
            'The video id does not name a video.',
            where('youtube_video_asset.youtube_video_id'),
          );
        return {
          id,
          resourceName: `customers/${c.id}/assets/${id}`,
          type: 'YOUTUBE_VIDEO',
          ...(create.name ? { name: create.name } : {}),
          youtubeVideoAsset: { youtubeVideoId: videoId, youtubeVideoTitle: `Video ${videoId}` },
        };
      }
      if (create.type !== undefined)
        throw invalid('assetError', 'ASSET_DATA_IS_MISSING', 'The asset has no data of its type.', where('type'));
      const base = { id, resourceName: `customers/${c.id}/assets/${id}` };
      const tooLong = (value: unknown, max: number, field: string) => {
        if (String(value ?? '').length > max) throw invalid('stringLengthError', 'TOO_LONG', 'Too long.', where(field));
      };
      if (create.sitelinkAsset) {
        required('sitelink_asset.link_text', create.sitelinkAsset.linkText, where);
        tooLong(create.sitelinkAsset.linkText, 25, 'sitelink_asset.link_text');
        if (!Array.isArray(create.finalUrls) || !create.finalUrls.length)
          throw invalid('assetError', 'FINAL_URL_REQUIRED', 'A sitelink needs a final URL.', where('final_urls'));
        if (Boolean(create.sitelinkAsset.description1) !== Boolean(create.sitelinkAsset.description2))
          throw invalid(
            'assetError',
            'SITELINK_DESCRIPTIONS_INCOMPLETE',
            'Both description lines or neither.',
            where('sitelink_asset.description2'),
          );
        tooLong(create.sitelinkAsset.description1, 35, 'sitelink_asset.description1');
        tooLong(create.sitelinkAsset.description2, 35, 'sitelink_asset.description2');
        return { ...base, type: 'SITELINK', finalUrls: create.finalUrls, sitelinkAsset: create.sitelinkAsset };
      }
      if (create.structuredSnippetAsset) {
        const { header, values } = create.structuredSnippetAsset;
        ENUM(
          'structured_snippet_asset.header',
          header,
          [
            'Amenities',
            'Brands',
            'Courses',
            'Degree programs',
            'Destinations',
            'Featured hotels',
            'Insurance coverage',
            'Models',
            'Neighborhoods',
            'Service catalog',
            'Shows',
            'Styles',
            'Types',
          ],
          where,
        );
        if (!Array.isArray(values) || values.length < 3 || values.length > 10)
          throw invalid(
            'assetError',
            'STRUCTURED_SNIPPET_VALUES_COUNT',
            'A structured snippet needs 3-10 values.',
            where('structured_snippet_asset.values'),
          );
        values.forEach((value: unknown) => tooLong(value, 25, 'structured_snippet_asset.values'));
        return { ...base, type: 'STRUCTURED_SNIPPET', structuredSnippetAsset: { header, values } };
      }
      if (create.youtubeVideoAsset) {
        if (!/^[A-Za-z0-9_-]{11}$/.test(String(create.youtubeVideoAsset.youtubeVideoId ?? '')))
          throw invalid(
            'assetError',
            'YOUTUBE_VIDEO_NOT_FOUND',
            'The video id is not valid.',
            where('youtube_video_asset.youtube_video_id'),
          );
        return {
          ...base,
          type: 'YOUTUBE_VIDEO',
          ...(create.name ? { name: create.name } : {}),
          youtubeVideoAsset: { youtubeVideoId: create.youtubeVideoAsset.youtubeVideoId },
        };
      }
      if (create.textAsset) {
        required('text_asset.text', create.textAsset.text, where);
        return { ...base, type: 'TEXT', ...(create.name ? { name: create.name } : {}), textAsset: create.textAsset };
      }
      if (create.calloutAsset) {
        const text = String(create.calloutAsset.calloutText ?? '');
        if (!text)
          throw invalid('fieldError', 'REQUIRED', 'The required field was not present: callout_text.', where('callout_asset.callout_text'));
        if (text.length > 25) throw invalid('stringLengthError', 'TOO_LONG', 'Too long.', where('callout_asset.callout_text'));
        return { id, resourceName: `customers/${c.id}/assets/${id}`, type: 'CALLOUT', calloutAsset: { calloutText: text } };
      }
      if (create.callAsset) {
        required('call_asset.phone_number', create.callAsset.phoneNumber, where);
        required('call_asset.country_code', create.callAsset.countryCode, where);
        return { id, resourceName: `customers/${c.id}/assets/${id}`, type: 'CALL', callAsset: create.callAsset };
      }
      throw invalid('assetError', 'ASSET_DATA_IS_MISSING', 'The asset has no data.', where('asset_data'));
    },
    validate() {},
    remove() {
      throw invalid('mutateError', 'MUTATE_NOT_ALLOWED', 'Assets cannot be removed.');
    },
  },
  campaignAssets: {
    list: 'campaignAssets',
    create: ['campaign', 'asset', 'fieldType'],
    build(c, create, where) {
      const campaign = refOf(c, 'campaigns', create.campaign, 'campaign', where);
      const asset = refOf(c, 'assets', create.asset, 'asset', where);
      ENUM(
        'field_type',
        create.fieldType,
        ['CALLOUT', 'CALL', 'SITELINK', 'STRUCTURED_SNIPPET', 'BUSINESS_NAME', 'AD_IMAGE', 'BUSINESS_LOGO', 'LOGO'],
        where,
      );
      if (campaign.advertisingChannelType === 'PERFORMANCE_MAX' && BRAND_FIELDS.includes(create.fieldType))
        return brandLink(c, campaign, asset, create.fieldType, where);
      if (create.fieldType === 'LOGO')
        throw invalid(
          'assetLinkError',
          'UNSUPPORTED_FIELD_TYPE',
          'A LOGO is linked to a Performance Max campaign or asset group; Search campaigns take BUSINESS_LOGO.',
          where('field_type'),
        );
      if (create.fieldType === 'AD_IMAGE' || create.fieldType === 'BUSINESS_LOGO') {
        // Image assets of Search campaigns: square (1:1, from 300x300) or landscape (1.91:1, from 600x314) images; a logo is square from 128x128, one per campaign.
        if (asset.type !== 'IMAGE')
          throw invalid(
            'assetLinkError',
            'INVALID_ASSET_TYPE',
            `An asset of type ${asset.type} cannot be linked as ${create.fieldType}.`,
            where('field_type'),
          );
        const [w, h] = [Number(asset.imageAsset?.fullSize?.widthPixels ?? 0), Number(asset.imageAsset?.fullSize?.heightPixels ?? 0)];
        const square = h > 0 && Math.abs(w / h - 1) <= 0.01;
        const landscape = h > 0 && Math.abs(w / h - 1.91) <= 0.0191;
        const fits =
          create.fieldType === 'BUSINESS_LOGO' ? square && w >= 128 : (square && w >= 300) || (landscape && w >= 600 && h >= 314);
        if (!fits)
          throw invalid(
            'assetLinkError',
            'INVALID_IMAGE_ASPECT_RATIO',
            `A ${w}x${h} image cannot be linked as ${create.fieldType}.`,
            where('asset'),
          );
        if (
          create.fieldType === 'BUSINESS_LOGO' &&
          c.campaignAssets.some((l) => l.campaign === campaign.resourceName && l.fieldType === 'BUSINESS_LOGO')
        )
          throw invalid('campaignAssetError', 'DUPLICATE_FIELD_TYPE', 'The campaign already has a business logo.', where('field_type'));
        if (
          create.fieldType === 'AD_IMAGE' &&
          c.campaignAssets.filter((l) => l.campaign === campaign.resourceName && l.fieldType === 'AD_IMAGE').length >= 20
        )
          throw invalid('resourceCountLimitExceededError', 'RESOURCE_LIMIT', 'A campaign holds at most 20 images.', where('field_type'));
      } else if (create.fieldType === 'BUSINESS_NAME') {
        if (asset.type !== 'TEXT')
          throw invalid(
            'assetLinkError',
            'INVALID_ASSET_TYPE',
            `An asset of type ${asset.type} cannot be linked as BUSINESS_NAME.`,
            where('field_type'),
          );
        if (String(asset.textAsset.text).length > 25)
          throw invalid('assetLinkError', 'INVALID_ASSET_TEXT_FOR_FIELD_TYPE', 'A business name is at most 25 characters.', where('asset'));
        if (c.campaignAssets.some((l) => l.campaign === campaign.resourceName && l.fieldType === 'BUSINESS_NAME'))
          throw invalid('campaignAssetError', 'DUPLICATE_FIELD_TYPE', 'The campaign already has a business name.', where('field_type'));
      } else if (create.fieldType !== asset.type)
        throw invalid(
          'assetLinkError',
          'INVALID_ASSET_TYPE',
          `An asset of type ${asset.type} cannot be linked as ${create.fieldType}.`,
          where('field_type'),
        );
      return {
        resourceName: `customers/${c.id}/campaignAssets/${campaign.id}~${asset.id}~${create.fieldType}`,
        campaign: campaign.resourceName,
        asset: asset.resourceName,
        fieldType: create.fieldType,
        status: 'ENABLED',
      };
    },
    validate() {},
    remove(c, target, list) {
      // A brand-guidelines campaign keeps one business name and one logo while its asset groups hold assets.
      const campaign = c.campaigns.find((x) => x.resourceName === target.campaign);
      if (
        campaign?.brandGuidelinesEnabled === true &&
        BRAND_FIELDS.includes(target.fieldType) &&
        c.assetGroups.some((g) => g.campaign === campaign.resourceName && g.status !== 'REMOVED') &&
        !c.campaignAssets.some((l) => l !== target && l.campaign === campaign.resourceName && l.fieldType === target.fieldType)
      )
        throw invalid(
          'campaignError',
          target.fieldType === 'LOGO' ? 'REQUIRED_LOGO_ASSET_NOT_LINKED' : 'REQUIRED_BUSINESS_NAME_ASSET_NOT_LINKED',
          `Performance Max campaigns with Brand Guidelines enabled require at least one ${target.fieldType === 'LOGO' ? 'square logo' : 'business name'} to be linked as a CampaignAsset.`,
        );
      removeFrom(c, target, list);
    },
  },
};

/**
 * A business name or logo linked to a Performance Max campaign: only where its brand guidelines are enabled
 * (otherwise they belong to its asset groups), one business name and at most five logos, the asset group's
 * text length and image shape rules.
 */
function brandLink(c: FakeCustomer, campaign: Obj, asset: Obj, fieldType: string, where: (f: string) => Obj): Obj {
  if (!brandGuidelines(c, campaign.resourceName))
    throw invalid(
      'assetLinkError',
      'BRAND_ASSETS_NOT_LINKED_AT_ASSET_GROUP_LEVEL',
      'For Performance Max campaigns where brand_guidelines_enabled is false, business name and logo assets must be linked as AssetGroupAssets.',
      where('field_type'),
    );
  const rule = PMAX_FIELDS[fieldType]!;
  if (asset.type !== rule.type)
    throw invalid(
      'assetLinkError',
      'INVALID_ASSET_TYPE',
      `An asset of type ${asset.type} cannot be linked as ${fieldType}.`,
      where('field_type'),
    );
  if (rule.length && String(asset.textAsset?.text ?? '').length > rule.length)
    throw invalid(
      'assetLinkError',
      'INVALID_ASSET_TEXT_FOR_FIELD_TYPE',
      `A ${fieldType} is at most ${rule.length} characters.`,
      where('asset'),
    );
  if (rule.ratio) {
    const [w, h] = [Number(asset.imageAsset?.fullSize?.widthPixels ?? 0), Number(asset.imageAsset?.fullSize?.heightPixels ?? 0)];
    if (!h || Math.abs(w / h - rule.ratio[0]) / rule.ratio[0] > 0.01 || w < rule.ratio[1] || h < rule.ratio[2])
      throw invalid('assetLinkError', 'INVALID_IMAGE_ASPECT_RATIO', `A ${w}x${h} image cannot be linked as ${fieldType}.`, where('asset'));
  }
  const mine = c.campaignAssets.filter((l) => l.campaign === campaign.resourceName && l.fieldType === fieldType);
  if (mine.length >= rule.max)
    throw invalid(
      fieldType === 'BUSINESS_NAME' ? 'campaignAssetError' : 'resourceCountLimitExceededError',
      fieldType === 'BUSINESS_NAME' ? 'DUPLICATE_FIELD_TYPE' : 'RESOURCE_LIMIT',
      `A campaign holds at most ${rule.max} ${fieldType} asset(s).`,
      where('field_type'),
    );
  return {
    resourceName: `customers/${c.id}/campaignAssets/${campaign.id}~${asset.id}~${fieldType}`,
    campaign: campaign.resourceName,
    asset: asset.resourceName,
    fieldType,
    status: 'ENABLED',
  };
}
