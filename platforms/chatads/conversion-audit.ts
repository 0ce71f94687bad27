import type { ConnectedAccount } from '../../core/accounts';
import type { ConversionTrackingAudit, ConversionTrackingGap } from '../../core/platform';
import type { ChatAdsPort } from './port';

/** audit_conversion_tracking on a chatads account: what it reads of the conversion setup, and each gap with its fix. */
export async function auditChatAdsConversionTracking(
  port: ChatAdsPort,
  _account: ConnectedAccount,
  _now: Date,
): Promise<ConversionTrackingAudit> {
  const [pixels, settings, config, campaigns] = await Promise.all([
    port.listPixels(),
    port.listEventSettings(),
    port.getConversionsConfig(),
    port.listCampaigns(),
  ]);
  const keys = await port.listConversionsApiKeys();
  const gaps: ConversionTrackingGap[] = [];
  const converting = campaigns.filter((c) => c.status === 'active' && c.bidding_type === 'conversions');
  if (!pixels.length)
    gaps.push({
      severity: 'high',
      gap: 'No pixel (conversion data source): no conversion can be recorded.',
      fix: 'Create a pixel and install it on the site or send server events to it.',
      tool: 'create_chatads_pixel',
    });
  for (const p of pixels) {
    const own = settings.filter((s) => s.pixel_id === p.id);
    if (!own.length)
      gaps.push({
        severity: 'medium',
        gap: `Pixel "${p.name}" (${p.id}) has no event settings: its events count as nothing.`,
        fix: `Say which of its events count (${p.events.join(', ') || 'e.g. purchase'}).`,
        tool: 'create_chatads_event_setting',
      });
  }
  if (pixels.length && !settings.some((s) => s.primary))
    gaps.push({
      severity: 'high',
      gap: 'No primary conversion event: bidding and reports have no conversion to optimise for.',
      fix: 'Create an event setting with primary true (e.g. purchase).',
      tool: 'create_chatads_event_setting',
    });
  if (pixels.length && !config.default_pixel_id)
    gaps.push({
      severity: 'medium',
      gap: 'No default pixel for attribution.',
      fix: 'Set default_pixel_id.',
      tool: 'set_chatads_conversions_config',
    });
  if (!config.advanced_matching)
    gaps.push({
      severity: 'low',
      gap: 'Advanced matching is off: server events without a click id cannot be matched.',
      fix: 'Turn on advanced_matching and send hashed email or phone with server events.',
      tool: 'set_chatads_conversions_config',
    });
  if (pixels.length && !keys.length)
    gaps.push({
      severity: 'low',
      gap: 'No Conversions API key: no server-side events (browser-only tracking misses conversions).',
      fix: 'Create a key for the pixel and send server events.',
      tool: 'create_chatads_conversions_api_key',
    });
  if (converting.length && !settings.some((s) => s.primary))
    gaps.push({
      severity: 'high',
      gap: `${converting.length} active campaign(s) bid for conversions without a primary conversion event.`,
      fix: 'Add a primary event setting before they spend more.',
      tool: 'create_chatads_event_setting',
    });
  return {
    checked: [
      `${pixels.length} pixels`,
      `${settings.length} event settings`,
      'conversions configuration',
      `${keys.length} Conversions API keys`,
    ],
    gaps,
  };
}
