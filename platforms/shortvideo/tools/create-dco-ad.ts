import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineShortVideoTool } from '../define';
import { CALLS_TO_ACTION } from '../schemas';

/** Automated (dynamic) creative limits of the platform: up to 10 videos, 5 texts, 1 call to action. */
export const DCO_LIMITS = { videos: 10, texts: 5, textLength: 100 } as const;

export const createShortVideoDcoAd = defineShortVideoTool({
  name: 'create_shortvideo_dco_ad',
  description:
    `Creates a dynamic creative (automated creative optimization) ad in an ad group whose creative_material_mode is DYNAMIC: up to ${DCO_LIMITS.videos} library videos and up to ${DCO_LIMITS.texts} ad texts ` +
    '(1-100 characters each) with one call to action; the platform combines them and delivers the best-performing combinations. One dynamic creative per ad group. ' +
    'Switch an ad group to DYNAMIC with update_shortvideo_ad_group (creative_material_mode) before it has ads; find video ids with list_shortvideo_ad_videos.',
  access: 'write',
  examples: [
    {
      adgroup_id: '<adgroup_id from list_shortvideo_ad_groups>',
      video_ids: ['<video_id from list_shortvideo_ad_videos>'],
      ad_texts: ['Gear that goes further'],
      display_name: 'Northwind Outdoor',
      landing_page_url: 'https://www.example.com/trail',
    },
  ],
  args: {
    adgroup_id: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'must be a numeric ad group id'),
      v.description('Ad group with creative_material_mode DYNAMIC'),
    ),
    video_ids: v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
      v.minLength(1, 'must list at least one video'),
      v.maxLength(DCO_LIMITS.videos, `must list at most ${DCO_LIMITS.videos} videos`),
      v.check((list) => new Set(list).size === list.length, 'must not repeat a video'),
      v.description(`1-${DCO_LIMITS.videos} video ids from list_shortvideo_ad_videos`),
    ),
    ad_texts: v.pipe(
      v.array(
        v.pipe(
          v.string(),
          v.trim(),
          v.minLength(1, 'must not be empty'),
          v.maxLength(DCO_LIMITS.textLength, `must be at most ${DCO_LIMITS.textLength} characters`),
        ),
      ),
      v.minLength(1, 'must list at least one ad text'),
      v.maxLength(DCO_LIMITS.texts, `must list at most ${DCO_LIMITS.texts} ad texts`),
      v.check((list) => new Set(list.map((t) => t.toLowerCase())).size === list.length, 'must not repeat a text'),
      v.description(`1-${DCO_LIMITS.texts} ad texts, 1-100 characters each`),
    ),
    call_to_action: v.optional(v.pipe(v.picklist(CALLS_TO_ACTION), v.description('One call to action; default LEARN_MORE')), 'LEARN_MORE'),
    display_name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1),
      v.maxLength(40, 'must be at most 40 characters'),
      v.description('Brand name shown on the ads, max 40 characters'),
    ),
    landing_page_url: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.url('must be a full URL'),
        v.startsWith('https://', 'must be an HTTPS URL'),
        v.description('HTTPS landing page; not needed for lead generation with page_id'),
      ),
    ),
    page_id: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d+$/, 'must be a numeric instant form id'),
        v.description('PUBLISHED instant form, LEAD_GENERATION campaigns only'),
      ),
    ),
    ad_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1),
        v.maxLength(512),
        v.description('Name of the dynamic creative; default from the ad group name'),
      ),
    ),
  },
  rules: [
    (a) =>
      a.landing_page_url && a.page_id
        ? '`landing_page_url` and `page_id` are mutually exclusive; an instant form is the destination itself'
        : undefined,
  ],
  output: v.object({
    advertiser_id: v.string(),
    ad_id: v.string(),
    adgroup_id: v.string(),
    campaign_id: v.string(),
    combinations: v.number(),
    review_status: v.string(),
    video_ids: v.array(v.string()),
    ad_texts: v.array(v.string()),
  }),
  async plan(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.adgroup_id);
    const campaign = await ctx.platform.getCampaign(group.campaign_id);
    const problems: string[] = [];
    if (group.status === 'DELETED') throw new ToolError(`Ad group ${group.id} is deleted; dynamic creative cannot be added to it.`);
    if (group.creative_material_mode !== 'DYNAMIC') {
      throw new ToolError(
        `Ad group ${group.id} ("${group.adgroup_name}") uses creative_material_mode ${group.creative_material_mode}; dynamic creative needs DYNAMIC. Use an ad group created as DYNAMIC, or set creative_material_mode DYNAMIC with update_shortvideo_ad_group on an ad group without ads.`,
      );
    }
    const existing = (await ctx.platform.listAds()).filter((a) => a.adgroup_id === group.id && a.status !== 'DELETED');
    if (existing.some((a) => a.ad_format === 'DYNAMIC'))
      problems.push(`ad group ${group.id} already has a dynamic creative; there can be one per ad group`);
    const lead = campaign.objective_type === 'LEAD_GENERATION';
    if (args.page_id && !lead) problems.push('`page_id` (instant form) only applies to LEAD_GENERATION campaigns');
    if (!args.landing_page_url && !(lead && args.page_id))
      problems.push('`landing_page_url` (HTTPS) is required' + (lead ? ' unless a PUBLISHED instant form is given in `page_id`' : ''));
    if (args.page_id) {
      const page = (await ctx.platform.listLeadPages()).find((p) => p.id === args.page_id);
      if (!page) problems.push(`\`page_id\` ${args.page_id} is not an instant form of this advertiser`);
      else if (page.status !== 'PUBLISHED') problems.push(`\`page_id\`: instant form "${page.title}" is ${page.status}; publish it first`);
    }
    const library = new Map((await ctx.platform.listVideos()).map((x) => [x.id, x]));
    args.video_ids.forEach((id, i) => {
      const video = library.get(id);
      if (!video) problems.push(`\`video_ids[${i}]\` ${id} is not in the video library; see list_shortvideo_ad_videos`);
      else if (video.duration < 5 || video.duration > 60)
        problems.push(`\`video_ids[${i}]\` is ${video.duration} s long; videos must be 5-60 seconds`);
    });
    if (problems.length)
      throw new ToolError(
        problems.length === 1 ? `Nothing was created: ${problems[0]}` : `Nothing was created:\n${problems.map((p) => `- ${p}`).join('\n')}`,
        { problems },
      );

    // The ad delivers as soon as review passes unless it starts disabled ("create paused" guardrail).
    const status = ctx.createPaused ? ('DISABLED' as const) : ('ENABLED' as const);
    const adName = args.ad_name ?? `${group.adgroup_name} - Dynamic creative`;
    const data = {
      group: { id: group.id, name: group.adgroup_name },
      campaign_id: campaign.id,
      status,
      videos: args.video_ids.map((id) => ({
        id,
        file_name: library.get(id)!.file_name,
        duration: library.get(id)!.duration,
        horizontal: library.get(id)!.width > library.get(id)!.height,
      })),
    };
    return {
      summary: `Create dynamic creative "${adName}" in ad group "${group.adgroup_name}" (${group.id})`,
      changes: [
        {
          action: 'create',
          entity: 'ad',
          name: adName,
          fields: {
            ad_format: { after: 'DYNAMIC' },
            status: { after: status },
            video_ids: { after: args.video_ids },
            ad_texts: { after: args.ad_texts },
            call_to_action: { after: args.call_to_action },
          },
          startsPaused: status === 'DISABLED',
        },
      ],
      data,
    };
  },
  async apply(plan, args, ctx) {
    const { group, campaign_id, status, videos } = plan.data;
    const campaign = { id: campaign_id };
    const library = new Map(videos.map((x) => [x.id, x]));
    const ad = await ctx.platform.createAd({
      adgroup_id: group.id,
      campaign_id: campaign.id,
      ad_name: args.ad_name ?? `${group.name} - Dynamic creative`,
      ad_format: 'DYNAMIC',
      status,
      review_status: 'IN_REVIEW',
      ad_texts: args.ad_texts,
      video_ids: args.video_ids,
      display_name: args.display_name,
      call_to_action: args.call_to_action,
      landing_page_url: args.landing_page_url,
      page_id: args.page_id,
      create_time: ctx.now.toISOString(),
    });
    const combinations = args.video_ids.length * args.ad_texts.length;
    const horizontal = args.video_ids.filter((id) => library.get(id)!.horizontal);
    const text = [
      `## Dynamic creative created in ${group.name}`,
      '',
      `Ad ${ad.id}: ${args.video_ids.length} video(s) x ${args.ad_texts.length} text(s) = ${combinations} combinations, call to action ${args.call_to_action}. The creative is in review (up to 24 hours); the platform then shifts delivery to the best combinations.`,
      '',
      markdownTable(
        ['#', 'Ad text', 'Characters'],
        args.ad_texts.map((t, i) => [i + 1, t, t.length]),
      ),
      '',
      markdownTable(
        ['Video', 'File', 'Duration'],
        args.video_ids.map((id) => [id, library.get(id)!.file_name, `${library.get(id)!.duration} s`]),
      ),
      ...(horizontal.length ? ['', `Note: ${horizontal.length} video(s) are horizontal; 9:16 vertical performs best in-feed.`] : []),
      ...(args.ad_texts.length < DCO_LIMITS.texts || args.video_ids.length < 3
        ? ['', `Tip: more variety (3+ videos, up to ${DCO_LIMITS.texts} texts) gives the optimization more to learn from.`]
        : []),
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        ad_id: ad.id,
        adgroup_id: group.id,
        campaign_id: campaign.id,
        combinations,
        review_status: ad.review_status,
        video_ids: args.video_ids,
        ad_texts: args.ad_texts,
      },
    };
  },
});
