import { callTool, createTestOwner, useTestTables } from '../../support/gateway';
useTestTables();
it('smoke', async () => {
  const { apiKey } = await createTestOwner({ accounts: { proads: 1 } });
  const w = await callTool(apiKey, 'analyze_proads_wasted_spend', {});
  const crit = (w.body.data!.structured!.campaigns as any[])[0];
  console.log(crit.name, crit.severity, crit.campaign_id);
  const dry = await callTool(apiKey, 'pause_proads_campaign', { campaign_id: crit.campaign_id, dry_run: true });
  console.log(dry.status, dry.body.data?.text ?? dry.body.error);
  const p = await callTool(apiKey, 'pause_proads_campaign', { campaign_id: crit.campaign_id });
  console.log(p.status, p.body.data?.text ?? p.body.error);
  const b = await callTool(apiKey, 'update_proads_campaign_targeting', { campaign_id: crit.campaign_id, add_exclusions: { seniorities: ['seniority:3'] } });
  console.log(b.status, b.body.data?.text ?? b.body.error);
  const u = await callTool(apiKey, 'batch_update_proads_campaigns', { updates: [{ campaign_id: crit.campaign_id, daily_budget: 20 }] });
  console.log(u.status, u.body.data?.text ?? u.body.error);
  const x = await callTool(apiKey, 'pause_proads_campaign', { campaign_id: '123' });
  console.log(x.status, x.body.error);
});
