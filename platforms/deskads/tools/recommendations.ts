/**
 * deskads recommendations, as the platform's ad insight service offers them, from the account's own
 * last 7 days: budget opportunities (a converting campaign limited by its budget) and keyword bid
 * opportunities (a manual-bid keyword below the estimated first-page bid). Each has a stable id, its
 * estimated impact and the change it makes; applying makes the change, dismissing hides it.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolContext } from '../../../core/tool';
import { lastDays, reportingZone } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineDeskAdsTool } from '../define';
import {
  applyDeskAdsListFilters,
  deskadsListFilterArgs,
  deskadsListFilterRules,
  pagingSummary,
  type DeskAdsListOptions,
} from '../list-filters';
import type { DeskAdsPort } from '../port';
import { figuresBy } from './shared';
import { budgetSourceNote, budgetUse, BUDGET_LIMITED_RULE, type BudgetSource } from '../../../core/budget-limited';
import { totals } from '../../../core/metrics';
import { budgetSourceOf, campaignBudgetDays, sharedBudgetUse } from './shared-budget-days';
import {
  accountBaseline,
  adviceCallSchema,
  adviceFigures,
  adviceFiguresSchema,
  ADVICE_RULE,
  judgeAgainstAccount,
  type AdviceFigures,
} from '../../../core/advice';

const BUDGET_RAISE = 0.2;
const MANUAL = new Set(['ManualCpc', 'EnhancedCpc']);

/** One campaign of a shared budget and its figures of the week. */
interface SharedBudgetCampaign {
  id: string;
  name: string;
  status: string;
  spend: number;
  conversions: number;
  cpa: number | null;
}

interface Recommendation extends Record<string, unknown> {
  id: string;
  type: 'BudgetOpportunity' | 'KeywordBidOpportunity';
  status: 'Active' | 'Dismissed';
  /** SharedBudget: a shared budget (Budget entity), raised with update_deskads_budget (its campaigns have no budget of their own). */
  entity_type: 'Campaign' | 'SharedBudget' | 'Keyword';
  entity_id: string;
  entity_name: string;
  field: 'daily_budget' | 'amount' | 'bid';
  current_value: number;
  recommended_value: number;
  estimated_impact: string;
  /** The figures of the last 7 days it rests on, against the account CPA. */
  figures: AdviceFigures;
  /** A shared budget's campaigns, each with its figures of the week (the budget's figures are their sum). */
  campaigns?: SharedBudgetCampaign[];
  /** The exact call that applies it. */
  call: { tool: string; arguments: Record<string, unknown> };
  start_date: null;
}

/** What recommendations() found: the advice, and the ones left out because they would scale a loser. */
interface Found {
  recs: Recommendation[];
  withheld: { entity_type: string; entity_name: string; reason: string }[];
  /** Whether the budget verdicts judged each day with its own budget or with today's (core/budget-limited.ts). */
  budgetSource: BudgetSource;
}

const idOf = (type: string, entity: string, value: number) =>
  `rec_${createHash('sha256').update(`${type}|${entity}|${value}`).digest('hex').slice(0, 16)}`;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The entity a recommendation's change is made on, as plans name them. */
const ENTITY_OF: Record<Recommendation['entity_type'], string> = { Campaign: 'campaign', SharedBudget: 'budget', Keyword: 'keyword' };

const applyCall = (id: string) => ({ tool: 'apply_deskads_recommendations', arguments: { recommendation_ids: [id] } });

async function recommendations(ctx: ToolContext<DeskAdsPort>): Promise<Found> {
  const p = ctx.platform;
  const week = lastDays(ctx.now, 7, reportingZone(ctx.account));
  const [campaigns, sharedBudgets, groups, keywords, dismissed, figures, keywordFigures, days] = await Promise.all([
    p.listCampaignSettings(),
    p.listBudgets(),
    p.listAdGroups(),
    p.listKeywords(),
    p.listDismissedRecommendations(),
    figuresBy(p, 'CampaignPerformance', week, (r) => r.campaign_id),
    figuresBy(p, 'KeywordPerformance', week, (r) => r.keyword_id ?? ''),
    p.getReport({ report_type: 'CampaignPerformance', aggregation: 'Daily', start_date: week.start, end_date: week.end }),
  ]);
  const account = accountBaseline(campaigns.map((c) => figures(c.id)));
  const fmt = (n: number) => money(n, ctx.account.currency);
  const out: Recommendation[] = [];
  const withheld: Found['withheld'] = [];
  // Each day is judged with its own budget when the platform reports it on every daily row; else with today's.
  const budgetSource: BudgetSource = budgetSourceOf(days);
  // A campaign on a shared budget has no budget of its own to raise: its shared budget is judged below.
  for (const c of campaigns.filter((c) => c.status === 'Active' && !c.budget_id)) {
    const t = figures(c.id);
    // Limited by its budget over the week, each day against the budget it had (core/budget-limited.ts).
    const use = budgetUse(campaignBudgetDays(days, c, budgetSource, sharedBudgets));
    if (t.conversions > 0 && use.limited) {
      const verdict = judgeAgainstAccount(t, account, { money: fmt });
      if (verdict.loser) {
        withheld.push({ entity_type: 'Campaign', entity_name: c.name, reason: verdict.reason! });
        continue;
      }
      const recommended = round2(c.daily_budget * (1 + BUDGET_RAISE));
      out.push({
        id: idOf('budget', c.id, recommended),
        type: 'BudgetOpportunity',
        status: 'Active',
        entity_type: 'Campaign',
        entity_id: c.id,
        entity_name: c.name,
        field: 'daily_budget',
        current_value: c.daily_budget,
        recommended_value: recommended,
        estimated_impact: `about ${Math.round(t.conversions * BUDGET_RAISE)} more conversions a week (at its budget on ${use.limited_days} of ${use.days} days: it spent ${money(use.spend, ctx.account.currency)} of ${money(use.budget, ctx.account.currency)} of budget)`,
        figures: adviceFigures(t, account),
        call: applyCall(idOf('budget', c.id, recommended)),
        start_date: null,
      });
    }
  }
  // A shared budget is limited when its campaigns' spend of a day reached the share of that day's amount
  // (the rule list_deskads_budgets uses); its figures are its campaigns' figures added up.
  for (const b of sharedBudgets) {
    const members = campaigns.filter((c) => b.campaign_ids.includes(c.id));
    if (!members.some((c) => c.status === 'Active')) continue;
    const memberFigures = members.map((c) => ({ c, t: figures(c.id) }));
    const t = totals(memberFigures.map((m) => m.t));
    const use = sharedBudgetUse(days, b, budgetSource);
    if (!(t.conversions > 0 && use.limited)) continue;
    const verdict = judgeAgainstAccount(t, account, { money: fmt });
    if (verdict.loser) {
      withheld.push({ entity_type: 'SharedBudget', entity_name: b.name, reason: verdict.reason! });
      continue;
    }
    const recommended = round2(b.amount * (1 + BUDGET_RAISE));
    out.push({
      id: idOf('shared_budget', b.id, recommended),
      type: 'BudgetOpportunity',
      status: 'Active',
      entity_type: 'SharedBudget',
      entity_id: b.id,
      entity_name: b.name,
      field: 'amount',
      current_value: b.amount,
      recommended_value: recommended,
      estimated_impact: `about ${Math.round(t.conversions * BUDGET_RAISE)} more conversions a week for its ${members.length} campaign(s) (at its amount on ${use.limited_days} of ${use.days} days: they spent ${money(use.spend, ctx.account.currency)} of ${money(use.budget, ctx.account.currency)})`,
      figures: adviceFigures(t, account),
      campaigns: memberFigures.map(({ c, t: m }) => ({
        id: c.id,
        name: c.name,
        status: c.status,
        spend: round2(m.spend),
        conversions: m.conversions,
        cpa: m.conversions > 0 ? round2(m.spend / m.conversions) : null,
      })),
      call: { tool: 'update_deskads_budget', arguments: { budget_id: b.id, amount: recommended } },
      start_date: null,
    });
  }
  const manualCampaigns = new Map(campaigns.filter((c) => c.status === 'Active' && MANUAL.has(c.bid_strategy)).map((c) => [c.id, c]));
  const activeGroups = new Map(groups.filter((g) => g.status === 'Active').map((g) => [g.id, g]));
  const candidates = keywords.filter((k) => k.status === 'Active' && manualCampaigns.has(k.campaign_id) && activeGroups.has(k.ad_group_id));
  const estimates = new Map((candidates.length ? await p.getEstimatedBids(candidates.map((k) => k.id)) : []).map((e) => [e.keyword_id, e]));
  for (const k of candidates) {
    const bid = k.bid ?? activeGroups.get(k.ad_group_id)!.cpc_bid;
    const estimate = estimates.get(k.id);
    if (!estimate || bid >= estimate.first_page) continue;
    const t = keywordFigures(k.id);
    const verdict = judgeAgainstAccount(t, account, { money: fmt });
    if (verdict.loser) {
      withheld.push({ entity_type: 'Keyword', entity_name: k.text, reason: verdict.reason! });
      continue;
    }
    out.push({
      id: idOf('bid', k.id, estimate.first_page),
      type: 'KeywordBidOpportunity',
      status: 'Active',
      entity_type: 'Keyword',
      entity_id: k.id,
      entity_name: k.text,
      field: 'bid',
      current_value: bid,
      recommended_value: estimate.first_page,
      estimated_impact: `shows on the first page of results (bid ${money(bid, ctx.account.currency)} is below the ${money(estimate.first_page, ctx.account.currency)} estimate)`,
      figures: adviceFigures(t, account),
      call: applyCall(idOf('bid', k.id, estimate.first_page)),
      start_date: null,
    });
  }
  return { recs: out.map((r) => (dismissed.includes(r.id) ? { ...r, status: 'Dismissed' as const } : r)), withheld, budgetSource };
}

const recOutput = v.object({
  id: v.string(),
  type: v.string(),
  status: v.string(),
  entity_type: v.string(),
  entity_id: v.string(),
  entity_name: v.string(),
  field: v.string(),
  current_value: v.number(),
  recommended_value: v.number(),
  estimated_impact: v.string(),
  figures: adviceFiguresSchema,
  campaigns: v.optional(
    v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        spend: v.number(),
        conversions: v.number(),
        cpa: v.nullable(v.number()),
      }),
    ),
  ),
  call: adviceCallSchema,
});
const OPTIONS: DeskAdsListOptions<Recommendation> = {
  fields: ['id', 'type', 'status', 'entity_name', 'current_value', 'recommended_value'],
  statuses: ['Active', 'Dismissed'],
  types: ['BudgetOpportunity', 'KeywordBidOpportunity'],
  defaultSort: 'type',
  queryHint: 'campaign or keyword name and id',
};

export const listDeskAdsRecommendations = defineDeskAdsTool({
  name: 'list_deskads_recommendations',
  description: `The deskads account's optimization recommendations from its last 7 days: budget opportunities (a converting campaign limited by its own budget over the week: raise it 20%; campaigns on a shared budget have no budget of their own, so a shared budget whose campaigns were limited by it gets one recommendation: raise its amount 20% with update_deskads_budget, with each of its campaigns' figures) and keyword bid opportunities (a manual-bid keyword below the estimated first-page bid: raise it to the estimate), each with an id, its estimated impact, the change it makes, the figures it rests on (spend, conversions, CPA against the account CPA) and the exact call that applies it. ${BUDGET_LIMITED_RULE} ${ADVICE_RULE} Dismissed ones are shown only with status_filter Dismissed. Takes the shared deskads list filters.`,
  access: 'read',
  args: deskadsListFilterArgs(OPTIONS),
  rules: deskadsListFilterRules(OPTIONS),
  output: v.object({
    account_id: v.string(),
    total: v.number(),
    filtered: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    budget_source: v.picklist(['each_day', 'today']),
    recommendations: v.array(recOutput),
    withheld: v.array(v.object({ entity_type: v.string(), entity_name: v.string(), reason: v.string() })),
  }),
  async run(args, ctx) {
    const { recs: all, withheld, budgetSource } = await recommendations(ctx);
    const page = applyDeskAdsListFilters(args.status_filter ? all : all.filter((r) => r.status === 'Active'), args, {
      searchable: ['entity_name', 'entity_id', 'id'],
      status: 'status',
      type: 'type',
      start: 'start_date',
    });
    const currency = ctx.account.currency;
    const text = [
      `## Recommendations for account ${ctx.account.account_id}`,
      '',
      pagingSummary(page),
      '',
      page.rows.length
        ? markdownTable(
            ['Id', 'Type', 'For', 'Now', 'Recommended', 'Spend / conv. / CPA (account CPA)', 'Impact'],
            page.rows.map((r) => [
              r.id,
              r.type,
              `${r.entity_type} ${r.entity_name}`,
              money(r.current_value, currency),
              money(r.recommended_value, currency),
              `${money(r.figures.spend, currency)} / ${r.figures.conversions} / ${r.figures.cpa === null ? 'none' : money(r.figures.cpa, currency)} (${r.figures.account_cpa === null ? 'none' : money(r.figures.account_cpa, currency)})`,
              r.estimated_impact,
            ]),
          )
        : 'No recommendation: no campaign is limited by its budget and no manual bid is below the first page.',
      ...(withheld.length
        ? [
            '',
            `Not recommended (${ADVICE_RULE.replace(/\.$/, '')}): ${withheld.map((w) => `${w.entity_type} "${w.entity_name}": ${w.reason}`).join('; ')}.`,
          ]
        : []),
      ...(budgetSourceNote(budgetSource) ? ['', budgetSourceNote(budgetSource)] : []),
      '',
      'Next: apply_deskads_recommendations applies or dismisses them by id.',
    ].join('\n');
    return {
      text,
      structured: {
        account_id: ctx.account.account_id,
        total: page.total,
        filtered: page.filtered,
        offset: page.offset,
        limit: page.limit,
        has_more: page.has_more,
        budget_source: budgetSource,
        recommendations: page.rows.map(({ start_date: _none, ...r }) => r),
        withheld,
      },
    };
  },
});

export const applyDeskAdsRecommendations = defineDeskAdsTool({
  name: 'apply_deskads_recommendations',
  description:
    'Applies or dismisses deskads recommendations by id (from list_deskads_recommendations): applying raises the campaign budget, the shared budget amount or the keyword bid to the recommended value (it shows in the next read); dismissing hides the recommendation.',
  access: 'write',
  examples: [{ recommendation_ids: ['<recommendation_id from list_deskads_recommendations>'] }],
  args: {
    recommendation_ids: v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.regex(/^rec_[0-9a-f]{16}$/, 'must be a recommendation id (rec_...)'))),
      v.minLength(1, 'needs at least 1 id'),
      v.maxLength(100, 'takes at most 100 ids'),
      v.description('Recommendation ids from list_deskads_recommendations'),
    ),
    action: v.optional(v.pipe(v.picklist(['apply', 'dismiss']), v.description('apply (default) or dismiss')), 'apply'),
  },
  output: v.object({
    account_id: v.string(),
    action: v.picklist(['apply', 'dismiss']),
    results: v.array(
      v.object({
        id: v.string(),
        entity_type: v.string(),
        entity_id: v.string(),
        field: v.string(),
        before: v.number(),
        after: v.number(),
      }),
    ),
  }),
  async plan(args, ctx) {
    const { recs: all } = await recommendations(ctx);
    const chosen = args.recommendation_ids.map((id) => all.find((r) => r.id === id && r.status === 'Active'));
    const missing = args.recommendation_ids.filter((_, i) => !chosen[i]);
    if (missing.length)
      throw new ToolError(
        `Not an open recommendation of this account: ${missing.join(', ')}. Recommendations change with the figures; list_deskads_recommendations shows the current ones.`,
        { code: 'not_found' },
      );
    const recs = chosen as Recommendation[];
    const apply = args.action === 'apply';
    return {
      summary: `${apply ? 'Apply' : 'Dismiss'} ${recs.length} recommendation${recs.length === 1 ? '' : 's'}`,
      changes: recs.map((r) =>
        apply
          ? {
              action: 'update' as const,
              entity: ENTITY_OF[r.entity_type],
              id: r.entity_id,
              name: r.entity_name,
              fields: { [r.field]: { before: r.current_value, after: r.recommended_value } },
            }
          : { action: 'update' as const, entity: 'recommendation', id: r.id, fields: { status: { before: 'Active', after: 'Dismissed' } } },
      ),
      budgets: apply
        ? recs
            .filter((r) => r.field === 'daily_budget' || r.field === 'amount')
            .map((r) => ({
              entity: ENTITY_OF[r.entity_type],
              id: r.entity_id,
              name: r.entity_name,
              before: r.current_value,
              after: r.recommended_value,
              currency: ctx.account.currency,
            }))
        : [],
      data: { recs },
    };
  },
  async apply(plan, args, ctx) {
    const recs = plan.data.recs;
    if (args.action === 'dismiss') await ctx.platform.dismissRecommendations(recs.map((r) => r.id));
    else {
      for (const r of recs) {
        if (r.entity_type === 'SharedBudget') await ctx.platform.updateBudget(r.entity_id, r.recommended_value, r.current_value);
        else if (r.entity_type === 'Campaign')
          await ctx.platform.updateCampaign(r.entity_id, { daily_budget: r.recommended_value }, { daily_budget: r.current_value });
        else await ctx.platform.updateKeyword(r.entity_id, { bid: r.recommended_value });
      }
    }
    const results = recs.map((r) => ({
      id: r.id,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      field: r.field,
      before: r.current_value,
      after: r.recommended_value,
    }));
    return {
      text: `## ${plan.summary}\n\n${markdownTable(
        ['Recommendation', 'For', 'Field', 'Before', 'After'],
        results.map((r) => [r.id, `${r.entity_type} ${r.entity_id}`, r.field, r.before, r.after]),
      )}${args.action === 'dismiss' ? '\n\nNothing else changed; dismissed recommendations are shown with status_filter Dismissed.' : ''}`,
      structured: { account_id: ctx.account.account_id, action: args.action, results },
    };
  },
});

export const deskAdsRecommendationTools = [listDeskAdsRecommendations, applyDeskAdsRecommendations];
