/** The sentence every wasted-spend analysis states its findings with (core/waste.ts): it agrees in number with its rows. */
import { money } from '../../core/markdown';
import { wasteSentence, wasteSentences, type WasteRule } from '../../core/waste';

const noSales: WasteRule = { kind: 'no_results', min_spend: 20, results: 'sales' };
const costly: WasteRule = {
  kind: 'cost_above',
  min_spend: 20,
  multiple: 2,
  baseline: 10,
  baseline_label: "the account's",
  result: 'order',
};
const terms = { one: 'search term not blocked yet', many: 'search terms not blocked yet' };
const fmt = (n: number) => money(n);

describe('wasteSentence', () => {
  it('names one row in the singular, without "each"', () => {
    expect(wasteSentence(noSales, terms, [{ spend: 25, conversions: 0 }], fmt).text).toBe(
      '1 search term not blocked yet spent at least $20.00 with no sales, $25.00 in all.',
    );
    expect(wasteSentence(costly, { one: 'campaign', many: 'campaigns' }, [{ spend: 50, conversions: 2 }], fmt).text).toBe(
      "1 campaign spent at least $20.00 at a cost per order over 2× the account's $10.00, $50.00 in all, $30.00 of it beyond what its results are worth at the account's $10.00.",
    );
  });

  it('names none and several in the plural, each', () => {
    expect(wasteSentence(noSales, terms, [], fmt).text).toBe(
      '0 search terms not blocked yet spent at least $20.00 each with no sales, $0.00 in all.',
    );
    expect(
      wasteSentence(
        costly,
        { one: 'campaign', many: 'campaigns' },
        [
          { spend: 50, conversions: 2 },
          { spend: 30, conversions: 1 },
        ],
        fmt,
      ).text,
    ).toBe(
      "2 campaigns spent at least $20.00 each at a cost per order over 2× the account's $10.00, $80.00 in all, $50.00 of it beyond what their results are worth at the account's $10.00.",
    );
  });

  it('wasteSentences counts each rule with its own rows', () => {
    const texts = wasteSentences(
      [noSales, costly],
      { one: 'ad group', many: 'ad groups' },
      [
        { rule: noSales, figures: { spend: 21, conversions: 0 } },
        { rule: noSales, figures: { spend: 22, conversions: 0 } },
        { rule: costly, figures: { spend: 40, conversions: 1 } },
      ],
      fmt,
    ).map((f) => f.text);
    expect(texts).toEqual([
      '2 ad groups spent at least $20.00 each with no sales, $43.00 in all.',
      "1 ad group spent at least $20.00 at a cost per order over 2× the account's $10.00, $40.00 in all, $30.00 of it beyond what its results are worth at the account's $10.00.",
    ]);
  });
});
