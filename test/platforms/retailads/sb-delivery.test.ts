/** The delivery model gates Sponsored Brands ad groups on moderation; pauses and archives stop spend from their moment on. */
import { addDays, isoDate } from '../../../core/dates';
import type { ReportEntities } from '../../../platforms/retailads/sandbox/delivery';
import { simulateDelivery } from '../../../platforms/retailads/sandbox/delivery';
import { REGISTRY } from '../../../functions/all-tools';

const today = isoDate(new Date());
const start = addDays(today, -20);
const end = addDays(today, -1);

function sbEntities(headline: string, adState = 'ENABLED', history?: { at: string; before: Record<string, unknown> }[]): ReportEntities {
  const campaign = {
    id: 'c1',
    name: 'SB',
    ad_product: 'SPONSORED_BRANDS' as const,
    state: 'ENABLED' as const,
    daily_budget: 100,
    start_date: addDays(today, -60),
    performance: 'average' as const,
  };
  const group = {
    id: 'g1',
    campaign_id: 'c1',
    ad_product: 'SPONSORED_BRANDS' as const,
    name: 'G',
    state: 'ENABLED' as const,
    default_bid: 1,
    performance: 'average' as const,
  };
  return {
    campaigns: [campaign],
    adGroups: [group],
    productAds: [
      {
        id: 'p1',
        campaign_id: 'c1',
        ad_group_id: 'g1',
        ad_product: 'SPONSORED_BRANDS',
        asin: 'B0AAAAAAAA',
        title: 'T',
        category: 'C',
        state: 'ENABLED',
        performance: 'average',
      },
    ],
    keywords: [
      {
        id: 'k1',
        campaign_id: 'c1',
        ad_group_id: 'g1',
        ad_product: 'SPONSORED_BRANDS',
        keyword_text: 'trail pack',
        match_type: 'BROAD',
        bid: 1,
        state: 'enabled',
        performance: 'average',
      },
    ],
    targets: [],
    sbAds: [
      {
        id: 'a1',
        campaign_id: 'c1',
        ad_group_id: 'g1',
        name: 'A',
        ad_type: 'productCollection',
        state: adState as 'ENABLED',
        creatives: [{ version: 1, submitted_at: `${addDays(today, -60)}T00:00:00.000Z`, brand_name: 'B', headline, asins: ['B0AAAAAAAA'] }],
        ...(history ? { history } : {}),
      },
    ],
    assets: [],
  };
}

describe('retailads delivery: Sponsored Brands moderation gate', () => {
  it('an ad group with an approved creative spends; one whose only creative was rejected spends nothing', () => {
    expect(simulateDelivery(sbEntities('Packs for every trail'), start, end, today).campaign.get('c1')!.spend).toBeGreaterThan(0);
    expect(simulateDelivery(sbEntities('Guaranteed #1 pack'), start, end, today).campaign.get('c1')!).toMatchObject({
      spend: 0,
      impressions: 0,
    });
  });

  it('a paused SB ad stops spending from the moment it was paused, not before', () => {
    const pausedAt = addDays(today, -10);
    const entities = sbEntities('Packs for every trail', 'PAUSED', [{ at: `${pausedAt}T00:00:00.000Z`, before: { state: 'ENABLED' } }]);
    const delivery = simulateDelivery(entities, start, end, today);
    const days = delivery.campaignDays.get('c1')!;
    expect(days.filter((d) => d.date >= pausedAt).every((d) => d.spend === 0)).toBe(true);
    expect(days.filter((d) => d.date < pausedAt).some((d) => d.spend > 0)).toBe(true);
  });
});

describe('retailads undo calls', () => {
  it('a pause is undone by a resume, an update by the before values, an archive by nothing', () => {
    const plan = {
      summary: '',
      changes: [],
      data: { updates: [{ id: '1', name: 'C', patch: { state: 'PAUSED' }, before: { state: 'ENABLED' } }] },
    };
    expect(REGISTRY.get('pause_retailads_campaigns')!.undo!(plan, {})).toEqual({
      tool: 'resume_retailads_campaigns',
      arguments: { campaign_ids: ['1'] },
    });
    const update = { summary: '', changes: [], data: { updates: [{ id: '7', name: 'k', patch: { bid: 0.5 }, before: { bid: 0.9 } }] } };
    expect(REGISTRY.get('update_retailads_keywords')!.undo!(update, {})).toEqual({
      tool: 'update_retailads_keywords',
      arguments: { keywords: [{ keywordId: '7', bid: 0.9 }] },
    });
    expect(REGISTRY.get('delete_retailads_keywords')!.undo).toBeUndefined();
  });
});
