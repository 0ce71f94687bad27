/**
 * The creative asset library on the wire (`POST /assets/search`, token paging): the logos, images
 * and videos Sponsored Brands creatives use. Uploading takes the file itself through a two-step
 * upload (an upload URL, then registering the stored file) that the gateway does not relay.
 */
import type { RetailAdsAsset } from '../port';
import type { EntityFamily, LiveContext } from './entities';
import { idOf, notSupported } from './wire';

type Wire = Record<string, unknown>;
export const ASSET_SEARCH_MEDIA = 'application/vnd.creativeassetssearchassetsresponse.v3+json';
const PAGE = 500;

const CONTENT_TYPES: Record<string, string> = { jpeg: 'image/jpeg', jpg: 'image/jpeg', png: 'image/png', mp4: 'video/mp4' };

function assetOf(w: Wire): RetailAdsAsset {
  const meta = (w.fileMetadata ?? {}) as Wire;
  const subTypes = Array.isArray(w.assetSubTypes) ? (w.assetSubTypes as unknown[]).map(String) : [];
  const type = String(meta.contentType ?? meta.extension ?? '').toLowerCase();
  const width = meta.resolutionWidth ?? meta.width;
  const height = meta.resolutionHeight ?? meta.height;
  return {
    id: idOf(w.assetId),
    asset_type: w.assetType === 'VIDEO' ? 'VIDEO' : subTypes.includes('LOGO') ? 'LOGO' : 'IMAGE',
    name: String(w.name ?? ''),
    content_type: CONTENT_TYPES[type] ?? (type.includes('/') ? type : `application/${type || 'octet-stream'}`),
    size_bytes: Number(meta.fileSize ?? 0),
    ...(typeof width === 'number' ? { width } : {}),
    ...(typeof height === 'number' ? { height } : {}),
    source_url: String(((w.storageLocationUrls ?? {}) as Wire).defaultUrl ?? ''),
    tags: Array.isArray(w.tags) ? (w.tags as unknown[]).map(String) : [],
    created_at: typeof w.creationTime === 'number' ? new Date(w.creationTime).toISOString() : '',
  };
}

export function assetFamily(ctx: LiveContext): EntityFamily<'asset'> {
  return {
    kind: 'asset',
    adProduct: 'SPONSORED_BRANDS',
    async list() {
      const assets: RetailAdsAsset[] = [];
      let token: string | undefined;
      do {
        const { body } = await ctx.api.send<Wire>({
          method: 'POST',
          path: '/assets/search',
          accept: ASSET_SEARCH_MEDIA,
          body: { pageCriteria: { size: PAGE, ...(token ? { identifier: { token } } : {}) } },
          safe: true,
        });
        assets.push(...((body?.assetList as Wire[] | undefined) ?? []).map(assetOf));
        token = typeof body?.token === 'string' && body.token ? body.token : undefined;
      } while (token);
      return assets;
    },
    create() {
      throw notSupported(
        "Assets cannot be uploaded to the platform's asset library through this gateway: the platform's upload takes the file itself in two steps (an upload address, then registering the stored file). Upload it in the platform's asset library, then find it with search_retailads_assets.",
      );
    },
    update() {
      throw notSupported("Assets of the platform's asset library cannot be changed through this gateway.");
    },
  };
}
