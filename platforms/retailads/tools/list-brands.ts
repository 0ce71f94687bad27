/** list_retailads_brands: the brands the profile may advertise in Sponsored Brands. */
import * as v from 'valibot';
import { markdownTable } from '../../../core/markdown';
import { defineRetailAdsTool } from '../define';

export const listRetailAdsBrands = defineRetailAdsTool({
  name: 'list_retailads_brands',
  description:
    'Lists the brands the profile may advertise in Sponsored Brands (brand id, brand entity id, registered name): the brand a Sponsored Brands campaign or asset belongs to.',
  access: 'read',
  args: {},
  output: v.object({
    profile_id: v.string(),
    brands: v.array(v.object({ brand_id: v.string(), brand_entity_id: v.string(), brand_registry_name: v.string() })),
  }),
  async run(_args, ctx) {
    const brands = await ctx.platform.listBrands();
    return {
      text: [
        `## Brands (${brands.length})`,
        '',
        markdownTable(
          ['Brand', 'Brand id', 'Brand entity id'],
          brands.map((b) => [b.brand_registry_name, b.brand_id, b.brand_entity_id]),
        ),
        '',
        'Create a Sponsored Brands campaign for a brand with create_retailads_sb_campaign; upload its logo with upload_retailads_asset.',
      ].join('\n'),
      structured: { profile_id: ctx.account.account_id, brands },
    };
  },
});
