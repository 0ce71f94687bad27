import { ToolError } from '../../../core/errors';
import { isoDate } from '../../../core/dates';
import type { NewProAdsCampaign, NewProAdsCampaignGroup, ProAdsCampaign, ProAdsCampaignGroup, ProAdsPort, ProAdsTargeting } from '../port';
import { notFound, notSupported, type LiveContext } from './context';
import { idOf, pathKey, urn } from './restli';
import {
  FORMAT_TO_WIRE,
  campaignFromWire,
  fromMoney,
  groupFromWire,
  localeClauseOf,
  optimizationTargetOf,
  scheduleToWire,
  targetingToWire,
  toMoney,
  type WireCampaign,
  type WireGroup,
  type WireMoney,
} from './wire';

/**
 * Campaign groups and campaigns on the platform: read with the account's search finders (every
 * page), created with a POST (201, the id in `x-restli-id`), changed with Rest.li partial updates
 * (`{ patch: { $set, $delete } }`), and deleted (drafts only, as the platform allows). Budgets and
 * bids are checked against the platform's own limits for the account (ad budget pricing) before
 * anything is sent.
 */
export type StructureFamily = Pick<
  ProAdsPort,
  | 'listCampaignGroups'
  | 'getCampaignGroup'
  | 'createCampaignGroup'
  | 'updateCampaignGroup'
  | 'deleteCampaignGroup'
  | 'listCampaigns'
  | 'getCampaign'
  | 'createCampaign'
  | 'updateCampaign'
  | 'deleteCampaign'
>;

interface BudgetLimits {
  bidLimits?: { min?: WireMoney; max?: WireMoney };
  dailyBudgetLimits?: { min?: WireMoney; max?: WireMoney };
}

/** Refuses a change whose entity moved on since it was read (`expect` of the port). */
function requireExpected(kind: string, id: string, current: object, expect: object | undefined): void {
  for (const [field, value] of Object.entries(expect ?? {})) {
    const now = (current as Record<string, unknown>)[field];
    if (value !== undefined && now !== value)
      throw new ToolError(
        `The ${kind} ${id} changed on the platform meanwhile (${field} is now ${String(now)}, not ${String(value)}); nothing was changed. Read it again and retry.`,
        { code: 'tool_rejected', platform: 'proads' },
      );
  }
}

export function structureFamily(ctx: LiveContext): StructureFamily {
  const groupPath = (id: string) => `${ctx.base}/adCampaignGroups/${pathKey(id)}`;
  const campaignPath = (id: string) => `${ctx.base}/adCampaigns/${pathKey(id)}`;

  async function freshGroup(id: string): Promise<WireGroup> {
    if (!(await ctx.wireGroups()).some((g) => String(g.id) === id)) throw notFound('campaign group', id, 'list_proads_campaign_groups');
    return (await ctx.api()).get<WireGroup>(groupPath(id));
  }

  /** The platform's budget and bid limits for a campaign of this kind and audience, in the account's currency. */
  async function checkLimits(
    c: Pick<ProAdsCampaign, 'type' | 'cost_type' | 'daily_budget' | 'unit_cost' | 'bid_strategy'>,
    wire: WireCampaign['targetingCriteria'],
  ) {
    const api = await ctx.api();
    const [limits] = await api.findAll<BudgetLimits>(
      '/adBudgetPricing',
      {
        q: 'criteriaV2',
        account: ctx.accountUrn,
        bidType: c.cost_type,
        campaignType: c.type,
        matchType: 'EXACT',
        targetingCriteria: wire as never,
      },
      { kind: 'offset', size: 10 },
    );
    const cur = ctx.currency;
    const problems: string[] = [];
    let belowMinimum = false;
    const minDaily = fromMoney(limits?.dailyBudgetLimits?.min);
    if (minDaily !== undefined && c.daily_budget > 0 && c.daily_budget < minDaily) {
      belowMinimum = true;
      problems.push(`the daily budget ${c.daily_budget} ${cur} is under the platform's minimum of ${minDaily} ${cur} for this campaign`);
    }
    const minBid = fromMoney(limits?.bidLimits?.min);
    const maxBid = fromMoney(limits?.bidLimits?.max);
    if (c.bid_strategy !== 'MAXIMUM_DELIVERY') {
      if (minBid !== undefined && c.unit_cost < minBid) {
        belowMinimum = true;
        problems.push(`the ${c.cost_type} bid ${c.unit_cost} ${cur} is under the platform's minimum of ${minBid} ${cur} for this audience`);
      }
      if (maxBid !== undefined && c.unit_cost > maxBid)
        problems.push(`the ${c.cost_type} bid ${c.unit_cost} ${cur} is over the platform's maximum of ${maxBid} ${cur} for this audience`);
    }
    if (problems.length)
      throw new ToolError(`The platform would refuse this campaign: ${problems.join('; ')}. Nothing was changed.`, {
        code: belowMinimum ? 'budget_below_minimum' : 'tool_rejected',
        platform: 'proads',
        problems,
        limits: {
          currency: cur,
          ...(minDaily !== undefined ? { min_daily_budget: minDaily } : {}),
          ...(minBid !== undefined ? { min_bid: minBid } : {}),
          ...(maxBid !== undefined ? { max_bid: maxBid } : {}),
        },
      });
  }

  function strategyTarget(c: Pick<ProAdsCampaign, 'bid_strategy' | 'objective_type'>): string {
    const target = optimizationTargetOf(c.bid_strategy ?? 'MANUAL', c.objective_type);
    if (!target)
      throw notSupported(
        `The platform has no cost-cap bidding for ${c.objective_type} campaigns: use bid_strategy MANUAL or MAXIMUM_DELIVERY.`,
      );
    return target;
  }

  return {
    async listCampaignGroups() {
      return (await ctx.wireGroups()).map(groupFromWire);
    },

    async getCampaignGroup(groupId) {
      const group = (await ctx.wireGroups()).find((g) => String(g.id) === groupId);
      if (!group) throw notFound('campaign group', groupId, 'list_proads_campaign_groups');
      return groupFromWire(group);
    },

    async createCampaignGroup(input: NewProAdsCampaignGroup): Promise<ProAdsCampaignGroup> {
      const start = input.start_date ?? isoDate(new Date());
      const body = {
        account: ctx.accountUrn,
        name: input.name,
        status: input.status,
        runSchedule: scheduleToWire(start, input.end_date),
        ...(input.total_budget !== undefined ? { totalBudget: toMoney(input.total_budget, ctx.currency) } : {}),
      };
      const id = idOf(await (await ctx.api()).create(`${ctx.base}/adCampaignGroups`, body));
      ctx.changed();
      return { id, ...input, start_date: start };
    },

    async updateCampaignGroup(groupId, patch, expect) {
      const current = await freshGroup(groupId);
      requireExpected('campaign group', groupId, groupFromWire(current), expect);
      const set: Record<string, unknown> = {};
      const remove: string[] = [];
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.status !== undefined) set.status = patch.status;
      if (patch.total_budget !== undefined) set.totalBudget = toMoney(patch.total_budget, ctx.currency);
      else if ('total_budget' in patch) remove.push('totalBudget');
      if ('start_date' in patch || 'end_date' in patch) {
        const now = groupFromWire(current);
        const start = patch.start_date ?? now.start_date ?? isoDate(new Date());
        set.runSchedule = scheduleToWire(start, 'end_date' in patch ? patch.end_date : now.end_date);
      }
      await (await ctx.api()).partialUpdate(groupPath(groupId), set, remove);
      ctx.changed();
      return groupFromWire(await (await ctx.api()).get<WireGroup>(groupPath(groupId)));
    },

    async deleteCampaignGroup(groupId) {
      await freshGroup(groupId);
      await (await ctx.api()).remove(groupPath(groupId));
      ctx.changed();
    },

    async listCampaigns() {
      return (await ctx.campaigns()).visible;
    },

    getCampaign: (campaignId) => ctx.campaign(campaignId),

    async createCampaign(input: NewProAdsCampaign): Promise<ProAdsCampaign> {
      const group = (await ctx.wireGroups()).find((g) => String(g.id) === input.campaign_group_id);
      if (!group) throw notFound('campaign group', input.campaign_group_id, 'list_proads_campaign_groups');
      if (input.cost_type === 'CPV' && input.objective_type !== 'VIDEO_VIEW')
        throw new ToolError('Cost per view bids are for video view campaigns only.', { code: 'tool_rejected' });
      // A new campaign speaks the language of the account's latest campaign (en_US for the first).
      const latest = [...(await ctx.wireCampaigns())].sort(
        (a, b) => (b.changeAuditStamps?.created?.time ?? 0) - (a.changeAuditStamps?.created?.time ?? 0),
      )[0];
      const localeClause = localeClauseOf(latest);
      const targetingCriteria = targetingToWire(input.targeting ?? { include: {} }, localeClause);
      await checkLimits(input, targetingCriteria);
      const [language, country] = localeClause[Object.keys(localeClause)[0]!]![0]!.replace('urn:li:locale:', '').split('_');
      const body = {
        account: ctx.accountUrn,
        campaignGroup: urn.group(input.campaign_group_id),
        name: input.name,
        type: input.type,
        format: FORMAT_TO_WIRE[input.format],
        objectiveType: input.objective_type,
        optimizationTargetType: strategyTarget(input),
        costType: input.cost_type,
        unitCost: toMoney(input.unit_cost, ctx.currency),
        dailyBudget: toMoney(input.daily_budget, ctx.currency),
        ...(input.total_budget !== undefined ? { totalBudget: toMoney(input.total_budget, ctx.currency) } : {}),
        locale: { country, language },
        offsiteDeliveryEnabled: false,
        runSchedule: scheduleToWire(input.start_date, input.end_date),
        status: input.status,
        targetingCriteria,
      };
      const id = idOf(await (await ctx.api()).create(`${ctx.base}/adCampaigns`, body));
      ctx.changed();
      return { id, ...input, created_at: new Date().toISOString() };
    },

    async updateCampaign(campaignId, patch, expect) {
      const seen = await ctx.campaign(campaignId);
      const { partialTargeting } = await ctx.campaigns();
      const wire = await (await ctx.api()).get<WireCampaign>(campaignPath(campaignId));
      const current = campaignFromWire(wire).campaign;
      requireExpected('campaign', campaignId, current, expect);
      for (const field of ['campaign_group_id', 'type', 'format', 'objective_type', 'cost_type'] as const) {
        if (patch[field] !== undefined && patch[field] !== current[field])
          throw notSupported(`The platform does not let a campaign's ${field} change after it is created; create a new campaign instead.`);
      }
      const next = { ...current, ...patch };
      const set: Record<string, unknown> = {};
      const remove: string[] = [];
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.status !== undefined) set.status = patch.status;
      if (patch.daily_budget !== undefined) set.dailyBudget = toMoney(patch.daily_budget, ctx.currency);
      if (patch.total_budget !== undefined) set.totalBudget = toMoney(patch.total_budget, ctx.currency);
      else if ('total_budget' in patch) remove.push('totalBudget');
      if (patch.unit_cost !== undefined) set.unitCost = toMoney(patch.unit_cost, ctx.currency);
      if (patch.bid_strategy !== undefined) set.optimizationTargetType = strategyTarget(next);
      if ('start_date' in patch || 'end_date' in patch) {
        set.runSchedule = scheduleToWire(patch.start_date ?? current.start_date, 'end_date' in patch ? patch.end_date : current.end_date);
      }
      let targeting = wire.targetingCriteria;
      if (patch.targeting !== undefined) {
        if (partialTargeting.has(campaignId))
          throw notSupported(
            `Campaign "${seen.name}" (${campaignId}) also targets with facets or combinations this gateway cannot show; changing its targeting here would drop them. Change it in the platform's campaign manager.`,
          );
        targeting = targetingToWire(patch.targeting as ProAdsTargeting, localeClauseOf(wire));
        set.targetingCriteria = targeting;
      }
      if (set.dailyBudget || set.unitCost || set.targetingCriteria || set.optimizationTargetType) await checkLimits(next, targeting);
      await (await ctx.api()).partialUpdate(campaignPath(campaignId), set, remove);
      ctx.changed();
      return campaignFromWire(await (await ctx.api()).get<WireCampaign>(campaignPath(campaignId))).campaign;
    },

    async deleteCampaign(campaignId) {
      await ctx.campaign(campaignId);
      await (await ctx.api()).remove(campaignPath(campaignId));
      ctx.changed();
    },
  };
}
