import type { ConnectedAccount } from '../../core/accounts';
import type { ConversionTrackingAudit, ConversionTrackingGap } from '../../core/platform';
import type { ShortVideoPort } from './port';

const DAY = 86_400_000;

/** audit_conversion_tracking on a shortvideo account: what it reads of the conversion setup, and each gap with its fix. */
export async function auditShortVideoConversionTracking(
  port: ShortVideoPort,
  _account: ConnectedAccount,
  now: Date,
): Promise<ConversionTrackingAudit> {
  const [pixels, campaigns, adGroups] = await Promise.all([port.listPixels(), port.listCampaigns(), port.listAdGroups()]);
  const gaps: ConversionTrackingGap[] = [];
  if (!pixels.length)
    gaps.push({
      severity: 'high',
      gap: 'No pixel: web conversions cannot be recorded.',
      fix: "Create a pixel in the platform's events manager and install it.",
    });
  for (const p of pixels) {
    if (p.activity_status !== 'ACTIVE')
      gaps.push({
        severity: 'high',
        gap: `Pixel "${p.pixel_name}" (${p.id}) is inactive: it receives no events.`,
        fix: 'Check the pixel code on the site (it has stopped firing).',
        tool: 'list_shortvideo_pixels',
      });
    const stale = p.events.filter((e) => now.getTime() - Date.parse(e.last_fired) > 7 * DAY);
    if (p.activity_status === 'ACTIVE' && stale.length)
      gaps.push({
        severity: 'medium',
        gap: `Pixel "${p.pixel_name}": ${stale.map((e) => e.event_name).join(', ')} not received for over 7 days.`,
        fix: 'Check those events on the site.',
        tool: 'list_shortvideo_pixels',
      });
  }
  const web = new Set(campaigns.filter((c) => c.status === 'ACTIVE' && c.objective_type === 'WEB_CONVERSIONS').map((c) => c.id));
  for (const g of adGroups.filter((g) => web.has(g.campaign_id) && g.status === 'ENABLED' && !g.pixel_id)) {
    gaps.push({
      severity: 'high',
      gap: `Ad group "${g.adgroup_name}" (${g.id}) of a web-conversions campaign has no pixel.`,
      fix: 'Give it a pixel and optimisation event.',
      tool: 'list_shortvideo_pixels',
    });
  }
  return { checked: [`${pixels.length} pixels`, `${adGroups.length} ad groups`], gaps };
}
