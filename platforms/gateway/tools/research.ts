/** Background research jobs: queued now, run by the scheduler, read back by id. */
import * as v from 'valibot';
import { NotFoundError } from '../../../core/errors';
import { PLATFORM_WORDS } from '../../../core/platforms';
import { getResearch, newResearchId, putResearch, type ResearchJob } from '../../../functions/runtime/stores/monitoring';
import { defineGatewayTool } from '../../../core/tool';
import { markdownTable, money } from '../../../core/markdown';

const nullableNumber = v.nullable(v.number());
const termOutput = v.object({ term: v.string(), spend: v.number(), clicks: v.number(), conversions: v.number() });
const campaignRowOutput = v.object({
  platform: v.string(),
  account_id: v.string(),
  currency: v.string(),
  campaign_id: v.string(),
  name: v.string(),
  spend: v.number(),
  conversions: v.number(),
  cpa: nullableNumber,
  /** "no conversions": spend without conversions, the worst CPA. */
  cpa_note: v.optional(v.string()),
  roas: nullableNumber,
});
const resultOutput = v.variant('topic', [
  v.object({
    topic: v.literal('keywords'),
    start_date: v.string(),
    end_date: v.string(),
    accounts: v.array(v.string()),
    terms_analysed: v.number(),
    converting_terms: v.array(v.object({ ...termOutput.entries, cpa: v.number() })),
    wasted_terms: v.array(termOutput),
    themes: v.array(
      v.object({ theme: v.string(), terms: v.number(), spend: v.number(), conversions: v.number(), sample_terms: v.array(v.string()) }),
    ),
  }),
  v.object({
    topic: v.literal('campaigns'),
    start_date: v.string(),
    end_date: v.string(),
    campaigns_analysed: v.number(),
    best_roas: v.array(campaignRowOutput),
    highest_cpa: v.array(campaignRowOutput),
    spend_without_conversions: v.array(campaignRowOutput),
  }),
]);
const jobOutput = v.object({
  research_id: v.string(),
  topic: v.picklist(['keywords', 'campaigns']),
  platforms: v.array(v.string()),
  seeds: v.array(v.string()),
  status: v.picklist(['queued', 'running', 'done', 'failed']),
  created_at: v.string(),
  started_at: v.nullable(v.string()),
  finished_at: v.nullable(v.string()),
  result: v.optional(resultOutput),
  error: v.optional(v.string()),
});
const jobView = (j: ResearchJob) => ({
  research_id: j.research_id,
  topic: j.topic,
  platforms: j.platforms,
  seeds: j.seeds,
  status: j.status,
  created_at: j.created_at,
  started_at: j.started_at ?? null,
  finished_at: j.finished_at ?? null,
  ...(j.result ? { result: j.result as v.InferOutput<typeof resultOutput> } : {}),
  ...(j.error ? { error: j.error } : {}),
});

export const startResearch = defineGatewayTool({
  name: 'start_research',
  category: 'monitoring',
  description:
    "Starts a background research job over your own accounts' last 30 days (no AI model is called): keywords = the search terms of the search platforms, added up: those that convert (keyword candidates), those that spend without converting (negative candidates), and their themes; campaigns = every platform's campaigns by return (best ROAS, dearest conversions, spend without conversions). The scheduler runs it within minutes; get_research_status shows progress and the result.",
  access: 'write',
  args: {
    topic: v.pipe(v.picklist(['keywords', 'campaigns']), v.description('keywords or campaigns')),
    platforms: v.optional(v.pipe(v.array(v.picklist(PLATFORM_WORDS)), v.description('Platforms to cover; default every connected one'))),
    seeds: v.optional(
      v.pipe(
        v.array(
          v.pipe(v.string(), v.trim(), v.minLength(2, 'must be at least 2 characters'), v.maxLength(80, 'must be at most 80 characters')),
        ),
        v.maxLength(20, 'takes at most 20 seeds'),
        v.description('keywords: only terms containing one of these'),
      ),
    ),
  },
  rules: [(a) => a.seeds !== undefined && a.topic !== 'keywords' && '`seeds` go only with topic keywords'],
  output: v.object({ job: jobOutput }),
  async plan(args, ctx) {
    const id = newResearchId();
    return {
      summary: `Queue ${args.topic} research${args.seeds?.length ? ` on ${args.seeds.join(', ')}` : ''}`,
      changes: [{ action: 'create', entity: 'research_job', id, fields: { topic: { after: args.topic } } }],
      data: { research_id: id, created_at: ctx.now.toISOString() },
    };
  },
  async apply(plan, args, ctx) {
    const job: ResearchJob = {
      research_id: plan.data.research_id,
      owner_id: ctx.owner.owner_id,
      topic: args.topic,
      platforms: args.platforms ?? [],
      seeds: args.seeds ?? [],
      status: 'queued',
      created_at: plan.data.created_at,
      next_run_at: plan.data.created_at,
    };
    await putResearch(job);
    return {
      text: `## Research queued: ${job.research_id}\n\n${plan.summary}. The scheduler runs it within minutes; get_research_status with research_id ${job.research_id} shows it.`,
      structured: { job: jobView(job) },
    };
  },
});

export const getResearchStatus = defineGatewayTool({
  name: 'get_research_status',
  category: 'monitoring',
  description: "Shows a research job's progress (queued, running, done, failed) and, once done, its result.",
  access: 'read',
  examples: [{ research_id: '<research_id from start_research>' }],
  args: {
    research_id: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^res_[A-Za-z0-9]+$/, 'must be a research id from start_research (res_...)'),
      v.description('Research id, from start_research'),
    ),
  },
  output: v.object({ job: jobOutput }),
  async run(args, ctx) {
    const job = await getResearch(ctx.owner.owner_id, args.research_id);
    if (!job)
      throw new NotFoundError(`No research job ${args.research_id} (jobs are kept 90 days). list_scheduled_tasks lists yours.`, {
        entity: 'research_job',
        id: args.research_id,
      });
    const r = job.result as v.InferOutput<typeof resultOutput> | undefined;
    const body = !r
      ? [job.status === 'failed' ? `It failed: ${job.error}` : `It is ${job.status}; the scheduler runs queued jobs within minutes.`]
      : r.topic === 'keywords'
        ? [
            `${r.terms_analysed} search terms, ${r.start_date} to ${r.end_date}.`,
            '',
            '### Terms that convert (keyword candidates: add_keywords)',
            markdownTable(
              ['Term', 'Conversions', 'Spend', 'CPA'],
              r.converting_terms.map((t) => [t.term, t.conversions, money(t.spend), money(t.cpa)]),
            ),
            '',
            '### Terms that spend without converting (negative candidates: add_negative_keywords)',
            markdownTable(
              ['Term', 'Clicks', 'Spend'],
              r.wasted_terms.map((t) => [t.term, t.clicks, money(t.spend)]),
            ),
            '',
            '### Themes',
            markdownTable(
              ['Theme', 'Terms', 'Spend', 'Conversions'],
              r.themes.map((t) => [t.theme, t.terms, money(t.spend), t.conversions]),
            ),
          ]
        : [
            `${r.campaigns_analysed} campaigns, ${r.start_date} to ${r.end_date}.`,
            '',
            '### Best return',
            markdownTable(
              ['Campaign', 'Platform', 'Spend', 'ROAS'],
              r.best_roas.map((c) => [c.name, c.platform, money(c.spend, c.currency), c.roas]),
            ),
            '',
            '### Highest CPA',
            markdownTable(
              ['Campaign', 'Platform', 'Spend', 'CPA'],
              r.highest_cpa.map((c) => [c.name, c.platform, money(c.spend, c.currency), c.cpa_note ?? money(c.cpa!, c.currency)]),
            ),
            '',
            '### Spend without conversions',
            markdownTable(
              ['Campaign', 'Platform', 'Spend'],
              r.spend_without_conversions.map((c) => [c.name, c.platform, money(c.spend, c.currency)]),
            ),
          ];
    return {
      text: [`## Research ${job.research_id} (${job.topic}): ${job.status}`, '', ...body].join('\n'),
      structured: { job: jobView(job) },
    };
  },
});

export const researchTools = [startResearch, getResearchStatus];
