import type { ConnectedAccount } from '../../core/accounts';
import type { ConversionTrackingAudit, ConversionTrackingGap } from '../../core/platform';
import type { DeskAdsPort } from './port';

/** audit_conversion_tracking on a deskads account: what it reads of the conversion setup, and each gap with its fix. */
export async function auditDeskAdsConversionTracking(
  port: DeskAdsPort,
  _account: ConnectedAccount,
  _now: Date,
): Promise<ConversionTrackingAudit> {
  const [goals, tags] = await Promise.all([port.listConversionGoals(), port.listUetTags()]);
  const gaps: ConversionTrackingGap[] = [];
  if (!tags.length)
    gaps.push({
      severity: 'high',
      gap: 'No tracking tag: website conversions cannot be recorded.',
      fix: 'Create a tracking tag in the platform and install it on every page.',
    });
  for (const t of tags.filter((t) => t.status !== 'Active'))
    gaps.push({
      severity: 'high',
      gap: `Tracking tag "${t.name}" (${t.id}) is ${t.status}.`,
      fix: 'Install or repair the tag on the site; goals on it record nothing until it is active.',
      tool: 'list_deskads_conversion_goals',
    });
  const active = goals.filter((g) => g.status === 'Active');
  if (!active.length)
    gaps.push({
      severity: 'high',
      gap: 'No active conversion goal: bidding and reports have no conversions.',
      fix: 'Create a conversion goal in the platform (purchase or lead).',
    });
  for (const g of active.filter((g) => g.tracking_status !== 'RecentConversions')) {
    gaps.push({
      severity: g.tracking_status === 'NoRecentConversions' ? 'medium' : 'high',
      gap: `Goal "${g.name}" (${g.id}): ${g.tracking_status}.`,
      fix: g.tracking_status === 'NoRecentConversions' ? 'Check that the conversion event still fires.' : 'Verify its tag on the site.',
      tool: 'list_deskads_conversion_goals',
    });
  }
  return { checked: [`${goals.length} conversion goals`, `${tags.length} tracking tags`], gaps };
}
