import { ToolError } from './errors';

/**
 * How a negative keyword blocks a search, the same on every platform (searchads, deskads,
 * retailads), as the real platforms apply negatives:
 *
 * - exact: the search is exactly the negative's words, in order, nothing more;
 * - phrase: the search contains the negative's words in that order, next to each other;
 * - broad: the search contains every word of the negative, in any order.
 *
 * Close variants (plurals, misspellings, synonyms) never apply to negatives on the real platforms,
 * so they do not apply here: "boot" does not block "boots". Words are compared lowercased, split on
 * whitespace.
 *
 * A negative blocks a keyword when it blocks the keyword's own text as a search: the keyword then
 * stops showing for the very search it was bought for. The sandboxes block searches with
 * `negativeBlocks`, the tools check added and proposed negatives with `blockedKeywords`.
 */

export type NegativeMatch = 'exact' | 'phrase' | 'broad';

/** A platform's match type word as one of the three: EXACT, Exact, negativeExact, NEGATIVE_EXACT → exact. */
export function negativeMatchOf(matchType: string): NegativeMatch {
  const m = matchType.toLowerCase().replace(/^negative_?/, '');
  if (m === 'exact' || m === 'phrase' || m === 'broad') return m;
  throw new Error(`Unknown negative match type "${matchType}"`);
}

const words = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean);

/** Whether the negative keyword blocks this search. */
export function negativeBlocks(negative: { text: string; match_type: string }, search: string): boolean {
  const n = words(negative.text);
  const q = words(search);
  if (n.length === 0) return false;
  const match = negativeMatchOf(negative.match_type);
  if (match === 'exact') return n.join(' ') === q.join(' ');
  if (match === 'broad') return n.every((w) => q.includes(w));
  for (let i = 0; i + n.length <= q.length; i++) if (n.every((w, j) => q[i + j] === w)) return true;
  return false;
}

/** One live keyword a negative would block. */
export interface BlockedKeyword {
  negative: string;
  negative_match_type: string;
  keyword: string;
  keyword_match_type: string;
  /** The keyword's id (none for a keyword the same call creates). */
  keyword_id?: string;
  ad_group_id?: string;
}

/**
 * The live keywords the negatives would block. The caller passes only the keywords in the
 * negatives' reach (a campaign negative: the campaign's active keywords; an ad group negative: that
 * ad group's).
 */
export function blockedKeywords(
  negatives: readonly { text: string; match_type: string }[],
  keywords: readonly { id?: string; text: string; match_type: string; ad_group_id?: string }[],
): BlockedKeyword[] {
  return negatives.flatMap((n) =>
    keywords
      .filter((k) => negativeBlocks(n, k.text))
      .map((k) => ({
        negative: n.text,
        negative_match_type: n.match_type,
        keyword: k.text,
        keyword_match_type: k.match_type,
        ...(k.id ? { keyword_id: k.id } : {}),
        ...(k.ad_group_id ? { ad_group_id: k.ad_group_id } : {}),
      })),
  );
}

/** The argument that lets a caller add negatives that block live keywords on purpose. */
export const ALLOW_BLOCKING_KEYWORDS = 'allow_blocking_keywords';
export const ALLOW_BLOCKING_DESCRIPTION =
  'Add the negatives even when they block active keywords of the same campaign or ad group (default false: such a call is refused with negative_blocks_keyword, naming the keywords)';

/**
 * Refuses negatives that would block live keywords (400 negative_blocks_keyword, `blocked` lists
 * each pair), unless the caller allowed it. `where` names the campaign or ad group in words.
 */
export function refuseBlockingNegatives(blocked: readonly BlockedKeyword[], where: string, allowed: boolean | undefined): void {
  if (!blocked.length || allowed) return;
  const pairs = blocked
    .slice(0, 10)
    .map((b) => `"${b.negative}" (${b.negative_match_type}) blocks keyword "${b.keyword}" (${b.keyword_match_type})`);
  const more = blocked.length > 10 ? ` and ${blocked.length - 10} more` : '';
  throw new ToolError(
    `Nothing was added: the negative keywords would block ${blocked.length} active keyword(s) of ${where}: ${pairs.join('; ')}${more}. ` +
      `Drop those negatives (or pause the keywords first), or send the call again with ${ALLOW_BLOCKING_KEYWORDS}: true to add them anyway.`,
    { code: 'negative_blocks_keyword', blocked: blocked.slice(0, 100) },
  );
}
