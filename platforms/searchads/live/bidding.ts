/**
 * Labels, shared budgets, portfolio bidding strategies, ad schedules and bid modifiers over the
 * platform's REST interface: `label`, `campaign_label`, `ad_group_label`, `ad_group_ad_label`,
 * `ad_group_criterion_label`, `campaign_budget` (explicitly_shared), `bidding_strategy` and
 * `campaign_criterion` (AD_SCHEDULE, DEVICE, LOCATION bid_modifier) read with searches and written
 * with mutates. Money in micros, fractions in micros.
 */
import type { SearchAdsLabel } from '../port';
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
  type SearchAdsLabelEntity,
  type SearchAdsLabelLink,
  type SearchAdsSharedBudget,
} from '../port-bidding';
import { fromMicros, idOf, toMicros } from './api';
import type { BiddingScheme, BiddingSchemeField, GoogleAdsRow, Operation } from './wire';

export interface LiveCalls {
  search(query: string): Promise<GoogleAdsRow[]>;
  mutate(resource: string, operations: Operation[]): Promise<string[]>;
  rn(collection: string, id: string): string;
  /** The ad group of an ad (its ad group ad's resource name needs it). */
  adGroupOfAd(adId: string): Promise<string>;
}

/** Per label link kind: the link resource, the entity field, and how the entity's part of the name is built. */
const LINKS: Record<
  SearchAdsLabelEntity,
  {
    from: string;
    collection: string;
    field: string;
    entity: string;
    part: 'campaignLabel' | 'adGroupLabel' | 'adGroupAdLabel' | 'adGroupCriterionLabel';
  }
> = {
  campaign: { from: 'campaign_label', collection: 'campaignLabels', field: 'campaign', entity: 'campaigns', part: 'campaignLabel' },
  ad_group: { from: 'ad_group_label', collection: 'adGroupLabels', field: 'adGroup', entity: 'adGroups', part: 'adGroupLabel' },
  ad: { from: 'ad_group_ad_label', collection: 'adGroupAdLabels', field: 'adGroupAd', entity: 'adGroupAds', part: 'adGroupAdLabel' },
  keyword: {
    from: 'ad_group_criterion_label',
    collection: 'adGroupCriterionLabels',
    field: 'adGroupCriterion',
    entity: 'adGroupCriteria',
    part: 'adGroupCriterionLabel',
  },
};

const STRATEGY_FIELDS = [
  'bidding_strategy.id',
  'bidding_strategy.name',
  'bidding_strategy.type',
  'bidding_strategy.status',
  'bidding_strategy.target_cpa.target_cpa_micros',
  'bidding_strategy.target_cpa.cpc_bid_ceiling_micros',
  'bidding_strategy.target_cpa.cpc_bid_floor_micros',
  'bidding_strategy.target_roas.target_roas',
  'bidding_strategy.target_roas.cpc_bid_ceiling_micros',
  'bidding_strategy.target_roas.cpc_bid_floor_micros',
  'bidding_strategy.maximize_conversions.target_cpa_micros',
  'bidding_strategy.maximize_conversion_value.target_roas',
  'bidding_strategy.target_impression_share.location',
  'bidding_strategy.target_impression_share.location_fraction_micros',
  'bidding_strategy.target_impression_share.cpc_bid_ceiling_micros',
  'bidding_strategy.target_spend.cpc_bid_ceiling_micros',
];
const SCHEME: Record<SearchAdsBiddingStrategy['type'], BiddingSchemeField> = {
  TARGET_CPA: 'targetCpa',
  TARGET_ROAS: 'targetRoas',
  MAXIMIZE_CONVERSIONS: 'maximizeConversions',
  MAXIMIZE_CONVERSION_VALUE: 'maximizeConversionValue',
  TARGET_IMPRESSION_SHARE: 'targetImpressionShare',
  TARGET_SPEND: 'targetSpend',
};
const DEVICE_BY_ID = Object.fromEntries(Object.entries(DEVICE_CRITERION_IDS).map(([device, id]) => [id, device]));

export class BiddingLive {
  constructor(private readonly api: LiveCalls) {}

  async createLabel(label: NewSearchAdsLabel): Promise<SearchAdsLabel> {
    const [name] = await this.api.mutate('labels', [
      {
        create: {
          name: label.name,
          textLabel: { backgroundColor: label.background_color, ...(label.description ? { description: label.description } : {}) },
        },
      },
    ]);
    return { id: idOf(name!), ...label };
  }

  async listLabelLinks(): Promise<SearchAdsLabelLink[]> {
    const parts = await Promise.all(
      (Object.entries(LINKS) as [SearchAdsLabelEntity, (typeof LINKS)[SearchAdsLabelEntity]][]).map(async ([type, spec]) => {
        const rows = await this.api.search(`SELECT ${spec.from}.resource_name, ${spec.from}.label FROM ${spec.from}`);
        return rows.map((row) => {
          const link = row[spec.part];
          const keys = idOf(link.resourceName ?? '').split('~');
          // campaign/ad group: <id>~<label>; ad: <ad group>~<ad>~<label>; keyword: <ad group>~<criterion>~<label>.
          const entity_id = type === 'ad' ? keys[1]! : type === 'keyword' ? `${keys[0]}~${keys[1]}` : keys[0]!;
          return { label_id: idOf(link.label ?? ''), entity_type: type, entity_id };
        });
      }),
    );
    return parts.flat();
  }

  private async _entityName(link: SearchAdsLabelLink): Promise<string> {
    const spec = LINKS[link.entity_type];
    const key = link.entity_type === 'ad' ? `${await this.api.adGroupOfAd(link.entity_id)}~${link.entity_id}` : link.entity_id;
    return this.api.rn(spec.entity, key);
  }

  async addLabelLinks(links: SearchAdsLabelLink[]): Promise<void> {
    for (const type of Object.keys(LINKS) as SearchAdsLabelEntity[]) {
      const mine = links.filter((l) => l.entity_type === type);
      const operations = await Promise.all(
        mine.map(async (l) => ({ create: { [LINKS[type].field]: await this._entityName(l), label: this.api.rn('labels', l.label_id) } })),
      );
      await this.api.mutate(LINKS[type].collection, operations);
    }
  }

  async removeLabelLinks(links: SearchAdsLabelLink[]): Promise<void> {
    for (const type of Object.keys(LINKS) as SearchAdsLabelEntity[]) {
      const mine = links.filter((l) => l.entity_type === type);
      const operations = await Promise.all(
        mine.map(async (l) => ({ remove: this.api.rn(LINKS[type].collection, `${idOf(await this._entityName(l))}~${l.label_id}`) })),
      );
      await this.api.mutate(LINKS[type].collection, operations);
    }
  }

  async listSharedBudgets(): Promise<SearchAdsSharedBudget[]> {
    const [budgets, campaigns] = await Promise.all([
      this.api.search(
        'SELECT campaign_budget.id, campaign_budget.name, campaign_budget.amount_micros, campaign_budget.delivery_method FROM campaign_budget ' +
          "WHERE campaign_budget.explicitly_shared = TRUE AND campaign_budget.status = 'ENABLED'",
      ),
      this.api.search("SELECT campaign.id, campaign.campaign_budget FROM campaign WHERE campaign.status != 'REMOVED'"),
    ]);
    return budgets.map((row) => {
      const b = row.campaignBudget;
      const id = String(b.id);
      return {
        id,
        name: b.name ?? '',
        amount: fromMicros(b.amountMicros),
        delivery_method: (b.deliveryMethod ?? 'STANDARD') as SearchAdsSharedBudget['delivery_method'],
        campaign_ids: campaigns
          .filter((c) => c.campaign.campaignBudget && idOf(c.campaign.campaignBudget) === id)
          .map((c) => String(c.campaign.id)),
      };
    });
  }

  async createSharedBudget(budget: NewSearchAdsSharedBudget): Promise<SearchAdsSharedBudget> {
    const [name] = await this.api.mutate('campaignBudgets', [
      { create: { name: budget.name, amountMicros: toMicros(budget.amount), deliveryMethod: 'STANDARD', explicitlyShared: true } },
    ]);
    return { id: idOf(name!), ...budget, delivery_method: 'STANDARD', campaign_ids: [] };
  }

  async moveCampaignToBudget(campaignId: string, budgetId: string): Promise<void> {
    await this.api.mutate('campaigns', [
      {
        update: { resourceName: this.api.rn('campaigns', campaignId), campaignBudget: this.api.rn('campaignBudgets', budgetId) },
        updateMask: 'campaignBudget',
      },
    ]);
  }

  async listBiddingStrategies(): Promise<SearchAdsBiddingStrategy[]> {
    const [strategies, campaigns] = await Promise.all([
      this.api.search(`SELECT ${STRATEGY_FIELDS.join(', ')} FROM bidding_strategy WHERE bidding_strategy.status = 'ENABLED'`),
      this.api.search("SELECT campaign.id, campaign.bidding_strategy FROM campaign WHERE campaign.status != 'REMOVED'"),
    ]);
    return strategies.map((row) => {
      const s = row.biddingStrategy;
      const id = String(s.id);
      const scheme: BiddingScheme = s[SCHEME[s.type as SearchAdsBiddingStrategy['type']]] ?? {};
      const money = (micros: unknown) => (micros !== undefined ? fromMicros(micros as string) : undefined);
      const fields = {
        target_cpa: money(scheme.targetCpaMicros),
        target_roas: scheme.targetRoas !== undefined ? Number(scheme.targetRoas) : undefined,
        location: scheme.location,
        location_fraction: scheme.locationFractionMicros !== undefined ? Number(scheme.locationFractionMicros) / 1_000_000 : undefined,
        cpc_bid_ceiling: money(scheme.cpcBidCeilingMicros),
        cpc_bid_floor: money(scheme.cpcBidFloorMicros),
      };
      return {
        id,
        name: s.name,
        type: s.type,
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        campaign_ids: campaigns
          .filter((c) => c.campaign.biddingStrategy && idOf(c.campaign.biddingStrategy) === id)
          .map((c) => String(c.campaign.id)),
      } as SearchAdsBiddingStrategy;
    });
  }

  async createBiddingStrategy(strategy: NewSearchAdsBiddingStrategy): Promise<SearchAdsBiddingStrategy> {
    const micros = (value?: number) => (value !== undefined ? toMicros(value) : undefined);
    const body: Record<string, unknown> = {
      targetCpaMicros: strategy.type === 'TARGET_CPA' || strategy.type === 'MAXIMIZE_CONVERSIONS' ? micros(strategy.target_cpa) : undefined,
      targetRoas: strategy.type === 'TARGET_ROAS' || strategy.type === 'MAXIMIZE_CONVERSION_VALUE' ? strategy.target_roas : undefined,
      location: strategy.location,
      locationFractionMicros:
        strategy.location_fraction !== undefined ? String(Math.round(strategy.location_fraction * 1_000_000)) : undefined,
      cpcBidCeilingMicros: micros(strategy.cpc_bid_ceiling),
      cpcBidFloorMicros: micros(strategy.cpc_bid_floor),
    };
    const scheme = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const [name] = await this.api.mutate('biddingStrategies', [{ create: { name: strategy.name, [SCHEME[strategy.type]]: scheme } }]);
    return { id: idOf(name!), ...strategy, campaign_ids: [] };
  }

  async assignBiddingStrategy(campaignId: string, strategyId: string): Promise<void> {
    await this.api.mutate('campaigns', [
      {
        update: { resourceName: this.api.rn('campaigns', campaignId), biddingStrategy: this.api.rn('biddingStrategies', strategyId) },
        updateMask: 'biddingStrategy',
      },
    ]);
  }

  async listAdSchedules(campaignId: string): Promise<SearchAdsAdSchedule[]> {
    const rows = await this.api.search(
      'SELECT campaign_criterion.criterion_id, campaign_criterion.bid_modifier, campaign_criterion.ad_schedule.day_of_week, campaign_criterion.ad_schedule.start_hour, ' +
        'campaign_criterion.ad_schedule.start_minute, campaign_criterion.ad_schedule.end_hour, campaign_criterion.ad_schedule.end_minute FROM campaign_criterion ' +
        `WHERE campaign_criterion.type = 'AD_SCHEDULE' AND campaign.id = ${campaignId}`,
    );
    return rows.map((row) => {
      const c = row.campaignCriterion;
      const s = c.adSchedule ?? {};
      return {
        criterion_id: String(c.criterionId),
        day_of_week: s.dayOfWeek as SearchAdsAdSchedule['day_of_week'],
        start_hour: Number(s.startHour ?? 0),
        start_minute: (s.startMinute ?? 'ZERO') as SearchAdsAdSchedule['start_minute'],
        end_hour: Number(s.endHour ?? 0),
        end_minute: (s.endMinute ?? 'ZERO') as SearchAdsAdSchedule['end_minute'],
        ...(c.bidModifier !== undefined ? { bid_modifier: Number(c.bidModifier) } : {}),
      };
    });
  }

  async changeAdSchedules(campaignId: string, change: SearchAdsAdScheduleChange): Promise<void> {
    const campaign = this.api.rn('campaigns', campaignId);
    await this.api.mutate('campaignCriteria', [
      ...change.remove.map((id) => ({ remove: this.api.rn('campaignCriteria', `${campaignId}~${id}`) })),
      ...change.rebid.map((r) => ({
        update: { resourceName: this.api.rn('campaignCriteria', `${campaignId}~${r.criterion_id}`), bidModifier: r.bid_modifier },
        updateMask: 'bidModifier',
      })),
      ...change.add.map((s) => ({
        create: {
          campaign,
          adSchedule: {
            dayOfWeek: s.day_of_week,
            startHour: s.start_hour,
            startMinute: s.start_minute,
            endHour: s.end_hour,
            endMinute: s.end_minute,
          },
          ...(s.bid_modifier !== undefined ? { bidModifier: s.bid_modifier } : {}),
        },
      })),
    ]);
  }

  async listDeviceModifiers(campaignId: string): Promise<SearchAdsDeviceModifier[]> {
    const rows = await this.api.search(
      'SELECT campaign_criterion.criterion_id, campaign_criterion.device.type, campaign_criterion.bid_modifier FROM campaign_criterion ' +
        `WHERE campaign_criterion.type = 'DEVICE' AND campaign.id = ${campaignId}`,
    );
    return rows
      .filter((row) => DEVICE_BY_ID[String(row.campaignCriterion.criterionId)])
      .map((row) => ({
        criterion_id: String(row.campaignCriterion.criterionId),
        device: row.campaignCriterion.device!.type as SearchAdsDeviceModifier['device'],
        bid_modifier: Number(row.campaignCriterion.bidModifier ?? 1),
      }));
  }

  async setBidModifiers(campaignId: string, modifiers: SearchAdsBidModifiers): Promise<void> {
    const have = new Set((await this.listDeviceModifiers(campaignId)).map((d) => d.device));
    await this.api.mutate('campaignCriteria', [
      ...modifiers.devices.map((d) =>
        have.has(d.device)
          ? {
              update: {
                resourceName: this.api.rn('campaignCriteria', `${campaignId}~${DEVICE_CRITERION_IDS[d.device]}`),
                bidModifier: d.bid_modifier,
              },
              updateMask: 'bidModifier',
            }
          : { create: { campaign: this.api.rn('campaigns', campaignId), device: { type: d.device }, bidModifier: d.bid_modifier } },
      ),
      ...modifiers.locations.map((l) => ({
        update: { resourceName: this.api.rn('campaignCriteria', `${campaignId}~${l.criterion_id}`), bidModifier: l.bid_modifier },
        updateMask: 'bidModifier',
      })),
    ]);
  }
}
