import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import { fetchImage } from '../../image-check';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { NewSearchAdsMediaAsset, SearchAdsMediaAsset } from '../port-pmax';
import { campaignIdArg, requireLiveCampaign } from './common';

/**
 * Images of a Search campaign: marketing images (campaign assets used as AD_IMAGE: square 1:1 from
 * 300x300 or landscape 1.91:1 from 600x314, at most 20) and the business logo (BUSINESS_LOGO: square
 * from 128x128, one per campaign). An image comes from the asset library (discover_existing_assets)
 * or a public link, downloaded under the outbound rules and measured from its bytes; an image of the
 * library with the same link and size is reused.
 */

const USES = { MARKETING_IMAGE: 'AD_IMAGE', LOGO: 'BUSINESS_LOGO' } as const;
type Use = keyof typeof USES;
const MAX_IMAGES = 20;
const TOLERANCE = 0.01;

/** Why an image of this size cannot serve as `use`, or '' when it can. */
export function searchImageProblem(use: Use, width: number, height: number): string {
  const ratio = height > 0 ? width / height : 0;
  const square = Math.abs(ratio - 1) <= TOLERANCE;
  const landscape = Math.abs(ratio - 1.91) <= 1.91 * TOLERANCE;
  if (use === 'LOGO')
    return square && width >= 128 ? '' : `a logo must be square (1:1) and at least 128x128; this one is ${width}x${height}`;
  if (square) return width >= 300 ? '' : `a square image must be at least 300x300; this one is ${width}x${height}`;
  if (landscape) return width >= 600 && height >= 314 ? '' : `a landscape image must be at least 600x314; this one is ${width}x${height}`;
  return `a marketing image must be square (1:1) or landscape (1.91:1); this one is ${width}x${height}`;
}

const imageArg = v.pipe(
  v.object({
    asset_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,19}$/, 'must be an image asset id (discover_existing_assets)'),
        v.description('An image of the asset library'),
      ),
    ),
    image_url: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.url('must be a full URL'),
        v.regex(/^https?:\/\//, 'must start with http:// or https://'),
        v.maxLength(2000),
        v.description('Public direct link to a PNG or JPEG image (help_user_upload explains hosting)'),
      ),
    ),
    use: v.optional(
      v.pipe(
        v.picklist(['MARKETING_IMAGE', 'LOGO'], 'must be MARKETING_IMAGE or LOGO'),
        v.description('MARKETING_IMAGE (default) or LOGO'),
      ),
      'MARKETING_IMAGE',
    ),
  }),
  v.check((i) => Boolean(i.asset_id) !== Boolean(i.image_url), 'give either asset_id or image_url'),
);

interface Planned {
  label: string;
  use: Use;
  result: 'added' | 'skipped';
  asset_id?: string;
  create?: NewSearchAdsMediaAsset;
  reason?: string;
}

export const addSearchCampaignImage = defineSearchAdsTool({
  name: 'add_search_campaign_image',
  description:
    'Attaches images to a Search campaign: marketing images (square 1:1 from 300x300 or landscape 1.91:1 from 600x314, at most 20 per campaign) and the business logo (square from 128x128, one per campaign), each from the asset library (asset_id, see discover_existing_assets) or a public image link that is downloaded and measured. Images already on the campaign are skipped.',
  access: 'write',
  examples: [
    {
      campaign_id: '<campaign_id from list_campaigns>',
      images: [
        { asset_id: '<asset_id from discover_existing_assets>' },
        { asset_id: '<asset_id from discover_existing_assets>', use: 'LOGO' },
      ],
    },
  ],
  args: {
    campaign_id: campaignIdArg('Search campaign id from list_campaigns'),
    images: v.pipe(
      v.array(imageArg),
      v.minLength(1, 'must list at least 1 image'),
      v.maxLength(MAX_IMAGES, `must list at most ${MAX_IMAGES} images`),
      v.description(`1-${MAX_IMAGES} images: each { asset_id | image_url, use: MARKETING_IMAGE | LOGO }`),
    ),
  },
  rules: [
    (a) =>
      a.images.filter((i) => i.use === 'LOGO').length > 1
        ? 'a campaign has one business logo: list at most one image with use LOGO'
        : undefined,
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    results: v.array(
      v.object({
        label: v.string(),
        use: v.string(),
        result: v.picklist(['added', 'skipped']),
        asset_id: v.optional(v.string()),
        new_asset: v.optional(v.boolean()),
        reason: v.optional(v.string()),
      }),
    ),
    images_on_campaign: v.number(),
    has_logo: v.boolean(),
  }),
  async plan(args, ctx) {
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    if (campaign.type !== 'SEARCH')
      throw new ToolError(
        `Campaign "${campaign.name}" is a ${campaign.type} campaign; add_search_campaign_image adds images to Search campaigns (Performance Max images go to asset groups: add_pmax_asset_group_image).`,
      );
    const [library, links] = await Promise.all([ctx.platform.listMediaAssets('IMAGE'), ctx.platform.listCampaignAssets(campaign.id)]);
    const onCampaign = (use: Use) => links.filter((l) => l.field_type === USES[use]);
    const planned: Planned[] = [];
    const problems: string[] = [];
    for (const [i, item] of args.images.entries()) {
      const use = item.use as Use;
      let image: Pick<SearchAdsMediaAsset, 'width' | 'height'> | undefined;
      let assetId: string | undefined;
      let create: NewSearchAdsMediaAsset | undefined;
      let label: string;
      if (item.asset_id) {
        const found = library.find((a) => a.id === item.asset_id);
        if (!found) {
          problems.push(`images[${i}]: no image asset ${item.asset_id} in the library (discover_existing_assets lists them)`);
          continue;
        }
        image = found;
        assetId = found.id;
        label = `${found.name ?? `image ${found.id}`} (${found.width}x${found.height})`;
      } else {
        const fetched = await fetchImage(item.image_url!);
        if (!fetched.ok) {
          problems.push(`images[${i}] ${item.image_url}: ${fetched.problems.join(' ')}`);
          continue;
        }
        image = { width: fetched.width, height: fetched.height };
        const name = item.image_url!.split('/').pop()?.split('?')[0] || 'image';
        label = `${name} (${fetched.width}x${fetched.height})`;
        // The platform serves stored images from its own links: a library image of the same size is the same one when it came from this link or carries its file name.
        const reuse = library.find(
          (a) =>
            (a.image_url === fetched.final_url || a.image_url === item.image_url || a.name === name) &&
            a.width === fetched.width &&
            a.height === fetched.height,
        );
        if (reuse) assetId = reuse.id;
        else create = { type: 'IMAGE', image_url: fetched.final_url, name, width: fetched.width, height: fetched.height };
      }
      const problem = searchImageProblem(use, image.width ?? 0, image.height ?? 0);
      if (problem) {
        problems.push(`images[${i}] ${label}: ${problem}`);
        continue;
      }
      const already = assetId !== undefined && onCampaign(use).some((l) => l.asset_id === assetId);
      const twice = planned.some(
        (p) =>
          p.result === 'added' &&
          p.use === use &&
          ((assetId && p.asset_id === assetId) || (create && JSON.stringify(p.create) === JSON.stringify(create))),
      );
      planned.push(
        already || twice
          ? { label, use, result: 'skipped', asset_id: assetId, reason: already ? 'already on the campaign' : 'listed twice' }
          : { label, use, result: 'added', ...(assetId ? { asset_id: assetId } : {}), ...(create ? { create } : {}) },
      );
    }
    if (problems.length) throw new ToolError(`Cannot add: ${problems.join('; ')}.`);
    const adding = planned.filter((p) => p.result === 'added');
    const images = onCampaign('MARKETING_IMAGE').length + adding.filter((p) => p.use === 'MARKETING_IMAGE').length;
    if (images > MAX_IMAGES)
      throw new ToolError(`Campaign "${campaign.name}" would hold ${images} images; the platform allows ${MAX_IMAGES}. Remove some first.`);
    if (adding.some((p) => p.use === 'LOGO') && onCampaign('LOGO').length)
      throw new ToolError(`Campaign "${campaign.name}" already has a business logo; a campaign has one.`);
    return {
      summary: adding.length
        ? `Attach ${adding.length} image(s) to Search campaign "${campaign.name}"`
        : `Nothing to attach: every image is already on "${campaign.name}"`,
      changes: adding.flatMap((p): PlannedChange[] => [
        ...(p.create
          ? [
              {
                action: 'create' as const,
                entity: 'asset',
                name: p.label,
                fields: { type: { after: 'IMAGE' }, image_url: { after: p.create.type === 'IMAGE' ? p.create.image_url : null } },
                startsPaused: true,
              },
            ]
          : []),
        {
          action: 'create' as const,
          entity: 'campaign_asset',
          name: p.label,
          fields: {
            campaign_id: { after: campaign.id },
            field_type: { after: USES[p.use] },
            ...(p.asset_id ? { asset_id: { after: p.asset_id } } : {}),
          },
          startsPaused: true,
        },
      ]),
      notes: planned.filter((p) => p.result === 'skipped').map((p) => `${p.label}: ${p.reason}.`),
      data: {
        campaign: { id: campaign.id, name: campaign.name },
        planned,
        existing: { images: onCampaign('MARKETING_IMAGE').length, logo: onCampaign('LOGO').length > 0 },
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, planned, existing } = plan.data;
    const adding = planned.filter((p) => p.result === 'added');
    const fresh = [...new Map(adding.filter((p) => p.create).map((p) => [JSON.stringify(p.create), p.create!])).values()];
    const created = fresh.length ? await ctx.step('assets', () => ctx.platform.createMediaAssets(fresh)) : [];
    const assetOf = (p: Planned) => p.asset_id ?? created[fresh.findIndex((f) => JSON.stringify(f) === JSON.stringify(p.create))]!.id;
    if (adding.length)
      await ctx.step('links', () =>
        ctx.platform.linkCampaignAssets(adding.map((p) => ({ campaign_id: campaign.id, asset_id: assetOf(p), field_type: USES[p.use] }))),
      );
    const results = planned.map((p) =>
      p.result === 'added'
        ? { label: p.label, use: p.use, result: p.result, asset_id: assetOf(p), new_asset: !p.asset_id }
        : { label: p.label, use: p.use, result: p.result, ...(p.asset_id ? { asset_id: p.asset_id } : {}), reason: p.reason! },
    );
    const images = existing.images + adding.filter((p) => p.use === 'MARKETING_IMAGE').length;
    const hasLogo = existing.logo || adding.some((p) => p.use === 'LOGO');
    return {
      text: [
        `## ${adding.length} image(s) attached to Search campaign "${campaign.name}"`,
        '',
        markdownTable(
          ['Image', 'Use', 'Result', 'Asset'],
          results.map((r) => [
            r.label,
            r.use,
            r.result === 'added' ? (r.new_asset ? 'added (new asset)' : 'added') : `skipped: ${r.reason}`,
            r.asset_id,
          ]),
        ),
        '',
        `The campaign now has ${images} image(s)${hasLogo ? ' and a business logo' : ', no business logo'}. Images show with the campaign's ads where the platform expects them to perform; list_campaign_extensions shows the campaign's assets.`,
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, results, images_on_campaign: images, has_logo: hasLogo },
    };
  },
});
