/**
 * audit_conversion_tracking: reads the conversion setup of every connected account through its
 * platform's port (pixels, event settings, conversion goals and tags, conversions configuration) and
 * reports each gap with its fix and, where one exists, the tool that applies it or shows the detail.
 */
import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { PLATFORM_WORDS, type PlatformWord } from '../../../core/platforms';
import { listConnectedAccounts } from '../../../functions/runtime/stores/owners';
import type { ConversionTrackingGap } from '../../../core/platform';
import { defineGatewayTool, type PortCall } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';

type Severity = ConversionTrackingGap['severity'];
interface AccountAudit {
  platform: PlatformWord;
  account_id: string;
  account_name: string;
  /** checked: the setup was read; not_checked: the gateway cannot read it (the reason says why). */
  status: 'checked' | 'not_checked';
  checked: string[];
  gaps: ConversionTrackingGap[];
  reason?: string;
}

const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

export const auditConversionTracking = defineGatewayTool({
  name: 'audit_conversion_tracking',
  category: 'audit',
  description:
    "Audits conversion tracking across every connected platform: reads each account's setup (pixels, event settings, conversion goals and tags, conversions configuration) and lists the gaps per platform, most serious first, with the fix and the tool that applies it where the gateway has one.",
  access: 'read',
  args: {
    platforms: v.optional(
      v.pipe(v.array(v.picklist(PLATFORM_WORDS)), v.minLength(1), v.description('Only these platforms (default: every connected one)')),
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
        const manifest = ctx.platforms.manifest(account.platform);
        if (!manifest.auditConversionTracking)
          return {
            ...base,
            status: 'not_checked',
            checked: [],
            gaps: [],
            reason: manifest.conversionTrackingNotRead ?? 'not readable through this gateway.',
          };
        try {
          const { checked, gaps } = await manifest.auditConversionTracking(account, call, ctx.now);
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
