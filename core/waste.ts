/**
 * Wasted spend, stated the same way by every analyze_*_wasted_spend tool (issue 31): a tool builds
 * the rule it applies (a WasteRule), filters its rows with `meetsWasteRule` and states what it
 * found with `wasteSentence`, so the threshold a sentence names is by construction the one its rows
 * were filtered with, and the total it states is the sum of the rows it lists, to the cent.
 *
 * The rules, with the waste of a row that meets them (core/advice.ts: waste is the spend beyond
 * what the results are worth, not only zero-result spend):
 * - no_results: spend of at least min_spend with no result at all; the waste is all the spend.
 * - cost_above: spend of at least min_spend at a cost per result over `multiple` × the baseline cost
 *   (the account's cost per result, or a target); the waste is spend − results × baseline.
 * - roas_below: spend of at least min_spend at a ROAS under the target; the waste is
 *   spend − revenue ÷ target.
 */
import { count } from './markdown';

export type WasteRule =
  | {
      kind: 'no_results';
      min_spend: number;
      /** The result in words, plural: conversions, sales, purchases, leads. */
      results: string;
    }
  | {
      kind: 'cost_above';
      min_spend: number;
      /** The cost per result is over multiple × baseline (1: over the baseline itself). */
      multiple: number;
      baseline: number;
      /** What the baseline is, in words: "the account's", "the target". */
      baseline_label: string;
      /** The result in words, singular: conversion, purchase, result. */
      result: string;
    }
  | {
      kind: 'roas_below';
      min_spend: number;
      target: number;
      /** What the target is, in words: "the target", "half the target". */
      target_label: string;
    };

/** The figures of one row a rule judges. */
export interface WastePerformance {
  spend: number;
  conversions: number;
  revenue?: number;
}

const cents = (n: number) => Math.round(n * 100);
/** Sums amounts to the cent. */
export const sumToCent = (amounts: readonly number[]) => amounts.reduce((s, n) => s + cents(n), 0) / 100;

/** Whether the row meets the rule. */
export function meetsWasteRule(rule: WasteRule, row: WastePerformance): boolean {
  if (row.spend <= 0 || row.spend < rule.min_spend) return false;
  if (rule.kind === 'no_results') return row.conversions === 0;
  if (rule.kind === 'cost_above') return row.conversions > 0 && row.spend / row.conversions > rule.multiple * rule.baseline;
  return (row.revenue ?? 0) / row.spend < rule.target;
}

/** The first of the rules the row meets (a row is listed under one rule only), or undefined. */
export const firstWasteRule = (rules: readonly WasteRule[], row: WastePerformance): WasteRule | undefined =>
  rules.find((rule) => meetsWasteRule(rule, row));

/** The spend of a row that meets the rule beyond what its results are worth (see above), to the cent. */
export function wasteOf(rule: WasteRule, row: WastePerformance): number {
  const beyond =
    rule.kind === 'no_results'
      ? row.spend
      : rule.kind === 'cost_above'
        ? row.spend - row.conversions * rule.baseline
        : row.spend - (row.revenue ?? 0) / rule.target;
  return Math.max(0, Math.min(row.spend, cents(beyond) / 100));
}

/**
 * The rule in words, after "N campaigns": "spent at least $50.00 each with no conversions" (without
 * "each" after one row: `each` false).
 */
export function wasteRuleText(rule: WasteRule, money: (n: number) => string, each = true): string {
  const spent = `spent at least ${money(rule.min_spend)}${each ? ' each' : ''}`;
  if (rule.kind === 'no_results') return `${spent} with no ${rule.results}`;
  if (rule.kind === 'cost_above')
    return `${spent} at a cost per ${rule.result} over ${rule.multiple === 1 ? '' : `${rule.multiple}× `}${rule.baseline_label} ${money(rule.baseline)}`;
  return `${spent} at a ROAS under ${rule.target_label} ${rule.target}`;
}

/** What a sentence calls its rows: "1 campaign", "3 campaigns", "1 search not yet added or excluded". */
export interface WasteNoun {
  one: string;
  many: string;
}

export interface WasteFinding {
  /** How many rows, their spend and their waste (both summed to the cent). */
  count: number;
  spend: number;
  wasted: number;
  /** "3 search terms spent at least $20.00 each with no sales, $412.50 in all." */
  text: string;
}

/**
 * The sentence that states what a rule found: how many rows (named by `noun`, singular for one), the rule, the
 * spend of those rows in all and, when it differs, the part of it that is waste. `rows` are exactly the
 * rows the tool lists under that rule.
 */
export function wasteSentence(
  rule: WasteRule,
  noun: WasteNoun,
  rows: readonly WastePerformance[],
  money: (n: number) => string,
): WasteFinding {
  const spend = sumToCent(rows.map((r) => r.spend));
  const wasted = sumToCent(rows.map((r) => wasteOf(rule, r)));
  const one = rows.length === 1;
  const their = one ? 'its' : 'their';
  const worth =
    rule.kind === 'cost_above'
      ? `${their} results are worth at ${rule.baseline_label} ${money(rule.baseline)}`
      : `${their} revenue is worth at a ROAS of ${rule.kind === 'roas_below' ? rule.target : 1}`;
  const beyond = cents(wasted) !== cents(spend) ? `, ${money(wasted)} of it beyond what ${worth}` : '';
  return {
    count: rows.length,
    spend,
    wasted,
    text: `${rows.length} ${one ? noun.one : noun.many} ${wasteRuleText(rule, money, !one)}, ${money(spend)} in all${beyond}.`,
  };
}

/**
 * One sentence per rule, in the order of `rules`, each stating its rule with exactly the rows listed
 * under it (`judged`: each listed row's figures and the rule it is listed under); the first rule's
 * sentence is stated even with no row.
 */
export function wasteSentences(
  rules: readonly WasteRule[],
  noun: WasteNoun,
  judged: readonly { rule: WasteRule; figures: WastePerformance }[],
  money: (n: number) => string,
): WasteFinding[] {
  return rules.flatMap((rule, i) => {
    const under = judged.filter((j) => j.rule === rule).map((j) => j.figures);
    return i === 0 || under.length ? [wasteSentence(rule, noun, under, money)] : [];
  });
}

/**
 * The line that says why the searches inside a row the analysis pauses get no negative (searchads, retailads): its
 * pause stops them, so each such search is listed with its figures and proposes nothing of its own. `above` names
 * the paused rows ("campaign", "keyword", "campaign or ad group"); none when no search is inside one.
 */
export function stoppedByPauseLines(above: string, searches: number): string[] {
  return searches
    ? [`Not proposed as negatives: the searches of a ${above} listed above (${count(searches)}), which its pause stops.`, '']
    : [];
}
