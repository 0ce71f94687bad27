import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';
import { adGroupNamed, getAdGroup } from './helpers';

useTestTables();

describe('Tool: resume_shortvideo_ad_group', () => {
  it('enables a disabled ad group, visible on a later read', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const group = await adGroupNamed(apiKey, 'Retargeting - Site Visitors');
    expect(group.status).toBe('DISABLED');
    const data = await callToolOk(apiKey, 'resume_shortvideo_ad_group', { adgroup_id: group.id });
    expect(data.structured).toMatchObject({ previous_status: 'DISABLED', status: 'ENABLED', changed: true });
    expect((await getAdGroup(apiKey, group.id)).status).toBe('ENABLED');
  });

  it('is a no-op that says so when the ad group is already enabled', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const group = await adGroupNamed(apiKey, 'Purchase - Broad');
    const data = await callToolOk(apiKey, 'resume_shortvideo_ad_group', { adgroup_id: group.id });
    expect(data.structured!.changed).toBe(false);
    expect(data.text).toContain('already enabled');
  });

  it('refuses a deleted ad group with a 400', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const group = await adGroupNamed(apiKey, 'Old Test Ad Group');
    const result = await callTool(apiKey, 'resume_shortvideo_ad_group', { adgroup_id: group.id });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('deleted');
    expect((await getAdGroup(apiKey, group.id)).status).toBe('DELETED');
  });

  it('mentions a paused parent campaign', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    const group = await adGroupNamed(apiKey, 'Clearance - Broad');
    const data = await callToolOk(apiKey, 'resume_shortvideo_ad_group', { adgroup_id: group.id });
    expect(data.structured!.campaign_status).toBe('PAUSED');
    expect(data.text).toContain('PAUSED');
  });

  it('rejects an unknown ad group and a malformed id', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    expect((await callTool(apiKey, 'resume_shortvideo_ad_group', { adgroup_id: '1799999999999999999' })).status).toBe(400);
    const malformed = await callTool(apiKey, 'resume_shortvideo_ad_group', { adgroup_id: 'abc' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toContain('`adgroup_id`');
  });
});
