import type { MetricTotals } from '../../../core/metrics';
import { totals } from '../../../core/metrics';
import type { SearchAdsKeyword, SearchAdsNegativeKeyword, SearchAdsPort, SearchAdsReportRow } from '../port';
import { negativeBlocks } from '../../../core/negatives';

/** One search term as people typed it, with the keyword that matched it and its figures over the range. */
export interface SearchTermLine {
  search_term: string;
  keyword_id: string;
  keyword: string;
  match_type: string;
  campaign_id: string;
  ad_group_id: string;
  /** ADDED: also a keyword of the ad group; EXCLUDED: a negative blocks it now; NONE otherwise. */
  status: 'ADDED' | 'EXCLUDED' | 'NONE';
  metrics: MetricTotals;
}

/**
 * Whether a negative on the search term (EXACT, at campaign level, as the analyses propose) would
 * block an enabled keyword of its campaign: such a term is never proposed as a negative.
 */
export function negativeWouldBlockKeyword(
  line: Pick<SearchTermLine, 'search_term' | 'campaign_id'>,
  keywords: SearchAdsKeyword[],
): boolean {
  return keywords.some(
    (k) =>
      k.campaign_id === line.campaign_id &&
      k.status === 'ENABLED' &&
      negativeBlocks({ text: line.search_term, match_type: 'EXACT' }, k.text),
  );
}

/** Search term report rows added up per term and keyword, with each term's status today. */
export async function searchTermLines(
  port: SearchAdsPort,
  start: string,
  end: string,
  scope: { campaign_id?: string; ad_group_id?: string },
): Promise<SearchTermLine[]> {
  const [rows, keywords, own, lists] = await Promise.all([
    port.getReport('search_term', start, end),
    port.listKeywords(scope.campaign_id),
    port.listNegativeKeywords(scope.campaign_id),
    port.listNegativeKeywordLists(),
  ]);
  // Shared lists block the searches of every campaign they apply to.
  const negatives = [
    ...own,
    ...lists.flatMap((l) => l.campaign_ids.flatMap((campaign_id) => l.keywords.map((k) => ({ ...k, campaign_id })))),
  ];
  const byKey = new Map<string, SearchAdsReportRow[]>();
  for (const r of rows) {
    if ((scope.campaign_id && r.campaign_id !== scope.campaign_id) || (scope.ad_group_id && r.ad_group_id !== scope.ad_group_id)) continue;
    const key = `${r.search_term}|${r.keyword_id}`;
    byKey.set(key, [...(byKey.get(key) ?? []), r]);
  }
  const keywordOf = new Map(keywords.map((k) => [k.id, k]));
  return [...byKey.values()].map((days) => {
    const first = days[0]!;
    const keyword = keywordOf.get(first.keyword_id ?? '');
    return {
      search_term: first.search_term!,
      keyword_id: first.keyword_id ?? '',
      keyword: keyword?.text ?? '',
      match_type: keyword?.match_type ?? '',
      campaign_id: first.campaign_id!,
      ad_group_id: first.ad_group_id!,
      status: termStatus(first.search_term!, first.campaign_id!, first.ad_group_id!, keywords, negatives),
      metrics: totals(days),
    };
  });
}

function termStatus(
  term: string,
  campaignId: string,
  adGroupId: string,
  keywords: SearchAdsKeyword[],
  negatives: SearchAdsNegativeKeyword[],
): SearchTermLine['status'] {
  if (negatives.some((n) => n.campaign_id === campaignId && (!n.ad_group_id || n.ad_group_id === adGroupId) && negativeBlocks(n, term)))
    return 'EXCLUDED';
  if (keywords.some((k) => k.ad_group_id === adGroupId && k.status !== 'REMOVED' && k.text.toLowerCase() === term.toLowerCase()))
    return 'ADDED';
  return 'NONE';
}
