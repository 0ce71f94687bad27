import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedBudget, PlannedChange } from '../../../core/plan';
import { accountNamedOrDefault, listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import { isoDate } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import type {
  SearchAdsPort,
  SearchAdsAd,
  SearchAdsAsset,
  SearchAdsCampaign,
  SearchAdsKeyword,
  SearchAdsNegativeKeyword,
} from '../../searchads/port';
import { defineDeskAdsTool } from '../define';
import type { DeskAdsMatchType, DeskAdsNewAdExtension, DeskAdsNegativeMatchType } from '../port';
import type { DeskAdsNewCampaign } from '../port-rest';
import { RSA } from './ads';
import { KEYWORD_MAX_CHARS } from './keywords';
import { clampDeskAdsBid, deskAdsMinimumDailyBudget } from '../money';
import { roundToMinorUnit } from '../../../core/money';
import { MAX_EXTENSIONS_PER_ENTITY } from './extensions';

/**
 * import_deskads_from_searchads: copies the structure of a connected searchads account of the same
 * owner (read through the searchads port) into this deskads account. It is a sync by natural keys:
 * campaigns by name, ad groups by name in their campaign, keywords by text and match type, negatives
 * by text, match type and level, ads by their copy, extensions by their text; what is there already
 * is reported and left alone, so running it again (or retrying after a failure) creates no
 * duplicates, and every create is its own ctx.step.
 */

const MAX_CREATES = 3000;
const LANGUAGE_NAMES: Record<string, string> = {
  '1000': 'English',
  '1001': 'German',
  '1002': 'French',
  '1003': 'Spanish',
  '1004': 'Italian',
  '1010': 'Dutch',
  '1014': 'Portuguese',
  '1015': 'Swedish',
};
const SKIPPED_TYPES: Record<string, string> = {
  PERFORMANCE_MAX: 'Performance Max campaigns run on asset groups, which this import does not copy; build one in deskads by hand',
  DISPLAY: 'display campaigns are not imported: this deskads account runs search and shopping campaigns',
  VIDEO: 'video campaigns are not imported: deskads has no video campaigns',
  SHOPPING: 'shopping campaigns need a deskads merchant store: create one with create_deskads_shopping_campaign',
};
const BID_STRATEGY: Record<string, DeskAdsNewCampaign['bid_strategy']> = {
  MANUAL_CPC: 'ManualCpc',
  ENHANCED_CPC: 'EnhancedCpc',
  MAXIMIZE_CLICKS: 'MaxClicks',
  TARGET_SPEND: 'MaxClicks',
  MAXIMIZE_CONVERSIONS: 'MaxConversions',
  TARGET_CPA: 'TargetCpa',
};
const MATCH: Record<string, DeskAdsMatchType> = { EXACT: 'Exact', PHRASE: 'Phrase', BROAD: 'Broad' };
const status = (s: string) => (s === 'ENABLED' ? ('Active' as const) : ('Paused' as const));
const chars = (s: string) => [...s].length;
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const BAD_KEYWORD_CHARS = /[!@%^*()={};~`<>?\\|]/;

const ENTITIES = ['campaign', 'ad_group', 'keyword', 'negative_keyword', 'ad', 'extension', 'location'] as const;
type Entity = (typeof ENTITIES)[number];

interface Skip {
  entity: Entity;
  source_id: string;
  name: string;
  reason: string;
}

/** One ad group to import (or complete) and what goes into it. */
interface GroupPlan {
  sourceId: string;
  name: string;
  existingId: string | null;
  create: { name: string; status: 'Active' | 'Paused'; cpc_bid: number } | null;
  keywords: { text: string; match_type: DeskAdsMatchType; bid: number | null; final_url: null; status: 'Active' | 'Paused' }[];
  negatives: { text: string; match_type: DeskAdsNegativeMatchType }[];
  ads: {
    sourceId: string;
    headlines: string[];
    descriptions: string[];
    path1: string | null;
    path2: string | null;
    final_url: string;
    status: 'Active' | 'Paused';
  }[];
}

interface CampaignPlan {
  sourceId: string;
  name: string;
  existingId: string | null;
  create: DeskAdsNewCampaign | null;
  negatives: { text: string; match_type: DeskAdsNegativeMatchType }[];
  extensions: DeskAdsNewAdExtension[];
  groups: GroupPlan[];
}

/** The Exact or Phrase form of a searchads negative, and a note when a broad one is narrowed. */
function negativeOf(n: Pick<SearchAdsNegativeKeyword, 'text' | 'match_type'>): {
  text: string;
  match_type: DeskAdsNegativeMatchType;
  converted: boolean;
} {
  return n.match_type === 'EXACT'
    ? { text: n.text, match_type: 'Exact', converted: false }
    : { text: n.text, match_type: 'Phrase', converted: n.match_type === 'BROAD' };
}

/** Why a responsive search ad does not fit deskads' limits, or undefined. */
function adProblem(ad: SearchAdsAd): string | undefined {
  if (ad.type !== 'RESPONSIVE_SEARCH_AD') return `ad type ${ad.type} is not imported (only responsive search ads)`;
  if (ad.headlines.length < RSA.headlines.min || ad.headlines.length > RSA.headlines.max)
    return `${ad.headlines.length} headlines; deskads needs ${RSA.headlines.min}-${RSA.headlines.max}`;
  if (ad.descriptions.length < RSA.descriptions.min || ad.descriptions.length > RSA.descriptions.max)
    return `${ad.descriptions.length} descriptions; deskads needs ${RSA.descriptions.min}-${RSA.descriptions.max}`;
  const long = ad.headlines.find((h) => chars(h) > RSA.headlines.chars) ?? ad.descriptions.find((d) => chars(d) > RSA.descriptions.chars);
  if (long) return `"${long}" is longer than deskads allows`;
  const path = [ad.path1, ad.path2].find((p) => p && chars(p) > RSA.path);
  if (path) return `display path "${path}" is longer than ${RSA.path} characters`;
  return undefined;
}

/** A sitelink or callout asset as a deskads extension, or why it cannot be one. */
function extensionOf(asset: SearchAdsAsset): DeskAdsNewAdExtension | string {
  if (asset.type === 'CALLOUT') {
    const text = asset.callout_text ?? '';
    return chars(text) > 25 ? `callout "${text}" is longer than 25 characters` : { type: 'CalloutAdExtension', text };
  }
  if (asset.type === 'SITELINK') {
    const text = asset.link_text ?? '';
    if (!text || chars(text) > 25) return `sitelink "${text}" needs link text of 1-25 characters`;
    if (!asset.final_url?.startsWith('https://')) return `sitelink "${text}" links to a non-https URL`;
    const d1 = asset.description1;
    const d2 = asset.description2;
    if (Boolean(d1) !== Boolean(d2)) return `sitelink "${text}" has one description line; deskads needs both or neither`;
    if ((d1 && chars(d1) > 35) || (d2 && chars(d2) > 35)) return `sitelink "${text}" has a description longer than 35 characters`;
    return {
      type: 'SitelinkAdExtension',
      display_text: text,
      final_url: asset.final_url,
      ...(d1 ? { description1: d1, description2: d2 } : {}),
    };
  }
  return `${asset.type.toLowerCase().replace(/_/g, ' ')} assets are not imported (deskads here takes sitelinks and callouts)`;
}

const countsOutput = v.object({
  campaigns: v.number(),
  ad_groups: v.number(),
  keywords: v.number(),
  negative_keywords: v.number(),
  ads: v.number(),
  extensions: v.number(),
});

export const importDeskAdsFromSearchAds = defineDeskAdsTool({
  name: 'import_deskads_from_searchads',
  description:
    "Copies search campaigns from a connected searchads account of yours into this deskads account: each campaign (budget, bid strategy, languages, locations found in deskads' locations file) created Paused, with its ad groups, keywords, negative keywords, responsive search ads and sitelinks and callouts (ad groups, keywords and ads keep their own status, so resuming the campaign reproduces the source). Reports per entity what it created and what it skipped and why: Performance Max, display, video and shopping campaigns, other ad types and assets, texts over deskads' limits, what is already there. Broad negatives become phrase negatives. Running it again creates only what is missing; a dry run shows the plan.",
  access: 'write',
  args: {
    searchads_customer_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{6,12}$/, 'must be a searchads customer id (digits, without dashes)'),
        v.description('The searchads account to copy from (list_connected_accounts); default your only or primary one'),
      ),
    ),
    campaign_ids: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,19}$/, 'must be a numeric searchads campaign id'))),
        v.minLength(1),
        v.maxLength(100),
        v.description('Only these searchads campaigns (1-100 ids); default every campaign that is not removed'),
      ),
    ),
    include_paused: v.optional(
      v.pipe(v.boolean(), v.description('true (default) = paused searchads campaigns too; false = enabled ones only')),
      true,
    ),
  },
  rules: [
    (a) => (a.campaign_ids && new Set(a.campaign_ids).size !== a.campaign_ids.length ? '`campaign_ids` names a campaign twice' : undefined),
  ],
  output: v.object({
    account_id: v.string(),
    searchads_customer_id: v.string(),
    campaigns: v.array(
      v.object({
        source_id: v.string(),
        name: v.string(),
        outcome: v.picklist(['created', 'completed', 'unchanged', 'skipped']),
        deskads_campaign_id: v.nullable(v.string()),
        reason: v.nullable(v.string()),
      }),
    ),
    created: countsOutput,
    skipped: v.array(v.object({ entity: v.picklist(ENTITIES), source_id: v.string(), name: v.string(), reason: v.string() })),
  }),
  async plan(args, ctx) {
    const sources = await listConnectedAccounts(ctx.owner.owner_id, 'searchads');
    if (!sources.length)
      throw new ToolError(
        'No searchads account is connected to your gateway. Connect one first (list_connected_accounts shows what is connected), then import from it.',
      );
    const source = accountNamedOrDefault(sources, args.searchads_customer_id);
    if (!source) {
      throw new ToolError(
        args.searchads_customer_id
          ? `No connected searchads account ${args.searchads_customer_id}. Connected: ${sources.map((s) => `${s.name} (${s.account_id})`).join(', ')}.`
          : `Several searchads accounts are connected and none is primary; name one with \`searchads_customer_id\`: ${sources.map((s) => `${s.name} (${s.account_id})`).join(', ')}.`,
        { code: args.searchads_customer_id ? 'not_found' : 'invalid_arguments' },
      );
    }
    if (source.currency !== ctx.account.currency) {
      throw new ToolError(
        `searchads account ${source.account_id} works in ${source.currency} and this deskads account in ${ctx.account.currency}: budgets and bids would be copied in the wrong currency. Import between accounts of the same currency.`,
      );
    }
    const from = ctx.openPort<SearchAdsPort>(source);
    const [srcCampaigns, srcGroups, srcKeywords, srcNegatives, srcAds, srcAssets, srcLinks] = await Promise.all([
      from.listCampaigns(),
      from.listAdGroups(),
      from.listKeywords(),
      from.listNegativeKeywords(),
      from.listAds(),
      from.listAssets(),
      from.listCampaignAssets(),
    ]);
    const unknown = (args.campaign_ids ?? []).filter((id) => !srcCampaigns.some((c) => c.id === id));
    if (unknown.length)
      throw new ToolError(
        `No campaign ${unknown.join(', ')} in searchads account ${source.account_id}. list_campaigns (with customer_id ${source.account_id}) lists them.`,
        { code: 'not_found', unknown_ids: unknown },
      );
    const [campaigns, groups, keywords, negatives, ads, extensions, geo] = await Promise.all([
      ctx.platform.listCampaigns(),
      ctx.platform.listAdGroups(),
      ctx.platform.listKeywords(),
      ctx.platform.listNegativeKeywords(),
      ctx.platform.listAds(),
      ctx.platform.listAdExtensions(),
      ctx.platform.listGeoLocations(),
    ]);
    const today = isoDate(ctx.now);
    const skipped: Skip[] = [];
    const notes: string[] = [];
    const plans: CampaignPlan[] = [];
    const chosen = srcCampaigns.filter((c) => (args.campaign_ids ? args.campaign_ids.includes(c.id) : c.status !== 'REMOVED'));
    for (const c of chosen) {
      const skip = (reason: string) => skipped.push({ entity: 'campaign', source_id: c.id, name: c.name, reason });
      if (c.status === 'REMOVED') {
        skip('removed in searchads');
        continue;
      }
      if (c.type !== 'SEARCH') {
        skip(SKIPPED_TYPES[c.type] ?? `${c.type} campaigns are not imported`);
        continue;
      }
      if (c.status === 'PAUSED' && !args.include_paused) {
        skip('paused in searchads (include_paused is false)');
        continue;
      }
      if (c.end_date && c.end_date < today) {
        skip(`ended on ${c.end_date}`);
        continue;
      }
      const existing = campaigns.find((d) => norm(d.name) === norm(c.name) && d.status !== 'Deleted');
      if (existing && (existing.type !== 'Search' || existing.status !== 'Paused')) {
        skip(
          `deskads already has a ${existing.status} ${existing.type} campaign named "${existing.name}"; rename one of them to import it`,
        );
        continue;
      }
      plans.push(await planCampaign(c, existing?.id ?? null));
    }

    async function planCampaign(c: SearchAdsCampaign, existingId: string | null): Promise<CampaignPlan> {
      let create: DeskAdsNewCampaign | null = null;
      if (!existingId) {
        const strategy = BID_STRATEGY[c.bidding_strategy ?? 'MANUAL_CPC'];
        const targetCpa = c.bidding_targets?.target_cpa;
        const bidStrategy = strategy === 'TargetCpa' && !targetCpa ? 'MaxConversions' : (strategy ?? 'EnhancedCpc');
        if (!strategy) notes.push(`"${c.name}": bid strategy ${c.bidding_strategy} has no deskads match; it bids with EnhancedCpc.`);
        const languages = [...new Set((c.language_ids ?? []).map((id) => LANGUAGE_NAMES[id]).filter((l): l is string => Boolean(l)))];
        const criteria = (await from.listCampaignCriteria(c.id)).filter((k) => !k.negative);
        const targets = criteria.length
          ? await from.getGeoTargets(criteria.map((k) => k.geo_target_constant.replace(/^geoTargetConstants\//, '')))
          : [];
        const locationIds: string[] = [];
        for (const t of targets) {
          const kind = t.target_type === 'City' ? 'City' : t.target_type === 'Country' ? 'Country' : 'State';
          const named = geo.filter((g) => norm(g.name) === norm(t.name));
          const place = named.find((g) => g.type === kind) ?? named[0];
          if (place) locationIds.push(place.id);
          else
            skipped.push({ entity: 'location', source_id: t.id, name: `${t.name} (${c.name})`, reason: "not in deskads' locations file" });
        }
        if (targets.length && !locationIds.length)
          notes.push(
            `"${c.name}": none of its locations is in deskads' locations file; it targets the United States until you set locations.`,
          );
        create = {
          name: c.name,
          type: 'Search',
          status: 'Paused',
          daily_budget: Math.max(deskAdsMinimumDailyBudget(ctx.account.currency), roundToMinorUnit(c.budget_amount, ctx.account.currency)),
          budget_type: 'DailyBudgetStandard',
          bid_strategy: bidStrategy,
          ...(bidStrategy === 'TargetCpa' ? { target_cpa: targetCpa } : {}),
          start_date: c.start_date > today ? c.start_date : today,
          ...(c.end_date ? { end_date: c.end_date } : {}),
          languages: languages.length ? languages : ['English'],
          ...(locationIds.length ? { location_ids: locationIds } : {}),
        };
      }
      const destGroups = existingId ? groups.filter((g) => g.campaign_id === existingId) : [];
      const destNegatives = existingId ? negatives.filter((n) => n.campaign_id === existingId) : [];
      const negKey = (level: string, owner: string | null, text: string, match: string) => `${level}|${owner ?? ''}|${norm(text)}|${match}`;
      const haveNegatives = new Set(
        destNegatives.map((n) =>
          negKey(
            n.level,
            n.level === 'AdGroup' ? (groups.find((g) => g.id === n.owner_id)?.name.toLowerCase() ?? '') : null,
            n.text,
            n.match_type,
          ),
        ),
      );
      const takeNegative = (
        n: SearchAdsNegativeKeyword,
        level: 'Campaign' | 'AdGroup',
        groupName: string | null,
        into: { text: string; match_type: DeskAdsNegativeMatchType }[],
      ) => {
        const neg = negativeOf(n);
        const key = negKey(level, groupName?.toLowerCase() ?? null, neg.text, neg.match_type);
        if (haveNegatives.has(key))
          return skipped.push({ entity: 'negative_keyword', source_id: n.id, name: n.text, reason: 'already in deskads' });
        if (chars(neg.text) > KEYWORD_MAX_CHARS || BAD_KEYWORD_CHARS.test(neg.text))
          return skipped.push({
            entity: 'negative_keyword',
            source_id: n.id,
            name: n.text,
            reason: 'text deskads does not accept (length or characters)',
          });
        haveNegatives.add(key);
        if (neg.converted)
          notes.push(`Broad negative "${n.text}" (${c.name}) becomes a phrase negative: deskads negatives are exact or phrase.`);
        into.push({ text: neg.text, match_type: neg.match_type });
      };
      const campaignNegatives: CampaignPlan['negatives'] = [];
      for (const n of srcNegatives.filter((x) => x.campaign_id === c.id && !x.ad_group_id))
        takeNegative(n, 'Campaign', null, campaignNegatives);
      const groupPlans: GroupPlan[] = [];
      for (const g of srcGroups.filter((x) => x.campaign_id === c.id)) {
        if (g.status === 'REMOVED') {
          skipped.push({ entity: 'ad_group', source_id: g.id, name: g.name, reason: 'removed in searchads' });
          continue;
        }
        const there = destGroups.find((d) => norm(d.name) === norm(g.name) && d.status !== 'Deleted');
        const destWords = there ? keywords.filter((k) => k.ad_group_id === there.id && k.status !== 'Deleted') : [];
        const have = new Set(destWords.map((k) => `${norm(k.text)}|${k.match_type}`));
        const plan: GroupPlan = {
          sourceId: g.id,
          name: g.name,
          existingId: there?.id ?? null,
          create: there
            ? null
            : {
                name: g.name,
                status: status(g.status),
                cpc_bid: clampDeskAdsBid(g.cpc_bid || 1, ctx.account.currency),
              },
          keywords: [],
          negatives: [],
          ads: [],
        };
        for (const k of srcKeywords.filter((x: SearchAdsKeyword) => x.ad_group_id === g.id)) {
          const match = MATCH[k.match_type]!;
          const skipK = (reason: string) => skipped.push({ entity: 'keyword', source_id: k.id, name: `${k.text} (${match})`, reason });
          if (k.status === 'REMOVED') {
            skipK('removed in searchads');
            continue;
          }
          if (chars(k.text) > KEYWORD_MAX_CHARS) {
            skipK(`longer than ${KEYWORD_MAX_CHARS} characters`);
            continue;
          }
          if (BAD_KEYWORD_CHARS.test(k.text)) {
            skipK('has characters deskads keywords may not contain');
            continue;
          }
          const key = `${norm(k.text)}|${match}`;
          if (have.has(key)) {
            skipK('already in deskads');
            continue;
          }
          have.add(key);
          plan.keywords.push({
            text: k.text,
            match_type: match,
            bid: k.cpc_bid ? clampDeskAdsBid(k.cpc_bid, ctx.account.currency) : null,
            final_url: null,
            status: status(k.status),
          });
        }
        for (const n of srcNegatives.filter((x) => x.ad_group_id === g.id)) takeNegative(n, 'AdGroup', g.name, plan.negatives);
        const destAds = there ? ads.filter((a) => a.ad_group_id === there.id && a.status !== 'Deleted') : [];
        for (const a of srcAds.filter((x) => x.ad_group_id === g.id)) {
          const skipA = (reason: string) => skipped.push({ entity: 'ad', source_id: a.id, name: a.headlines[0] ?? a.id, reason });
          if (a.status === 'REMOVED') {
            skipA('removed in searchads');
            continue;
          }
          const problem = adProblem(a);
          if (problem) {
            skipA(problem);
            continue;
          }
          if (
            destAds.some(
              (d) =>
                JSON.stringify(d.headlines) === JSON.stringify(a.headlines) &&
                JSON.stringify(d.descriptions) === JSON.stringify(a.descriptions),
            )
          ) {
            skipA('already in deskads');
            continue;
          }
          plan.ads.push({
            sourceId: a.id,
            headlines: a.headlines,
            descriptions: a.descriptions,
            path1: a.path1 ?? null,
            path2: a.path2 ?? null,
            final_url: a.final_url,
            status: status(a.status),
          });
        }
        groupPlans.push(plan);
      }
      const wanted: DeskAdsNewAdExtension[] = [];
      const onCampaign = existingId
        ? extensions.filter((e) => e.associations.some((x) => x.type === 'Campaign' && x.id === existingId))
        : [];
      for (const link of srcLinks.filter((l) => l.campaign_id === c.id)) {
        const asset = srcAssets.find((x) => x.id === link.asset_id);
        if (!asset) continue;
        const ext = extensionOf(asset);
        const label = asset.link_text ?? asset.callout_text ?? asset.text ?? asset.phone_number ?? asset.header ?? asset.type;
        if (typeof ext === 'string') {
          skipped.push({ entity: 'extension', source_id: asset.id, name: label, reason: ext });
          continue;
        }
        const same = (e: DeskAdsNewAdExtension) => e.type === ext.type && (e.display_text ?? e.text) === (ext.display_text ?? ext.text);
        if (onCampaign.some(same) || wanted.some(same)) {
          skipped.push({ entity: 'extension', source_id: asset.id, name: label, reason: 'already in deskads' });
          continue;
        }
        if (
          onCampaign.filter((e) => e.type === ext.type).length + wanted.filter((e) => e.type === ext.type).length >=
          MAX_EXTENSIONS_PER_ENTITY
        ) {
          skipped.push({
            entity: 'extension',
            source_id: asset.id,
            name: label,
            reason: `deskads allows at most ${MAX_EXTENSIONS_PER_ENTITY} of a type per campaign`,
          });
          continue;
        }
        wanted.push(ext);
      }
      return { sourceId: c.id, name: c.name, existingId, create, negatives: campaignNegatives, extensions: wanted, groups: groupPlans };
    }

    const changes: PlannedChange[] = [];
    const budgets: PlannedBudget[] = [];
    const add = (entity: string, name: string, fields: Record<string, unknown>) =>
      changes.push({
        action: 'create',
        entity,
        name,
        startsPaused: true,
        fields: Object.fromEntries(Object.entries(fields).map(([k, after]) => [k, { after }])),
      });
    for (const p of plans) {
      if (p.create) {
        add('campaign', p.name, { ...p.create });
        budgets.push({ entity: 'campaign', name: p.name, after: p.create.daily_budget!, currency: ctx.account.currency });
      }
      for (const n of p.negatives) add('negative_keyword', n.text, { campaign: p.name, ...n });
      for (const e of p.extensions) add('ad_extension', e.display_text ?? e.text ?? '', { campaign: p.name, ...e });
      for (const g of p.groups) {
        if (g.create) add('ad_group', g.name, { campaign: p.name, ...g.create });
        for (const k of g.keywords) add('keyword', k.text, { ad_group: g.name, ...k });
        for (const n of g.negatives) add('negative_keyword', n.text, { ad_group: g.name, ...n });
        for (const a of g.ads)
          add('ad', a.headlines[0]!, {
            ad_group: g.name,
            headlines: a.headlines,
            descriptions: a.descriptions,
            final_url: a.final_url,
            status: a.status,
          });
      }
    }
    if (changes.length > MAX_CREATES) {
      throw new ToolError(
        `This import would create ${changes.length} entities; one call creates at most ${MAX_CREATES}. Import fewer campaigns at a time with \`campaign_ids\`.`,
      );
    }
    const count = (entity: string) => changes.filter((c) => c.entity === entity).length;
    return {
      summary: changes.length
        ? `Import from searchads ${source.account_id}: ${count('campaign')} campaign(s) (Paused), ${count('ad_group')} ad group(s), ${count('keyword')} keyword(s), ${count('negative_keyword')} negative(s), ${count('ad')} ad(s), ${count('ad_extension')} extension(s); ${skipped.length} skipped`
        : `Nothing to import from searchads ${source.account_id}: ${skipped.length} skipped`,
      changes,
      budgets,
      notes: [...new Set(notes)],
      data: { sourceId: source.account_id, plans, skipped, chosen: chosen.map((c) => ({ id: c.id, name: c.name })) },
    };
  },
  async apply(plan, _args, ctx) {
    const { sourceId, plans, skipped, chosen } = plan.data;
    const created = { campaigns: 0, ad_groups: 0, keywords: 0, negative_keywords: 0, ads: 0, extensions: 0 };
    const outcomes: {
      source_id: string;
      name: string;
      outcome: 'created' | 'completed' | 'unchanged' | 'skipped';
      deskads_campaign_id: string | null;
      reason: string | null;
    }[] = [];
    for (const p of plans) {
      const campaignId = p.existingId ?? (await ctx.step(`campaign:${p.sourceId}`, () => ctx.platform.createCampaign(p.create!))).id;
      if (!p.existingId) created.campaigns++;
      const before = { ...created };
      if (p.negatives.length)
        created.negative_keywords += (
          await ctx.step(`negatives:${p.sourceId}`, () =>
            ctx.platform.addNegativeKeywords({ level: 'Campaign', id: campaignId }, p.negatives),
          )
        ).length;
      if (p.extensions.length)
        created.extensions += (
          await ctx.step(`extensions:${p.sourceId}`, () => ctx.platform.addAdExtensions({ type: 'Campaign', id: campaignId }, p.extensions))
        ).length;
      for (const g of p.groups) {
        const groupId =
          g.existingId ??
          (
            await ctx.step(`ad_group:${g.sourceId}`, async () => {
              const made = await ctx.platform.createAdGroup({
                campaign_id: campaignId,
                name: g.create!.name,
                status: g.create!.status,
                cpc_bid: g.create!.cpc_bid,
                network: 'OwnedAndOperatedAndSyndicatedSearch',
                start_date: p.create?.start_date ?? isoDate(ctx.now),
              });
              return made;
            })
          ).id;
        if (!g.existingId) created.ad_groups++;
        if (g.keywords.length) {
          const added = await ctx.step(`keywords:${g.sourceId}`, () =>
            ctx.platform.addKeywords(
              groupId,
              g.keywords.map(({ status: _s, ...k }) => k),
            ),
          );
          // A keyword paused in searchads is paused here too (a status change is safe to repeat).
          for (const k of added) {
            const wanted = g.keywords.find((w) => w.text === k.text && w.match_type === k.match_type);
            if (wanted?.status === 'Paused')
              await ctx.step(`keyword-paused:${k.id}`, () => ctx.platform.updateKeyword(k.id, { status: 'Paused' }));
          }
          created.keywords += added.length;
        }
        if (g.negatives.length)
          created.negative_keywords += (
            await ctx.step(`negatives:ag:${g.sourceId}`, () =>
              ctx.platform.addNegativeKeywords({ level: 'AdGroup', id: groupId }, g.negatives),
            )
          ).length;
        for (const a of g.ads) {
          const { sourceId: adSource, ...ad } = a;
          await ctx.step(`ad:${adSource}`, () => ctx.platform.createAd({ ad_group_id: groupId, ...ad }));
          created.ads++;
        }
      }
      const grew = Object.keys(created).some((k) => created[k as keyof typeof created] !== before[k as keyof typeof before]);
      outcomes.push({
        source_id: p.sourceId,
        name: p.name,
        outcome: p.existingId ? (grew ? 'completed' : 'unchanged') : 'created',
        deskads_campaign_id: campaignId,
        reason: p.existingId ? 'a paused deskads campaign of that name was there; only what it lacked was added' : null,
      });
    }
    for (const s of skipped.filter((x) => x.entity === 'campaign'))
      outcomes.push({ source_id: s.source_id, name: s.name, outcome: 'skipped', deskads_campaign_id: null, reason: s.reason });
    const order = new Map(chosen.map((c, i) => [c.id, i]));
    outcomes.sort((a, b) => (order.get(a.source_id) ?? 0) - (order.get(b.source_id) ?? 0));
    const currency = ctx.account.currency;
    const others = skipped.filter((s) => s.entity !== 'campaign');
    return {
      text: [
        `## Import from searchads ${sourceId} into deskads ${ctx.account.account_id}`,
        '',
        markdownTable(
          ['searchads campaign', 'Outcome', 'deskads id', 'Why'],
          outcomes.map((o) => [o.name, o.outcome, o.deskads_campaign_id ?? '-', o.reason ?? '-']),
        ),
        '',
        `Created: ${created.campaigns} campaign(s) (Paused), ${created.ad_groups} ad group(s), ${created.keywords} keyword(s), ${created.negative_keywords} negative keyword(s), ${created.ads} ad(s), ${created.extensions} extension(s).`,
        ...(others.length
          ? [
              '',
              `### Skipped (${others.length})`,
              markdownTable(
                ['Entity', 'Name', 'Why'],
                others.slice(0, 100).map((s) => [s.entity.replace('_', ' '), s.name, s.reason]),
              ),
              ...(others.length > 100 ? [`... and ${others.length - 100} more (structured.skipped has all).`] : []),
            ]
          : []),
        '',
        plans.some((p) => p.create)
          ? `Imported campaigns are Paused; their budgets (${plans
              .filter((p) => p.create)
              .map((p) => `${p.name}: ${money(p.create!.daily_budget!, currency)}`)
              .join(', ')}) start spending once you resume them with resume_deskads_campaign. New ads are reviewed first.`
          : 'Nothing new was created.',
      ].join('\n'),
      structured: { account_id: ctx.account.account_id, searchads_customer_id: sourceId, campaigns: outcomes, created, skipped },
    };
  },
});
