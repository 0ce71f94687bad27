import { callToolOk, createTestOwner, useTestTables } from '../support/gateway';
useTestTables();
it('peek', async () => {
  const { apiKey } = await createTestOwner({ accounts: { retailads: 1, shortvideo: 1 } });
  const a = await callToolOk(apiKey, 'analyze_retailads_placements', {});
  console.log(a.text);
  const c = await callToolOk(apiKey, 'list_shortvideo_campaigns', {});
  console.log(c.text);
  const g = await callToolOk(apiKey, 'list_shortvideo_ad_groups', {});
  console.log(g.text);
});
