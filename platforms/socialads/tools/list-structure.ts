import { adStatusText } from './shared';
import * as v from 'valibot';
import { count, markdownTable, money, percent } from '../../../core/markdown';
import { defineSocialAdsTool } from '../define';
import type { SocialAdsAd, SocialAdsAdSet, SocialAdsCampaign } from '../port';
import {
  dateArg,
  dateRangeRule,
  insightTotals,
  metricsSchema,
  objectiveMetrics,
  RESULT_LABEL,
  resultTypeOf,
  targetingSchema,
  type ObjectiveMetrics,
} from './shared';
import { reportWindow } from '../../../core/report-window';

const paging = {
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200), v.description('Rows per page, 1-200, default 50')), 50),
  offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Rows to skip, default 0')), 0),
};
const window = {
  lookback_days: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(365),
      v.description('Days of performance, 1-365, default 30 (ends yesterday)'),
    ),
    30,
  ),
  start_date: dateArg('Start of the reporting window, YYYY-MM-DD (with end_date; overrides lookback_days)'),
  end_date: dateArg('End of the reporting window, YYYY-MM-DD (with start_date)'),
};

/** "3,657 ThruPlays", "12 purchases": the results in the unit of the entity's goal. */
function resultText(m: ObjectiveMetrics): string {
  return `${count(m.results)} ${RESULT_LABEL[m.result_type]}`;
}

function costPerResultText(m: ObjectiveMetrics, currency: string): string | null {
  if (m.cost_per_result === null) return null;
  const per = m.result_type === 'reach' ? ' per 1,000 reached' : m.result_type === 'impressions' ? ' per 1,000' : '';
  return `${money(m.cost_per_result, currency)}${per}`;
}

function targetingSummary(s: SocialAdsAdSet): string {
  const t = s.targeting;
  const genders = t.genders.length === 0 ? 'all' : t.genders.map((g) => (g === 1 ? 'men' : 'women')).join('+');
  return `${t.countries.join(', ')}; ${t.age_min}-${t.age_max}; ${genders}`;
}

export const listSocialAdsAdSets = defineSocialAdsTool({
  name: 'list_socialads_ad_sets',
  description:
    'Lists the ad sets of a socialads account (optionally of one campaign) with campaign, objective, status, optimization goal, budget, targeting summary, promoted page, number of ads and performance. Use it to find the ad_set_id for add_socialads_ad.',
  access: 'read',
  args: {
    campaign_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Only ad sets of this campaign'))),
    status: v.optional(v.pipe(v.picklist(['ACTIVE', 'PAUSED', 'ARCHIVED']), v.description('Only ad sets in this status'))),
    ...window,
    ...paging,
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    ad_sets: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        status: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        objective: v.string(),
        optimization_goal: v.string(),
        billing_event: v.string(),
        daily_budget: v.nullable(v.number()),
        lifetime_budget: v.nullable(v.number()),
        budget_level: v.string(),
        targeting: targetingSchema,
        promoted_object: v.nullable(
          v.object({
            application_id: v.optional(v.string()),
            object_store_url: v.optional(v.string()),
            custom_event_type: v.optional(v.string()),
            pixel_id: v.optional(v.string()),
            page_id: v.optional(v.string()),
            product_set_id: v.optional(v.string()),
          }),
        ),
        page: v.nullable(
          v.object({
            id: v.string(),
            name: v.string(),
          }),
        ),
        ads: v.number(),
        metrics: metricsSchema,
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
    const [campaigns, adSets, ads, pages] = await Promise.all([
      ctx.platform.listCampaigns(),
      ctx.platform.listAdSets(),
      ctx.platform.listAds(),
      ctx.platform.listPages(),
    ]);
    const campaignById = new Map(campaigns.map((c) => [c.id, c]));
    const matching = adSets
      .filter((s) => (!args.campaign_id || s.campaign_id === args.campaign_id) && (!args.status || s.status === args.status))
      .sort(
        (a, b) =>
          (campaignById.get(a.campaign_id)?.name ?? '').localeCompare(campaignById.get(b.campaign_id)?.name ?? '') ||
          a.name.localeCompare(b.name),
      );
    const page = matching.slice(args.offset, args.offset + args.limit);
    const metricsOf = await insightTotals(
      ctx.platform,
      'adset',
      page.map((s) => s.id),
      start,
      end,
    );
    const rows = page.map((s) => {
      const campaign = campaignById.get(s.campaign_id);
      const own = ads.filter((a) => a.ad_set_id === s.id);
      const metrics = objectiveMetrics(metricsOf(s.id), resultTypeOf(s.optimization_goal, campaign?.objective), {
        hasVideo: own.some((a) => a.ad_type === 'video'),
      });
      const promotedPage = pages.find((p) => p.id === s.promoted_object?.page_id);
      return {
        id: s.id,
        name: s.name,
        status: s.status,
        campaign_id: s.campaign_id,
        campaign_name: campaign?.name ?? null,
        objective: campaign?.objective ?? null,
        optimization_goal: s.optimization_goal,
        billing_event: s.billing_event,
        daily_budget: s.daily_budget ?? campaign?.daily_budget ?? null,
        lifetime_budget: s.lifetime_budget ?? campaign?.lifetime_budget ?? null,
        budget_level: s.daily_budget || s.lifetime_budget ? 'ad_set' : 'campaign',
        targeting: s.targeting,
        promoted_object: s.promoted_object ?? null,
        page: promotedPage ? { id: promotedPage.id, name: promotedPage.name } : null,
        ads: own.length,
        metrics,
      };
    });
    const currency = ctx.account.currency;
    const text = [
      `## Ad sets of ${ctx.account.name} (${ctx.account.account_id}), ${start} to ${end}`,
      '',
      `${matching.length} ad set(s)${args.campaign_id ? ` in campaign ${args.campaign_id}` : ''}${args.status ? ` with status ${args.status}` : ''}; showing ${rows.length} from ${args.offset + 1}.`,
      '',
      rows.length
        ? markdownTable(
            [
              'Ad set',
              'Id',
              'Campaign',
              'Objective',
              'Status',
              'Goal',
              'Budget/day',
              'Targeting',
              'Ads',
              'Spend',
              'CTR',
              'Results',
              'Cost/result',
            ],
            rows.map((r) => [
              r.name,
              r.id,
              r.campaign_name,
              r.objective,
              r.status,
              r.optimization_goal,
              r.daily_budget === null
                ? r.lifetime_budget === null
                  ? null
                  : `${money(r.lifetime_budget, currency)} lifetime`
                : money(r.daily_budget, currency),
              targetingSummary(page.find((s) => s.id === r.id)!),
              r.ads,
              money(r.metrics.spend, currency),
              percent(r.metrics.ctr),
              resultText(r.metrics),
              costPerResultText(r.metrics, currency),
            ]),
          )
        : 'No ad sets match.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        total: matching.length,
        offset: args.offset,
        limit: args.limit,
        has_more: args.offset + rows.length < matching.length,
        ad_sets: rows,
      },
    };
  },
});

export const listSocialAdsAds = defineSocialAdsTool({
  name: 'list_socialads_ads',
  description:
    'Lists the ads of a socialads account (optionally of one ad set or campaign) with type, status and review state, page, creative summary (copy, images, video, carousel cards, call to action, link) and performance.',
  access: 'read',
  args: {
    ad_set_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Only ads of this ad set'))),
    campaign_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Only ads of this campaign'))),
    status: v.optional(v.pipe(v.picklist(['ACTIVE', 'PAUSED', 'ARCHIVED']), v.description('Only ads in this status'))),
    ...window,
    ...paging,
  },
  rules: [dateRangeRule],
  output: v.object({
    ad_account_id: v.string(),
    start_date: v.string(),
    end_date: v.string(),
    total: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    ads: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        ad_type: v.string(),
        status: v.string(),
        effective_status: v.string(),
        ad_set_id: v.string(),
        ad_set_name: v.string(),
        campaign_id: v.string(),
        campaign_name: v.string(),
        created_at: v.string(),
        creative: v.object({
          catalog_format: v.optional(v.string()),
          dynamic_creative: v.optional(v.boolean()),
          product_set_id: v.optional(v.string()),
          page_id: v.string(),
          instagram_account_id: v.optional(v.string()),
          image_hashes: v.array(v.string()),
          display_link: v.optional(v.string()),
          call_to_action: v.string(),
          url_tags: v.optional(v.string()),
          headlines: v.array(v.string()),
          link: v.string(),
          multi_advertiser: v.optional(v.boolean()),
          primary_texts: v.array(v.string()),
          descriptions: v.array(v.string()),
          disabled_creative_features: v.array(v.string()),
          cards: v.optional(
            v.array(
              v.object({
                link: v.string(),
                image_hash: v.string(),
                description: v.optional(v.string()),
                headline: v.string(),
                call_to_action: v.string(),
              }),
            ),
          ),
          lead_form_id: v.optional(v.string()),
          video_id: v.optional(v.string()),
          thumbnail: v.optional(v.string()),
        }),
        metrics: metricsSchema,
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = reportWindow(ctx, args);
    if (args.ad_set_id) await ctx.platform.getAdSet(args.ad_set_id);
    if (args.campaign_id) await ctx.platform.getCampaign(args.campaign_id);
    const [campaigns, adSets, ads] = await Promise.all([ctx.platform.listCampaigns(), ctx.platform.listAdSets(), ctx.platform.listAds()]);
    const campaignById = new Map<string, SocialAdsCampaign>(campaigns.map((c) => [c.id, c]));
    const adSetById = new Map<string, SocialAdsAdSet>(adSets.map((s) => [s.id, s]));
    const matching = ads
      .filter(
        (a) =>
          (!args.ad_set_id || a.ad_set_id === args.ad_set_id) &&
          (!args.campaign_id || a.campaign_id === args.campaign_id) &&
          (!args.status || a.status === args.status),
      )
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.name.localeCompare(b.name));
    const page = matching.slice(args.offset, args.offset + args.limit);
    const metricsOf = await insightTotals(
      ctx.platform,
      'ad',
      page.map((a) => a.id),
      start,
      end,
    );
    const rows = page.map((a: SocialAdsAd) => {
      const adSet = adSetById.get(a.ad_set_id);
      const resultType = resultTypeOf(adSet?.optimization_goal, campaignById.get(a.campaign_id)?.objective);
      return {
        id: a.id,
        name: a.name,
        ad_type: a.ad_type,
        status: a.status,
        effective_status: a.effective_status,
        ad_set_id: a.ad_set_id,
        ad_set_name: adSetById.get(a.ad_set_id)?.name ?? null,
        campaign_id: a.campaign_id,
        campaign_name: campaignById.get(a.campaign_id)?.name ?? null,
        created_at: a.created_at,
        creative: a.creative,
        metrics: objectiveMetrics(metricsOf(a.id), resultType, { hasVideo: a.ad_type === 'video' }),
      };
    });
    const currency = ctx.account.currency;
    const text = [
      `## Ads of ${ctx.account.name} (${ctx.account.account_id}), ${start} to ${end}`,
      '',
      `${matching.length} ad(s); showing ${rows.length} from ${args.offset + 1}.`,
      '',
      rows.length
        ? markdownTable(
            ['Ad', 'Id', 'Type', 'Status', 'Ad set', 'Headline', 'CTA', 'Impressions', 'Spend', 'CTR', 'Results', 'Cost/result'],
            rows.map((r) => [
              r.name,
              r.id,
              r.ad_type,
              adStatusText(r, { campaign: campaignById.get(r.campaign_id)?.status, ad_set: adSetById.get(r.ad_set_id)?.status }),
              r.ad_set_name,
              r.creative.headlines[0] ?? r.creative.cards?.[0]?.headline ?? null,
              r.creative.call_to_action,
              count(r.metrics.impressions),
              money(r.metrics.spend, currency),
              percent(r.metrics.ctr),
              resultText(r.metrics),
              costPerResultText(r.metrics, currency),
            ]),
          )
        : 'No ads match.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        start_date: start,
        end_date: end,
        total: matching.length,
        offset: args.offset,
        limit: args.limit,
        has_more: args.offset + rows.length < matching.length,
        ads: rows,
      },
    };
  },
});

export const listSocialAdsPages = defineSocialAdsTool({
  name: 'list_socialads_pages',
  description:
    'Lists the pages this socialads ad account can advertise as (promotable pages) and the linked social profiles. Use it to choose facebook_page_id / instagram_account_id when add_socialads_ad asks.',
  access: 'read',
  args: {
    include_unpromotable: v.optional(
      v.pipe(v.boolean(), v.description('Also list pages that cannot run ads (unpublished, or no ADVERTISE permission); default false')),
      false,
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    pages: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        category: v.string(),
        promotable: v.boolean(),
        instagram_account: v.nullable(
          v.object({
            id: v.string(),
            username: v.string(),
          }),
        ),
        active_lead_forms: v.array(
          v.object({
            id: v.string(),
            name: v.string(),
          }),
        ),
      }),
    ),
    instagram_accounts: v.array(
      v.object({
        id: v.string(),
        username: v.string(),
        page_id: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    const [pages, instagram, forms] = await Promise.all([
      ctx.platform.listPages(),
      ctx.platform.listInstagramAccounts(),
      ctx.platform.listLeadForms(),
    ]);
    const shown = pages.filter((p) => args.include_unpromotable || p.promotable).sort((a, b) => a.name.localeCompare(b.name));
    const rows = shown.map((p) => {
      const ig = instagram.find((i) => i.id === p.instagram_account_id);
      return {
        id: p.id,
        name: p.name,
        category: p.category,
        promotable: p.promotable,
        instagram_account: ig ? { id: ig.id, username: ig.username } : null,
        active_lead_forms: forms.filter((f) => f.page_id === p.id && f.status === 'ACTIVE').map((f) => ({ id: f.id, name: f.name })),
      };
    });
    const promotable = pages.filter((p) => p.promotable).length;
    const text = [
      `## Pages of ${ctx.account.name} (${ctx.account.account_id})`,
      '',
      `${promotable} promotable page(s)${promotable > 1 ? ': ads need facebook_page_id unless their ad set already promotes a page' : promotable === 1 ? ': it is used automatically' : ''}.`,
      '',
      rows.length
        ? markdownTable(
            ['Page', 'facebook_page_id', 'Category', 'Can advertise', 'Linked profile', 'Active lead forms'],
            rows.map((r) => [
              r.name,
              r.id,
              r.category,
              r.promotable ? 'yes' : 'no',
              r.instagram_account ? `@${r.instagram_account.username} (${r.instagram_account.id})` : null,
              r.active_lead_forms.map((f) => f.name).join(', '),
            ]),
          )
        : 'No pages.',
      '',
      `### Linked profiles (instagram_account_id)`,
      instagram.length
        ? markdownTable(
            ['Username', 'instagram_account_id', 'Linked page'],
            instagram.map((i) => [`@${i.username}`, i.id, pages.find((p) => p.id === i.page_id)?.name]),
          )
        : 'None connected.',
    ].join('\n');
    return {
      text,
      structured: {
        ad_account_id: ctx.account.account_id,
        pages: rows,
        instagram_accounts: instagram.map((i) => ({ id: i.id, username: i.username, page_id: i.page_id })),
      },
    };
  },
});

export const discoverSocialAdsAssets = defineSocialAdsTool({
  name: 'discover_socialads_assets',
  description:
    'Finds the creative assets of a socialads ad account: images with their hashes (for existing_image_hash / cards[].image_hash) and videos with their ids (for existing_video_id), with size, status and how many ads use each.',
  access: 'read',
  args: {
    asset_type: v.optional(v.pipe(v.picklist(['all', 'images', 'videos']), v.description('all (default), images or videos')), 'all'),
    search: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1), v.description('Only assets whose name or title contains this text (case-insensitive)')),
    ),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200), v.description('Assets per type, 1-200, default 50')),
      50,
    ),
  },
  output: v.object({
    ad_account_id: v.string(),
    images: v.array(
      v.object({
        hash: v.string(),
        name: v.string(),
        width: v.number(),
        height: v.number(),
        url: v.string(),
        origin: v.string(),
        copied_from_account: v.nullable(v.string()),
        created_at: v.string(),
        used_in_ads: v.number(),
      }),
    ),
    videos: v.array(
      v.object({
        id: v.string(),
        title: v.string(),
        length_seconds: v.number(),
        status: v.string(),
        thumbnail_url: v.string(),
        created_at: v.string(),
        used_in_ads: v.number(),
      }),
    ),
  }),
  async run(args, ctx) {
    const [images, videos, ads] = await Promise.all([
      args.asset_type === 'videos' ? [] : ctx.platform.listImages(),
      args.asset_type === 'images' ? [] : ctx.platform.listVideos(),
      ctx.platform.listAds(),
    ]);
    const needle = args.search?.toLowerCase();
    const usesImage = (hash: string) =>
      ads.filter(
        (a) =>
          a.creative.image_hashes.includes(hash) || a.creative.thumbnail === hash || a.creative.cards?.some((c) => c.image_hash === hash),
      ).length;
    const usesVideo = (id: string) =>
      ads.filter((a) => a.creative.video_id === id || Object.values(a.creative.placement_videos ?? {}).includes(id)).length;
    const imageRows = images
      .filter((i) => !needle || i.name.toLowerCase().includes(needle))
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, args.limit)
      .map((i) => ({
        hash: i.hash,
        name: i.name,
        width: i.width,
        height: i.height,
        url: i.url,
        origin: i.origin,
        copied_from_account: i.copied_from_account ?? null,
        created_at: i.created_at,
        used_in_ads: usesImage(i.hash),
      }));
    const videoRows = videos
      .filter((x) => !needle || x.title.toLowerCase().includes(needle))
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, args.limit)
      .map((x) => ({
        id: x.id,
        title: x.title,
        length_seconds: x.length_seconds,
        status: x.status,
        thumbnail_url: x.thumbnail_url,
        created_at: x.created_at,
        used_in_ads: usesVideo(x.id),
      }));
    const text = [
      `## Creative assets of ${ctx.account.name} (${ctx.account.account_id})`,
      '',
      ...(args.asset_type !== 'videos'
        ? [
            `### Images (${imageRows.length})`,
            imageRows.length
              ? markdownTable(
                  ['Name', 'Hash', 'Size', 'Origin', 'Used in ads'],
                  imageRows.map((i) => [i.name, i.hash, `${i.width}x${i.height}`, i.origin, i.used_in_ads]),
                )
              : 'No images match.',
            '',
          ]
        : []),
      ...(args.asset_type !== 'images'
        ? [
            `### Videos (${videoRows.length})`,
            videoRows.length
              ? markdownTable(
                  ['Title', 'Video id', 'Length (s)', 'Status', 'Used in ads'],
                  videoRows.map((x) => [x.title, x.id, x.length_seconds, x.status, x.used_in_ads]),
                )
              : 'No videos match.',
          ]
        : []),
    ].join('\n');
    return { text, structured: { ad_account_id: ctx.account.account_id, images: imageRows, videos: videoRows } };
  },
});
