/**
 * The unit of an impression bid, settled from the chat-assistant platform's reference: `max_bid_micros`
 * is per billing event, so a $60 CPM ($0.06 per impression) is sent as 60,000. Both directions.
 */
import { adGroupOf, cpmBidMicros, impressionBidMicros } from '../../../platforms/chatads/live/adapter';

describe('chatads impression bid unit', () => {
  it("sends a CPM bid as the API's per-impression max bid (the reference's $60 CPM is 60,000)", () => {
    expect(impressionBidMicros(60_000_000)).toBe(60_000);
    expect(impressionBidMicros(8_000_000)).toBe(8_000);
    // Below one micro per impression the API's minimum (1) is sent.
    expect(impressionBidMicros(400)).toBe(1);
  });

  it('reads a per-impression max bid back as a CPM bid', () => {
    expect(cpmBidMicros(60_000)).toBe(60_000_000);
    const group = adGroupOf(
      {
        id: 'adgrp_301',
        created_at: 1735689700,
        name: 'US English',
        status: 'active',
        bidding_config: { billing_event_type: 'impression', max_bid_micros: 60_000 },
      },
      'cmpn_101',
    );
    expect(group).toMatchObject({ billing_event_type: 'impression', max_cpm_bid_micros: 60_000_000 });
    expect(impressionBidMicros(group.max_cpm_bid_micros!)).toBe(60_000);
  });

  it('leaves a click bid per click both ways', () => {
    const group = adGroupOf(
      {
        id: 'adgrp_302',
        created_at: 1735689700,
        name: 'Clicks',
        status: 'paused',
        bidding_config: { billing_event_type: 'click', max_bid_micros: 1_500_000 },
      },
      'cmpn_101',
    );
    expect(group).toMatchObject({ billing_event_type: 'click', max_bid_micros: 1_500_000 });
    expect(group).not.toHaveProperty('max_cpm_bid_micros');
  });
});
