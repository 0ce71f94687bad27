/**
 * Quota and idempotency integrity of a write (issue 32's follow-up), against DynamoDB Local:
 * - a claim taken over as abandoned is no longer the abandoned request's: that request's late
 *   completion cannot overwrite the `outcome_unknown` stored meanwhile, and its 200 still counts once;
 * - a replay that settles a write recorded `unknown` reaches the settle path at the monthly limit: the
 *   write held its unit since it was sent, so an applied one bills nothing more and one that did not take
 *   effect runs now on that unit; `used` never passes the limit.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { Context } from 'aws-lambda';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/runtime/config';
import { createToolHandler } from '../../functions/runtime/handler';
import { idempotencyRecordId } from '../../functions/runtime/stores/idempotency';
import { documentClient } from '../../functions/runtime/stores/dynamo';
import { listAuditEntries } from '../../functions/runtime/stores/audit';
import { readUsage } from '../../functions/runtime/stores/usage';
import { settled } from '../../functions/runtime/settle';
import { defineGatewayTool } from '../../core/tool';
import { toApiGatewayEvent } from '../../functions/local/router';
import { SandboxStore } from '../../platforms/sandbox/store';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';
import { campaignsByName } from '../platforms/searchads/helpers';

useTestTables();
jest.setTimeout(120_000);

// ---- injected faults on the shared client
/** While set: every completion storing a 200 under an Idempotency-Key fails as if the store were down. */
let failCompletionsOf200 = false;
/** The next sandbox write of a campaign loses its answer (applied) or fails (not applied). */
let campaignFault: 'lose' | 'fail' | undefined;
beforeAll(() => {
  documentClient().middlewareStack.add(
    ((next: (a: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: { input: Record<string, any> }) => {
      const input = args.input;
      const completion200 =
        context.commandName === 'UpdateItemCommand' &&
        String(input.TableName).endsWith('idempotency') &&
        input.ExpressionAttributeValues?.[':response']?.statusCode === 200;
      if (failCompletionsOf200 && completion200) throw Object.assign(new Error('injected: connection refused'), { name: 'ECONNREFUSED' });
      const items = (input.TransactItems as Record<string, any>[] | undefined)?.map((item) => item.Update ?? item.Put) ?? [input];
      const campaignWrite =
        /^(Put|Update|TransactWrite)/.test(context.commandName ?? '') &&
        items.some((item) => String(item?.TableName).endsWith('sandbox') && String(item?.Key?.sk ?? '').startsWith('campaign#'));
      // A planned write's one commit (its change with its audit record, functions/runtime/planned-writes.ts)
      // learns its outcome however its answer gets lost: these writes go the way that writes as it goes,
      // which a commit refused as too large takes (then the fault hits the change on its own).
      if (campaignFault && campaignWrite && items.some((item) => String(item?.TableName).endsWith('audit')))
        throw Object.assign(new Error('injected: transaction too large'), { name: 'ValidationException' });
      if (campaignFault && campaignWrite) {
        const kind = campaignFault;
        campaignFault = undefined;
        if (kind === 'lose') {
          await next(args);
          throw Object.assign(new Error('injected: answer lost'), { name: 'TimeoutError' });
        }
        throw Object.assign(new Error('injected: connection refused'), { name: 'ECONNREFUSED' });
      }
      return next(args);
    }) as never,
    { step: 'initialize', priority: 'low', name: 'writeIntegrityFaults' },
  );
});
afterEach(() => {
  failCompletionsOf200 = false;
  campaignFault = undefined;
});

// ---- a plain write tool called through the handler with a short function time
const store = new SandboxStore('searchads', `integrity-${randomUUID()}`);
const handler = createToolHandler(
  [
    defineGatewayTool({
      category: 'helper',
      name: 'integrity_create',
      description: 'Creates one entity labelled with its argument.',
      access: 'write',
      args: { label: v.string() },
      async plan(args) {
        return {
          summary: 'create',
          changes: [{ action: 'create' as const, entity: 'integrity_entity', name: args.label, fields: {} }],
          data: {},
        };
      },
      async apply(_plan, args) {
        await store.create('integrity_entity', { id: randomUUID(), label: args.label });
        return { text: 'created' };
      },
    }),
  ],
  [],
);

/** The first request's function time: long enough for its tool on a busy machine, short enough to wait out. */
const FUNCTION_MS = 8000;

async function send(apiKey: string, key: string, functionMs: number) {
  const event = toApiGatewayEvent({
    method: 'POST',
    url: '/api/v1/tools/integrity_create/execute',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}`, 'Idempotency-Key': key },
    body: JSON.stringify({ arguments: { label: key } }),
  });
  const end = Date.now() + functionMs;
  const context = {
    awsRequestId: event.requestContext.requestId,
    getRemainingTimeInMillis: () => Math.max(0, end - Date.now()),
  } as Context;
  const result = await handler(event, context);
  return { status: result.statusCode, body: JSON.parse(result.body) as { structured_content?: { code?: string } } };
}

describe('A claim taken over as abandoned', () => {
  it("stays the taker's: the abandoned request's late completion cannot overwrite the stored outcome_unknown, and its 200 counts once", async () => {
    const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: 10 });
    const key = randomUUID();
    // The first request runs the write and answers 200, but storing its answer fails (the store is
    // down for it): its completion is retried in the background, past its function's end.
    failCompletionsOf200 = true;
    const started = Date.now();
    const first = await send(apiKey, key, FUNCTION_MS);
    expect(first.status).toBe(200);
    // After its function's end the claim is abandoned: a retry takes it over, gives the reservation
    // back and stores outcome_unknown (the write may have run).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + FUNCTION_MS + 1500 - Date.now())));
    const retry = await send(apiKey, key, 29_000);
    expect([retry.status, retry.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
    // Now the first request's completion gets through.
    failCompletionsOf200 = false;
    await settled();
    const record = await documentClient().send(
      new GetCommand({
        TableName: tableName('idempotency'),
        Key: { id: idempotencyRecordId(owner.owner_id, 'integrity_create', key) },
        ConsistentRead: true,
      }),
    );
    expect(record.Item).toMatchObject({ status: 'COMPLETED', response: { statusCode: 500 } });
    expect((await send(apiKey, key, 29_000)).body.structured_content?.code).toBe('outcome_unknown');
    // One 200 was answered: one unit is used (given back by the takeover, charged again by the late completion).
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(1);
    expect((await store.list<{ id: string; label: string }>('integrity_entity')).filter((e) => e.label === key)).toHaveLength(1);
  });
});

describe('A replay that settles a write recorded unknown, at the monthly limit', () => {
  const update = (apiKey: string, args: Record<string, unknown>, key: string) =>
    callTool(apiKey, 'update_campaign', args, { headers: { 'Idempotency-Key': key } });
  /** Uses up the owner's allowance with billable reads. */
  const fillTheLimit = async (apiKey: string, ownerId: string, limit: number) => {
    while ((await readUsage(ownerId, new Date())).used < limit) expect((await callTool(apiKey, 'list_campaigns', {})).status).toBe(200);
    expect((await callTool(apiKey, 'list_campaigns', {})).status).toBe(402);
  };

  it('settles a write that took effect as applied on the unit it held, although the limit is reached: used stays at the limit', async () => {
    const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: 4, accounts: { searchads: 1 } });
    const campaign = (await campaignsByName(apiKey))['Brand - Exact']!;
    const budget = (campaign.budget_amount as number) + 5;
    const key = randomUUID();
    campaignFault = 'lose';
    const first = await update(apiKey, { campaign_id: campaign.id, budget_amount: budget }, key);
    expect([first.status, first.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
    await fillTheLimit(apiKey, owner.owner_id, 4);

    const replay = await update(apiKey, { campaign_id: campaign.id, budget_amount: budget }, key);
    expect([replay.status, replay.body.error]).toEqual([200, undefined]);
    expect(replay.body.data!.structured).toMatchObject({ campaign_id: campaign.id, changed: false });
    const [entry] = await listAuditEntries(owner.owner_id, { limit: 10, filter: (e) => e.tool === 'update_campaign' });
    expect(entry).toMatchObject({ outcome: 'applied' });
    await settled();
    // The write happened: its held unit is its one call; nothing passes the limit.
    expect((await readUsage(owner.owner_id, new Date())).calls.update_campaign).toBe(1);
    expect((await readUsage(owner.owner_id, new Date())).used).toBe(4);
    const again = await update(apiKey, { campaign_id: campaign.id, budget_amount: budget }, key);
    expect([again.status, again.headers['Idempotent-Replayed']]).toEqual([200, 'true']);
    await settled();
    expect((await readUsage(owner.owner_id, new Date())).calls.update_campaign).toBe(1);
  });

  it('a write that did not take effect runs now on the unit it held, at the limit: 200, once, used stays at the limit', async () => {
    const { apiKey, owner } = await createTestOwner({ tier: 'free', limitOverride: 4, accounts: { searchads: 1 } });
    const campaign = (await campaignsByName(apiKey))['Brand - Exact']!;
    const start = campaign.budget_amount as number;
    const key = randomUUID();
    campaignFault = 'fail';
    const first = await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 9 }, key);
    expect([first.status, first.body.structured_content?.code]).toEqual([500, 'outcome_unknown']);
    await fillTheLimit(apiKey, owner.owner_id, 4);

    const ran = await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 9 }, key);
    expect([ran.status, ran.body.error]).toEqual([200, undefined]);
    expect(ran.body.data!.structured).toMatchObject({ changed: true });
    const outcomes = (await listAuditEntries(owner.owner_id, { limit: 10, filter: (e) => e.tool === 'update_campaign' })).map(
      (e) => e.outcome,
    );
    expect(outcomes.sort()).toEqual(['applied', 'not_applied']);
    await settled();
    const usage = await readUsage(owner.owner_id, new Date());
    expect([usage.used, usage.calls.update_campaign]).toEqual([4, 1]);
    const again = await update(apiKey, { campaign_id: campaign.id, budget_amount: start + 9 }, key);
    expect([again.status, again.headers['Idempotent-Replayed']]).toEqual([200, 'true']);
  });
});
