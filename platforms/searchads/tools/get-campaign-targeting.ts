import * as v from 'valibot';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { LANGUAGE_CONSTANTS } from '../reference-data';
import { campaignIdArg, criterionResourceName } from './common';

export const getCampaignTargeting = defineSearchAdsTool({
  name: 'get_campaign_targeting',
  description:
    'Shows the targeting of one campaign: locations (with the criterion resource names update_campaign.locations_to_remove takes, and their bid modifiers), device bid modifiers, languages, the audience segments on its ad groups, and the audience targeting mode (OBSERVATION or TARGETING).',
  access: 'read',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
  args: { campaign_id: campaignIdArg() },
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    campaign_type: v.string(),
    locations: v.array(
      v.object({
        resource_name: v.string(),
        criterion_id: v.string(),
        geo_target_constant: v.string(),
        name: v.string(),
        target_type: v.string(),
        negative: v.boolean(),
        bid_modifier: v.optional(v.number()),
      }),
    ),
    device_bid_modifiers: v.array(v.object({ device: v.string(), bid_modifier: v.number() })),
    languages: v.array(
      v.object({
        resource_name: v.string(),
        id: v.string(),
        code: v.string(),
        name: v.string(),
      }),
    ),
    audience_targeting_mode: v.string(),
    audiences: v.array(
      v.object({
        ad_group_id: v.string(),
        ad_group_name: v.string(),
        name: v.string(),
        audience_id: v.string(),
        type: v.string(),
        criterion_id: v.string(),
      }),
    ),
  }),
  async run(args, ctx) {
    const cid = ctx.account.account_id;
    const campaign = await ctx.platform.getCampaign(args.campaign_id);
    const [criteria, groups, devices] = await Promise.all([
      ctx.platform.listCampaignCriteria(campaign.id),
      ctx.platform.listAdGroups(campaign.id),
      ctx.platform.listDeviceModifiers(campaign.id),
    ]);
    const device_bid_modifiers = devices
      .filter((d) => d.bid_modifier !== 1)
      .map((d) => ({ device: d.device, bid_modifier: d.bid_modifier }));
    const modifier = (m?: number) =>
      m === undefined || m === 1 ? '—' : m === 0 ? '-100 % (excluded)' : `${m > 1 ? '+' : ''}${Math.round((m - 1) * 100)} %`;
    const geos = await ctx.platform.getGeoTargets(criteria.map((c) => c.criterion_id));
    const geoOf = new Map(geos.map((g) => [g.id, g]));
    const locations = criteria.map((c) => ({
      resource_name: criterionResourceName(cid, campaign.id, c.criterion_id),
      criterion_id: c.criterion_id,
      geo_target_constant: c.geo_target_constant,
      name: geoOf.get(c.criterion_id)?.canonical_name ?? c.geo_target_constant,
      target_type: geoOf.get(c.criterion_id)?.target_type ?? '',
      negative: c.negative,
      ...(c.bid_modifier !== undefined && c.bid_modifier !== 1 ? { bid_modifier: c.bid_modifier } : {}),
    }));
    const languages = (campaign.language_ids ?? []).map((id) => {
      const lang = LANGUAGE_CONSTANTS.find((l) => l.id === id);
      return { resource_name: `languageConstants/${id}`, id, code: lang?.code ?? '', name: lang?.name ?? id };
    });
    const audiences = groups
      .filter((g) => g.status !== 'REMOVED')
      .flatMap((g) => (g.audiences ?? []).map((a) => ({ ad_group_id: g.id, ad_group_name: g.name, ...a })));
    const mode = campaign.audience_targeting_mode ?? 'OBSERVATION';
    const text = [
      `## Targeting of ${campaign.name} (${campaign.id}, ${campaign.type})`,
      '',
      '### Locations',
      locations.length
        ? markdownTable(
            ['Location', 'Type', 'Criterion resource name', 'Excluded', 'Bid modifier'],
            locations.map((l) => [l.name, l.target_type, l.resource_name, l.negative ? 'yes' : 'no', modifier(l.bid_modifier)]),
          )
        : 'No location criteria: the campaign can serve in all countries and territories.',
      '',
      '### Device bid modifiers',
      device_bid_modifiers.length
        ? device_bid_modifiers.map((d) => `${d.device}: ${modifier(d.bid_modifier)}`).join(', ')
        : 'None: every device bids the same (set_bid_modifiers sets them).',
      '',
      '### Languages',
      languages.length ? languages.map((l) => `${l.name} (${l.code}, ${l.resource_name})`).join(', ') : 'All languages.',
      campaign.type === 'SEARCH'
        ? '_On Search campaigns language targeting is no longer applied by the platform; it is shown for reference._'
        : '',
      '',
      `### Audiences (mode: ${mode})`,
      mode === 'OBSERVATION'
        ? 'Observation: audiences inform reporting and bids; ads still serve to everyone targeted otherwise.'
        : 'Targeting: ads serve only to the listed segments.',
      '',
      audiences.length
        ? markdownTable(
            ['Ad group', 'Segment', 'Type', 'Segment id'],
            audiences.map((a) => [a.ad_group_name, a.name, a.type, a.audience_id]),
          )
        : "No audience segments on this campaign's ad groups.",
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n');
    return {
      text,
      structured: {
        customer_id: cid,
        campaign_id: campaign.id,
        campaign_type: campaign.type,
        locations,
        device_bid_modifiers,
        languages,
        audience_targeting_mode: mode,
        audiences,
      },
    };
  },
});
