import * as v from 'valibot';
import type { PlannedChange } from '../../../core/plan';
import { ToolError } from '../../../core/errors';
import { atLeastOne } from '../../../core/argument-rules';
import { dateArgument } from '../../../core/arguments';
import { isoDate } from '../../../core/dates';
import { markdownTable, money } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsFrequencyCap } from '../port';
import type { NewSearchAdsAdSchedule, SearchAdsAdSchedule, SearchAdsDayOfWeek, SearchAdsMinuteOfHour } from '../port-display';
import { campaignIdArg, campaignNamed, nameTaken, newCampaignStart } from './common';
import { checkImages, displayAdEntries, displayAdText } from './display-ads';
import { displayCpcBid, displayGroupName } from './display-ad-groups';
import { requireDisplayCampaign } from './display-common';

/** Display campaigns: create one complete, and its schedule (dates and ad schedule) and frequency caps. */

const STRATEGIES = ['MANUAL_CPC', 'MAXIMIZE_CLICKS', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE'] as const;
const DISPLAY_NETWORK = {
  target_google_search: false,
  target_search_network: false,
  target_content_network: true,
  target_partner_search_network: false,
  target_youtube: false,
  target_google_tv_network: false,
};

export const createDisplayCampaign = defineSearchAdsTool({
  name: 'create_display_campaign',
  description:
    "Creates a Standard Display campaign in one call: the campaign with its own daily budget and bidding strategy (on the display network only), one ad group and its responsive display ad (images from the account's image library: get_display_ad_group_settings lists it), and optional locations. The campaign is created PAUSED (nothing spends until resume_campaign); each step is checkpointed, so a retry resumes without duplicates. Smart Display campaigns can no longer be created on the platform.",
  access: 'write',
  examples: [
    {
      name: 'Example display',
      daily_budget: 20,
      ad_group: { name: 'Example display' },
      ad: {
        headlines: ['Trail Gear That Lasts'],
        long_headline: 'Boots, packs and layers tested on real trails',
        descriptions: ['Free shipping over $50.'],
        business_name: 'Northwind Outdoor',
        final_url: 'https://www.example.com/trail',
        marketing_image_ids: ['<marketing_image_id from discover_existing_assets>'],
        square_marketing_image_ids: ['<square_marketing_image_id from discover_existing_assets>'],
      },
    },
  ],
  args: {
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(255, 'must be at most 255 characters'),
      v.description('Campaign name, unique in the account'),
    ),
    daily_budget: v.pipe(
      v.number(),
      v.minValue(1, 'must be at least 1.00'),
      v.maxValue(1_000_000, 'must be at most 1,000,000'),
      v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must be in whole cents'),
      v.description('Daily budget in account currency'),
    ),
    bidding_strategy: v.optional(
      v.pipe(v.picklist(STRATEGIES), v.description(`${STRATEGIES.join(', ')}; default MAXIMIZE_CONVERSIONS`)),
      'MAXIMIZE_CONVERSIONS',
    ),
    target_cpa: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01, 'must be at least 0.01'),
        v.maxValue(100_000),
        v.description('Target CPA with MAXIMIZE_CONVERSIONS'),
      ),
    ),
    start_date: v.optional(dateArgument('First day (YYYY-MM-DD), today or later; default today')),
    end_date: v.optional(dateArgument('Last day (YYYY-MM-DD); default none')),
    location_ids: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.regex(/^\d{1,19}$/, 'must be a numeric location id (resolve_searchads_locations)'))),
        v.maxLength(100, 'must list at most 100 locations'),
        v.description('Location ids from resolve_searchads_locations; default all locations'),
      ),
    ),
    ad_group: v.pipe(
      v.strictObject({ name: displayGroupName, cpc_bid: v.optional(displayCpcBid) }),
      v.description('The first ad group: name and optional default max CPC (default 1.00)'),
    ),
    ad: v.pipe(
      v.strictObject(displayAdEntries()),
      v.description(
        'The responsive display ad: headlines, long_headline, descriptions, business_name, final_url, image ids and optional call to action, colours, promo text',
      ),
    ),
  },
  rules: [
    (a) =>
      a.target_cpa !== undefined && a.bidding_strategy !== 'MAXIMIZE_CONVERSIONS'
        ? '`target_cpa` goes with bidding_strategy MAXIMIZE_CONVERSIONS'
        : undefined,
    (a) => (a.start_date && a.end_date && a.end_date < a.start_date ? '`end_date` must be on or after `start_date`' : undefined),
    (a) => (Boolean(a.ad.main_color) !== Boolean(a.ad.accent_color) ? '`ad.main_color` and `ad.accent_color` go together' : undefined),
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    name: v.string(),
    status: v.string(),
    daily_budget: v.number(),
    ad_group_id: v.string(),
    ad_id: v.string(),
    locations: v.number(),
  }),
  async plan(args, ctx) {
    const start = newCampaignStart(ctx.now, args.start_date);
    if (await campaignNamed(ctx.platform, args.name)) throw nameTaken(args.name);
    await checkImages(ctx.platform, args.ad, (slot) => `\`ad.${slot}\``);
    const currency = ctx.account.currency;
    const paused = { startsPaused: true };
    const changes: PlannedChange[] = [
      {
        action: 'create' as const,
        entity: 'campaign',
        name: args.name,
        fields: {
          type: { after: 'DISPLAY' },
          status: { after: 'PAUSED' },
          daily_budget: { after: args.daily_budget },
          bidding_strategy: { after: args.bidding_strategy },
          start_date: { after: start },
          ...(args.end_date ? { end_date: { after: args.end_date } } : {}),
        },
        ...paused,
      },
      {
        action: 'create' as const,
        entity: 'ad_group',
        name: args.ad_group.name,
        fields: { cpc_bid: { after: args.ad_group.cpc_bid ?? 1 } },
        ...paused,
      },
      {
        action: 'create' as const,
        entity: 'ad',
        name: args.ad.headlines[0],
        fields: { long_headline: { after: args.ad.long_headline }, final_url: { after: args.ad.final_url } },
        ...paused,
      },
      ...(args.location_ids ?? []).map((id) => ({
        action: 'create' as const,
        entity: 'campaign_location',
        name: `geoTargetConstants/${id}`,
        fields: {},
        ...paused,
      })),
    ];
    return {
      summary: `Create Display campaign "${args.name}" (PAUSED, ${money(args.daily_budget, currency)}/day) with ad group "${args.ad_group.name}" and a responsive display ad`,
      changes,
      budgets: [{ entity: 'campaign', name: args.name, after: args.daily_budget, currency }],
      notes: [
        'The campaign starts PAUSED: its ad group and ad are enabled but nothing spends until resume_campaign. Add targeting with add_display_placements, add_display_topics or add_display_audiences first; without any, the ads may show anywhere on the display network.',
      ],
      data: { start },
    };
  },
  async apply(plan, args, ctx) {
    const campaign = await ctx.step('campaign', () =>
      ctx.platform.createCampaign({
        name: args.name,
        type: 'DISPLAY',
        status: 'PAUSED',
        budget_amount: args.daily_budget,
        bidding_strategy: args.bidding_strategy,
        ...(args.target_cpa !== undefined ? { bidding_targets: { target_cpa: args.target_cpa } } : {}),
        start_date: plan.data.start,
        ...(args.end_date ? { end_date: args.end_date } : {}),
        network_settings: DISPLAY_NETWORK,
        language_ids: ['1000'],
      }),
    );
    const group = await ctx.step('ad_group', () =>
      ctx.platform.createAdGroup({
        campaign_id: campaign.id,
        name: args.ad_group.name,
        status: 'ENABLED',
        type: 'DISPLAY_STANDARD',
        cpc_bid: args.ad_group.cpc_bid ?? 1,
      }),
    );
    const { logo_image_ids, square_logo_image_ids, call_to_action_text, main_color, accent_color, promo_text, ...required } = args.ad;
    const [ad] = await ctx.step('ad', () =>
      ctx.platform.createDisplayAds([
        {
          ...required,
          ad_group_id: group.id,
          status: 'ENABLED',
          logo_image_ids: logo_image_ids ?? [],
          square_logo_image_ids: square_logo_image_ids ?? [],
          ...(call_to_action_text ? { call_to_action_text } : {}),
          ...(main_color ? { main_color, accent_color } : {}),
          ...(promo_text ? { promo_text } : {}),
        },
      ]),
    );
    const locations = args.location_ids?.length
      ? await ctx.step('locations', () =>
          ctx.platform.addCampaignCriteria(
            args.location_ids!.map((id) => ({
              campaign_id: campaign.id,
              type: 'LOCATION' as const,
              geo_target_constant: `geoTargetConstants/${id}`,
              negative: false,
            })),
          ),
        )
      : [];
    return {
      text: [
        `## Display campaign "${campaign.name}" created (PAUSED)`,
        '',
        `Campaign ${campaign.id}: ${money(campaign.budget_amount, ctx.account.currency)}/day, ${campaign.bidding_strategy ?? args.bidding_strategy}, from ${campaign.start_date}${campaign.end_date ? ` to ${campaign.end_date}` : ''}, ${locations.length || 'all'} location(s). Ad group "${group.name}" (${group.id}), ad ${ad!.id}:`,
        '',
        displayAdText(ad!),
        '',
        'Nothing spends yet: add targeting (add_display_placements, add_display_topics, add_display_audiences), then resume_campaign.',
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        name: campaign.name,
        status: campaign.status,
        daily_budget: campaign.budget_amount,
        ad_group_id: group.id,
        ad_id: ad!.id,
        locations: locations.length,
      },
    };
  },
});

// Schedule: dates and ad schedule windows.

const DAYS: SearchAdsDayOfWeek[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const MINUTES: SearchAdsMinuteOfHour[] = ['ZERO', 'FIFTEEN', 'THIRTY', 'FORTY_FIVE'];
const minuteOf = (m: SearchAdsMinuteOfHour) => MINUTES.indexOf(m) * 15;
type Window = Omit<NewSearchAdsAdSchedule, 'bid_modifier'>;
const at = (hour: number, minute: SearchAdsMinuteOfHour) => `${String(hour).padStart(2, '0')}:${String(minuteOf(minute)).padStart(2, '0')}`;
const windowText = (w: Window) => `${w.day_of_week} ${at(w.start_hour, w.start_minute)}-${at(w.end_hour, w.end_minute)}`;
const windowKey = (w: Window) => `${w.day_of_week}|${w.start_hour}|${w.start_minute}|${w.end_hour}|${w.end_minute}`;

const windowArg = v.strictObject({
  day_of_week: v.pipe(v.picklist(DAYS), v.description('MONDAY ... SUNDAY')),
  start_hour: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(0, 'must be 0-23'),
    v.maxValue(23, 'must be 0-23'),
    v.description('Start hour, 0-23 (account time zone)'),
  ),
  start_minute: v.optional(v.pipe(v.picklist(MINUTES), v.description('ZERO, FIFTEEN, THIRTY or FORTY_FIVE; default ZERO')), 'ZERO'),
  end_hour: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(0, 'must be 0-24'),
    v.maxValue(24, 'must be 0-24'),
    v.description('End hour, 0-24 (24 = midnight)'),
  ),
  end_minute: v.optional(v.pipe(v.picklist(MINUTES), v.description('ZERO, FIFTEEN, THIRTY or FORTY_FIVE; default ZERO')), 'ZERO'),
});

/** The platform's ad schedule rules: end after start, 24 only on the hour, at most 6 windows a day, none overlapping. */
function scheduleProblems(windows: Window[]): string[] {
  const problems: string[] = [];
  windows.forEach((w, i) => {
    if (w.end_hour === 24 && w.end_minute !== 'ZERO') problems.push(`\`ad_schedule[${i}]\` ends at 24 with minutes; 24 takes ZERO minutes`);
    if (w.end_hour * 60 + minuteOf(w.end_minute) <= w.start_hour * 60 + minuteOf(w.start_minute))
      problems.push(`\`ad_schedule[${i}]\` (${windowText(w)}) must end after it starts`);
  });
  for (const day of DAYS) {
    const of = windows
      .map((w, i) => ({ w, i }))
      .filter(({ w }) => w.day_of_week === day)
      .sort((a, b) => a.w.start_hour * 60 + minuteOf(a.w.start_minute) - (b.w.start_hour * 60 + minuteOf(b.w.start_minute)));
    if (of.length > 6) problems.push(`\`ad_schedule\` has ${of.length} windows on ${day}; the platform allows at most 6 a day`);
    for (let k = 1; k < of.length; k++) {
      const prev = of[k - 1]!.w;
      const cur = of[k]!.w;
      if (cur.start_hour * 60 + minuteOf(cur.start_minute) < prev.end_hour * 60 + minuteOf(prev.end_minute))
        problems.push(`\`ad_schedule[${of[k]!.i}]\` (${windowText(cur)}) overlaps ${windowText(prev)}`);
    }
  }
  return problems;
}

const scheduleOutput = v.object({
  day_of_week: v.string(),
  start_hour: v.number(),
  start_minute: v.string(),
  end_hour: v.number(),
  end_minute: v.string(),
});
const publicWindow = ({ criterion_id: _id, bid_modifier: _m, ...w }: SearchAdsAdSchedule): Window => w;

export const updateDisplayCampaignSchedule = defineSearchAdsTool({
  name: 'update_display_campaign_schedule',
  description:
    'Changes when a Display campaign runs: its start date (only before it has started, not in the past), end date (empty string = open-ended) and/or its ad schedule (the weekly windows ads may show in, account time zone; the list replaces all windows, [] = all day every day). At most 6 windows a day, none overlapping, minutes in quarters.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', ad_schedule: [{ day_of_week: 'MONDAY', start_hour: 8, end_hour: 20 }] }],
  args: {
    campaign_id: campaignIdArg('Display campaign id from list_campaigns'),
    start_date: v.optional(dateArgument('New start date, YYYY-MM-DD; only for a campaign that has not started, not in the past')),
    end_date: v.optional(
      v.union([v.literal(''), dateArgument('')], 'must be a date in the form YYYY-MM-DD, or an empty string to remove the end date'),
    ),
    ad_schedule: v.optional(
      v.pipe(
        v.array(windowArg),
        v.maxLength(42, 'must list at most 42 windows (6 a day)'),
        v.description('Weekly windows replacing the current ones; [] removes them all (ads may show at any time)'),
      ),
    ),
  },
  schemaRules: [atLeastOne('start_date', 'end_date', 'ad_schedule')],
  rules: [
    (a) =>
      a.start_date && a.end_date && a.end_date <= a.start_date
        ? `\`end_date\` (${a.end_date}) must be after \`start_date\` (${a.start_date})`
        : undefined,
    (a) => scheduleProblems((a.ad_schedule ?? []) as Window[]),
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    start_date: v.string(),
    end_date: v.nullable(v.string()),
    ad_schedule: v.array(scheduleOutput),
    changed: v.array(v.string()),
  }),
  async plan(args, ctx) {
    const today = isoDate(ctx.now);
    const campaign = await requireDisplayCampaign(ctx.platform, args.campaign_id, 'update_display_campaign_schedule', true);
    const fields: Record<string, { before: unknown; after: unknown }> = {};
    if (args.start_date !== undefined && args.start_date !== campaign.start_date) {
      if (campaign.start_date <= today)
        throw new ToolError(
          `Campaign "${campaign.name}" started on ${campaign.start_date}; a started campaign's start date cannot change. Only end_date and the ad schedule still can.`,
        );
      if (args.start_date < today) throw new ToolError(`\`start_date\` ${args.start_date} is in the past (today is ${today}).`);
      fields.start_date = { before: campaign.start_date, after: args.start_date };
    }
    const start = (fields.start_date?.after as string | undefined) ?? campaign.start_date;
    if (args.end_date !== undefined) {
      const end = args.end_date === '' ? null : args.end_date;
      if (end !== null && end < today) throw new ToolError(`\`end_date\` ${end} is in the past (today is ${today}).`);
      if (end !== null && end <= start) throw new ToolError(`\`end_date\` ${end} must be after the start date ${start}.`);
      if (end !== (campaign.end_date ?? null)) fields.end_date = { before: campaign.end_date ?? null, after: end };
    } else if (fields.start_date && campaign.end_date && campaign.end_date <= start) {
      throw new ToolError(
        `The campaign ends on ${campaign.end_date}, not after the new start date ${start}; pass a later \`end_date\` too.`,
      );
    }
    const current = await ctx.platform.listAdSchedules(campaign.id);
    let remove: string[] = [];
    let add: Window[] = [];
    if (args.ad_schedule) {
      const wanted = args.ad_schedule as Window[];
      remove = current.filter((c) => !wanted.some((w) => windowKey(w) === windowKey(c))).map((c) => c.criterion_id);
      add = wanted.filter(
        (w, i) => !current.some((c) => windowKey(c) === windowKey(w)) && wanted.findIndex((x) => windowKey(x) === windowKey(w)) === i,
      );
      if (remove.length || add.length)
        fields.ad_schedule = { before: current.map(publicWindow).map(windowText), after: wanted.map(windowText) };
    }
    return {
      summary: Object.keys(fields).length
        ? `Change ${Object.keys(fields).join(', ')} of Display campaign "${campaign.name}" (${campaign.id})`
        : `Campaign "${campaign.name}" already has this schedule; nothing changes`,
      changes: Object.keys(fields).length
        ? [{ action: 'update' as const, entity: 'campaign', id: campaign.id, name: campaign.name, fields }]
        : [],
      data: {
        campaign: { id: campaign.id, name: campaign.name, start_date: campaign.start_date, end_date: campaign.end_date ?? null },
        fields,
        remove,
        add,
        before_schedule: current.map(publicWindow),
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, fields, remove, add } = plan.data;
    const patch: Record<string, unknown> = {};
    if (fields.start_date) patch.start_date = fields.start_date.after;
    if (fields.end_date) patch.end_date = fields.end_date.after ?? undefined;
    if (Object.keys(patch).length) await ctx.step('dates', () => ctx.platform.updateCampaign(campaign.id, patch).then(() => true));
    if (remove.length || add.length)
      await ctx.step('schedule', () => ctx.platform.changeAdSchedules(campaign.id, { remove, add, rebid: [] }).then(() => true));
    const [after, schedule] = await Promise.all([ctx.platform.getCampaign(campaign.id), ctx.platform.listAdSchedules(campaign.id)]);
    const windows = schedule
      .map(publicWindow)
      .sort((a, b) => DAYS.indexOf(a.day_of_week) - DAYS.indexOf(b.day_of_week) || a.start_hour - b.start_hour);
    const text = [
      `## Schedule of Display campaign "${campaign.name}" (${campaign.id})${Object.keys(fields).length ? ' updated' : ' unchanged'}`,
      '',
      `- Runs from ${after.start_date} ${after.end_date ? `to ${after.end_date}` : '(no end date)'}`,
      windows.length
        ? `- Ad schedule (account time zone):\n\n${markdownTable(
            ['Day', 'From', 'To'],
            windows.map((w) => [w.day_of_week, at(w.start_hour, w.start_minute), at(w.end_hour, w.end_minute)]),
          )}`
        : '- No ad schedule: ads may show at any hour.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        start_date: after.start_date,
        end_date: after.end_date ?? null,
        ad_schedule: windows,
        changed: Object.keys(fields),
      },
    };
  },
  undo(plan, args) {
    const { fields, before_schedule } = plan.data;
    if (!Object.keys(fields).length) return undefined;
    return {
      tool: 'update_display_campaign_schedule',
      arguments: {
        campaign_id: args.campaign_id,
        ...(fields.start_date ? { start_date: fields.start_date.before } : {}),
        ...(fields.end_date ? { end_date: fields.end_date.before ?? '' } : {}),
        ...(fields.ad_schedule ? { ad_schedule: before_schedule } : {}),
      },
    };
  },
});

// Frequency caps.

const capArg = v.strictObject({
  cap: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(1000, 'must be at most 1000'),
    v.description('Impressions one person may see per time unit, 1-1000'),
  ),
  time_unit: v.pipe(v.picklist(['DAY', 'WEEK', 'MONTH']), v.description('DAY, WEEK or MONTH')),
  level: v.optional(
    v.pipe(
      v.picklist(['CAMPAIGN', 'AD_GROUP', 'AD_GROUP_AD']),
      v.description('What the cap counts: the whole CAMPAIGN (default), each AD_GROUP, or each ad (AD_GROUP_AD)'),
    ),
    'CAMPAIGN',
  ),
});

export const updateDisplayFrequencyCaps = defineSearchAdsTool({
  name: 'update_display_frequency_caps',
  description:
    'Sets the impression frequency caps of a Display campaign: how many times one person may see its ads per day, week or month, counted for the whole campaign, each ad group or each ad. The list replaces all caps; [] removes them (the platform then decides). get_display_frequency_caps shows the current caps.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', frequency_caps: [{ cap: 4, time_unit: 'DAY' }] }],
  args: {
    campaign_id: campaignIdArg('Display campaign id from list_campaigns'),
    frequency_caps: v.pipe(
      v.array(capArg),
      v.maxLength(9, 'must list at most 9 caps (one per level and time unit)'),
      v.description('The caps, replacing the current ones; [] removes them all'),
    ),
  },
  rules: [
    (a) => {
      const keys = a.frequency_caps.map((c) => `${c.level}/${c.time_unit}`);
      const dupes = [...new Set(keys.filter((k, i) => keys.indexOf(k) !== i))];
      return dupes.length ? `\`frequency_caps\` has more than one cap for ${dupes.join(', ')}; one cap per level and time unit` : undefined;
    },
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    changed: v.boolean(),
    before: v.array(
      v.object({ event_type: v.string(), level: v.string(), time_unit: v.string(), time_length: v.number(), cap: v.number() }),
    ),
    after: v.array(
      v.object({ event_type: v.string(), level: v.string(), time_unit: v.string(), time_length: v.number(), cap: v.number() }),
    ),
  }),
  async plan(args, ctx) {
    const campaign = await requireDisplayCampaign(ctx.platform, args.campaign_id, 'update_display_frequency_caps', true);
    const before = campaign.frequency_caps ?? [];
    const after: SearchAdsFrequencyCap[] = args.frequency_caps.map((c) => ({
      event_type: 'IMPRESSION',
      level: c.level,
      time_unit: c.time_unit,
      time_length: 1,
      cap: c.cap,
    }));
    const text = (caps: SearchAdsFrequencyCap[]) =>
      caps.map((c) => `${c.cap}/${c.time_unit.toLowerCase()} per ${c.level.toLowerCase().replace(/_/g, ' ')}`).sort();
    const changed = JSON.stringify(text(before)) !== JSON.stringify(text(after));
    return {
      summary: changed
        ? `Set ${after.length} frequency cap(s) on Display campaign "${campaign.name}" (${campaign.id})`
        : `Campaign "${campaign.name}" already has these caps; nothing changes`,
      changes: changed
        ? [
            {
              action: 'update' as const,
              entity: 'campaign',
              id: campaign.id,
              name: campaign.name,
              fields: { frequency_caps: { before: text(before), after: text(after) } },
            },
          ]
        : [],
      notes: after.some((c) => c.time_unit === 'DAY' && c.cap < 2)
        ? ['A cap of 1 a day limits reach sharply; 3-5 a day is usual for remarketing.']
        : [],
      data: { campaign: { id: campaign.id, name: campaign.name }, before, after, changed },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, before, after, changed } = plan.data;
    const final = changed ? ((await ctx.platform.updateCampaign(campaign.id, { frequency_caps: after })).frequency_caps ?? []) : before;
    const text = [
      `## Frequency caps of "${campaign.name}" (${campaign.id})${changed ? ' updated' : ' unchanged'}`,
      '',
      final.length
        ? markdownTable(
            ['Level', 'Limit', 'Per'],
            final.map((c) => [c.level, c.cap, c.time_unit.toLowerCase()]),
          )
        : 'No caps: the platform decides how often one person sees these ads.',
      ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
    ].join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, campaign_id: campaign.id, changed, before, after: final } };
  },
  undo(plan, args) {
    const { before, changed } = plan.data;
    if (!changed) return undefined;
    return {
      tool: 'update_display_frequency_caps',
      arguments: {
        campaign_id: args.campaign_id,
        frequency_caps: before
          .filter((c) => c.event_type === 'IMPRESSION')
          .map((c) => ({ cap: c.cap, time_unit: c.time_unit, level: c.level })),
      },
    };
  },
});
