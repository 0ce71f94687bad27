import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolDefinition } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { NewSearchAdsAsset, SearchAdsAsset, SearchAdsAssetType, SearchAdsCampaignType } from '../port';
import { campaignIdArg, idFromResourceName, requireLiveCampaign } from './common';
import { finalUrlArg } from './ad-copy';

/**
 * Campaign assets (sitelinks, structured snippets, calls, business names, callouts) attached and
 * detached, built once: each type is a row saying how an item becomes a library asset, how it reads
 * back, how many a campaign holds and which campaign types show it. An asset of the library with
 * the same content is reused rather than duplicated; detaching leaves the asset in the library.
 */

const short = (max: number) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(max, `must be at most ${max} characters`));

/** The headers the platform offers for structured snippets (English). */
export const SNIPPET_HEADERS = [
  'Amenities',
  'Brands',
  'Courses',
  'Degree programs',
  'Destinations',
  'Featured hotels',
  'Insurance coverage',
  'Models',
  'Neighborhoods',
  'Service catalog',
  'Shows',
  'Styles',
  'Types',
] as const;

interface AttachRow {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  type: SearchAdsAssetType;
  /** The argument holding the items and its schema (one item or a list). */
  arg: string;
  schema: v.GenericSchema;
  /** The items of the arguments. */
  items(args: Record<string, unknown>): Record<string, unknown>[];
  toAsset(item: Record<string, unknown>): NewSearchAdsAsset;
  /** How an asset reads in tables and results. */
  label(asset: Pick<SearchAdsAsset, 'link_text' | 'header' | 'values' | 'phone_number' | 'text' | 'callout_text' | 'country_code'>): string;
  max: number;
  campaignTypes: SearchAdsCampaignType[];
  /** A campaign holds only one (business name): a second replaces nothing and is refused. */
  single?: boolean;
}

const sameContent = (a: NewSearchAdsAsset, b: NewSearchAdsAsset) =>
  (
    ['callout_text', 'phone_number', 'country_code', 'link_text', 'final_url', 'description1', 'description2', 'header', 'text'] as const
  ).every((k) => (a[k] ?? '') === (b[k] ?? '')) && JSON.stringify(a.values ?? []) === JSON.stringify(b.values ?? []);

const attachOutput = v.object({
  customer_id: v.string(),
  campaign_id: v.string(),
  type: v.string(),
  results: v.array(
    v.object({
      label: v.string(),
      result: v.picklist(['added', 'skipped']),
      asset_id: v.optional(v.string()),
      new_asset: v.optional(v.boolean()),
      reason: v.optional(v.string()),
    }),
  ),
  total_on_campaign: v.number(),
});

export function attachTool(row: AttachRow): ToolDefinition {
  return defineSearchAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'write',
    args: { campaign_id: campaignIdArg(), [row.arg]: row.schema } as Record<string, v.GenericSchema>,
    output: attachOutput,
    async plan(a, ctx) {
      const campaign = await requireLiveCampaign(ctx.platform, a.campaign_id as string);
      if (!row.campaignTypes.includes(campaign.type))
        throw new ToolError(
          `Campaign "${campaign.name}" is a ${campaign.type} campaign; ${row.name} works on ${row.campaignTypes.join('/')} campaigns.`,
        );
      const [library, links] = await Promise.all([ctx.platform.listAssets(row.type), ctx.platform.listCampaignAssets(campaign.id)]);
      const linked = library.filter((asset) => links.some((l) => l.field_type === row.type && l.asset_id === asset.id));
      const wanted = row.items(a as Record<string, unknown>).map(row.toAsset);
      const results: { label: string; result: 'added' | 'skipped'; reason?: string; asset: NewSearchAdsAsset; reuse?: string }[] = [];
      for (const asset of wanted) {
        if (linked.some((l) => sameContent(l, asset)) || results.some((r) => r.result === 'added' && sameContent(r.asset, asset))) {
          results.push({ label: row.label(asset), result: 'skipped', reason: 'already on the campaign', asset });
        } else {
          results.push({ label: row.label(asset), result: 'added', asset, reuse: library.find((l) => sameContent(l, asset))?.id });
        }
      }
      const adding = results.filter((r) => r.result === 'added');
      if (row.single && linked.length && adding.length)
        throw new ToolError(
          `Campaign "${campaign.name}" already has a ${row.type.toLowerCase().replace('_', ' ')} (${row.label(linked[0]!)}); remove it first.`,
        );
      if (linked.length + adding.length > row.max)
        throw new ToolError(
          `Campaign "${campaign.name}" has ${linked.length} ${row.type.toLowerCase()} asset(s); adding ${adding.length} would exceed the platform limit of ${row.max}.`,
        );
      return {
        summary: adding.length
          ? `Attach ${adding.length} ${row.type.toLowerCase().replace('_', ' ')} asset(s) to "${campaign.name}"`
          : 'Nothing to attach: every item is already on the campaign',
        changes: adding.flatMap((r) => [
          ...(r.reuse
            ? []
            : [
                {
                  action: 'create' as const,
                  entity: 'asset',
                  name: r.label,
                  fields: Object.fromEntries(Object.entries(r.asset).map(([k, val]) => [k, { after: val }])),
                  startsPaused: true,
                },
              ]),
          {
            action: 'create' as const,
            entity: 'campaign_asset',
            name: r.label,
            fields: {
              campaign_id: { after: campaign.id },
              field_type: { after: row.type },
              ...(r.reuse ? { asset_id: { after: r.reuse } } : {}),
            },
            startsPaused: true,
          },
        ]),
        notes: results.filter((r) => r.result === 'skipped').map((r) => `${r.label}: ${r.reason}.`),
        data: { campaign: { id: campaign.id, name: campaign.name }, linked: linked.length, results },
      };
    },
    async apply(plan, _a, ctx) {
      const { campaign, linked, results } = plan.data;
      const adding = results.filter((r) => r.result === 'added');
      const fresh = adding.filter((r) => !r.reuse);
      const created = fresh.length ? await ctx.step('assets', () => ctx.platform.createAssets(fresh.map((r) => r.asset))) : [];
      const idOf = (r: (typeof adding)[number]) => r.reuse ?? created[fresh.indexOf(r)]!.id;
      if (adding.length)
        await ctx.step('links', () =>
          ctx.platform.linkCampaignAssets(adding.map((r) => ({ campaign_id: campaign.id, asset_id: idOf(r), field_type: row.type }))),
        );
      const out = results.map((r) =>
        r.result === 'added'
          ? { label: r.label, result: r.result, asset_id: idOf(r), new_asset: !r.reuse }
          : { label: r.label, result: r.result, reason: r.reason },
      );
      const total = linked + adding.length;
      return {
        text: [
          `## ${adding.length} ${row.type.toLowerCase().replace('_', ' ')} asset(s) attached to "${campaign.name}"`,
          '',
          markdownTable(
            ['Asset', 'Result', 'Asset id'],
            out.map((r) => [r.label, r.reason ? `${r.result} (${r.reason})` : r.result, r.asset_id ?? '']),
          ),
          '',
          `${total} on the campaign now; list_campaign_extensions shows them all.`,
        ].join('\n'),
        structured: {
          customer_id: ctx.account.account_id,
          campaign_id: campaign.id,
          type: row.type,
          results: out,
          total_on_campaign: total,
        },
      };
    },
  });
}

interface DetachRow {
  name: string;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  type: SearchAdsAssetType;
  label: AttachRow['label'];
}

export function detachTool(row: DetachRow): ToolDefinition {
  return defineSearchAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'write',
    destructive: true,
    args: {
      campaign_id: campaignIdArg(),
      asset_ids: v.optional(
        v.pipe(
          v.array(v.pipe(v.string(), v.trim(), v.minLength(1))),
          v.minLength(1, 'must list at least one asset; omit it to detach all of this type'),
          v.maxLength(50),
          v.description('Asset ids or resource names from list_campaign_extensions; omit to detach ALL of this type from the campaign'),
        ),
      ),
    },
    output: v.object({
      customer_id: v.string(),
      campaign_id: v.string(),
      type: v.string(),
      removed: v.array(v.object({ asset_id: v.string(), label: v.string() })),
      remaining: v.number(),
    }),
    async plan(args, ctx) {
      const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
      const [library, links] = await Promise.all([ctx.platform.listAssets(row.type), ctx.platform.listCampaignAssets(campaign.id)]);
      const mine = links.filter((l) => l.field_type === row.type);
      const label = (id: string) => row.label(library.find((a) => a.id === id) ?? {});
      let targets = mine;
      if (args.asset_ids) {
        const wanted = [...new Set(args.asset_ids.map((id) => idFromResourceName(id, 'assets', ctx.account.account_id)))];
        const missing = wanted.filter((id) => !mine.some((l) => l.asset_id === id));
        if (missing.length)
          throw new ToolError(
            `Campaign "${campaign.name}" has no ${row.type.toLowerCase()} asset ${missing.map((id) => `"${id}"`).join(', ')}. list_campaign_extensions lists what it has.`,
          );
        targets = mine.filter((l) => wanted.includes(l.asset_id));
      }
      return {
        summary: targets.length
          ? `Detach ${targets.length} ${row.type.toLowerCase()} asset(s) from "${campaign.name}"`
          : `Campaign "${campaign.name}" has no ${row.type.toLowerCase()} assets; nothing changes`,
        changes: targets.map((l) => ({
          action: 'remove' as const,
          entity: 'campaign_asset',
          id: l.id,
          name: label(l.asset_id),
          fields: {},
        })),
        data: {
          campaign: { id: campaign.id, name: campaign.name },
          targets: targets.map((l) => ({ link: l.id, asset_id: l.asset_id, label: label(l.asset_id) })),
          remaining: mine.length - targets.length,
        },
      };
    },
    async apply(plan, _args, ctx) {
      const { campaign, targets, remaining } = plan.data;
      if (targets.length) await ctx.step('unlink', () => ctx.platform.unlinkCampaignAssets(targets.map((t) => t.link)).then(() => true));
      const removed = targets.map((t) => ({ asset_id: t.asset_id, label: t.label }));
      return {
        text: targets.length
          ? [
              `## ${targets.length} ${row.type.toLowerCase()} asset(s) detached from "${campaign.name}"`,
              '',
              markdownTable(
                ['Asset', 'Asset id'],
                removed.map((r) => [r.label, r.asset_id]),
              ),
              '',
              `${remaining} remain on the campaign. The assets stay in the library for reuse.`,
            ].join('\n')
          : `## Nothing detached\n\nCampaign "${campaign.name}" has no ${row.type.toLowerCase()} assets.`,
        structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, type: row.type, removed, remaining },
      };
    },
  });
}

const sitelinkLabel: AttachRow['label'] = (a) => a.link_text ?? '';
const snippetLabel: AttachRow['label'] = (a) => `${a.header}: ${(a.values ?? []).join(', ')}`;
const SEARCH_LIKE: SearchAdsCampaignType[] = ['SEARCH', 'PERFORMANCE_MAX', 'SHOPPING'];

export const ATTACH_TOOLS: AttachRow[] = [
  {
    name: 'add_sitelinks',
    examples: [
      {
        campaign_id: '<campaign_id from list_campaigns>',
        sitelinks: [{ link_text: 'Boot Finder', final_url: 'https://www.example.com/finder' }],
      },
    ],
    type: 'SITELINK',
    arg: 'sitelinks',
    max: 20,
    campaignTypes: SEARCH_LIKE,
    label: sitelinkLabel,
    schema: v.pipe(
      v.array(
        v.strictObject({
          link_text: short(25),
          final_url: finalUrlArg(),
          description1: v.optional(short(35)),
          description2: v.optional(short(35)),
        }),
      ),
      v.minLength(1),
      v.maxLength(20),
      v.check(
        (list) => list.every((s) => Boolean(s.description1) === Boolean(s.description2)),
        'each sitelink gives both description lines or neither',
      ),
      v.description('Sitelinks: link text (<= 25), final URL, and both description lines (<= 35) or neither; at least 4 recommended'),
    ),
    items: (a) => a.sitelinks as Record<string, unknown>[],
    toAsset: (s) => ({
      type: 'SITELINK',
      link_text: s.link_text as string,
      final_url: s.final_url as string,
      ...(s.description1 ? { description1: s.description1 as string, description2: s.description2 as string } : {}),
    }),
    description:
      'Attaches sitelinks (link text <= 25 characters + final URL, optionally two description lines <= 35) to a Search, Shopping or Performance Max campaign; up to 20 per campaign, 4+ recommended. Existing identical sitelinks are reused, ones already on the campaign skipped.',
  },
  {
    name: 'add_structured_snippets',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>', snippets: [{ header: 'Brands', values: ['A', 'B', 'C'] }] }],
    type: 'STRUCTURED_SNIPPET',
    arg: 'snippets',
    max: 20,
    campaignTypes: SEARCH_LIKE,
    label: snippetLabel,
    schema: v.pipe(
      v.array(
        v.strictObject({
          header: v.pipe(v.picklist(SNIPPET_HEADERS), v.description(SNIPPET_HEADERS.join(', '))),
          values: v.pipe(v.array(short(25)), v.minLength(3, 'must list at least 3 values'), v.maxLength(10, 'must list at most 10 values')),
        }),
      ),
      v.minLength(1),
      v.maxLength(20),
      v.description("Structured snippets: a header from the platform's list and 3-10 values of at most 25 characters"),
    ),
    items: (a) => a.snippets as Record<string, unknown>[],
    toAsset: (s) => ({ type: 'STRUCTURED_SNIPPET', header: s.header as string, values: s.values as string[] }),
    description: `Attaches structured snippets (a header such as Brands, Styles or Types and 3-10 values of at most 25 characters) to a Search, Shopping or Performance Max campaign. Headers: ${SNIPPET_HEADERS.join(', ')}.`,
  },
  {
    name: 'add_call_asset',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>', call: { phone_number: '+1 800-555-0100', country_code: 'US' } }],
    type: 'CALL',
    arg: 'call',
    max: 20,
    campaignTypes: SEARCH_LIKE,
    label: (a) => `${a.phone_number} (${a.country_code})`,
    schema: v.pipe(
      v.strictObject({
        phone_number: v.pipe(v.string(), v.trim(), v.regex(/^\+?[\d\s().-]{6,20}$/, 'must be a phone number (digits, spaces, + ( ) . -)')),
        country_code: v.pipe(v.string(), v.trim(), v.regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US')),
      }),
      v.description('The phone number and its two-letter country code'),
    ),
    items: (a) => [a.call as Record<string, unknown>],
    toAsset: (c) => ({ type: 'CALL', phone_number: c.phone_number as string, country_code: c.country_code as string }),
    description:
      'Attaches a phone-number call asset to a Search, Shopping or Performance Max campaign so people can call from the ad. The same number already in the library is reused. remove_call_assets detaches it.',
  },
  {
    name: 'add_business_name_asset',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>', business_name: 'Northwind Outdoor' }],
    type: 'BUSINESS_NAME',
    arg: 'business_name',
    max: 1,
    single: true,
    campaignTypes: ['SEARCH'],
    label: (a) => a.text ?? '',
    schema: v.pipe(short(25), v.description('The business name shown with the ads (<= 25 characters)')),
    items: (a) => [{ text: a.business_name }],
    toAsset: (b) => ({ type: 'BUSINESS_NAME', text: b.text as string }),
    description: 'Attaches a business-name asset (at most 25 characters) to a Search campaign; a campaign has one.',
  },
];

export const DETACH_TOOLS: DetachRow[] = [
  {
    name: 'remove_sitelinks',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
    type: 'SITELINK',
    label: sitelinkLabel,
    description: 'Detaches sitelinks from a campaign (by asset id, or all of them); the assets stay in the library.',
  },
  {
    name: 'remove_structured_snippets',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
    type: 'STRUCTURED_SNIPPET',
    label: snippetLabel,
    description: 'Detaches structured snippets from a campaign (by asset id, or all of them); the assets stay in the library.',
  },
  {
    name: 'remove_callouts',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
    type: 'CALLOUT',
    label: (a) => a.callout_text ?? '',
    description: 'Detaches callout extensions from a campaign (by asset id, or all of them); the assets stay in the library for reuse.',
  },
];
