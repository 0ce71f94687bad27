import * as v from 'valibot';
import { readBusinessProfile, VERTICALS } from '../../../functions/runtime/stores/business-profile';
import { totals } from '../../../core/metrics';
import { markdownTable, money, percent } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg, dateRangeArgs, dateRangeRule } from './common';
import { reportWindow } from '../../../core/report-window';

/**
 * Industry benchmarks of search advertising, per vertical of the business profile. Figures are the
 * medians published by the WordStream / LocalIQ search advertising benchmark studies (US campaigns,
 * USD): the 2024 study (April 2023 - March 2024) where it gives the vertical's figure, else the 2021
 * study (May 2020 - June 2021), else the 2024 all-industry figure. Each figure says which it is; a
 * benchmark is context, never a target.
 */

type Vertical = (typeof VERTICALS)[number];
interface Figure {
  value: number;
  source: string;
}
interface Benchmark {
  category: string;
  ctr?: Figure;
  cpc?: Figure;
  conversion_rate?: Figure;
  cpa?: Figure;
}

const S2024 = 'WordStream/LocalIQ 2024 (Apr 2023-Mar 2024)';
const S2021 = 'WordStream/LocalIQ 2021 (May 2020-Jun 2021)';
const ALL_2024 = {
  ctr: { value: 0.0642, source: `${S2024}, all industries` },
  cpc: { value: 4.66, source: `${S2024}, all industries` },
  conversion_rate: { value: 0.0696, source: `${S2024}, all industries` },
  cpa: { value: 66.69, source: `${S2024}, all industries` },
};

const BENCHMARKS: Record<Vertical, Benchmark> = {
  retail: { category: 'Shopping, Collectibles & Gifts', cpc: { value: 2.23, source: S2021 } },
  outdoor_and_sports: { category: 'Sports & Recreation', ctr: { value: 0.0966, source: S2024 }, cpc: { value: 1.73, source: S2021 } },
  travel: { category: 'Travel', ctr: { value: 0.0854, source: S2021 }, cpc: { value: 1.4, source: S2021 } },
  finance: { category: 'Finance & Insurance', cpc: { value: 5.16, source: S2021 }, conversion_rate: { value: 0.0278, source: S2024 } },
  b2b_software: { category: 'Business Services', cpc: { value: 4.9, source: S2021 } },
  education: { category: 'Education & Instruction', cpc: { value: 4.18, source: S2021 } },
  health: { category: 'Health & Fitness', cpc: { value: 3.97, source: S2021 } },
  home_services: { category: 'Home & Home Improvement', ctr: { value: 0.0559, source: S2024 }, cpc: { value: 6.96, source: S2024 } },
  automotive: {
    category: 'Automotive — Repair, Service & Parts',
    cpc: { value: 3.19, source: S2021 },
    conversion_rate: { value: 0.1296, source: S2024 },
    cpa: { value: 27.94, source: S2024 },
  },
  food_and_drink: { category: 'Restaurants & Food', cpc: { value: 1.77, source: S2021 }, cpa: { value: 29.67, source: S2024 } },
  other: { category: 'All industries' },
};

const METRICS = ['ctr', 'cpc', 'conversion_rate', 'cpa'] as const;
/** Higher is better for these; lower for the costs. */
const HIGHER_IS_BETTER: Record<(typeof METRICS)[number], boolean> = { ctr: true, cpc: false, conversion_rate: true, cpa: false };

export const getBenchmarkContext = defineSearchAdsTool({
  name: 'get_benchmark_context',
  description:
    "Returns industry benchmark figures of search advertising (CTR, CPC, conversion rate, cost per conversion) for the account's vertical (from the business profile, or `vertical`) next to the account's own figures over the date range, with the source of each figure. Benchmarks are US medians in USD: context, never targets.",
  access: 'read',
  args: {
    vertical: v.optional(
      v.pipe(
        v.picklist(VERTICALS, `must be one of ${VERTICALS.join(', ')}`),
        v.description(`The business vertical: ${VERTICALS.join(', ')}. Default: the business profile's, else other (all industries)`),
      ),
    ),
    campaign_id: v.optional(campaignIdArg('Compare only this campaign')),
    ...dateRangeArgs(),
  },
  rules: [dateRangeRule],
  output: v.object({
    customer_id: v.string(),
    vertical: v.string(),
    vertical_from: v.picklist(['argument', 'business_profile', 'default']),
    category: v.string(),
    currency: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    metrics: v.array(
      v.object({
        metric: v.string(),
        benchmark: v.number(),
        benchmark_source: v.string(),
        account: v.nullable(v.number()),
        /** account ÷ benchmark − 1. */
        difference: v.nullable(v.number()),
        assessment: v.picklist(['better', 'worse', 'in line', 'no data']),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    const profile = args.vertical ? undefined : await readBusinessProfile(ctx.owner.owner_id);
    const vertical: Vertical = args.vertical ?? profile?.vertical ?? 'other';
    const from = args.vertical ? ('argument' as const) : profile?.vertical ? ('business_profile' as const) : ('default' as const);
    const benchmark = BENCHMARKS[vertical];
    const [campaigns, rows] = await Promise.all([ctx.platform.listCampaigns(), ctx.platform.getReport('campaign', start, end)]);
    if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
    // Search benchmarks: video campaigns (judged on views) are left out.
    const search = new Set(
      campaigns.filter((c) => c.type !== 'VIDEO' && (!args.campaign_id || c.id === args.campaign_id)).map((c) => c.id),
    );
    const own = totals(rows.filter((r) => search.has(r.campaign_id!)));
    const metrics = METRICS.map((metric) => {
      const figure = benchmark[metric] ?? ALL_2024[metric];
      const source = benchmark[metric] ? `${figure.source}, ${benchmark.category}` : figure.source;
      const mine = own[metric];
      const difference = mine === null ? null : Math.round((mine / figure.value - 1) * 1000) / 1000;
      const assessment =
        difference === null
          ? ('no data' as const)
          : Math.abs(difference) < 0.1
            ? ('in line' as const)
            : difference > 0 === HIGHER_IS_BETTER[metric]
              ? ('better' as const)
              : ('worse' as const);
      return { metric, benchmark: figure.value, benchmark_source: source, account: mine, difference, assessment };
    });
    const currency = ctx.account.currency;
    const show = (metric: string, n: number | null) =>
      n === null ? '-' : metric === 'cpc' || metric === 'cpa' ? money(n, currency) : percent(n);
    const text = [
      `## Benchmarks for ${benchmark.category} (vertical ${vertical}${from === 'default' ? ', no business profile vertical saved' : ''})`,
      '',
      `Your search campaigns, ${start} to ${end}, next to industry medians.`,
      '',
      markdownTable(
        ['Metric', 'Yours', 'Benchmark', 'Difference', 'Assessment', 'Source'],
        metrics.map((m) => [
          m.metric,
          show(m.metric, m.account),
          show(m.metric, m.benchmark),
          m.difference === null ? '-' : `${m.difference >= 0 ? '+' : ''}${percent(m.difference, 0)}`,
          m.assessment,
          m.benchmark_source,
        ]),
      ),
      '',
      currency === 'USD'
        ? ''
        : `Benchmarks are in USD; your figures are in ${currency}: compare ratios (CTR, conversion rate) directly, costs only after conversion.`,
      from === 'default' ? 'save_business_profile with your vertical gives figures for your industry.' : '',
      'Benchmarks are medians of many advertisers: a figure worse than the median is a place to look (search terms, ad copy, landing page), not proof of a problem.',
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        vertical,
        vertical_from: from,
        category: benchmark.category,
        currency,
        start_date: start,
        end_date: end,
        metrics,
      },
    };
  },
});
