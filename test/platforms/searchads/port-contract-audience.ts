/**
 * What any adapter of the searchads port must do for family D2 (user lists and Customer Match,
 * experiments, recommendations, change events): run with `describeAudienceContract(label, open)`
 * on an account seeded with the Search campaign "Generic - Hiking Boots" and a recommendation.
 */
import { createHash } from 'node:crypto';
import type { SearchAdsPort } from '../../../platforms/searchads/port';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const hash = (value: string) => createHash('sha256').update(value).digest('hex');

export function describeAudienceContract(label: string, open: () => Promise<SearchAdsPort>): void {
  describe(`searchads port contract, audiences and insights: ${label}`, () => {
    let port: SearchAdsPort;
    beforeAll(async () => {
      port = await open();
    });

    it('creates a Customer Match list that reads back as a user list and an audience segment, and takes hashed members', async () => {
      const before = await port.listUserLists();
      for (const l of before) {
        expect(l.id).toMatch(/^\d+$/);
        expect(l.resource_name).toMatch(/^customers\/\d+\/userLists\/\d+$/);
        expect(['RULE_BASED', 'CRM_BASED', 'LOGICAL', 'SIMILAR']).toContain(l.type);
      }
      const created = await port.createCustomerMatchList({ name: 'Contract list', membership_life_span: 90 });
      expect(created).toMatchObject({
        name: 'Contract list',
        type: 'CRM_BASED',
        upload_key_type: 'CONTACT_INFO',
        membership_life_span: 90,
        membership_status: 'OPEN',
      });
      expect((await port.listUserLists()).map((l) => l.id)).toContain(created.id);
      expect((await port.listAudienceSegments()).find((s) => s.id === created.id)).toMatchObject({
        type: 'USER_LIST',
        name: 'Contract list',
      });
      const job = await port.uploadCustomerMatchMembers(created.id, {
        hashed_emails: [hash('a@example.com'), hash('b@example.com')],
        hashed_phone_numbers: [hash('+14155550100')],
        consent: { ad_user_data: 'GRANTED', ad_personalization: 'GRANTED' },
      });
      expect(job).toMatchObject({ user_list_id: created.id, type: 'CUSTOMER_MATCH_USER_LIST', identifiers: 3 });
      expect(['RUNNING', 'SUCCESS']).toContain(job.status);
    });

    it('creates, arms and schedules an experiment whose treatment runs a trial copy of the base campaign', async () => {
      const base = (await port.listCampaigns()).find((c) => c.name === 'Generic - Hiking Boots')!;
      const experiment = await port.createExperiment({
        name: 'Contract experiment',
        start_date: day(4),
        end_date: day(20),
        suffix: '[contract]',
      });
      expect(experiment).toMatchObject({ type: 'SEARCH_CUSTOM', status: 'SETUP', arms: [] });
      const armed = await port.createExperimentArms(experiment.id, [
        { name: 'Control', control: true, traffic_split: 50, campaign_id: base.id },
        { name: 'Treatment', control: false, traffic_split: 50 },
      ]);
      expect(armed.arms.map((a) => a.control)).toEqual([true, false]);
      const scheduled = await port.scheduleExperiment(experiment.id);
      expect(scheduled.status).toBe('INITIATED');
      const trialId = scheduled.arms.find((a) => !a.control)!.campaign_id!;
      expect(await port.getCampaign(trialId)).toMatchObject({
        name: 'Generic - Hiking Boots [contract]',
        type: 'SEARCH',
        start_date: day(4),
      });
      expect((await port.listExperiments()).find((e) => e.id === experiment.id)).toMatchObject({
        status: 'INITIATED',
        start_date: day(4),
        end_date: day(20),
      });
    });

    it('lists recommendations with their impact; a dismissed one is flagged', async () => {
      const recs = await port.listRecommendations();
      expect(recs.length).toBeGreaterThan(0);
      for (const r of recs) {
        expect(r.resource_name).toBe(`customers/${r.resource_name.split('/')[1]}/recommendations/${r.id}`);
        expect(r.impact.potential).toEqual(
          expect.objectContaining({ impressions: expect.any(Number), cost: expect.any(Number), conversions: expect.any(Number) }),
        );
      }
      const first = recs.find((r) => !r.dismissed)!;
      await port.dismissRecommendation(first.id);
      expect((await port.listRecommendations()).find((r) => r.id === first.id)).toMatchObject({ dismissed: true });
    });

    it('reads change events newest first, with the change the port just made', async () => {
      const campaign = (await port.listCampaigns()).find((c) => c.name === 'Generic - Hiking Boots')!;
      await port.updateCampaign(campaign.id, { name: 'Generic - Hiking Boots (contract)' });
      const events = await port.listChangeEvents(`${day(-6)}T00:00:00.000Z`, `${day(1)}T00:00:00.000Z`, 1000);
      expect(events.map((e) => e.change_date_time)).toEqual([...events.map((e) => e.change_date_time)].sort().reverse());
      expect(
        events.find((e) => e.change_resource_type === 'CAMPAIGN' && e.campaign_id === campaign.id && e.changed_fields.includes('name')),
      ).toMatchObject({ resource_change_operation: 'UPDATE', client_type: 'GOOGLE_ADS_API' });
      expect((await port.listChangeEvents(`${day(-6)}T00:00:00.000Z`, `${day(1)}T00:00:00.000Z`, 1)).length).toBe(1);
    });
  });
}
