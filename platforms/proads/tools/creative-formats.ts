/**
 * The creatives of each proads format as data (copy fields, asset kind, limits), and planning and
 * applying one creative (an asset by id, or a file uploaded from its URL), checkpointed with ctx.step.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import type { ToolContext } from '../../../core/tool';
import { isoDate } from '../../../core/dates';
import type { NewProAdsCreative, ProAdsFormat, ProAdsPort } from '../port';
import { ctaArg, FORMAT_WORD, nameArg, refuseCopyProblems, urlArg } from './common';

const copyText = (max: number, what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(max, `must be at most ${max} characters`),
    v.description(what),
  );
const assetIdArg = (kind: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^asset_[A-Za-z0-9_-]{4,80}$/, 'must be an asset id such as asset_ab12cd34ef56 (discover_proads_assets lists them)'),
      v.description(`Id of an uploaded ${kind} (discover_proads_assets)`),
    ),
  );
const mediaUrlArg = (kind: 'image' | 'video') =>
  v.optional(
    urlArg(
      kind === 'image'
        ? 'Image URL (JPG, PNG or GIF) to upload when no asset_id is given'
        : 'Video URL (MP4) to upload when no asset_id is given',
    ),
  );
const cardSchema = v.strictObject({
  headline: copyText(45, 'Card headline, at most 45 characters'),
  landing_page_url: urlArg('Card destination URL'),
  asset_id: assetIdArg('image'),
  image_url: mediaUrlArg('image'),
});

export const CREATIVE_FORMATS = {
  SINGLE_IMAGE: {
    asset: 'IMAGE' as const,
    args: {
      creative_name: v.optional(nameArg('Creative')),
      intro_text: copyText(600, 'Introductory text above the image, at most 600 characters (150 show before "see more")'),
      headline: copyText(200, 'Headline under the image, at most 200 characters (70 recommended)'),
      description: v.optional(copyText(300, 'Description, at most 300 characters')),
      call_to_action: v.optional(ctaArg()),
      landing_page_url: urlArg('Destination URL, http(s)'),
      asset_id: assetIdArg('image'),
      image_url: mediaUrlArg('image'),
    },
  },
  VIDEO: {
    asset: 'VIDEO' as const,
    args: {
      creative_name: v.optional(nameArg('Creative')),
      intro_text: v.optional(copyText(600, 'Introductory text above the video, at most 600 characters')),
      headline: copyText(200, 'Headline under the video, at most 200 characters'),
      call_to_action: v.optional(ctaArg()),
      landing_page_url: urlArg('Destination URL, http(s)'),
      asset_id: assetIdArg('video'),
      video_url: mediaUrlArg('video'),
    },
  },
  TEXT_AD: {
    asset: 'IMAGE' as const,
    args: {
      creative_name: v.optional(nameArg('Creative')),
      headline: copyText(25, 'Headline, at most 25 characters'),
      description: copyText(75, 'Description, at most 75 characters'),
      landing_page_url: urlArg('Destination URL, http(s)'),
      asset_id: assetIdArg('100 x 100 image (optional)'),
      image_url: mediaUrlArg('image'),
    },
  },
  CAROUSEL: {
    asset: 'IMAGE' as const,
    args: {
      creative_name: v.optional(nameArg('Creative')),
      intro_text: copyText(255, 'Introductory text above the cards, at most 255 characters'),
      cards: v.pipe(
        v.array(cardSchema),
        v.minLength(2, 'a carousel needs at least 2 cards'),
        v.maxLength(10, 'a carousel holds at most 10 cards'),
        v.description('2-10 cards, each with a 1:1 image (asset_id or image_url), a headline and a destination URL'),
      ),
    },
  },
};
export type CreativeArgs = {
  creative_name?: string;
  intro_text?: string;
  headline?: string;
  description?: string;
  call_to_action?: string;
  landing_page_url?: string;
  asset_id?: string;
  image_url?: string;
  video_url?: string;
  cards?: { headline: string; landing_page_url: string; asset_id?: string; image_url?: string }[];
};

/** Each image/video needs an asset_id or a URL, never both (text ads: the image is optional). */
export function mediaRule(format: ProAdsFormat) {
  return (a: CreativeArgs): string[] => {
    const problems: string[] = [];
    const url = a.image_url ?? a.video_url;
    if (format === 'CAROUSEL') {
      (a.cards ?? []).forEach((c, i) => {
        if (Boolean(c.asset_id) === Boolean(c.image_url))
          problems.push(`cards[${i}] needs either \`asset_id\` or \`image_url\` (one of them)`);
      });
    } else if (a.asset_id && url) problems.push('give `asset_id` or the media URL, not both');
    else if (format !== 'TEXT_AD' && !a.asset_id && !url)
      problems.push(
        `a ${FORMAT_WORD[format]} creative needs \`asset_id\` (discover_proads_assets) or \`${format === 'VIDEO' ? 'video_url' : 'image_url'}\``,
      );
    return problems;
  };
}

export interface PlannedCreative {
  input: Omit<NewProAdsCreative, 'campaign_id'>;
  /** Media to upload first: the key where its asset id goes ('asset' or 'card:<i>'). */
  uploads: { key: string; kind: 'IMAGE' | 'VIDEO'; url: string }[];
}

const fileName = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() || 'upload');
const IMAGE_EXT = /\.(jpe?g|png|gif)$/i;

export async function planCreative(
  ctx: ToolContext<ProAdsPort>,
  format: ProAdsFormat,
  a: CreativeArgs,
  status: 'ACTIVE' | 'PAUSED',
  fallbackName: string,
  start: string,
): Promise<{ planned: PlannedCreative; changes: PlannedChange[] }> {
  refuseCopyProblems(format, {
    intro_text: a.intro_text,
    headline: a.headline,
    description: a.description,
    call_to_action: a.call_to_action,
  });
  const assets = await ctx.platform.listAssets();
  const kind = CREATIVE_FORMATS[format].asset;
  const uploads: PlannedCreative['uploads'] = [];
  const checkAsset = (id: string | undefined, where: string) => {
    if (!id) return;
    const asset = assets.find((x) => x.id === id);
    if (!asset)
      throw new ToolError(
        `No asset "${id}" (${where}) in this ad account: discover_proads_assets lists them, validate_and_prepare_proads_assets uploads new ones.`,
        { code: 'not_found', asset_id: id, list_tool: 'discover_proads_assets' },
      );
    if (asset.kind !== kind)
      throw new ToolError(`Asset "${id}" (${where}) is a ${asset.kind}; a ${FORMAT_WORD[format]} creative needs a ${kind}.`, {
        code: 'asset_kind_mismatch',
      });
  };
  const checkUrl = (url: string | undefined, key: string) => {
    if (!url) return;
    if (kind === 'IMAGE' && !IMAGE_EXT.test(new URL(url).pathname))
      throw new ToolError(`${url} is not a JPG, PNG or GIF image (by its file name).`, { code: 'asset_type_not_allowed' });
    if (kind === 'VIDEO' && !/\.mp4$/i.test(new URL(url).pathname))
      throw new ToolError(`${url} is not an MP4 video (by its file name).`, { code: 'asset_type_not_allowed' });
    uploads.push({ key, kind, url });
  };
  checkAsset(a.asset_id, 'asset_id');
  checkUrl(a.image_url ?? a.video_url, 'asset');
  a.cards?.forEach((c, i) => {
    checkAsset(c.asset_id, `cards[${i}]`);
    checkUrl(c.image_url, `card:${i}`);
  });
  const input: PlannedCreative['input'] = {
    name: a.creative_name ?? `${fallbackName} - ${FORMAT_WORD[format]} ${isoDate(ctx.now)}`,
    format,
    status,
    ...(a.intro_text ? { intro_text: a.intro_text } : {}),
    headline: a.headline ?? a.cards![0]!.headline,
    ...(a.description ? { description: a.description } : {}),
    ...(a.call_to_action ? { call_to_action: a.call_to_action } : {}),
    landing_page_url: a.landing_page_url ?? a.cards![0]!.landing_page_url,
    ...(a.asset_id ? { asset_id: a.asset_id } : {}),
    ...(a.cards
      ? { cards: a.cards.map((c) => ({ asset_id: c.asset_id ?? '', headline: c.headline, landing_page_url: c.landing_page_url })) }
      : {}),
    start_date: start,
  };
  const changes: PlannedChange[] = [
    ...uploads.map((u) => ({
      action: 'create' as const,
      entity: 'asset',
      name: fileName(u.url),
      fields: { kind: { after: u.kind }, source_url: { after: u.url } },
    })),
    {
      action: 'create',
      entity: 'creative',
      name: input.name,
      fields: Object.fromEntries(Object.entries(input).map(([k, after]) => [k, { after }])),
      startsPaused: true,
    },
  ];
  return { planned: { input, uploads }, changes };
}

/** Uploads the creative's media, then creates it; every step at most once per set of arguments. */
export async function applyCreative(ctx: ToolContext<ProAdsPort>, planned: PlannedCreative, campaignId: string, prefix: string) {
  const input = {
    ...planned.input,
    campaign_id: campaignId,
    ...(planned.input.cards ? { cards: planned.input.cards.map((c) => ({ ...c })) } : {}),
  };
  for (const u of planned.uploads) {
    const asset = await ctx.step(`${prefix}:upload:${u.key}`, () =>
      ctx.platform.createAsset({ kind: u.kind, name: fileName(u.url), source_url: u.url }),
    );
    if (u.key === 'asset') input.asset_id = asset.id;
    else input.cards![Number(u.key.slice('card:'.length))]!.asset_id = asset.id;
  }
  return ctx.step(`${prefix}:creative`, () => ctx.platform.createCreative(input));
}
