/**
 * Before a launch: is the account ready (preflight_campaign), and would a create call pass (validate_campaign_draft).
 * And the advertiser's business profile, stored per owner (save / infer / get).
 */
import * as v from 'valibot';
import { GatewayError, ToolError } from '../../../core/errors';
import { PLATFORM_WORDS } from '../../../core/platforms';
import { safetyOf } from '../../../functions/runtime/safety';
import {
  VERTICALS,
  profileEntries,
  profileOutput,
  readBusinessProfile as readProfile,
  writeBusinessProfile as writeProfile,
  type Profile,
} from '../../../functions/runtime/stores/business-profile';
import { accountNamedOrDefault, listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { defineGatewayTool, type ToolContext } from '../../../core/tool';
import { lastDays } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { totals } from '../../../core/metrics';
import { accountOrRefuse } from './helpers';
import { planOnly, recordedContext } from './safety-common';
import { validateToolArguments } from '../../../functions/runtime/validation';

const callOf = (ctx: ToolContext<unknown>) => ({ signal: ctx.signal, deadline: ctx.deadline, log: ctx.log });
const checkOutput = v.object({
  check: v.string(),
  status: v.picklist(['pass', 'warn', 'fail', 'not_checked']),
  detail: v.string(),
  tool: v.nullable(v.string()),
});

export const preflightCampaign = defineGatewayTool({
  name: 'preflight_campaign',
  category: 'helper',
  description:
    "Checks an account is ready to launch a campaign: connected and healthy, conversion tracking set up (where the gateway can read it), guardrails that would stop a create, and the account's recent delivery; each failed check with the fix and the tool.",
  access: 'read',
  args: {
    platform: v.pipe(v.picklist(PLATFORM_WORDS), v.description('The platform to launch on')),
    account_id: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.description('The account, when several of the platform are connected')),
    ),
  },
  output: v.object({ platform: v.string(), account_id: v.string(), ready: v.boolean(), checks: v.array(checkOutput) }),
  async run(args, ctx) {
    const account = await accountOrRefuse(ctx.owner.owner_id, args.platform, args.account_id);
    const checks: v.InferOutput<typeof checkOutput>[] = [];
    const health = await ctx.platforms.health(account, callOf(ctx));
    checks.push({
      check: 'connection',
      status: health.healthy ? 'pass' : 'fail',
      detail: `${account.mode} account: ${health.detail}`,
      tool: health.healthy ? null : 'get_connections_status',
    });
    if (health.healthy) {
      const audit = await ctx.platforms.tool('audit_conversion_tracking')!.run({ platforms: [args.platform] }, ctx);
      const mine = (
        audit.structured!.accounts as {
          account_id: string;
          status: string;
          gaps: { severity: string; gap: string; tool?: string }[];
          reason?: string;
        }[]
      ).find((a) => a.account_id === account.account_id);
      if (!mine || mine.status === 'not_checked')
        checks.push({
          check: 'conversion tracking',
          status: 'not_checked',
          detail: mine?.reason ?? "this platform's tracking setup cannot be read through the gateway",
          tool: null,
        });
      else if (mine.gaps.length)
        for (const gap of mine.gaps)
          checks.push({
            check: 'conversion tracking',
            status: gap.severity === 'high' ? 'fail' : 'warn',
            detail: gap.gap,
            tool: gap.tool ?? null,
          });
      else checks.push({ check: 'conversion tracking', status: 'pass', detail: 'set up and recording', tool: null });
      const week = lastDays(ctx.now, 7, 'UTC');
      const recent = totals((await ctx.platforms.campaignFigures(account, week.start, week.end, callOf(ctx))).map((c) => c.figures));
      checks.push({
        check: 'recent delivery',
        status: recent.impressions > 0 ? 'pass' : 'warn',
        detail: `${recent.impressions} impressions and ${money(recent.spend, account.currency)} spent in the last 7 days${recent.impressions > 0 ? ' (billing works)' : ': nothing delivered; check billing and account status in the platform'}`,
        tool: null,
      });
    }
    const safety = safetyOf(ctx.owner);
    const creates = ctx.platforms
      .tools()
      .filter((t) => t.platform === args.platform && /^(create|launch)_/.test(t.name))
      .map((t) => t.name);
    const off = creates.filter((t) => safety.tools_off?.includes(t));
    checks.push({
      check: 'guardrails',
      status: off.length ? 'warn' : 'pass',
      detail: off.length
        ? `these create tools are off for you: ${off.join(', ')}`
        : `create paused ${safety.create_paused ? 'on (new campaigns start paused)' : 'off'}; max daily budget ${safety.max_daily_budget?.[args.platform] ?? 'none'}`,
      tool: null,
    });
    const ready = !checks.some((c) => c.status === 'fail');
    return {
      text: [
        `## Preflight of ${args.platform} ${account.account_id}: ${ready ? 'ready to launch' : 'fix these first'}`,
        '',
        markdownTable(
          ['Check', 'Status', 'Detail', 'Tool'],
          checks.map((c) => [c.check, c.status, c.detail, c.tool ?? '-']),
        ),
      ].join('\n'),
      structured: { platform: args.platform, account_id: account.account_id, ready, checks },
    };
  },
});

export const validateCampaignDraft = defineGatewayTool({
  name: 'validate_campaign_draft',
  category: 'helper',
  description:
    'Checks a campaign draft against the rules the create tool applies, without writing: give the create tool (create_* or launch_*) and its arguments; every broken rule is listed at once, and a valid draft is planned read-only on its account (what it would create, paused or not).',
  access: 'read',
  examples: [{ tool: 'create_chatads_campaign', arguments: { name: 'Draft', budget: 1000 } }],
  args: {
    tool: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(create|launch)_[a-z0-9_]+$/, 'must be a create tool (create_... or launch_...)'),
      v.description('The create tool the draft is for'),
    ),
    arguments: v.pipe(v.record(v.string(), v.unknown()), v.description('The draft: the arguments the create tool would be called with')),
  },
  output: v.object({
    tool: v.string(),
    valid: v.boolean(),
    problems: v.array(v.string()),
    plan: v.nullable(v.object({ summary: v.string(), creates: v.number(), starts_paused: v.boolean() })),
  }),
  async run(args, ctx) {
    const tool = ctx.platforms.tool(args.tool);
    if (!tool?.plan)
      throw new ToolError(`${args.tool} is not a create tool of this gateway; GET /api/v1/tools?access=write lists them.`, {
        code: 'not_found',
        entity: 'tool',
        id: args.tool,
      });
    let problems: string[] = [];
    let plan: { summary: string; creates: number; starts_paused: boolean } | null = null;
    try {
      const parsed = validateToolArguments(tool, args.arguments);
      const accountParameter = tool.platform ? ctx.platforms.manifest(tool.platform).account.parameter : undefined;
      const accounts = tool.platform ? await listConnectedAccounts(ctx.owner.owner_id, tool.platform) : [];
      const named = accountParameter ? (args.arguments[accountParameter] as string | undefined) : undefined;
      const account = accountNamedOrDefault(accounts, named);
      if (tool.platform && !account)
        problems = [
          named
            ? `${tool.platform} account ${named} is not connected`
            : `no ${tool.platform} account is connected or chosen (give ${accountParameter})`,
        ];
      else {
        const own = { ...parsed };
        for (const name of tool.accountParameters) delete own[name];
        const planned = await planOnly(tool, own, await recordedContext(ctx, tool, tool.platform, account?.account_id));
        const creates = planned.changes.filter((c) => c.action === 'create');
        plan = {
          summary: planned.summary,
          creates: creates.length,
          starts_paused: creates.length > 0 && creates.every((c) => c.startsPaused !== false),
        };
      }
    } catch (err) {
      if (!(err instanceof GatewayError) || err.statusCode !== 400) throw err;
      problems = (err.structuredContent.problems as string[] | undefined) ?? [err.message];
    }
    const valid = problems.length === 0;
    return {
      text: valid
        ? `## The draft for ${tool.name} is valid\n\n${plan!.summary}. Nothing was created; call ${tool.name} with these arguments to create it.`
        : `## The draft for ${tool.name} has ${problems.length} problem${problems.length === 1 ? '' : 's'}\n\n${problems.map((p) => `- ${p}`).join('\n')}`,
      structured: { tool: tool.name, valid, problems, plan },
    };
  },
});

// ---------------------------------------------------------------------------------------------
// The business profile: one per owner, in the owners table (sk BUSINESS_PROFILE).

const profileLines = (p: Partial<Profile>) =>
  Object.entries(p)
    .filter(([, value]) => value !== undefined)
    .map(([k, value]) => [k, Array.isArray(value) ? value.join(', ') : String(value)]);

export const getBusinessProfile = defineGatewayTool({
  name: 'get_business_profile',
  category: 'helper',
  description:
    'Returns the stored business profile (name, website, vertical, size, goal, targets, locations, currency) and the connected accounts it covers.',
  access: 'read',
  args: {},
  output: v.object({
    profile: v.nullable(profileOutput),
    accounts: v.array(v.object({ platform: v.string(), account_id: v.string(), name: v.string(), currency: v.string(), mode: v.string() })),
  }),
  async run(_args, ctx) {
    const profile = await readProfile(ctx.owner.owner_id);
    const accounts = (await listConnectedAccounts(ctx.owner.owner_id)).map((a) => ({
      platform: a.platform,
      account_id: a.account_id,
      name: a.name,
      currency: a.currency,
      mode: a.mode,
    }));
    const text = [
      '## Business profile',
      '',
      profile
        ? markdownTable(['Field', 'Value'], profileLines(profile))
        : 'No profile saved yet: save_business_profile stores one, infer_business_profile proposes one from your campaigns.',
      '',
      `### Accounts (${accounts.length})`,
      markdownTable(
        ['Platform', 'Account', 'Name', 'Currency', 'Mode'],
        accounts.map((a) => [a.platform, a.account_id, a.name, a.currency, a.mode]),
      ),
    ].join('\n');
    return { text, structured: { profile: profile ?? null, accounts } };
  },
});

export const saveBusinessProfile = defineGatewayTool({
  name: 'save_business_profile',
  category: 'helper',
  description:
    "Stores or updates the advertiser's business profile (vertical, size, goal, target CPA or ROAS, website, locations...): given fields replace the stored ones, others are kept. Analyses and benchmarks read it.",
  access: 'write',
  examples: [{ business_name: 'Example Outdoor' }],
  args: profileEntries,
  rules: [(a) => Object.values(a).every((x) => x === undefined) && 'give at least one field to save'],
  output: v.object({ profile: profileOutput }),
  async plan(args, ctx) {
    const before = await readProfile(ctx.owner.owner_id);
    const previous = (before ?? {}) as Record<string, unknown>;
    const changed = Object.fromEntries(
      Object.entries(args)
        .filter(([k, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(previous[k]))
        .map(([k, value]) => [k, { ...(previous[k] !== undefined ? { before: previous[k] } : {}), after: value }]),
    );
    return {
      summary: `Save ${Object.keys(changed).length} field${Object.keys(changed).length === 1 ? '' : 's'} of the business profile`,
      changes: Object.keys(changed).length ? [{ action: before ? 'update' : 'create', entity: 'business_profile', fields: changed }] : [],
      data: { before: before ?? null },
    };
  },
  async apply(plan, args, ctx) {
    const profile: Profile = {
      ...(plan.data.before ?? {}),
      ...(JSON.parse(JSON.stringify(args)) as typeof args),
      updated_at: ctx.now.toISOString(),
      source: 'saved',
    };
    if (plan.changes.length) await writeProfile(ctx.owner.owner_id, profile);
    return {
      text: `## Business profile ${plan.changes.length ? 'saved' : 'unchanged'}\n\n${markdownTable(['Field', 'Value'], profileLines(profile))}`,
      structured: { profile },
    };
  },
});

/** Words in campaign names that give a vertical away. */
const VERTICAL_WORDS: [(typeof VERTICALS)[number], RegExp][] = [
  ['outdoor_and_sports', /\b(hiking|boots?|trail|camping|tents?|outdoor|running|climb|ski|bike|fitness)\b/i],
  ['travel', /\b(hotel|flights?|travel|trip|vacation|booking)\b/i],
  ['finance', /\b(loan|credit|insurance|bank|mortgage|invest)\b/i],
  ['b2b_software', /\b(saas|software|crm|demo|trial|webinar|platform|b2b)\b/i],
  ['education', /\b(course|degree|school|learn|training|university)\b/i],
  ['health', /\b(clinic|dental|health|therapy|doctor|care)\b/i],
  ['home_services', /\b(plumb|roof|hvac|cleaning|repair|install)\b/i],
  ['automotive', /\b(car|auto|vehicle|tires?|dealer)\b/i],
  ['food_and_drink', /\b(coffee|restaurant|food|pizza|wine|beer|delivery)\b/i],
];

export const inferBusinessProfile = defineGatewayTool({
  name: 'infer_business_profile',
  category: 'helper',
  description:
    'Infers the business profile from your campaigns over the last 30 days (no AI model: the vertical from words in campaign names, the size from monthly spend, the goal from what the campaigns convert, the currency of the largest account); shows its evidence and saves it only with save: true.',
  access: 'write',
  args: {
    save: v.optional(v.pipe(v.boolean(), v.description('true = store the inferred profile (fields you saved before are kept)')), false),
  },
  output: v.object({ profile: profileOutput, evidence: v.array(v.string()), saved: v.boolean() }),
  async plan(args, ctx) {
    const window = lastDays(ctx.now, 30, 'UTC');
    const evidence: string[] = [];
    const names: string[] = [];
    let spend = 0;
    let conversions = 0;
    let revenue = 0;
    let largest: { currency: string; spend: number } | undefined;
    for (const account of await listConnectedAccounts(ctx.owner.owner_id)) {
      try {
        const campaigns = await ctx.platforms.campaignFigures(account, window.start, window.end, callOf(ctx));
        const t = totals(campaigns.map((c) => c.figures));
        names.push(...campaigns.map((c) => c.name));
        spend += t.spend;
        conversions += t.conversions;
        revenue += t.revenue;
        if (!largest || t.spend > largest.spend) largest = { currency: account.currency, spend: t.spend };
      } catch {
        evidence.push(`${account.platform} ${account.account_id} could not be read`);
      }
    }
    const scores = VERTICAL_WORDS.map(([vertical, words]) => [vertical, names.filter((n) => words.test(n)).length] as const).sort(
      (a, b) => b[1] - a[1],
    );
    const vertical = scores[0] && scores[0][1] > 0 ? scores[0][0] : 'other';
    evidence.push(`vertical ${vertical}: ${scores[0]?.[1] ?? 0} of ${names.length} campaign names match it`);
    const size = spend >= 100_000 ? 'large' : spend >= 10_000 ? 'medium' : 'small';
    evidence.push(`size ${size}: ${Math.round(spend)} spent in 30 days (small < 10,000, large >= 100,000)`);
    const goal = revenue > 0 ? 'sales' : conversions > 0 ? 'leads' : 'awareness';
    evidence.push(`goal ${goal}: ${Math.round(conversions)} conversions worth ${Math.round(revenue)}`);
    const inferred = { vertical, size, goal, ...(largest ? { currency: largest.currency } : {}) } as const;
    const before = await readProfile(ctx.owner.owner_id);
    return {
      summary: args.save ? 'Infer the business profile and save it' : 'Infer the business profile (not saved)',
      changes: args.save
        ? [
            {
              action: before ? 'update' : 'create',
              entity: 'business_profile',
              fields: Object.fromEntries(
                Object.entries(inferred)
                  .filter(([k]) => (before as Record<string, unknown> | undefined)?.[k] === undefined)
                  .map(([k, value]) => [k, { after: value }]),
              ),
            },
          ]
        : [],
      data: { inferred, evidence, before: before ?? null },
    };
  },
  async apply(plan, args, ctx) {
    // Fields saved before are the owner's word: inference only fills the others.
    const profile: Profile = {
      ...plan.data.inferred,
      ...(plan.data.before ?? {}),
      updated_at: ctx.now.toISOString(),
      source: plan.data.before?.source ?? 'inferred',
    };
    if (args.save) await writeProfile(ctx.owner.owner_id, profile);
    return {
      text: `## Inferred business profile${args.save ? ' (saved)' : ''}\n\n${markdownTable(['Field', 'Value'], profileLines(profile))}\n\nEvidence:\n${plan.data.evidence.map((e) => `- ${e}`).join('\n')}${args.save ? '' : '\n\nNothing was saved: call again with save: true, or save_business_profile with your own values.'}`,
      structured: { profile, evidence: plan.data.evidence, saved: args.save },
    };
  },
});

export const launchCheckTools = [preflightCampaign, validateCampaignDraft, getBusinessProfile, saveBusinessProfile, inferBusinessProfile];
