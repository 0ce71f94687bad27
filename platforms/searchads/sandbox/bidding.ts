/**
 * The sandbox side of labels, shared budgets, portfolio bidding strategies, ad schedules and bid
 * modifiers (port-bidding.ts). Campaigns keep the shared budget and the portfolio they use in two
 * stored fields the port does not show (`budget_id`, `bidding_strategy_id`); the shared amount is
 * copied onto each campaign's `budget_amount` with its history (the amount of each past day), and the
 * delivery model pools it between the campaigns on it, as the platform does (delivery.ts
 * sharedBudgetDays). Schedules and bid modifiers are stored and read back; the
 * delivery model does not apply them.
 */
import { digits } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import type { SearchAdsCampaign, SearchAdsCampaignCriterion, SearchAdsLabel } from '../port';
import {
  DEVICE_CRITERION_IDS,
  type NewSearchAdsBiddingStrategy,
  type NewSearchAdsLabel,
  type NewSearchAdsSharedBudget,
  type SearchAdsAdSchedule,
  type SearchAdsAdScheduleChange,
  type SearchAdsBiddingStrategy,
  type SearchAdsBidModifiers,
  type SearchAdsDeviceModifier,
  type SearchAdsLabelLink,
  type SearchAdsSharedBudget,
} from '../port-bidding';
import type { StoredCampaign } from './delivery';

export const BIDDING_KIND = {
  labelLink: 'label_link',
  budget: 'shared_budget',
  strategy: 'bidding_strategy',
  adSchedule: 'ad_schedule',
  device: 'device_modifier',
} as const;

/** What a stored campaign holds beyond the port's campaign. */
export type LinkedCampaign = StoredCampaign & { budget_id?: string; bidding_strategy_id?: string };
type StoredBudget = Omit<SearchAdsSharedBudget, 'campaign_ids'>;
type StoredStrategy = Omit<SearchAdsBiddingStrategy, 'campaign_ids'>;
type StoredSchedule = SearchAdsAdSchedule & { id: string; campaign_id: string };
type StoredDevice = SearchAdsDeviceModifier & { id: string; campaign_id: string };
type StoredLink = SearchAdsLabelLink & { id: string };

/** The port's campaign: without the sandbox's own fields. */
export function portCampaign(stored: StoredCampaign): SearchAdsCampaign {
  const { performance: _p, budget_id: _b, bidding_strategy_id: _s, ...campaign } = stored as LinkedCampaign;
  return campaign;
}

const linkId = (l: SearchAdsLabelLink) => `${l.entity_type}~${l.entity_id}~${l.label_id}`;

export class BiddingSandbox {
  constructor(
    private readonly store: SandboxStore,
    private readonly kinds: { campaign: string; label: string; criterion: string },
  ) {}

  private _campaigns(): Promise<LinkedCampaign[]> {
    return this.store.list<LinkedCampaign>(this.kinds.campaign);
  }

  /**
   * A campaign update that keeps the links right: a new standard strategy ends the portfolio, and a
   * new amount of a campaign on a shared budget is the shared budget's (every campaign on it gets it).
   */
  async updateCampaign(
    campaignId: string,
    patch: Partial<Omit<SearchAdsCampaign, 'id'>>,
    expect?: Partial<SearchAdsCampaign>,
  ): Promise<SearchAdsCampaign> {
    const current = await this.store.require<LinkedCampaign>(this.kinds.campaign, campaignId);
    const extra: Partial<LinkedCampaign> = {};
    if (patch.bidding_strategy !== undefined && current.bidding_strategy_id) extra.bidding_strategy_id = undefined;
    const updated = await this.store.update<LinkedCampaign>(this.kinds.campaign, campaignId, { ...patch, ...extra }, { expect });
    if (patch.budget_amount !== undefined && current.budget_id && patch.budget_amount !== current.budget_amount) {
      await this.store.update<StoredBudget>(BIDDING_KIND.budget, current.budget_id, { amount: patch.budget_amount });
      for (const other of await this._campaigns()) {
        if (other.id !== campaignId && other.budget_id === current.budget_id)
          await this.store.update(this.kinds.campaign, other.id, { budget_amount: patch.budget_amount });
      }
    }
    return portCampaign(updated);
  }

  // Labels.

  async createLabel(label: NewSearchAdsLabel): Promise<SearchAdsLabel> {
    return this.store.create<SearchAdsLabel>(this.kinds.label, { id: digits(10), ...label });
  }

  async listLabelLinks(): Promise<SearchAdsLabelLink[]> {
    const [campaigns, links] = await Promise.all([this._campaigns(), this.store.list<StoredLink>(BIDDING_KIND.labelLink)]);
    return [
      ...campaigns.flatMap((c) => (c.label_ids ?? []).map((label_id) => ({ label_id, entity_type: 'campaign' as const, entity_id: c.id }))),
      ...links.map(({ id: _id, ...l }) => l),
    ];
  }

  async addLabelLinks(links: SearchAdsLabelLink[]): Promise<void> {
    for (const l of links.filter((x) => x.entity_type === 'campaign')) {
      const c = await this.store.require<LinkedCampaign>(this.kinds.campaign, l.entity_id);
      if (!(c.label_ids ?? []).includes(l.label_id))
        await this.store.update(this.kinds.campaign, c.id, { label_ids: [...(c.label_ids ?? []), l.label_id] });
    }
    await this.store.putMany(
      BIDDING_KIND.labelLink,
      links.filter((x) => x.entity_type !== 'campaign').map((l) => ({ id: linkId(l), ...l })),
    );
  }

  async removeLabelLinks(links: SearchAdsLabelLink[]): Promise<void> {
    for (const l of links) {
      if (l.entity_type !== 'campaign') {
        await this.store.remove(BIDDING_KIND.labelLink, linkId(l));
        continue;
      }
      const c = await this.store.require<LinkedCampaign>(this.kinds.campaign, l.entity_id);
      await this.store.update(this.kinds.campaign, c.id, { label_ids: (c.label_ids ?? []).filter((id) => id !== l.label_id) });
    }
  }

  // Shared budgets.

  async listSharedBudgets(): Promise<SearchAdsSharedBudget[]> {
    const [budgets, campaigns] = await Promise.all([this.store.list<StoredBudget>(BIDDING_KIND.budget), this._campaigns()]);
    return budgets.map((b) => ({
      ...b,
      campaign_ids: campaigns.filter((c) => c.budget_id === b.id && c.status !== 'REMOVED').map((c) => c.id),
    }));
  }

  async createSharedBudget(budget: NewSearchAdsSharedBudget): Promise<SearchAdsSharedBudget> {
    const stored = await this.store.create<StoredBudget>(BIDDING_KIND.budget, { id: digits(10), ...budget, delivery_method: 'STANDARD' });
    return { ...stored, campaign_ids: [] };
  }

  async moveCampaignToBudget(campaignId: string, budgetId: string): Promise<void> {
    const budget = await this.store.require<StoredBudget>(BIDDING_KIND.budget, budgetId);
    await this.store.update(this.kinds.campaign, campaignId, { budget_id: budget.id, budget_amount: budget.amount });
  }

  // Portfolio bidding strategies.

  async listBiddingStrategies(): Promise<SearchAdsBiddingStrategy[]> {
    const [strategies, campaigns] = await Promise.all([this.store.list<StoredStrategy>(BIDDING_KIND.strategy), this._campaigns()]);
    return strategies.map((s) => ({
      ...s,
      campaign_ids: campaigns.filter((c) => c.bidding_strategy_id === s.id && c.status !== 'REMOVED').map((c) => c.id),
    }));
  }

  async createBiddingStrategy(strategy: NewSearchAdsBiddingStrategy): Promise<SearchAdsBiddingStrategy> {
    const stored = await this.store.create<StoredStrategy>(BIDDING_KIND.strategy, { id: digits(10), ...strategy });
    return { ...stored, campaign_ids: [] };
  }

  async assignBiddingStrategy(campaignId: string, strategyId: string): Promise<void> {
    const s = await this.store.require<StoredStrategy>(BIDDING_KIND.strategy, strategyId);
    const targets = {
      ...(s.target_cpa !== undefined ? { target_cpa: s.target_cpa } : {}),
      ...(s.target_roas !== undefined ? { target_roas: s.target_roas } : {}),
    };
    await this.store.update(this.kinds.campaign, campaignId, {
      bidding_strategy_id: s.id,
      bidding_strategy: s.type,
      bidding_targets: Object.keys(targets).length ? targets : undefined,
    });
  }

  // Ad schedules and bid modifiers.

  async listAdSchedules(campaignId: string): Promise<SearchAdsAdSchedule[]> {
    return (await this.store.list<StoredSchedule>(BIDDING_KIND.adSchedule))
      .filter((s) => s.campaign_id === campaignId)
      .map(({ id: _id, campaign_id: _c, ...s }) => s);
  }

  async changeAdSchedules(campaignId: string, change: SearchAdsAdScheduleChange): Promise<void> {
    await this.store.require(this.kinds.campaign, campaignId);
    for (const id of change.remove) await this.store.remove(BIDDING_KIND.adSchedule, `${campaignId}~${id}`);
    for (const r of change.rebid)
      await this.store.update(BIDDING_KIND.adSchedule, `${campaignId}~${r.criterion_id}`, { bid_modifier: r.bid_modifier });
    await this.store.putMany(
      BIDDING_KIND.adSchedule,
      change.add.map((s) => {
        const criterion_id = digits(11);
        return { id: `${campaignId}~${criterion_id}`, campaign_id: campaignId, criterion_id, ...s };
      }),
    );
  }

  async listDeviceModifiers(campaignId: string): Promise<SearchAdsDeviceModifier[]> {
    return (await this.store.list<StoredDevice>(BIDDING_KIND.device))
      .filter((d) => d.campaign_id === campaignId)
      .map(({ id: _id, campaign_id: _c, ...d }) => d);
  }

  async setBidModifiers(campaignId: string, modifiers: SearchAdsBidModifiers): Promise<void> {
    await this.store.require(this.kinds.campaign, campaignId);
    await this.store.putMany(
      BIDDING_KIND.device,
      modifiers.devices.map((d) => ({
        id: `${campaignId}~${DEVICE_CRITERION_IDS[d.device]}`,
        campaign_id: campaignId,
        criterion_id: DEVICE_CRITERION_IDS[d.device],
        ...d,
      })),
    );
    for (const l of modifiers.locations) {
      await this.store.update<SearchAdsCampaignCriterion>(this.kinds.criterion, `${campaignId}~${l.criterion_id}`, {
        bid_modifier: l.bid_modifier === 1 ? undefined : l.bid_modifier,
      });
    }
  }
}
