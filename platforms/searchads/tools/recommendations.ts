/**
 * The platform's recommendations (recommendation resource): list them with their impact, apply one
 * (the change happens on the account and shows in the next read) or dismiss it (it leaves the
 * list). apply_recommendation and dismiss_recommendation are one family, built from ACTIONS.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { FieldChange } from '../../../core/plan';
import { markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsRecommendation, SearchAdsRecommendationType } from '../port-audience';
import { campaignIdArg, totalsBy, totalsByKey } from './common';
import type { SearchAdsPort } from '../port';
import { lastDays } from '../../../core/dates';
import {
  accountBaseline,
  adviceCallSchema,
  adviceFigures,
  adviceFiguresSchema,
  ADVICE_RULE,
  judgeAgainstAccount,
  type AdviceFigures,
} from '../../../core/advice';

const TYPES = [
  'CAMPAIGN_BUDGET',
  'KEYWORD',
  'TARGET_CPA_OPT_IN',
  'RESPONSIVE_SEARCH_AD',
  'SITELINK_ASSET',
  'KEYWORD_MATCH_TYPE',
] as const satisfies readonly SearchAdsRecommendationType[];

const metricsOutput = v.object({ impressions: v.number(), clicks: v.number(), cost: v.number(), conversions: v.number() });
const recommendationOutput = v.object({
  id: v.string(),
  resource_name: v.string(),
  type: v.string(),
  campaign_id: v.nullable(v.string()),
  campaign_name: v.nullable(v.string()),
  ad_group_id: v.nullable(v.string()),
  dismissed: v.boolean(),
  summary: v.string(),
  impact: v.object({ base: metricsOutput, potential: metricsOutput }),
  campaign_budget: v.optional(
    v.object({
      current_amount: v.number(),
      recommended_amount: v.number(),
      shared_budget: v.optional(v.object({ id: v.string(), name: v.string(), campaign_ids: v.array(v.string()) })),
    }),
  ),
  keyword: v.optional(v.object({ text: v.string(), match_type: v.string(), recommended_cpc_bid: v.optional(v.number()) })),
  target_cpa_opt_in: v.optional(v.object({ target_cpa: v.number() })),
  keyword_match_type: v.optional(v.object({ text: v.string(), match_type: v.string(), recommended_match_type: v.string() })),
  figures: v.optional(adviceFiguresSchema),
  call: adviceCallSchema,
});

/** The recommendation types that scale an entity (more budget, a broader match): the advice rules judge them. */
const SCALING = new Set(['CAMPAIGN_BUDGET', 'KEYWORD_MATCH_TYPE']);

/**
 * Judges the platform's scaling recommendations by the advice rules (core/advice.ts), over the last
 * 30 days: the campaign's figures for a budget raise, the keyword's for a broader match, against the
 * account CPA. Returns each recommendation's figures and, for a loser, why it is not advised.
 */
async function judgeRecommendations(
  platform: SearchAdsPort,
  now: Date,
  recs: SearchAdsRecommendation[],
  currency: string,
): Promise<Map<string, { figures: AdviceFigures; loser: string | null }>> {
  const out = new Map<string, { figures: AdviceFigures; loser: string | null }>();
  const scaling = recs.filter((r) => SCALING.has(r.type));
  if (!scaling.length) return out;
  const { start, end } = lastDays(now, 30, 'UTC');
  const [campaignRows, keywordRows, keywords] = await Promise.all([
    platform.getReport('campaign', start, end),
    scaling.some((r) => r.type === 'KEYWORD_MATCH_TYPE') ? platform.getReport('keyword', start, end) : [],
    scaling.some((r) => r.type === 'KEYWORD_MATCH_TYPE') ? platform.listKeywords() : [],
  ]);
  const account = accountBaseline(campaignRows);
  const byCampaign = totalsBy(campaignRows, 'campaign_id');
  const byKeyword = totalsByKey(keywordRows, (r) => r.keyword_id);
  for (const r of scaling) {
    let figures;
    const shared = r.campaign_budget?.shared_budget;
    // A shared budget's raise rests on the figures of every campaign on it.
    if (shared)
      figures = totalsByKey(campaignRows, (row) => (shared.campaign_ids.includes(row.campaign_id ?? '') ? shared.id : undefined))(
        shared.id,
      );
    else if (r.type === 'CAMPAIGN_BUDGET') figures = byCampaign(r.campaign_id ?? '');
    else {
      const k = r.keyword_match_type!;
      const keyword = keywords.find(
        (x) => x.ad_group_id === r.ad_group_id && x.text.toLowerCase() === k.text.toLowerCase() && x.match_type === k.match_type,
      );
      figures = byKeyword(keyword?.id ?? '');
    }
    const verdict = judgeAgainstAccount(figures, account, { money: (n) => money(n, currency) });
    out.set(r.id, { figures: adviceFigures(figures, account), loser: verdict.reason });
  }
  return out;
}

/** What a recommendation proposes, in words. */
function summaryOf(r: SearchAdsRecommendation, currency: string): string {
  switch (r.type) {
    case 'CAMPAIGN_BUDGET':
      if (r.campaign_budget!.shared_budget)
        return `Raise the shared budget "${r.campaign_budget!.shared_budget.name}" from ${money(r.campaign_budget!.current_amount, currency)} to ${money(r.campaign_budget!.recommended_amount, currency)} a day: its ${r.campaign_budget!.shared_budget.campaign_ids.length} campaigns together are limited by it (the raise applies to all of them)`;
      return `Raise the daily budget from ${money(r.campaign_budget!.current_amount, currency)} to ${money(r.campaign_budget!.recommended_amount, currency)}: the campaign is limited by its budget`;
    case 'KEYWORD':
      return `Add the keyword "${r.keyword!.text}" (${r.keyword!.match_type})${r.keyword!.recommended_cpc_bid !== undefined ? ` at ${money(r.keyword!.recommended_cpc_bid, currency)}` : ''}: the search converts and is no keyword yet`;
    case 'KEYWORD_MATCH_TYPE':
      return `Broaden the keyword "${r.keyword_match_type!.text}" from ${r.keyword_match_type!.match_type} to ${r.keyword_match_type!.recommended_match_type}: it converts under smart bidding`;
    case 'TARGET_CPA_OPT_IN':
      return `Set a target CPA of ${money(r.target_cpa_opt_in!.target_cpa, currency)} (the campaign's cost per conversion)`;
    default:
      return `${r.type.toLowerCase().replace(/_/g, ' ')} recommendation`;
  }
}

/**
 * The exact call that does what a recommendation proposes: a shared budget is raised with update_campaign
 * on one of its campaigns (the new amount is the shared budget's, for every campaign on it); the others
 * with apply_recommendation.
 */
function callOf(
  r: Pick<SearchAdsRecommendation, 'id' | 'campaign_budget'> & { campaign_id: string | null },
  customerId: string,
): { tool: string; arguments: Record<string, unknown> } {
  if (r.campaign_budget?.shared_budget)
    return {
      tool: 'update_campaign',
      arguments: { customer_id: customerId, campaign_id: r.campaign_id, budget_amount: r.campaign_budget.recommended_amount },
    };
  return { tool: 'apply_recommendation', arguments: { recommendation_id: r.id } };
}

const idArg = v.pipe(
  v.string(),
  v.trim(),
  v.transform((s) => s.replace(/^customers\/\d+\/recommendations\//, '')),
  v.regex(/^[A-Za-z0-9_~-]{1,200}$/, 'must be a recommendation id or resource name from list_recommendations'),
  v.description('Recommendation id (or resource name) from list_recommendations'),
);

async function withNames(
  ctx: { platform: { listCampaigns(): Promise<{ id: string; name: string }[]> } },
  recs: SearchAdsRecommendation[],
  currency: string,
) {
  const names = new Map((await ctx.platform.listCampaigns()).map((c) => [c.id, c.name]));
  return recs.map((r) => ({
    ...r,
    campaign_id: r.campaign_id ?? null,
    campaign_name: r.campaign_id ? (names.get(r.campaign_id) ?? null) : null,
    ad_group_id: r.ad_group_id ?? null,
    summary: summaryOf(r, currency),
  }));
}

export const listRecommendations = defineSearchAdsTool({
  name: 'list_recommendations',
  description: `The platform's optimization recommendations for the account: CAMPAIGN_BUDGET (a converting campaign limited by its budget, with the recommended amount), KEYWORD (a converting search that is no keyword yet), TARGET_CPA_OPT_IN (a target CPA for a Maximize conversions campaign), KEYWORD_MATCH_TYPE (a converting exact or phrase keyword under smart bidding, to broaden), and the other types the platform makes, each with its weekly impact (base and potential impressions, clicks, cost, conversions). Dismissed ones only with include_dismissed. Each carries the exact apply_recommendation call and, for a budget raise or a broader match, the figures of the last 30 days it rests on. ${ADVICE_RULE} Such recommendations are listed under withheld with the reason instead. apply_recommendation applies one, dismiss_recommendation hides it.`,
  access: 'read',
  args: {
    types: v.optional(v.pipe(v.array(v.picklist(TYPES)), v.minLength(1), v.description(`Only these types: ${TYPES.join(', ')}`))),
    campaign_id: v.optional(campaignIdArg('Only recommendations for this campaign')),
    include_dismissed: v.optional(v.pipe(v.boolean(), v.description('Also list dismissed recommendations (default false)')), false),
    limit: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1, 'must be 1-200'),
        v.maxValue(200, 'must be 1-200'),
        v.description('At most this many, 1-200, default 50'),
      ),
      50,
    ),
  },
  output: v.object({
    customer_id: v.string(),
    total: v.number(),
    returned: v.number(),
    recommendations: v.array(recommendationOutput),
    withheld: v.array(
      v.object({
        id: v.string(),
        type: v.string(),
        campaign_id: v.nullable(v.string()),
        summary: v.string(),
        reason: v.string(),
        figures: adviceFiguresSchema,
      }),
    ),
  }),
  async run(args, ctx) {
    const currency = ctx.account.currency;
    const all = (await ctx.platform.listRecommendations()).filter(
      (r) =>
        (args.include_dismissed || !r.dismissed) &&
        (!args.types || args.types.includes(r.type as (typeof TYPES)[number])) &&
        (!args.campaign_id || r.campaign_id === args.campaign_id),
    );
    const order = (t: string) => TYPES.indexOf(t as (typeof TYPES)[number]);
    all.sort(
      (a, b) =>
        order(a.type) - order(b.type) ||
        b.impact.potential.conversions - b.impact.base.conversions - (a.impact.potential.conversions - a.impact.base.conversions) ||
        a.id.localeCompare(b.id),
    );
    const judged = await judgeRecommendations(ctx.platform, ctx.now, all, currency);
    const withheld = all.filter((r) => judged.get(r.id)?.loser);
    const advised = all.filter((r) => !judged.get(r.id)?.loser);
    const rows = (await withNames(ctx, advised.slice(0, args.limit), currency)).map((r) => ({
      ...r,
      ...(judged.get(r.id) ? { figures: judged.get(r.id)!.figures } : {}),
      call: callOf(r, ctx.account.account_id),
    }));
    const withheldNamed = await withNames(ctx, withheld, currency);
    const text = [
      `## Recommendations for ${ctx.account.account_id}: ${advised.length}${advised.length > rows.length ? ` (showing ${rows.length})` : ''}`,
      '',
      rows.length
        ? markdownTable(
            ['Id', 'Type', 'Campaign', 'Recommendation', 'Conversions/week now → potential', 'Cost/week now → potential'],
            rows.map((r) => [
              r.id,
              `${r.type}${r.dismissed ? ' (dismissed)' : ''}`,
              r.campaign_name ?? '-',
              r.summary,
              `${r.impact.base.conversions} → ${r.impact.potential.conversions}`,
              `${money(r.impact.base.cost, currency)} → ${money(r.impact.potential.cost, currency)}`,
            ]),
          )
        : 'No recommendation: no campaign is limited by its budget, no converting search is missing as a keyword, and every converting Maximize conversions campaign has a target.',
      ...(withheldNamed.length
        ? [
            '',
            `Not advised, left out (${ADVICE_RULE.replace(/\.$/, '')}, over the last 30 days): ${withheldNamed
              .map((r) => `${r.id} (${r.summary}): ${judged.get(r.id)!.loser}`)
              .join('; ')}.`,
          ]
        : []),
      '',
      'apply_recommendation applies one by id; dismiss_recommendation hides it.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        total: advised.length,
        returned: rows.length,
        recommendations: rows,
        withheld: withheldNamed.map((r) => ({
          id: r.id,
          type: r.type,
          campaign_id: r.campaign_id,
          summary: r.summary,
          reason: judged.get(r.id)!.loser!,
          figures: judged.get(r.id)!.figures,
        })),
      },
    };
  },
});

interface Action {
  name: 'apply_recommendation' | 'dismiss_recommendation';
  verb: 'Apply' | 'Dismiss';
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  /** What applying changes on the account (dismissing changes only the recommendation). */
  changes(r: SearchAdsRecommendation, currency: string): { entity: string; id?: string; fields: Record<string, FieldChange> }[];
  run(
    platform: { applyRecommendation(id: string): Promise<void>; dismissRecommendation(id: string): Promise<void> },
    id: string,
  ): Promise<void>;
  done: string;
}

const ACTIONS: Action[] = [
  {
    name: 'apply_recommendation',
    examples: [{ recommendation_id: '<recommendation_id from list_recommendations>' }],
    verb: 'Apply',
    description:
      "Applies a recommendation from list_recommendations: CAMPAIGN_BUDGET raises the campaign's daily budget to the recommended amount, KEYWORD adds the keyword to its ad group, TARGET_CPA_OPT_IN sets the campaign's target CPA, KEYWORD_MATCH_TYPE broadens a keyword (the broad version is added with the same bid and the narrow one paused). The change shows in the next read. A dismissed recommendation, or one that is no longer current (the account changed since), is refused.",
    changes(r) {
      const shared = r.campaign_budget?.shared_budget;
      if (shared)
        return [
          {
            entity: 'shared_budget',
            id: shared.id,
            fields: { amount: { before: r.campaign_budget!.current_amount, after: r.campaign_budget!.recommended_amount } },
          },
        ];
      if (r.type === 'CAMPAIGN_BUDGET')
        return [
          {
            entity: 'campaign',
            id: r.campaign_id,
            fields: { budget_amount: { before: r.campaign_budget!.current_amount, after: r.campaign_budget!.recommended_amount } },
          },
        ];
      if (r.type === 'TARGET_CPA_OPT_IN')
        return [{ entity: 'campaign', id: r.campaign_id, fields: { target_cpa: { after: r.target_cpa_opt_in!.target_cpa } } }];
      if (r.type === 'KEYWORD')
        return [
          {
            entity: 'keyword',
            fields: {
              ad_group_id: { after: r.ad_group_id },
              text: { after: r.keyword!.text },
              match_type: { after: r.keyword!.match_type },
            },
          },
        ];
      if (r.type === 'KEYWORD_MATCH_TYPE') {
        const k = r.keyword_match_type!;
        return [
          {
            entity: 'keyword',
            fields: {
              ad_group_id: { after: r.ad_group_id },
              text: { after: k.text },
              match_type: { before: k.match_type, after: k.recommended_match_type },
            },
          },
        ];
      }
      return [{ entity: 'recommendation', id: r.id, fields: { applied: { before: false, after: true } } }];
    },
    run: (platform, id) => platform.applyRecommendation(id),
    done: 'applied',
  },
  {
    name: 'dismiss_recommendation',
    examples: [{ recommendation_id: '<recommendation_id from list_recommendations>' }],
    verb: 'Dismiss',
    description:
      'Dismisses a recommendation from list_recommendations: nothing else changes, and it no longer shows in list_recommendations (only with include_dismissed). A dismissed recommendation cannot be applied.',
    changes: (r) => [{ entity: 'recommendation', id: r.id, fields: { dismissed: { before: false, after: true } } }],
    run: (platform, id) => platform.dismissRecommendation(id),
    done: 'dismissed',
  },
];

function actionTool(action: Action) {
  return defineSearchAdsTool({
    name: action.name,
    description: action.description,
    examples: action.examples,
    access: 'write',
    args: { recommendation_id: idArg },
    output: v.object({
      customer_id: v.string(),
      recommendation_id: v.string(),
      type: v.string(),
      campaign_id: v.nullable(v.string()),
      outcome: v.string(),
      summary: v.string(),
    }),
    async plan(args, ctx) {
      const currency = ctx.account.currency;
      const all = await ctx.platform.listRecommendations();
      const rec = all.find((r) => r.id === args.recommendation_id);
      if (!rec)
        throw new ToolError(
          `Recommendation ${args.recommendation_id} is not current: it was applied, or the account changed since it was made. list_recommendations shows the current ones.`,
          { code: 'not_found' },
        );
      if (rec.dismissed)
        throw new ToolError(
          `Recommendation ${rec.id} is already dismissed; ${action.name === 'apply_recommendation' ? 'a dismissed recommendation cannot be applied' : 'nothing to do'}.`,
        );
      if (action.name === 'apply_recommendation') {
        const loser = (await judgeRecommendations(ctx.platform, ctx.now, [rec], currency)).get(rec.id)?.loser;
        if (loser)
          throw new ToolError(
            `Recommendation ${rec.id} is not applied: it would scale a loser (${loser}). ${ADVICE_RULE} dismiss_recommendation hides it.`,
          );
      }
      const [named] = await withNames(ctx, [rec], currency);
      const budget = action.name === 'apply_recommendation' && rec.type === 'CAMPAIGN_BUDGET' ? rec.campaign_budget! : undefined;
      return {
        summary: `${action.verb} recommendation ${rec.id}: ${named!.summary}`,
        changes: action.changes(rec, currency).map((c) => ({
          action: (c.entity === 'keyword' ? 'create' : 'update') as 'create' | 'update',
          entity: c.entity,
          ...(c.id ? { id: c.id } : {}),
          ...(c.entity === 'campaign' && named!.campaign_name ? { name: named!.campaign_name } : {}),
          ...(c.entity === 'shared_budget' ? { name: rec.campaign_budget!.shared_budget!.name } : {}),
          ...(c.entity === 'keyword' ? { name: rec.keyword?.text ?? rec.keyword_match_type!.text, startsPaused: false } : {}),
          fields: c.fields,
        })),
        budgets: budget
          ? [
              {
                ...(budget.shared_budget
                  ? { entity: 'shared_budget', id: budget.shared_budget.id, name: budget.shared_budget.name }
                  : { entity: 'campaign', id: rec.campaign_id, name: named!.campaign_name ?? rec.campaign_id! }),
                before: budget.current_amount,
                after: budget.recommended_amount,
                currency,
              },
            ]
          : [],
        data: {
          id: rec.id,
          type: rec.type,
          campaign_id: rec.campaign_id ?? null,
          summary: named!.summary,
          budget_before: budget?.current_amount ?? null,
        },
      };
    },
    async apply(plan, _args, ctx) {
      const { id, type, campaign_id, summary } = plan.data;
      await ctx.step(action.name, () => action.run(ctx.platform, id));
      const text = [
        `## Recommendation ${id} ${action.done}`,
        '',
        `${type}: ${summary}.`,
        '',
        action.name === 'apply_recommendation'
          ? 'The change is on the account now; list_campaigns and get_keyword_performance show it.'
          : 'Nothing else changed; list_recommendations with include_dismissed still shows it.',
      ].join('\n');
      return {
        text,
        structured: { customer_id: ctx.account.account_id, recommendation_id: id, type, campaign_id, outcome: action.done, summary },
      };
    },
    /** An applied budget recommendation is undone by setting the budget back; the other changes have no undo here. */
    undo(plan) {
      const { campaign_id, budget_before } = plan.data;
      return campaign_id && budget_before !== null
        ? { tool: 'update_campaign_budget', arguments: { campaign_id, daily_budget: budget_before } }
        : undefined;
    },
  });
}

export const [applyRecommendation, dismissRecommendation] = ACTIONS.map(actionTool);
export const RECOMMENDATION_TOOLS = [listRecommendations, applyRecommendation!, dismissRecommendation!];
