/**
 * chatads reports and lookups: get_chatads_insights (one scope: ad account, campaign, ad group or ad,
 * day by day or in total), get_chatads_performance (every entity of a level, ranked), geo lookup and
 * the connected accounts. Every window ends yesterday at the latest (default: the last 30 days).
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineChatAdsTool } from '../define';
import { reportedFields, type ChatAdsInsightsLevel } from '../port';
import { awarenessEntities, figuresByEntity, figuresSchema, statusFilterArg, windowArgs, windowRules } from './common';
import { reportWindow } from '../../../core/report-window';

const SCOPES = ['ad_account', 'campaign', 'ad_group', 'ad'] as const;
const PREFIX = { campaign: 'cmpn_', ad_group: 'adgrp_', ad: 'ad_' } as const;
const round2 = (n: number) => Math.round(n * 100) / 100;

export const getChatAdsInsights = defineChatAdsTool({
  name: 'get_chatads_insights',
  description:
    'Reports chatads delivery for one scope: the whole ad account, a campaign, an ad group or an ad (scope_id), in total or day by day, over a window (default the last 30 days ending yesterday): impressions, clicks, spend, CTR, CPC, CPM, and on sandbox accounts conversions, value and 1-day view-through conversions.',
  access: 'read',
  args: {
    scope: v.pipe(v.picklist(SCOPES), v.description('ad_account, campaign, ad_group or ad')),
    scope_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.description('Id of the campaign (cmpn_), ad group (adgrp_) or ad (ad_); not for ad_account'),
      ),
    ),
    breakdown: v.optional(v.pipe(v.picklist(['none', 'daily']), v.description('none (default) or daily')), 'none'),
    ...windowArgs,
  },
  rules: [
    ...windowRules,
    (a) =>
      a.scope === 'ad_account' && a.scope_id
        ? '`scope_id` is not used with `scope` ad_account (the account is the one selected)'
        : undefined,
    (a) => (a.scope !== 'ad_account' && !a.scope_id ? `\`scope\` ${a.scope} needs \`scope_id\` (${PREFIX[a.scope]}...)` : undefined),
    (a) =>
      a.scope !== 'ad_account' && a.scope_id && !a.scope_id.startsWith(PREFIX[a.scope])
        ? `\`scope_id\` must be a ${a.scope.replace('_', ' ')} id starting with ${PREFIX[a.scope]} for \`scope\` ${a.scope}`
        : undefined,
  ],
  output: v.object({
    scope: v.string(),
    scope_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    totals: figuresSchema,
    days: v.array(
      v.object({ date: v.string(), impressions: v.number(), clicks: v.number(), spend: v.number(), conversions: v.nullable(v.number()) }),
    ),
  }),
  async run(args, ctx) {
    const window = reportWindow(ctx, args);
    const live = ctx.account.mode === 'live';
    // The account is the sum of its campaigns (levels add up in the delivery model).
    let level: ChatAdsInsightsLevel;
    let entities: { id: string; campaign_id?: string }[];
    let name: string;
    if (args.scope === 'ad_account') {
      level = 'campaign';
      entities = await ctx.platform.listCampaigns();
      name = ctx.account.name;
    } else {
      level = args.scope;
      const entity =
        args.scope === 'campaign'
          ? await ctx.platform.getCampaign(args.scope_id!)
          : args.scope === 'ad_group'
            ? await ctx.platform.getAdGroup(args.scope_id!)
            : await ctx.platform.getAd(args.scope_id!);
      entities = [entity];
      name = entity.name;
    }
    const ids = entities.map((e) => e.id);
    // Awareness (impression-bid) campaigns have no conversions: the account counts those of the others.
    const awareness = await awarenessEntities(ctx.platform, entities);
    const converts = ids.some((id) => !awareness.has(id));
    const byEntity = await figuresByEntity(ctx.platform, level, ids, window, live, awareness);
    const sum = (f: 'impressions' | 'clicks' | 'spend' | 'conversions' | 'conversion_value' | 'view_through_conversions') =>
      [...byEntity.values()].reduce((t, x) => t + (x[f] ?? 0), 0);
    const t = {
      impressions: sum('impressions'),
      clicks: sum('clicks'),
      spend: round2(sum('spend')),
      conversions: converts ? sum('conversions') : null,
      conversion_value: converts ? round2(sum('conversion_value')) : null,
      view_through_conversions: converts ? sum('view_through_conversions') : null,
    };
    const figures = {
      ...t,
      ctr: t.impressions ? Math.round((t.clicks / t.impressions) * 10000) / 10000 : null,
      cpc: t.clicks ? round2(t.spend / t.clicks) : null,
      cpm: t.impressions ? round2((t.spend / t.impressions) * 1000) : null,
      // CPA over the spend that buys conversions (awareness spend buys impressions).
      cpa: t.conversions
        ? round2([...byEntity.entries()].reduce((s, [id, x]) => s + (awareness.has(id) ? 0 : x.spend), 0) / t.conversions)
        : null,
    };
    type Day = { date: string; impressions: number; clicks: number; spend: number; conversions: number | null };
    let days: Day[] = [];
    if (args.breakdown === 'daily' && ids.length) {
      const rows = await ctx.platform.getInsights({
        aggregation_level: level,
        ids,
        start: Date.parse(`${window.start}T00:00:00Z`) / 1000,
        end: Date.parse(`${window.end}T00:00:00Z`) / 1000 + 86_400,
        time_granularity: 'daily',
        fields: reportedFields(live),
      });
      const byDate = new Map<string, Day>();
      for (const r of rows) {
        const d = byDate.get(r.date!) ?? { date: r.date!, impressions: 0, clicks: 0, spend: 0, conversions: converts ? 0 : null };
        d.impressions += r.impressions ?? 0;
        d.clicks += r.clicks ?? 0;
        d.spend = round2(d.spend + (r.spend ?? 0));
        if (d.conversions !== null && !awareness.has(r.entity_id)) d.conversions += r.conversions ?? 0;
        byDate.set(d.date, d);
      }
      days = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
    }
    const currency = ctx.account.currency;
    const text = [
      `## Insights: ${args.scope.replace('_', ' ')} "${name}", ${window.start} to ${window.end}`,
      '',
      markdownTable(
        ['Spend', 'Impressions', 'Clicks', 'CTR', 'CPC', 'CPM', 'Conversions', 'CPA', 'View-through (1 day)'],
        [
          [
            money(figures.spend, currency),
            count(figures.impressions),
            count(figures.clicks),
            percent(figures.ctr),
            money(figures.cpc, currency),
            money(figures.cpm, currency),
            live ? 'n/a (live)' : converts ? count(figures.conversions) : 'n/a (awareness)',
            money(figures.cpa, currency),
            live ? 'n/a (live)' : converts ? count(figures.view_through_conversions) : 'n/a (awareness)',
          ],
        ],
      ),
      ...(days.length
        ? [
            '',
            '### By day',
            '',
            markdownTable(
              ['Date', 'Spend', 'Impressions', 'Clicks', 'Conversions'],
              days.map((d) => [d.date, money(d.spend, currency), count(d.impressions), count(d.clicks), count(d.conversions)]),
            ),
          ]
        : []),
      '',
      'Compare entities with get_chatads_performance; conversions by type with get_chatads_conversion_insights.',
    ].join('\n');
    return {
      text,
      structured: {
        scope: args.scope,
        scope_id: args.scope_id ?? ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        totals: figures,
        days,
      },
    };
  },
});

const SORTS = ['spend', 'impressions', 'clicks', 'conversions', 'cpa', 'ctr'] as const;

export const getChatAdsPerformance = defineChatAdsTool({
  name: 'get_chatads_performance',
  description:
    'Ranks chatads campaigns, ad groups or ads by their figures over a window (default the last 30 days ending yesterday): spend, clicks, CTR, conversions, CPA; flags entities that spent without converting and the lowest CPA. Awareness (impression-bid) campaigns are judged on CPM, not CPA.',
  access: 'read',
  args: {
    level: v.optional(v.pipe(v.picklist(['campaign', 'ad_group', 'ad']), v.description('campaign (default), ad_group or ad')), 'campaign'),
    status_filter: statusFilterArg(['active', 'paused', 'archived'] as const),
    sort_by: v.optional(
      v.pipe(v.picklist(SORTS), v.description(`${SORTS.join(', ')}; default spend (highest first; cpa lowest first)`)),
      'spend',
    ),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200), v.description('Rows, 1-200, default 25')), 25),
    ...windowArgs,
  },
  rules: windowRules,
  output: v.object({
    level: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    rows: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        campaign_id: v.string(),
        awareness: v.boolean(),
        figures: figuresSchema,
      }),
    ),
    total_spend: v.number(),
  }),
  async run(args, ctx) {
    const window = reportWindow(ctx, args);
    const campaigns = await ctx.platform.listCampaigns();
    const entities: { id: string; name: string; status: string; campaign_id: string }[] =
      args.level === 'campaign'
        ? campaigns.map((c) => ({ ...c, campaign_id: c.id }))
        : args.level === 'ad_group'
          ? await ctx.platform.listAdGroups()
          : await ctx.platform.listAds();
    const selected = entities.filter((e) => !args.status_filter || args.status_filter.includes(e.status as never));
    // Entities of awareness (impression-bid) campaigns show no conversions (n/a), as the campaign list does.
    const awareness = await awarenessEntities(ctx.platform, selected);
    const figures = await figuresByEntity(
      ctx.platform,
      args.level,
      selected.map((e) => e.id),
      window,
      ctx.account.mode === 'live',
      awareness,
    );
    const rows = selected.map((e) => ({
      id: e.id,
      name: e.name,
      status: e.status,
      campaign_id: e.campaign_id,
      awareness: awareness.has(e.id),
      figures: figures.get(e.id)!,
    }));
    const key = args.sort_by;
    rows.sort((a, b) => {
      if (key === 'cpa') return (a.figures.cpa ?? Infinity) - (b.figures.cpa ?? Infinity) || a.id.localeCompare(b.id);
      return ((b.figures[key] ?? -1) as number) - ((a.figures[key] ?? -1) as number) || a.id.localeCompare(b.id);
    });
    const shown = rows.slice(0, args.limit);
    const currency = ctx.account.currency;
    const judged = rows.filter((r) => !r.awareness);
    const wasting = judged.filter((r) => r.figures.spend > 0 && r.figures.conversions === 0);
    const best = judged.filter((r) => (r.figures.conversions ?? 0) > 0).sort((a, b) => a.figures.cpa! - b.figures.cpa!)[0];
    const total = round2(rows.reduce((t, r) => t + r.figures.spend, 0));
    const pause =
      args.level === 'campaign' ? 'pause_chatads_campaign' : args.level === 'ad_group' ? 'pause_chatads_ad_group' : 'pause_chatads_ad';
    const text = [
      `## Performance by ${args.level.replace('_', ' ')}, ${window.start} to ${window.end}`,
      '',
      `${rows.length} ${args.level.replace('_', ' ')}s spent ${money(total, currency)} in total.`,
      '',
      shown.length
        ? markdownTable(
            ['Name', 'Id', 'Status', 'Spend', 'Clicks', 'CTR', 'Conversions', 'CPA / CPM'],
            shown.map((r) => [
              r.name,
              r.id,
              r.status,
              money(r.figures.spend, currency),
              count(r.figures.clicks),
              percent(r.figures.ctr),
              r.awareness ? 'n/a (awareness)' : count(r.figures.conversions),
              r.awareness ? `${money(r.figures.cpm, currency)} CPM` : money(r.figures.cpa, currency),
            ]),
          )
        : 'Nothing to report.',
      '',
      '### What to do next',
      ...(best ? [`- Lowest CPA: **${best.name}** (${money(best.figures.cpa, currency)}); give it room to spend.`] : []),
      ...wasting
        .slice(0, 5)
        .map((r) => `- **${r.name}** spent ${money(r.figures.spend, currency)} without a conversion: review it or pause it (${pause}).`),
      ...(!best && !wasting.length
        ? ['- No conversion signal in this window: check conversion tracking with audit_conversion_tracking.']
        : []),
    ].join('\n');
    return { text, structured: { level: args.level, start_date: window.start, end_date: window.end, rows: shown, total_spend: total } };
  },
});

export const chatAdsGeoLookup = defineChatAdsTool({
  name: 'chatads_geo_lookup',
  description: 'Looks up places chatads ads can target by name or country code: countries, regions and cities with their ids.',
  access: 'read',
  examples: [{ query: 'den' }],
  args: {
    query: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(2, 'must be at least 2 characters'),
      v.maxLength(100),
      v.description('Place name or 2-letter country code'),
    ),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100), v.description('Most results, 1-100, default 20')),
      20,
    ),
  },
  output: v.object({
    locations: v.array(
      v.object({ id: v.string(), name: v.string(), type: v.string(), country_code: v.string(), parent: v.optional(v.string()) }),
    ),
  }),
  async run(args, ctx) {
    const locations = await ctx.platform.geoLookup(args.query, args.limit);
    return {
      text: [
        `## Places matching "${args.query}" (${locations.length})`,
        '',
        locations.length
          ? markdownTable(
              ['Place', 'Id', 'Type', 'Country', 'In'],
              locations.map((l) => [l.name, l.id, l.type, l.country_code, l.parent ?? '-']),
            )
          : 'No place matches: try a country code (US, CA, GB, AU) or another spelling.',
      ].join('\n'),
      structured: { locations },
    };
  },
});

export const listChatAdsAccounts = defineChatAdsTool({
  name: 'list_chatads_accounts',
  description:
    "Lists your connected chatads ad accounts (sandbox or live) with the selected account's name, currency and time zone as the platform reports them.",
  access: 'read',
  args: {},
  output: v.object({
    accounts: v.array(v.object({ id: v.string(), name: v.string(), mode: v.string(), currency: v.string(), time_zone: v.string() })),
    selected: v.object({ id: v.string(), name: v.string(), currency: v.string(), timezone: v.string() }),
  }),
  async run(_args, ctx) {
    const [connected, selected] = await Promise.all([listConnectedAccounts(ctx.owner.owner_id), ctx.platform.getAdAccount()]);
    const accounts = connected
      .filter((a) => a.platform === 'chatads')
      .map((a) => ({ id: a.account_id, name: a.name, mode: a.mode, currency: a.currency, time_zone: a.time_zone }));
    if (!accounts.length) throw new ToolError('No chatads account is connected.');
    return {
      text: [
        `## Chatads accounts (${accounts.length})`,
        '',
        markdownTable(
          ['Account', 'Id', 'Mode', 'Currency', 'Time zone'],
          accounts.map((a) => [a.name, a.id, a.mode, a.currency, a.time_zone]),
        ),
        '',
        `Selected: ${selected.name} (${selected.id}). Name another with \`ad_account_id\` on any chatads tool.`,
      ].join('\n'),
      structured: { accounts, selected },
    };
  },
});

export const reportTools = [getChatAdsInsights, getChatAdsPerformance, chatAdsGeoLookup, listChatAdsAccounts];
