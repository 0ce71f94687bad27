/** The chatads sandbox's ad account and location lookup. */
import type { ConnectedAccount } from '../../../core/accounts';
import { GEO_LOCATIONS } from './geo';
import type { ChatAdsAdAccount, ChatAdsGeoLocation } from '../port';

export class AccountSandbox {
  constructor(private readonly account: ConnectedAccount) {}

  async getAdAccount(): Promise<ChatAdsAdAccount> {
    return { id: this.account.account_id, name: this.account.name, currency: this.account.currency, timezone: this.account.time_zone };
  }

  async geoLookup(query: string, limit: number): Promise<ChatAdsGeoLocation[]> {
    const needle = query.trim().toLowerCase();
    return GEO_LOCATIONS.filter(
      (g) => g.name.toLowerCase().includes(needle) || g.country_code.toLowerCase() === needle || g.id === needle,
    ).slice(0, limit);
  }
}
