/** The deskads sandbox's ads family: responsive search ads (with their editorial review) and ad extensions. */
import { digits } from '../../sandbox/ids';
import { EntityStateError, type SandboxStore } from '../../sandbox/store';
import { KIND, type StoredAd } from './stored';
import type {
  DeskAdsAd,
  DeskAdsAdPatch,
  DeskAdsNewAd,
  DeskAdsAdGroup,
  DeskAdsCampaign,
  DeskAdsAdExtension,
  DeskAdsExtensionEntity,
  DeskAdsNewAdExtension,
} from '../port';

/** How long the sandbox's editorial review takes. */
const REVIEW_MS = 30 * 60_000;

/**
 * The sandbox's editorial review of an ad's text, after the platform's policies on style: a word of
 * four or more capital letters (excessive capitalization) or repeated punctuation such as "!!" or
 * "?!" (excessive punctuation) is disapproved; everything else is approved.
 */
export function editorialReview(
  ad: Pick<DeskAdsAd, 'headlines' | 'descriptions' | 'path1' | 'path2'>,
  now: Date,
): Pick<StoredAd, 'review_done_at' | 'review_outcome' | 'review_reason'> {
  const texts = [...ad.headlines, ...ad.descriptions, ad.path1 ?? '', ad.path2 ?? ''];
  const shouting = texts.find((t) => /\b[A-Z]{4,}\b/.test(t));
  const punctuation = texts.find((t) => /[!?]{2,}/.test(t));
  const done = new Date(now.getTime() + REVIEW_MS).toISOString();
  if (shouting) return { review_done_at: done, review_outcome: 'Disapproved', review_reason: `ExcessiveCapitalization: "${shouting}"` };
  if (punctuation) return { review_done_at: done, review_outcome: 'Disapproved', review_reason: `ExcessivePunctuation: "${punctuation}"` };
  return { review_done_at: done, review_outcome: 'Approved', review_reason: null };
}

/** An ad as the port returns it at `moment`: Pending until its review is done, then its outcome. */
export function adAt(ad: StoredAd, moment: string): DeskAdsAd {
  const { review_done_at, review_outcome, review_reason, ...rest } = ad;
  const done = review_done_at <= moment;
  return { ...rest, editorial_status: done ? review_outcome : 'Pending', editorial_reason: done ? review_reason : null };
}

export class AdsSandbox {
  constructor(private readonly store: SandboxStore) {}

  async listAds(filter: { campaignId?: string; adGroupId?: string } = {}): Promise<DeskAdsAd[]> {
    const now = new Date().toISOString();
    return (await this.store.list<StoredAd>(KIND.ad))
      .filter(
        (a) => (!filter.campaignId || a.campaign_id === filter.campaignId) && (!filter.adGroupId || a.ad_group_id === filter.adGroupId),
      )
      .map((a) => adAt(a, now));
  }

  async createAd(ad: DeskAdsNewAd): Promise<DeskAdsAd> {
    const group = await this.store.require<DeskAdsAdGroup>(KIND.adGroup, ad.ad_group_id);
    const now = new Date();
    const stored: StoredAd = {
      id: digits(12),
      campaign_id: group.campaign_id,
      type: 'ResponsiveSearch',
      ...ad,
      ...editorialReview(ad, now),
    };
    return adAt(await this.store.create<StoredAd>(KIND.ad, stored), now.toISOString());
  }

  async updateAd(id: string, patch: DeskAdsAdPatch, expect?: Partial<DeskAdsAd>): Promise<DeskAdsAd> {
    const now = new Date();
    const current = await this.store.require<StoredAd>(KIND.ad, id);
    const textChanged = (['headlines', 'descriptions', 'path1', 'path2', 'final_url'] as const).some(
      (f) => patch[f] !== undefined && JSON.stringify(patch[f]) !== JSON.stringify(current[f]),
    );
    // A new text goes through review again; a status change alone does not.
    const review = textChanged ? editorialReview({ ...current, ...patch }, now) : {};
    const { editorial_status: _s, editorial_reason: _r, ...fields } = expect ?? {};
    // Lists are compared by value here; the store compares scalars in its conditional write.
    const lists = Object.entries(fields).filter(([, value]) => Array.isArray(value));
    if (lists.some(([field, value]) => JSON.stringify(current[field as keyof StoredAd]) !== JSON.stringify(value)))
      throw new EntityStateError(KIND.ad, id);
    const scalars = Object.fromEntries(Object.entries(fields).filter(([, value]) => !Array.isArray(value)));
    return adAt(await this.store.update<StoredAd>(KIND.ad, id, { ...patch, ...review }, { expect: scalars }), now.toISOString());
  }

  listAdExtensions(): Promise<DeskAdsAdExtension[]> {
    return this.store.list<DeskAdsAdExtension>(KIND.extension);
  }

  async addAdExtensions(entity: DeskAdsExtensionEntity, extensions: DeskAdsNewAdExtension[]): Promise<DeskAdsAdExtension[]> {
    const campaignId =
      entity.type === 'Campaign'
        ? (await this.store.require<DeskAdsCampaign>(KIND.campaign, entity.id)).id
        : (await this.store.require<DeskAdsAdGroup>(KIND.adGroup, entity.id)).campaign_id;
    const association = { ...entity, campaign_id: campaignId };
    const library = await this.store.list<DeskAdsAdExtension>(KIND.extension);
    const result: DeskAdsAdExtension[] = [];
    for (const extension of extensions) {
      const same = library.find(
        (e) =>
          e.type === extension.type &&
          e.display_text === extension.display_text &&
          e.description1 === extension.description1 &&
          e.description2 === extension.description2 &&
          e.final_url === extension.final_url &&
          e.text === extension.text,
      );
      if (!same) {
        const created = await this.store.create<DeskAdsAdExtension>(KIND.extension, {
          id: digits(10),
          ...(JSON.parse(JSON.stringify(extension)) as typeof extension),
          associations: [association],
        });
        library.push(created);
        result.push(created);
      } else if (same.associations.some((a) => a.type === entity.type && a.id === entity.id)) result.push(same);
      else
        result.push(
          await this.store.update<DeskAdsAdExtension>(KIND.extension, same.id, { associations: [...same.associations, association] }),
        );
    }
    return result;
  }

  async removeAdExtensionAssociations(entity: DeskAdsExtensionEntity, extensionIds: string[]): Promise<void> {
    for (const id of extensionIds) {
      const extension = await this.store.require<DeskAdsAdExtension>(KIND.extension, id);
      await this.store.update<DeskAdsAdExtension>(KIND.extension, id, {
        associations: extension.associations.filter((a) => !(a.type === entity.type && a.id === entity.id)),
      });
    }
  }
}
