import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { FieldChange } from '../../../core/plan';
import { markdownTable, money } from '../../../core/markdown';
import { defineDeskAdsTool } from '../define';
import {
  applyDeskAdsListFilters,
  deskadsListFilterArgs,
  deskadsListFilterRules,
  pagingSummary,
  type DeskAdsListOptions,
} from '../list-filters';
import { EDITORIAL_STATUSES, ENTITY_STATUSES, type DeskAdsAd, type DeskAdsAdPatch, type DeskAdsPort } from '../port';
import { figuresBy, idArgument, metricsOutput, metricsWindow, rowMetrics, statusChangeTool, windowArgs, windowRule } from './shared';

/** Responsive search ads of deskads: list, create, edit, pause, resume. */

const LISTER = 'list_deskads_ads';
/** The platform's responsive search ad limits. */
export const RSA = { headlines: { min: 3, max: 15, chars: 30 }, descriptions: { min: 2, max: 4, chars: 90 }, path: 15 } as const;

const chars = (s: string) => [...s].length;
const text = (max: number, what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.check((s) => chars(s) <= max, `must be at most ${max} characters`),
    v.description(`${what}, up to ${max} characters`),
  );
export const headlines = v.pipe(
  v.array(text(RSA.headlines.chars, 'Headline')),
  v.minLength(RSA.headlines.min, `must have at least ${RSA.headlines.min} headlines`),
  v.maxLength(RSA.headlines.max, `must have at most ${RSA.headlines.max} headlines`),
  v.description(
    `${RSA.headlines.min}-${RSA.headlines.max} headlines of up to ${RSA.headlines.chars} characters; the platform combines them per search`,
  ),
);
export const descriptions = v.pipe(
  v.array(text(RSA.descriptions.chars, 'Description')),
  v.minLength(RSA.descriptions.min, `must have at least ${RSA.descriptions.min} descriptions`),
  v.maxLength(RSA.descriptions.max, `must have at most ${RSA.descriptions.max} descriptions`),
  v.description(`${RSA.descriptions.min}-${RSA.descriptions.max} descriptions of up to ${RSA.descriptions.chars} characters`),
);
export const path = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.check((s) => chars(s) <= RSA.path, `must be at most ${RSA.path} characters`),
  v.regex(/^[^\s/]+$/, 'must be one word without spaces or slashes'),
  v.description(`Display URL path part, up to ${RSA.path} characters`),
);
export const finalUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url('must be a URL'),
  v.regex(/^https?:\/\//, 'must start with http:// or https://'),
  v.maxLength(2048),
  v.description('Landing page URL'),
);

export const duplicates = (field: string, list?: string[]) => {
  const seen = new Set<string>();
  for (const item of list ?? []) {
    const key = item.toLowerCase();
    if (seen.has(key)) return `\`${field}\` has "${item}" twice; each must be different`;
    seen.add(key);
  }
  return undefined;
};

interface AdRow extends Record<string, unknown> {
  id: string;
  ad_group_id: string;
  ad_group: string;
  type: string;
  status: string;
  editorial_status: string;
  headline: string;
  spend: number;
  conversions: number;
  start_date: string | null;
}

const OPTIONS: DeskAdsListOptions<AdRow> = {
  fields: ['id', 'ad_group_id', 'ad_group', 'type', 'status', 'editorial_status', 'headline', 'spend', 'conversions'] as (keyof AdRow &
    string)[],
  statuses: ENTITY_STATUSES,
  types: ['ResponsiveSearch'],
  defaultSort: 'ad_group',
  queryHint: 'headlines, descriptions, ad id and ad group name',
};

const adOutput = v.object({
  id: v.string(),
  ad_group_id: v.string(),
  campaign_id: v.string(),
  type: v.literal('ResponsiveSearch'),
  headlines: v.array(v.string()),
  descriptions: v.array(v.string()),
  path1: v.nullable(v.string()),
  path2: v.nullable(v.string()),
  final_url: v.string(),
  status: v.picklist(ENTITY_STATUSES),
  editorial_status: v.picklist(EDITORIAL_STATUSES),
  editorial_reason: v.nullable(v.string()),
  metrics: metricsOutput,
});

export const listDeskAdsAds = defineDeskAdsTool({
  name: 'list_deskads_ads',
  description:
    'Lists the ads of a deskads account, campaign or ad group with their copy, status, editorial review status (Pending, Approved, Disapproved with the reason) and their figures over a date range (default the last 30 days ending yesterday). Takes the shared deskads list filters.',
  access: 'read',
  args: {
    campaign_id: v.optional(idArgument('campaign', 'list_deskads_campaigns')),
    ad_group_id: v.optional(idArgument('ad group', 'list_deskads_ad_groups')),
    ...windowArgs,
    ...deskadsListFilterArgs(OPTIONS),
  },
  rules: [windowRule, ...deskadsListFilterRules(OPTIONS)],
  output: v.object({
    account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    filtered: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    ads: v.array(adOutput),
  }),
  async run(args, ctx) {
    const window = metricsWindow(args, ctx);
    const groups = await ctx.platform.listAdGroups();
    if (args.ad_group_id && !groups.some((g) => g.id === args.ad_group_id))
      throw new ToolError(
        `No ad group ${args.ad_group_id} in account ${ctx.account.account_id}. list_deskads_ad_groups lists the valid ids.`,
        { code: 'not_found' },
      );
    const [ads, figures] = await Promise.all([
      ctx.platform.listAds({ campaignId: args.campaign_id, adGroupId: args.ad_group_id }),
      figuresBy(ctx.platform, 'AdPerformance', window, (r) => r.ad_id),
    ]);
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    const rows: AdRow[] = ads.map((a) => ({
      id: a.id,
      ad_group_id: a.ad_group_id,
      ad_group: groupName.get(a.ad_group_id) ?? '',
      type: a.type,
      status: a.status,
      editorial_status: a.editorial_status,
      headline: [...a.headlines, ...a.descriptions].join(' | '),
      spend: figures(a.id).spend,
      conversions: figures(a.id).conversions,
      start_date: null,
    }));
    const page = applyDeskAdsListFilters(rows, args, {
      searchable: ['headline', 'id', 'ad_group'],
      status: 'status',
      type: 'type',
      start: 'start_date',
    });
    const byId = new Map(ads.map((a) => [a.id, a]));
    const listed = page.rows.map((r) => ({ ...byId.get(r.id)!, metrics: rowMetrics(figures(r.id)) }));
    const currency = ctx.account.currency;
    const disapproved = listed.filter((a) => a.editorial_status === 'Disapproved' && a.status !== 'Deleted');
    return {
      text: [
        `## Ads, ${window.start} to ${window.end}`,
        '',
        pagingSummary(page),
        '',
        listed.length
          ? markdownTable(
              ['Ad group', 'Id', 'First headlines', 'Status', 'Review', 'Spend', 'Clicks', 'Conv.'],
              listed.map((a) => [
                groupName.get(a.ad_group_id) ?? '',
                a.id,
                a.headlines.slice(0, 2).join(' | '),
                a.status,
                a.editorial_status,
                money(a.metrics.spend, currency),
                a.metrics.clicks,
                a.metrics.conversions,
              ]),
            )
          : 'No ad matches these filters.',
        ...(disapproved.length
          ? [
              '',
              ...disapproved.map(
                (a) => `Ad ${a.id} was disapproved (${a.editorial_reason}): fix the text with update_deskads_ad; it is reviewed again.`,
              ),
            ]
          : []),
      ].join('\n'),
      structured: {
        account_id: ctx.account.account_id,
        start_date: window.start,
        end_date: window.end,
        total: page.total,
        filtered: page.filtered,
        offset: page.offset,
        limit: page.limit,
        has_more: page.has_more,
        ads: listed,
      },
    };
  },
});

const writtenAd = v.object({
  account_id: v.string(),
  ad_id: v.string(),
  ad_group_id: v.string(),
  status: v.picklist(ENTITY_STATUSES),
  editorial_status: v.picklist(EDITORIAL_STATUSES),
});

export const createDeskAdsResponsiveSearchAd = defineDeskAdsTool({
  name: 'create_deskads_responsive_search_ad',
  description: `Adds a responsive search ad to an ad group: ${RSA.headlines.min}-${RSA.headlines.max} headlines of up to ${RSA.headlines.chars} characters, ${RSA.descriptions.min}-${RSA.descriptions.max} descriptions of up to ${RSA.descriptions.chars}, two optional display path parts of up to ${RSA.path}, and the landing page. It goes through editorial review (Pending) before it can serve; list_deskads_ads shows the outcome.`,
  access: 'write',
  examples: [
    {
      ad_group_id: '<ad_group_id from list_deskads_ad_groups>',
      headlines: ['Example Boots', 'Northwind Outdoor', 'Free Returns'],
      descriptions: ['Tested on trails.', 'Order today.'],
      final_url: 'https://www.example.com/boots',
    },
  ],
  args: {
    ad_group_id: idArgument('ad group', 'list_deskads_ad_groups'),
    headlines,
    descriptions,
    path1: v.optional(path),
    path2: v.optional(path),
    final_url: finalUrl,
    status: v.optional(
      v.pipe(
        v.picklist(['Active', 'Paused']),
        v.description('Active (default: serves once approved, while its ad group serves) or Paused'),
      ),
      'Active',
    ),
  },
  rules: [
    (args) => duplicates('headlines', args.headlines),
    (args) => duplicates('descriptions', args.descriptions),
    (args) => (args.path2 !== undefined && args.path1 === undefined ? '`path2` needs `path1`' : undefined),
  ],
  output: writtenAd,
  async plan(args, ctx) {
    const group = (await ctx.platform.listAdGroups()).find((g) => g.id === args.ad_group_id);
    if (!group)
      throw new ToolError(
        `No ad group ${args.ad_group_id} in account ${ctx.account.account_id}. list_deskads_ad_groups lists the valid ids.`,
        { code: 'not_found' },
      );
    if (group.status === 'Deleted') throw new ToolError(`Ad group "${group.name}" is deleted; add the ad to an ad group that is not.`);
    const status = ctx.createPaused ? 'Paused' : args.status;
    const ad = {
      ad_group_id: group.id,
      headlines: args.headlines,
      descriptions: args.descriptions,
      path1: args.path1 ?? null,
      path2: args.path2 ?? null,
      final_url: args.final_url,
      status,
    };
    const fields: Record<string, FieldChange> = Object.fromEntries(Object.entries(ad).map(([k, after]) => [k, { after }]));
    return {
      summary: `Create a responsive search ad in ad group "${group.name}" (${status})`,
      changes: [
        {
          action: 'create' as const,
          entity: 'ad',
          name: args.headlines[0],
          fields,
          startsPaused: status === 'Paused' || group.status !== 'Active',
        },
      ],
      notes: ['The ad is reviewed before it serves (Pending, then Approved or Disapproved).'],
      data: { ad, groupName: group.name },
    };
  },
  async apply(plan, _args, ctx) {
    const created = await ctx.platform.createAd(plan.data.ad);
    return {
      text: `## Responsive search ad created in "${plan.data.groupName}"\n\nId ${created.id}, status ${created.status}, editorial review ${created.editorial_status}. See the outcome with list_deskads_ads.`,
      structured: {
        account_id: ctx.account.account_id,
        ad_id: created.id,
        ad_group_id: created.ad_group_id,
        status: created.status,
        editorial_status: created.editorial_status,
      },
    };
  },
});

async function findAd(port: DeskAdsPort, accountId: string, id: string): Promise<DeskAdsAd> {
  const ad = (await port.listAds()).find((a) => a.id === id);
  if (!ad) throw new ToolError(`No ad ${id} in account ${accountId}. ${LISTER} lists the valid ids.`, { code: 'not_found' });
  return ad;
}

const AD_FIELDS = ['headlines', 'descriptions', 'path1', 'path2', 'final_url'] as const;

export const updateDeskAdsAd = defineDeskAdsTool({
  name: 'update_deskads_ad',
  description:
    'Changes the headlines, descriptions, display path or landing page of a responsive search ad (lists replace the whole list; null clears a path). The changed ad goes through editorial review again before it serves. Pause or resume it with pause_deskads_ad / resume_deskads_ad.',
  access: 'write',
  examples: [{ ad_id: '<ad_id from list_deskads_ads>', final_url: 'https://www.example.com/example' }],
  args: {
    ad_id: idArgument('ad', LISTER),
    headlines: v.optional(headlines),
    descriptions: v.optional(descriptions),
    path1: v.optional(v.nullable(path)),
    path2: v.optional(v.nullable(path)),
    final_url: v.optional(finalUrl),
  },
  rules: [
    (args) =>
      AD_FIELDS.some((f) => args[f] !== undefined)
        ? undefined
        : `give at least one change (${AD_FIELDS.map((f) => `\`${f}\``).join(', ')})`,
    (args) => duplicates('headlines', args.headlines),
    (args) => duplicates('descriptions', args.descriptions),
  ],
  output: v.object({
    ...writtenAd.entries,
    changes: v.array(v.object({ field: v.string(), before: v.unknown(), after: v.unknown() })),
    changed: v.boolean(),
  }),
  async plan(args, ctx) {
    const ad = await findAd(ctx.platform, ctx.account.account_id, args.ad_id);
    if (ad.status === 'Deleted') throw new ToolError(`Ad ${ad.id} is deleted and cannot be changed.`);
    const patch: DeskAdsAdPatch = {};
    const fields: Record<string, FieldChange> = {};
    for (const field of AD_FIELDS) {
      const after = args[field];
      if (after === undefined || JSON.stringify(after) === JSON.stringify(ad[field])) continue;
      (patch as Record<string, unknown>)[field] = after;
      fields[field] = { before: ad[field], after };
    }
    const path2After = patch.path2 !== undefined ? patch.path2 : ad.path2;
    const path1After = patch.path1 !== undefined ? patch.path1 : ad.path1;
    if (path2After && !path1After) throw new ToolError('`path2` needs `path1`: the ad would have a second path part without a first.');
    const changed = Object.keys(fields).length > 0;
    return {
      summary: changed ? `Change ad ${ad.id}: ${Object.keys(fields).join(', ')}` : `Ad ${ad.id} already has this text; nothing changes`,
      changes: changed ? [{ action: 'update' as const, entity: 'ad', id: ad.id, name: ad.headlines[0], fields }] : [],
      notes: changed ? ['The changed ad is reviewed again before it serves.'] : [],
      data: {
        id: ad.id,
        adGroupId: ad.ad_group_id,
        patch,
        expect: Object.fromEntries(Object.keys(fields).map((f) => [f, ad[f as keyof DeskAdsAd]])) as Partial<DeskAdsAd>,
        status: ad.status,
        editorial: ad.editorial_status,
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { id, adGroupId, patch, expect } = plan.data;
    const changes = plan.changes.flatMap((c) =>
      Object.entries(c.fields).map(([field, f]) => ({ field, before: f.before ?? null, after: f.after })),
    );
    const updated = changes.length ? await ctx.platform.updateAd(id, patch, expect) : undefined;
    return {
      text: updated
        ? `## Ad ${id} updated\n\n${markdownTable(
            ['Field', 'Before', 'After'],
            changes.map((c) => [
              c.field,
              Array.isArray(c.before) ? c.before.join(' | ') : String(c.before ?? '(none)'),
              Array.isArray(c.after) ? c.after.join(' | ') : String(c.after ?? '(none)'),
            ]),
          )}\n\nEditorial review: ${updated.editorial_status}.`
        : `## Ad ${id} unchanged\n\nIt already has this text.`,
      structured: {
        account_id: ctx.account.account_id,
        ad_id: id,
        ad_group_id: adGroupId,
        status: updated?.status ?? plan.data.status,
        editorial_status: updated?.editorial_status ?? plan.data.editorial,
        changes,
        changed: changes.length > 0,
      },
    };
  },
  undo: (plan) => {
    const change = plan.changes[0];
    return change
      ? {
          tool: 'update_deskads_ad',
          arguments: { ad_id: plan.data.id, ...Object.fromEntries(Object.entries(change.fields).map(([f, c]) => [f, c.before ?? null])) },
        }
      : undefined;
  },
});

const findForStatus = async (port: DeskAdsPort, id: string) => {
  const ad = (await port.listAds()).find((a) => a.id === id);
  return ad ? { ...ad, name: ad.headlines[0] ?? ad.id } : undefined;
};

export const pauseDeskAdsAd = statusChangeTool({
  name: 'pause_deskads_ad',
  examples: [{ ad_id: '<ad_id from list_deskads_ads>' }],
  description:
    'Pauses a deskads ad: it stops showing from now on; the other ads of its ad group keep serving. Resume it with resume_deskads_ad.',
  entity: 'ad',
  label: 'ad',
  idArg: 'ad_id',
  lister: LISTER,
  to: 'Paused',
  undoTool: 'resume_deskads_ad',
  find: findForStatus,
  write: async (port, id, to, from) => ({ ...(await port.updateAd(id, { status: to }, { status: from })), name: '' }),
});

export const resumeDeskAdsAd = statusChangeTool({
  name: 'resume_deskads_ad',
  examples: [{ ad_id: '<ad_id from list_deskads_ads>' }],
  description:
    'Resumes a paused deskads ad (Paused → Active). It shows once approved by editorial review and while its ad group serves; a deleted ad cannot be resumed.',
  entity: 'ad',
  label: 'ad',
  idArg: 'ad_id',
  lister: LISTER,
  to: 'Active',
  undoTool: 'pause_deskads_ad',
  find: findForStatus,
  write: async (port, id, to, from) => ({ ...(await port.updateAd(id, { status: to }, { status: from })), name: '' }),
});
