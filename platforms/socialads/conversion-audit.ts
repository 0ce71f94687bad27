import type { ConnectedAccount } from '../../core/accounts';
import type { ConversionTrackingAudit, ConversionTrackingGap } from '../../core/platform';
import type { SocialAdsPort } from './port';

/** audit_conversion_tracking on a socialads account: what it reads of the conversion setup, and each gap with its fix. */
export async function auditSocialAdsConversionTracking(
  port: SocialAdsPort,
  _account: ConnectedAccount,
  _now: Date,
): Promise<ConversionTrackingAudit> {
  const [pixels, campaigns, adSets] = await Promise.all([port.listPixels(), port.listCampaigns(), port.listAdSets()]);
  const gaps: ConversionTrackingGap[] = [];
  if (!pixels.length)
    gaps.push({
      severity: 'high',
      gap: 'No pixel: website conversions cannot be recorded or optimised for.',
      fix: "Create a pixel in the platform's events manager and install it on the site.",
    });
  const sales = new Set(
    campaigns.filter((c) => c.status === 'ACTIVE' && (c.objective === 'OUTCOME_SALES' || c.objective === 'OUTCOME_LEADS')).map((c) => c.id),
  );
  const blind = adSets.filter(
    (s) =>
      sales.has(s.campaign_id) && s.status === 'ACTIVE' && s.optimization_goal === 'OFFSITE_CONVERSIONS' && !s.promoted_object?.pixel_id,
  );
  for (const s of blind)
    gaps.push({
      severity: 'high',
      gap: `Ad set "${s.name}" (${s.id}) optimises for website conversions without a pixel.`,
      fix: 'Set its promoted object to a pixel and conversion event.',
      tool: 'list_socialads_ad_sets',
    });
  return { checked: [`${pixels.length} pixels`, `${adSets.length} ad sets`], gaps };
}
