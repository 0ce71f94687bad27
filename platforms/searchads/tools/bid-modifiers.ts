import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsDevice } from '../port-bidding';
import { campaignIdArg, requireLiveCampaign } from './common';

/**
 * Bid modifiers of a campaign: device criteria (MOBILE, DESKTOP, TABLET; 0 = -100 %, the device is
 * excluded) and the bid modifiers of the locations it targets. get_campaign_targeting shows them.
 */

const DEVICES = ['MOBILE', 'DESKTOP', 'TABLET'] as const;
const pct = (m: number) => (m === 0 ? '-100 % (excluded)' : m === 1 ? '—' : `${m > 1 ? '+' : ''}${Math.round((m - 1) * 100)} %`);

export const setBidModifiers = defineSearchAdsTool({
  name: 'set_bid_modifiers',
  description:
    'Sets bid modifiers of a campaign: per device (MOBILE, DESKTOP, TABLET: 0 = -100 %, the device gets no ads; otherwise 0.1-10, 1.2 = +20 %; not all three at 0) and per targeted location (0.1-10; only locations the campaign already targets, as get_campaign_targeting lists them). 1 removes a modifier. Performance Max campaigns take none; smart bidding ignores all but the device exclusion.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', devices: [{ device: 'MOBILE', bid_modifier: 1.1 }] }],
  args: {
    campaign_id: campaignIdArg(),
    devices: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            device: v.pipe(v.picklist(DEVICES), v.description(DEVICES.join(', '))),
            bid_modifier: v.pipe(
              v.number(),
              v.minValue(0, 'must be 0 (exclude) or 0.1-10'),
              v.maxValue(10, 'must be at most 10 (+900 %)'),
              v.description('0 = exclude the device (-100 %), or 0.1-10'),
            ),
          }),
        ),
        v.minLength(1),
        v.maxLength(3),
        v.description('Device modifiers'),
      ),
    ),
    locations: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            location: v.pipe(
              v.string(),
              v.trim(),
              v.minLength(1),
              v.description(
                'A targeted location: its criterion id, geoTargetConstants/<id> or the criterion resource name from get_campaign_targeting',
              ),
            ),
            bid_modifier: v.pipe(
              v.number(),
              v.minValue(0.1, 'must be at least 0.1 (-90 %)'),
              v.maxValue(10, 'must be at most 10 (+900 %)'),
              v.description('0.1-10 (1.2 = +20 %, 1 = none)'),
            ),
          }),
        ),
        v.minLength(1),
        v.maxLength(100),
        v.description('Location modifiers'),
      ),
    ),
  },
  rules: [
    (a) => (!a.devices && !a.locations ? 'give `devices`, `locations` or both' : undefined),
    (a) => {
      const bad = (a.devices ?? []).map((d, i) => (d.bid_modifier > 0 && d.bid_modifier < 0.1 ? i : -1)).filter((i) => i >= 0);
      return bad.length ? bad.map((i) => `\`devices[${i}].bid_modifier\` must be 0 (exclude) or 0.1-10`).join('; ') : undefined;
    },
    (a) =>
      new Set((a.devices ?? []).map((d) => d.device)).size !== (a.devices ?? []).length ? '`devices` lists a device twice' : undefined,
    (a) =>
      (a.devices ?? []).length === 3 && (a.devices ?? []).every((d) => d.bid_modifier === 0)
        ? 'not every device can be excluded (0): the campaign would show no ads'
        : undefined,
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    devices: v.array(v.object({ device: v.string(), bid_modifier: v.number() })),
    locations: v.array(v.object({ criterion_id: v.string(), name: v.string(), bid_modifier: v.number() })),
  }),
  async plan(args, ctx) {
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    if (campaign.type === 'PERFORMANCE_MAX')
      throw new ToolError(
        `"${campaign.name}" is a Performance Max campaign: the platform takes no device or location bid modifiers on it.`,
      );
    const [devices, criteria] = await Promise.all([
      ctx.platform.listDeviceModifiers(campaign.id),
      ctx.platform.listCampaignCriteria(campaign.id),
    ]);
    const deviceBefore = (d: SearchAdsDevice) => devices.find((x) => x.device === d)?.bid_modifier ?? 1;
    const afterAll = DEVICES.map((d) => args.devices?.find((x) => x.device === d)?.bid_modifier ?? deviceBefore(d));
    if (afterAll.every((m) => m === 0))
      throw new ToolError(
        `That would exclude every device (0) on "${campaign.name}", so it would show no ads; keep at least one device above 0.`,
      );
    const targeted = criteria.filter((c) => !c.negative);
    const geos = await ctx.platform.getGeoTargets(targeted.map((c) => c.criterion_id));
    const locations = (args.locations ?? []).map((l, i) => {
      const id = l.location.replace(/^geoTargetConstants\//, '').replace(/^customers\/\d+\/campaignCriteria\/\d+~/, '');
      const criterion = targeted.find((c) => c.criterion_id === id);
      if (!criterion) {
        throw new ToolError(
          `\`locations[${i}]\` ("${l.location}") is not a location "${campaign.name}" targets; bid modifiers apply to its targeted locations only (${targeted.map((c) => geos.find((g) => g.id === c.criterion_id)?.canonical_name ?? c.criterion_id).join(', ') || 'none: add locations with update_campaign first'}).`,
        );
      }
      return {
        criterion_id: id,
        name: geos.find((g) => g.id === id)?.canonical_name ?? criterion.geo_target_constant,
        before: criterion.bid_modifier ?? 1,
        bid_modifier: l.bid_modifier,
      };
    });
    if (new Set(locations.map((l) => l.criterion_id)).size !== locations.length) throw new ToolError('`locations` names a location twice.');
    const deviceChanges = (args.devices ?? [])
      .map((d) => ({ ...d, before: deviceBefore(d.device) }))
      .filter((d) => d.before !== d.bid_modifier);
    const locationChanges = locations.filter((l) => l.before !== l.bid_modifier);
    const smart = campaign.bidding_strategy && campaign.bidding_strategy !== 'MANUAL_CPC';
    return {
      summary:
        deviceChanges.length + locationChanges.length
          ? `Set ${deviceChanges.length + locationChanges.length} bid modifier(s) on "${campaign.name}"`
          : `The bid modifiers of "${campaign.name}" are already these; nothing changes`,
      changes: [
        ...deviceChanges.map((d) => ({
          action: 'update' as const,
          entity: 'device_bid_modifier',
          id: `${campaign.id}~${d.device}`,
          name: d.device,
          fields: { bid_modifier: { before: d.before, after: d.bid_modifier } },
        })),
        ...locationChanges.map((l) => ({
          action: 'update' as const,
          entity: 'location_bid_modifier',
          id: `${campaign.id}~${l.criterion_id}`,
          name: l.name,
          fields: { bid_modifier: { before: l.before, after: l.bid_modifier } },
        })),
      ],
      notes:
        smart && (deviceChanges.some((d) => d.bid_modifier !== 0) || locationChanges.length)
          ? [`${campaign.bidding_strategy} is smart bidding: it ignores these modifiers except a device exclusion (0).`]
          : [],
      data: {
        campaign: { id: campaign.id, name: campaign.name },
        devices: deviceChanges.map(({ device, bid_modifier, before }) => ({ device, bid_modifier, before })),
        locations: locationChanges.map(({ criterion_id, name, bid_modifier, before }) => ({ criterion_id, name, bid_modifier, before })),
      },
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, devices, locations } = plan.data;
    if (plan.changes.length) {
      await ctx.step('modifiers', () =>
        ctx.platform
          .setBidModifiers(campaign.id, {
            devices: devices.map(({ device, bid_modifier }) => ({ device, bid_modifier })),
            locations: locations.map(({ criterion_id, bid_modifier }) => ({ criterion_id, bid_modifier })),
          })
          .then(() => true),
      );
    }
    const rows = [
      ...devices.map((d) => [d.device, pct(d.before), pct(d.bid_modifier)]),
      ...locations.map((l) => [l.name, pct(l.before), pct(l.bid_modifier)]),
    ];
    return {
      text: [
        plan.changes.length ? `## Bid modifiers of "${campaign.name}" set` : `## Bid modifiers of "${campaign.name}" unchanged`,
        '',
        rows.length ? markdownTable(['Device / location', 'Before', 'After'], rows) : 'Every modifier given already had that value.',
        ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
        '',
        'get_campaign_targeting shows every modifier of the campaign.',
      ].join('\n'),
      structured: {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        devices: devices.map(({ device, bid_modifier }) => ({ device, bid_modifier })),
        locations: locations.map(({ criterion_id, name, bid_modifier }) => ({ criterion_id, name, bid_modifier })),
      },
    };
  },
  undo(plan) {
    const { campaign, devices, locations } = plan.data;
    if (!plan.changes.length) return undefined;
    return {
      tool: 'set_bid_modifiers',
      arguments: {
        campaign_id: campaign.id,
        ...(devices.length ? { devices: devices.map((d) => ({ device: d.device, bid_modifier: d.before })) } : {}),
        ...(locations.length ? { locations: locations.map((l) => ({ location: l.criterion_id, bid_modifier: l.before })) } : {}),
      },
    };
  },
});
