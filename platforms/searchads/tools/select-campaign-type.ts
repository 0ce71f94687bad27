import * as v from 'valibot';
import { lastDays, reportingZone } from '../../../core/dates';
import { totals } from '../../../core/metrics';
import { markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';

/**
 * Which campaign type to create: each type is one row of data (what it is good for, what it needs,
 * the tool that creates it) and a score per goal; the answers and the account's last 30 days
 * (conversions that automated bidding learns from, campaigns that already run) raise or lower it.
 * The rules follow the platform's own guidance: Performance Max and Demand Gen learn from
 * conversions (about 30 a month), Shopping and retail Performance Max need a product feed, App
 * campaigns are the only way to promote an app.
 */

const GOALS = ['sales', 'leads', 'website_traffic', 'app_installs', 'awareness', 'local_visits'] as const;
type Goal = (typeof GOALS)[number];
const TYPES = ['SEARCH', 'PERFORMANCE_MAX', 'SHOPPING', 'DISPLAY', 'DEMAND_GEN', 'VIDEO', 'APP'] as const;
type CampaignType = (typeof TYPES)[number];

interface TypeRow {
  label: string;
  tool: string;
  goodFor: string;
  /** 0-10 per goal; absent = not suited. */
  fit: Partial<Record<Goal, number>>;
  needs: string[];
}

const TYPE_ROWS: Record<CampaignType, TypeRow> = {
  SEARCH: {
    label: 'Search',
    tool: 'create_search_campaign',
    goodFor: 'people searching for what you sell, with keyword-level control and search-term visibility',
    fit: { sales: 8, leads: 9, website_traffic: 8, local_visits: 6, awareness: 2 },
    needs: ['keywords and responsive search ad copy (suggest_ad_content drafts it)'],
  },
  PERFORMANCE_MAX: {
    label: 'Performance Max',
    tool: 'create_pmax_campaign',
    goodFor: 'conversions across every channel (Search, Shopping, video, Display, Discover, Gmail, Maps) from one set of assets',
    fit: { sales: 8, leads: 7, local_visits: 8, website_traffic: 4 },
    needs: [
      'conversion tracking with about 30 conversions a month',
      'images (landscape and square), a logo, headlines and descriptions (validate_and_prepare_assets checks images)',
    ],
  },
  SHOPPING: {
    label: 'Standard Shopping',
    tool: 'create_shopping_campaign',
    goodFor: 'product listings with price and image, bid per product group',
    fit: { sales: 9 },
    needs: ['a linked merchant product feed (link_merchant_feed)'],
  },
  DISPLAY: {
    label: 'Display',
    tool: 'create_display_campaign',
    goodFor: 'reach and remarketing on sites and apps with image ads',
    fit: { awareness: 7, website_traffic: 5, sales: 3, leads: 3 },
    needs: ['images and a logo for responsive display ads', 'audiences or placements to target'],
  },
  DEMAND_GEN: {
    label: 'Demand Gen',
    tool: 'create_demandgen_campaign',
    goodFor: 'creating demand with visual ads on video, Shorts, Discover and Gmail',
    fit: { awareness: 8, sales: 5, leads: 5, website_traffic: 6 },
    needs: ['images or videos', 'audiences (lookalikes from your lists work best)'],
  },
  VIDEO: {
    label: 'Video (video-only Demand Gen)',
    tool: 'create_video_campaign',
    goodFor: 'awareness and consideration with video ads',
    fit: { awareness: 9, website_traffic: 3 },
    needs: ['at least one video'],
  },
  APP: {
    label: 'App',
    tool: 'create_app_campaign',
    goodFor: 'installs and in-app actions of a mobile app, across every channel',
    fit: { app_installs: 10 },
    needs: ['an app in the Google Play or Apple App Store'],
  },
};

const flag = (description: string) => v.optional(v.pipe(v.boolean(), v.description(description)));

export const selectSearchAdsCampaignType = defineSearchAdsTool({
  name: 'select_searchads_campaign_type',
  description:
    "Guided choice of a campaign type before creating one: from the goal and what you have (product feed, app, images, videos, wish for keyword control) and the account's last 30 days (conversions automated bidding can learn from, campaigns that already run), ranks Search, Performance Max, Shopping, Display, Demand Gen, Video and App with the reasons, what each needs and the tool that creates it.",
  access: 'read',
  args: {
    goal: v.pipe(v.picklist(GOALS, `must be one of ${GOALS.join(', ')}`), v.description(`What the campaign is for: ${GOALS.join(', ')}`)),
    has_product_feed: flag('You sell products listed in a merchant product feed'),
    has_app: flag('You have a mobile app in an app store'),
    has_images: flag('You have landscape and square images and a logo'),
    has_videos: flag('You have at least one video'),
    needs_keyword_control: flag('You want to choose the exact searches you appear on and see every search term (default true for leads)'),
    daily_budget: v.optional(
      v.pipe(
        v.number(),
        v.minValue(1, 'must be at least 1.00'),
        v.maxValue(1_000_000, 'must be at most 1,000,000'),
        v.description('The daily budget you plan, in account currency'),
      ),
    ),
  },
  rules: [
    (a) => (a.goal === 'app_installs' && a.has_app === false ? '`goal` app_installs needs an app: has_app cannot be false' : undefined),
  ],
  output: v.object({
    customer_id: v.string(),
    goal: v.string(),
    conversions_last_30_days: v.number(),
    recommended: v.nullable(v.string()),
    options: v.array(
      v.object({
        type: v.string(),
        label: v.string(),
        score: v.number(),
        create_tool: v.string(),
        good_for: v.string(),
        reasons: v.array(v.string()),
        needs: v.array(v.string()),
        blocked_by: v.nullable(v.string()),
      }),
    ),
  }),
  async run(args, ctx) {
    const { start, end } = lastDays(ctx.now, 30, reportingZone(ctx.account));
    const [campaigns, rows] = await Promise.all([ctx.platform.listCampaigns(), ctx.platform.getReport('customer', start, end)]);
    const figures = totals(rows);
    const running = campaigns.filter((c) => c.status === 'ENABLED');
    const conversions = figures.conversions;
    const options = TYPES.filter((type) => TYPE_ROWS[type].fit[args.goal] !== undefined)
      .map((type) => {
        const row = TYPE_ROWS[type];
        let score = row.fit[args.goal]!;
        const reasons: string[] = [`fits ${args.goal.replace('_', ' ')}: ${row.goodFor}`];
        let blocked: string | null = null;
        if (type === 'SHOPPING' && args.has_product_feed !== true)
          blocked =
            args.has_product_feed === false
              ? 'needs a product feed, and you have none'
              : 'needs a product feed: say has_product_feed true if you have one';
        if (type === 'APP' && args.has_app === false) blocked = 'needs an app';
        if (type === 'VIDEO' && args.has_videos === false) blocked = 'needs at least one video';
        if (type === 'PERFORMANCE_MAX') {
          if (conversions < 30) {
            score -= 3;
            reasons.push(
              `the account recorded ${conversions} conversions in the last 30 days; Performance Max learns best from about 30 a month`,
            );
          } else {
            score += 1;
            reasons.push(`${conversions} conversions in the last 30 days give automated bidding enough to learn from`);
          }
          if (args.has_images === false) {
            score -= 3;
            reasons.push('without images it would serve mostly auto-generated assets');
          }
          if (args.has_product_feed && args.goal === 'sales') {
            score += 1;
            reasons.push('with a feed it also serves Shopping ads across channels');
          }
        }
        if (type === 'DEMAND_GEN' || type === 'DISPLAY') {
          if (args.has_images === false && args.has_videos !== true) {
            score -= 4;
            reasons.push('needs visuals, and you have none yet');
          }
          if (type === 'DEMAND_GEN' && args.has_videos) {
            score += 1;
            reasons.push('your videos can run on video and Shorts placements');
          }
        }
        if (type === 'SEARCH') {
          if (args.needs_keyword_control ?? args.goal === 'leads') {
            score += 2;
            reasons.push('keeps control of keywords and shows every search term');
          }
          if (!running.some((c) => c.type === 'SEARCH')) reasons.push('no Search campaign runs yet: it is the usual first campaign');
        }
        if (type === 'SHOPPING' && args.needs_keyword_control) {
          score += 1;
          reasons.push('bids per product group and shows the searches behind each product');
        }
        if (
          args.daily_budget !== undefined &&
          (type === 'PERFORMANCE_MAX' || type === 'DEMAND_GEN') &&
          figures.cpa !== null &&
          args.daily_budget < figures.cpa
        ) {
          score -= 2;
          reasons.push(
            `a daily budget of ${money(args.daily_budget, ctx.account.currency)} is below the account's CPA of ${money(figures.cpa, ctx.account.currency)}: it buys less than a conversion a day to learn from`,
          );
        }
        const overlapping = running.filter((c) => c.type === type);
        if (overlapping.length)
          reasons.push(
            `${overlapping.length} ${row.label} campaign${overlapping.length === 1 ? '' : 's'} already run${overlapping.length === 1 ? 's' : ''}: a new one competes with ${overlapping.length === 1 ? 'it' : 'them'} unless targeting differs`,
          );
        return {
          type,
          label: row.label,
          score: blocked ? 0 : Math.max(0, Math.min(10, score)),
          create_tool: row.tool,
          good_for: row.goodFor,
          reasons,
          needs: row.needs,
          blocked_by: blocked,
        };
      })
      .sort((a, b) => b.score - a.score);
    const best = options.find((o) => !o.blocked_by && o.score > 0) ?? null;
    const text = [
      `## Campaign type for ${args.goal.replace('_', ' ')}`,
      '',
      best
        ? `Recommended: **${best.label}**, created with ${best.create_tool}. ${best.reasons[0]}.`
        : 'No campaign type fits what you have yet: see what each one needs below.',
      '',
      markdownTable(
        ['Type', 'Score', 'Create with', 'Why', 'Needs'],
        options.map((o) => [
          o.label,
          o.score,
          o.create_tool,
          o.blocked_by ? `blocked: ${o.blocked_by}` : o.reasons.join('; '),
          o.needs.join('; '),
        ]),
      ),
      '',
      `Account, last 30 days: ${conversions} conversions, ${running.length} campaign${running.length === 1 ? '' : 's'} running.`,
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        goal: args.goal,
        conversions_last_30_days: conversions,
        recommended: best?.type ?? null,
        options,
      },
    };
  },
});
