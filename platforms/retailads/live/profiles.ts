/** The advertising profiles of the retail marketplace's Ads API (`GET /v2/profiles`, no profile scope). */
import type { ConnectedAccount } from '../../../core/accounts';
import type { RetailAdsProfile } from '../port';
import type { RetailAdsWire } from './wire';

/** A profile as GET /v2/profiles lists it. */
export interface WireProfile {
  profileId: unknown;
  countryCode?: string;
  currencyCode?: string;
  dailyBudget?: number;
  timezone?: string;
  accountInfo?: { marketplaceStringId?: string; id?: string; type?: string; name?: string; validPaymentMethod?: boolean };
}

/** The profiles the refresh token's user can manage (no profile scope). */
export async function listWireProfiles(api: RetailAdsWire): Promise<WireProfile[]> {
  const { body } = await api.send<WireProfile[]>({ method: 'GET', path: '/v2/profiles', scoped: false, safe: true });
  return Array.isArray(body) ? body : [];
}

export function profileOf(w: WireProfile): RetailAdsProfile {
  const id = String(w.profileId);
  return {
    id,
    profile_id: id,
    country_code: w.countryCode ?? '',
    currency_code: w.currencyCode ?? '',
    marketplace_string_id: w.accountInfo?.marketplaceStringId ?? '',
    timezone: w.timezone ?? '',
    daily_budget: w.dailyBudget ?? 0,
    account_info: {
      id: w.accountInfo?.id ?? '',
      type: w.accountInfo?.type === 'vendor' ? 'vendor' : 'seller',
      name: w.accountInfo?.name ?? id,
      valid_payment_method: w.accountInfo?.validPaymentMethod ?? false,
    },
  };
}

/** The port's profile list: the connected profile, as the platform lists it (none when the user lost it). */
export class ProfilesLive {
  constructor(
    private readonly api: RetailAdsWire,
    private readonly account: ConnectedAccount,
  ) {}

  async listProfiles(): Promise<RetailAdsProfile[]> {
    const profiles = await listWireProfiles(this.api);
    return profiles.filter((p) => String(p.profileId) === this.account.account_id).map(profileOf);
  }
}
