import type { PerformanceTier } from '../sandbox/metrics';

/**
 * The searchads platform interface (search and display advertising): everything its tools may
 * ask of the platform. The sandbox adapter (sandbox.ts) implements it over DynamoDB; a live adapter
 * would call the real platform's API behind the same methods.
 */
export interface SearchAdsPort {
  listCampaigns(): Promise<SearchAdsCampaign[]>;
  getCampaign(campaignId: string): Promise<SearchAdsCampaign>;
}

export type SearchAdsCampaignType = 'SEARCH' | 'DISPLAY' | 'PERFORMANCE_MAX' | 'SHOPPING' | 'VIDEO';
export type SearchAdsCampaignStatus = 'ENABLED' | 'PAUSED' | 'REMOVED';

export interface SearchAdsCampaign {
  id: string;
  name: string;
  type: SearchAdsCampaignType;
  status: SearchAdsCampaignStatus;
  /** Daily budget in account currency. */
  budget_amount: number;
  start_date: string;
  end_date?: string;
  /** How the sandbox makes this campaign perform (metrics are derived from it). */
  performance: PerformanceTier;
}
