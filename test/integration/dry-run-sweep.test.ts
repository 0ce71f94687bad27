import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import type { ConnectedAccount } from '../../core/accounts';
import { REGISTRY } from '../../functions/all-tools';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';
import { workingArguments } from '../support/working-arguments';

useTestTables();

/** Every sandbox entity of the accounts, without the delivery history the sandbox adds as days pass. */
async function sandboxState(accounts: ConnectedAccount[]): Promise<string> {
  const items: Record<string, unknown>[] = [];
  for (const account of accounts) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName('sandbox'),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `${account.platform}#${account.account_id}` },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const { history: _history, ...item } of page.Items ?? []) items.push(item);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return JSON.stringify(items);
}

async function checkpoints(ownerId: string): Promise<number> {
  const found = await documentClient().send(
    new ScanCommand({
      TableName: tableName('idempotency'),
      FilterExpression: 'begins_with(id, :p)',
      ExpressionAttributeValues: { ':p': `checkpoint#${ownerId}#` },
    }),
  );
  return found.Items?.length ?? 0;
}

/**
 * Writes whose working arguments only make sense after an earlier write of the table (they remove
 * what another write adds, or reactivate what another archives): their dry run here is a 400.
 */
const SEQUENCED = [
  'reactivate_proads_campaign',
  'remove_negative_keyword_list_keywords',
  'remove_negative_keywords',
  'unlink_merchant_feed',
];

describe('dry runs, on every planned write of the registry', () => {
  it('answer the plan and change nothing: entity state and checkpoints are the same before and after', async () => {
    // Prepare: one seeded sandbox account per platform; ids read from the list tools.
    const { apiKey, owner, accounts } = await createTestOwner({
      accounts: { searchads: 1, socialads: 1, proads: 1, shortvideo: 1, retailads: 1, chatads: 1, deskads: 1 },
    });
    // A loopback URL nothing listens on: URL fields never send traffic off this machine.
    const ARGUMENTS = await workingArguments(apiKey, 'https://127.0.0.1:9/ad.mp4');
    const all = Object.values(accounts).flat();
    const planned = REGISTRY.all().filter((tool) => tool.plan);
    const before = await sandboxState(all);

    // Act and assess: each dry run answers 200 with its plan (or a 400 refusing the state: the working
    // arguments are made for writes run one after another, so a few only make sense after an earlier
    // one, such as removing a keyword another write adds); never a 5xx; nothing changes.
    const problems: string[] = [];
    const refused: string[] = [];
    let withChanges = 0;
    for (const tool of planned) {
      const args = ARGUMENTS[tool.name];
      const result = await callTool(apiKey, tool.name, { ...(args ?? {}), dry_run: true });
      if (!args) continue;
      const structured = result.body.data?.structured;
      if (result.status >= 500) problems.push(`${tool.name} ${result.status}: ${result.body.error}`);
      else if (result.status !== 200) refused.push(tool.name);
      else if (structured?.dry_run !== true) problems.push(`${tool.name}: no plan in ${JSON.stringify(structured)}`);
      else if (!result.body.data!.text.includes('Nothing was changed'))
        problems.push(`${tool.name}: the text does not say nothing changed`);
      else if (structured.changes?.length) withChanges++;
    }
    // Most plans change something (the others find their entity already in the asked state).
    console.log(`dry runs: ${planned.length} planned writes, ${withChanges} plans with changes`);
    expect(withChanges).toBeGreaterThan(planned.length * 0.75);
    // Only writes whose working arguments act on what an earlier write of the table creates or changes.
    expect(refused.sort()).toEqual(SEQUENCED);
    expect(problems).toEqual([]);
    expect(await sandboxState(all)).toEqual(before);
    expect(await checkpoints(owner.owner_id)).toBe(0);
    // Every planned platform write has working arguments here (gateway tools need held actions or changes).
    expect(planned.filter((t) => t.platform && !ARGUMENTS[t.name]).map((t) => t.name)).toEqual([]);
  }, 120_000);
});
