/**
 * The image library, identities and carousels: browse (discover_shortvideo_assets), upload by URL
 * (upload_shortvideo_images), check against the creative specifications and upload what passes
 * (validate_and_prepare_shortvideo_assets), build a carousel (create_shortvideo_carousel_card), and
 * list who an ad can post as (list_shortvideo_identities). The image specification lives once here.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { count, markdownTable } from '../../../core/markdown';
import { defineShortVideoTool } from '../define';
import { IDENTITY_TYPES, type ShortVideoImage } from '../port';

// ---------------------------------------------------------------------------------------------
// The image specification (in-feed image and carousel ads).

export const IMAGE_USES = ['SINGLE_IMAGE', 'CAROUSEL'] as const;
export type ImageUse = (typeof IMAGE_USES)[number];

/** Accepted aspect ratios and the smallest size of each. */
export const IMAGE_RATIOS = [
  { ratio: '9:16', value: 9 / 16, min: [720, 1280] },
  { ratio: '1:1', value: 1, min: [640, 640] },
  { ratio: '1.91:1', value: 1.91, min: [1200, 628] },
] as const;
export const CAROUSEL_IMAGES = { min: 2, max: 35 } as const;
const RECOMMENDED_MAX_BYTES = 500_000;

export function ratioOf(width: number, height: number): string | undefined {
  const r = width / height;
  return IMAGE_RATIOS.find((x) => Math.abs(r - x.value) / x.value <= 0.02)?.ratio;
}

/** What keeps an image out of an ad (problems) and what only hurts it (warnings). */
export function imageVerdict(image: Pick<ShortVideoImage, 'width' | 'height' | 'format' | 'size'>): {
  ratio: string | null;
  problems: string[];
  warnings: string[];
} {
  const ratio = ratioOf(image.width, image.height);
  const problems: string[] = [];
  const warnings: string[] = [];
  if (!ratio) problems.push(`${image.width}x${image.height} is not an accepted ratio (${IMAGE_RATIOS.map((r) => r.ratio).join(', ')})`);
  else {
    const [w, h] = IMAGE_RATIOS.find((r) => r.ratio === ratio)!.min;
    if (image.width < w || image.height < h) problems.push(`${image.width}x${image.height} is under the ${w}x${h} minimum for ${ratio}`);
  }
  if (image.format && !['jpeg', 'jpg', 'png'].includes(image.format)) problems.push(`format ${image.format} is not JPG or PNG`);
  if (image.size && image.size > RECOMMENDED_MAX_BYTES) warnings.push(`${Math.round(image.size / 1000)} KB is over the recommended 500 KB`);
  if (ratio === '1.91:1') warnings.push('1.91:1 shows letterboxed in the full-screen feed; 9:16 fills it');
  return { ratio: ratio ?? null, problems, warnings };
}

/** A URL the platform can fetch as an image: http(s), ending in .jpg, .jpeg or .png. */
export function imageUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (!/^https?:$/.test(parsed.protocol)) return 'must be an http(s) URL';
  if (!/\.(jpe?g|png)$/i.test(parsed.pathname)) return 'must be a direct link to a .jpg, .jpeg or .png file (not a web page)';
  return undefined;
}

const fileNameOf = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() || 'image.jpg');
  } catch {
    return 'image.jpg';
  }
};

const imageSchema = v.object({
  image_id: v.string(),
  file_name: v.nullable(v.string()),
  width: v.number(),
  height: v.number(),
  ratio: v.nullable(v.string()),
  format: v.nullable(v.string()),
  size: v.nullable(v.number()),
  usable: v.boolean(),
  problems: v.array(v.string()),
  warnings: v.array(v.string()),
});

function imageRow(image: ShortVideoImage) {
  const verdict = imageVerdict(image);
  return {
    image_id: image.id,
    file_name: image.file_name ?? null,
    width: image.width,
    height: image.height,
    ratio: verdict.ratio,
    format: image.format ?? null,
    size: image.size ?? null,
    usable: verdict.problems.length === 0,
    problems: verdict.problems,
    warnings: verdict.warnings,
  };
}

const imageTable = (rows: ReturnType<typeof imageRow>[]) =>
  markdownTable(
    ['Image id', 'File', 'Size', 'Ratio', 'Usable', 'Notes'],
    rows.map((r) => [
      r.image_id,
      r.file_name ?? '',
      `${r.width}x${r.height}`,
      r.ratio ?? '-',
      r.usable ? 'yes' : 'no',
      [...r.problems, ...r.warnings].join('; '),
    ]),
  );

const imageUrls = (description: string) =>
  v.pipe(
    v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
    v.minLength(1, 'must list at least one URL'),
    v.maxLength(20, 'must list at most 20 URLs'),
    v.description(description),
  );

// ---------------------------------------------------------------------------------------------

export const discoverShortVideoAssets = defineShortVideoTool({
  name: 'discover_shortvideo_assets',
  description:
    'Browses the images already in the shortvideo asset library: id, file, size, aspect ratio and whether each fits image and carousel ads (and why not). Filter by name or ratio; paged.',
  access: 'read',
  args: {
    query: v.optional(v.pipe(v.string(), v.trim(), v.description('Part of the file name'))),
    ratio: v.optional(v.pipe(v.picklist(['9:16', '1:1', '1.91:1']), v.description('Only images of this aspect ratio'))),
    usable_only: v.optional(v.pipe(v.boolean(), v.description('true = only images that fit the ad specifications')), false),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100), v.description('Images per page, 1-100 (default 50)')),
      50,
    ),
    offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000), v.description('Images to skip (default 0)')), 0),
  },
  output: v.object({
    advertiser_id: v.string(),
    total: v.number(),
    offset: v.number(),
    has_more: v.boolean(),
    images: v.array(imageSchema),
  }),
  async run(args, ctx) {
    const rows = (await ctx.platform.listImages())
      .filter((i) => i.source === 'URL')
      .map(imageRow)
      .filter(
        (r) =>
          (!args.query || (r.file_name ?? '').toLowerCase().includes(args.query.toLowerCase())) &&
          (!args.ratio || r.ratio === args.ratio) &&
          (!args.usable_only || r.usable),
      )
      .sort((a, b) => (a.file_name ?? '').localeCompare(b.file_name ?? ''));
    const page = rows.slice(args.offset, args.offset + args.limit);
    const text = [
      `## Image library (${count(rows.length)} images)`,
      '',
      page.length ? imageTable(page) : 'No images match. Upload some with upload_shortvideo_images.',
      '',
      'Next: build a carousel with create_shortvideo_carousel_card, or use an image id in add_shortvideo_ad.',
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        total: rows.length,
        offset: args.offset,
        has_more: args.offset + page.length < rows.length,
        images: page,
      },
    };
  },
});

interface UploadPlanData {
  urls: string[];
  rejected: { url: string; problem: string }[];
}

/** The upload plan of a list of URLs: one image create per usable URL; the others named. */
function uploadPlan(urls: string[], refuseBad: boolean) {
  const unique = [...new Set(urls)];
  const rejected = unique.flatMap((url) => {
    const problem = imageUrlProblem(url);
    return problem ? [{ url, problem }] : [];
  });
  if (refuseBad && rejected.length) {
    throw new ToolError(
      `Nothing was uploaded: ${rejected.map((r) => `\`image_urls\` ${r.url} ${r.problem}`).join('; ')}. Check the links, or use validate_and_prepare_shortvideo_assets to upload the good ones and list the others.`,
      { rejected },
    );
  }
  const good = unique.filter((u) => !rejected.some((r) => r.url === u));
  return {
    summary: `Upload ${good.length} image${good.length === 1 ? '' : 's'} to the image library`,
    changes: good.map((url) => ({
      action: 'create' as const,
      entity: 'image',
      name: fileNameOf(url),
      fields: { image_url: { after: url } },
      startsPaused: true,
    })),
    notes: rejected.map((r) => `${r.url} ${r.problem}: not uploaded.`),
    data: { urls: good, rejected } as UploadPlanData,
  };
}

/** Uploads each URL as one checkpointed step (a retry does not upload twice). */
async function uploadAll(
  urls: string[],
  ctx: {
    step<T>(name: string, run: () => Promise<T>): Promise<T>;
    platform: { uploadImageByUrl(url: string, name: string): Promise<ShortVideoImage> };
  },
) {
  const out: ShortVideoImage[] = [];
  for (const url of urls) out.push(await ctx.step(`image:${url}`, () => ctx.platform.uploadImageByUrl(url, fileNameOf(url))));
  return out;
}

export const uploadShortVideoImages = defineShortVideoTool({
  name: 'upload_shortvideo_images',
  description:
    'Uploads up to 20 images from public URLs (direct .jpg/.jpeg/.png links) to the shortvideo image library and answers each image id with its size and aspect ratio. A link that is not an image refuses the whole call; a retry does not upload twice.',
  access: 'write',
  examples: [{ image_urls: ['https://cdn.example.com/example/boots_1080x1920.jpg'] }],
  args: { image_urls: imageUrls('Public direct links to JPG or PNG files, 1-20') },
  output: v.object({ advertiser_id: v.string(), images: v.array(imageSchema) }),
  plan: async (args) => uploadPlan(args.image_urls, true),
  async apply(plan, _args, ctx) {
    const rows = (await uploadAll(plan.data.urls, ctx)).map(imageRow);
    const text = [
      `## Uploaded ${rows.length} image${rows.length === 1 ? '' : 's'}`,
      '',
      imageTable(rows),
      '',
      'Next: build a carousel with create_shortvideo_carousel_card, or use an image id in add_shortvideo_ad.',
    ].join('\n');
    return { text, structured: { advertiser_id: ctx.account.account_id, images: rows } };
  },
});

export const validateAndPrepareShortVideoAssets = defineShortVideoTool({
  name: 'validate_and_prepare_shortvideo_assets',
  description:
    'Checks image URLs against the shortvideo image and carousel specifications (JPG/PNG, ratios 9:16, 1:1 or 1.91:1 with their minimum sizes, 2-35 images of one ratio for a carousel), uploads the links that are images ' +
    'and answers which image ids are ready and what is wrong with the others. With dry_run only the links are checked.',
  access: 'write',
  examples: [
    {
      image_urls: ['https://cdn.example.com/example/a_1080x1080.jpg', 'https://cdn.example.com/example/b_1080x1080.jpg'],
      intended_use: 'CAROUSEL',
    },
  ],
  args: {
    image_urls: imageUrls('Public direct links to JPG or PNG files, 1-20'),
    intended_use: v.optional(
      v.pipe(v.picklist(IMAGE_USES), v.description('SINGLE_IMAGE (default) or CAROUSEL (2-35 images of one ratio)')),
      'SINGLE_IMAGE',
    ),
  },
  output: v.object({
    advertiser_id: v.string(),
    intended_use: v.string(),
    ready_image_ids: v.array(v.string()),
    images: v.array(imageSchema),
    rejected_urls: v.array(v.object({ url: v.string(), problem: v.string() })),
    carousel_ratio: v.nullable(v.string()),
    carousel_problems: v.array(v.string()),
  }),
  plan: async (args) => uploadPlan(args.image_urls, false),
  async apply(plan, args, ctx) {
    const rows = (await uploadAll(plan.data.urls, ctx)).map(imageRow);
    const usable = rows.filter((r) => r.usable);
    const carouselProblems: string[] = [];
    let carouselRatio: string | null = null;
    if (args.intended_use === 'CAROUSEL') {
      const byRatio = new Map<string, number>();
      for (const r of usable) byRatio.set(r.ratio!, (byRatio.get(r.ratio!) ?? 0) + 1);
      carouselRatio = [...byRatio].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
      for (const r of usable)
        if (r.ratio !== carouselRatio) {
          r.usable = false;
          r.problems.push(`a carousel needs one ratio; most images are ${carouselRatio}`);
        }
      const n = rows.filter((r) => r.usable).length;
      if (n < CAROUSEL_IMAGES.min)
        carouselProblems.push(`a carousel needs at least ${CAROUSEL_IMAGES.min} usable images of one ratio; ${n} are ready`);
    }
    const ready = rows.filter((r) => r.usable).map((r) => r.image_id);
    const text = [
      `## Assets checked: ${ready.length} of ${plan.data.urls.length + plan.data.rejected.length} ready for ${args.intended_use === 'CAROUSEL' ? 'a carousel' : 'image ads'}`,
      '',
      rows.length ? imageTable(rows) : 'No link was an image.',
      ...(plan.data.rejected.length ? ['', '### Links not uploaded', ...plan.data.rejected.map((r) => `- ${r.url} ${r.problem}`)] : []),
      ...(carouselProblems.length ? ['', ...carouselProblems.map((p) => `- ${p}`)] : []),
      '',
      args.intended_use === 'CAROUSEL' && !carouselProblems.length
        ? `Next: create_shortvideo_carousel_card with image_ids ${JSON.stringify(ready)}.`
        : ready.length
          ? `Next: add_shortvideo_ad with format SINGLE_IMAGE and one of these image ids.`
          : 'Fix the images and run this again.',
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        intended_use: args.intended_use,
        ready_image_ids: ready,
        images: rows,
        rejected_urls: plan.data.rejected,
        carousel_ratio: carouselRatio,
        carousel_problems: carouselProblems,
      },
    };
  },
});

export const createShortVideoCarouselCard = defineShortVideoTool({
  name: 'create_shortvideo_carousel_card',
  description:
    `Builds a shortvideo carousel from ${CAROUSEL_IMAGES.min}-${CAROUSEL_IMAGES.max} library images of one aspect ratio (9:16, 1:1 or 1.91:1, each at its minimum size), with optional music. ` +
    'Answers the carousel id that add_shortvideo_ad (format CAROUSEL_ADS) and create_shortvideo_campaign take. Spends nothing by itself.',
  access: 'write',
  examples: [
    {
      carousel_name: 'Example carousel',
      image_ids: ['<image_id from discover_shortvideo_assets>', '<image_id from discover_shortvideo_assets>'],
    },
  ],
  args: {
    carousel_name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(100, 'must be at most 100 characters'),
      v.description('Name of the carousel'),
    ),
    image_ids: v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
      v.minLength(CAROUSEL_IMAGES.min, `must list at least ${CAROUSEL_IMAGES.min} images`),
      v.maxLength(CAROUSEL_IMAGES.max, `must list at most ${CAROUSEL_IMAGES.max} images`),
      v.description('Library image ids in display order (discover_shortvideo_assets)'),
    ),
    music_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d+$/, 'must be a numeric music id'),
        v.description('Background music id from the commercial music library'),
      ),
    ),
  },
  rules: [(a) => (new Set(a.image_ids).size !== a.image_ids.length ? '`image_ids` lists an image twice' : undefined)],
  output: v.object({
    advertiser_id: v.string(),
    carousel_id: v.string(),
    carousel_name: v.string(),
    image_ids: v.array(v.string()),
    aspect_ratio: v.string(),
  }),
  async plan(args, ctx) {
    const library = new Map((await ctx.platform.listImages()).map((i) => [i.id, i]));
    const missing = args.image_ids.filter((id) => !library.has(id));
    if (missing.length)
      throw new ToolError(
        `\`image_ids\`: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in the image library; see discover_shortvideo_assets or upload with upload_shortvideo_images.`,
        { missing },
      );
    const rows = args.image_ids.map((id) => imageRow(library.get(id)!));
    const bad = rows.filter((r) => !r.usable);
    if (bad.length)
      throw new ToolError(
        `\`image_ids\`: ${bad.map((r) => `${r.image_id} (${r.problems.join('; ')})`).join(', ')} cannot be used in a carousel.`,
      );
    const ratios = [...new Set(rows.map((r) => r.ratio))];
    if (ratios.length > 1)
      throw new ToolError(`\`image_ids\`: a carousel's images share one aspect ratio; these mix ${ratios.join(' and ')}.`);
    return {
      summary: `Create carousel "${args.carousel_name}" of ${rows.length} images (${ratios[0]})`,
      changes: [
        {
          action: 'create' as const,
          entity: 'carousel',
          name: args.carousel_name,
          fields: {
            image_ids: { after: args.image_ids },
            aspect_ratio: { after: ratios[0] },
            ...(args.music_id ? { music_id: { after: args.music_id } } : {}),
          },
          startsPaused: true,
        },
      ],
      notes: rows.flatMap((r) => r.warnings.map((w) => `${r.image_id}: ${w}`)),
      data: { aspect_ratio: ratios[0]! },
    };
  },
  async apply(plan, args, ctx) {
    const carousel = await ctx.step('carousel', () =>
      ctx.platform.createCarousel({
        carousel_name: args.carousel_name,
        image_ids: args.image_ids,
        aspect_ratio: plan.data.aspect_ratio,
        music_id: args.music_id,
        create_time: ctx.now.toISOString(),
      }),
    );
    return {
      text: [
        `## Carousel "${carousel.carousel_name}" created`,
        '',
        `Carousel id **${carousel.id}**: ${carousel.image_ids.length} images, ${carousel.aspect_ratio}${carousel.music_id ? `, music ${carousel.music_id}` : ''}.`,
        '',
        `Next: add_shortvideo_ad with ad_format CAROUSEL_ADS and carousel_id ${carousel.id}, or create_shortvideo_campaign with creative_type CAROUSEL.`,
      ].join('\n'),
      structured: {
        advertiser_id: ctx.account.account_id,
        carousel_id: carousel.id,
        carousel_name: carousel.carousel_name,
        image_ids: carousel.image_ids,
        aspect_ratio: carousel.aspect_ratio,
      },
    };
  },
});

export const listShortVideoIdentities = defineShortVideoTool({
  name: 'list_shortvideo_identities',
  description:
    'Lists the identities a shortvideo ad can post as (needed before creating an ad): a custom display name (CUSTOMIZED_USER), or an authorized account (ACCOUNT_USER, AUTH_CODE from a creator, BUSINESS_CENTER_USER) whose posts can run as Spark ads.',
  access: 'read',
  args: {
    identity_type: v.optional(v.pipe(v.picklist(IDENTITY_TYPES), v.description(`Only this type: ${IDENTITY_TYPES.join(', ')}`))),
    spark_only: v.optional(v.pipe(v.boolean(), v.description('true = only identities whose posts can run as Spark ads')), false),
  },
  output: v.object({
    advertiser_id: v.string(),
    identities: v.array(
      v.object({
        identity_id: v.string(),
        identity_type: v.string(),
        display_name: v.string(),
        can_spark: v.boolean(),
        auth_expire_time: v.optional(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const identities = (await ctx.platform.listIdentities()).filter(
      (i) => (!args.identity_type || i.identity_type === args.identity_type) && (!args.spark_only || i.can_spark),
    );
    const text = [
      `## Identities (${identities.length})`,
      '',
      identities.length
        ? markdownTable(
            ['Identity id', 'Type', 'Display name', 'Spark ads', 'Authorized until'],
            identities.map((i) => [i.identity_id, i.identity_type, i.display_name, i.can_spark ? 'yes' : 'no', i.auth_expire_time ?? '-']),
          )
        : 'No identity matches.',
      '',
      'Next: pass identity_id and identity_type to add_shortvideo_ad or create_shortvideo_campaign (Spark ads need an identity whose posts can run as ads).',
    ].join('\n');
    return { text, structured: { advertiser_id: ctx.account.account_id, identities } };
  },
});
