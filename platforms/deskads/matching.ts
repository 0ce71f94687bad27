import type { DeskAdsNegativeKeyword } from './port';

/**
 * How the platform applies a negative keyword to a search: an exact negative blocks the search with
 * exactly its words; a phrase negative blocks every search containing its words in that order.
 * Shared by the sandbox (which blocks the searches) and the tools (which say what is blocked now).
 */
export function negativeBlocks(negative: Pick<DeskAdsNegativeKeyword, 'text' | 'match_type'>, search: string): boolean {
  const words = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean);
  const n = words(negative.text);
  const q = words(search);
  if (negative.match_type === 'Exact') return n.join(' ') === q.join(' ');
  for (let i = 0; i + n.length <= q.length; i++) if (n.every((w, j) => q[i + j] === w)) return true;
  return false;
}
