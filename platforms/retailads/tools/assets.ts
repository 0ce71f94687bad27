/**
 * The asset library: upload_retailads_asset reads the file at a URL, tells its real type and size
 * from its bytes (PNG, JPEG, MP4) and applies the platform's limits before it stores anything;
 * search_retailads_assets finds assets by name, tag and type.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { count, markdownTable } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';
import type { RetailAdsAsset } from '../port';
import { guardedFetch, VideoFetchError, VideoUrlError } from '../../video-check';

const MB = 1024 * 1024;
/** The platform's limits per asset type. */
export const ASSET_LIMITS = {
  LOGO: { minWidth: 400, minHeight: 400, maxBytes: 1 * MB, kinds: ['image/png', 'image/jpeg'] },
  IMAGE: { minWidth: 1200, minHeight: 628, maxBytes: 5 * MB, kinds: ['image/png', 'image/jpeg'] },
  VIDEO: { minWidth: 1280, minHeight: 720, maxBytes: 500 * MB, kinds: ['video/mp4'] },
} as const;
/** Bytes read to tell type and dimensions (the rest of a large video is not downloaded). */
const HEAD_BYTES = 256 * 1024;

/** Type and pixel size from the first bytes of a file: PNG (IHDR), JPEG (SOF marker), MP4 (ftyp box; size from tkhd when present). */
export function sniff(bytes: Uint8Array): { content_type: string; width?: number; height?: number } | undefined {
  const b = Buffer.from(bytes);
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('ascii', 12, 16) === 'IHDR')
    return { content_type: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return { content_type: 'image/jpeg' };
      const marker = b[i + 1]!;
      const length = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { content_type: 'image/jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      i += 2 + length;
    }
    return { content_type: 'image/jpeg' };
  }
  if (b.length >= 12 && b.toString('ascii', 4, 8) === 'ftyp') {
    const tkhd = b.indexOf('tkhd');
    if (tkhd > 0 && tkhd + 88 <= b.length) {
      // Version 0 track header: width and height are 16.16 fixed point at the end of the box.
      return { content_type: 'video/mp4', width: b.readUInt32BE(tkhd + 80) >>> 16, height: b.readUInt32BE(tkhd + 84) >>> 16 };
    }
    return { content_type: 'video/mp4' };
  }
  return undefined;
}

/**
 * Downloads the head of a file and its total size through the guarded fetcher (every address
 * public, each redirect vetted); a clear 400 when it cannot be read or is refused.
 */
async function readHead(url: string, signal: AbortSignal): Promise<{ head: Uint8Array; size: number }> {
  let response;
  try {
    response = await guardedFetch(url, { maxBytes: HEAD_BYTES, signal, allowDataUrl: true });
  } catch (err) {
    if (err instanceof VideoUrlError)
      throw new ToolError(`\`url\`: ${err.message.replace(/the video/g, 'the file')}`, { code: 'url_refused', argument: 'url' });
    if (err instanceof VideoFetchError)
      throw new ToolError(`The file at \`url\` could not be downloaded: ${err.message} Check that it is public and reachable.`);
    throw err;
  }
  if (response.status < 200 || response.status >= 300)
    throw new ToolError(`The file at \`url\` answered HTTP ${response.status}. Give a public URL of the file itself.`);
  const declared = Number(response.headers['content-length'] ?? NaN);
  const head = response.body;
  const size = response.complete ? head.length : Number.isFinite(declared) ? declared : NaN;
  if (!Number.isFinite(size)) throw new ToolError("The file's size is unknown (no Content-Length). Host it where the size is sent.");
  return { head, size };
}

export const uploadRetailAdsAsset = defineRetailAdsTool({
  name: 'upload_retailads_asset',
  description:
    'Uploads an image or video from a public URL into the asset library, for Sponsored Brands creatives and Sponsored Products video. asset_type LOGO (PNG or JPEG, at least 400x400 px, at most 1 MB), IMAGE (at least 1200x628 px, at most 5 MB) or VIDEO (MP4, at least 1280x720, at most 500 MB; the background video of video ads). ' +
    'The real type and size are read from the file itself. Find assets with search_retailads_assets.',
  access: 'write',
  examples: [
    {
      url: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAlgAAAJYAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==',
      asset_type: 'LOGO',
    },
  ],
  args: {
    url: v.pipe(
      v.string(),
      v.url('must be a URL'),
      v.regex(/^(https?:\/\/|data:(image|video)\/)/, 'must be an http or https URL (or a data: URL of a small image)'),
      v.description('Public URL of the file, or a data: URL (base64) of a small image'),
    ),
    asset_type: v.pipe(v.picklist(['LOGO', 'IMAGE', 'VIDEO']), v.description('LOGO, IMAGE or VIDEO')),
    name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(128), v.description('Asset name; default the file name'))),
    tags: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40))),
        v.maxLength(20),
        v.description('Up to 20 tags to find it by'),
      ),
    ),
  },
  output: v.object({
    profile_id: v.string(),
    asset_id: v.string(),
    asset_type: v.string(),
    content_type: v.string(),
    size_bytes: v.number(),
    width: v.nullable(v.number()),
    height: v.nullable(v.number()),
  }),
  async plan(args, ctx) {
    const { head, size } = await readHead(args.url, ctx.signal);
    const found = sniff(head);
    const limits = ASSET_LIMITS[args.asset_type];
    const problems: string[] = [];
    if (!found || !(limits.kinds as readonly string[]).includes(found.content_type))
      problems.push(
        `a ${args.asset_type} must be ${limits.kinds.map((k) => k.split('/')[1]!.toUpperCase()).join(' or ')}; this file is ${found ? found.content_type : 'of an unknown type'}`,
      );
    if (size > limits.maxBytes)
      problems.push(`a ${args.asset_type} may be at most ${count(limits.maxBytes / MB)} MB; this file is ${(size / MB).toFixed(2)} MB`);
    if (found?.width !== undefined && found.height !== undefined && (found.width < limits.minWidth || found.height < limits.minHeight))
      problems.push(
        `a ${args.asset_type} must be at least ${limits.minWidth}x${limits.minHeight} px; this one is ${found.width}x${found.height}`,
      );
    if (found && args.asset_type !== 'VIDEO' && found.width === undefined)
      problems.push('the image dimensions could not be read from the file');
    if (problems.length)
      throw new ToolError(`The asset was not uploaded:\n${problems.map((p) => `- ${p}`).join('\n')}`, { code: 'asset_rejected' });
    const name =
      args.name ??
      (args.url.startsWith('data:')
        ? `${args.asset_type.toLowerCase()}-upload`
        : decodeURIComponent(new URL(args.url).pathname.split('/').pop() || 'asset'));
    const asset: Omit<RetailAdsAsset, 'id' | 'created_at'> = {
      asset_type: args.asset_type,
      name,
      content_type: found!.content_type,
      size_bytes: size,
      width: found!.width,
      height: found!.height,
      source_url: args.url.startsWith('data:') ? 'data: (inline upload)' : args.url,
      tags: args.tags ?? [],
    };
    return {
      summary: `Upload ${args.asset_type} "${name}" (${found!.content_type}, ${(size / 1024).toFixed(0)} KB${found!.width ? `, ${found!.width}x${found!.height}` : ''})`,
      changes: [
        {
          action: 'create',
          entity: 'asset',
          name,
          fields: { asset_type: { after: args.asset_type }, content_type: { after: found!.content_type }, size_bytes: { after: size } },
          startsPaused: true,
        },
      ],
      data: { asset },
    };
  },
  async apply(plan, _args, ctx) {
    const [asset] = await ctx.step('asset', () =>
      ctx.platform.createEntities('asset', [{ ...plan.data.asset, created_at: ctx.now.toISOString() }], ctx.now),
    );
    return {
      text: [
        `## Asset "${asset!.name}" uploaded`,
        '',
        `Id ${asset!.id} · ${asset!.asset_type} · ${asset!.content_type} · ${(asset!.size_bytes / 1024).toFixed(0)} KB${asset!.width ? ` · ${asset!.width}x${asset!.height} px` : ''}`,
        '',
        'Use it in create_retailads_sb_campaign, create_retailads_sb_ad or update_retailads_sb_creative (brand_logo_asset_id, custom_image_asset_id, video_asset_id), or add_retailads_sp_video.',
      ].join('\n'),
      structured: {
        profile_id: ctx.account.account_id,
        asset_id: asset!.id,
        asset_type: asset!.asset_type,
        content_type: asset!.content_type,
        size_bytes: asset!.size_bytes,
        width: asset!.width ?? null,
        height: asset!.height ?? null,
      },
    };
  },
});

export const searchRetailAdsAssets = defineRetailAdsTool({
  name: 'search_retailads_assets',
  description:
    'Searches the asset library by text (name or tag, case-insensitive) and asset_type (LOGO, IMAGE, VIDEO), newest first, with offset/limit paging: the asset ids creatives and video ads use.',
  access: 'read',
  args: {
    query: v.optional(v.pipe(v.string(), v.trim(), v.description('Case-insensitive text in the name or a tag'))),
    asset_type: v.optional(v.pipe(v.picklist(['LOGO', 'IMAGE', 'VIDEO']), v.description('Only this type'))),
    offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100), v.description('1-100, default 25')), 25),
  },
  output: v.object({
    profile_id: v.string(),
    assets: v.array(
      v.object({
        id: v.string(),
        asset_type: v.string(),
        name: v.string(),
        content_type: v.string(),
        size_bytes: v.number(),
        width: v.optional(v.number()),
        height: v.optional(v.number()),
        source_url: v.string(),
        tags: v.array(v.string()),
        created_at: v.string(),
      }),
    ),
    total: v.number(),
    has_more: v.boolean(),
  }),
  async run(args, ctx) {
    const needle = args.query?.toLowerCase();
    const matching = (await ctx.platform.listEntities('asset'))
      .filter(
        (a) =>
          (!args.asset_type || a.asset_type === args.asset_type) &&
          (!needle || a.name.toLowerCase().includes(needle) || a.tags.some((t) => t.toLowerCase().includes(needle))),
      )
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
    const page = matching.slice(args.offset, args.offset + args.limit);
    const hasMore = args.offset + page.length < matching.length;
    return {
      text: [
        `## Assets (${page.length} of ${matching.length})`,
        '',
        page.length
          ? markdownTable(
              ['Name', 'Id', 'Type', 'Size', 'Pixels', 'Tags'],
              page.map((a) => [
                a.name,
                a.id,
                a.asset_type,
                `${(a.size_bytes / 1024).toFixed(0)} KB`,
                a.width ? `${a.width}x${a.height}` : '-',
                a.tags.join(', '),
              ]),
            )
          : 'No asset matches.',
        '',
        hasMore ? `More: call again with \`offset\`: ${args.offset + page.length}.` : 'Upload more with upload_retailads_asset.',
      ].join('\n'),
      structured: { profile_id: ctx.account.account_id, assets: page, total: matching.length, has_more: hasMore },
    };
  },
});

export const assetTools = [uploadRetailAdsAsset, searchRetailAdsAssets];
