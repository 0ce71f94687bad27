import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectedAccount } from '../../../core/accounts';
import { tableName } from '../config';
import { documentClient } from './dynamo';

/**
 * Platform reports still being prepared (asynchronous reporting: create, poll, download), kept in
 * the idempotency table for 24 hours: the same report request made again by the same account finds
 * the platform's report and collects it instead of asking for it again
 * (platforms/live/report-jobs.ts).
 */
export interface ReportJob {
  /** The platform's id of the report (or of its task). */
  report_id: string;
  /** When the gateway asked for it (ISO). */
  requested_at: string;
}

const TTL_SECONDS = 24 * 60 * 60;

function jobId(account: Pick<ConnectedAccount, 'owner_id' | 'platform' | 'account_id'>, requestKey: string): string {
  return `report#${account.owner_id}#${account.platform}#${account.account_id}#${requestKey}`;
}

export async function getReportJob(
  account: Pick<ConnectedAccount, 'owner_id' | 'platform' | 'account_id'>,
  requestKey: string,
): Promise<ReportJob | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName('idempotency'), Key: { id: jobId(account, requestKey) }, ConsistentRead: true }),
  );
  if (!Item || Number(Item.expires_at) * 1000 < Date.now()) return undefined;
  return { report_id: String(Item.report_id), requested_at: String(Item.requested_at) };
}

export async function putReportJob(
  account: Pick<ConnectedAccount, 'owner_id' | 'platform' | 'account_id'>,
  requestKey: string,
  job: ReportJob,
): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName('idempotency'),
      Item: { id: jobId(account, requestKey), ...job, expires_at: Math.floor(Date.now() / 1000) + TTL_SECONDS },
    }),
  );
}

export async function deleteReportJob(
  account: Pick<ConnectedAccount, 'owner_id' | 'platform' | 'account_id'>,
  requestKey: string,
): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: tableName('idempotency'), Key: { id: jobId(account, requestKey) } }));
}
