/** The deskads sandbox's campaigns family: campaigns (and their settings), shared budgets and ad groups. */
import { digits } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import { KIND, type StoredBudget, type StoredCampaign } from './stored';
import type { DeskAdsAdGroup, DeskAdsAdGroupPatch, DeskAdsCampaign, DeskAdsCampaignPatch, DeskAdsNewAdGroup } from '../port';
import type { DeskAdsBudget, DeskAdsCampaignSettings, DeskAdsNewCampaign } from '../port-rest';

export class CampaignsSandbox {
  constructor(private readonly store: SandboxStore) {}

  /**
   * A new campaign. On a shared budget it draws on the budget's whole amount with the budget's other campaigns
   * (delivery.ts sharedPool); its stored daily_budget is an even share (_respreadBudget), which no tool shows.
   */
  async createCampaign(campaign: DeskAdsNewCampaign): Promise<StoredCampaign> {
    const { daily_budget, ...rest } = campaign;
    const id = digits(9);
    if (campaign.budget_id) {
      const budget = await this.store.require<StoredBudget>(KIND.budget, campaign.budget_id);
      const created = await this.store.create<StoredCampaign>(KIND.campaign, {
        id,
        ...(JSON.parse(JSON.stringify(rest)) as typeof rest),
        daily_budget: 0,
      });
      await this._respreadBudget(budget.id, budget.amount);
      return this.store.require<StoredCampaign>(KIND.campaign, created.id);
    }
    return this.store.create<StoredCampaign>(KIND.campaign, {
      id,
      ...(JSON.parse(JSON.stringify(rest)) as typeof rest),
      daily_budget: daily_budget ?? 0,
    });
  }

  listCampaignSettings(): Promise<StoredCampaign[]> {
    return this.store.list<StoredCampaign>(KIND.campaign);
  }

  async listBudgets(): Promise<DeskAdsBudget[]> {
    const [budgets, campaigns] = await Promise.all([
      this.store.list<StoredBudget>(KIND.budget),
      this.store.list<StoredCampaign>(KIND.campaign),
    ]);
    return budgets.map((b) => ({
      ...b,
      campaign_ids: campaigns.filter((c) => c.budget_id === b.id && c.status !== 'Deleted').map((c) => c.id),
    }));
  }

  async updateBudget(id: string, amount: number, expectAmount?: number): Promise<DeskAdsBudget> {
    await this.store.update<StoredBudget>(
      KIND.budget,
      id,
      { amount },
      { expect: expectAmount === undefined ? undefined : { amount: expectAmount } },
    );
    await this._respreadBudget(id, amount);
    return (await this.listBudgets()).find((b) => b.id === id)!;
  }

  /**
   * Gives each campaign of a shared budget an even share of it (in whole cents, never more than the amount
   * in all) as its stored daily_budget. Delivery does not cap a campaign by it: the campaigns that deliver on
   * a day draw on the whole amount as one pool (delivery.ts sharedPool), and the tools show that amount
   * (tools/campaign-budget.ts); the budget guardrails judge a rise from it (update_deskads_campaign).
   */
  private async _respreadBudget(budgetId: string, amount: number): Promise<void> {
    const members = (await this.store.list<StoredCampaign>(KIND.campaign)).filter(
      (c) => c.budget_id === budgetId && c.status !== 'Deleted',
    );
    if (!members.length) return;
    const share = Math.floor((amount / members.length) * 100) / 100;
    for (const c of members)
      if (c.daily_budget !== share) await this.store.update<StoredCampaign>(KIND.campaign, c.id, { daily_budget: share });
  }

  listCampaigns(): Promise<DeskAdsCampaign[]> {
    return this.store.list<DeskAdsCampaign>(KIND.campaign);
  }

  /** A campaign leaving its shared budget (budget_id cleared) leaves the budget to the others, evenly. */
  async updateCampaign(
    id: string,
    patch: DeskAdsCampaignPatch & DeskAdsCampaignSettings,
    expect?: Partial<DeskAdsCampaign>,
  ): Promise<DeskAdsCampaign> {
    const before = 'budget_id' in patch ? (await this.store.require<StoredCampaign>(KIND.campaign, id)).budget_id : undefined;
    const updated = await this.store.update<StoredCampaign>(KIND.campaign, id, patch as Record<string, unknown>, { expect });
    if (before && before !== updated.budget_id) {
      const budget = await this.store.get<StoredBudget>(KIND.budget, before);
      if (budget) await this._respreadBudget(budget.id, budget.amount);
    }
    return updated;
  }

  async listAdGroups(campaignId?: string): Promise<DeskAdsAdGroup[]> {
    const groups = await this.store.list<DeskAdsAdGroup>(KIND.adGroup);
    return campaignId ? groups.filter((g) => g.campaign_id === campaignId) : groups;
  }

  async createAdGroup(adGroup: DeskAdsNewAdGroup): Promise<DeskAdsAdGroup> {
    return this.store.create<DeskAdsAdGroup>(KIND.adGroup, { id: digits(10), ...adGroup });
  }

  updateAdGroup(id: string, patch: DeskAdsAdGroupPatch, expect?: Partial<DeskAdsAdGroup>): Promise<DeskAdsAdGroup> {
    return this.store.update<DeskAdsAdGroup>(KIND.adGroup, id, patch, { expect });
  }
}
