import * as v from 'valibot';
import { characterLength } from '../../../core/arguments';
import { count, markdownTable } from '../../../core/markdown';
import { formatBytes } from '../../video-check';
import { defineShortVideoTool } from '../define';
import { TARGETING_TYPES } from '../port';

export const listShortVideoPixels = defineShortVideoTool({
  name: 'list_shortvideo_pixels',
  description:
    'Lists the pixels of a shortvideo advertiser: the NUMERIC pixel id (what pixel_id arguments take), the alphanumeric pixel code (shown in the events manager and the pixel script), ' +
    'activity status, and the events each pixel has received, i.e. the valid optimization_event values.',
  access: 'read',
  args: {},
  output: v.object({
    advertiser_id: v.string(),
    pixels: v.array(
      v.object({
        pixel_id: v.string(),
        pixel_name: v.string(),
        pixel_code: v.string(),
        activity_status: v.string(),
        events: v.array(
          v.object({
            optimization_event: v.string(),
            event_name: v.string(),
            last_fired: v.string(),
          }),
        ),
      }),
    ),
  }),
  async run(_args, ctx) {
    const pixels = await ctx.platform.listPixels();
    const lines = [`## Pixels of ${ctx.account.name} (${ctx.account.account_id})`, ''];
    if (!pixels.length) lines.push('No pixels yet: create one in the events manager before running WEB_CONVERSIONS campaigns.');
    else {
      lines.push(
        markdownTable(
          ['Pixel', 'pixel_id (numeric)', 'Pixel code', 'Status', 'Events (optimization_event)'],
          pixels.map((p) => [p.pixel_name, p.id, p.pixel_code, p.activity_status, p.events.map((e) => e.optimization_event).join(', ')]),
        ),
        '',
        'Use the numeric `pixel_id` in create_shortvideo_video_campaign and update_shortvideo_ad_group, not the pixel code.',
      );
      const inactive = pixels.filter((p) => p.activity_status === 'INACTIVE');
      if (inactive.length)
        lines.push(
          `Inactive (no recent events): ${inactive.map((p) => p.pixel_name).join(', ')}; check the pixel installation before optimizing for them.`,
        );
    }
    return {
      text: lines.join('\n'),
      structured: { advertiser_id: ctx.account.account_id, pixels: pixels.map(({ id, ...p }) => ({ pixel_id: id, ...p })) },
    };
  },
});

export const listShortVideoLeadPages = defineShortVideoTool({
  name: 'list_shortvideo_lead_pages',
  description:
    'Lists the instant forms (lead pages) of a shortvideo advertiser with their page_id, title, status (PUBLISHED or DRAFT) and questions. LEAD_GENERATION campaigns need a PUBLISHED form.',
  access: 'read',
  args: {
    status: v.optional(v.pipe(v.picklist(['PUBLISHED', 'DRAFT']), v.description('Only forms in this status'))),
  },
  output: v.object({
    advertiser_id: v.string(),
    lead_pages: v.array(
      v.object({
        page_id: v.string(),
        privacy_policy_url: v.string(),
        create_time: v.string(),
        questions: v.array(v.string()),
        title: v.string(),
        status: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    const pages = (await ctx.platform.listLeadPages()).filter((p) => !args.status || p.status === args.status);
    const text = [
      `## Instant forms of ${ctx.account.name}`,
      '',
      pages.length
        ? markdownTable(
            ['Form', 'page_id', 'Status', 'Questions'],
            pages.map((p) => [p.title, p.id, p.status, p.questions.join(', ')]),
          )
        : 'No instant forms match.',
      '',
      'Only PUBLISHED forms can be used as page_id in create_shortvideo_video_campaign (objective LEAD_GENERATION).',
    ].join('\n');
    return {
      text,
      structured: { advertiser_id: ctx.account.account_id, lead_pages: pages.map(({ id, ...p }) => ({ page_id: id, ...p })) },
    };
  },
});

export const listShortVideoAdVideos = defineShortVideoTool({
  name: 'list_shortvideo_ad_videos',
  description:
    "Lists the videos in the advertiser's creative library with video_id, file name, duration, size, resolution, aspect ratio and processing status; a video_id can be reused in create_shortvideo_video_campaign and create_shortvideo_dco_ad without uploading again. Flags videos outside the 5-60 second, 500 MB and 9:16 guidance.",
  access: 'read',
  args: {
    query: v.optional(v.pipe(v.string(), v.trim(), v.description('Case-insensitive part of the file name or video id'))),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100), v.description('Rows per page, 1-100, default 20')),
      20,
    ),
    offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Rows to skip, default 0')), 0),
  },
  output: v.object({
    advertiser_id: v.string(),
    total: v.number(),
    offset: v.number(),
    limit: v.number(),
    has_more: v.boolean(),
    videos: v.array(
      v.object({
        video_id: v.string(),
        file_name: v.string(),
        duration: v.number(),
        size: v.number(),
        width: v.number(),
        height: v.number(),
        ratio: v.string(),
        format: v.string(),
        status: v.string(),
        create_time: v.string(),
        issues: v.array(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const q = args.query?.toLowerCase();
    const all = (await ctx.platform.listVideos())
      .filter((x) => !q || x.file_name.toLowerCase().includes(q) || x.id.toLowerCase().includes(q))
      .sort((a, b) => b.create_time.localeCompare(a.create_time) || a.id.localeCompare(b.id));
    const page = all.slice(args.offset, args.offset + args.limit);
    const ratioOf = (w: number, h: number) => {
      const r = w / h;
      return Math.abs(r - 9 / 16) < 0.01 ? '9:16' : Math.abs(r - 16 / 9) < 0.01 ? '16:9' : Math.abs(r - 1) < 0.01 ? '1:1' : `${w}:${h}`;
    };
    const rows = page.map((x) => {
      const ratio = ratioOf(x.width, x.height);
      const issues = [
        x.duration < 5 || x.duration > 60 ? 'duration outside 5-60 s' : '',
        x.size > 500 * 1024 * 1024 ? 'over 500 MB' : '',
        ratio !== '9:16' ? 'not 9:16 (vertical is preferred)' : '',
        x.status === 'PROCESSING' ? 'still processing' : '',
      ].filter(Boolean);
      return {
        video_id: x.id,
        file_name: x.file_name,
        duration: x.duration,
        size: x.size,
        width: x.width,
        height: x.height,
        ratio,
        format: x.format,
        status: x.status,
        create_time: x.create_time,
        issues,
      };
    });
    const text = [
      `## Ad videos of ${ctx.account.name} (${all.length} total, showing ${rows.length})`,
      '',
      rows.length
        ? markdownTable(
            ['File', 'video_id', 'Duration', 'Size', 'Ratio', 'Status', 'Notes'],
            rows.map((r) => [
              r.file_name,
              r.video_id,
              `${r.duration.toFixed(1)} s`,
              formatBytes(r.size),
              r.ratio,
              r.status,
              r.issues.join('; '),
            ]),
          )
        : 'No videos match.',
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        total: all.length,
        offset: args.offset,
        limit: args.limit,
        has_more: args.offset + rows.length < all.length,
        videos: rows,
      },
    };
  },
});

export const listShortVideoCustomAudiences = defineShortVideoTool({
  name: 'list_shortvideo_custom_audiences',
  description:
    'Lists the custom and lookalike audiences of a shortvideo advertiser with audience id, type, size and whether they can be targeted (valid, not expired). Use the ids in audience_ids / excluded_audience_ids.',
  access: 'read',
  args: {
    audience_type: v.optional(
      v.pipe(
        v.picklist(['CUSTOMER_FILE', 'ENGAGEMENT', 'WEBSITE_TRAFFIC', 'APP_ACTIVITY', 'LOOKALIKE', 'LEAD_GENERATION']),
        v.description('Only audiences of this type'),
      ),
    ),
  },
  output: v.object({
    advertiser_id: v.string(),
    audiences: v.array(
      v.object({
        audience_id: v.string(),
        is_expired: v.boolean(),
        create_time: v.string(),
        audience_type: v.string(),
        is_valid: v.boolean(),
        name: v.string(),
        cover_num: v.number(),
        targetable: v.boolean(),
      }),
    ),
  }),
  async run(args, ctx) {
    const audiences = (await ctx.platform.listCustomAudiences()).filter(
      (a) => !args.audience_type || a.audience_type === args.audience_type,
    );
    const targetable = (a: { is_valid: boolean; is_expired: boolean }) => a.is_valid && !a.is_expired;
    const text = [
      `## Custom audiences of ${ctx.account.name}`,
      '',
      audiences.length
        ? markdownTable(
            ['Audience', 'audience_id', 'Type', 'Size', 'Targetable'],
            audiences.map((a) => [
              a.name,
              a.id,
              a.audience_type,
              count(a.cover_num),
              a.is_expired ? 'no (expired)' : a.is_valid ? 'yes' : 'no (too small)',
            ]),
          )
        : 'No audiences match.',
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        audiences: audiences.map(({ id, ...a }) => ({ audience_id: id, ...a, targetable: targetable(a) })),
      },
    };
  },
});

export const searchShortVideoTargeting = defineShortVideoTool({
  name: 'search_shortvideo_targeting',
  description:
    'Finds targeting ids for shortvideo ad groups: locations (e.g. United States = 6252001), interest_categories, interest_keywords (numeric ids for interest_keyword_ids), ' +
    'purchase_intention_keywords, contextual_tags, device_models, carriers and languages. Matches a case-insensitive part of the name; an empty query lists all.',
  access: 'read',
  args: {
    targeting_type: v.pipe(v.picklist(TARGETING_TYPES), v.description(`What to search: ${TARGETING_TYPES.join(', ')}`)),
    query: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        characterLength({ max: 100 }),
        v.description('Part of the name, e.g. "hiking" or "California"; empty lists all'),
      ),
      '',
    ),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100), v.description('At most this many results, default 20')),
      20,
    ),
  },
  output: v.object({
    advertiser_id: v.string(),
    targeting_type: v.string(),
    query: v.string(),
    total: v.number(),
    parameter: v.string(),
    results: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        kind: v.optional(v.string()),
        /** Where the platform gives one (live catalogues do not for every type). */
        audience_size: v.optional(v.number()),
        parent: v.optional(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const found = await ctx.platform.searchTargeting(args.targeting_type, args.query);
    const results = found.slice(0, args.limit);
    const field: Record<string, string> = {
      locations: 'location_ids',
      interest_categories: 'interest_category_ids',
      interest_keywords: 'interest_keyword_ids',
      purchase_intention_keywords: 'purchase_intention_keyword_ids',
      contextual_tags: 'contextual_tag_ids',
      device_models: 'device_model_ids',
      carriers: 'carrier_ids',
      languages: 'languages',
    };
    const text = [
      `## ${args.targeting_type} matching "${args.query}" (${found.length})`,
      '',
      results.length
        ? markdownTable(
            ['Name', 'Id', 'Kind', 'Parent', 'Audience size'],
            results.map((r) => [r.name, r.id, r.kind, r.parent, r.audience_size !== undefined ? count(r.audience_size) : undefined]),
          )
        : 'Nothing matches; try a shorter or broader term.',
      '',
      `Pass the ids in \`${field[args.targeting_type]}\` of update_shortvideo_ad_group.`,
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        targeting_type: args.targeting_type,
        query: args.query,
        total: found.length,
        parameter: field[args.targeting_type],
        results,
      },
    };
  },
});
