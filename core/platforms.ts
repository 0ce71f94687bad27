/**
 * The seven platforms and how each names an account in tool arguments (specification, "Account
 * selection parameters"). Account selection is driven by this table, never by individual tools.
 */
export const PLATFORM_WORDS = ['searchads', 'socialads', 'proads', 'shortvideo', 'retailads', 'chatads', 'deskads'] as const;
export type PlatformWord = (typeof PLATFORM_WORDS)[number];

export interface PlatformAccountParameter {
  /** The argument that names the account. */
  parameter: string;
  /** Other argument names accepted for the same value. */
  aliases: string[];
  /** Shown in descriptions and prompts. */
  description: string;
}

export const ACCOUNT_PARAMETERS: Record<PlatformWord, PlatformAccountParameter> = {
  searchads: {
    parameter: 'customer_id',
    aliases: [],
    description: 'Customer id (10 digits, no dashes); required only with several searchads accounts connected',
  },
  socialads: {
    parameter: 'ad_account_id',
    aliases: [],
    description: 'Ad account id (act_...); required only with several socialads accounts connected',
  },
  proads: { parameter: 'ad_account_id', aliases: [], description: 'Ad account id; required only with several proads accounts connected' },
  shortvideo: {
    parameter: 'advertiser_id',
    aliases: [],
    description: 'Advertiser id; required only with several shortvideo accounts connected',
  },
  deskads: {
    parameter: 'account_id',
    aliases: ['customer_id'],
    description:
      'Numeric AccountId from list_deskads_accounts (not the 8-character account number); customer_id is an alias; required only with several deskads accounts connected',
  },
  retailads: {
    parameter: 'profile_id',
    aliases: [],
    description: 'Advertiser profile id from list_retailads_profiles; omit to use your selected account',
  },
  // The specification shows no account parameter on chatads tools; ad_account_id is accepted so
  // owners with several chatads accounts can still choose one.
  chatads: { parameter: 'ad_account_id', aliases: [], description: 'Ad account id; required only with several chatads accounts connected' },
};

export function isPlatformWord(value: string): value is PlatformWord {
  return (PLATFORM_WORDS as readonly string[]).includes(value);
}
