import { ToolError } from '../../../core/errors';
import { fetchImage } from '../../image-check';
import type { NewProAdsAsset, NewProAdsCreative, ProAdsAsset, ProAdsCampaign, ProAdsCreative, ProAdsFormat, ProAdsPort } from '../port';
import { notFound, notSupported, type LiveContext } from './context';
import type { BatchAnswer } from './api';
import { assetIdOf, idOf, mediaUrnOf, pathKey, urn } from './restli';
import { startDateOf, type WireCreative, type WirePost } from './wire';

/**
 * Creatives on the platform: a sponsored-content creative points at a post of the account's company
 * page (its copy, media and destination live there, read with one batch request per 50 posts); a
 * text ad carries its copy itself. New sponsored content is created in one call with its post
 * (`createInline`, so no post is left behind when the creative fails); text ads with a plain create.
 * Images go to the account's media library (initialize the upload, send the bytes to the address the
 * platform hands out). The platform does not let an ad's copy change once it exists: copy edits
 * answer `live_not_supported` (add a new creative instead); name and status change.
 */
export type CreativeFamily = Pick<
  ProAdsPort,
  'listCreatives' | 'getCreative' | 'createCreative' | 'updateCreative' | 'deleteCreative' | 'listAssets' | 'createAsset'
>;

const POSTS_PER_BATCH = 50;
const COPY_FIELDS = ['intro_text', 'headline', 'description', 'call_to_action', 'landing_page_url', 'asset_id', 'cards'] as const;
const REVIEW: Record<string, ProAdsCreative['review_status']> = {
  APPROVED: 'APPROVED',
  PENDING: 'PENDING',
  NEEDS_REVIEW: 'PENDING',
  REJECTED: 'REJECTED',
  AUTO_REJECTED: 'REJECTED',
};
const STATUSES = new Set(['ACTIVE', 'PAUSED', 'ARCHIVED', 'CANCELED', 'DRAFT', 'PENDING_DELETION']);

interface WireImage {
  id: string;
  status?: string;
  downloadUrl?: string;
  mediaLibraryMetadata?: { associatedAccount?: string; assetName?: string; mediaLibraryStatus?: string };
  created?: number;
}
interface WireVideo extends WireImage {
  duration?: number;
  aspectRatioWidth?: number;
  aspectRatioHeight?: number;
}

function formatOf(creative: WireCreative, post: WirePost | undefined, campaign: ProAdsCampaign): ProAdsFormat {
  if (creative.content?.textAd) return 'TEXT_AD';
  if (post?.content?.carousel) return 'CAROUSEL';
  if (post?.content?.media?.id.startsWith('urn:li:video:')) return 'VIDEO';
  if (post?.content?.media || post?.content?.article) return 'SINGLE_IMAGE';
  return campaign.format;
}

export function creativeFromWire(c: WireCreative, post: WirePost | undefined, campaign: ProAdsCampaign): ProAdsCreative {
  const text = c.content?.textAd;
  const content = post?.content;
  const media = content?.media;
  const cards = content?.carousel?.cards;
  const headline = text?.headline ?? media?.title ?? content?.article?.title ?? cards?.[0]?.media.title ?? '';
  const landing = text?.landingPage ?? post?.contentLandingPage ?? content?.article?.source ?? cards?.[0]?.landingPage ?? '';
  const description = text?.description ?? content?.article?.description;
  const created = c.createdAt ?? Date.now();
  return {
    id: idOf(c.id),
    campaign_id: idOf(c.campaign),
    name: c.name ?? post?.adContext?.dscName ?? (headline || `Creative ${idOf(c.id)}`),
    format: formatOf(c, post, campaign),
    status: c.intendedStatus as ProAdsCreative['status'],
    ...(c.review?.status ? { review_status: REVIEW[c.review.status] ?? 'PENDING' } : {}),
    ...(post?.commentary ? { intro_text: post.commentary } : {}),
    headline,
    ...(description ? { description } : {}),
    ...(post?.contentCallToActionLabel ? { call_to_action: post.contentCallToActionLabel } : {}),
    landing_page_url: landing,
    ...(media ? { asset_id: assetIdOf(media.id) } : {}),
    ...(cards
      ? {
          cards: cards.map((card) => ({
            asset_id: assetIdOf(card.media.id),
            headline: card.media.title ?? '',
            landing_page_url: card.landingPage ?? '',
          })),
        }
      : {}),
    start_date: startDateOf(created),
    created_at: new Date(created).toISOString(),
  };
}

function assetFromWire(kind: 'IMAGE' | 'VIDEO', media: WireVideo): ProAdsAsset {
  return {
    id: assetIdOf(media.id),
    kind,
    name: media.mediaLibraryMetadata?.assetName ?? media.id.replace(/^urn:li:/, ''),
    source_url: media.downloadUrl ?? '',
    ...(media.duration ? { duration_seconds: Math.round(media.duration / 1000) } : {}),
    created_at: new Date(media.created ?? Date.now()).toISOString(),
  };
}

export function creativeFamily(ctx: LiveContext): CreativeFamily {
  const creativePath = (id: string) => `${ctx.base}/creatives/${pathKey(urn.creative(id))}`;

  /** The posts behind sponsored content, by URN (one batch request per 50; unreadable ones left out). */
  function posts(): Promise<Map<string, WirePost>> {
    return ctx.once('posts', async () => {
      const refs = [...new Set((await ctx.wireCreatives()).map((c) => c.content?.reference).filter((r): r is string => Boolean(r)))];
      const found = new Map<string, WirePost>();
      const api = await ctx.api();
      for (let i = 0; i < refs.length; i += POSTS_PER_BATCH) {
        const batch = await api.get<BatchAnswer<WirePost>>('/posts', { ids: refs.slice(i, i + POSTS_PER_BATCH) }, 'BATCH_GET');
        for (const [key, post] of Object.entries(batch.results ?? {})) found.set(decodeURIComponent(key), post);
      }
      return found;
    });
  }

  async function all(): Promise<ProAdsCreative[]> {
    return ctx.once('visible-creatives', async () => {
      const [{ visible }, wire, byPost] = await Promise.all([ctx.campaigns(), ctx.wireCreatives(), posts()]);
      const campaigns = new Map(visible.map((c) => [c.id, c]));
      return wire
        .filter((c) => campaigns.has(idOf(c.campaign)) && STATUSES.has(c.intendedStatus))
        .map((c) =>
          creativeFromWire(c, c.content?.reference ? byPost.get(c.content.reference) : undefined, campaigns.get(idOf(c.campaign))!),
        );
    });
  }

  async function one(creativeId: string): Promise<ProAdsCreative> {
    const creative = (await all()).find((c) => c.id === creativeId);
    if (!creative) throw notFound('creative', creativeId, 'list_proads_creatives');
    return creative;
  }

  /** The company page the account's sponsored content is posted as. */
  function author(): Promise<string> {
    return ctx.once('author', async () => {
      const account = await (await ctx.api()).get<{ reference?: string }>(`/adAccounts/${pathKey(ctx.account.account_id)}`);
      if (!account.reference?.startsWith('urn:li:organization:'))
        throw notSupported(
          "This ad account is not linked to a company page, so sponsored content cannot be created for it; link a page to the account in the platform's campaign manager.",
        );
      return account.reference;
    });
  }

  function mediaOf(assetId: string | undefined, kind: 'image' | 'video'): string {
    const media = assetId ? mediaUrnOf(assetId) : undefined;
    if (!media || !media.startsWith(`urn:li:${kind}:`))
      throw new ToolError(
        `\`${assetId ?? '(none)'}\` is not a ${kind} of this account's media library (discover_proads_assets lists them).`,
        {
          code: 'invalid_arguments',
        },
      );
    return media;
  }

  /** The post of a new sponsored-content creative: a page post shown only as an ad. */
  async function postOf(input: NewProAdsCreative): Promise<Record<string, unknown>> {
    // Only a link ad (an image-format creative without an uploaded image: an article) carries a description.
    if (input.description !== undefined && (input.format !== 'SINGLE_IMAGE' || input.asset_id))
      throw notSupported(
        'Image, video and carousel ads with media have no description field on the platform; leave out `description` (the introductory text and headline carry the message).',
      );
    const content =
      input.format === 'CAROUSEL'
        ? {
            carousel: {
              cards: (input.cards ?? []).map((card) => ({
                media: { id: mediaOf(card.asset_id, 'image'), title: card.headline },
                landingPage: card.landing_page_url,
              })),
            },
          }
        : input.format === 'VIDEO'
          ? { media: { id: mediaOf(input.asset_id, 'video'), title: input.headline } }
          : input.asset_id
            ? { media: { id: mediaOf(input.asset_id, 'image'), title: input.headline } }
            : {
                article: {
                  source: input.landing_page_url,
                  title: input.headline,
                  ...(input.description ? { description: input.description } : {}),
                },
              };
    return {
      author: await author(),
      commentary: input.intro_text ?? '',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'NONE', targetEntities: [], thirdPartyDistributionChannels: [] },
      content,
      ...(input.format !== 'CAROUSEL' && 'media' in content ? { contentLandingPage: input.landing_page_url } : {}),
      ...(input.call_to_action ? { contentCallToActionLabel: input.call_to_action } : {}),
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      adContext: { dscAdAccount: ctx.accountUrn, dscStatus: 'ACTIVE', dscName: input.name },
    };
  }

  return {
    listCreatives: all,

    getCreative: one,

    async createCreative(input: NewProAdsCreative): Promise<ProAdsCreative> {
      await ctx.campaign(input.campaign_id);
      const api = await ctx.api();
      let creativeUrn: string;
      if (input.format === 'TEXT_AD') {
        if (input.asset_id)
          throw notSupported("Text ad images cannot be set through the platform's API; leave out the image (asset_id or image_url).");
        creativeUrn = await api.create(`${ctx.base}/creatives`, {
          campaign: urn.campaign(input.campaign_id),
          content: { textAd: { headline: input.headline, description: input.description ?? '', landingPage: input.landing_page_url } },
          intendedStatus: input.status,
          name: input.name,
        });
      } else {
        const made = await api.action<{ creative?: string }>(`${ctx.base}/creatives`, 'createInline', {
          creative: {
            inlineContent: { post: await postOf(input) },
            campaign: urn.campaign(input.campaign_id),
            intendedStatus: input.status,
            name: input.name,
          },
        });
        if (!made?.creative)
          throw new ToolError(
            'The proads platform created the creative but did not say its id; check list_proads_creatives before retrying.',
          );
        creativeUrn = made.creative;
      }
      ctx.changed();
      const now = new Date().toISOString();
      return { id: idOf(creativeUrn), ...input, review_status: 'PENDING', created_at: now };
    },

    async updateCreative(creativeId, patch, expect) {
      const creative = await one(creativeId);
      const copy = COPY_FIELDS.filter((f) => patch[f] !== undefined && JSON.stringify(patch[f]) !== JSON.stringify(creative[f]));
      if (copy.length)
        throw notSupported(
          `The platform does not let an ad's copy change once it exists (${copy.join(', ')}); add a new creative with the new copy (add_proads_creative and its variants) and pause this one.`,
        );
      const api = await ctx.api();
      const fresh = await api.get<WireCreative>(creativePath(creativeId));
      if (expect?.status !== undefined && fresh.intendedStatus !== expect.status)
        throw new ToolError(
          `The creative ${creativeId} changed on the platform meanwhile (status is now ${fresh.intendedStatus}, not ${expect.status}); nothing was changed. Read it again and retry.`,
          { code: 'tool_rejected', platform: 'proads' },
        );
      const set: Record<string, unknown> = {};
      if (patch.status !== undefined) set.intendedStatus = patch.status;
      if (patch.name !== undefined) set.name = patch.name;
      if (Object.keys(set).length) await api.partialUpdate(creativePath(creativeId), set);
      ctx.changed();
      return { ...creative, ...(patch.status ? { status: patch.status } : {}), ...(patch.name ? { name: patch.name } : {}) };
    },

    async deleteCreative(creativeId) {
      await one(creativeId);
      await (await ctx.api()).remove(creativePath(creativeId));
      ctx.changed();
    },

    async listAssets() {
      const api = await ctx.api();
      const query = { q: 'associatedAccount', account: ctx.accountUrn };
      const [images, videos] = await Promise.all([
        api.findAll<WireImage>('/images', query, { kind: 'offset', size: 100 }),
        api.findAll<WireVideo>('/videos', query, { kind: 'offset', size: 100 }),
      ]);
      const active = (m: WireImage) => m.mediaLibraryMetadata?.mediaLibraryStatus !== 'ARCHIVED' && m.status !== 'PROCESSING_FAILED';
      return [
        ...images.filter(active).map((m) => assetFromWire('IMAGE', m)),
        ...videos.filter(active).map((m) => assetFromWire('VIDEO', m)),
      ];
    },

    async createAsset(input: NewProAdsAsset): Promise<ProAdsAsset> {
      if (input.kind === 'VIDEO')
        throw notSupported(
          "Videos cannot be uploaded from a link through this gateway (the platform takes them in parts); upload the video to the account's media library in the platform's campaign manager, then use its id from discover_proads_assets.",
        );
      const image = await fetchImage(input.source_url);
      if (!image.ok || !image.bytes)
        throw new ToolError(`The image ${input.source_url} cannot be used: ${image.problems.join(' ')}`, { code: 'invalid_arguments' });
      const api = await ctx.api();
      const started = await api.action<{ uploadUrl?: string; image?: string }>('/images', 'initializeUpload', {
        initializeUploadRequest: {
          owner: await author(),
          mediaLibraryMetadata: { associatedAccount: ctx.accountUrn, assetName: input.name },
        },
      });
      if (!started?.uploadUrl || !started.image)
        throw new ToolError('The proads platform did not hand out an upload address; try again later.');
      await api.upload(started.uploadUrl, image.bytes, image.content_type ?? `image/${(image.format ?? 'png').toLowerCase()}`);
      ctx.changed();
      return {
        id: assetIdOf(started.image),
        kind: 'IMAGE',
        name: input.name,
        source_url: input.source_url,
        ...(image.width ? { width: image.width, height: image.height } : {}),
        size_bytes: image.bytes.length,
        created_at: new Date().toISOString(),
      };
    },
  };
}
