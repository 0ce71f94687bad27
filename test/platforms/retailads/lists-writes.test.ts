import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;
let apiKey: string;
beforeAll(async () => {
  apiKey = (await createTestOwner({ accounts: { retailads: 1 } })).apiKey;
});

const list = async (tool: string, args: Record<string, unknown> = {}) => (await callToolOk(apiKey, tool, args)).structured!;

describe('retailads list readers', () => {
  it.each([
    ['list_retailads_campaigns', 'campaigns'],
    ['list_retailads_keywords', 'keywords'],
    ['list_retailads_sb_keywords', 'sb_keywords'],
    ['list_retailads_negative_keywords', 'negative_keywords'],
    ['list_retailads_product_ads', 'product_ads'],
    ['list_retailads_targets', 'targets'],
    ['list_retailads_sb_targets', 'sb_targets'],
    ['list_retailads_sb_ad_groups', 'sb_ad_groups'],
    ['list_retailads_sb_ads', 'sb_ads'],
    ['list_retailads_sb_creatives', 'sb_creatives'],
  ])('%s lists rows with paging', async (tool, noun) => {
    const s = await list(tool);
    expect(s.paging.total_matching).toBe((s[noun] as Row[]).length);
    if (noun !== 'negative_keywords') expect((s[noun] as Row[]).length).toBeGreaterThan(0);
  });
});
