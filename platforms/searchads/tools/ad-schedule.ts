import * as v from 'valibot';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { MinuteOfHour, NewSearchAdsAdSchedule, SearchAdsAdSchedule } from '../port-bidding';
import { campaignIdArg, requireLiveCampaign } from './common';

/** Ad schedules: the campaign's AD_SCHEDULE criteria (day, start and end time, bid modifier). */

const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const MINUTES = ['ZERO', 'FIFTEEN', 'THIRTY', 'FORTY_FIVE'] as const;
const MINUTE_VALUE: Record<MinuteOfHour, number> = { ZERO: 0, FIFTEEN: 15, THIRTY: 30, FORTY_FIVE: 45 };
/** The platform allows at most this many schedules per day. */
const PER_DAY = 6;

const start = (s: NewSearchAdsAdSchedule) => s.start_hour * 60 + MINUTE_VALUE[s.start_minute];
const end = (s: NewSearchAdsAdSchedule) => s.end_hour * 60 + MINUTE_VALUE[s.end_minute];
const clock = (hour: number, minute: MinuteOfHour) => `${String(hour).padStart(2, '0')}:${String(MINUTE_VALUE[minute]).padStart(2, '0')}`;
const slot = (s: NewSearchAdsAdSchedule) => `${s.day_of_week} ${clock(s.start_hour, s.start_minute)}-${clock(s.end_hour, s.end_minute)}`;
const sorted = <T extends NewSearchAdsAdSchedule>(list: T[]) =>
  [...list].sort((a, b) => DAYS.indexOf(a.day_of_week) - DAYS.indexOf(b.day_of_week) || start(a) - start(b));
const modifierText = (m?: number) => (m === undefined || m === 1 ? '—' : `${m > 1 ? '+' : ''}${Math.round((m - 1) * 100)} %`);

const scheduleOutput = v.object({
  criterion_id: v.string(),
  day_of_week: v.string(),
  start_hour: v.number(),
  start_minute: v.string(),
  end_hour: v.number(),
  end_minute: v.string(),
  bid_modifier: v.optional(v.number()),
  time: v.string(),
});
const view = (s: SearchAdsAdSchedule) => ({ ...s, time: slot(s) });

export const getAdSchedule = defineSearchAdsTool({
  name: 'get_ad_schedule',
  description:
    "Shows a campaign's ad schedule: the days and hours its ads may show (in the account's time zone) and each period's bid modifier. No schedule means all day, every day.",
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: { campaign_id: campaignIdArg() },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    campaign_name: v.string(),
    time_zone: v.string(),
    always_on: v.boolean(),
    schedules: v.array(scheduleOutput),
  }),
  async run(args, ctx) {
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    const schedules = sorted(await ctx.platform.listAdSchedules(campaign.id)).map(view);
    return {
      text: [
        `## Ad schedule of ${campaign.name} (${campaign.id})`,
        '',
        schedules.length
          ? markdownTable(
              ['Day', 'From', 'To', 'Bid modifier', 'Criterion id'],
              schedules.map((s) => [
                s.day_of_week,
                clock(s.start_hour, s.start_minute),
                clock(s.end_hour, s.end_minute),
                modifierText(s.bid_modifier),
                s.criterion_id,
              ]),
            )
          : 'No ad schedule: the campaign may show ads all day, every day.',
        '',
        `Times are in the account's time zone (${ctx.account.time_zone}). set_ad_schedule replaces the schedule.`,
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        campaign_name: campaign.name,
        time_zone: ctx.account.time_zone,
        always_on: !schedules.length,
        schedules,
      },
    };
  },
});

const periodArg = v.strictObject({
  day_of_week: v.pipe(v.picklist(DAYS), v.description(DAYS.join(', '))),
  start_hour: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(23), v.description('Starting hour, 0-23')),
  start_minute: v.optional(v.pipe(v.picklist(MINUTES), v.description('ZERO, FIFTEEN, THIRTY or FORTY_FIVE; default ZERO')), 'ZERO'),
  end_hour: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(0),
    v.maxValue(24),
    v.description('Ending hour, 0-24 (24 = end of the day, with end_minute ZERO)'),
  ),
  end_minute: v.optional(v.pipe(v.picklist(MINUTES), v.description('ZERO, FIFTEEN, THIRTY or FORTY_FIVE; default ZERO')), 'ZERO'),
  bid_modifier: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0.1, 'must be at least 0.1 (-90 %)'),
      v.maxValue(10, 'must be at most 10 (+900 %)'),
      v.description('Bid modifier in this period, 0.1-10 (1.2 = +20 %); default 1'),
    ),
  ),
});

/** The problems of a schedule as the platform sees them: times in order, at most six a day, no overlaps. */
function scheduleProblems(schedules: NewSearchAdsAdSchedule[]): string[] {
  const problems: string[] = [];
  schedules.forEach((s, i) => {
    if (s.end_hour === 24 && s.end_minute !== 'ZERO')
      problems.push(`\`schedules[${i}]\` ends at 24:${MINUTE_VALUE[s.end_minute]}; 24 goes only with end_minute ZERO`);
    else if (end(s) <= start(s)) problems.push(`\`schedules[${i}]\` (${slot(s)}) must end after it starts`);
  });
  for (const day of DAYS) {
    const ofDay = schedules.map((s, i) => ({ s, i })).filter(({ s }) => s.day_of_week === day);
    if (ofDay.length > PER_DAY) problems.push(`${day} has ${ofDay.length} periods; the platform allows at most ${PER_DAY} a day`);
    const ordered = [...ofDay].sort((a, b) => start(a.s) - start(b.s));
    for (let k = 1; k < ordered.length; k++) {
      if (start(ordered[k]!.s) < end(ordered[k - 1]!.s))
        problems.push(`\`schedules[${ordered[k - 1]!.i}]\` and \`schedules[${ordered[k]!.i}]\` overlap on ${day}`);
    }
  }
  return problems;
}

export const setAdSchedule = defineSearchAdsTool({
  name: 'set_ad_schedule',
  description:
    "Replaces a campaign's ad schedule: the periods (day, start and end time on the quarter hour, optional bid modifier 0.1-10) in which its ads may show, in the account's time zone. At most 6 periods a day, none overlapping; an empty list removes the schedule (ads may show at any time). Periods that stay keep their criterion.",
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', schedules: [{ day_of_week: 'MONDAY', start_hour: 8, end_hour: 18 }] }],
  args: {
    campaign_id: campaignIdArg(),
    schedules: v.pipe(
      v.array(periodArg),
      v.maxLength(42, 'must list at most 42 periods (6 a day)'),
      v.description('The whole new schedule; [] = run at all times'),
    ),
  },
  rules: [
    (a) => {
      const problems = scheduleProblems(a.schedules as NewSearchAdsAdSchedule[]);
      return problems.length ? problems.join('; ') : undefined;
    },
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    campaign_name: v.string(),
    schedules: v.array(scheduleOutput),
    added: v.number(),
    removed: v.number(),
    rebid: v.number(),
  }),
  async plan(args, ctx) {
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    const current = await ctx.platform.listAdSchedules(campaign.id);
    const wanted = args.schedules as NewSearchAdsAdSchedule[];
    const keep = new Map<string, SearchAdsAdSchedule>();
    for (const s of current) keep.set(slot(s), s);
    const add = wanted.filter((w) => !keep.has(slot(w)));
    const stays = wanted.filter((w) => keep.has(slot(w)));
    const remove = current.filter((s) => !wanted.some((w) => slot(w) === slot(s)));
    const rebid = stays
      .filter((w) => (w.bid_modifier ?? 1) !== (keep.get(slot(w))!.bid_modifier ?? 1))
      .map((w) => ({
        criterion_id: keep.get(slot(w))!.criterion_id,
        bid_modifier: w.bid_modifier ?? 1,
        slot: slot(w),
        before: keep.get(slot(w))!.bid_modifier ?? 1,
      }));
    const nothing = !add.length && !remove.length && !rebid.length;
    return {
      summary: nothing
        ? `The ad schedule of "${campaign.name}" is already this; nothing changes`
        : `Set the ad schedule of "${campaign.name}": ${add.length} period(s) added, ${remove.length} removed, ${rebid.length} re-bid`,
      changes: [
        ...remove.map((s) => ({
          action: 'remove' as const,
          entity: 'ad_schedule',
          id: `${campaign.id}~${s.criterion_id}`,
          name: slot(s),
          fields: {},
        })),
        ...rebid.map((r) => ({
          action: 'update' as const,
          entity: 'ad_schedule',
          id: `${campaign.id}~${r.criterion_id}`,
          name: r.slot,
          fields: { bid_modifier: { before: r.before, after: r.bid_modifier } },
        })),
        ...add.map((s) => ({
          action: 'create' as const,
          entity: 'ad_schedule',
          name: slot(s),
          fields: { bid_modifier: { after: s.bid_modifier ?? 1 } },
          startsPaused: true,
        })),
      ],
      notes: [
        ...(wanted.length
          ? [`Outside these periods the campaign shows no ads. Times are in the account's time zone (${ctx.account.time_zone}).`]
          : ['Without a schedule the campaign may show ads at any time.']),
        ...(campaign.bidding_strategy &&
        !['MANUAL_CPC'].includes(campaign.bidding_strategy) &&
        wanted.some((w) => (w.bid_modifier ?? 1) !== 1)
          ? [`${campaign.bidding_strategy} is smart bidding: it ignores schedule bid modifiers (the periods still apply).`]
          : []),
      ],
      data: {
        campaign: { id: campaign.id, name: campaign.name },
        before: sorted(current).map(({ criterion_id: _c, ...s }) => s),
        change: {
          remove: remove.map((s) => s.criterion_id),
          add,
          rebid: rebid.map(({ criterion_id, bid_modifier }) => ({ criterion_id, bid_modifier })),
        },
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, change } = plan.data;
    if (plan.changes.length) await ctx.step('schedule', () => ctx.platform.changeAdSchedules(campaign.id, change).then(() => true));
    const schedules = sorted(await ctx.platform.listAdSchedules(campaign.id)).map(view);
    return {
      text: [
        plan.changes.length ? `## Ad schedule of "${campaign.name}" set` : `## Ad schedule of "${campaign.name}" unchanged`,
        '',
        schedules.length
          ? markdownTable(
              ['Day', 'From', 'To', 'Bid modifier'],
              schedules.map((s) => [
                s.day_of_week,
                clock(s.start_hour, s.start_minute),
                clock(s.end_hour, s.end_minute),
                modifierText(s.bid_modifier),
              ]),
            )
          : 'No schedule: ads may show at any time.',
        ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        campaign_name: campaign.name,
        schedules,
        added: change.add.length,
        removed: change.remove.length,
        rebid: change.rebid.length,
      },
    };
  },
  undo(plan) {
    if (!plan.changes.length) return undefined;
    return {
      tool: 'set_ad_schedule',
      arguments: {
        campaign_id: plan.data.campaign.id,
        schedules: plan.data.before.map((s: NewSearchAdsAdSchedule) => ({
          ...s,
          ...(s.bid_modifier === undefined ? {} : { bid_modifier: s.bid_modifier }),
        })),
      },
    };
  },
});
