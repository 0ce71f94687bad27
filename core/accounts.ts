import type { PlatformWord } from './platforms';

/**
 * Owners and their connected accounts, as every layer sees them (the stores keep them in DynamoDB,
 * functions/runtime/stores/owners.ts).
 */

/** The subscription tiers (CONTRACT.md section 2). */
export type Tier = 'free' | 'plus' | 'pro' | 'max';
export const TIERS: readonly Tier[] = ['free', 'plus', 'pro', 'max'];

export interface Owner {
  owner_id: string;
  tier: Tier;
  name?: string;
  /** Replaces the tier's monthly allowance for this owner. */
  limit_override?: number;
  created_at: string;
}

export interface ConnectedAccount {
  owner_id: string;
  platform: PlatformWord;
  account_id: string;
  name: string;
  /** sandbox = the simulated platform; live = the real platform with the owner's OAuth tokens. */
  mode: 'sandbox' | 'live';
  currency: string;
  time_zone: string;
  connected_at: string;
  /** Live accounts: non-secret facts the live adapter needs (such as the manager account it is reached through). */
  upstream?: Record<string, string>;
  /** Live accounts: the last known health of the connection (a refused credential marks it broken). */
  health?: ConnectionHealth;
  /** The account a platform tool uses when several are connected and none is named (switch_primary_account). */
  primary?: boolean;
}

export interface ConnectionHealth {
  healthy: boolean;
  /** What is wrong (or `ok`), in words an owner understands. */
  detail: string;
  /** How to fix it, when broken. */
  fix?: string;
  /** When the connection's authorization lapses (a refresh token with a fixed lifetime), ISO 8601. */
  expires_at?: string;
  /** Said before it lapses: what to do in time. */
  warning?: string;
  checked_at: string;
}

export interface UsageSnapshot {
  period: string;
  used: number;
  /** Calls per tool this period, only tools with at least one call. */
  calls: Record<string, number>;
}
