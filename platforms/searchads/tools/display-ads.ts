import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { requires } from '../../../core/argument-rules';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsPort } from '../port';
import type { NewSearchAdsDisplayAd, SearchAdsDisplayAd, SearchAdsDisplayAdPatch, SearchAdsImageAsset } from '../port-display';
import { adGroupIdArg, adIdArg } from './common';
import { finalUrlArg, textList } from './ad-copy';
import { requireDisplayAdGroup, imageLibrary, videoLibrary } from './display-common';

/**
 * Responsive display ads: the platform's rules for their parts (text lengths and counts, the four
 * image slots with their aspect ratios and minimum sizes, colours), the arguments that describe one,
 * and the two tools that create and edit them.
 */

/** The image slots of a responsive display ad: aspect ratio (±1 %), minimum size, and how many. */
export const IMAGE_SLOTS = {
  marketing_image_ids: { ratio: 1.91, min: [600, 314], what: 'landscape marketing image (1.91:1, at least 600x314)' },
  square_marketing_image_ids: { ratio: 1, min: [300, 300], what: 'square marketing image (1:1, at least 300x300)' },
  logo_image_ids: { ratio: 4, min: [512, 128], what: 'landscape logo (4:1, at least 512x128)' },
  square_logo_image_ids: { ratio: 1, min: [128, 128], what: 'square logo (1:1, at least 128x128)' },
} as const;
type Slot = keyof typeof IMAGE_SLOTS;
const SLOTS = Object.keys(IMAGE_SLOTS) as Slot[];

const imageIds = (max: number, description: string) =>
  v.pipe(
    v.array(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,19}$/, 'must be a numeric image asset id'))),
    v.maxLength(max, `must list at most ${max} images`),
    v.check((list) => new Set(list).size === list.length, 'must not repeat an image'),
    v.description(description),
  );
const color = (which: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex colour like #1A73E8'),
    v.description(`${which} colour, #RRGGBB; with the other colour`),
  );

/** The parts of a responsive display ad as arguments (required ones required on a create). */
export function displayAdEntries() {
  const req = <T extends v.GenericSchema>(s: T) => s;
  return {
    headlines: req(
      v.pipe(
        textList(5, 30, 'headlines'),
        v.minLength(1, 'must list at least 1 headline'),
        v.description('1-5 short headlines of at most 30 characters'),
      ),
    ),
    long_headline: req(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(90, 'must be at most 90 characters'),
        v.description('The long headline, at most 90 characters'),
      ),
    ),
    descriptions: req(
      v.pipe(
        textList(5, 90, 'descriptions'),
        v.minLength(1, 'must list at least 1 description'),
        v.description('1-5 descriptions of at most 90 characters'),
      ),
    ),
    business_name: req(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(25, 'must be at most 25 characters'),
        v.description('Advertiser or brand name, at most 25 characters'),
      ),
    ),
    final_url: req(finalUrlArg()),
    marketing_image_ids: req(
      v.pipe(
        imageIds(15, 'Landscape (1.91:1) marketing image asset ids, at least 1 (the image library is in get_display_ad_group_settings)'),
        v.minLength(1, 'must list at least 1 landscape marketing image'),
      ),
    ),
    square_marketing_image_ids: req(
      v.pipe(
        imageIds(15, 'Square (1:1) marketing image asset ids, at least 1'),
        v.minLength(1, 'must list at least 1 square marketing image'),
      ),
    ),
    logo_image_ids: v.optional(imageIds(5, 'Landscape (4:1) logo image asset ids; [] removes them')),
    square_logo_image_ids: v.optional(imageIds(5, 'Square (1:1) logo image asset ids; [] removes them')),
    video_ids: v.optional(
      imageIds(5, 'Video asset ids (at most 5, from the video library in get_display_ad_group_settings); [] removes them'),
    ),
    call_to_action_text: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(30, 'must be at most 30 characters'),
        v.description(`Call-to-action text (at most 30 characters), e.g. Shop now; an empty string removes it`),
      ),
    ),
    main_color: v.optional(color('Main')),
    accent_color: v.optional(color('Accent')),
    promo_text: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(90, 'must be at most 90 characters'),
        v.description(`Promotion text for dynamic formats, e.g. Free shipping over $50; an empty string removes it`),
      ),
    ),
  };
}

export const colorRules = [requires('main_color', 'accent_color'), requires('accent_color', 'main_color')];

/**
 * Refuses images that are not in the library or do not fit their slot, and slot totals over the
 * platform's limits (marketing images 15 together, logos 5 together).
 */
export async function checkImages(
  port: SearchAdsPort,
  parts: Partial<Record<Slot | 'video_ids', string[]>>,
  field = (slot: Slot | 'video_ids') => `\`${slot}\``,
): Promise<SearchAdsImageAsset[]> {
  if (parts.video_ids?.length) {
    const videos = await videoLibrary(port);
    const unknown = parts.video_ids
      .map((id, i) =>
        videos.some((x) => x.id === id) ? undefined : `${field('video_ids')}[${i}] ${id} is not a video asset of this account`,
      )
      .filter(Boolean);
    if (unknown.length) throw new ToolError(`${unknown.join('; ')}. get_display_ad_group_settings lists the video library.`);
  }
  if (!SLOTS.some((s) => parts[s]?.length)) return [];
  const library = await imageLibrary(port);
  const problems: string[] = [];
  for (const slot of SLOTS) {
    const spec = IMAGE_SLOTS[slot];
    (parts[slot] ?? []).forEach((id, i) => {
      const image = library.find((x) => x.id === id);
      if (!image) return problems.push(`${field(slot)}[${i}] ${id} is not an image asset of this account`);
      const ratio = image.width / image.height;
      if (Math.abs(ratio - spec.ratio) > spec.ratio * 0.01 || image.width < spec.min[0] || image.height < spec.min[1]) {
        problems.push(`${field(slot)}[${i}] "${image.name}" is ${image.width}x${image.height}; this slot takes a ${spec.what}`);
      }
      return undefined;
    });
  }
  if ((parts.marketing_image_ids?.length ?? 0) + (parts.square_marketing_image_ids?.length ?? 0) > 15)
    problems.push('marketing images and square marketing images together must be at most 15');
  if ((parts.logo_image_ids?.length ?? 0) + (parts.square_logo_image_ids?.length ?? 0) > 5)
    problems.push('logos and square logos together must be at most 5');
  if (problems.length) throw new ToolError(`${problems.join('; ')}. get_display_ad_group_settings lists the image library with sizes.`);
  return library;
}

const adOutput = v.object({
  customer_id: v.string(),
  ad_id: v.string(),
  ad_group_id: v.string(),
  campaign_id: v.string(),
  status: v.string(),
  headlines: v.array(v.string()),
  long_headline: v.string(),
  descriptions: v.array(v.string()),
  business_name: v.string(),
  final_url: v.string(),
  marketing_image_ids: v.array(v.string()),
  square_marketing_image_ids: v.array(v.string()),
  logo_image_ids: v.array(v.string()),
  square_logo_image_ids: v.array(v.string()),
  video_ids: v.array(v.string()),
  call_to_action_text: v.optional(v.string()),
  main_color: v.optional(v.string()),
  accent_color: v.optional(v.string()),
  promo_text: v.optional(v.string()),
});

export function displayAdStructured(customerId: string, ad: SearchAdsDisplayAd) {
  const { id, type: _type, path1: _p1, path2: _p2, ...rest } = ad;
  return { customer_id: customerId, ad_id: id, ...rest };
}

export function displayAdText(ad: SearchAdsDisplayAd): string {
  return markdownTable(
    ['Part', 'Value'],
    [
      ['Headlines', ad.headlines.join(' | ')],
      ['Long headline', ad.long_headline],
      ['Descriptions', ad.descriptions.join(' | ')],
      ['Business name', ad.business_name],
      ['Final URL', ad.final_url],
      [
        'Images',
        `${ad.marketing_image_ids.length} landscape, ${ad.square_marketing_image_ids.length} square, ${ad.logo_image_ids.length + ad.square_logo_image_ids.length} logo(s), ${ad.video_ids.length} video(s)`,
      ],
      ['Call to action', ad.call_to_action_text ?? '(automatic)'],
      ['Colours', ad.main_color ? `${ad.main_color} / ${ad.accent_color}` : '(automatic)'],
      ['Promo text', ad.promo_text ?? ''],
    ],
  );
}

export type DisplayAdArgs = Omit<NewSearchAdsDisplayAd, 'ad_group_id' | 'status'>;

export const addDisplayAd = defineSearchAdsTool({
  name: 'add_display_ad',
  description:
    "Adds a responsive display ad to an ad group of a Display campaign: 1-5 headlines (<= 30), a long headline (<= 90), 1-5 descriptions (<= 90), business name (<= 25), final URL, and images from the account's image library (at least one 1.91:1 and one 1:1 marketing image; optional 4:1 and 1:1 logos, up to 5 library videos); optional call to action, main/accent colours and promo text. It starts PAUSED unless status ENABLED is asked for (and the owner allows creates that spend).",
  access: 'write',
  examples: [
    {
      ad_group_id: '<ad_group_id from list_ad_groups>',
      headlines: ['Trail Gear That Lasts'],
      long_headline: 'Boots, packs and layers tested on real trails',
      descriptions: ['Free shipping over $50.'],
      business_name: 'Northwind Outdoor',
      final_url: 'https://www.example.com/trail',
      marketing_image_ids: ['<marketing_image_id from discover_existing_assets>'],
      square_marketing_image_ids: ['<square_marketing_image_id from discover_existing_assets>'],
    },
  ],
  args: {
    ad_group_id: adGroupIdArg('Display ad group id from list_ad_groups'),
    ...displayAdEntries(),
    status: v.optional(v.pipe(v.picklist(['PAUSED', 'ENABLED']), v.description('PAUSED (default) or ENABLED')), 'PAUSED'),
  },
  schemaRules: colorRules,
  output: adOutput,
  async plan(args, ctx) {
    const { group } = await requireDisplayAdGroup(ctx.platform, args.ad_group_id, 'add_display_ad', true);
    await checkImages(ctx.platform, args);
    const status = ctx.createPaused ? 'PAUSED' : args.status;
    return {
      summary: `Create a responsive display ad (${status}) in ad group "${group.name}" (${group.id})`,
      changes: [
        {
          action: 'create' as const,
          entity: 'ad',
          name: args.headlines[0],
          fields: {
            headlines: { after: args.headlines },
            long_headline: { after: args.long_headline },
            descriptions: { after: args.descriptions },
            business_name: { after: args.business_name },
            final_url: { after: args.final_url },
            status: { after: status },
          },
          startsPaused: status === 'PAUSED',
        },
      ],
      data: { group: { id: group.id, name: group.name }, status },
    };
  },
  async apply(plan, args, ctx) {
    const { group, status } = plan.data;
    const optional = Object.fromEntries(
      (['call_to_action_text', 'main_color', 'accent_color', 'promo_text'] as const).filter((f) => args[f]).map((f) => [f, args[f]]),
    );
    const parts: NewSearchAdsDisplayAd = {
      ad_group_id: group.id,
      status,
      headlines: args.headlines,
      long_headline: args.long_headline,
      descriptions: args.descriptions,
      business_name: args.business_name,
      final_url: args.final_url,
      marketing_image_ids: args.marketing_image_ids,
      square_marketing_image_ids: args.square_marketing_image_ids,
      logo_image_ids: args.logo_image_ids ?? [],
      square_logo_image_ids: args.square_logo_image_ids ?? [],
      ...(args.video_ids?.length ? { video_ids: args.video_ids } : {}),
      ...optional,
    };
    const [ad] = await ctx.step('create_ad', () => ctx.platform.createDisplayAds([parts]));
    return {
      text: [
        `## Responsive display ad ${ad!.id} created in "${group.name}" (${ad!.status})`,
        '',
        displayAdText(ad!),
        '',
        ad!.status === 'PAUSED' ? 'It does not serve yet: resume_ad enables it after review.' : "It serves after the platform's review.",
      ].join('\n'),
      structured: displayAdStructured(ctx.account.account_id, ad!),
    };
  },
});

const EDITABLE = [
  'long_headline',
  'business_name',
  'marketing_image_ids',
  'square_marketing_image_ids',
  'logo_image_ids',
  'square_logo_image_ids',
  'video_ids',
  'call_to_action_text',
  'main_color',
  'accent_color',
  'promo_text',
] as const;
type Editable = (typeof EDITABLE)[number];
const snapshot = (ad: SearchAdsDisplayAd) => Object.fromEntries(EDITABLE.map((f) => [f, ad[f] ?? ''])) as Record<Editable, unknown>;

export const updateDisplayAdCreative = defineSearchAdsTool({
  name: 'update_display_ad_creative',
  description:
    "Edits a responsive display ad's visual parts: its images (landscape and square marketing images, logos), videos, colours (main and accent together), call to action, promo text, long headline and business name. Image lists replace the slot; an empty string removes call to action or promo text. Headlines and descriptions: update_ad_creative. The ad keeps its id.",
  access: 'write',
  examples: [{ ad_id: '<ad_id from get_ad_performance>', main_color: '#1A73E8', accent_color: '#FFFFFF', call_to_action_text: 'Shop now' }],
  args: {
    ad_id: adIdArg('Responsive display ad id from get_ad_performance'),
    long_headline: v.optional(displayAdEntries().long_headline),
    business_name: v.optional(displayAdEntries().business_name),
    marketing_image_ids: v.optional(displayAdEntries().marketing_image_ids),
    square_marketing_image_ids: v.optional(displayAdEntries().square_marketing_image_ids),
    logo_image_ids: displayAdEntries().logo_image_ids,
    square_logo_image_ids: displayAdEntries().square_logo_image_ids,
    video_ids: displayAdEntries().video_ids,
    call_to_action_text: displayAdEntries().call_to_action_text,
    main_color: v.optional(
      v.union([v.literal(''), color('Main')], 'must be a hex colour like #1A73E8, or an empty string to remove both colours'),
    ),
    accent_color: v.optional(
      v.union([v.literal(''), color('Accent')], 'must be a hex colour like #1A73E8, or an empty string to remove both colours'),
    ),
    promo_text: displayAdEntries().promo_text,
  },
  rules: [
    (a) => (EDITABLE.every((f) => a[f] === undefined) ? `give at least one of ${EDITABLE.map((f) => `\`${f}\``).join(', ')}` : undefined),
    (a) =>
      (a.main_color === '') !== (a.accent_color === '') && (a.main_color !== undefined || a.accent_color !== undefined)
        ? '`main_color` and `accent_color` are removed together (both empty strings)'
        : undefined,
  ],
  schemaRules: colorRules,
  output: v.object({
    customer_id: v.string(),
    ad_id: v.string(),
    changed: v.array(v.string()),
    before: v.record(v.string(), v.unknown()),
    after: v.record(v.string(), v.unknown()),
  }),
  async plan(args, ctx) {
    const base = await ctx.platform.getAd(args.ad_id);
    if (base.type !== 'RESPONSIVE_DISPLAY_AD')
      throw new ToolError(
        `Ad ${base.id} is a ${base.type}; update_display_ad_creative edits responsive display ads (update_ad_creative edits the copy of any ad).`,
      );
    if (base.status === 'REMOVED') throw new ToolError(`Ad ${base.id} is REMOVED; create a new one with add_display_ad.`);
    const ad = await ctx.platform.getDisplayAd(args.ad_id);
    await checkImages(ctx.platform, args);
    const before = snapshot(ad);
    const patch: SearchAdsDisplayAdPatch = {};
    const fields: Record<string, { before: unknown; after: unknown }> = {};
    for (const f of EDITABLE) {
      const given = args[f];
      if (given === undefined || JSON.stringify(given) === JSON.stringify(before[f])) continue;
      (patch as Record<string, unknown>)[f] = given === '' ? undefined : given;
      fields[f] = { before: before[f], after: given };
    }
    return {
      summary: Object.keys(fields).length
        ? `Change ${Object.keys(fields).join(', ')} of display ad ${ad.id}`
        : `Display ad ${ad.id} already looks like that; nothing changes`,
      changes: Object.keys(fields).length ? [{ action: 'update' as const, entity: 'ad', id: ad.id, name: ad.headlines[0], fields }] : [],
      notes: Object.keys(fields).length
        ? ["Changed parts go through the platform's review again; the ad keeps serving its approved version meanwhile."]
        : [],
      data: { ad_id: ad.id, before, patch },
    };
  },
  async apply(plan, _args, ctx) {
    const { ad_id, before, patch } = plan.data;
    const changed = Object.keys(plan.changes[0]?.fields ?? {});
    if (!changed.length)
      return {
        text: `## Display ad ${ad_id} unchanged\n\nIt already looks like that; nothing changed.`,
        structured: { customer_id: ctx.account.account_id, ad_id, changed, before, after: before },
      };
    const updated = await ctx.platform.updateDisplayAd(ad_id, patch);
    const after = snapshot(updated);
    const shown = (x: unknown) => (Array.isArray(x) ? x.join(', ') : String(x ?? ''));
    return {
      text: [
        `## Display ad ${ad_id} updated`,
        '',
        markdownTable(
          ['Part', 'Before', 'After'],
          changed.map((f) => [f, shown(before[f as Editable]), shown(after[f as Editable])]),
        ),
        '',
        `- ${plan.notes?.[0] ?? ''}`,
      ].join('\n'),
      structured: { customer_id: ctx.account.account_id, ad_id, changed, before, after },
    };
  },
  undo(plan) {
    const { ad_id, before } = plan.data;
    const changed = Object.keys(plan.changes[0]?.fields ?? {});
    if (!changed.length) return undefined;
    return {
      tool: 'update_display_ad_creative',
      arguments: { ad_id, ...Object.fromEntries(changed.map((f) => [f, before[f as Editable]])) },
    };
  },
});
