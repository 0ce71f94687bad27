import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlannedChange } from '../../../core/plan';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsAdGroup, SearchAdsAudienceSegment, SearchAdsAudienceType, SearchAdsCampaign, SearchAdsPort } from '../port';
import {
  DEMAND_GEN_CHANNELS,
  VIDEO_CHANNELS,
  type NewSearchAdsChannelAd,
  type SearchAdsDemandGenChannel,
  type SearchAdsDemandGenChannelControls,
  type SearchAdsMediaAsset,
} from '../port-shopping';
import { FIELDS as AUDIENCE_FIELDS, segmentId } from './add-ad-group-audiences';
import { finalUrlArg, textList } from './ad-copy';
import { adGroupIdArg, campaignIdArg, requireLiveCampaign } from './common';

/**
 * Demand Gen building blocks shared by the Demand Gen and video tools: the two ad formats with the
 * platform's asset rules, channel controls (the six surfaces), and audience segments of an ad group;
 * and the Demand Gen tools that are not campaign creates.
 */

// ---- Ads ----------------------------------------------------------------------------------------

const CALLS_TO_ACTION = [
  'Learn more',
  'Shop now',
  'Sign up',
  'Subscribe',
  'Book now',
  'Get quote',
  'Contact us',
  'Download',
  'Apply now',
  'Order now',
] as const;
const assetIds = (what: string, max: number) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,19}$/, 'must be a numeric asset id'))),
      v.maxLength(max, `must list at most ${max} ${what}`),
      v.description(`${what}: image asset ids of the account's library`),
    ),
    [],
  );
const youtubeId = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character video id of the video platform'));

/** The ad of a Demand Gen ad group: image/carousel-style multi-asset, or video responsive. */
export const demandGenAdEntries = {
  format: v.optional(
    v.pipe(v.picklist(['MULTI_ASSET', 'VIDEO']), v.description('MULTI_ASSET (images; default) or VIDEO (videos of the video platform)')),
    'MULTI_ASSET',
  ),
  headlines: v.pipe(
    textList(5, 30, 'headlines'),
    v.minLength(1, 'must list at least 1 headline'),
    v.description('1-5 headlines of at most 30 characters'),
  ),
  long_headlines: v.optional(
    v.pipe(textList(5, 90, 'long headlines'), v.description('VIDEO: 1-5 long headlines of at most 90 characters')),
    [],
  ),
  descriptions: v.pipe(
    textList(5, 90, 'descriptions'),
    v.minLength(1, 'must list at least 1 description'),
    v.description('1-5 descriptions of at most 90 characters'),
  ),
  business_name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(25, 'must be at most 25 characters'),
    v.description('Advertiser or brand name (<= 25 characters)'),
  ),
  final_url: finalUrlArg(),
  call_to_action: v.optional(v.pipe(v.picklist(CALLS_TO_ACTION), v.description(`MULTI_ASSET: ${CALLS_TO_ACTION.join(', ')}`))),
  marketing_image_asset_ids: assetIds('landscape images (1.91:1, at least 600x314)', 20),
  square_image_asset_ids: assetIds('square images (1:1, at least 300x300)', 20),
  logo_image_asset_ids: v.pipe(
    v.array(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,19}$/, 'must be a numeric asset id'))),
    v.minLength(1, 'must list at least 1 logo'),
    v.maxLength(5, 'must list at most 5 logos'),
    v.description('1-5 logo images (1:1, at least 128x128): image asset ids'),
  ),
  youtube_video_ids: v.optional(
    v.pipe(v.array(youtubeId), v.maxLength(5, 'must list at most 5 videos'), v.description('VIDEO: 1-5 video ids of the video platform')),
    [],
  ),
};
const demandGenAd = v.strictObject(demandGenAdEntries);
export type DemandGenAdArgs = v.InferOutput<typeof demandGenAd>;
export const demandGenAdArg = (description: string) => v.pipe(demandGenAd, v.description(description));

/** Format rules a schema cannot state: what each format needs and must not have. */
export function demandGenAdRule(ad: DemandGenAdArgs, prefix = ''): string[] {
  const problems: string[] = [];
  const f = (name: string) => `\`${prefix}${name}\``;
  if (ad.format === 'VIDEO') {
    if (!ad.youtube_video_ids.length) problems.push(`${f('youtube_video_ids')} must list 1-5 videos for a VIDEO ad`);
    if (!ad.long_headlines.length) problems.push(`${f('long_headlines')} must list 1-5 long headlines for a VIDEO ad`);
    if (ad.marketing_image_asset_ids.length || ad.square_image_asset_ids.length)
      problems.push(`${f('marketing_image_asset_ids')} and ${f('square_image_asset_ids')} are for MULTI_ASSET ads`);
    if (ad.call_to_action) problems.push(`${f('call_to_action')} is for MULTI_ASSET ads`);
  } else {
    if (!ad.marketing_image_asset_ids.length && !ad.square_image_asset_ids.length)
      problems.push(`a MULTI_ASSET ad needs ${f('marketing_image_asset_ids')} or ${f('square_image_asset_ids')}`);
    if (ad.marketing_image_asset_ids.length + ad.square_image_asset_ids.length > 20)
      problems.push(`${f('marketing_image_asset_ids')} and ${f('square_image_asset_ids')} hold at most 20 images together`);
    if (ad.youtube_video_ids.length || ad.long_headlines.length)
      problems.push(`${f('youtube_video_ids')} and ${f('long_headlines')} are for VIDEO ads`);
  }
  return problems;
}

const SHAPES = {
  marketing_image_asset_ids: { ratio: 1.91, minWidth: 600, minHeight: 314, label: 'landscape 1.91:1, at least 600x314' },
  square_image_asset_ids: { ratio: 1, minWidth: 300, minHeight: 300, label: 'square 1:1, at least 300x300' },
  logo_image_asset_ids: { ratio: 1, minWidth: 128, minHeight: 128, label: 'square 1:1, at least 128x128' },
} as const;

/** Refuses images that are not in the library or do not have the shape their slot needs (the platform's 1 % ratio tolerance). */
export function checkDemandGenImages(ad: DemandGenAdArgs, media: SearchAdsMediaAsset[], prefix = ''): void {
  const images = media.filter((m) => m.type === 'IMAGE');
  const problems: string[] = [];
  for (const [field, shape] of Object.entries(SHAPES) as [keyof typeof SHAPES, (typeof SHAPES)[keyof typeof SHAPES]][]) {
    ad[field].forEach((id, i) => {
      const image = images.find((m) => m.id === id);
      if (!image) problems.push(`\`${prefix}${field}[${i}]\` ${id} is not an image asset of this account`);
      else if (
        !image.width ||
        !image.height ||
        Math.abs(image.width / image.height - shape.ratio) > shape.ratio * 0.01 ||
        image.width < shape.minWidth ||
        image.height < shape.minHeight
      ) {
        problems.push(`\`${prefix}${field}[${i}]\` "${image.name}" is ${image.width}x${image.height}; this slot needs ${shape.label}`);
      }
    });
  }
  if (problems.length) {
    const library = images.map((m) => `${m.id} "${m.name}" ${m.width}x${m.height}`).join('; ');
    throw new ToolError(`${problems.join('; ')}. Image assets of the account: ${library || 'none'}.`);
  }
}

/** The port's ad for these arguments. */
export function demandGenAdOf(ad: DemandGenAdArgs, adGroupId: string, status: 'ENABLED' | 'PAUSED'): NewSearchAdsChannelAd {
  const base = {
    ad_group_id: adGroupId,
    status,
    headlines: ad.headlines,
    descriptions: ad.descriptions,
    business_name: ad.business_name,
    final_url: ad.final_url,
    logo_image_asset_ids: ad.logo_image_asset_ids,
  };
  return ad.format === 'VIDEO'
    ? { type: 'DEMAND_GEN_VIDEO_RESPONSIVE_AD', ...base, long_headlines: ad.long_headlines, youtube_video_ids: ad.youtube_video_ids }
    : {
        type: 'DEMAND_GEN_MULTI_ASSET_AD',
        ...base,
        marketing_image_asset_ids: ad.marketing_image_asset_ids,
        square_marketing_image_asset_ids: ad.square_image_asset_ids,
        ...(ad.call_to_action ? { call_to_action_text: ad.call_to_action } : {}),
      };
}

export const demandGenAdType = (ad: DemandGenAdArgs) =>
  ad.format === 'VIDEO' ? 'DEMAND_GEN_VIDEO_RESPONSIVE_AD' : 'DEMAND_GEN_MULTI_ASSET_AD';

// ---- Channels -----------------------------------------------------------------------------------

export const CHANNEL_LABEL: Record<SearchAdsDemandGenChannel, string> = {
  youtube_in_stream: 'Video in-stream',
  youtube_in_feed: 'Video in-feed',
  youtube_shorts: 'Shorts',
  discover: 'Discover',
  gmail: 'Gmail',
  display: 'Display',
};
export const channelsArg = (description: string) =>
  v.optional(
    v.pipe(
      v.array(v.picklist(DEMAND_GEN_CHANNELS)),
      v.minLength(1, 'must list at least one channel'),
      v.check((l) => new Set(l).size === l.length, 'must not repeat a channel'),
      v.description(description),
    ),
  );

/** Controls with exactly these channels on (all six = ALL_CHANNELS, the platform's default). */
export function controlsOf(channels: readonly SearchAdsDemandGenChannel[] | undefined): SearchAdsDemandGenChannelControls {
  const on = channels ?? DEMAND_GEN_CHANNELS;
  const all = DEMAND_GEN_CHANNELS.every((c) => on.includes(c));
  return {
    strategy: all ? 'ALL_CHANNELS' : 'SELECTED_CHANNELS',
    channels: Object.fromEntries(DEMAND_GEN_CHANNELS.map((c) => [c, on.includes(c)])) as SearchAdsDemandGenChannelControls['channels'],
  };
}
export const channelsOn = (controls: SearchAdsDemandGenChannelControls) => DEMAND_GEN_CHANNELS.filter((c) => controls.channels[c]);
export const describeChannels = (controls: SearchAdsDemandGenChannelControls) =>
  controls.strategy === 'ALL_CHANNELS'
    ? 'all channels'
    : channelsOn(controls)
        .map((c) => CHANNEL_LABEL[c])
        .join(', ');
/** A video ad cannot serve on Gmail or Discover-only placements without images: the ad formats each surface takes. */
export function channelAdProblem(channels: readonly SearchAdsDemandGenChannel[], format: 'MULTI_ASSET' | 'VIDEO'): string | undefined {
  if (format === 'MULTI_ASSET' && channels.every((c) => VIDEO_CHANNELS.includes(c) && c !== 'youtube_in_feed')) {
    return `image ads do not serve on ${channels.map((c) => CHANNEL_LABEL[c]).join(' or ')}; turn on video in-feed, Discover, Gmail or Display, or use a VIDEO ad`;
  }
  return undefined;
}

// ---- Audiences ----------------------------------------------------------------------------------

const idList = (description: string) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200))),
      v.maxLength(50, 'must list at most 50 segments'),
      v.description(description),
    ),
    [],
  );
export const audienceEntries = {
  in_market_audiences: idList('In-market segment ids (or userInterests/<id>) from search_audiences'),
  affinity_audiences: idList('Affinity segment ids (or userInterests/<id>) from search_audiences'),
  custom_audiences: idList('Custom audience ids (or customers/<cid>/customAudiences/<id>) from search_audiences'),
  user_lists: idList('User list ids or resource names from search_audiences'),
};
type AudienceArgs = { [K in keyof typeof audienceEntries]: string[] };

/** The segments the arguments name, refusing unknown or misplaced ones with the field. */
export async function resolveSegments(
  port: SearchAdsPort,
  customerId: string,
  args: AudienceArgs,
  prefix = '',
): Promise<SearchAdsAudienceSegment[]> {
  const given = (Object.keys(AUDIENCE_FIELDS) as (keyof AudienceArgs)[]).filter((f) => args[f].length);
  if (!given.length) return [];
  const segments = await port.listAudienceSegments();
  const problems: string[] = [];
  const wanted: SearchAdsAudienceSegment[] = [];
  for (const field of given) {
    args[field].forEach((raw, i) => {
      const segment = segments.find((s) => s.id === segmentId(raw, customerId));
      if (!segment || segment.type !== AUDIENCE_FIELDS[field])
        problems.push(`\`${prefix}${field}[${i}]\` "${raw}" is not a ${AUDIENCE_FIELDS[field]} segment of this account`);
      else if (!wanted.includes(segment)) wanted.push(segment);
    });
  }
  if (problems.length) throw new ToolError(`${problems.join('; ')}. Find valid ids with search_audiences.`);
  return wanted;
}

const audienceOutput = v.object({ type: v.string(), audience_id: v.string(), name: v.string(), criterion_id: v.string() });

/** A Demand Gen campaign (or the campaign of a Demand Gen ad group), refusing other types. */
async function demandGenScope(
  port: SearchAdsPort,
  args: { campaign_id?: string; ad_group_id?: string },
): Promise<{ campaign: SearchAdsCampaign; groups: SearchAdsAdGroup[] }> {
  const group = args.ad_group_id ? await port.getAdGroup(args.ad_group_id) : undefined;
  const campaign = await port.getCampaign(group?.campaign_id ?? args.campaign_id!);
  if (campaign.type !== 'DEMAND_GEN')
    throw new ToolError(
      `Campaign "${campaign.name}" (${campaign.id}) is a ${campaign.type} campaign; this tool is for Demand Gen campaigns (list_campaigns shows each campaign's type).`,
    );
  return { campaign, groups: group ? [group] : await port.listAdGroups(campaign.id) };
}

const scopeArgs = {
  campaign_id: v.optional(campaignIdArg('Demand Gen campaign id from list_campaigns (all its ad groups)')),
  ad_group_id: v.optional(adGroupIdArg('One ad group of a Demand Gen campaign (from list_ad_groups)')),
};
const oneScope = (a: { campaign_id?: string; ad_group_id?: string }) =>
  Boolean(a.campaign_id) === Boolean(a.ad_group_id) ? 'give exactly one of `campaign_id` or `ad_group_id`' : undefined;

export const getDemandGenAudiences = defineSearchAdsTool({
  name: 'get_demandgen_audiences',
  description:
    "Shows the audience targeting of a Demand Gen campaign's ad groups (or of one ad group): in-market, affinity and custom segments and user lists, with their ids for replace_demandgen_audiences.",
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: scopeArgs,
  rules: [oneScope],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    campaign_name: v.string(),
    ad_groups: v.array(v.object({ ad_group_id: v.string(), name: v.string(), status: v.string(), audiences: v.array(audienceOutput) })),
  }),
  async run(args, ctx) {
    const { campaign, groups } = await demandGenScope(ctx.platform, args);
    const rows = [...groups]
      .sort((x, y) => x.name.localeCompare(y.name))
      .map((g) => ({ ad_group_id: g.id, name: g.name, status: g.status, audiences: g.audiences ?? [] }));
    const text = [
      `## Audiences of Demand Gen campaign "${campaign.name}" (${campaign.id})`,
      '',
      ...rows.flatMap((g) => [
        `### ${g.name} (${g.ad_group_id}, ${g.status})`,
        g.audiences.length
          ? markdownTable(
              ['Segment', 'Type', 'Segment id', 'Criterion id'],
              g.audiences.map((a) => [a.name, a.type, a.audience_id, a.criterion_id]),
            )
          : 'No audience segments: the ad group reaches everyone its channels and locations allow (optimized targeting).',
        '',
      ]),
      "replace_demandgen_audiences sets an ad group's segments; search_audiences finds segment ids.",
    ].join('\n');
    return {
      text,
      structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, campaign_name: campaign.name, ad_groups: rows },
    };
  },
});

export const replaceDemandGenAudiences = defineSearchAdsTool({
  name: 'replace_demandgen_audiences',
  description:
    'Overwrites the audience targeting of a Demand Gen ad group: the segments given (in-market, affinity, custom, user lists) become its audiences; segments it has that are not given are removed, ones it has already stay. Give no segment at all to clear its audiences.',
  access: 'write',
  examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', in_market_audiences: ['80443'] }],
  args: { ad_group_id: adGroupIdArg('Ad group of a Demand Gen campaign (from list_ad_groups)'), ...audienceEntries },
  output: v.object({
    customer_id: v.string(),
    ad_group_id: v.string(),
    added: v.array(audienceOutput),
    removed: v.array(audienceOutput),
    kept: v.array(audienceOutput),
  }),
  async plan(args, ctx) {
    const { campaign, groups } = await demandGenScope(ctx.platform, args);
    const group = groups[0]!;
    if (group.status === 'REMOVED' || campaign.status === 'REMOVED')
      throw new ToolError(`Ad group "${group.name}" (${group.id}) or its campaign is REMOVED; its audiences cannot change.`);
    const wanted = await resolveSegments(ctx.platform, ctx.account.account_id, args);
    const current = group.audiences ?? [];
    const remove = current.filter((a) => !wanted.some((s) => s.id === a.audience_id && s.type === a.type));
    const kept = current.filter((a) => !remove.includes(a));
    const add = wanted
      .filter((s) => !current.some((a) => a.audience_id === s.id && a.type === s.type))
      .map((s) => ({ type: s.type, audience_id: s.id, name: s.name }));
    return {
      summary:
        add.length || remove.length
          ? `Set the audiences of ad group "${group.name}": add ${add.length}, remove ${remove.length}`
          : `Ad group "${group.name}" already has exactly these audiences`,
      changes: [
        ...add.map((a) => ({
          action: 'create' as const,
          entity: 'ad_group_audience',
          name: a.name,
          fields: { audience_id: { after: a.audience_id }, type: { after: a.type } },
          startsPaused: true,
        })),
        ...remove.map((a) => ({ action: 'remove' as const, entity: 'ad_group_audience', id: a.criterion_id, name: a.name, fields: {} })),
      ],
      notes: wanted.length
        ? []
        : ['No segment given: the ad group will have no audience segments and reach everyone its channels and locations allow.'],
      data: { group: { id: group.id, name: group.name }, add, remove, kept },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, add, remove, kept } = plan.data;
    if (remove.length)
      await ctx.step('remove', () =>
        ctx.platform
          .removeAdGroupAudiences(
            group.id,
            remove.map((a) => a.criterion_id),
          )
          .then(() => true),
      );
    const added = add.length
      ? await ctx.step('add', () =>
          ctx.platform.addAdGroupAudiences(
            group.id,
            add.map((a) => ({ ...a, type: a.type as SearchAdsAudienceType })),
          ),
        )
      : [];
    const all = [...kept, ...added];
    const text = [
      `## Audiences of ad group "${group.name}" (${group.id}) replaced`,
      '',
      all.length
        ? markdownTable(
            ['Segment', 'Type', 'Segment id', 'Change'],
            [...kept.map((a) => [a.name, a.type, a.audience_id, 'kept']), ...added.map((a) => [a.name, a.type, a.audience_id, 'added'])],
          )
        : 'The ad group has no audience segments now.',
      ...(remove.length ? ['', `Removed: ${remove.map((a) => a.name).join(', ')}.`] : []),
    ].join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, ad_group_id: group.id, added, removed: remove, kept } };
  },
  undo(plan) {
    const { group, remove, kept } = plan.data;
    const all = [...kept, ...remove];
    const pick = (type: string) => all.filter((a) => a.type === type).map((a) => a.audience_id);
    return {
      tool: 'replace_demandgen_audiences',
      arguments: {
        ad_group_id: group.id,
        in_market_audiences: pick('IN_MARKET'),
        affinity_audiences: pick('AFFINITY'),
        custom_audiences: pick('CUSTOM'),
        user_lists: pick('USER_LIST'),
      },
    };
  },
});

// ---- Channel controls ---------------------------------------------------------------------------

const controlsOutput = v.object({ ad_group_id: v.string(), name: v.string(), strategy: v.string(), channels: v.array(v.string()) });

export const getDemandGenChannelControls = defineSearchAdsTool({
  name: 'get_demandgen_channel_controls',
  description:
    'Shows which surfaces (video in-stream, in-feed and Shorts, Discover, Gmail, Display) each ad group of a Demand Gen campaign serves on: all channels, or the selected ones.',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: { campaign_id: campaignIdArg('Demand Gen campaign id from list_campaigns') },
  output: v.object({ customer_id: v.string(), campaign_id: v.string(), campaign_name: v.string(), ad_groups: v.array(controlsOutput) }),
  async run(args, ctx) {
    const { campaign, groups } = await demandGenScope(ctx.platform, args);
    const controls = await ctx.platform.listDemandGenChannelControls(campaign.id);
    const rows = groups
      .filter((g) => g.status !== 'REMOVED')
      .sort((x, y) => x.name.localeCompare(y.name))
      .map((g) => {
        const c = controls.find((x) => x.ad_group_id === g.id)?.controls ?? controlsOf(undefined);
        return { ad_group_id: g.id, name: g.name, strategy: c.strategy, channels: channelsOn(c) };
      });
    const text = [
      `## Channel controls of Demand Gen campaign "${campaign.name}" (${campaign.id})`,
      '',
      rows.length
        ? markdownTable(
            ['Ad group', 'Id', ...DEMAND_GEN_CHANNELS.map((c) => CHANNEL_LABEL[c])],
            rows.map((r) => [r.name, r.ad_group_id, ...DEMAND_GEN_CHANNELS.map((c) => (r.channels.includes(c) ? 'on' : 'off'))]),
          )
        : 'The campaign has no ad groups yet (add_demandgen_ad_group adds one).',
      '',
      'update_demandgen_channel_controls turns surfaces on or off.',
    ].join('\n');
    return {
      text,
      structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, campaign_name: campaign.name, ad_groups: rows },
    };
  },
});

export const updateDemandGenChannelControls = defineSearchAdsTool({
  name: 'update_demandgen_channel_controls',
  description:
    "Turns Demand Gen surfaces on or off for one ad group or every ad group of a campaign: `channels` lists the surfaces to serve on (youtube_in_stream, youtube_in_feed, youtube_shorts, discover, gmail, display); all six means all channels, the platform's default. At least one stays on.",
  access: 'write',
  examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', channels: ['youtube_shorts', 'youtube_in_feed', 'discover'] }],
  args: {
    ...scopeArgs,
    channels: v.pipe(
      v.array(v.picklist(DEMAND_GEN_CHANNELS)),
      v.minLength(1, 'must list at least one channel (an ad group serves somewhere)'),
      v.check((l) => new Set(l).size === l.length, 'must not repeat a channel'),
      v.description('Surfaces to serve on (the others are turned off)'),
    ),
  },
  rules: [oneScope],
  output: v.object({ customer_id: v.string(), campaign_id: v.string(), changed: v.array(controlsOutput), unchanged: v.array(v.string()) }),
  async plan(args, ctx) {
    const { campaign, groups } = await demandGenScope(ctx.platform, args);
    if (campaign.status === 'REMOVED')
      throw new ToolError(`Campaign "${campaign.name}" (${campaign.id}) is REMOVED; its ad groups cannot change.`);
    const live = groups.filter((g) => g.status !== 'REMOVED');
    if (!live.length)
      throw new ToolError(
        args.ad_group_id
          ? `Ad group ${args.ad_group_id} is REMOVED; it cannot change.`
          : `Campaign "${campaign.name}" has no ad groups to change (add_demandgen_ad_group adds one).`,
      );
    const current = await ctx.platform.listDemandGenChannelControls(campaign.id);
    const wanted = controlsOf(args.channels);
    const ads = await ctx.platform.listAds(campaign.id);
    const problems = live.flatMap((g) => {
      const imageOnly = ads
        .filter((a) => a.ad_group_id === g.id && a.status !== 'REMOVED')
        .every((a) => a.type === 'DEMAND_GEN_MULTI_ASSET_AD');
      const problem =
        imageOnly && ads.some((a) => a.ad_group_id === g.id && a.status !== 'REMOVED')
          ? channelAdProblem(channelsOn(wanted), 'MULTI_ASSET')
          : undefined;
      return problem ? [`"${g.name}" has only image ads: ${problem}`] : [];
    });
    if (problems.length) throw new ToolError(`${problems.join('; ')}.`);
    const changes = live.flatMap((g) => {
      const before = current.find((c) => c.ad_group_id === g.id)?.controls ?? controlsOf(undefined);
      if (JSON.stringify(channelsOn(before)) === JSON.stringify(channelsOn(wanted))) return [];
      return [
        {
          action: 'update' as const,
          entity: 'ad_group',
          id: g.id,
          name: g.name,
          fields: { channels: { before: channelsOn(before), after: channelsOn(wanted) } },
        },
      ];
    });
    return {
      summary: changes.length
        ? `Serve ${changes.length} ad group(s) on ${describeChannels(wanted)}`
        : `Every ad group already serves on ${describeChannels(wanted)}`,
      changes,
      data: { campaign_id: campaign.id, wanted, groups: live.map((g) => ({ id: g.id, name: g.name })) },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign_id, wanted, groups } = plan.data;
    const changed: { ad_group_id: string; name: string; strategy: string; channels: string[] }[] = [];
    for (const change of plan.changes) {
      const result = await ctx.step(`controls:${change.id}`, () => ctx.platform.updateDemandGenChannelControls(change.id!, wanted));
      changed.push({
        ad_group_id: change.id!,
        name: change.name ?? '',
        strategy: result.controls.strategy,
        channels: channelsOn(result.controls),
      });
    }
    const unchanged = groups.filter((g) => !changed.some((c) => c.ad_group_id === g.id)).map((g) => g.id);
    const text = [
      changed.length ? `## ${changed.length} ad group(s) now serve on ${describeChannels(wanted)}` : '## Nothing changed',
      '',
      changed.length
        ? markdownTable(
            ['Ad group', 'Id', 'Channels'],
            changed.map((c) => [c.name, c.ad_group_id, c.channels.map((x) => CHANNEL_LABEL[x as SearchAdsDemandGenChannel]).join(', ')]),
          )
        : `Every ad group already serves on ${describeChannels(wanted)}.`,
    ].join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, campaign_id, changed, unchanged } };
  },
  undo(plan) {
    const [first] = plan.changes;
    if (plan.changes.length !== 1 || !first) return undefined;
    return { tool: 'update_demandgen_channel_controls', arguments: { ad_group_id: first.id, channels: first.fields.channels!.before } };
  },
});

// ---- Ad groups and ads --------------------------------------------------------------------------

const statusArg = v.optional(v.pipe(v.picklist(['PAUSED', 'ENABLED']), v.description('PAUSED (default) or ENABLED')), 'PAUSED');

export const addDemandGenAdGroup = defineSearchAdsTool({
  name: 'add_demandgen_ad_group',
  description:
    'Adds an ad group to an existing Demand Gen campaign: its channels (default all), audience segments (optional; none = optimized targeting) and its first ad (MULTI_ASSET with images from the asset library, or VIDEO with videos of the video platform). It starts PAUSED unless status ENABLED is asked for; each step is checkpointed.',
  access: 'write',
  examples: [
    {
      campaign_id: '<campaign_id from list_campaigns>',
      name: 'Example DG group',
      ad: {
        headlines: ['Gear for every trail'],
        descriptions: ['Boots and packs tested on real trails.'],
        business_name: 'Northwind Outdoor',
        final_url: 'https://www.example.com/trail',
        marketing_image_asset_ids: ['<marketing_image_asset_id from discover_existing_assets>'],
        square_image_asset_ids: ['<square_image_asset_id from discover_existing_assets>'],
        logo_image_asset_ids: ['<logo_image_asset_id from discover_existing_assets>'],
      },
    },
  ],
  args: {
    campaign_id: campaignIdArg('Demand Gen campaign id from list_campaigns'),
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(255),
      v.description('Ad group name, unique in the campaign'),
    ),
    channels: channelsArg(
      'Surfaces to serve on; default all six (youtube_in_stream, youtube_in_feed, youtube_shorts, discover, gmail, display)',
    ),
    ...audienceEntries,
    ad: demandGenAdArg("The ad group's first ad"),
    status: statusArg,
  },
  rules: [(a) => demandGenAdRule(a.ad, 'ad.')],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    ad_group_id: v.string(),
    name: v.string(),
    status: v.string(),
    channels: v.array(v.string()),
    audiences: v.number(),
    ad_id: v.string(),
    ad_type: v.string(),
  }),
  async plan(args, ctx) {
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    if (campaign.type !== 'DEMAND_GEN')
      throw new ToolError(
        `Campaign "${campaign.name}" is a ${campaign.type} campaign; add_demandgen_ad_group adds ad groups to Demand Gen campaigns.`,
      );
    const groups = await ctx.platform.listAdGroups(campaign.id);
    if (groups.some((g) => g.status !== 'REMOVED' && g.name.toLowerCase() === args.name.toLowerCase()))
      throw new ToolError(
        `Campaign "${campaign.name}" already has an ad group named "${args.name}"; ad group names are unique in a campaign.`,
      );
    const controls = controlsOf(args.channels);
    const problem = channelAdProblem(channelsOn(controls), args.ad.format);
    if (problem) throw new ToolError(`\`channels\` and \`ad.format\` do not fit: ${problem}.`);
    checkDemandGenImages(args.ad, await ctx.platform.listMediaAssets(), 'ad.');
    const segments = await resolveSegments(ctx.platform, ctx.account.account_id, args);
    const status = ctx.createPaused ? 'PAUSED' : args.status;
    return {
      summary: `Add ad group "${args.name}" (${status}) to Demand Gen campaign "${campaign.name}" with a ${args.ad.format} ad`,
      changes: <PlannedChange[]>[
        {
          action: 'create' as const,
          entity: 'ad_group',
          name: args.name,
          fields: { status: { after: status }, channels: { after: channelsOn(controls) } },
          startsPaused: status === 'PAUSED' || campaign.status !== 'ENABLED',
        },
        ...segments.map((s) => ({
          action: 'create' as const,
          entity: 'ad_group_audience',
          name: s.name,
          fields: { audience_id: { after: s.id }, type: { after: s.type } },
          startsPaused: true,
        })),
        {
          action: 'create' as const,
          entity: 'ad',
          name: args.ad.headlines[0],
          fields: { type: { after: demandGenAdType(args.ad) }, final_url: { after: args.ad.final_url } },
          startsPaused: status === 'PAUSED' || campaign.status !== 'ENABLED',
        },
      ],
      data: {
        campaign: { id: campaign.id, name: campaign.name, status: campaign.status },
        status,
        controls,
        segments: segments.map((s) => ({ type: s.type, audience_id: s.id, name: s.name })),
      },
    };
  },
  async apply(plan, args, ctx) {
    const { campaign, status, controls, segments } = plan.data;
    const group = await ctx.step('ad_group', () =>
      ctx.platform.createChannelAdGroup({
        campaign_id: campaign.id,
        name: args.name,
        status,
        type: 'UNSPECIFIED',
        cpc_bid: 0,
        channel_controls: controls,
      }),
    );
    const audiences = segments.length ? await ctx.step('audiences', () => ctx.platform.addAdGroupAudiences(group.id, segments)) : [];
    const [ad] = await ctx.step('ad', () => ctx.platform.createChannelAds([demandGenAdOf(args.ad, group.id, 'ENABLED')]));
    const text = [
      `## Ad group "${group.name}" added to "${campaign.name}" (${status})`,
      '',
      `Ad group ${group.id}: ${describeChannels(controls)}; ${audiences.length ? `${audiences.length} audience segment(s)` : 'no audience segments (optimized targeting)'}; ad ${ad!.id} (${ad!.type}).`,
      '',
      status === 'PAUSED'
        ? 'It does not serve yet: resume_ad_group enables it.'
        : campaign.status === 'ENABLED'
          ? "It serves after the platform's review of the ad."
          : 'It serves once the campaign is enabled (resume_campaign).',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        ad_group_id: group.id,
        name: group.name,
        status: group.status,
        channels: channelsOn(controls),
        audiences: audiences.length,
        ad_id: ad!.id,
        ad_type: ad!.type,
      },
    };
  },
});

export const addDemandGenAd = defineSearchAdsTool({
  name: 'add_demandgen_ad',
  description:
    "Adds an ad to a Demand Gen ad group: MULTI_ASSET (1-5 headlines <= 30, 1-5 descriptions <= 90, business name, landscape and/or square images and 1-5 logos from the asset library) or VIDEO (video ids of the video platform, long headlines). Images are checked against each slot's shape. It starts PAUSED unless status ENABLED is asked for.",
  access: 'write',
  examples: [
    {
      ad_group_id: '<ad_group_id from list_ad_groups>',
      headlines: ['Gear for every trail'],
      descriptions: ['Boots and packs tested on real trails.'],
      business_name: 'Northwind Outdoor',
      final_url: 'https://www.example.com/trail',
      marketing_image_asset_ids: ['<marketing_image_asset_id from discover_existing_assets>'],
      square_image_asset_ids: ['<square_image_asset_id from discover_existing_assets>'],
      logo_image_asset_ids: ['<logo_image_asset_id from discover_existing_assets>'],
    },
  ],
  args: { ad_group_id: adGroupIdArg('Ad group of a Demand Gen campaign (from list_ad_groups)'), ...demandGenAdEntries, status: statusArg },
  rules: [(a) => demandGenAdRule(a)],
  output: v.object({
    customer_id: v.string(),
    ad_group_id: v.string(),
    ad_id: v.string(),
    type: v.string(),
    status: v.string(),
    headlines: v.array(v.string()),
    final_url: v.string(),
  }),
  async plan(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.ad_group_id);
    const campaign = await ctx.platform.getCampaign(group.campaign_id);
    if (campaign.type !== 'DEMAND_GEN')
      throw new ToolError(`Ad group "${group.name}" is in a ${campaign.type} campaign; add_demandgen_ad adds ads to Demand Gen ad groups.`);
    if (group.status === 'REMOVED') throw new ToolError(`Ad group "${group.name}" (${group.id}) is REMOVED; ads cannot be added to it.`);
    const { format: _format, status: _status, ad_group_id: _id, ...rest } = args;
    const ad = { ...rest, format: args.format } as DemandGenAdArgs;
    const controls =
      (await ctx.platform.listDemandGenChannelControls(campaign.id)).find((c) => c.ad_group_id === group.id)?.controls ??
      controlsOf(undefined);
    const problem = channelAdProblem(channelsOn(controls), args.format);
    if (problem)
      throw new ToolError(
        `Ad group "${group.name}" serves on ${describeChannels(controls)}: ${problem} (update_demandgen_channel_controls).`,
      );
    checkDemandGenImages(ad, await ctx.platform.listMediaAssets());
    const status = ctx.createPaused ? 'PAUSED' : args.status;
    return {
      summary: `Create a ${demandGenAdType(ad)} (${status}) in ad group "${group.name}"`,
      changes: [
        {
          action: 'create' as const,
          entity: 'ad',
          name: args.headlines[0],
          fields: {
            type: { after: demandGenAdType(ad) },
            headlines: { after: args.headlines },
            final_url: { after: args.final_url },
            status: { after: status },
          },
          startsPaused: status === 'PAUSED',
        },
      ],
      data: { group: { id: group.id, name: group.name }, status, ad },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, status, ad } = plan.data;
    const [created] = await ctx.step('ad', () => ctx.platform.createChannelAds([demandGenAdOf(ad, group.id, status)]));
    return {
      text: [
        `## ${created!.type} created in "${group.name}"`,
        '',
        `Ad ${created!.id}, ${created!.status}: ${ad.headlines.length} headline(s), ${ad.descriptions.length} description(s), ${ad.format === 'VIDEO' ? `${ad.youtube_video_ids.length} video(s)` : `${ad.marketing_image_asset_ids.length + ad.square_image_asset_ids.length} image(s)`}, ${ad.final_url}.`,
        '',
        created!.status === 'PAUSED'
          ? 'It does not serve yet: resume_ad enables it after review.'
          : "It serves after the platform's review.",
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        ad_group_id: group.id,
        ad_id: created!.id,
        type: created!.type,
        status: created!.status,
        headlines: ad.headlines,
        final_url: ad.final_url,
      },
    };
  },
});
