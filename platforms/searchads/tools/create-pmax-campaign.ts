import * as v from 'valibot';
import type { PlannedChange } from '../../../core/plan';
import { dateArgument } from '../../../core/arguments';
import { campaignNamed, nameTaken, newCampaignStart } from './common';
import { markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { MAX_SEARCH_THEMES, SEARCH_THEME_MAX_LENGTH } from '../pmax-rules';
import { finalUrlArg, pathArg } from './ad-copy';
import { FIELD_COUNTS, assetSetArgs, assetSetChanges, createAssetSet, planAssetSet } from './pmax-asset-set';
import { SEGMENT_ARGS, resolveSegments, segmentArgs } from './pmax-common';
import type { SearchAdsCampaign, SearchAdsCampaignCriterion } from '../port-types';
import type { PmaxAssetFieldType, SearchAdsAssetGroup } from '../port-pmax';

const STRATEGIES = ['MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE'] as const;

export const createPmaxCampaign = defineSearchAdsTool({
  name: 'create_pmax_campaign',
  description:
    'Creates a Performance Max campaign in one call: its own daily budget, bidding (MAXIMIZE_CONVERSIONS with optional target CPA, or MAXIMIZE_CONVERSION_VALUE with optional target ROAS), locations, one asset group with its assets (texts, images from a validate_and_prepare_assets bundle or the library, videos), an optional audience signal and search themes. The campaign starts PAUSED; each step is checkpointed, so a retry with the same arguments resumes without duplicates.',
  access: 'write',
  examples: [
    {
      name: 'Example PMax',
      daily_budget: 20,
      final_url: 'https://www.example.com/example',
      headlines: ['Example Boots', 'Example Returns', 'Example Gear'],
      long_headlines: ['Example boots tested on real trails'],
      descriptions: ['Example boots.', 'Example boots with free returns on every order over $50.'],
      business_name: 'Northwind Outdoor',
      images: [
        { asset_id: '<asset_id from discover_existing_assets>', field_type: 'MARKETING_IMAGE' },
        { asset_id: '<asset_id from discover_existing_assets>', field_type: 'SQUARE_MARKETING_IMAGE' },
        { asset_id: '<asset_id from discover_existing_assets>', field_type: 'LOGO' },
      ],
    },
  ],
  args: {
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(255),
      v.description('Campaign name, unique in the account'),
    ),
    daily_budget: v.pipe(
      v.number(),
      v.minValue(1, 'must be at least 1.00'),
      v.maxValue(1_000_000),
      v.description('Daily budget in account currency'),
    ),
    bidding_strategy: v.optional(
      v.pipe(v.picklist(STRATEGIES), v.description(`${STRATEGIES.join(' or ')} (default MAXIMIZE_CONVERSIONS)`)),
      'MAXIMIZE_CONVERSIONS',
    ),
    target_cpa: v.optional(
      v.pipe(v.number(), v.minValue(0.01), v.maxValue(100_000), v.description('Target CPA with MAXIMIZE_CONVERSIONS')),
    ),
    target_roas: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01),
        v.maxValue(1000),
        v.description('Target ROAS as a ratio (4 = 400 %) with MAXIMIZE_CONVERSION_VALUE'),
      ),
    ),
    start_date: v.optional(dateArgument('First day (YYYY-MM-DD), today or later; default today')),
    end_date: v.optional(dateArgument('Last day (YYYY-MM-DD); default none')),
    location_ids: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a numeric location id (resolve_searchads_locations)'))),
        v.maxLength(100),
        v.description('Location ids from resolve_searchads_locations; default all locations'),
      ),
    ),
    asset_group_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1),
        v.maxLength(255),
        v.description('Name of the asset group (default "<campaign name> - Asset group 1")'),
      ),
    ),
    final_url: finalUrlArg(),
    path1: pathArg(1),
    path2: pathArg(2),
    ...assetSetArgs(),
    audience_signal: v.optional(
      v.pipe(
        v.strictObject({ name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255)), ...segmentArgs() }),
        v.check(
          (s) => Object.keys(SEGMENT_ARGS).some((k) => ((s as Record<string, unknown>)[k] as string[] | undefined)?.length),
          'needs at least one segment list',
        ),
        v.description(
          'An audience signal: a name and segment ids from search_audiences (in_market_audiences, affinity_audiences, custom_audiences, user_lists)',
        ),
      ),
    ),
    search_themes: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(SEARCH_THEME_MAX_LENGTH))),
        v.maxLength(MAX_SEARCH_THEMES, `must list at most ${MAX_SEARCH_THEMES} themes`),
        v.description(`Up to ${MAX_SEARCH_THEMES} search themes`),
      ),
    ),
  },
  rules: [
    (a) =>
      a.target_cpa !== undefined && a.bidding_strategy !== 'MAXIMIZE_CONVERSIONS'
        ? '`target_cpa` goes with bidding_strategy MAXIMIZE_CONVERSIONS'
        : undefined,
    (a) =>
      a.target_roas !== undefined && a.bidding_strategy !== 'MAXIMIZE_CONVERSION_VALUE'
        ? '`target_roas` goes with bidding_strategy MAXIMIZE_CONVERSION_VALUE'
        : undefined,
    (a) => (a.start_date && a.end_date && a.end_date < a.start_date ? '`end_date` must be on or after `start_date`' : undefined),
    (a) => (a.path2 && !a.path1 ? '`path2` needs `path1`' : undefined),
    (a) =>
      a.search_themes && new Set(a.search_themes.map((t) => t.toLowerCase())).size !== a.search_themes.length
        ? '`search_themes` must not repeat a theme'
        : undefined,
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    name: v.string(),
    status: v.string(),
    daily_budget: v.number(),
    bidding_strategy: v.string(),
    asset_group_id: v.string(),
    asset_counts: v.record(v.string(), v.number()),
    assets_created: v.number(),
    locations: v.number(),
    audience_signals: v.number(),
    search_themes: v.number(),
  }),
  async plan(args, ctx) {
    const start = newCampaignStart(ctx.now, args.start_date);
    const same = await campaignNamed(ctx.platform, args.name);
    // A paused Performance Max campaign of this name, budget and start is what an interrupted earlier
    // attempt of this call left: the retry resumes it from its checkpoints.
    const resumable =
      same &&
      same.type === 'PERFORMANCE_MAX' &&
      same.status === 'PAUSED' &&
      same.budget_amount === args.daily_budget &&
      same.start_date === start;
    if (same && !resumable) throw nameTaken(args.name);
    const planned = await planAssetSet(args, ctx);
    const segments = args.audience_signal ? await resolveSegments(ctx.platform, args.audience_signal) : [];
    const groupName = args.asset_group_name ?? `${args.name} - Asset group 1`;
    const currency = ctx.account.currency;
    const paused = { startsPaused: true };
    const changes: PlannedChange[] = [
      {
        action: 'create' as const,
        entity: 'campaign_budget',
        name: `${args.name} budget`,
        fields: { amount: { after: args.daily_budget } },
        ...paused,
      },
      {
        action: 'create' as const,
        entity: 'campaign',
        name: args.name,
        fields: {
          type: { after: 'PERFORMANCE_MAX' },
          status: { after: 'PAUSED' },
          daily_budget: { after: args.daily_budget },
          bidding_strategy: { after: args.bidding_strategy },
          start_date: { after: start },
          ...(args.end_date ? { end_date: { after: args.end_date } } : {}),
        },
        ...paused,
      },
      ...(args.location_ids ?? []).map((id) => ({
        action: 'create' as const,
        entity: 'campaign_criterion',
        name: `location ${id}`,
        fields: {},
        ...paused,
      })),
      { action: 'create' as const, entity: 'asset_group', name: groupName, fields: { final_urls: { after: [args.final_url] } }, ...paused },
      ...assetSetChanges(planned, groupName),
      ...(args.audience_signal
        ? [
            {
              action: 'create' as const,
              entity: 'asset_group_signal',
              name: args.audience_signal.name,
              fields: { segments: { after: segments.map((s) => `${s.name} (${s.type})`) } },
              ...paused,
            },
          ]
        : []),
      ...(args.search_themes ?? []).map((t) => ({
        action: 'create' as const,
        entity: 'asset_group_signal',
        name: t,
        fields: { search_theme: { after: t } },
        ...paused,
      })),
    ];
    return {
      summary: `Create Performance Max campaign "${args.name}" (PAUSED, ${money(args.daily_budget, currency)}/day) with asset group "${groupName}" and ${planned.length} assets`,
      changes,
      budgets: [{ entity: 'campaign', name: args.name, after: args.daily_budget, currency }],
      notes: ['The campaign starts PAUSED: its asset group is enabled but nothing spends until resume_campaign.'],
      data: { start, planned, segments, groupName },
    };
  },
  async apply(plan, args, ctx) {
    const { start, planned, segments, groupName } = plan.data;
    const newCampaign = {
      name: args.name,
      type: 'PERFORMANCE_MAX' as const,
      status: 'PAUSED' as const,
      budget_amount: args.daily_budget,
      bidding_strategy: args.bidding_strategy,
      ...(args.target_cpa !== undefined
        ? { bidding_targets: { target_cpa: args.target_cpa } }
        : args.target_roas !== undefined
          ? { bidding_targets: { target_roas: args.target_roas } }
          : {}),
      start_date: start,
      ...(args.end_date ? { end_date: args.end_date } : {}),
      // Performance Max serves on every network; the platform sets them itself.
      network_settings: {
        target_google_search: true,
        target_search_network: true,
        target_content_network: true,
        target_partner_search_network: false,
        target_youtube: true,
        target_google_tv_network: false,
      },
      language_ids: [],
    };
    const newGroup = {
      name: groupName,
      status: 'ENABLED' as const,
      final_urls: [args.final_url],
      ...(args.path1 ? { path1: args.path1 } : {}),
      ...(args.path2 ? { path2: args.path2 } : {}),
    };
    const geo = (args.location_ids ?? []).map((id) => `geoTargetConstants/${id}`);
    let campaign: SearchAdsCampaign;
    let locations: SearchAdsCampaignCriterion[];
    let group: SearchAdsAssetGroup;
    let links: { asset_id: string; field_type: PmaxAssetFieldType }[];
    const createAtOnce = ctx.platform.createPmaxCampaign?.bind(ctx.platform);
    const total = createAtOnce ? 3 : 5;
    if (createAtOnce) {
      // The platform creates the budget, the campaign with its brand links and locations, and the asset
      // group with its assets in one atomic request: one step, nothing half made.
      ctx.progress?.('assets', { step: 1, total, message: 'Library assets' });
      links = await createAssetSet(planned, ctx, 'assets');
      ctx.progress?.('campaign', { step: 2, total, message: `The budget, the campaign and asset group "${groupName}"` });
      ({ campaign, group, locations } = await ctx.step('campaign_with_asset_group', () => createAtOnce(newCampaign, geo, newGroup, links)));
    } else {
      ctx.progress?.('campaign', { step: 1, total, message: 'Creating the budget and the campaign' });
      campaign = await ctx.step('campaign', () => ctx.platform.createCampaign(newCampaign));
      const campaignId = campaign.id;
      ctx.progress?.('locations', { step: 2, total, message: 'Locations' });
      locations = geo.length
        ? await ctx.step('locations', () =>
            ctx.platform.addCampaignCriteria(
              geo.map((g) => ({ campaign_id: campaignId, type: 'LOCATION' as const, geo_target_constant: g, negative: false })),
            ),
          )
        : [];
      ctx.progress?.('assets', { step: 3, total, message: 'Library assets' });
      links = await createAssetSet(planned, ctx, 'assets');
      ctx.progress?.('asset_group', { step: 4, total, message: `Asset group "${groupName}"` });
      group = await ctx.step('asset_group', () => ctx.platform.createAssetGroup({ campaign_id: campaignId, ...newGroup }, links));
    }
    ctx.progress?.('signals', { step: total, total, message: 'Signals' });
    const signals = [
      ...(args.audience_signal
        ? [{ asset_group_id: group.id, type: 'AUDIENCE' as const, audience: { name: args.audience_signal.name, segments } }]
        : []),
      ...(args.search_themes ?? []).map((t) => ({ asset_group_id: group.id, type: 'SEARCH_THEME' as const, search_theme: t })),
    ];
    const added = signals.length ? await ctx.step('signals', () => ctx.platform.addAssetGroupSignals(signals)) : [];
    const counts = FIELD_COUNTS(links);
    const currency = ctx.account.currency;
    return {
      text: [
        `## Performance Max campaign "${campaign.name}" created (PAUSED)`,
        '',
        `Campaign ${campaign.id}: ${money(campaign.budget_amount, currency)}/day, ${args.bidding_strategy}${args.target_cpa !== undefined ? ` (target CPA ${money(args.target_cpa, currency)})` : ''}${args.target_roas !== undefined ? ` (target ROAS ${args.target_roas})` : ''}, from ${campaign.start_date}${campaign.end_date ? ` to ${campaign.end_date}` : ''}; ${locations.length || 'all'} location(s).`,
        '',
        `Asset group "${group.name}" (${group.id}):`,
        '',
        markdownTable(
          ['Field', 'Assets'],
          Object.entries(counts).map(([f, n]) => [f, n]),
        ),
        '',
        `${added.filter((s) => s.type === 'AUDIENCE').length} audience signal(s), ${added.filter((s) => s.type === 'SEARCH_THEME').length} search theme(s).`,
        '',
        'Nothing spends yet. Review it with get_pmax_asset_groups and list_pmax_asset_group_assets, then resume_campaign to start it.',
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        name: campaign.name,
        status: campaign.status,
        daily_budget: campaign.budget_amount,
        bidding_strategy: args.bidding_strategy,
        asset_group_id: group.id,
        asset_counts: counts,
        assets_created: planned.filter((p) => p.create).length,
        locations: locations.length,
        audience_signals: added.filter((s) => s.type === 'AUDIENCE').length,
        search_themes: added.filter((s) => s.type === 'SEARCH_THEME').length,
      },
    };
  },
});
