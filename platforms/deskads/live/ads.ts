import { ToolError } from '../../../core/errors';
import type {
  DeskAdsAd,
  DeskAdsAdExtension,
  DeskAdsAdPatch,
  DeskAdsEditorialStatus,
  DeskAdsExtensionEntity,
  DeskAdsNewAd,
  DeskAdsNewAdExtension,
} from '../port';
import type { DeskAdsNewProductPartition, DeskAdsProductAd, DeskAdsProductPartition } from '../port-rest';
import { entityStatusFrom } from './convert';
import type { DeskAdsLiveContext } from './context';
import type { CampaignsLive } from './campaigns';
import type { GroupsLive } from './groups';
import { batchFailures, nestedBatchFailures } from './wire';
import type { WireAd, WireAdExtension, WireAssetLink, WireCriterion, WireCriterionAction } from './wire-types';

/**
 * Ads (responsive search ads and product ads), ad extensions (sitelinks and callouts with their
 * campaign and ad group associations) and shopping product partitions over the Campaign
 * Management service. An ad's editorial review shows as Pending (Inactive on the platform while
 * under review), Approved (Active or ActiveLimited) or Disapproved; the platform's reasons are
 * not read (editorial_reason stays null).
 */

const EDITORIAL: Record<string, DeskAdsEditorialStatus> = {
  Active: 'Approved',
  ActiveLimited: 'Approved',
  Disapproved: 'Disapproved',
  Inactive: 'Pending',
};
const EXTENSION_TYPES = 'SitelinkAdExtension,CalloutAdExtension';

export class AdsLive {
  constructor(
    private readonly ctx: DeskAdsLiveContext,
    private readonly campaigns: CampaignsLive,
    private readonly groups: GroupsLive,
  ) {}

  async listAds(filter: { campaignId?: string; adGroupId?: string } = {}): Promise<DeskAdsAd[]> {
    const groups = (await this.groups.listAdGroups(filter.campaignId)).filter((g) => !filter.adGroupId || g.id === filter.adGroupId);
    const lists = await Promise.all(
      groups.map(async (g) => (await this.adsWire(g.id, 'ResponsiveSearch')).map((a) => adFrom(a, g.id, g.campaign_id))),
    );
    return lists.flat();
  }

  private adsWire(adGroupId: string, type: 'ResponsiveSearch' | 'Product'): Promise<WireAd[]> {
    return this.ctx.cached(`ads:${type}:${adGroupId}`, async () => {
      const answer = await this.ctx.send('CampaignManagement.GetAdsByAdGroupId', { AdGroupId: adGroupId, AdTypes: [type] });
      return answer.Ads ?? [];
    });
  }

  async createAd(ad: DeskAdsNewAd): Promise<DeskAdsAd> {
    const group = (await this.groups.listAdGroups()).find((g) => g.id === ad.ad_group_id);
    if (!group) throw this.ctx.notFound('ad group', ad.ad_group_id, 'list_deskads_ad_groups');
    const answer = await this.ctx.send('CampaignManagement.AddAds', { AdGroupId: ad.ad_group_id, Ads: [adWire(ad)] });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    const id = answer.AdIds?.[0];
    if (failures.length || !id) throw this.ctx.itemsRefused(failures, () => `the responsive search ad`, 'No ad was created.');
    return {
      id: String(id),
      ad_group_id: ad.ad_group_id,
      campaign_id: group.campaign_id,
      type: 'ResponsiveSearch',
      headlines: ad.headlines,
      descriptions: ad.descriptions,
      path1: ad.path1,
      path2: ad.path2,
      final_url: ad.final_url,
      status: ad.status,
      editorial_status: 'Pending',
      editorial_reason: null,
    };
  }

  async updateAd(id: string, patch: DeskAdsAdPatch, expect?: Partial<DeskAdsAd>): Promise<DeskAdsAd> {
    this.ctx.forget();
    const current = (await this.listAds()).find((a) => a.id === id);
    if (!current) throw this.ctx.notFound('ad', id, 'list_deskads_ads');
    for (const [field, value] of Object.entries(expect ?? {}))
      if (JSON.stringify(current[field as keyof DeskAdsAd]) !== JSON.stringify(value))
        throw new ToolError(`Ad ${id} changed while this call ran (its ${field} changed). Read it again and retry.`);
    if (patch.status === 'Deleted') {
      const answer = await this.ctx.send('CampaignManagement.DeleteAds', { AdGroupId: current.ad_group_id, AdIds: [id] });
      this.ctx.forget();
      const failures = batchFailures(answer.PartialErrors);
      if (failures.length) throw this.ctx.itemsRefused(failures, () => `ad ${id}`, 'The ad was not deleted.');
      return { ...current, status: 'Deleted' };
    }
    const next = { ...current, ...patch };
    const textChanged = (['headlines', 'descriptions', 'path1', 'path2', 'final_url'] as const).some(
      (f) => patch[f] !== undefined && JSON.stringify(patch[f]) !== JSON.stringify(current[f]),
    );
    const wire: WireAd = { Id: id, Type: 'ResponsiveSearch' };
    if (patch.status !== undefined) wire.Status = patch.status;
    // The platform replaces a responsive search ad's assets as a whole: a text change sends them all.
    if (textChanged) Object.assign(wire, adWire(next), { Id: id, Status: undefined });
    if (wire.Status === undefined) delete wire.Status;
    const answer = await this.ctx.send('CampaignManagement.UpdateAds', { AdGroupId: current.ad_group_id, Ads: [wire] });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    if (failures.length) throw this.ctx.itemsRefused(failures, () => `ad ${id}`, 'The ad was not changed.');
    return { ...next, ...(textChanged ? { editorial_status: 'Pending' as const, editorial_reason: null } : {}) };
  }

  /** The account's sitelinks and callouts with the campaigns and ad groups each is associated with. */
  async listAdExtensions(): Promise<DeskAdsAdExtension[]> {
    return this.ctx.cached('extensions', async () => {
      const ids = await this.ctx.send('CampaignManagement.GetAdExtensionIdsByAccountId', {
        AccountId: this.ctx.accountId,
        AdExtensionType: EXTENSION_TYPES,
        AssociationType: null,
      });
      const extensionIds = (ids.AdExtensionIds ?? []).map(String);
      const extensions: WireAdExtension[] = [];
      for (let i = 0; i < extensionIds.length; i += 100) {
        const answer = await this.ctx.send('CampaignManagement.GetAdExtensionsByIds', {
          AccountId: this.ctx.accountId,
          AdExtensionIds: extensionIds.slice(i, i + 100),
          AdExtensionType: EXTENSION_TYPES,
        });
        extensions.push(...(answer.AdExtensions ?? []).filter((e): e is WireAdExtension => !!e && e.Status !== 'Deleted'));
      }
      const associations = await this.associations();
      return extensions.map((e) => extensionFrom(e, associations.get(String(e.Id)) ?? []));
    });
  }

  /** Each extension's associations, from the account's campaigns and ad groups (GetAdExtensionsAssociations, 100 entities a request). */
  private async associations(): Promise<Map<string, DeskAdsAdExtension['associations']>> {
    const [groups, campaigns] = await Promise.all([this.groups.listAdGroups(), this.campaigns.listCampaigns()]);
    const campaignIds = campaigns.map((c) => c.id);
    const byExtension = new Map<string, DeskAdsAdExtension['associations']>();
    const read = async (type: 'Campaign' | 'AdGroup', ids: string[], campaignOf: (id: string) => string) => {
      for (let i = 0; i < ids.length; i += 100) {
        const chunk = ids.slice(i, i + 100);
        const answer = await this.ctx.send('CampaignManagement.GetAdExtensionsAssociations', {
          AccountId: this.ctx.accountId,
          AdExtensionType: EXTENSION_TYPES,
          AssociationType: type,
          EntityIds: chunk,
        });
        for (const collection of answer.AdExtensionAssociationCollection ?? []) {
          for (const a of collection?.AdExtensionAssociations ?? []) {
            if (!a) continue;
            const extensionId = String(a.AdExtension?.Id);
            const entityId = String(a.EntityId);
            byExtension.set(extensionId, [
              ...(byExtension.get(extensionId) ?? []),
              { type, id: entityId, campaign_id: campaignOf(entityId) },
            ]);
          }
        }
      }
    };
    const campaignOfGroup = new Map(groups.map((g) => [g.id, g.campaign_id]));
    await read('Campaign', campaignIds, (id) => id);
    await read('AdGroup', [...campaignOfGroup.keys()], (id) => campaignOfGroup.get(id) ?? '');
    return byExtension;
  }

  /**
   * Adds the extensions not in the account's library yet (AddAdExtensions) and associates each with
   * the entity (SetAdExtensionsAssociations); an identical extension already there is associated instead.
   */
  async addAdExtensions(entity: DeskAdsExtensionEntity, extensions: DeskAdsNewAdExtension[]): Promise<DeskAdsAdExtension[]> {
    const library = await this.listAdExtensions();
    const same = (e: DeskAdsAdExtension, n: DeskAdsNewAdExtension) =>
      e.type === n.type &&
      e.display_text === n.display_text &&
      e.description1 === n.description1 &&
      e.description2 === n.description2 &&
      e.final_url === n.final_url &&
      e.text === n.text;
    const existing = extensions.map((n) => library.find((e) => same(e, n)));
    const fresh = extensions.filter((_, i) => !existing[i]);
    const ids: (string | undefined)[] = existing.map((e) => e?.id);
    if (fresh.length) {
      const answer = await this.ctx.send('CampaignManagement.AddAdExtensions', {
        AccountId: this.ctx.accountId,
        AdExtensions: fresh.map(extensionWire),
      });
      this.ctx.forget();
      const identities = answer.AdExtensionIdentities ?? [];
      const failures = nestedBatchFailures(answer.NestedPartialErrors).flatMap((c) => c.failures.map((f) => ({ ...f, index: c.index })));
      let f = 0;
      ids.forEach((id, i) => {
        if (id === undefined) {
          const identity = identities[f++];
          ids[i] = identity?.Id ? String(identity.Id) : undefined;
        }
      });
      if (failures.length)
        throw this.ctx.itemsRefused(
          failures,
          (i) => describeExtension(fresh[i]),
          "No extension was associated; the others were added to the account's library only.",
        );
    }
    const answer = await this.ctx.send('CampaignManagement.SetAdExtensionsAssociations', {
      AccountId: this.ctx.accountId,
      AssociationType: entity.type,
      AdExtensionIdToEntityIdAssociations: ids.map((id) => ({ AdExtensionId: id ?? null, EntityId: entity.id })),
    });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    if (failures.length)
      throw this.ctx.itemsRefused(failures, (i) => describeExtension(extensions[i]), 'The other extensions were associated.');
    const after = await this.listAdExtensions();
    return ids.map((id) => after.find((e) => e.id === id)).filter((e): e is DeskAdsAdExtension => !!e);
  }

  async removeAdExtensionAssociations(entity: DeskAdsExtensionEntity, extensionIds: string[]): Promise<void> {
    const answer = await this.ctx.send('CampaignManagement.DeleteAdExtensionsAssociations', {
      AccountId: this.ctx.accountId,
      AssociationType: entity.type,
      AdExtensionIdToEntityIdAssociations: extensionIds.map((id) => ({ AdExtensionId: id, EntityId: entity.id })),
    });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    if (failures.length)
      throw this.ctx.itemsRefused(failures, (i) => `extension ${extensionIds[i]}`, 'The other associations were removed.');
  }

  /** A shopping ad group's product ad (AddAds with a ProductAd); the platform fills it from the feed. */
  async addProductAd(adGroupId: string, promotionalText?: string): Promise<DeskAdsProductAd> {
    const group = (await this.groups.listAdGroups()).find((g) => g.id === adGroupId);
    if (!group) throw this.ctx.notFound('ad group', adGroupId, 'list_deskads_ad_groups');
    const answer = await this.ctx.send('CampaignManagement.AddAds', {
      AdGroupId: adGroupId,
      Ads: [{ Type: 'Product', ...(promotionalText ? { PromotionalText: promotionalText } : {}) }],
    });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    const id = answer.AdIds?.[0];
    if (failures.length || !id) throw this.ctx.itemsRefused(failures, () => 'the product ad', 'No product ad was created.');
    return {
      id: String(id),
      ad_group_id: adGroupId,
      campaign_id: group.campaign_id,
      promotional_text: promotionalText ?? null,
      status: 'Active',
    };
  }

  /**
   * The ad group's product group tree in one ApplyProductPartitionActions request (all or nothing):
   * the root subdivision gets a temporary id (-1) its units name as their parent.
   */
  async setProductPartitions(adGroupId: string, partitions: DeskAdsNewProductPartition[]): Promise<DeskAdsProductPartition[]> {
    const root = partitions.find((p) => p.dimension === 'All');
    const criterion = (p: DeskAdsNewProductPartition, parent: string | null, id?: string): WireCriterion => ({
      ...(p.excluded ? { Type: 'NegativeAdGroupCriterion' } : { Type: 'BiddableAdGroupCriterion' }),
      AdGroupId: adGroupId,
      ...(id ? { Id: id } : {}),
      Criterion: {
        Type: 'ProductPartition',
        PartitionType: p.partition_type,
        ParentCriterionId: parent,
        Condition: { Operand: p.dimension, Attribute: p.value },
      },
      ...(p.excluded || p.partition_type === 'Subdivision'
        ? {}
        : { CriterionBid: { Type: 'FixedBid', Amount: this.ctx.amount(p.bid ?? 0) } }),
    });
    const actions = partitions.map((p): WireCriterionAction =>
      p === root
        ? { Action: 'Add', AdGroupCriterion: criterion(p, null, p.partition_type === 'Subdivision' ? '-1' : undefined) }
        : { Action: 'Add', AdGroupCriterion: criterion(p, root ? '-1' : null) },
    );
    const answer = await this.ctx.send('CampaignManagement.ApplyProductPartitionActions', { CriterionActions: actions });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    if (failures.length)
      throw this.ctx.itemsRefused(
        failures,
        (i) => `product group ${partitions[i]?.value ?? partitions[i]?.dimension ?? i}`,
        'No product group was set (the platform applies the tree as a whole).',
      );
    const ids = (answer.AdGroupCriterionIds ?? []).map((id) => (id === null || id === undefined ? undefined : String(id)));
    return partitions.map((p, i) => ({ ...p, id: ids[i] ?? '', ad_group_id: adGroupId }));
  }

  async listProductPartitions(adGroupId?: string): Promise<DeskAdsProductPartition[]> {
    const groups = (await this.groups.listAdGroups()).filter((g) => !adGroupId || g.id === adGroupId);
    const lists = await Promise.all(
      groups.map(async (g) => {
        const answer = await this.ctx.send('CampaignManagement.GetAdGroupCriterionsByIds', {
          AdGroupId: g.id,
          AdGroupCriterionIds: null,
          CriterionType: 'ProductPartition',
        });
        return (answer.AdGroupCriterions ?? [])
          .filter((c): c is WireCriterion => c?.Criterion?.Type === 'ProductPartition')
          .map((c) => partitionFrom(c, g.id));
      }),
    );
    return lists.flat();
  }
}

function adWire(ad: Pick<DeskAdsAd, 'headlines' | 'descriptions' | 'path1' | 'path2' | 'final_url' | 'status'>): WireAd {
  const asset = (text: string) => ({ Asset: { Type: 'TextAsset', Text: text } });
  return {
    Type: 'ResponsiveSearch',
    Status: ad.status,
    Headlines: ad.headlines.map(asset),
    Descriptions: ad.descriptions.map(asset),
    ...(ad.path1 ? { Path1: ad.path1 } : {}),
    ...(ad.path2 ? { Path2: ad.path2 } : {}),
    FinalUrls: [ad.final_url],
  };
}

export function adFrom(a: WireAd, adGroupId: string, campaignId: string): DeskAdsAd {
  const texts = (links: WireAssetLink[] | null | undefined) => (links ?? []).map((l) => String(l?.Asset?.Text ?? '')).filter(Boolean);
  return {
    id: String(a.Id),
    ad_group_id: adGroupId,
    campaign_id: campaignId,
    type: 'ResponsiveSearch',
    headlines: texts(a.Headlines),
    descriptions: texts(a.Descriptions),
    path1: a.Path1 ?? null,
    path2: a.Path2 ?? null,
    final_url: a.FinalUrls?.[0] ?? '',
    status: entityStatusFrom(a.Status),
    editorial_status: EDITORIAL[a.EditorialStatus ?? ''] ?? 'Pending',
    editorial_reason: null,
  };
}

function extensionWire(e: DeskAdsNewAdExtension): WireAdExtension {
  if (e.type === 'CalloutAdExtension') return { Type: 'CalloutAdExtension', Text: e.text };
  return {
    Type: 'SitelinkAdExtension',
    DisplayText: e.display_text,
    ...(e.description1 ? { Description1: e.description1 } : {}),
    ...(e.description2 ? { Description2: e.description2 } : {}),
    FinalUrls: e.final_url ? [e.final_url] : [],
  };
}

function extensionFrom(e: WireAdExtension, associations: DeskAdsAdExtension['associations']): DeskAdsAdExtension {
  if (e.Type === 'CalloutAdExtension') return { id: String(e.Id), type: 'CalloutAdExtension', text: e.Text ?? '', associations };
  return {
    id: String(e.Id),
    type: 'SitelinkAdExtension',
    display_text: e.DisplayText ?? '',
    ...(e.Description1 ? { description1: e.Description1 } : {}),
    ...(e.Description2 ? { description2: e.Description2 } : {}),
    ...(e.FinalUrls?.[0] ? { final_url: e.FinalUrls[0] } : {}),
    associations,
  };
}

const describeExtension = (e: DeskAdsNewAdExtension | undefined) =>
  e?.type === 'CalloutAdExtension' ? `callout "${e.text}"` : `sitelink "${e?.display_text ?? ''}"`;

function partitionFrom(c: WireCriterion, adGroupId: string): DeskAdsProductPartition {
  const criterion = c.Criterion ?? {};
  const operand = String(criterion.Condition?.Operand ?? 'All');
  return {
    id: String(c.Id),
    ad_group_id: adGroupId,
    dimension: (['All', 'Brand', 'CategoryL1', 'Condition', 'Id'].includes(operand)
      ? operand
      : 'All') as DeskAdsProductPartition['dimension'],
    value: criterion.Condition?.Attribute ?? null,
    partition_type: criterion.PartitionType === 'Subdivision' ? 'Subdivision' : 'Unit',
    bid: c.Type === 'NegativeAdGroupCriterion' || criterion.PartitionType === 'Subdivision' ? null : Number(c.CriterionBid?.Amount ?? 0),
    excluded: c.Type === 'NegativeAdGroupCriterion',
  };
}
