/**
 * Which searchads campaigns have no conversions by what they are bought for: a video campaign bidding
 * for impressions or views (awareness and reach: cost per thousand impressions, cost per view, target
 * frequency). Its result is views; a video campaign bidding for conversions (Maximize conversions,
 * target CPA: a video action campaign) converts like any other. The sandbox records no conversions on
 * the former, and every list and report shows their conversions as n/a.
 */
import type { SearchAdsCampaign } from './port-types';

export const AWARENESS_VIDEO_BIDDING: readonly string[] = ['TARGET_CPM', 'MANUAL_CPM', 'TARGET_CPV', 'MANUAL_CPV', 'TARGET_FREQUENCY'];

/** Whether a campaign (in its state of a day) has no conversions: a video campaign with awareness or reach bidding. */
export const withoutConversions = (c: Pick<SearchAdsCampaign, 'type' | 'bidding_strategy'>): boolean =>
  c.type === 'VIDEO' && AWARENESS_VIDEO_BIDDING.includes(c.bidding_strategy ?? '');
