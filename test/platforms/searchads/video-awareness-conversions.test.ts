/**
 * searchads video campaigns bought for impressions or views (awareness and reach bidding: target CPM,
 * CPV...) report no conversions in the sandbox (issue 31: conversions only where the objective has
 * them); a video campaign bidding for conversions (a video action campaign) has them.
 */
import { addDays, isoDate } from '../../../core/dates';
import { searchAdsCampaignFigures } from '../../../platforms/searchads/campaign-figures';
import { searchads } from '../../../platforms/searchads/manifest';
import { campaignDay, type StoredAdGroup, type StoredCampaign } from '../../../platforms/searchads/sandbox/delivery';
import { operatorCall } from '../../../platforms/live/connector';
import { useMiddayClock } from '../../support/clock';
import { callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();
useMiddayClock();

const days = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));

function video(bidding_strategy: string): { campaign: StoredCampaign; group: StoredAdGroup } {
  const campaign = {
    id: '90000000001',
    name: 'Video',
    type: 'VIDEO',
    status: 'ENABLED',
    budget_amount: 500,
    bidding_strategy,
    start_date: '2025-01-01',
    performance: 'strong',
  } as unknown as StoredCampaign;
  const group = {
    id: '90000000002',
    campaign_id: campaign.id,
    name: 'In-Stream',
    type: 'VIDEO_RESPONSIVE',
    status: 'ENABLED',
    cpc_bid: 0.05,
    performance: 'strong',
    start_date: '2025-01-01',
  } as unknown as StoredAdGroup;
  return { campaign, group };
}

const totals = (bidding: string) => {
  const { campaign, group } = video(bidding);
  return days
    .map((date) => campaignDay(campaign, [group], date, () => true).total)
    .reduce((s, d) => ({ spend: s.spend + d.spend, conversions: s.conversions + d.conversions, revenue: s.revenue + d.revenue }), {
      spend: 0,
      conversions: 0,
      revenue: 0,
    });
};

describe('searchads sandbox: video conversions follow the bidding', () => {
  it.each(['TARGET_CPM', 'TARGET_CPV', 'MANUAL_CPV'])('a %s video campaign spends and reports no conversions nor revenue', (bidding) => {
    const t = totals(bidding);
    expect(t.spend).toBeGreaterThan(0);
    expect(t.conversions).toBe(0);
    expect(t.revenue).toBe(0);
  });

  it('a video campaign bidding for conversions has them', () => {
    expect(totals('MAXIMIZE_CONVERSIONS').conversions).toBeGreaterThan(0);
  });
});

describe('searchads: an awareness video campaign is counted in views, its conversions n/a', () => {
  it('the campaign figures every list and report use give it views as its result and no conversions', async () => {
    const owner = await createTestOwner({ accounts: { searchads: 1 } });
    const account = owner.accounts.searchads![0]!;
    const port = searchads.open(account, operatorCall());
    const yesterday = addDays(isoDate(new Date()), -1);
    const figures = await searchAdsCampaignFigures(port, account, addDays(yesterday, -59), yesterday);
    const video = figures.find((c) => c.name === 'Video - Brand Story')!;
    expect(video.figures.spend).toBeGreaterThan(0);
    expect(video).toMatchObject({ converts: false, result_type: 'video_views' });
    expect(video.results).toBeGreaterThan(0);
    expect(video.figures.conversions).toBe(0);
    expect(figures.find((c) => c.name === 'Brand - Exact')).toMatchObject({ converts: true, result_type: 'conversions' });

    // list_campaigns shows its conversions and CPA as n/a, as get_chatads_conversion_insights does for awareness.
    const listed = await callToolOk(owner.apiKey, 'list_campaigns', { start_date: addDays(yesterday, -59), end_date: yesterday });
    const line = listed.text.split('\n').find((l) => l.startsWith('| Video - Brand Story |'))!;
    expect(line).toContain('n/a (awareness)');
    expect(listed.text.split('\n').find((l) => l.startsWith('| Brand - Exact |'))).not.toContain('n/a');
  }, 120_000);
});
