import { ToolError } from '../../../core/errors';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import type { ConnectedAccount } from '../../../core/accounts';
import type { ToolContext } from '../../../core/tool';
import type { SocialAdsAdSet, SocialAdsImage, SocialAdsInstagramAccount, SocialAdsPage, SocialAdsPort } from '../port';

/**
 * Lookups shared by the socialads tools that build ads: which page runs the ad, and where an
 * image hash or video id lives. They only read; copies and uploads happen after every check passed.
 */

export interface ResolvedPage {
  page: SocialAdsPage;
  /** How it was chosen, for the answer. */
  how: 'given' | 'ad_set' | 'only_promotable_page';
}

/**
 * The page: the one given, else the ad set's promoted page, else the only promotable page.
 * With two or more promotable pages the caller must choose: a 400 listing them.
 */
/** `parameter`: the argument that names the page in the calling tool (the specification fixes facebook_page_id for add_socialads_ad; newer tools say page_id). */
export async function resolvePage(
  platform: SocialAdsPort,
  pageId: string | undefined,
  adSet: SocialAdsAdSet | undefined,
  accountId: string,
  parameter = 'facebook_page_id',
): Promise<ResolvedPage> {
  const pages = await platform.listPages();
  const promotable = pages.filter((p) => p.promotable);
  if (pageId) {
    const page = pages.find((p) => p.id === pageId);
    if (!page)
      throw new ToolError(
        `\`${parameter}\` "${pageId}" is not a page of ad account ${accountId}. Promotable pages: ${promotable.map((p) => `${p.name} (${p.id})`).join(', ') || 'none'}. See list_socialads_pages.`,
      );
    if (!page.promotable)
      throw new ToolError(
        `Page "${page.name}" (${page.id}) cannot run ads (it is unpublished or you lack the ADVERTISE task on it). Choose a promotable page from list_socialads_pages.`,
      );
    return { page, how: 'given' };
  }
  const fromAdSet = adSet?.promoted_object?.page_id ? promotable.find((p) => p.id === adSet.promoted_object!.page_id) : undefined;
  if (fromAdSet) return { page: fromAdSet, how: 'ad_set' };
  if (promotable.length === 1) return { page: promotable[0], how: 'only_promotable_page' };
  if (promotable.length === 0)
    throw new ToolError(
      `Ad account ${accountId} has no promotable page. Publish a page and grant the ad account access to it, then retry.`,
    );
  throw new ToolError(
    `This account can advertise as ${promotable.length} pages. Please specify ${parameter}:\n` +
      promotable.map((p) => `- ${p.name} (${parameter}="${p.id}")`).join('\n'),
    {
      parameter,
      pages: promotable.map((p) => ({
        id: p.id,
        name: p.name,
        category: p.category,
        instagram_account_id: p.instagram_account_id ?? null,
      })),
    },
  );
}

/** The Instagram account: the one given (must exist), else the page's linked one, else none. */
export async function resolveInstagram(
  platform: SocialAdsPort,
  instagramId: string | undefined,
  page: SocialAdsPage,
  parameter = 'instagram_account_id',
): Promise<SocialAdsInstagramAccount | undefined> {
  const accounts = await platform.listInstagramAccounts();
  if (instagramId) {
    const found = accounts.find((a) => a.id === instagramId);
    if (!found)
      throw new ToolError(
        `\`${parameter}\` "${instagramId}" is not connected to this ad account. Connected: ${accounts.map((a) => `@${a.username} (${a.id})`).join(', ') || 'none'}. See list_socialads_pages.`,
      );
    return found;
  }
  return accounts.find((a) => a.id === page.instagram_account_id);
}

export interface ImagePlan {
  hash: string;
  /** Present when the image lives in another connected account and must be copied first. */
  copyFrom?: { account: ConnectedAccount; image: SocialAdsImage };
}

/** The owner's other socialads accounts that are open to the gateway (sandbox ones). */
async function otherAccounts(ctx: ToolContext<SocialAdsPort>): Promise<{ account: ConnectedAccount; platform: SocialAdsPort }[]> {
  const accounts = await listConnectedAccounts(ctx.owner.owner_id, 'socialads');
  const out: { account: ConnectedAccount; platform: SocialAdsPort }[] = [];
  for (const account of accounts) {
    if (account.account_id === ctx.account.account_id) continue;
    try {
      out.push({ account, platform: ctx.openPort<SocialAdsPort>(account) });
    } catch {
      // A live account this deployment cannot open: it holds nothing we can look up.
    }
  }
  return out;
}

/**
 * Where an image hash lives. In this account: used as is. In another connected account of the
 * same owner: copied when `autoCopy`, otherwise a 400 that says how to proceed.
 */
export async function planImage(ctx: ToolContext<SocialAdsPort>, hash: string, field: string, autoCopy: boolean): Promise<ImagePlan> {
  const own = await ctx.platform.findImage(hash.toLowerCase());
  if (own) return { hash: own.hash };
  for (const other of await otherAccounts(ctx)) {
    const image = await other.platform.findImage(hash.toLowerCase());
    if (!image) continue;
    if (!autoCopy) {
      throw new ToolError(
        `\`${field}\` ${hash} belongs to another connected account, ${other.account.name} (${other.account.account_id}), not to ${ctx.account.account_id}. ` +
          'Image hashes only work in the account that owns them. Set auto_copy_creative to true to copy the image into this account (this creates a new image asset; confirm with the user first), or pass the image as image_url instead.',
        { field, image_hash: hash, owner_account_id: other.account.account_id, target_account_id: ctx.account.account_id },
      );
    }
    return { hash: image.hash, copyFrom: { account: other.account, image } };
  }
  throw new ToolError(
    `\`${field}\` ${hash} is not an image of ad account ${ctx.account.account_id} or of any other connected account. Find valid hashes with discover_socialads_assets, or pass image_url.`,
  );
}

/** A video id must be in this account; videos are never copied between accounts. */
export async function checkVideo(ctx: ToolContext<SocialAdsPort>, videoId: string, field: string): Promise<void> {
  if (await ctx.platform.findVideo(videoId)) return;
  for (const other of await otherAccounts(ctx)) {
    if (await other.platform.findVideo(videoId)) {
      throw new ToolError(
        `\`${field}\` ${videoId} belongs to another connected account, ${other.account.name} (${other.account.account_id}). auto_copy_creative does not apply to videos: upload the video to this account with video_url instead.`,
        { field, video_id: videoId, owner_account_id: other.account.account_id },
      );
    }
  }
  throw new ToolError(
    `\`${field}\` ${videoId} is not a video of ad account ${ctx.account.account_id}. Find video ids with discover_socialads_assets, or pass video_url.`,
  );
}
