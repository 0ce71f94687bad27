/**
 * audit_conversion_tracking: reads the conversion setup of every connected account through its
 * platform's port (pixels, event settings, conversion goals and tags, conversions configuration) and
 * reports each gap with its fix and, where one exists, the tool that applies it or shows the detail.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { PlatformWord } from '../../../core/platforms';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import type { ConnectedAccount } from '../../../core/accounts';
import { defineGatewayTool, type PortCall } from '../../../core/tool';
import { openChatAdsPort } from '../../chatads/define';
import { openDeskAdsPort } from '../../deskads/define';
import { markdownTable } from '../../../core/markdown';
import { openShortVideoPort } from '../../shortvideo/define';
import { openSocialAds } from '../../socialads/define';

type Severity = 'high' | 'medium' | 'low';
interface Gap {
  severity: Severity;
  gap: string;
  fix: string;
  /** The tool that applies the fix (a write) or shows what to fix (a read), when the gateway has one. */
  tool?: string;
}
interface AccountAudit {
  platform: PlatformWord;
  account_id: string;
  account_name: string;
  /** checked: the setup was read; not_checked: the gateway cannot read it (the reason says why). */
  status: 'checked' | 'not_checked';
  checked: string[];
  gaps: Gap[];
  reason?: string;
}

const DAY = 86_400_000;

/** One platform's reader: what it checked and the gaps it found. */
type Auditor = (account: ConnectedAccount, call: PortCall, now: Date) => Promise<{ checked: string[]; gaps: Gap[] }>;

const AUDITORS: Partial<Record<PlatformWord, Auditor>> = {
  async chatads(account, call) {
    const port = openChatAdsPort(account, call);
    const [pixels, settings, config, campaigns] = await Promise.all([
      port.listPixels(),
      port.listEventSettings(),
      port.getConversionsConfig(),
      port.listCampaigns(),
    ]);
    const keys = await port.listConversionsApiKeys();
    const gaps: Gap[] = [];
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
  },
  async socialads(account, call) {
    const port = openSocialAds(account, call);
    const [pixels, campaigns, adSets] = await Promise.all([port.listPixels(), port.listCampaigns(), port.listAdSets()]);
    const gaps: Gap[] = [];
    if (!pixels.length)
      gaps.push({
        severity: 'high',
        gap: 'No pixel: website conversions cannot be recorded or optimised for.',
        fix: "Create a pixel in the platform's events manager and install it on the site.",
      });
    const sales = new Set(
      campaigns
        .filter((c) => c.status === 'ACTIVE' && (c.objective === 'OUTCOME_SALES' || c.objective === 'OUTCOME_LEADS'))
        .map((c) => c.id),
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
  },
  async shortvideo(account, call, now) {
    const port = openShortVideoPort(account, call);
    const [pixels, campaigns, adGroups] = await Promise.all([port.listPixels(), port.listCampaigns(), port.listAdGroups()]);
    const gaps: Gap[] = [];
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
  },
  async deskads(account, call) {
    const port = openDeskAdsPort(account, call);
    const [goals, tags] = await Promise.all([port.listConversionGoals(), port.listUetTags()]);
    const gaps: Gap[] = [];
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
  },
};

/** Platforms whose conversion setup the gateway cannot read (yet), and why. */
const NOT_READABLE: Partial<Record<PlatformWord, string>> = {
  searchads: "the gateway does not read searchads conversion actions yet; check them in the platform's conversions page.",
  proads: "the gateway does not read proads conversion tracking yet; check its conversions in the platform's campaign manager.",
  retailads: 'retailads attributes sales itself (no pixel or tag to set up); nothing to check.',
};

const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

export const auditConversionTracking = defineGatewayTool({
  name: 'audit_conversion_tracking',
  category: 'audit',
  description:
    "Audits conversion tracking across every connected platform: reads each account's setup (pixels, event settings, conversion goals and tags, conversions configuration) and lists the gaps per platform, most serious first, with the fix and the tool that applies it where the gateway has one.",
  access: 'read',
  args: {
    platforms: v.optional(
      v.pipe(
        v.array(v.picklist(['searchads', 'socialads', 'proads', 'shortvideo', 'retailads', 'chatads', 'deskads'])),
        v.minLength(1),
        v.description('Only these platforms (default: every connected one)'),
      ),
    ),
  },
  output: v.object({
    accounts: v.array(
      v.object({
        platform: v.string(),
        account_id: v.string(),
        account_name: v.string(),
        status: v.picklist(['checked', 'not_checked']),
        checked: v.array(v.string()),
        gaps: v.array(
          v.object({ severity: v.picklist(['high', 'medium', 'low']), gap: v.string(), fix: v.string(), tool: v.optional(v.string()) }),
        ),
        reason: v.optional(v.string()),
      }),
    ),
    gap_count: v.number(),
  }),
  async run(args, ctx) {
    const accounts = (await listConnectedAccounts(ctx.owner.owner_id)).filter(
      (a) => !args.platforms || args.platforms.includes(a.platform as never),
    );
    if (!accounts.length)
      throw new ToolError('No connected account to audit. Connect one (list_connected_accounts shows what is connected).');
    const call: PortCall = { signal: ctx.signal, deadline: ctx.deadline, log: ctx.log };
    const audits: AccountAudit[] = await Promise.all(
      accounts.map(async (account): Promise<AccountAudit> => {
        const base = { platform: account.platform, account_id: account.account_id, account_name: account.name };
        const auditor = AUDITORS[account.platform];
        if (!auditor)
          return {
            ...base,
            status: 'not_checked',
            checked: [],
            gaps: [],
            reason: NOT_READABLE[account.platform] ?? 'not readable through this gateway.',
          };
        try {
          const { checked, gaps } = await auditor(account, call, ctx.now);
          return {
            ...base,
            status: 'checked',
            checked,
            gaps: gaps.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]),
          };
        } catch (err) {
          // A platform that refuses a read (a live account without that endpoint) is reported, not fatal.
          if (err instanceof ToolError) return { ...base, status: 'not_checked', checked: [], gaps: [], reason: err.message };
          throw err;
        }
      }),
    );
    audits.sort((a, b) => a.platform.localeCompare(b.platform) || a.account_id.localeCompare(b.account_id));
    const gapCount = audits.reduce((t, a) => t + a.gaps.length, 0);
    const lines = [
      `## Conversion tracking audit: ${gapCount} gap${gapCount === 1 ? '' : 's'} in ${audits.length} account${audits.length === 1 ? '' : 's'}`,
      '',
    ];
    lines.push(
      markdownTable(
        ['Platform', 'Account', 'Checked', 'Gaps'],
        audits.map((a) => [
          a.platform,
          `${a.account_name} (${a.account_id})`,
          a.status === 'checked' ? a.checked.join(', ') : `not checked: ${a.reason}`,
          a.gaps.length,
        ]),
      ),
    );
    for (const a of audits.filter((x) => x.gaps.length)) {
      lines.push(
        '',
        `### ${a.platform}: ${a.account_name}`,
        '',
        markdownTable(
          ['Severity', 'Gap', 'Fix', 'Tool'],
          a.gaps.map((g) => [g.severity, g.gap, g.fix, g.tool ?? '(in the platform)']),
        ),
      );
    }
    lines.push(
      '',
      gapCount
        ? 'Fix the high-severity gaps first: conversion-based bidding and every CPA figure depend on them.'
        : 'No gaps found in the setups read.',
    );
    return { text: lines.join('\n'), structured: { accounts: audits, gap_count: gapCount } };
  },
});
