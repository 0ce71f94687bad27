import * as v from 'valibot';
import { markdownTable } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';

export const listRetailAdsProfiles = defineRetailAdsTool({
  name: 'list_retailads_profiles',
  description:
    'Lists the retailads advertiser profiles of the connected account: profile id (the profile_id other retailads tools take), country, currency, marketplace, time zone and account type (seller or vendor).',
  access: 'read',
  args: {},
  output: v.object({
    profiles: v.array(
      v.object({
        profile_id: v.string(),
        country: v.string(),
        currency: v.string(),
        marketplace: v.string(),
        timezone: v.string(),
        account_type: v.string(),
        account_name: v.string(),
        account_id: v.string(),
      }),
    ),
  }),
  async run(_args, ctx) {
    const profiles = await ctx.platform.listProfiles();
    const text = [
      `## Retailads profiles of ${ctx.account.name}`,
      '',
      markdownTable(
        ['Profile id', 'Account', 'Type', 'Country', 'Currency', 'Marketplace', 'Time zone'],
        profiles.map((p) => [
          p.profile_id,
          p.account_info.name,
          p.account_info.type,
          p.country_code,
          p.currency_code,
          p.marketplace_string_id,
          p.timezone,
        ]),
      ),
      '',
      'Pass `profile_id` to retailads tools when several profiles are connected.',
    ].join('\n');
    return {
      text,
      structured: {
        profiles: profiles.map((p) => ({
          profile_id: p.profile_id,
          country: p.country_code,
          currency: p.currency_code,
          marketplace: p.marketplace_string_id,
          timezone: p.timezone,
          account_type: p.account_info.type,
          account_name: p.account_info.name,
          account_id: p.account_info.id,
        })),
      },
    };
  },
});
