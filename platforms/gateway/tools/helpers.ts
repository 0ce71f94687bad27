/**
 * Diagnostic and helper tools an agent leans on: which account is the default, what is wrong with
 * the setup, what an error means, what failed lately, what the calls achieved, what changed since the
 * last visit, the best opportunities of the week, whether a campaign serves, and keyword themes.
 * Figures come from each platform module's campaignFigures (the numbers its campaign list shows).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import { tableName } from '../../../functions/runtime/config';
import { ERROR_CODES, NotFoundError, ToolError } from '../../../core/errors';
import { PLATFORM_WORDS, type PlatformWord } from '../../../core/platforms';
import { safetyOf } from '../../../functions/runtime/safety';
import { listAuditEntries } from '../../../functions/runtime/stores/audit';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { listMonitors } from '../../../functions/runtime/stores/monitoring';
import { accountNamedOrDefault, listConnectedAccounts, monthlyLimit, setPrimaryAccount } from '../../../functions/runtime/stores/owners';
import type { ConnectedAccount } from '../../../core/accounts';
import { defineGatewayTool, type ToolContext } from '../../../core/tool';
import { addDays, lastDays, lastReportDay } from '../../../core/dates';
import { previousPeriod } from '../../../core/report-window';
import { markdownTable, money } from '../../../core/markdown';
import { totals, type MetricTotals } from '../../../core/metrics';
import type { CampaignFigures } from '../../../core/platform';
import { ERROR_GUIDE } from '../helpers/error-guide';
import { ACCOUNT_PARAMETERS } from '../../account-parameters';
import { searchTermFigures, themesOf, type TermFigures } from '../monitoring/research';

const callOf = (ctx: ToolContext<unknown>) => ({ signal: ctx.signal, deadline: ctx.deadline, log: ctx.log });
const platformArg = v.pipe(
  v.picklist(PLATFORM_WORDS),
  v.description('Platform word: searchads, socialads, proads, shortvideo, retailads, chatads or deskads'),
);

async function figuresOf(account: ConnectedAccount, start: string, end: string, ctx: ToolContext<unknown>): Promise<CampaignFigures[]> {
  return ctx.platforms.campaignFigures(account, start, end, callOf(ctx));
}

/** The account a helper tool acts on (accountNamedOrDefault), or a 400 naming the choices. */
export async function accountOrRefuse(ownerId: string, platform: PlatformWord, accountId?: string): Promise<ConnectedAccount> {
  const accounts = await listConnectedAccounts(ownerId, platform);
  const account = accountNamedOrDefault(accounts, accountId);
  if (!account) {
    throw new ToolError(
      accounts.length
        ? `Name the ${platform} account with account_id: ${accounts.map((a) => `${a.name} (${a.account_id})`).join(', ')}.`
        : `No ${platform} account is connected; list_connected_accounts shows what is.`,
      { code: accounts.length ? 'account_selection_required' : 'account_not_connected', platform },
    );
  }
  return account;
}

// ---------------------------------------------------------------------------------------------

export const switchPrimaryAccount = defineGatewayTool({
  name: 'switch_primary_account',
  category: 'helper',
  description:
    'Makes one connected account the default of its platform: with several accounts connected, platform tools called without an account parameter use it (instead of asking which). Undo by switching back.',
  access: 'write',
  examples: [{ platform: 'searchads', account_id: '<account_id from list_connected_accounts>' }],
  args: {
    platform: platformArg,
    account_id: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1),
      v.description('The account to make the default, from list_connected_accounts'),
    ),
  },
  output: v.object({ platform: v.string(), account_id: v.string(), previous: v.nullable(v.string()) }),
  async plan(args, ctx) {
    const accounts = await listConnectedAccounts(ctx.owner.owner_id, args.platform);
    const target = accounts.find((a) => a.account_id === args.account_id);
    if (!target)
      throw new NotFoundError(
        `The ${args.platform} account ${args.account_id} is not connected. Connected: ${accounts.map((a) => `${a.name} (${a.account_id})`).join(', ') || 'none'} (list_connected_accounts).`,
        { entity: 'account', id: args.account_id },
      );
    const previous = accounts.find((a) => a.primary)?.account_id ?? null;
    return {
      summary:
        previous === target.account_id
          ? `${target.name} is already the default ${args.platform} account`
          : `Make ${target.name} (${target.account_id}) the default ${args.platform} account`,
      changes:
        previous === target.account_id
          ? []
          : [
              {
                action: 'update',
                entity: 'account',
                id: target.account_id,
                name: target.name,
                fields: { primary: { before: false, after: true } },
              },
            ],
      data: { previous },
    };
  },
  async apply(plan, args, ctx) {
    if (plan.changes.length) await setPrimaryAccount(ctx.owner.owner_id, args.platform, args.account_id);
    return {
      text: `## ${plan.summary}\n\n${plan.changes.length ? `${args.platform} tools called without ${ACCOUNT_PARAMETERS[args.platform].parameter} now use account ${args.account_id}.` : 'Nothing changed.'}`,
      structured: { platform: args.platform, account_id: args.account_id, previous: plan.data.previous },
    };
  },
  undo: (plan, args) =>
    plan.changes.length && plan.data.previous
      ? { tool: 'switch_primary_account', arguments: { platform: args.platform, account_id: plan.data.previous } }
      : undefined,
});

export const explainPlatformError = defineGatewayTool({
  name: 'explain_platform_error',
  category: 'helper',
  description:
    'Turns an error from one of the platforms (their error codes and messages) or from this gateway (its error codes) into its cause, the fix, and the tool that does it.',
  access: 'read',
  examples: [{ error: 'RESOURCE_EXHAUSTED: too many requests' }],
  args: {
    error: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(2, 'must be at least 2 characters'),
      v.maxLength(4000, 'must be at most 4,000 characters'),
      v.description('The error text or code, as received'),
    ),
    platform: v.optional(v.pipe(v.picklist([...PLATFORM_WORDS, 'gateway'] as const), v.description('Where it came from, when known'))),
  },
  output: v.object({
    matched: v.boolean(),
    explanations: v.array(
      v.object({ platform: v.string(), name: v.string(), cause: v.string(), fix: v.string(), tool: v.nullable(v.string()) }),
    ),
  }),
  async run(args) {
    const gateway = Object.entries(ERROR_CODES)
      .filter(([code]) => new RegExp(`\\b${code}\\b`).test(args.error))
      .map(([code, meaning]) => ({
        platform: 'gateway',
        name: code,
        cause: meaning,
        fix: 'Follow the message of the error; it names what to change or when to retry.',
        tool: null,
      }));
    const known = ERROR_GUIDE.filter(
      (e) => (!args.platform || args.platform === e.platform || args.platform === 'gateway') && e.match.test(args.error),
    ).map(({ match: _m, ...e }) => e);
    const explanations = [...gateway, ...known].slice(0, 5);
    const text = explanations.length
      ? [
          '## What the error means',
          '',
          ...explanations.flatMap((e) => [
            `### ${e.name} (${e.platform})`,
            `Cause: ${e.cause}`,
            `Fix: ${e.fix}${e.tool ? ` (${e.tool})` : ''}`,
            '',
          ]),
        ].join('\n')
      : '## Unknown error\n\nNo known cause matches. Triage: 1. get_connections_status (is the connection healthy?); 2. retry once after a minute (rate limits and outages pass); 3. dry_run the write to see what it would change; 4. why_did_this_fail lists recent failures with their request ids.';
    return { text, structured: { matched: explanations.length > 0, explanations } };
  },
});

export const whyDidThisFail = defineGatewayTool({
  name: 'why_did_this_fail',
  category: 'helper',
  description:
    'Summarises your recent writes that failed or were blocked (from the audit trail): when, which tool and account, the reason, and what to do.',
  access: 'read',
  args: {
    days: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be 1-30'),
        v.maxValue(30, 'must be 1-30'),
        v.description('Look back this many days (default 7)'),
      ),
      7,
    ),
  },
  output: v.object({
    count: v.number(),
    failures: v.array(
      v.object({
        at: v.string(),
        tool: v.string(),
        platform: v.nullable(v.string()),
        account_id: v.nullable(v.string()),
        outcome: v.picklist(['failed', 'blocked']),
        reason: v.string(),
        change_id: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    const since = new Date(ctx.now.getTime() - args.days * 86_400_000).toISOString();
    const entries = await listAuditEntries(ctx.owner.owner_id, {
      since,
      limit: 200,
      filter: (e) => e.outcome === 'failed' || e.outcome === 'blocked',
    });
    const failures = entries.map((e) => ({
      at: e.at,
      tool: e.tool,
      platform: e.platform,
      account_id: e.account_id ?? null,
      outcome: e.outcome as 'failed' | 'blocked',
      reason: e.detail ?? 'no reason recorded',
      change_id: e.change_id,
    }));
    const text = failures.length
      ? [
          `## ${failures.length} write${failures.length === 1 ? '' : 's'} failed or blocked in ${args.days} days`,
          '',
          markdownTable(
            ['When', 'Tool', 'Account', 'Outcome', 'Reason'],
            failures.map((f) => [f.at, f.tool, f.account_id ?? '-', f.outcome, f.reason]),
          ),
          '',
          'Blocked writes broke a guardrail (gateway guardrails show); failed ones were refused by the platform: explain_platform_error explains the reason.',
        ].join('\n')
      : `## Nothing failed in the last ${args.days} days\n\nEvery write was applied, dry-run or held for approval.`;
    return { text, structured: { count: failures.length, failures } };
  },
});

export const usageValueSummary = defineGatewayTool({
  name: 'usage_value_summary',
  category: 'helper',
  description:
    'Tool calls used against your monthly allowance, and what they achieved this month: writes applied by tool, daily budgets changed and held actions approved (from the audit trail).',
  access: 'read',
  args: {},
  output: v.object({
    period: v.string(),
    used: v.number(),
    limit: v.number(),
    reads: v.number(),
    writes_applied: v.number(),
    applied_by_tool: v.record(v.string(), v.number()),
    budget_changes: v.number(),
    dry_runs: v.number(),
    held: v.number(),
  }),
  async run(_args, ctx) {
    const usage = await ctx.usage();
    const since = `${usage.period}-01T00:00:00.000Z`;
    const entries = await listAuditEntries(ctx.owner.owner_id, { since, limit: 5000 });
    const applied = entries.filter((e) => e.outcome === 'applied');
    const byTool: Record<string, number> = {};
    for (const e of applied) byTool[e.tool] = (byTool[e.tool] ?? 0) + 1;
    const budgetChanges = applied.reduce((n, e) => n + (e.budgets?.length ?? 0), 0);
    const writes = entries.length;
    const limit = monthlyLimit(ctx.owner);
    const result = {
      period: usage.period,
      used: usage.used,
      limit,
      reads: Math.max(0, usage.used - writes),
      writes_applied: applied.length,
      applied_by_tool: byTool,
      budget_changes: budgetChanges,
      dry_runs: entries.filter((e) => e.outcome === 'dry_run').length,
      held: entries.filter((e) => e.outcome === 'held').length,
    };
    const text = [
      `## Usage and value, ${usage.period}`,
      '',
      `${usage.used} of ${limit} calls used. ${applied.length} write${applied.length === 1 ? '' : 's'} applied (${budgetChanges} daily budget change${budgetChanges === 1 ? '' : 's'}), ${result.dry_runs} dry runs, ${result.held} held for approval.`,
      ...(applied.length
        ? [
            '',
            markdownTable(
              ['Tool', 'Applied'],
              Object.entries(byTool).sort((a, b) => b[1] - a[1]),
            ),
          ]
        : []),
    ].join('\n');
    return { text, structured: result };
  },
});

export const weeklyOpportunities = defineGatewayTool({
  name: 'weekly_opportunities',
  category: 'helper',
  description:
    'The one to three most valuable things to do this week across your accounts (waste to cut, winners to scale), each with the exact write tool call that does it.',
  access: 'read',
  args: {},
  output: v.object({
    opportunities: v.array(
      v.object({
        platform: v.nullable(v.string()),
        account_id: v.nullable(v.string()),
        title: v.string(),
        monthly_value: v.number(),
        tool: v.string(),
        arguments: v.record(v.string(), v.unknown()),
      }),
    ),
  }),
  async run(_args, ctx) {
    const found = [];
    for (const account of await listConnectedAccounts(ctx.owner.owner_id)) {
      try {
        found.push(
          ...(await ctx.platforms.findOpportunities(account, ctx.now, callOf(ctx))).filter(
            (o) => ctx.platforms.tool(o.tool)?.access === 'write',
          ),
        );
      } catch {
        // A platform that cannot be read this minute does not hide the others.
      }
    }
    const top = found
      .sort((a, b) => b.monthly_value - a.monthly_value)
      .slice(0, 3)
      .map((o) => ({
        platform: o.platform,
        account_id: o.account_id,
        title: o.title,
        monthly_value: o.monthly_value,
        tool: o.tool,
        arguments: o.arguments,
      }));
    const text = top.length
      ? [
          '## This week',
          '',
          ...top.map((o, i) => `${i + 1}. ${o.title}. Do it: \`${o.tool}\` ${JSON.stringify(o.arguments)}`),
          '',
          'Each call can be dry-run first (dry_run: true).',
        ].join('\n')
      : '## This week\n\nNothing stands out: no spend without results and no budget-limited winner in the last 30 days.';
    return { text, structured: { opportunities: top } };
  },
});

export const clusterKeywords = defineGatewayTool({
  name: 'cluster_keywords',
  category: 'helper',
  description:
    'Groups search terms into themed clusters (built in: terms that share their most telling word group together), from a list you give or from the search terms of your searchads and deskads accounts over the last 30 days, with spend and conversions per cluster.',
  access: 'read',
  args: {
    terms: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
        v.minLength(2, 'needs at least 2 terms'),
        v.maxLength(2000, 'takes at most 2,000 terms'),
        v.description("Terms to cluster; default the accounts' search terms"),
      ),
    ),
  },
  output: v.object({
    source: v.picklist(['given', 'accounts']),
    terms: v.number(),
    clusters: v.array(
      v.object({ theme: v.string(), terms: v.number(), spend: v.number(), conversions: v.number(), sample_terms: v.array(v.string()) }),
    ),
  }),
  async run(args, ctx) {
    const window = lastDays(ctx.now, 30, 'UTC');
    const terms: TermFigures[] = args.terms
      ? [...new Set(args.terms.map((t) => t.toLowerCase()))].map((term) => ({ term, spend: 0, clicks: 0, conversions: 0 }))
      : (await searchTermFigures(ctx.platforms, ctx.owner.owner_id, [], [], window.start, window.end)).terms;
    const clusters = themesOf(terms, 50);
    const text = clusters.length
      ? [
          `## ${clusters.length} clusters of ${terms.length} terms`,
          '',
          markdownTable(
            ['Theme', 'Terms', 'Spend', 'Conversions', 'Examples'],
            clusters.map((c) => [c.theme, c.terms, money(c.spend), c.conversions, c.sample_terms.join(', ')]),
          ),
          '',
          'Next: add_negative_keywords for a cluster that spends without converting; add_keywords for one that converts.',
        ].join('\n')
      : '## No terms to cluster\n\nNo searchads or deskads account has search terms in the last 30 days.';
    return { text, structured: { source: args.terms ? 'given' : 'accounts', terms: terms.length, clusters } };
  },
});

// ---------------------------------------------------------------------------------------------

const VISIT_SK = (keyId: string) => `VISIT#${keyId}`;

export const whatsChangedSinceLastVisit = defineGatewayTool({
  name: 'whats_changed_since_last_visit',
  category: 'helper',
  description:
    'What moved since your last visit (remembered per API key): spend, clicks and conversions of each account for the days since then against the same number of days before, the campaigns that moved most, and the writes made since. The first visit sets the baseline.',
  access: 'read',
  args: {},
  output: v.object({
    first_visit: v.boolean(),
    last_visit: v.nullable(v.string()),
    start_date: v.string(),
    end_date: v.string(),
    accounts: v.array(
      v.object({
        platform: v.string(),
        account_id: v.string(),
        currency: v.string(),
        spend: v.number(),
        spend_before: v.number(),
        clicks: v.number(),
        clicks_before: v.number(),
        conversions: v.number(),
        conversions_before: v.number(),
      }),
    ),
    top_movers: v.array(
      v.object({
        platform: v.string(),
        campaign_id: v.string(),
        name: v.string(),
        spend: v.number(),
        spend_before: v.number(),
        change: v.number(),
      }),
    ),
    writes_since: v.number(),
  }),
  async run(_args, ctx) {
    const key = { owner_id: ctx.owner.owner_id, sk: VISIT_SK(ctx.keyId ?? 'unknown') };
    const previous = (await documentClient().send(new GetCommand({ TableName: tableName('monitoring'), Key: key }))).Item?.at as
      string | undefined;
    await documentClient().send(new PutCommand({ TableName: tableName('monitoring'), Item: { ...key, at: ctx.now.toISOString() } }));
    const end = lastReportDay(ctx.now, 'UTC');
    // The days since the last visit (1-30; the first visit looks at the last 7).
    const days = previous ? Math.min(30, Math.max(1, Math.round((ctx.now.getTime() - Date.parse(previous)) / 86_400_000))) : 7;
    const start = addDays(end, -(days - 1));
    const before = previousPeriod({ start, end });
    const accounts = [];
    const movers = [];
    for (const account of await listConnectedAccounts(ctx.owner.owner_id)) {
      try {
        const [now, then] = await Promise.all([figuresOf(account, start, end, ctx), figuresOf(account, before.start, before.end, ctx)]);
        const sum = (rows: CampaignFigures[]): MetricTotals => totals(rows.map((r) => r.figures));
        const [a, b] = [sum(now), sum(then)];
        accounts.push({
          platform: account.platform,
          account_id: account.account_id,
          currency: account.currency,
          spend: a.spend,
          spend_before: b.spend,
          clicks: a.clicks,
          clicks_before: b.clicks,
          conversions: a.conversions,
          conversions_before: b.conversions,
        });
        for (const c of now) {
          const was = then.find((x) => x.id === c.id)?.figures.spend ?? 0;
          movers.push({
            platform: account.platform,
            campaign_id: c.id,
            name: c.name,
            spend: c.figures.spend,
            spend_before: was,
            change: Math.round((c.figures.spend - was) * 100) / 100,
          });
        }
      } catch {
        // An account that cannot be read is left out of the comparison.
      }
    }
    const top = movers.sort((x, y) => Math.abs(y.change) - Math.abs(x.change)).slice(0, 5);
    const writes = previous
      ? (await listAuditEntries(ctx.owner.owner_id, { since: previous, limit: 1000, filter: (e) => e.outcome === 'applied' })).length
      : 0;
    const text = [
      previous ? `## Since your last visit (${previous})` : '## First visit: the last 7 days (your baseline from now on)',
      '',
      `${start} to ${end} against ${before.start} to ${before.end}.${previous ? ` ${writes} write${writes === 1 ? '' : 's'} applied since.` : ''}`,
      '',
      markdownTable(
        ['Platform', 'Account', 'Spend', 'Before', 'Clicks', 'Before', 'Conversions', 'Before'],
        accounts.map((a) => [
          a.platform,
          a.account_id,
          money(a.spend, a.currency),
          money(a.spend_before, a.currency),
          a.clicks,
          a.clicks_before,
          a.conversions,
          a.conversions_before,
        ]),
      ),
      ...(top.length
        ? [
            '',
            '### Campaigns that moved most',
            markdownTable(
              ['Campaign', 'Platform', 'Spend', 'Before', 'Change'],
              top.map((m) => [m.name, m.platform, m.spend, m.spend_before, m.change]),
            ),
          ]
        : []),
    ].join('\n');
    return {
      text,
      structured: {
        first_visit: !previous,
        last_visit: previous ?? null,
        start_date: start,
        end_date: end,
        accounts,
        top_movers: top,
        writes_since: writes,
      },
    };
  },
});

export const verifyCampaignIsLive = defineGatewayTool({
  name: 'verify_campaign_is_live',
  category: 'helper',
  description:
    'Checks on the platform that a campaign exists and is serving: its status, and whether it delivered impressions yesterday and over the last 7 days; says why not and which tool fixes it.',
  access: 'read',
  examples: [{ platform: 'searchads', campaign_id: '<campaign_id from list_campaigns>' }],
  args: {
    platform: platformArg,
    campaign_id: v.pipe(v.string(), v.trim(), v.minLength(1), v.description('The campaign id')),
    account_id: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.description('The account, when several of the platform are connected')),
    ),
  },
  output: v.object({
    platform: v.string(),
    account_id: v.string(),
    campaign_id: v.string(),
    name: v.string(),
    status: v.string(),
    serving: v.boolean(),
    impressions_yesterday: v.number(),
    impressions_7_days: v.number(),
    reasons: v.array(v.string()),
  }),
  async run(args, ctx) {
    const account = await accountOrRefuse(ctx.owner.owner_id, args.platform, args.account_id);
    const week = lastDays(ctx.now, 7, 'UTC');
    const [lastDay, lastWeek] = await Promise.all([
      figuresOf(account, week.end, week.end, ctx),
      figuresOf(account, week.start, week.end, ctx),
    ]);
    const campaign = lastWeek.find((c) => c.id === args.campaign_id);
    if (!campaign)
      throw new NotFoundError(
        `No campaign ${args.campaign_id} in ${args.platform} account ${account.account_id}: it was not created, or it is in another account. The platform's campaign list tool shows its campaigns.`,
        { entity: 'campaign', id: args.campaign_id },
      );
    const yesterday = lastDay.find((c) => c.id === args.campaign_id)!.figures.impressions;
    const active = /^(enabled|active)$/i.test(campaign.status);
    const reasons = [
      ...(active ? [] : [`its status is ${campaign.status}: resume it with the platform's resume or status tool`]),
      ...(active && yesterday === 0
        ? ['it is on but delivered nothing yesterday: check its ad groups and ads (paused, rejected or in review), its dates and budget']
        : []),
    ];
    const serving = active && yesterday > 0;
    return {
      text: `## ${campaign.name} (${campaign.id}) is ${serving ? 'live and serving' : 'not serving'}\n\nStatus ${campaign.status}; ${yesterday} impressions yesterday, ${campaign.figures.impressions} in the last 7 days.${reasons.length ? `\n\nWhy not: ${reasons.join('; ')}.` : ''}`,
      structured: {
        platform: args.platform,
        account_id: account.account_id,
        campaign_id: campaign.id,
        name: campaign.name,
        status: campaign.status,
        serving,
        impressions_yesterday: yesterday,
        impressions_7_days: campaign.figures.impressions,
        reasons,
      },
    };
  },
});

export const diagnoseMySetup = defineGatewayTool({
  name: 'diagnose_my_setup',
  category: 'helper',
  description:
    'A health check of your setup: allowance left, every connection (sandbox or live, healthy or broken), default accounts where several are connected, spend-safety settings and monitors; each problem with its fix and the tool that does it.',
  access: 'read',
  args: {},
  output: v.object({
    healthy: v.boolean(),
    findings: v.array(
      v.object({ area: v.string(), status: v.picklist(['ok', 'warning', 'problem']), detail: v.string(), fix: v.nullable(v.string()) }),
    ),
  }),
  async run(_args, ctx) {
    const findings: { area: string; status: 'ok' | 'warning' | 'problem'; detail: string; fix: string | null }[] = [];
    const usage = await ctx.usage();
    const limit = monthlyLimit(ctx.owner);
    const left = limit - usage.used;
    findings.push({
      area: 'allowance',
      status: left <= 0 ? 'problem' : left < limit * 0.1 ? 'warning' : 'ok',
      detail: `${usage.used} of ${limit} calls used this month`,
      fix: left < limit * 0.1 ? 'get_usage_status shows when it resets; upgrade for more' : null,
    });
    const accounts = await listConnectedAccounts(ctx.owner.owner_id);
    if (!accounts.length)
      findings.push({
        area: 'connections',
        status: 'problem',
        detail: 'no ad account is connected',
        fix: 'connect one (gateway accounts connect), then list_connected_accounts',
      });
    for (const account of accounts) {
      const health = await ctx.platforms.health(account, callOf(ctx));
      findings.push({
        area: `${account.platform} ${account.account_id}`,
        status: health.healthy ? 'ok' : 'problem',
        detail: `${account.mode} account, ${health.detail}`,
        fix: health.healthy ? null : 'get_connections_status shows the fix; reconnect a broken live connection',
      });
    }
    for (const platform of PLATFORM_WORDS) {
      const of = accounts.filter((a) => a.platform === platform);
      if (of.length > 1 && !of.some((a) => a.primary))
        findings.push({
          area: `${platform} default`,
          status: 'warning',
          detail: `${of.length} accounts and no default: every call must name ${ctx.platforms.manifest(platform).account.parameter}`,
          fix: 'switch_primary_account',
        });
    }
    const safety = safetyOf(ctx.owner);
    findings.push({
      area: 'spend safety',
      status: safety.max_daily_budget || safety.max_budget_increase_percent || safety.approvals !== undefined ? 'ok' : 'warning',
      detail: `approvals ${safety.approvals ?? 'off'}, create paused ${safety.create_paused ? 'on' : 'off'}, max daily budget ${safety.max_daily_budget ? JSON.stringify(safety.max_daily_budget) : 'none'}`,
      fix: safety.max_daily_budget || safety.approvals ? null : 'set guardrails (gateway guardrails set) so an agent cannot overspend',
    });
    const monitors = await listMonitors(ctx.owner.owner_id);
    findings.push({
      area: 'monitoring',
      status: monitors.length ? 'ok' : 'warning',
      detail: `${monitors.filter((m) => m.status === 'active').length} active monitors`,
      fix: monitors.length ? null : 'create_monitor watches spend and conversions daily',
    });
    const healthy = !findings.some((f) => f.status === 'problem');
    const text = [
      `## Setup check: ${healthy ? 'nothing blocks you' : 'problems to fix'}`,
      '',
      markdownTable(
        ['Area', 'Status', 'Detail', 'Fix'],
        findings.map((f) => [f.area, f.status, f.detail, f.fix ?? '-']),
      ),
    ].join('\n');
    return { text, structured: { healthy, findings } };
  },
});

export const helperTools = [
  switchPrimaryAccount,
  explainPlatformError,
  whyDidThisFail,
  usageValueSummary,
  weeklyOpportunities,
  clusterKeywords,
  whatsChangedSinceLastVisit,
  verifyCampaignIsLive,
  diagnoseMySetup,
];
