import type { ChatAdsAdAccount, ChatAdsGeoLocation, ChatAdsPort } from '../port';
import type { ChatAdsSession } from './session';
import type { WireAdAccount, WireGeoSearch } from './wire';

/** The ad account itself (GET /ad_account) and the places its ads can target (/geo_lookup/search). */
export class AccountLive implements Pick<ChatAdsPort, 'getAdAccount' | 'geoLookup'> {
  constructor(private readonly session: ChatAdsSession) {}

  async getAdAccount(): Promise<ChatAdsAdAccount> {
    const a = await this.session.send<WireAdAccount>({ method: 'GET', path: '/ad_account' });
    return { id: a.id, name: a.name, currency: a.currency_code, timezone: a.timezone };
  }

  async geoLookup(query: string, limit: number): Promise<ChatAdsGeoLocation[]> {
    const found = await this.session.send<WireGeoSearch>({
      method: 'GET',
      path: '/geo_lookup/search',
      query: { q: query, limit: String(limit) },
    });
    return found.results.map((l) => ({
      id: l.id,
      name: l.name,
      type: l.type,
      country_code: l.country_code,
      // "San Francisco - Oakland - San Jose, United States": what follows the name places it.
      ...(l.canonical_name.startsWith(`${l.name}, `) ? { parent: l.canonical_name.slice(l.name.length + 2) } : {}),
    }));
  }
}
