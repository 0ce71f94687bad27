import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolDefinition } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsAd, SearchAdsAdPatch } from '../port';
import { adIdArg } from './common';

/**
 * Ad copy: the platform's limits per ad type, and every edit of an existing ad's copy built once
 * (headlines only, descriptions only, or any part). The ad keeps its id; the platform reviews the
 * new copy, and the answer shows each part before → after.
 */

/** Limits per ad type: how many headlines and descriptions, and how long each may be. */
export const COPY_LIMITS: Record<string, { headlines: [number, number, number]; descriptions: [number, number, number] }> = {
  RESPONSIVE_SEARCH_AD: { headlines: [3, 15, 30], descriptions: [2, 4, 90] },
  RESPONSIVE_DISPLAY_AD: { headlines: [1, 5, 30], descriptions: [1, 5, 90] },
};

export const textList = (max: number, length: number, what: string) =>
  v.pipe(
    v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(length, `must be at most ${length} characters`))),
    v.maxLength(max, `must list at most ${max} ${what}`),
    v.check((list) => new Set(list.map((t) => t.toLowerCase())).size === list.length, `must not repeat a ${what.replace(/s$/, '')}`),
  );
export const finalUrlArg = () =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url('must be a full URL'),
    v.regex(/^https?:\/\//, 'must start with http:// or https://'),
    v.description('Landing page URL'),
  );
export const pathArg = (n: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(15, 'must be at most 15 characters'),
      v.regex(/^[^\s/]*$/, 'must be one word without slashes'),
      v.description(`Display URL path ${n} (<= 15 characters)`),
    ),
  );

/** Refuses copy outside the limits of the ad's type (the count rules; lengths are checked by the schema). */
export function checkCopy(type: string, copy: { headlines?: string[]; descriptions?: string[] }): void {
  const limits = COPY_LIMITS[type];
  if (!limits)
    throw new ToolError(
      `Ads of type ${type} have no editable headlines or descriptions here; only responsive search and responsive display ads do.`,
    );
  const problems: string[] = [];
  for (const field of ['headlines', 'descriptions'] as const) {
    const list = copy[field];
    if (!list) continue;
    const [min, max, length] = limits[field];
    if (list.length < min || list.length > max) problems.push(`\`${field}\` must list ${min}-${max} for a ${type} (got ${list.length})`);
    list.forEach(
      (text, i) => text.length > length && problems.push(`\`${field}[${i}]\` must be at most ${length} characters for a ${type}`),
    );
  }
  if (problems.length) throw new ToolError(`${problems.join('; ')}.`);
}

interface CopyRow {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  fields: ('headlines' | 'descriptions' | 'final_url' | 'path1' | 'path2')[];
  /** Ad types it edits. */
  types: string[];
}

const snapshot = (ad: SearchAdsAd) => ({
  headlines: ad.headlines,
  descriptions: ad.descriptions,
  final_url: ad.final_url,
  path1: ad.path1 ?? '',
  path2: ad.path2 ?? '',
});

export function adCopyTool(row: CopyRow): ToolDefinition {
  const args: v.ObjectEntries = { ad_id: adIdArg() };
  if (row.fields.includes('headlines'))
    args.headlines = (row.fields.length === 1 ? (s: v.GenericSchema) => s : v.optional)(
      v.pipe(
        textList(15, 30, 'headlines'),
        v.description('The new headlines, replacing all (search ads 3-15 of <= 30 characters; display ads 1-5)'),
      ),
    );
  if (row.fields.includes('descriptions'))
    args.descriptions = (row.fields.length === 1 ? (s: v.GenericSchema) => s : v.optional)(
      v.pipe(
        textList(5, 90, 'descriptions'),
        v.description('The new descriptions, replacing all (search ads 2-4 of <= 90 characters; display ads 1-5)'),
      ),
    );
  if (row.fields.includes('final_url')) args.final_url = v.optional(finalUrlArg());
  if (row.fields.includes('path1')) args.path1 = pathArg(1);
  if (row.fields.includes('path2')) args.path2 = pathArg(2);
  return defineSearchAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'write',
    args,
    rules: [
      (a: Record<string, unknown>) =>
        row.fields.every((f) => a[f] === undefined) ? `give at least one of ${row.fields.map((f) => `\`${f}\``).join(', ')}` : undefined,
    ],
    output: v.object({
      customer_id: v.string(),
      ad_id: v.string(),
      type: v.string(),
      changed: v.array(v.string()),
      before: v.record(v.string(), v.unknown()),
      after: v.record(v.string(), v.unknown()),
    }),
    async plan(a, ctx) {
      const given = a as Record<string, unknown> & { ad_id: string };
      const ad = await ctx.platform.getAd(given.ad_id);
      if (ad.status === 'REMOVED') throw new ToolError(`Ad ${ad.id} is REMOVED; create a new one with create_ad.`);
      if (!row.types.includes(ad.type))
        throw new ToolError(`Ad ${ad.id} is a ${ad.type}; ${row.name} edits ${row.types.join(' and ')} ads.`);
      checkCopy(ad.type, given as { headlines?: string[]; descriptions?: string[] });
      const before = snapshot(ad);
      const patch: SearchAdsAdPatch = {};
      const fields: Record<string, { before: unknown; after: unknown }> = {};
      for (const f of row.fields) {
        if (given[f] === undefined || JSON.stringify(given[f]) === JSON.stringify(before[f])) continue;
        (patch as Record<string, unknown>)[f] = given[f] === '' ? undefined : given[f];
        fields[f] = { before: before[f], after: given[f] };
      }
      return {
        summary: Object.keys(fields).length
          ? `Change ${Object.keys(fields).join(', ')} of ad ${ad.id}`
          : `Ad ${ad.id} already has that copy; nothing changes`,
        changes: Object.keys(fields).length ? [{ action: 'update' as const, entity: 'ad', id: ad.id, name: ad.headlines[0], fields }] : [],
        notes: Object.keys(fields).length
          ? ["Changed copy goes through the platform's review again; the ad keeps serving its approved copy meanwhile."]
          : [],
        data: { ad: { id: ad.id, type: ad.type }, before, patch },
      };
    },
    async apply(plan, _a, ctx) {
      const { ad, before, patch } = plan.data as {
        ad: { id: string; type: string };
        before: ReturnType<typeof snapshot>;
        patch: SearchAdsAdPatch;
      };
      const changed = Object.keys(plan.changes[0]?.fields ?? {});
      const structured = { customer_id: ctx.account.account_id, ad_id: ad.id, type: ad.type, before };
      if (!changed.length)
        return {
          text: `## Ad ${ad.id} unchanged\n\nIt already has that copy; nothing changed.`,
          structured: { ...structured, changed, after: before },
        };
      const after = snapshot(await ctx.platform.updateAd(ad.id, patch));
      const shown = (x: unknown) => (Array.isArray(x) ? x.join(' | ') : String(x ?? ''));
      return {
        text: [
          `## Ad ${ad.id} updated`,
          '',
          markdownTable(
            ['Part', 'Before', 'After'],
            changed.map((f) => [f, shown(before[f as keyof typeof before]), shown(after[f as keyof typeof after])]),
          ),
          '',
          `- ${plan.notes?.[0] ?? ''}`,
          '- get_ad_creative shows every part; get_ad_performance compares it with the other ads of its ad group.',
        ].join('\n'),
        structured: { ...structured, changed, after },
      };
    },
    undo(plan) {
      const { ad, before } = plan.data as { ad: { id: string }; before: Record<string, unknown> };
      const changed = Object.keys(plan.changes[0]?.fields ?? {});
      if (!changed.length) return undefined;
      return { tool: row.name, arguments: { ad_id: ad.id, ...Object.fromEntries(changed.map((f) => [f, before[f]])) } };
    },
  });
}

const BOTH = ['RESPONSIVE_SEARCH_AD', 'RESPONSIVE_DISPLAY_AD'];
export const AD_COPY_TOOLS: CopyRow[] = [
  {
    name: 'update_ad_headlines',
    examples: [{ ad_id: '<ad_id from get_ad_performance>', headlines: ['Trail Boots', 'Free Returns', 'Waterproof Boots'] }],
    fields: ['headlines'],
    types: ['RESPONSIVE_SEARCH_AD'],
    description:
      'Replaces all headlines of a responsive search ad (3-15 headlines of at most 30 characters, no repeats). The ad keeps its id and history.',
  },
  {
    name: 'update_ad_descriptions',
    examples: [{ ad_id: '<ad_id from get_ad_performance>', descriptions: ['Boots tested on real trails.', 'Free returns.'] }],
    fields: ['descriptions'],
    types: ['RESPONSIVE_SEARCH_AD'],
    description: 'Replaces all descriptions of a responsive search ad (2-4 descriptions of at most 90 characters, no repeats).',
  },
  {
    name: 'update_ad_content',
    examples: [{ ad_id: '<ad_id from get_ad_performance>', path1: 'boots' }],
    fields: ['headlines', 'descriptions', 'final_url', 'path1', 'path2'],
    types: ['RESPONSIVE_SEARCH_AD'],
    description:
      "Updates a responsive search ad's headlines, descriptions, final URL and/or display paths in one call; parts left out stay.",
  },
  {
    name: 'update_ad_creative',
    examples: [{ ad_id: '<ad_id from get_ad_performance>', final_url: 'https://www.example.com/boots' }],
    fields: ['headlines', 'descriptions', 'final_url'],
    types: BOTH,
    description:
      "Edits an existing ad's copy by its type: responsive search ads (3-15 headlines, 2-4 descriptions) or responsive display ads (1-5 headlines, 1-5 descriptions); final URL too.",
  },
];
