/**
 * Campaign experiments (experiment + experiment_arm, type SEARCH_CUSTOM): a trial copy of a Search
 * campaign runs on a share of its traffic between two dates, so a change can be judged against the
 * unchanged campaign.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import { dateArgument } from '../../../core/arguments';
import { addDays, dateInZone, reportingZone } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsExperiment } from '../port-audience';
import { campaignIdArg, requireLiveCampaign } from './common';

const armOutput = v.object({ name: v.string(), control: v.boolean(), traffic_split: v.number(), campaign_id: v.nullable(v.string()) });
const experimentOutput = v.object({
  id: v.string(),
  resource_name: v.string(),
  name: v.string(),
  description: v.optional(v.string()),
  type: v.string(),
  status: v.string(),
  start_date: v.string(),
  end_date: v.string(),
  suffix: v.string(),
  base_campaign_id: v.nullable(v.string()),
  trial_campaign_id: v.nullable(v.string()),
  arms: v.array(armOutput),
});

const shaped = (e: SearchAdsExperiment) => ({
  ...e,
  arms: e.arms.map((a) => ({ name: a.name, control: a.control, traffic_split: a.traffic_split, campaign_id: a.campaign_id ?? null })),
  base_campaign_id: e.arms.find((a) => a.control)?.campaign_id ?? null,
  trial_campaign_id: e.arms.find((a) => !a.control)?.campaign_id ?? null,
});

export const listExperiments = defineSearchAdsTool({
  name: 'list_experiments',
  description:
    "The account's campaign experiments: name, type, status (SETUP, INITIATED until the start date, ENABLED while running, GRADUATED, PROMOTED, HALTED, REMOVED), dates, and the arms with their traffic split: the control (base campaign) and the treatment (trial campaign).",
  access: 'read',
  args: {
    status: v.optional(
      v.pipe(
        v.picklist(['SETUP', 'INITIATED', 'ENABLED', 'GRADUATED', 'REMOVED', 'HALTED', 'PROMOTED']),
        v.description('Only experiments in this status'),
      ),
    ),
    campaign_id: v.optional(campaignIdArg('Only experiments of this base or trial campaign')),
  },
  output: v.object({ customer_id: v.string(), total: v.number(), experiments: v.array(experimentOutput) }),
  async run(args, ctx) {
    const experiments = (await ctx.platform.listExperiments())
      .filter(
        (e) => (!args.status || e.status === args.status) && (!args.campaign_id || e.arms.some((a) => a.campaign_id === args.campaign_id)),
      )
      .sort((a, b) => b.start_date.localeCompare(a.start_date) || a.name.localeCompare(b.name))
      .map(shaped);
    const split = (e: ReturnType<typeof shaped>) =>
      e.arms.map((a) => `${a.control ? 'control' : 'treatment'} ${a.traffic_split}%`).join(' / ');
    const text = [
      `## Experiments of ${ctx.account.account_id}: ${experiments.length}`,
      '',
      experiments.length
        ? markdownTable(
            ['Experiment', 'Id', 'Status', 'Dates', 'Split', 'Base campaign', 'Trial campaign'],
            experiments.map((e) => [
              e.name,
              e.id,
              e.status,
              `${e.start_date} to ${e.end_date}`,
              split(e) || '-',
              e.base_campaign_id ?? '-',
              e.trial_campaign_id ?? '-',
            ]),
          )
        : 'No experiment matches. create_experiment starts one.',
    ].join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, total: experiments.length, experiments } };
  },
});

export const createExperiment = defineSearchAdsTool({
  name: 'create_experiment',
  description:
    'Starts a campaign experiment (SEARCH_CUSTOM) on a Search campaign: the experiment is created, its control arm runs the base campaign and its treatment arm a trial copy of it (ad groups, keywords, ads) on `traffic_split` percent of the traffic (1-99) from `start_date` to `end_date`. The trial campaign is named with `suffix`, gets that share of the base budget, and serves nothing before the start date (with the create-paused guardrail it stays PAUSED until resume_campaign). Change the trial campaign (bids, ads, keywords) to test the idea; list_experiments shows status and arms.',
  access: 'write',
  examples: [
    {
      campaign_id: '<campaign_id from list_campaigns>',
      name: 'Example experiment',
      traffic_split: 20,
      start_date: '<start date after today, YYYY-MM-DD>',
      end_date: '<end date after the start, YYYY-MM-DD>',
    },
  ],
  args: {
    campaign_id: campaignIdArg('The base campaign (a Search campaign) from list_campaigns'),
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(1024),
      v.description('Experiment name, unique in the account'),
    ),
    description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2048), v.description('What the experiment tests'))),
    traffic_split: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be a whole percent'),
        v.minValue(1, 'must be 1-99'),
        v.maxValue(99, 'must be 1-99'),
        v.description('Percent of the traffic for the trial (treatment), 1-99; default 50'),
      ),
      50,
    ),
    start_date: dateArgument('First day of the experiment (YYYY-MM-DD), after today'),
    end_date: dateArgument('Last day (YYYY-MM-DD), after the start date'),
    suffix: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1),
        v.maxLength(30),
        v.description('Appended to the base campaign\'s name to name the trial campaign; default "[experiment]"'),
      ),
      '[experiment]',
    ),
  },
  rules: [(a) => (a.end_date <= a.start_date ? '`end_date` must be after `start_date`' : undefined)],
  output: v.object({
    customer_id: v.string(),
    experiment: experimentOutput,
    trial_campaign: v.object({
      id: v.string(),
      name: v.string(),
      status: v.string(),
      daily_budget: v.number(),
      start_date: v.string(),
      end_date: v.nullable(v.string()),
    }),
  }),
  async plan(args, ctx) {
    const today = dateInZone(ctx.now, reportingZone(ctx.account));
    if (args.start_date <= today)
      throw new ToolError(
        `\`start_date\` ${args.start_date} must be after today (${today}): an experiment is scheduled ahead of its start.`,
      );
    if (args.end_date > addDays(args.start_date, 365)) throw new ToolError('`end_date` must be within a year of `start_date`.');
    const base = await requireLiveCampaign(ctx.platform, args.campaign_id);
    if (base.type !== 'SEARCH')
      throw new ToolError(
        `Campaign "${base.name}" is a ${base.type} campaign; create_experiment makes custom experiments of Search campaigns.`,
      );
    if (base.end_date && base.end_date < args.end_date)
      throw new ToolError(
        `Campaign "${base.name}" ends on ${base.end_date}, before the experiment's end (${args.end_date}); move its end date (update_campaign_dates) or end the experiment earlier.`,
      );
    const [experiments, campaigns] = await Promise.all([ctx.platform.listExperiments(), ctx.platform.listCampaigns()]);
    if (experiments.some((e) => e.status !== 'REMOVED' && e.name.toLowerCase() === args.name.toLowerCase()))
      throw new ToolError(`An experiment named "${args.name}" already exists; experiment names are unique (list_experiments).`);
    const running = experiments.find(
      (e) => ['SETUP', 'INITIATED', 'ENABLED'].includes(e.status) && e.arms.some((a) => a.control && a.campaign_id === base.id),
    );
    if (running)
      throw new ToolError(
        `Campaign "${base.name}" is already the base of experiment "${running.name}" (${running.id}, ${running.status}); a campaign runs one experiment at a time.`,
      );
    const trialName = `${base.name} ${args.suffix}`;
    if (campaigns.some((c) => c.status !== 'REMOVED' && c.name.toLowerCase() === trialName.toLowerCase()))
      throw new ToolError(`A campaign named "${trialName}" already exists; pick another \`suffix\`.`);
    const budget = Math.max(1, Math.round(base.budget_amount * args.traffic_split) / 100);
    const currency = ctx.account.currency;
    const paused = ctx.createPaused;
    return {
      summary: `Create experiment "${args.name}" on "${base.name}": trial "${trialName}" on ${args.traffic_split}% of the traffic, ${args.start_date} to ${args.end_date}`,
      changes: <PlannedChange[]>[
        {
          action: 'create' as const,
          entity: 'experiment',
          name: args.name,
          fields: { type: { after: 'SEARCH_CUSTOM' }, start_date: { after: args.start_date }, end_date: { after: args.end_date } },
          startsPaused: true,
        },
        {
          action: 'create' as const,
          entity: 'experiment_arm',
          name: 'Control',
          fields: { campaign_id: { after: base.id }, traffic_split: { after: 100 - args.traffic_split } },
          startsPaused: true,
        },
        {
          action: 'create' as const,
          entity: 'experiment_arm',
          name: 'Treatment',
          fields: { traffic_split: { after: args.traffic_split } },
          startsPaused: true,
        },
        {
          action: 'create' as const,
          entity: 'campaign',
          name: trialName,
          fields: {
            status: { after: paused ? 'PAUSED' : 'ENABLED' },
            daily_budget: { after: budget },
            start_date: { after: args.start_date },
            end_date: { after: args.end_date },
          },
          startsPaused: paused,
        },
      ],
      budgets: [{ entity: 'campaign', name: trialName, after: budget, currency }],
      notes: [
        `The trial campaign serves nothing before ${args.start_date}; it takes ${args.traffic_split}% of the base campaign's traffic (${money(budget, currency)}/day).`,
        ...(paused ? ['Creates start paused for this owner: the trial campaign stays PAUSED until resume_campaign.'] : []),
      ],
      data: { base: { id: base.id, name: base.name }, paused },
    };
  },
  async apply(plan, args, ctx) {
    const { base, paused } = plan.data;
    const created = await ctx.step('experiment', () =>
      ctx.platform.createExperiment({
        name: args.name,
        ...(args.description ? { description: args.description } : {}),
        start_date: args.start_date,
        end_date: args.end_date,
        suffix: args.suffix,
      }),
    );
    await ctx.step('arms', () =>
      ctx.platform.createExperimentArms(created.id, [
        { name: 'Control', control: true, traffic_split: 100 - args.traffic_split, campaign_id: base.id },
        { name: 'Treatment', control: false, traffic_split: args.traffic_split },
      ]),
    );
    const scheduled = await ctx.step('schedule', async () => {
      // A retry after the schedule went through finds the experiment scheduled already.
      const current = (await ctx.platform.listExperiments()).find((e) => e.id === created.id);
      return current && current.status !== 'SETUP' ? current : ctx.platform.scheduleExperiment(created.id);
    });
    const trialId = scheduled.arms.find((a) => !a.control)?.campaign_id;
    if (!trialId)
      throw new ToolError(
        `Experiment ${created.id} was scheduled but names no trial campaign yet; list_experiments shows it once the platform made it.`,
      );
    if (paused) await ctx.step('pause_trial', () => ctx.platform.updateCampaign(trialId, { status: 'PAUSED' }));
    const trial = await ctx.platform.getCampaign(trialId);
    const experiment = shaped(scheduled);
    const currency = ctx.account.currency;
    const text = [
      `## Experiment "${experiment.name}" created (${experiment.id}, ${experiment.status})`,
      '',
      markdownTable(
        ['Arm', 'Campaign', 'Traffic'],
        experiment.arms.map((a) => [
          a.control ? 'Control' : 'Treatment',
          a.control ? `${base.name} (${a.campaign_id})` : `${trial.name} (${trial.id})`,
          `${a.traffic_split}%`,
        ]),
      ),
      '',
      `Runs ${experiment.start_date} to ${experiment.end_date}; the trial campaign has ${money(trial.budget_amount, currency)}/day and is ${trial.status}.`,
      trial.status === 'PAUSED'
        ? 'resume_campaign on the trial campaign lets it serve from the start date.'
        : 'Change the trial campaign now (bids, keywords, ads): it serves from the start date.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        experiment,
        trial_campaign: {
          id: trial.id,
          name: trial.name,
          status: trial.status,
          daily_budget: trial.budget_amount,
          start_date: trial.start_date,
          end_date: trial.end_date ?? null,
        },
      },
    };
  },
});
