import { callTool, createTestOwner, useTestTables } from '../support/gateway';
import { campaignsByName } from '../platforms/searchads/helpers';

useTestTables();

interface Entry {
  change_id: string;
  outcome: string;
  arguments: Record<string, unknown>;
  before_from?: string;
  changes: { id?: string; fields: Record<string, { before?: unknown; after: unknown }> }[];
  budgets?: { before?: number; after: number }[];
  undo?: { arguments: Record<string, unknown> };
}

/**
 * The records of the campaign's updates once every write has finished: under load some requests are
 * still running past their answer (the tool deadline), and a busy store may answer 503 for a moment.
 */
async function settledRecords(apiKey: string, campaignId: string): Promise<Entry[]> {
  let previous = -1;
  for (let attempt = 0; attempt < 30; attempt++) {
    const history = await callTool(apiKey, 'list_change_history', {
      tool: 'update_campaign',
      outcome: 'applied',
      entity: campaignId,
      limit: 200,
    });
    if (history.status === 200) {
      const entries = history.body.data!.structured!.entries as Entry[];
      if (entries.length === previous) return entries;
      previous = entries.length;
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  throw new Error('the audit trail did not settle');
}

describe('Audit before values under concurrency (DynamoDB Local)', () => {
  // Issue 32: 50 parallel budget updates of one campaign left 22 of 23 records with a before value
  // other than the one the write replaced, so revert_change restored the wrong value.
  it('50 parallel budget updates of one campaign: each record’s before is the value its write replaced (one chain in revision order)', async () => {
    // Prepare
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const campaign = (await campaignsByName(apiKey))['Brand - Exact']!;
    const start = campaign.budget_amount as number;
    // Act: 50 different budgets at once.
    const budgets = Array.from({ length: 50 }, (_, i) => 1000 + i);
    const results = await Promise.all(
      budgets.map((amount) => callTool(apiKey, 'update_campaign', { campaign_id: campaign.id, budget_amount: amount })),
    );
    // Assess: the applied records, followed from the starting budget, form one chain ending at the final budget.
    const applied = results.filter((r) => r.status === 200).length;
    const records = await settledRecords(apiKey, campaign.id);
    const entries = records.filter((e) => e.outcome === 'applied');
    expect(entries.length).toBeGreaterThanOrEqual(Math.max(2, applied));
    // Every write that happened or may have (a lost answer is recorded unknown) set one of these values.
    const written = new Set(
      records.filter((e) => e.outcome === 'applied' || e.outcome === 'unknown').map((e) => e.arguments.budget_amount),
    );
    const befores = new Set<unknown>();
    for (const entry of entries) {
      const field = entry.changes[0]!.fields.budget_amount!;
      // The value it replaced: the starting budget or one a write set, and no two writes replaced the same one.
      expect(field.before === start || written.has(field.before)).toBe(true);
      expect(befores.has(field.before)).toBe(false);
      befores.add(field.before);
      // The budget guardrail figures and the undo call say the same.
      expect(entry.budgets?.[0]).toMatchObject({ before: field.before, after: field.after });
      expect(entry.undo?.arguments.budget_amount).toBe(field.before);
      expect(entry.before_from).toBeUndefined();
    }
    // Followed from the starting budget, the applied records form one chain in revision order.
    const byBefore = new Map(entries.map((e) => [e.changes[0]!.fields.budget_amount!.before, e]));
    let value: unknown = start;
    let followed = 0;
    while (byBefore.has(value)) {
      value = byBefore.get(value)!.changes[0]!.fields.budget_amount!.after;
      followed++;
    }
    const unknown = records.filter((e) => e.outcome === 'unknown').length;
    expect(followed === entries.length || unknown > 0).toBe(true);
    expect(written.has((await campaignsByName(apiKey))['Brand - Exact']!.budget_amount)).toBe(true);
  }, 300_000);
});
