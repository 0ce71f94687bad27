import { callToolOk } from '../../support/gateway';

type Row = Record<string, any>;

/**
 * Every row of get_retailads_search_terms, Sponsored Products and Sponsored Brands, page by page (a
 * page holds up to 1,000 rows; a profile has more).
 */
export async function allRetailSearchTerms(apiKey: string, args: Record<string, unknown> = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (const ad_product of ['SPONSORED_PRODUCTS', 'SPONSORED_BRANDS'])
    for (let offset: number | null = 0; offset !== null;) {
      const s: Row = (await callToolOk(apiKey, 'get_retailads_search_terms', { ...args, ad_product, limit: 1000, offset })).structured!;
      rows.push(...(s.rows as Row[]));
      offset = s.paging.has_more ? s.paging.next_offset : null;
    }
  return rows;
}
