import { blockedKeywords, refuseBlockingNegatives } from '../../core/negatives';
import type { RetailAdsPort } from './port';

/**
 * Refuses negatives (Sponsored Products or Sponsored Brands) that would block enabled keywords of
 * their campaign (a campaign negative) or ad group (an ad group negative), naming them, unless the
 * caller allowed it (allow_blocking_keywords). One check per campaign, with the shared matcher.
 */
export async function refuseNegativesBlockingKeywords(
  port: RetailAdsPort,
  negatives: readonly { campaign_id: string; ad_group_id?: string; keyword_text: string; match_type: string }[],
  allowed: boolean | undefined,
): Promise<void> {
  if (!negatives.length || allowed) return;
  const [keywords, campaigns] = await Promise.all([port.listEntities('keyword'), port.listCampaigns()]);
  const live = keywords.filter((k) => k.state === 'ENABLED' || k.state === 'enabled');
  const blocked = negatives.flatMap((n) =>
    blockedKeywords(
      [{ text: n.keyword_text, match_type: n.match_type }],
      live
        .filter((k) => k.campaign_id === n.campaign_id && (!n.ad_group_id || k.ad_group_id === n.ad_group_id))
        .map((k) => ({ id: k.id, text: k.keyword_text, match_type: k.match_type, ad_group_id: k.ad_group_id })),
    ),
  );
  const names = [...new Set(negatives.map((n) => n.campaign_id))].map((id) => `"${campaigns.find((c) => c.id === id)?.name ?? id}"`);
  refuseBlockingNegatives(blocked, `campaign${names.length > 1 ? 's' : ''} ${names.join(', ')}`, false);
}
