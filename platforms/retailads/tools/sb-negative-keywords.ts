import * as v from 'valibot';
import { characterLength } from '../../../core/arguments';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { ALLOW_BLOCKING_DESCRIPTION } from '../../../core/negatives';
import { refuseNegativesBlockingKeywords } from '../negatives';
import { defineRetailAdsTool } from '../define';
import type { RetailAdsSbNegativeKeyword } from '../port';

const NEGATIVE_MATCH_TYPES = ['negativeExact', 'negativePhrase'] as const;

const negativeKeyword = v.strictObject({
  campaignId: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.description('Sponsored Brands campaign id')),
  adGroupId: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.description('Ad group id of that campaign')),
  keywordText: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    characterLength({ max: 80 }),
    v.check((t) => t.split(/\s+/).length <= 10, 'must have at most 10 words'),
    v.description('The search words to exclude (at most 10 words, 80 characters)'),
  ),
  matchType: v.pipe(
    v.picklist(NEGATIVE_MATCH_TYPES, 'must be negativeExact or negativePhrase, written exactly so (lowercase first letter)'),
    v.description('negativeExact or negativePhrase (exactly as written)'),
  ),
});

const key = (adGroupId: string, text: string, matchType: string) => `${adGroupId}|${text.toLowerCase().replace(/\s+/g, ' ')}|${matchType}`;

export const addRetailAdsSbNegativeKeywords = defineRetailAdsTool({
  name: 'add_retailads_sb_negative_keywords',
  description:
    'Adds negative keywords to Sponsored Brands ad groups so their ads stop showing for those searches. Each item names campaignId, adGroupId, keywordText and matchType (negativeExact or negativePhrase). ' +
    'Items already present (or repeated in the call) are reported as duplicates and skipped. See them with list_retailads_sb_negative_keywords.',
  access: 'write',
  examples: [
    {
      negative_keywords: [
        {
          campaignId: '<campaignId from list_retailads_campaigns>',
          adGroupId: '<adGroupId from list_retailads_sb_ad_groups>',
          keywordText: 'cheap knockoff',
          matchType: 'negativePhrase',
        },
      ],
    },
  ],
  args: {
    negative_keywords: v.pipe(
      v.array(negativeKeyword),
      v.minLength(1),
      v.maxLength(100),
      v.description('1-100 objects {campaignId, adGroupId, keywordText, matchType}'),
    ),
    allow_blocking_keywords: v.optional(v.pipe(v.boolean(), v.description(ALLOW_BLOCKING_DESCRIPTION))),
  },
  output: v.object({
    profile_id: v.string(),
    created: v.array(
      v.object({
        id: v.string(),
        campaign_id: v.string(),
        ad_group_id: v.string(),
        keyword_text: v.string(),
        match_type: v.string(),
        state: v.string(),
        created_at: v.string(),
      }),
    ),
    duplicates: v.array(v.object({ index: v.number(), keywordText: v.string(), matchType: v.string(), reason: v.string() })),
  }),
  async plan(args, ctx) {
    const [campaigns, adGroups, existing] = await Promise.all([
      ctx.platform.listCampaigns(),
      ctx.platform.listAdGroups(),
      ctx.platform.listSbNegativeKeywords(),
    ]);
    const campaignById = new Map(campaigns.map((c) => [c.id, c]));
    const adGroupById = new Map(adGroups.map((g) => [g.id, g]));
    const problems: string[] = [];
    args.negative_keywords.forEach((item, i) => {
      const at = `\`negative_keywords[${i}]\``;
      const campaign = campaignById.get(item.campaignId);
      if (!campaign) return problems.push(`${at}: campaign ${item.campaignId} does not exist in profile ${ctx.account.account_id}`);
      if (campaign.ad_product !== 'SPONSORED_BRANDS')
        return problems.push(
          `${at}: campaign ${item.campaignId} ("${campaign.name}") is ${campaign.ad_product}, not Sponsored Brands; use add_retailads_negative_keywords for it`,
        );
      if (campaign.state === 'ARCHIVED')
        return problems.push(`${at}: campaign ${item.campaignId} ("${campaign.name}") is archived and cannot be changed`);
      const adGroup = adGroupById.get(item.adGroupId);
      if (!adGroup || adGroup.campaign_id !== item.campaignId)
        return problems.push(`${at}: ad group ${item.adGroupId} is not an ad group of campaign ${item.campaignId}`);
      return undefined;
    });
    if (problems.length) throw new ToolError(`Nothing was added:\n${problems.map((p) => `- ${p}`).join('\n')}`);

    const seen = new Set(existing.map((n) => key(n.ad_group_id, n.keyword_text, n.match_type)));
    const toCreate: Omit<RetailAdsSbNegativeKeyword, 'id' | 'state' | 'created_at'>[] = [];
    const duplicates: { index: number; keywordText: string; matchType: string; reason: string }[] = [];
    args.negative_keywords.forEach((item, index) => {
      const k = key(item.adGroupId, item.keywordText, item.matchType);
      if (seen.has(k)) {
        const already = existing.some((n) => key(n.ad_group_id, n.keyword_text, n.match_type) === k);
        duplicates.push({
          index,
          keywordText: item.keywordText,
          matchType: item.matchType,
          reason: already ? 'already exists in this ad group' : 'repeated in this call',
        });
        return;
      }
      seen.add(k);
      toCreate.push({
        campaign_id: item.campaignId,
        ad_group_id: item.adGroupId,
        keyword_text: item.keywordText,
        match_type: item.matchType,
      });
    });
    await refuseNegativesBlockingKeywords(ctx.platform, toCreate, args.allow_blocking_keywords);
    const names = {
      campaigns: Object.fromEntries(toCreate.map((n) => [n.campaign_id, campaignById.get(n.campaign_id)!.name])),
      adGroups: Object.fromEntries(toCreate.map((n) => [n.ad_group_id, adGroupById.get(n.ad_group_id)!.name])),
    };
    return {
      summary: toCreate.length
        ? `Add ${toCreate.length} Sponsored Brands negative keyword(s)`
        : 'Every negative keyword is a duplicate; nothing changes',
      // A negative keyword only narrows delivery: it cannot spend ("paused" in the guardrail's sense).
      changes: toCreate.map((n) => ({
        action: 'create' as const,
        entity: 'sb_negative_keyword',
        name: n.keyword_text,
        fields: {
          campaign_id: { after: n.campaign_id },
          ad_group_id: { after: n.ad_group_id },
          keyword_text: { after: n.keyword_text },
          match_type: { after: n.match_type },
        },
        startsPaused: true,
      })),
      notes: duplicates.map((d) => `#${d.index} "${d.keywordText}" (${d.matchType}) is skipped: ${d.reason}.`),
      data: { toCreate, duplicates, names },
    };
  },
  async apply(plan, _args, ctx) {
    const { toCreate, duplicates, names } = plan.data;
    const campaignById = new Map(Object.entries(names.campaigns).map(([id, name]) => [id, { name }]));
    const adGroupById = new Map(Object.entries(names.adGroups).map(([id, name]) => [id, { name }]));
    const created = toCreate.length
      ? await ctx.step('create_sb_negative_keywords', () => ctx.platform.createSbNegativeKeywords(toCreate, ctx.now))
      : [];
    const lines = [
      `## Sponsored Brands negative keywords: ${created.length} added, ${duplicates.length} duplicate${duplicates.length === 1 ? '' : 's'} skipped`,
      '',
    ];
    if (created.length) {
      lines.push(
        markdownTable(
          ['Keyword', 'Match type', 'Campaign', 'Ad group', 'Keyword id'],
          created.map((n) => [
            n.keyword_text,
            n.match_type,
            campaignById.get(n.campaign_id)!.name,
            adGroupById.get(n.ad_group_id)!.name,
            n.id,
          ]),
        ),
        '',
      );
    }
    if (duplicates.length) {
      lines.push('Skipped as duplicates:', ...duplicates.map((d) => `- #${d.index} "${d.keywordText}" (${d.matchType}): ${d.reason}`), '');
    }
    lines.push('Ads of these ad groups stop showing for the excluded searches within about an hour.');
    return { text: lines.join('\n'), structured: { profile_id: ctx.account.account_id, created, duplicates } };
  },
});

export const listRetailAdsSbNegativeKeywords = defineRetailAdsTool({
  name: 'list_retailads_sb_negative_keywords',
  description:
    'Lists the negative keywords of Sponsored Brands ad groups (text, match type negativeExact/negativePhrase, state), optionally of one campaign or ad group.',
  access: 'read',
  args: {
    campaign_id: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.description('Only this Sponsored Brands campaign')),
    ),
    ad_group_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.description('Only this ad group'))),
  },
  output: v.object({
    profile_id: v.string(),
    negative_keywords: v.array(
      v.object({
        match_type: v.string(),
        created_at: v.string(),
        id: v.string(),
        state: v.string(),
        ad_group_id: v.string(),
        keyword_text: v.string(),
        campaign_id: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    const [negatives, campaigns, adGroups] = await Promise.all([
      ctx.platform.listSbNegativeKeywords(),
      ctx.platform.listCampaigns(),
      ctx.platform.listAdGroups(),
    ]);
    const campaignName = new Map(campaigns.map((c) => [c.id, c.name]));
    const adGroupName = new Map(adGroups.map((g) => [g.id, g.name]));
    const rows = negatives
      .filter((n) => (!args.campaign_id || n.campaign_id === args.campaign_id) && (!args.ad_group_id || n.ad_group_id === args.ad_group_id))
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    const text = [
      `## Sponsored Brands negative keywords (${rows.length})`,
      '',
      rows.length
        ? markdownTable(
            ['Keyword', 'Match type', 'State', 'Campaign', 'Ad group', 'Keyword id'],
            rows.map((n) => [n.keyword_text, n.match_type, n.state, campaignName.get(n.campaign_id), adGroupName.get(n.ad_group_id), n.id]),
          )
        : 'No negative keywords match.',
    ].join('\n');
    return { text, structured: { profile_id: ctx.account.account_id, negative_keywords: rows } };
  },
});
