import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolContext } from '../../../core/tool';
import { readAssetBundle } from '../../../functions/runtime/stores/asset-bundles';
import { FIELD_TYPE_RULES, IMAGE_FIELD_TYPES, assetGroupProblems, imageFits } from '../pmax-rules';
import type { SearchAdsPort } from '../port';
import type { NewSearchAdsMediaAsset, PmaxAssetFieldType, SearchAdsMediaAsset } from '../port-pmax';
import { textList } from './ad-copy';

/**
 * The assets of a new asset group, as add_pmax_asset_group and create_pmax_campaign take them:
 * texts (identical library text assets are reused), images from the library or from a bundle of
 * validate_and_prepare_assets, videos by id. The plan checks them against the platform's
 * minimums, maximums, lengths and image shapes; apply creates the missing library assets and
 * returns the links of the asset group.
 */

const IMAGE_FIELDS = IMAGE_FIELD_TYPES as [PmaxAssetFieldType, ...PmaxAssetFieldType[]];

export const assetSetArgs = () => ({
  headlines: v.pipe(
    textList(15, 30, 'headlines'),
    v.minLength(3, 'must list at least 3 headlines'),
    v.description('3-15 headlines of at most 30 characters'),
  ),
  long_headlines: v.pipe(
    textList(5, 90, 'long headlines'),
    v.minLength(1, 'must list at least 1 long headline'),
    v.description('1-5 long headlines of at most 90 characters'),
  ),
  descriptions: v.pipe(
    textList(5, 90, 'descriptions'),
    v.minLength(2, 'must list at least 2 descriptions'),
    v.description('2-5 descriptions of at most 90 characters, at least one of at most 60'),
  ),
  business_name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(25, 'must be at most 25 characters'),
    v.description('The business name (at most 25 characters)'),
  ),
  images: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          asset_id: v.pipe(v.string(), v.trim(), v.regex(/^\d{1,19}$/, 'must be a numeric asset id (discover_existing_assets)')),
          field_type: v.pipe(v.picklist(IMAGE_FIELDS), v.description(IMAGE_FIELDS.join(', '))),
        }),
      ),
      v.maxLength(40),
      v.description('Library images (asset ids from discover_existing_assets) and the field each is used as'),
    ),
  ),
  bundle_id: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^bnd_[A-Za-z0-9_-]{20}$/, 'must be a bundle id from validate_and_prepare_assets'),
      v.description('Images checked and packaged by validate_and_prepare_assets (valid 24 hours)'),
    ),
  ),
  video_ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character video id'))),
      v.maxLength(5, 'must list at most 5 videos'),
      v.description('Up to 5 video ids (the 11 characters after v= in the video link)'),
    ),
  ),
});

export interface AssetSetArgs {
  headlines: string[];
  long_headlines: string[];
  descriptions: string[];
  business_name: string;
  images?: { asset_id: string; field_type: PmaxAssetFieldType }[];
  bundle_id?: string;
  video_ids?: string[];
}

/** One asset of the set: an existing library asset, or one to create. */
export interface PlannedAsset {
  field_type: PmaxAssetFieldType;
  label: string;
  asset_id?: string;
  create?: NewSearchAdsMediaAsset;
}

/** Reads the library and the bundle and checks the set; returns every asset with its field. */
export async function planAssetSet(args: AssetSetArgs, ctx: ToolContext<SearchAdsPort>): Promise<PlannedAsset[]> {
  const library = await ctx.platform.listMediaAssets();
  const planned: PlannedAsset[] = [];
  const text = (field_type: PmaxAssetFieldType, value: string) => {
    const reuse = library.find((a) => a.type === 'TEXT' && a.text === value);
    planned.push({ field_type, label: value, ...(reuse ? { asset_id: reuse.id } : { create: { type: 'TEXT', text: value } }) });
  };
  args.headlines.forEach((t) => text('HEADLINE', t));
  args.long_headlines.forEach((t) => text('LONG_HEADLINE', t));
  args.descriptions.forEach((t) => text('DESCRIPTION', t));
  text('BUSINESS_NAME', args.business_name);
  const problems: string[] = [];
  for (const image of args.images ?? []) {
    const asset = library.find((a) => a.id === image.asset_id);
    if (!asset || asset.type !== 'IMAGE') {
      problems.push(`images: ${image.asset_id} is not an image asset of the library (discover_existing_assets lists them)`);
      continue;
    }
    const fits = imageFits(image.field_type, asset.width ?? 0, asset.height ?? 0);
    if (!fits.ok) problems.push(`images: asset ${asset.id} cannot be a ${image.field_type}: ${fits.reason}`);
    planned.push({ field_type: image.field_type, label: asset.name ?? asset.id, asset_id: asset.id });
  }
  if (args.bundle_id) {
    const read = await readAssetBundle(ctx.owner.owner_id, args.bundle_id);
    if ('refused' in read) {
      throw new ToolError(
        `Asset bundle ${args.bundle_id} ${read.refused === 'expired' ? 'has expired (bundles last 24 hours)' : 'is unknown'}; run validate_and_prepare_assets again for a new one.`,
        { code: read.refused === 'unknown' ? 'not_found' : 'invalid_arguments' },
      );
    }
    if (read.bundle.account_id !== ctx.account.account_id)
      throw new ToolError(
        `Asset bundle ${args.bundle_id} was prepared for account ${read.bundle.account_id}, not ${ctx.account.account_id}; prepare one for this account.`,
      );
    for (const image of read.bundle.images) {
      const field = image.field_type as PmaxAssetFieldType;
      const reuse = library.find(
        (a) =>
          a.type === 'IMAGE' &&
          (a.image_url === image.final_url || a.image_url === image.url) &&
          imageFits(field, a.width ?? 0, a.height ?? 0).ok,
      );
      planned.push({
        field_type: field,
        label: image.name,
        ...(reuse
          ? { asset_id: reuse.id }
          : { create: { type: 'IMAGE', image_url: image.final_url, name: image.name, width: image.width, height: image.height } }),
      });
    }
  }
  for (const id of args.video_ids ?? []) {
    const reuse = library.find((a) => a.type === 'YOUTUBE_VIDEO' && a.video_id === id);
    planned.push({
      field_type: 'YOUTUBE_VIDEO',
      label: `video ${id}`,
      ...(reuse ? { asset_id: reuse.id } : { create: { type: 'YOUTUBE_VIDEO', video_id: id } }),
    });
  }
  const seen = new Set<string>();
  for (const p of planned) {
    const key = `${p.field_type}|${p.asset_id ?? JSON.stringify(p.create)}`;
    if (seen.has(key)) problems.push(`${p.field_type} "${p.label}" is given twice`);
    seen.add(key);
  }
  problems.push(
    ...assetGroupProblems(
      planned.map((p) => ({ field_type: p.field_type, text: p.create?.type === 'TEXT' ? p.create.text : p.label })),
    ).map((p) => (/IMAGE|LOGO/.test(p) && /at least/.test(p) ? `${p} (give images, or a bundle_id from validate_and_prepare_assets)` : p)),
  );
  if (problems.length) throw new ToolError(`The asset group's assets do not meet the platform's rules: ${problems.join('; ')}.`);
  return planned;
}

/** Creates the assets the plan needs (one request) and answers the links of the asset group. */
export async function createAssetSet(
  planned: PlannedAsset[],
  ctx: ToolContext<SearchAdsPort>,
  step: string,
): Promise<{ asset_id: string; field_type: PmaxAssetFieldType }[]> {
  const fresh = planned.filter((p) => p.create);
  // One text used in two fields (a headline that is also the business name) is one asset.
  const unique = [...new Map(fresh.map((p) => [JSON.stringify(p.create), p.create!])).values()];
  const created: SearchAdsMediaAsset[] = unique.length ? await ctx.step(step, () => ctx.platform.createMediaAssets(unique)) : [];
  const idOf = (p: PlannedAsset) => p.asset_id ?? created[unique.findIndex((u) => JSON.stringify(u) === JSON.stringify(p.create))]!.id;
  return planned.map((p) => ({ asset_id: idOf(p), field_type: p.field_type }));
}

/** Plan changes for the assets of a set (library assets to create, links to make). */
export function assetSetChanges(planned: PlannedAsset[], groupName: string) {
  return planned.map((p) => ({
    action: 'create' as const,
    entity: 'asset_group_asset',
    name: p.label,
    fields: {
      field_type: { after: p.field_type },
      asset_group: { after: groupName },
      asset: { after: p.asset_id ?? `new ${p.create!.type.toLowerCase()} asset` },
    },
    startsPaused: true,
  }));
}

export const FIELD_COUNTS = (planned: { field_type: PmaxAssetFieldType }[]) =>
  Object.fromEntries(
    Object.keys(FIELD_TYPE_RULES)
      .map((f) => [f, planned.filter((p) => p.field_type === f).length])
      .filter(([, n]) => n),
  ) as Record<string, number>;
