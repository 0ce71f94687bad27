import { ToolError } from '../../../core/errors';
import { type DeskAdsBidStrategy, type DeskAdsCampaign, type DeskAdsCampaignPatch } from '../port';
import type { DeskAdsBudget, DeskAdsCampaignSettings, DeskAdsNewCampaign, DeskAdsStore } from '../port-rest';
import { campaignStatusFrom, dateFrom } from './convert';
import type { DeskAdsLiveContext } from './context';
import { batchFailures, nestedBatchFailures } from './wire';
import type { WireAdGroup, WireBiddingScheme, WireCampaign } from './wire-types';

/**
 * Campaigns, shared budgets and merchant stores over the Campaign Management service
 * (GetCampaignsByAccountId, AddCampaigns, UpdateCampaigns, DeleteCampaigns, campaign location
 * criteria, GetBudgetsByIds, UpdateBudgets, GetCampaignIdsByBudgetIds, GetBMCStoresByCustomerId).
 * Daily budgets and target CPAs are decimal amounts in account currency on the wire; a deleted
 * campaign is deleted on the platform (DeleteCampaigns), which then no longer lists it.
 */

type Campaign = DeskAdsCampaign & DeskAdsCampaignSettings;

const CAMPAIGN_TYPES = 'Search,Shopping,PerformanceMax';
const LISTER = 'list_deskads_campaigns';

export class CampaignsLive {
  constructor(private readonly ctx: DeskAdsLiveContext) {}

  listCampaigns(): Promise<Campaign[]> {
    return this.listCampaignSettings();
  }

  /** Every campaign of the account with its settings; a campaign without dates of its own takes its earliest ad group's start. */
  listCampaignSettings(): Promise<Campaign[]> {
    return this.ctx.cached('campaigns', async () => {
      const answer = await this.ctx.send('CampaignManagement.GetCampaignsByAccountId', {
        AccountId: this.ctx.accountId,
        CampaignType: CAMPAIGN_TYPES,
      });
      const wire = answer.Campaigns ?? [];
      return Promise.all(wire.map(async (c) => campaignFrom(c, c.StartDate ? undefined : await this.firstAdGroupStart(String(c.Id)))));
    });
  }

  private async firstAdGroupStart(campaignId: string): Promise<string> {
    const groups = await this.adGroupsWire(campaignId);
    return (
      groups
        .map((g) => dateFrom(g.StartDate))
        .filter((d): d is string => !!d)
        .sort()[0] ?? ''
    );
  }

  /** The ad groups of a campaign as the platform sends them (shared with the ad group family through the cache). */
  adGroupsWire(campaignId: string): Promise<WireAdGroup[]> {
    return this.ctx.cached(`adGroups:${campaignId}`, async () => {
      const answer = await this.ctx.send('CampaignManagement.GetAdGroupsByCampaignId', { CampaignId: campaignId });
      return answer.AdGroups ?? [];
    });
  }

  async createCampaign(campaign: DeskAdsNewCampaign): Promise<Campaign> {
    const wire: WireCampaign = {
      Name: campaign.name,
      CampaignType: campaign.type,
      Status: campaign.status,
      BudgetType: campaign.budget_type ?? 'DailyBudgetStandard',
      ...(campaign.budget_id ? { BudgetId: campaign.budget_id } : { DailyBudget: this.ctx.amount(campaign.daily_budget ?? 0) }),
      BiddingScheme: biddingScheme(campaign.bid_strategy, campaign.target_cpa, this.ctx),
      Languages: campaign.languages?.length ? campaign.languages : ['All'],
      StartDate: `${campaign.start_date}T00:00:00`,
      ...(campaign.end_date ? { EndDate: `${campaign.end_date}T00:00:00` } : {}),
      UseCampaignLevelDates: true,
      ...(campaign.shopping_setting
        ? {
            Settings: [
              {
                Type: 'ShoppingSetting',
                StoreId: campaign.shopping_setting.store_id,
                SalesCountryCode: campaign.shopping_setting.sales_country_code,
                Priority: campaign.shopping_setting.priority,
              },
            ],
          }
        : {}),
    };
    const answer = await this.ctx.send('CampaignManagement.AddCampaigns', { AccountId: this.ctx.accountId, Campaigns: [wire] });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    const id = answer.CampaignIds?.[0];
    if (failures.length || !id) throw this.ctx.itemsRefused(failures, () => `campaign "${campaign.name}"`, 'No campaign was created.');
    const created = String(id);
    if (campaign.location_ids?.length) {
      const located = await this.ctx.send('CampaignManagement.AddCampaignCriterions', {
        CriterionType: 'Location',
        CampaignCriterions: campaign.location_ids.map((locationId) => ({
          Type: 'BiddableCampaignCriterion',
          CampaignId: created,
          Criterion: { Type: 'LocationCriterion', LocationId: locationId },
          CriterionBid: { Type: 'BidMultiplier', Multiplier: 0 },
        })),
      });
      const refused = nestedBatchFailures(located.NestedPartialErrors).flatMap((n) => n.failures);
      if (refused.length)
        throw this.ctx.itemsRefused(
          refused,
          (i) => `location ${campaign.location_ids![i]}`,
          `Campaign ${created} was created (${campaign.status}) without these locations; it targets the other locations given.`,
        );
    }
    const found = (await this.listCampaignSettings()).find((c) => c.id === created);
    return found ?? { ...campaignFrom({ ...wire, Id: created }, campaign.start_date), location_ids: campaign.location_ids };
  }

  /**
   * Changes a campaign (UpdateCampaigns sends only the fields that change). `expect` is checked
   * against a fresh read first: the platform has no conditional update, so a change made elsewhere
   * in between is caught at the read. Deleted is DeleteCampaigns.
   */
  async updateCampaign(
    id: string,
    patch: DeskAdsCampaignPatch & DeskAdsCampaignSettings,
    expect?: Partial<DeskAdsCampaign>,
  ): Promise<Campaign> {
    this.ctx.forget();
    const current = (await this.listCampaignSettings()).find((c) => c.id === id);
    if (!current) throw this.ctx.notFound('campaign', id, LISTER);
    for (const [field, value] of Object.entries(expect ?? {}))
      if (current[field as keyof Campaign] !== value)
        throw new ToolError(
          `Campaign ${id} changed while this call ran (its ${field} is now ${String(current[field as keyof Campaign])}). Read it again and retry.`,
        );
    if (patch.status === 'Deleted') {
      const answer = await this.ctx.send('CampaignManagement.DeleteCampaigns', { AccountId: this.ctx.accountId, CampaignIds: [id] });
      this.ctx.forget();
      const failures = batchFailures(answer.PartialErrors);
      if (failures.length) throw this.ctx.itemsRefused(failures, () => `campaign ${id}`, 'The campaign was not deleted.');
      return { ...current, status: 'Deleted' };
    }
    const wire: WireCampaign = { Id: id };
    if (patch.name !== undefined) wire.Name = patch.name;
    if (patch.status !== undefined) wire.Status = patch.status;
    if (patch.daily_budget !== undefined) wire.DailyBudget = this.ctx.amount(patch.daily_budget);
    // Leaving a shared budget: the platform takes BudgetId 0 as "no shared budget" with the new daily amount.
    if ('budget_id' in patch && patch.budget_id === undefined && current.budget_id) wire.BudgetId = '0';
    if (patch.bid_strategy !== undefined || patch.target_cpa !== undefined)
      wire.BiddingScheme = biddingScheme(patch.bid_strategy ?? current.bid_strategy, patch.target_cpa ?? current.target_cpa, this.ctx);
    if ('end_date' in patch) {
      wire.EndDate = patch.end_date ? `${patch.end_date}T00:00:00` : null;
      wire.UseCampaignLevelDates = true;
    }
    const answer = await this.ctx.send('CampaignManagement.UpdateCampaigns', { AccountId: this.ctx.accountId, Campaigns: [wire] });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    if (failures.length) throw this.ctx.itemsRefused(failures, () => `campaign ${id}`, 'The campaign was not changed.');
    return (await this.listCampaignSettings()).find((c) => c.id === id) ?? { ...current, ...patch };
  }

  /** The account's shared budgets (GetBudgetsByIds with no ids) and the campaigns on each. */
  async listBudgets(): Promise<DeskAdsBudget[]> {
    return this.ctx.cached('budgets', async () => {
      const answer = await this.ctx.send('CampaignManagement.GetBudgetsByIds', { BudgetIds: null });
      const budgets = answer.Budgets ?? [];
      if (!budgets.length) return [];
      const ids = await this.ctx.send('CampaignManagement.GetCampaignIdsByBudgetIds', { BudgetIds: budgets.map((b) => String(b.Id)) });
      const collections = ids.CampaignIdCollection ?? [];
      return budgets.map((b, i) => ({
        id: String(b.Id),
        name: b.Name ?? '',
        amount: Number(b.Amount),
        budget_type: b.BudgetType === 'DailyBudgetAccelerated' ? 'DailyBudgetAccelerated' : 'DailyBudgetStandard',
        campaign_ids: (collections[i]?.Ids ?? []).filter((id): id is string => !!id).map(String),
      }));
    });
  }

  async updateBudget(id: string, newAmount: number, expectAmount?: number): Promise<DeskAdsBudget> {
    this.ctx.forget();
    const current = (await this.listBudgets()).find((b) => b.id === id);
    if (!current) throw this.ctx.notFound('shared budget', id, 'list_deskads_budgets');
    if (expectAmount !== undefined && current.amount !== expectAmount)
      throw new ToolError(`Shared budget ${id} changed while this call ran (it is now ${current.amount}). Read it again and retry.`);
    const answer = await this.ctx.send('CampaignManagement.UpdateBudgets', { Budgets: [{ Id: id, Amount: this.ctx.amount(newAmount) }] });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    if (failures.length) throw this.ctx.itemsRefused(failures, () => `shared budget ${id}`, 'The budget was not changed.');
    return (await this.listBudgets()).find((b) => b.id === id) ?? { ...current, amount: this.ctx.amount(newAmount) };
  }

  /** The merchant stores of the customer (GetBMCStoresByCustomerId). */
  listStores(): Promise<DeskAdsStore[]> {
    return this.ctx.cached('stores', async () => {
      const answer = await this.ctx.send('CampaignManagement.GetBMCStoresByCustomerId', {});
      return (answer.BMCStores ?? []).map((s) => ({
        id: String(s.Id),
        name: s.Name ?? '',
        status: s.IsActive && s.IsProductAdsEnabled !== false ? ('Active' as const) : ('Disabled' as const),
      }));
    });
  }
}

/** The wire bidding scheme of a port strategy. */
function biddingScheme(strategy: DeskAdsBidStrategy, targetCpa: number | undefined, ctx: DeskAdsLiveContext): WireBiddingScheme {
  if (strategy === 'TargetCpa') return { Type: 'TargetCpa', TargetCpa: ctx.amount(targetCpa ?? 0) };
  return { Type: strategy };
}

/** A campaign as the platform sends it, as the port's campaign with its settings. */
export function campaignFrom(c: WireCampaign, fallbackStart?: string): Campaign {
  const scheme = c.BiddingScheme ?? {};
  const shopping = (c.Settings ?? []).find((s) => s?.Type === 'ShoppingSetting');
  const type = String(c.CampaignType ?? 'Search');
  return {
    id: String(c.Id),
    name: c.Name ?? '',
    type: (type === 'Shopping' || type === 'PerformanceMax' ? type : 'Search') as Campaign['type'],
    status: campaignStatusFrom(c.Status),
    daily_budget: Number(c.DailyBudget ?? 0),
    // A scheme the port has no word for (maximize conversion value, target ROAS...) keeps the platform's name.
    bid_strategy: String(scheme.Type ?? 'ManualCpc') as DeskAdsBidStrategy,
    ...(scheme.Type === 'TargetCpa' && scheme.TargetCpa !== undefined && scheme.TargetCpa !== null
      ? { target_cpa: Number(scheme.TargetCpa) }
      : {}),
    start_date: typeof c.StartDate === 'string' ? c.StartDate.slice(0, 10) : (fallbackStart ?? ''),
    ...(typeof c.EndDate === 'string' ? { end_date: c.EndDate.slice(0, 10) } : {}),
    budget_type: c.BudgetType === 'DailyBudgetAccelerated' ? 'DailyBudgetAccelerated' : 'DailyBudgetStandard',
    ...(c.BudgetId && String(c.BudgetId) !== '0' ? { budget_id: String(c.BudgetId) } : {}),
    ...(shopping
      ? {
          shopping_setting: {
            store_id: String(shopping.StoreId),
            sales_country_code: shopping.SalesCountryCode ?? '',
            priority: Number(shopping.Priority ?? 0) as 0 | 1 | 2,
          },
        }
      : {}),
    ...(Array.isArray(c.Languages) && c.Languages.length && !(c.Languages.length === 1 && c.Languages[0] === 'All')
      ? { languages: c.Languages.map(String) }
      : {}),
  };
}
