import type { KeywordMatchType } from './port';

/** Whether a negative keyword blocks a query (broad: all its words; phrase: the words in order; exact: the query itself). */
export function negativeBlocks(negative: { text: string; match_type: KeywordMatchType }, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/);
  const neg = negative.text.toLowerCase().trim().split(/\s+/);
  if (negative.match_type === 'EXACT') return words.join(' ') === neg.join(' ');
  if (negative.match_type === 'BROAD') return neg.every((w) => words.includes(w));
  for (let i = 0; i + neg.length <= words.length; i++) if (neg.every((w, j) => words[i + j] === w)) return true;
  return false;
}
