import { ToolError } from '../../../core/errors';
import type {
  DeskAdsAdGroup,
  DeskAdsAdGroupPatch,
  DeskAdsBidEstimate,
  DeskAdsKeyword,
  DeskAdsKeywordPatch,
  DeskAdsNegativeKeyword,
  DeskAdsNegativeMatchType,
  DeskAdsNegativeOwner,
  DeskAdsNetwork,
  DeskAdsNewAdGroup,
  DeskAdsNewKeyword,
  DeskAdsQualityRating,
} from '../port';
import type { CampaignsLive } from './campaigns';
import { dateFrom, dateWire, entityStatusFrom } from './convert';
import type { DeskAdsLiveContext } from './context';
import type { DeskAdsReports } from './reports';
import { figure } from './report-files';
import { addDays } from '../../../core/dates';
import { batchFailures, nestedBatchFailures } from './wire';
import type { WireAdGroup, WireKeyword } from './wire-types';

/**
 * Ad groups, keywords and negative keywords over the Campaign Management service
 * (GetAdGroupsByCampaignId, AddAdGroups, UpdateAdGroups, GetKeywordsByAdGroupId, AddKeywords,
 * UpdateKeywords, DeleteKeywords, GetNegativeKeywordsByEntityIds (one entity per request),
 * AddNegativeKeywordsToEntities, DeleteNegativeKeywordsFromEntities) and the Ad Insight service's
 * estimated bids. Bids are decimal amounts in account currency; a keyword without a bid of its own
 * uses its ad group's. Quality scores come from the keyword report of the last 30 days (the
 * platform rates keywords there, not on the keyword entity).
 */

const NETWORKS = new Set<DeskAdsNetwork>(['OwnedAndOperatedAndSyndicatedSearch', 'OwnedAndOperatedOnly', 'SyndicatedSearchOnly']);
const RATINGS: Record<string, DeskAdsQualityRating> = { '1': 'BelowAverage', '2': 'Average', '3': 'AboveAverage' };

export class GroupsLive {
  constructor(
    private readonly ctx: DeskAdsLiveContext,
    private readonly campaigns: CampaignsLive,
    private readonly reports: DeskAdsReports,
  ) {}

  async listAdGroups(campaignId?: string): Promise<DeskAdsAdGroup[]> {
    const campaignIds = campaignId ? [campaignId] : (await this.campaigns.listCampaigns()).map((c) => c.id);
    const groups = await Promise.all(campaignIds.map(async (id) => (await this.campaigns.adGroupsWire(id)).map((g) => adGroupFrom(g, id))));
    return groups.flat();
  }

  async createAdGroup(adGroup: DeskAdsNewAdGroup): Promise<DeskAdsAdGroup> {
    const wire: WireAdGroup = {
      Name: adGroup.name,
      Status: adGroup.status === 'Deleted' ? 'Paused' : adGroup.status,
      CpcBid: { Amount: this.ctx.amount(adGroup.cpc_bid) },
      Network: adGroup.network,
      StartDate: dateWire(adGroup.start_date),
      ...(adGroup.end_date ? { EndDate: dateWire(adGroup.end_date) } : {}),
    };
    const answer = await this.ctx.send('CampaignManagement.AddAdGroups', { CampaignId: adGroup.campaign_id, AdGroups: [wire] });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    const id = answer.AdGroupIds?.[0];
    if (failures.length || !id) throw this.ctx.itemsRefused(failures, () => `ad group "${adGroup.name}"`, 'No ad group was created.');
    return { ...adGroup, id: String(id) };
  }

  async updateAdGroup(id: string, patch: DeskAdsAdGroupPatch, expect?: Partial<DeskAdsAdGroup>): Promise<DeskAdsAdGroup> {
    this.ctx.forget();
    const current = (await this.listAdGroups()).find((g) => g.id === id);
    if (!current) throw this.ctx.notFound('ad group', id, 'list_deskads_ad_groups');
    for (const [field, value] of Object.entries(expect ?? {}))
      if (current[field as keyof DeskAdsAdGroup] !== value)
        throw new ToolError(
          `Ad group ${id} changed while this call ran (its ${field} is now ${String(current[field as keyof DeskAdsAdGroup])}). Read it again and retry.`,
        );
    if (patch.status === 'Deleted') {
      const answer = await this.ctx.send('CampaignManagement.DeleteAdGroups', { CampaignId: current.campaign_id, AdGroupIds: [id] });
      this.ctx.forget();
      const failures = batchFailures(answer.PartialErrors);
      if (failures.length) throw this.ctx.itemsRefused(failures, () => `ad group ${id}`, 'The ad group was not deleted.');
      return { ...current, status: 'Deleted' };
    }
    const wire: WireAdGroup = { Id: id };
    if (patch.name !== undefined) wire.Name = patch.name;
    if (patch.status !== undefined) wire.Status = patch.status;
    if (patch.cpc_bid !== undefined) wire.CpcBid = { Amount: this.ctx.amount(patch.cpc_bid) };
    if (patch.network !== undefined) wire.Network = patch.network;
    if (patch.start_date !== undefined) wire.StartDate = dateWire(patch.start_date);
    if ('end_date' in patch) wire.EndDate = patch.end_date ? dateWire(patch.end_date) : null;
    const answer = await this.ctx.send('CampaignManagement.UpdateAdGroups', { CampaignId: current.campaign_id, AdGroups: [wire] });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    if (failures.length) throw this.ctx.itemsRefused(failures, () => `ad group ${id}`, 'The ad group was not changed.');
    return (await this.listAdGroups(current.campaign_id)).find((g) => g.id === id) ?? { ...current, ...patch };
  }

  /** The keywords of the account (or of a campaign or ad group), with the quality scores of the last 30 days. */
  async listKeywords(filter: { campaignId?: string; adGroupId?: string } = {}): Promise<DeskAdsKeyword[]> {
    const groups = (await this.listAdGroups(filter.campaignId)).filter((g) => !filter.adGroupId || g.id === filter.adGroupId);
    const [lists, quality] = await Promise.all([
      Promise.all(groups.map(async (g) => (await this.keywordsWire(g.id)).map((k) => ({ k, g })))),
      groups.length ? this.qualityScores() : Promise.resolve(new Map<string, Quality>()),
    ]);
    return lists.flat().map(({ k, g }) => keywordFrom(k, g, quality.get(String(k.Id))));
  }

  private keywordsWire(adGroupId: string): Promise<WireKeyword[]> {
    return this.ctx.cached(`keywords:${adGroupId}`, async () => {
      const answer = await this.ctx.send('CampaignManagement.GetKeywordsByAdGroupId', { AdGroupId: adGroupId });
      return answer.Keywords ?? [];
    });
  }

  /** Quality score and its components per keyword id, from the keyword report of the last 30 days. */
  private qualityScores(): Promise<Map<string, Quality>> {
    return this.ctx.cached('quality', async () => {
      const end = this.ctx.yesterday;
      const records = await this.reports.records(
        'KeywordPerformanceReportRequest',
        'adGroup',
        ['KeywordId', 'QualityScore', 'ExpectedCtr', 'AdRelevance', 'LandingPageExperience', 'Impressions'],
        { start_date: addDays(end, -29), end_date: end },
        'Summary',
      );
      const scores = new Map<string, Quality>();
      for (const r of records) {
        const score = figure(r.QualityScore);
        if (score < 1 || !r.KeywordId) continue;
        const components =
          RATINGS[r.ExpectedCtr!] && RATINGS[r.AdRelevance!] && RATINGS[r.LandingPageExperience!]
            ? {
                expected_ctr: RATINGS[r.ExpectedCtr!]!,
                ad_relevance: RATINGS[r.AdRelevance!]!,
                landing_page: RATINGS[r.LandingPageExperience!]!,
              }
            : null;
        scores.set(r.KeywordId, { score, components });
      }
      return scores;
    });
  }

  async addKeywords(adGroupId: string, keywords: DeskAdsNewKeyword[]): Promise<DeskAdsKeyword[]> {
    const group = (await this.listAdGroups()).find((g) => g.id === adGroupId);
    if (!group) throw this.ctx.notFound('ad group', adGroupId, 'list_deskads_ad_groups');
    const answer = await this.ctx.send('CampaignManagement.AddKeywords', {
      AdGroupId: adGroupId,
      Keywords: keywords.map((k) => ({
        Text: k.text,
        MatchType: k.match_type,
        ...(k.bid !== null ? { Bid: { Amount: this.ctx.amount(k.bid) } } : {}),
        ...(k.final_url ? { FinalUrls: [k.final_url] } : {}),
      })),
    });
    this.ctx.forget();
    const ids = (answer.KeywordIds ?? []).map((id) => (id === null || id === undefined ? null : String(id)));
    const added = keywords.flatMap((k, i) =>
      ids[i]
        ? [
            {
              id: ids[i]!,
              ad_group_id: adGroupId,
              campaign_id: group.campaign_id,
              text: k.text,
              match_type: k.match_type,
              bid: k.bid,
              status: 'Active' as const,
              quality_score: null,
              quality_components: null,
              final_url: k.final_url,
            },
          ]
        : [],
    );
    const failures = batchFailures(answer.PartialErrors);
    if (failures.length)
      throw this.ctx.itemsRefused(
        failures,
        (i) => `keyword "${keywords[i]?.text}" (${keywords[i]?.match_type})`,
        added.length
          ? `The other ${added.length} keyword${added.length === 1 ? ' was' : 's were'} added: ${added.map((k) => `"${k.text}" (${k.id})`).join(', ')}.`
          : 'No keyword was added.',
      );
    return added;
  }

  async updateKeyword(id: string, patch: DeskAdsKeywordPatch, expect?: Partial<DeskAdsKeyword>): Promise<DeskAdsKeyword> {
    this.ctx.forget();
    const current = (await this.listKeywords()).find((k) => k.id === id);
    if (!current) throw this.ctx.notFound('keyword', id, 'list_deskads_keywords');
    for (const [field, value] of Object.entries(expect ?? {}))
      if (current[field as keyof DeskAdsKeyword] !== value)
        throw new ToolError(
          `Keyword ${id} changed while this call ran (its ${field} is now ${String(current[field as keyof DeskAdsKeyword])}). Read it again and retry.`,
        );
    if (patch.status === 'Deleted') {
      const answer = await this.ctx.send('CampaignManagement.DeleteKeywords', { AdGroupId: current.ad_group_id, KeywordIds: [id] });
      this.ctx.forget();
      const failures = batchFailures(answer.PartialErrors);
      if (failures.length) throw this.ctx.itemsRefused(failures, () => `keyword "${current.text}"`, 'The keyword was not removed.');
      return { ...current, status: 'Deleted' };
    }
    const wire: WireKeyword = { Id: id };
    if (patch.status !== undefined) wire.Status = patch.status;
    // A keyword's own bid removed: the platform takes a bid of 0 as "use the ad group's default bid".
    if ('bid' in patch) wire.Bid = { Amount: patch.bid === null || patch.bid === undefined ? 0 : this.ctx.amount(patch.bid) };
    if ('final_url' in patch) wire.FinalUrls = patch.final_url ? [patch.final_url] : [];
    const answer = await this.ctx.send('CampaignManagement.UpdateKeywords', { AdGroupId: current.ad_group_id, Keywords: [wire] });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    if (failures.length) throw this.ctx.itemsRefused(failures, () => `keyword "${current.text}"`, 'The keyword was not changed.');
    return { ...current, ...patch };
  }

  /** Campaign-level negatives, then each ad group's (the platform answers one entity per request). */
  async listNegativeKeywords(filter: { campaignId?: string } = {}): Promise<DeskAdsNegativeKeyword[]> {
    const campaigns = (await this.campaigns.listCampaigns()).filter((c) => !filter.campaignId || c.id === filter.campaignId);
    const groups = await this.listAdGroups(filter.campaignId);
    const read = async (level: 'Campaign' | 'AdGroup', id: string, campaignId: string) =>
      this.ctx.cached(`negatives:${level}:${id}`, async () => {
        const answer = await this.ctx.send('CampaignManagement.GetNegativeKeywordsByEntityIds', {
          EntityIds: [id],
          EntityType: level,
          ParentEntityId: level === 'Campaign' ? this.ctx.accountId : campaignId,
        });
        return (answer.EntityNegativeKeywords ?? []).flatMap((e) =>
          (e?.NegativeKeywords ?? []).map((n): DeskAdsNegativeKeyword => ({
            id: String(n.Id),
            level,
            owner_id: String(e?.EntityId ?? id),
            campaign_id: campaignId,
            text: n.Text ?? '',
            match_type: n.MatchType === 'Phrase' ? 'Phrase' : 'Exact',
          })),
        );
      });
    const lists = await Promise.all([
      ...campaigns.map((c) => read('Campaign', c.id, c.id)),
      ...groups.map((g) => read('AdGroup', g.id, g.campaign_id)),
    ]);
    return lists.flat();
  }

  async addNegativeKeywords(
    owner: DeskAdsNegativeOwner,
    negatives: { text: string; match_type: DeskAdsNegativeMatchType }[],
  ): Promise<DeskAdsNegativeKeyword[]> {
    const campaignId =
      owner.level === 'Campaign'
        ? (await this.campaigns.listCampaigns()).find((c) => c.id === owner.id)?.id
        : (await this.listAdGroups()).find((g) => g.id === owner.id)?.campaign_id;
    if (!campaignId)
      throw this.ctx.notFound(
        owner.level === 'Campaign' ? 'campaign' : 'ad group',
        owner.id,
        owner.level === 'Campaign' ? 'list_deskads_campaigns' : 'list_deskads_ad_groups',
      );
    const answer = await this.ctx.send('CampaignManagement.AddNegativeKeywordsToEntities', {
      EntityNegativeKeywords: [
        {
          EntityId: owner.id,
          EntityType: owner.level,
          NegativeKeywords: negatives.map((n) => ({ Type: 'NegativeKeyword', Text: n.text, MatchType: n.match_type })),
        },
      ],
    });
    this.ctx.forget();
    const ids = (answer.NegativeKeywordIds?.[0]?.Ids ?? []).map((id) => (id === null || id === undefined ? null : String(id)));
    const added = negatives.flatMap((n, i) =>
      ids[i]
        ? [{ id: ids[i]!, level: owner.level, owner_id: owner.id, campaign_id: campaignId, text: n.text, match_type: n.match_type }]
        : [],
    );
    const failures = nestedBatchFailures(answer.NestedPartialErrors).flatMap((c) => c.failures);
    if (failures.length)
      throw this.ctx.itemsRefused(
        failures,
        (i) => `negative keyword "${negatives[i]?.text}"`,
        added.length
          ? `The other ${added.length} negative keyword${added.length === 1 ? ' was' : 's were'} added.`
          : 'No negative keyword was added.',
      );
    return added;
  }

  async deleteNegativeKeywords(ids: string[]): Promise<void> {
    const all = await this.listNegativeKeywords();
    const byOwner = new Map<string, DeskAdsNegativeKeyword[]>();
    for (const id of ids) {
      const negative = all.find((n) => n.id === id);
      if (!negative) throw this.ctx.notFound('negative keyword', id, 'list_deskads_negative_keywords');
      byOwner.set(`${negative.level}|${negative.owner_id}`, [...(byOwner.get(`${negative.level}|${negative.owner_id}`) ?? []), negative]);
    }
    const owners = [...byOwner.values()];
    const answer = await this.ctx.send('CampaignManagement.DeleteNegativeKeywordsFromEntities', {
      EntityNegativeKeywords: owners.map((list) => ({
        EntityId: list[0]!.owner_id,
        EntityType: list[0]!.level,
        NegativeKeywords: list.map((n) => ({ Type: 'NegativeKeyword', Id: n.id, Text: n.text, MatchType: n.match_type })),
      })),
    });
    this.ctx.forget();
    const failures = nestedBatchFailures(answer.NestedPartialErrors).flatMap((c) =>
      c.failures.map((f) => ({ ...f, index: c.index * 100_000 + f.index })),
    );
    if (failures.length)
      throw this.ctx.itemsRefused(
        failures,
        (i) => `negative keyword "${owners[Math.floor(i / 100_000)]?.[i % 100_000]?.text}"`,
        'The other negative keywords were removed.',
      );
  }

  /** The bids estimated for the first page, the mainline and the first mainline position (three Ad Insight requests). */
  async getEstimatedBids(keywordIds: string[]): Promise<DeskAdsBidEstimate[]> {
    if (!keywordIds.length) return [];
    const positions = ['FirstPage', 'MainLine', 'MainLine1'] as const;
    const estimates = new Map<string, Partial<Record<(typeof positions)[number], number>>>();
    for (let i = 0; i < keywordIds.length; i += 1000) {
      const chunk = keywordIds.slice(i, i + 1000);
      const answers = await Promise.all(
        positions.map((position) =>
          this.ctx.send('AdInsight.GetEstimatedBidByKeywordIds', { KeywordIds: chunk, TargetPositionForAds: position }),
        ),
      );
      answers.forEach((answer, p) => {
        for (const e of answer.KeywordEstimatedBids ?? []) {
          if (!e) continue;
          const bids = e.KeywordEstimatedBid?.EstimatedBids ?? [];
          const min = bids.map((b) => Number(b?.EstimatedMinBid)).filter((n) => Number.isFinite(n) && n > 0);
          if (!min.length) continue;
          const entry = estimates.get(String(e.KeywordId)) ?? {};
          entry[positions[p]!] = Math.min(...min);
          estimates.set(String(e.KeywordId), entry);
        }
      });
    }
    return keywordIds.flatMap((id) => {
      const e = estimates.get(id);
      if (e?.FirstPage === undefined || e.MainLine === undefined || e.MainLine1 === undefined) return [];
      return [{ keyword_id: id, first_page: e.FirstPage, top_of_page: e.MainLine, mainline_first: e.MainLine1 }];
    });
  }
}

interface Quality {
  score: number;
  components: DeskAdsKeyword['quality_components'];
}

export function adGroupFrom(g: WireAdGroup, campaignId: string): DeskAdsAdGroup {
  return {
    id: String(g.Id),
    campaign_id: campaignId,
    name: g.Name ?? '',
    status: entityStatusFrom(g.Status),
    cpc_bid: Number(g.CpcBid?.Amount ?? 0),
    network: NETWORKS.has(g.Network as DeskAdsNetwork) ? (g.Network as DeskAdsNetwork) : 'OwnedAndOperatedAndSyndicatedSearch',
    start_date: dateFrom(g.StartDate) ?? '',
    ...(dateFrom(g.EndDate) ? { end_date: dateFrom(g.EndDate) } : {}),
  };
}

function keywordFrom(k: WireKeyword, group: DeskAdsAdGroup, quality: Quality | undefined): DeskAdsKeyword {
  const bid = k.Bid?.Amount;
  return {
    id: String(k.Id),
    ad_group_id: group.id,
    campaign_id: group.campaign_id,
    text: k.Text ?? '',
    match_type: k.MatchType as DeskAdsKeyword['match_type'],
    // No bid of its own (absent or 0): the ad group's default bid applies.
    bid: bid === undefined || bid === null || Number(bid) === 0 ? null : Number(bid),
    status: entityStatusFrom(k.Status),
    quality_score: quality?.score ?? null,
    quality_components: quality?.components ?? null,
    final_url: k.FinalUrls?.[0] ?? null,
  };
}
