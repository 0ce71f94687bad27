import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { tableEnvironmentVariable, type TableName } from '../functions/runtime/config';
import { TABLE_SPECS } from '../functions/runtime/stores/tables';

export type TableAccess = 'read' | 'readWrite';

/**
 * The gateway's DynamoDB tables, built from TABLE_SPECS (the same key schema DynamoDB Local uses
 * in tests and `npm start`). On-demand, point-in-time recovery, encrypted with the AWS managed key.
 * Tables holding customer data are retained when the stack is deleted and carry deletion
 * protection; the idempotency table (24-hour records, nothing to keep) is deleted with the stack.
 * Table names are left to CloudFormation, so several stacks can live in one account; the stack
 * outputs them for the `gateway` command.
 */
export class GatewayTables extends Construct {
  readonly tables: Record<TableName, Table>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const entries = (Object.keys(TABLE_SPECS) as TableName[]).map((name) => {
      const spec = TABLE_SPECS[name];
      const table = new Table(this, pascal(name), {
        partitionKey: { name: spec.partitionKey, type: AttributeType.STRING },
        sortKey: spec.sortKey ? { name: spec.sortKey, type: AttributeType.STRING } : undefined,
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        // AWS managed key (aws/dynamodb): encryption at rest with key use visible in CloudTrail,
        // and no monthly key charge (a customer managed key would cost $1 per month per key).
        encryption: TableEncryption.AWS_MANAGED,
        timeToLiveAttribute: spec.ttlAttribute,
        deletionProtection: spec.customerData,
        removalPolicy: spec.customerData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      for (const index of spec.indexes ?? []) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
          sortKey: index.sortKey ? { name: index.sortKey, type: AttributeType.STRING } : undefined,
        });
      }
      return [name, table] as const;
    });
    this.tables = Object.fromEntries(entries) as Record<TableName, Table>;
  }

  /** TABLE_* variables the runtime reads (functions/runtime/config.ts). */
  environment(): Record<string, string> {
    return Object.fromEntries(
      (Object.keys(this.tables) as TableName[]).map((name) => [tableEnvironmentVariable(name), this.tables[name].tableName]),
    );
  }

  /** Grants each table in `access` with exactly that mode; tables not named get nothing. */
  grant(grantee: IGrantable, access: Partial<Record<TableName, TableAccess>>): void {
    for (const [name, mode] of Object.entries(access) as [TableName, TableAccess][]) {
      if (mode === 'read') this.tables[name].grantReadData(grantee);
      else this.tables[name].grantReadWriteData(grantee);
    }
  }
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
