import { withReplacedValues } from '../../functions/runtime/planned-writes';
import type { WritePlan } from '../../core/plan';

const plan: WritePlan = {
  summary: 'Update campaign',
  changes: [
    {
      action: 'update',
      entity: 'campaign',
      id: 'c1',
      fields: { budget_amount: { before: 50, after: 80 }, name: { before: 'A', after: 'B' } },
    },
  ],
  budgets: [{ entity: 'campaign', id: 'c1', before: 50, after: 80, currency: 'USD' }],
  data: {},
};

describe('Function: withReplacedValues', () => {
  it('takes each before value from the write that replaced it (the first update of the field), budgets included', () => {
    // Act: another write set the budget to 70 and the name to Z between the plan and this write.
    const applied = withReplacedValues(plan, [
      { kind: 'campaign', id: 'c1', before: { budget_amount: 70, name: 'Z' } },
      { kind: 'campaign', id: 'c1', before: { budget_amount: 80 } },
      { kind: 'budget', id: 'b9', before: { amount: 70 } },
    ]);
    // Assess
    expect(applied.exact).toBe(true);
    expect(applied.changes[0]!.fields).toEqual({ budget_amount: { before: 70, after: 80 }, name: { before: 'Z', after: 'B' } });
    expect(applied.budgets).toEqual([{ entity: 'campaign', id: 'c1', before: 70, after: 80, currency: 'USD' }]);
    expect(plan.changes[0]!.fields.budget_amount!.before).toBe(50);
  });

  it('keeps the planned values and says so when the platform reported nothing (live adapters)', () => {
    const applied = withReplacedValues(plan, []);
    expect(applied.exact).toBe(false);
    expect(applied.changes).toEqual(plan.changes);
  });
});
