import type { ConnectedAccount } from '../../functions/runtime/stores/owners';
import { idSource } from '../sandbox/ids';
import { SandboxPlatform } from '../sandbox/platform';
import { SandboxStore } from '../sandbox/store';
import type { SearchAdsCampaign, SearchAdsPort } from './port';

/** Entity kinds of the searchads sandbox (the sort-key prefixes). */
export const KIND = { campaign: 'campaign' } as const;

/** The simulated searchads platform for one sandbox account. */
export class SearchAdsSandbox extends SandboxPlatform implements SearchAdsPort {
  listCampaigns(): Promise<SearchAdsCampaign[]> {
    return this.call(() => this.store.list<SearchAdsCampaign>(KIND.campaign));
  }

  getCampaign(campaignId: string): Promise<SearchAdsCampaign> {
    return this.call(() => this.store.require<SearchAdsCampaign>(KIND.campaign, campaignId));
  }
}

/** Seeds a new sandbox account with realistic searchads entities. Ids are reproducible per account. */
export async function seedSearchAdsAccount(account: ConnectedAccount): Promise<void> {
  const store = new SandboxStore('searchads', account.account_id);
  const ids = idSource(`searchads:${account.account_id}`);
  const campaigns: SearchAdsCampaign[] = [
    { id: ids.digits(11), name: 'Brand - Exact', type: 'SEARCH', status: 'ENABLED', budget_amount: 50, start_date: '2026-01-05', performance: 'strong' },
    { id: ids.digits(11), name: 'Generic - Hiking Boots', type: 'SEARCH', status: 'ENABLED', budget_amount: 120, start_date: '2026-02-10', performance: 'average' },
    { id: ids.digits(11), name: 'Competitor Terms', type: 'SEARCH', status: 'ENABLED', budget_amount: 80, start_date: '2026-03-01', performance: 'wasteful' },
    { id: ids.digits(11), name: 'Performance Max - All Products', type: 'PERFORMANCE_MAX', status: 'ENABLED', budget_amount: 200, start_date: '2026-04-15', performance: 'average' },
    { id: ids.digits(11), name: 'Display - Remarketing', type: 'DISPLAY', status: 'PAUSED', budget_amount: 40, start_date: '2026-05-20', performance: 'poor' },
  ];
  await store.putMany(KIND.campaign, campaigns);
}
