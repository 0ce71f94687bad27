import type { TableName } from '../config';

/**
 * Key schema of every table, the one description used both to create tables on DynamoDB Local
 * and by the CDK stack. All keys are strings.
 */
export interface TableSpec {
  partitionKey: string;
  sortKey?: string;
  indexes?: { name: string; partitionKey: string; sortKey?: string }[];
  /** Attribute holding an epoch-seconds expiry that DynamoDB TTL deletes. */
  ttlAttribute?: string;
  /** Holds customer data that must survive a stack deletion. */
  customerData: boolean;
}

export const TABLE_SPECS: Record<TableName, TableSpec> = {
  // pk key_hash = SHA-256 hex of the API key. The plaintext key is never stored.
  apiKeys: {
    partitionKey: 'key_hash',
    indexes: [
      { name: 'by_key_id', partitionKey: 'key_id' },
      { name: 'by_owner', partitionKey: 'owner_id', sortKey: 'key_id' },
    ],
    customerData: true,
  },
  // One item per owner (sk PROFILE) and one per connected account (sk ACCOUNT#<platform>#<id>).
  owners: { partitionKey: 'owner_id', sortKey: 'sk', customerData: true },
  // One item per owner and month (sk YYYY-MM): used, and calls per tool.
  usage: { partitionKey: 'owner_id', sortKey: 'period', customerData: true },
  // Idempotency records and multi-step checkpoints, 24 h.
  idempotency: { partitionKey: 'id', ttlAttribute: 'expires_at', customerData: false },
  // Simulated ad platforms: pk <platform>#<account id>, sk <entity kind>#<entity id>; changes under
  // pk history#<platform>#<account id>. A removed entity's changes expire by TTL (platforms/sandbox/store.ts).
  sandbox: { partitionKey: 'pk', sortKey: 'sk', ttlAttribute: 'expires_at', customerData: true },
  // Spend safety (stores/audit.ts): the audit trail (sk CHANGE#<change id>, kept for the retention
  // period) and actions held for approval (sk ACTION#<action id>, 48 hours), expired by TTL.
  audit: { partitionKey: 'owner_id', sortKey: 'sk', ttlAttribute: 'expires_at', customerData: true },
  // Monitoring (stores/monitoring.ts): monitors (sk MONITOR#<id>) and their alerts
  // (sk ALERT#<monitor id>#<day>, one per monitor and evaluation day, expired after a year by TTL).
  // Active monitors carry `due` = "MONITOR" and `next_run_at`, so the scheduler finds the due ones.
  monitoring: {
    partitionKey: 'owner_id',
    sortKey: 'sk',
    indexes: [{ name: 'by_due', partitionKey: 'due', sortKey: 'next_run_at' }],
    ttlAttribute: 'expires_at',
    customerData: true,
  },
};
