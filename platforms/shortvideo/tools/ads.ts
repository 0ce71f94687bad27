/** Ads: add one to an ad group (add_shortvideo_ad) and edit one (update_shortvideo_ad). */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineShortVideoTool } from '../define';
import type { ShortVideoAd } from '../port';
import { CALLS_TO_ACTION } from '../schemas';
import { AD_TEXT, CREATIVE_FORMATS, checkCreative, creativeArgs, creativeRules, type CreativeInput } from './creative';
import { numericId } from './shared';

const startPausedArg = v.optional(
  v.pipe(
    v.boolean(),
    v.description(
      'true (default): the ad is created DISABLED and spends nothing until resume_shortvideo_ad; false: enabled, it delivers once approved',
    ),
  ),
  true,
);

export const addShortVideoAd = defineShortVideoTool({
  name: 'add_shortvideo_ad',
  description:
    'Adds an ad to an existing shortvideo ad group: a library video (SINGLE_VIDEO), an image (SINGLE_IMAGE, not in the in-feed placement alone), an organic post promoted as a Spark ad (SPARK_AD, with an authorized identity) ' +
    'or a carousel (CAROUSEL_ADS, from create_shortvideo_carousel_card). The ad starts DISABLED unless start_paused is false, and goes to creative review (up to 24 hours).',
  access: 'write',
  examples: [
    {
      adgroup_id: '<adgroup_id from list_shortvideo_ad_groups>',
      ad_format: 'SINGLE_VIDEO',
      video_id: '<video_id from list_shortvideo_ad_videos>',
      ad_text: 'Gear that goes further on every trail',
      display_name: 'Northwind Outdoor',
      landing_page_url: 'https://www.example.com/trail',
    },
  ],
  args: { adgroup_id: numericId('ad group', 'list_shortvideo_ad_groups'), ...creativeArgs(CREATIVE_FORMATS), start_paused: startPausedArg },
  rules: [(a) => creativeRules(a as CreativeInput)],
  output: v.object({
    advertiser_id: v.string(),
    ad_id: v.string(),
    adgroup_id: v.string(),
    campaign_id: v.string(),
    ad_format: v.string(),
    status: v.string(),
    review_status: v.string(),
  }),
  async plan(args, ctx) {
    const group = await ctx.platform.getAdGroup(args.adgroup_id);
    if (group.status === 'DELETED')
      throw new ToolError(`Ad group "${group.adgroup_name}" (${group.id}) is deleted; ads cannot be added to it.`);
    const campaign = await ctx.platform.getCampaign(group.campaign_id);
    const { problems, notes, ad } = await checkCreative(ctx.platform, args as CreativeInput, group, campaign);
    if (problems.length) throw new ToolError(`Nothing was created: ${problems.join('; ')}.`, { problems });
    const status = args.start_paused || ctx.createPaused ? 'DISABLED' : 'ENABLED';
    const ad_name = args.ad_name ?? `${group.adgroup_name} - ${args.ad_format.toLowerCase().replace('_', ' ')}`;
    const fields = Object.fromEntries(Object.entries({ ad_name, status, ...ad }).map(([k, after]) => [k, { after }]));
    if (status === 'ENABLED' && (campaign.status !== 'ACTIVE' || group.status !== 'ENABLED'))
      notes.push(`Its ${campaign.status !== 'ACTIVE' ? 'campaign' : 'ad group'} is paused, so it does not deliver yet.`);
    return {
      summary: `Add a ${args.ad_format} ad to ad group "${group.adgroup_name}" (${group.id})`,
      changes: [
        {
          action: 'create' as const,
          entity: 'ad',
          name: ad_name,
          fields,
          startsPaused: status === 'DISABLED' || campaign.status !== 'ACTIVE' || group.status !== 'ENABLED',
        },
      ],
      notes,
      data: {
        ad: { ...ad, ad_name, status, adgroup_id: group.id, campaign_id: campaign.id } as Omit<
          ShortVideoAd,
          'id' | 'review_status' | 'create_time'
        >,
      },
    };
  },
  async apply(plan, _args, ctx) {
    const created = await ctx.step('ad', () =>
      ctx.platform.createAd({ ...plan.data.ad, review_status: 'IN_REVIEW', create_time: ctx.now.toISOString() }),
    );
    const text = [
      `## Ad "${created.ad_name}" added`,
      '',
      markdownTable(['Ad id', 'Format', 'Status', 'Review'], [[created.id, created.ad_format, created.status, created.review_status]]),
      ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
      '',
      created.status === 'DISABLED'
        ? `It spends nothing until you start it with resume_shortvideo_ad (ad_id ${created.id}); review takes up to 24 hours.`
        : 'It delivers once approved (up to 24 hours); pause it with pause_shortvideo_ad.',
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        ad_id: created.id,
        adgroup_id: created.adgroup_id,
        campaign_id: created.campaign_id,
        ad_format: created.ad_format,
        status: created.status,
        review_status: created.review_status,
      },
    };
  },
});

const EDITABLE = ['ad_name', 'ad_text', 'call_to_action', 'landing_page_url', 'display_name'] as const;
type Editable = (typeof EDITABLE)[number];
/** Fields whose change sends the ad back to creative review. */
const REVIEWED: readonly Editable[] = ['ad_text', 'call_to_action', 'landing_page_url', 'display_name'];

export const updateShortVideoAd = defineShortVideoTool({
  name: 'update_shortvideo_ad',
  description:
    'Edits a shortvideo ad: name, ad text, call to action, landing page or display name. A change to what people see sends the ad back to creative review (it pauses delivery until approved, up to 24 hours); a new name does not. ' +
    'To change the video or image, add a new ad with add_shortvideo_ad and pause this one.',
  access: 'write',
  examples: [{ ad_id: '<ad_id from list_shortvideo_ads>', ad_name: 'UGC unboxing (example)' }],
  args: {
    ad_id: numericId('ad', 'list_shortvideo_ads'),
    ad_name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(512), v.description('New ad name'))),
    ad_text: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(AD_TEXT.min, `must be at least ${AD_TEXT.min} characters`),
        v.maxLength(AD_TEXT.max, `must be at most ${AD_TEXT.max} characters`),
        v.check((t) => !/[{}#]/.test(t), 'must not contain {, } or #'),
        v.description(`New ad text, ${AD_TEXT.min}-${AD_TEXT.max} characters`),
      ),
    ),
    call_to_action: v.optional(v.pipe(v.picklist(CALLS_TO_ACTION), v.description('New call to action'))),
    landing_page_url: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.url('must be a full URL'),
        v.startsWith('https://', 'must be an HTTPS URL (https://...)'),
        v.description('New HTTPS landing page'),
      ),
    ),
    display_name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(2, 'must be at least 2 characters'),
        v.maxLength(40, 'must be at most 40 characters'),
        v.description('New brand name shown on the ad'),
      ),
    ),
  },
  rules: [
    (a) => (EDITABLE.every((k) => a[k] === undefined) ? `give at least one of ${EDITABLE.map((k) => `\`${k}\``).join(', ')}` : undefined),
  ],
  output: v.object({
    advertiser_id: v.string(),
    ad_id: v.string(),
    changed: v.boolean(),
    review_status: v.string(),
    fields: v.array(v.string()),
  }),
  async plan(args, ctx) {
    const ad = await ctx.platform.getAd(args.ad_id);
    if (ad.status === 'DELETED') throw new ToolError(`Ad "${ad.ad_name}" (${ad.id}) is deleted and cannot be edited.`);
    if (ad.ad_format === 'SPARK_AD' && (args.ad_text !== undefined || args.display_name !== undefined))
      throw new ToolError('A Spark ad shows the post and its account as they are: `ad_text` and `display_name` cannot be changed.');
    if (ad.ad_format === 'DYNAMIC' && args.ad_text !== undefined)
      throw new ToolError('A dynamic creative has several texts: create a new one with create_shortvideo_dco_ad instead of `ad_text`.');
    const campaign = await ctx.platform.getCampaign(ad.campaign_id);
    if (args.landing_page_url && campaign.objective_type === 'APP_PROMOTION')
      throw new ToolError('App promotion ads lead to the app store: `landing_page_url` does not apply.');
    const fields: Record<string, { before?: unknown; after: unknown }> = {};
    const patch: Partial<Pick<ShortVideoAd, Editable>> = {};
    for (const k of EDITABLE) {
      const next = args[k];
      if (next !== undefined && next !== ad[k]) {
        fields[k] = { before: ad[k], after: next };
        (patch as Record<string, unknown>)[k] = next;
      }
    }
    const reviewed = Object.keys(patch).some((k) => REVIEWED.includes(k as Editable));
    const notes = reviewed ? ['The ad goes back to creative review and does not deliver until approved (up to 24 hours).'] : [];
    const data = {
      ad: { id: ad.id, ad_name: ad.ad_name, before: Object.fromEntries(Object.keys(patch).map((k) => [k, ad[k as Editable] ?? null])) },
      patch,
      review_status: ad.review_status,
    };
    if (!Object.keys(fields).length)
      return { summary: `Ad "${ad.ad_name}" already has these values; nothing changes`, changes: [], notes: [], data };
    return {
      summary: `Edit ad "${ad.ad_name}" (${ad.id})`,
      changes: [{ action: 'update' as const, entity: 'ad', id: ad.id, name: ad.ad_name, fields }],
      notes,
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const { ad, patch } = plan.data;
    if (!plan.changes.length)
      return {
        text: `## Ad "${ad.ad_name}" unchanged\n\nIt already has these values; nothing changed.`,
        structured: {
          advertiser_id: ctx.account.account_id,
          ad_id: ad.id,
          changed: false,
          review_status: plan.data.review_status,
          fields: [],
        },
      };
    const updated = await ctx.platform.updateAd(ad.id, patch);
    const rows = Object.entries(plan.changes[0]!.fields).map(([k, { before, after }]) => [k, String(before ?? '(none)'), String(after)]);
    const text = [
      `## Ad "${updated.ad_name}" updated`,
      '',
      markdownTable(['Field', 'Before', 'After'], rows),
      ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
      '',
      `Review status: ${updated.review_status}. Check it with list_shortvideo_ads.`,
    ].join('\n');
    return {
      text,
      structured: {
        advertiser_id: ctx.account.account_id,
        ad_id: updated.id,
        changed: true,
        review_status: updated.review_status,
        fields: Object.keys(patch),
      },
    };
  },
  undo(plan) {
    if (!plan.changes.length) return undefined;
    const back = Object.fromEntries(Object.entries(plan.data.ad.before).filter(([, value]) => value !== null));
    return Object.keys(back).length ? { tool: 'update_shortvideo_ad', arguments: { ad_id: plan.data.ad.id, ...back } } : undefined;
  },
});
