/** Small Markdown builders shared by every tool's data.text. */

type Cell = string | number | boolean | null | undefined;

function cellText(value: Cell): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = String(value);
  // Most cells (numbers, names, dates) hold neither: no pass of the two replacements over them.
  return text.includes('|') || text.includes('\n') ? text.replace(/\|/g, '\\|').replace(/\n/g, ' ') : text;
}

/** A Markdown table; numbers are right-aligned. */
export function markdownTable(headers: string[], rows: Cell[][]): string {
  const numeric = headers.map(
    (_, i) => rows.length > 0 && rows.every((row) => typeof row[i] === 'number' || row[i] === null || row[i] === undefined),
  );
  return [
    `| ${headers.join(' | ')} |`,
    `| ${numeric.map((n) => (n ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cellText).join(' | ')} |`),
  ].join('\n');
}

/**
 * One formatter for every amount: `toLocaleString` with options builds a new one per call (3% of a report's CPU).
 * Made at its first use, not when the module loads: the first Intl formatter of a process starts ICU (about 8 ms
 * of CPU), which a function's import and a first call that formats no amount (get_usage_status) need not pay.
 */
let moneyFormat: Intl.NumberFormat | undefined;

export function money(amount: number | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '-';
  const symbol = currency === 'USD' ? '$' : '';
  moneyFormat ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${symbol}${moneyFormat.format(amount)}${symbol ? '' : ` ${currency}`}`;
}

export function percent(ratio: number | null | undefined, digits = 2): string {
  if (ratio === null || ratio === undefined || Number.isNaN(ratio)) return '-';
  return `${(ratio * 100).toFixed(digits)}%`;
}

export function count(n: number | null | undefined): string {
  if (n === null || n === undefined) return '-';
  return n.toLocaleString('en-US');
}
