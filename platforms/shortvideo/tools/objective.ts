/** explain_shortvideo_objective: a business goal mapped to the objective, formats and constraints that fit it. */
import * as v from 'valibot';
import { markdownTable } from '../../../core/markdown';
import { defineShortVideoTool } from '../define';
import type { Objective } from '../port';
import { DEFAULT_BILLING_EVENT, OPTIMIZATION_GOALS } from '../schemas';
import { MIN_BUDGET } from './shared';

const GOALS = ['website_sales', 'catalog_sales', 'leads', 'app_installs', 'website_traffic', 'video_views', 'brand_awareness'] as const;
type Goal = (typeof GOALS)[number];

interface GoalSpec {
  objective: Objective;
  judged_on: string;
  formats: string[];
  requires: string[];
  avoid: string;
  create_with: string;
}

const SPEC: Record<Goal, GoalSpec> = {
  website_sales: {
    objective: 'WEB_CONVERSIONS',
    judged_on: 'purchases, cost per purchase and ROAS',
    formats: ['SINGLE_VIDEO', 'SPARK_AD', 'CAROUSEL_ADS', 'DYNAMIC'],
    requires: ['an active pixel that receives the purchase event (pixel_id and optimization_event ON_WEB_ORDER)'],
    avoid: 'TRAFFIC: it buys clicks, not buyers',
    create_with: 'create_shortvideo_video_campaign (objective WEB_CONVERSIONS) or create_shortvideo_campaign',
  },
  catalog_sales: {
    objective: 'PRODUCT_SALES',
    judged_on: 'purchases and ROAS',
    formats: ['SINGLE_VIDEO', 'CAROUSEL_ADS'],
    requires: ['a product catalog connected to the advertiser', 'an active pixel with the purchase event'],
    avoid: 'WEB_CONVERSIONS without a catalog when you sell many products',
    create_with: 'add_shortvideo_ad_group in an existing catalog campaign',
  },
  leads: {
    objective: 'LEAD_GENERATION',
    judged_on: 'leads and cost per lead',
    formats: ['SINGLE_VIDEO', 'SPARK_AD'],
    requires: [
      'a PUBLISHED instant form (page_id) or a landing page with a form',
      'a target cost per lead (conversion_bid_price) for the video-campaign tool',
    ],
    avoid: 'TRAFFIC: clicks do not fill forms',
    create_with: 'create_shortvideo_video_campaign (objective LEAD_GENERATION)',
  },
  app_installs: {
    objective: 'APP_PROMOTION',
    judged_on: 'installs and cost per install',
    formats: ['SINGLE_VIDEO', 'SPARK_AD'],
    requires: ['the app id, with install attribution set up'],
    avoid: 'TRAFFIC to a store page: installs are not measured',
    create_with: 'create_shortvideo_video_campaign (objective APP_PROMOTION, app_id)',
  },
  website_traffic: {
    objective: 'TRAFFIC',
    judged_on: 'clicks (landing page views) and cost per click',
    formats: ['SINGLE_VIDEO', 'SINGLE_IMAGE', 'SPARK_AD', 'CAROUSEL_ADS'],
    requires: ['an HTTPS landing page'],
    avoid: 'judging it on conversions: it does not optimize for them',
    create_with: 'create_shortvideo_campaign or create_shortvideo_video_campaign',
  },
  video_views: {
    objective: 'VIDEO_VIEWS',
    judged_on: 'views, view rate and cost per view (2-second and 6-second views)',
    formats: ['SINGLE_VIDEO', 'SPARK_AD'],
    requires: ['a vertical video, 9-15 seconds works best'],
    avoid: 'judging it on clicks or conversions',
    create_with: 'create_shortvideo_video_campaign (objective VIDEO_VIEWS)',
  },
  brand_awareness: {
    objective: 'REACH',
    judged_on: 'reach, frequency and cost per thousand impressions',
    formats: ['SINGLE_VIDEO', 'SPARK_AD'],
    requires: ['a frequency cap (3 impressions per 7 days by default)'],
    avoid: 'judging it on CPA: it buys people reached',
    create_with: 'create_shortvideo_video_campaign (objective REACH)',
  },
};

export const explainShortVideoObjective = defineShortVideoTool({
  name: 'explain_shortvideo_objective',
  description:
    'Maps a business goal (website_sales, catalog_sales, leads, app_installs, website_traffic, video_views, brand_awareness) to the shortvideo objective that fits, its optimization goals and billing, the ad formats it takes, ' +
    'what it needs first (checked against this advertiser: pixels, instant forms), what it is judged on and the tool that creates it.',
  access: 'read',
  args: { business_goal: v.pipe(v.picklist(GOALS), v.description(GOALS.join(', '))) },
  output: v.object({
    advertiser_id: v.string(),
    business_goal: v.string(),
    objective: v.string(),
    optimization_goals: v.array(v.string()),
    billing_event: v.string(),
    formats: v.array(v.string()),
    requires: v.array(v.string()),
    judged_on: v.string(),
    avoid: v.string(),
    minimum_budget: v.object({ campaign_daily: v.number(), ad_group_daily: v.number() }),
    readiness: v.array(v.string()),
    create_with: v.string(),
  }),
  async run(args, ctx) {
    const spec = SPEC[args.business_goal];
    const readiness: string[] = [];
    if (spec.objective === 'WEB_CONVERSIONS' || spec.objective === 'PRODUCT_SALES') {
      const pixels = await ctx.platform.listPixels();
      const ready = pixels.filter((p) => p.activity_status === 'ACTIVE' && p.events.some((e) => e.optimization_event === 'ON_WEB_ORDER'));
      readiness.push(
        ready.length
          ? `Pixel ready: ${ready.map((p) => `${p.pixel_name} (${p.id})`).join(', ')} receives purchases.`
          : 'No active pixel receives purchases yet: install one first (list_shortvideo_pixels).',
      );
    }
    if (spec.objective === 'LEAD_GENERATION') {
      const forms = (await ctx.platform.listLeadPages()).filter((p) => p.status === 'PUBLISHED');
      readiness.push(
        forms.length
          ? `Published instant forms: ${forms.map((f) => `${f.title} (${f.id})`).join(', ')}.`
          : 'No published instant form: publish one, or use a landing page (list_shortvideo_lead_pages).',
      );
    }
    const goals = OPTIMIZATION_GOALS[spec.objective] ?? [];
    const billing = DEFAULT_BILLING_EVENT[spec.objective] ?? 'OCPM';
    const text = [
      `## ${args.business_goal.replace('_', ' ')} → objective ${spec.objective}`,
      '',
      markdownTable(
        ['', ''],
        [
          ['Optimization goals', goals.join(', ')],
          ['Billing', billing],
          ['Ad formats', spec.formats.join(', ')],
          ['Needs', spec.requires.join('; ')],
          ['Judged on', spec.judged_on],
          ['Not', spec.avoid],
          ['Minimum budget', `campaign ${MIN_BUDGET.campaign} a day, ad group ${MIN_BUDGET.ad_group} a day`],
        ],
      ),
      ...(readiness.length ? ['', ...readiness.map((r) => `- ${r}`)] : []),
      '',
      `Create it with ${spec.create_with}.`,
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        business_goal: args.business_goal,
        objective: spec.objective,
        optimization_goals: goals,
        billing_event: billing,
        formats: spec.formats,
        requires: spec.requires,
        judged_on: spec.judged_on,
        avoid: spec.avoid,
        minimum_budget: { campaign_daily: MIN_BUDGET.campaign, ad_group_daily: MIN_BUDGET.ad_group },
        readiness,
        create_with: spec.create_with,
      },
    };
  },
});
