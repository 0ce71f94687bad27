import * as v from 'valibot';
import {
  newBundleId,
  saveAssetBundle,
  ASSET_BUNDLE_VALID_SECONDS,
  type BundledImage,
} from '../../../functions/runtime/stores/asset-bundles';
import { fetchImage, MAX_IMAGE_BYTES } from '../../image-check';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { FIELD_TYPE_RULES, IMAGE_FIELD_TYPES, TEXT_FIELD_TYPES, fieldsForImage, imageFits } from '../pmax-rules';
import type { PmaxAssetFieldType } from '../port-pmax';
import type { SearchAdsAssetType } from '../port';
import { assetLabel } from './pmax-asset-links';

/**
 * Getting images ready for Performance Max: how to host them (help_user_upload), checking and
 * packaging them (validate_and_prepare_assets: each link downloaded, its real size read from the
 * bytes, matched to the asset group fields, the good ones stored as a bundle for 24 hours that
 * create_pmax_campaign and add_pmax_asset_group take), and what the account already has
 * (discover_existing_assets).
 */

const IMAGE_FIELDS = IMAGE_FIELD_TYPES as [PmaxAssetFieldType, ...PmaxAssetFieldType[]];
const shapes = IMAGE_FIELD_TYPES.map(
  (f) => `${f} ${FIELD_TYPE_RULES[f].ratio!.label} (from ${FIELD_TYPE_RULES[f].ratio!.minWidth}x${FIELD_TYPE_RULES[f].ratio!.minHeight})`,
).join(', ');

export const helpUserUpload = defineSearchAdsTool({
  name: 'help_user_upload',
  description:
    'Explains how to host images at a public link before creating a Performance Max campaign: the shapes and sizes the platform needs, where to host them, how to check a link, and the next steps (validate_and_prepare_assets, then create_pmax_campaign). Calls nothing.',
  access: 'read',
  args: {
    image_count: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50), v.description('How many images the user has (tailors the checklist)')),
    ),
  },
  output: v.object({
    requirements: v.array(
      v.object({
        field_type: v.string(),
        ratio: v.string(),
        min_width: v.number(),
        min_height: v.number(),
        required: v.number(),
        max: v.number(),
      }),
    ),
    max_bytes: v.number(),
    formats: v.array(v.string()),
    next_tools: v.array(v.string()),
  }),
  async run(args) {
    const requirements = IMAGE_FIELD_TYPES.map((f) => ({
      field_type: f,
      ratio: FIELD_TYPE_RULES[f].ratio!.label,
      min_width: FIELD_TYPE_RULES[f].ratio!.minWidth,
      min_height: FIELD_TYPE_RULES[f].ratio!.minHeight,
      required: FIELD_TYPE_RULES[f].min,
      max: FIELD_TYPE_RULES[f].max,
    }));
    const text = [
      '## Hosting images for a Performance Max campaign',
      '',
      'The platform downloads each image from a link, so every image needs a **public direct link**: a URL that opens the image file itself (not a page around it), over https, without a login.',
      '',
      '### What to prepare',
      '',
      markdownTable(
        ['Field', 'Shape', 'Smallest size', 'Needed', 'At most'],
        requirements.map((r) => [r.field_type, r.ratio, `${r.min_width}x${r.min_height}`, r.required, r.max]),
      ),
      '',
      `PNG or JPEG (GIF and WebP are read too), at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB each. Recommended: 1200x628 landscape, 1200x1200 square, 960x1200 portrait, 1200x1200 logo.${args.image_count !== undefined && args.image_count < 3 ? ` With ${args.image_count} image(s) you need more: at least a landscape image, a square image and a square logo.` : ''}`,
      '',
      '### Where to host them',
      '',
      '1. **Your own website or CDN**: upload to the site (e.g. /images/ads/) and copy the image address (right-click the image → "Copy image address").',
      "2. **A cloud storage bucket**: upload the files, make them publicly readable, and use the object's public URL.",
      '3. **A file-sharing service**: share the file publicly and use its direct-download link; a normal share link opens a preview page, which the platform cannot use.',
      '',
      '### Check a link',
      '',
      '- Open it in a private browser window: you should see only the image, and the address should usually end in .jpg or .png.',
      '- It must be reachable from the internet (not an intranet or localhost address).',
      '',
      '### Next steps',
      '',
      '1. validate_and_prepare_assets with the links: each image is downloaded, measured and matched to a field; the good ones are packaged as a bundle (valid 24 hours).',
      '2. create_pmax_campaign (or add_pmax_asset_group) with the `bundle_id`.',
      '3. Images already in the account: discover_existing_assets lists them for reuse by asset id.',
    ].join('\n');
    return {
      text,
      structured: {
        requirements,
        max_bytes: MAX_IMAGE_BYTES,
        formats: ['PNG', 'JPEG', 'GIF', 'WEBP'],
        next_tools: ['validate_and_prepare_assets', 'create_pmax_campaign', 'add_pmax_asset_group', 'discover_existing_assets'],
      },
    };
  },
});

const imageResult = v.object({
  url: v.string(),
  ok: v.boolean(),
  field_type: v.optional(v.string()),
  fits: v.array(v.string()),
  width: v.optional(v.number()),
  height: v.optional(v.number()),
  format: v.optional(v.string()),
  size_bytes: v.optional(v.number()),
  final_url: v.optional(v.string()),
  problems: v.array(v.string()),
});

export const validateAndPrepareAssets = defineSearchAdsTool({
  name: 'validate_and_prepare_assets',
  description: `Checks image links for Performance Max: downloads each (public links only, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB), reads its real size from the file, matches it to the asset group fields (${shapes}), and packages the usable images as a bundle (valid 24 hours) that create_pmax_campaign and add_pmax_asset_group take by bundle_id. Each link gets a verdict; bad links do not stop the others.`,
  access: 'write',
  examples: [{ images: [{ url: '<image_url: a public image link>' }] }],
  args: {
    images: v.pipe(
      v.array(
        v.strictObject({
          url: v.pipe(
            v.string(),
            v.trim(),
            v.url('must be a full URL'),
            v.description('Public direct link to the image (help_user_upload explains hosting)'),
          ),
          field_type: v.optional(
            v.pipe(v.picklist(IMAGE_FIELDS), v.description(`${IMAGE_FIELDS.join(', ')}; default from the shape (LOGO must be named)`)),
          ),
          name: v.optional(
            v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(128), v.description('Asset name (default the file name)')),
          ),
        }),
      ),
      v.minLength(1, 'must list at least one image'),
      v.maxLength(20, 'must list at most 20 images'),
      v.description('1-20 images: link, optional field and name'),
    ),
  },
  rules: [
    (a) =>
      new Set(a.images.map((i) => `${i.url}|${i.field_type ?? ''}`)).size !== a.images.length
        ? '`images` lists the same link and field twice'
        : undefined,
  ],
  output: v.object({
    customer_id: v.string(),
    bundle_id: v.optional(v.string()),
    valid_until: v.optional(v.string()),
    images: v.array(imageResult),
    usable: v.number(),
    missing_fields: v.array(v.string()),
  }),
  async plan(args, _ctx) {
    const checked = await Promise.all(args.images.map((i) => fetchImage(i.url)));
    const results = args.images.map((input, i) => {
      const image = checked[i]!;
      const fits = image.ok ? fieldsForImage(image.width!, image.height!) : [];
      const problems = [...image.problems];
      let field = input.field_type;
      if (image.ok) {
        if (field) {
          const fit = imageFits(field, image.width!, image.height!);
          if (!fit.ok) problems.push(`${fit.reason}${fits.length ? `; it fits ${fits.join(', ')}` : ''}.`);
        } else {
          field = fits.find((f) => f !== 'LOGO');
          if (!field) problems.push(`${image.width}x${image.height} fits no image field (${shapes}).`);
        }
      }
      const name = input.name ?? (decodeURIComponent(new URL(image.final_url).pathname.split('/').pop() ?? '') || 'image');
      return {
        url: input.url,
        ok: problems.length === 0,
        ...(field ? { field_type: field } : {}),
        fits,
        ...(image.width ? { width: image.width, height: image.height } : {}),
        ...(image.format ? { format: image.format } : {}),
        ...(image.size_bytes !== undefined ? { size_bytes: image.size_bytes } : {}),
        ...(image.final_url !== input.url ? { final_url: image.final_url } : {}),
        problems,
        name,
      };
    });
    const usable = results.filter((r) => r.ok);
    const missing_fields = IMAGE_FIELD_TYPES.filter((f) => FIELD_TYPE_RULES[f].min > 0 && !usable.some((r) => r.field_type === f));
    const bundled: BundledImage[] = usable.map((r) => ({
      url: r.url,
      final_url: r.final_url ?? r.url,
      width: r.width!,
      height: r.height!,
      format: r.format!,
      size_bytes: r.size_bytes!,
      field_type: r.field_type!,
      name: r.name,
    }));
    return {
      summary: usable.length
        ? `Package ${usable.length} of ${results.length} image(s) as an asset bundle`
        : `None of the ${results.length} image(s) can be used; nothing is packaged`,
      changes: usable.length
        ? [
            {
              action: 'create' as const,
              entity: 'asset_bundle',
              name: `${usable.length} image(s)`,
              fields: {
                images: { after: usable.map((r) => `${r.name} → ${r.field_type}`) },
                valid_for: { after: `${ASSET_BUNDLE_VALID_SECONDS / 3600} hours` },
              },
              startsPaused: true,
            },
          ]
        : [],
      notes: [
        ...results.filter((r) => !r.ok).map((r) => `${r.url}: ${r.problems.join(' ')}`),
        ...(missing_fields.length
          ? [
              `A Performance Max asset group also needs ${missing_fields.join(', ')}: add such images, or library images (discover_existing_assets).`,
            ]
          : []),
      ],
      data: { results, bundled, missing_fields },
    };
  },
  async apply(plan, _args, ctx) {
    const { results, bundled, missing_fields } = plan.data;
    const bundle = bundled.length
      ? await ctx.step('bundle', () =>
          saveAssetBundle(ctx.owner.owner_id, {
            bundle_id: newBundleId(),
            platform: 'searchads',
            account_id: ctx.account.account_id,
            images: bundled,
          }),
        )
      : undefined;
    const images = results.map(({ name: _name, ...r }) => r);
    const text = [
      bundle
        ? `## ${bundled.length} of ${results.length} image(s) ready: bundle \`${bundle.bundle_id}\``
        : `## No usable image among ${results.length}`,
      '',
      markdownTable(
        ['Image', 'Size', 'Field', 'Verdict'],
        images.map((r) => [
          r.url,
          r.width ? `${r.width}x${r.height} ${r.format}` : '',
          r.field_type ?? '',
          r.ok ? 'ok' : r.problems.join(' '),
        ]),
      ),
      '',
      ...(missing_fields.length
        ? [
            `Still needed for an asset group: ${missing_fields.join(', ')} (more images, or library images from discover_existing_assets).`,
            '',
          ]
        : []),
      bundle
        ? `Valid until ${bundle.valid_until}: pass \`bundle_id\` to create_pmax_campaign or add_pmax_asset_group.`
        : 'Fix the links (help_user_upload explains hosting) and run validate_and_prepare_assets again.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        ...(bundle ? { bundle_id: bundle.bundle_id, valid_until: bundle.valid_until } : {}),
        images,
        usable: bundled.length,
        missing_fields,
      },
    };
  },
});

const DISCOVER_TYPES = ['IMAGE', 'YOUTUBE_VIDEO', 'TEXT', 'CALLOUT', 'SITELINK', 'CALL', 'STRUCTURED_SNIPPET', 'BUSINESS_NAME'] as const;
type DiscoverType = (typeof DISCOVER_TYPES)[number];

export const discoverExistingAssets = defineSearchAdsTool({
  name: 'discover_existing_assets',
  description:
    "Inventories the account's asset library for reuse: images (size and the Performance Max fields each fits), videos, texts (the fields their length fits) and extensions (callouts, sitelinks, calls, structured snippets, business names), with where each is used. Asset ids go to add_pmax_asset_group_asset, add_pmax_asset_group_image and create_pmax_campaign.",
  access: 'read',
  args: {
    types: v.optional(
      v.pipe(v.array(v.picklist(DISCOVER_TYPES)), v.minLength(1), v.description(`Asset types: ${DISCOVER_TYPES.join(', ')} (default all)`)),
    ),
    query: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(100), v.description("Case-insensitive text matched against the asset's text, name or link")),
    ),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500), v.description('Most assets listed, 1-500, default 100')),
      100,
    ),
  },
  output: v.object({
    customer_id: v.string(),
    counts: v.record(v.string(), v.number()),
    total_matching: v.number(),
    assets: v.array(
      v.object({
        id: v.string(),
        type: v.string(),
        label: v.string(),
        fits: v.array(v.string()),
        used_in: v.number(),
        width: v.optional(v.number()),
        height: v.optional(v.number()),
        image_url: v.optional(v.string()),
        video_id: v.optional(v.string()),
        text: v.optional(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const types: DiscoverType[] = args.types ?? [...DISCOVER_TYPES];
    const mediaTypes = types.filter((t): t is 'IMAGE' | 'YOUTUBE_VIDEO' | 'TEXT' => t === 'IMAGE' || t === 'YOUTUBE_VIDEO' || t === 'TEXT');
    const extensionTypes = types.filter((t) => !mediaTypes.includes(t as never)) as SearchAdsAssetType[];
    const [media, extensions, groupLinks, campaignLinks] = await Promise.all([
      mediaTypes.length ? ctx.platform.listMediaAssets() : Promise.resolve([]),
      extensionTypes.length ? ctx.platform.listAssets() : Promise.resolve([]),
      mediaTypes.length ? ctx.platform.listAssetGroupAssets({}) : Promise.resolve([]),
      extensionTypes.length ? ctx.platform.listCampaignAssets() : Promise.resolve([]),
    ]);
    type Row = {
      id: string;
      type: string;
      label: string;
      fits: string[];
      used_in: number;
      width?: number;
      height?: number;
      image_url?: string;
      video_id?: string;
      text?: string;
    };
    const rows: Row[] = [
      ...media
        .filter((a) => mediaTypes.includes(a.type))
        .map((a) => ({
          id: a.id,
          type: a.type,
          label: assetLabel(a),
          fits:
            a.type === 'IMAGE'
              ? fieldsForImage(a.width ?? 0, a.height ?? 0)
              : a.type === 'TEXT'
                ? TEXT_FIELD_TYPES.filter((f) => (a.text ?? '').length <= FIELD_TYPE_RULES[f].maxLength!)
                : ['YOUTUBE_VIDEO'],
          used_in: new Set(groupLinks.filter((l) => l.asset_id === a.id && l.status !== 'REMOVED').map((l) => l.asset_group_id)).size,
          ...(a.width ? { width: a.width, height: a.height } : {}),
          ...(a.image_url ? { image_url: a.image_url } : {}),
          ...(a.video_id ? { video_id: a.video_id } : {}),
          ...(a.text !== undefined ? { text: a.text } : {}),
        })),
      // A business name is a text asset: listed once, as TEXT, when both types are asked for.
      ...extensions
        .filter(
          (a) =>
            extensionTypes.includes(a.type) &&
            !(a.type === 'BUSINESS_NAME' && media.some((m) => m.id === a.id && mediaTypes.includes(m.type))),
        )
        .map((a) => ({
          id: a.id,
          type: a.type,
          label:
            a.callout_text ??
            a.link_text ??
            a.text ??
            (a.phone_number ? `${a.phone_number} (${a.country_code})` : a.header ? `${a.header}: ${(a.values ?? []).join(', ')}` : a.id),
          fits: [a.type],
          used_in: new Set(campaignLinks.filter((l) => l.asset_id === a.id).map((l) => l.campaign_id)).size,
          ...(a.text !== undefined ? { text: a.text } : {}),
        })),
    ];
    const q = args.query?.toLowerCase();
    const matching = rows.filter((r) => !q || [r.label, r.image_url ?? '', r.video_id ?? ''].some((f) => f.toLowerCase().includes(q)));
    const assets = matching.slice(0, args.limit);
    const counts = Object.fromEntries(types.map((t) => [t, matching.filter((r) => r.type === t).length]));
    const text = [
      `## Asset library: ${matching.length} asset(s)${q ? ` matching "${args.query}"` : ''}${matching.length > assets.length ? ` (showing ${assets.length})` : ''}`,
      '',
      Object.entries(counts)
        .filter(([, n]) => n)
        .map(([t, n]) => `${t}: ${n}`)
        .join(' · ') || 'Nothing of these types.',
      '',
      assets.length
        ? markdownTable(
            ['Type', 'Asset', 'Id', 'Fits', 'Used in'],
            assets.map((a) => [
              a.type,
              a.label,
              a.id,
              a.fits.join(', '),
              `${a.used_in} ${['IMAGE', 'YOUTUBE_VIDEO', 'TEXT'].includes(a.type) ? 'asset group(s)' : 'campaign(s)'}`,
            ]),
          )
        : '',
      '',
      'Reuse by id: add_pmax_asset_group_asset, add_pmax_asset_group_image, or create_pmax_campaign `images`. New images: help_user_upload, then validate_and_prepare_assets.',
    ].join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, counts, total_matching: matching.length, assets } };
  },
});
