import { ToolError } from '../core/errors';
import type { PlatformWord } from '../core/platforms';
import type { ConnectedAccount } from '../core/accounts';
import type { PortCall, ToolDefinition } from '../core/tool';
import type { LiveConnector } from './live/connector';
import type { MetricTotals } from '../core/metrics';
import { withInjectedFailures } from './sandbox/faults';

/**
 * What each platform folder exports: its tools, and how to make, seed and open its accounts.
 * The platform interface (port) a tool sees is opened per call by `openPort`: the sandbox adapter
 * for sandbox accounts, the live adapter for live ones.
 */
export interface PlatformModule {
  word: PlatformWord;
  /** "search and display advertising", as the specification describes the platform. */
  kind: string;
  tools: ToolDefinition[];
  /** A new sandbox account id shaped like the real platform's. */
  newSandboxAccountId(): string;
  /** Connecting live accounts (present when the platform has a live adapter). */
  live?: LiveConnector;
  /** Fills a new sandbox account with realistic entities. Must be safe to run again. */
  seedSandbox(account: ConnectedAccount): Promise<void>;
  /**
   * The most valuable actions this account's own data suggests (waste to cut, winners to scale,
   * broken things to fix), for suggest_next_action. Each names the tool and arguments that act on it.
   */
  findOpportunities?(account: ConnectedAccount, now: Date, call?: PortCall): Promise<Opportunity[]>;
  /**
   * Every campaign of the account with its figures over [start, end], computed as the platform's
   * own campaign list tool computes them (monitors, briefs and cross-platform reports read these).
   */
  campaignFigures(account: ConnectedAccount, start: string, end: string, call?: PortCall): Promise<CampaignFigures[]>;
}

/** One campaign and its figures over a window (campaignFigures). */
export interface CampaignFigures {
  id: string;
  name: string;
  /** The platform's own status word (ENABLED, ACTIVE, active, Paused...). */
  status: string;
  figures: MetricTotals;
}

export interface Opportunity {
  /** null for account-wide actions (quota). */
  platform: PlatformWord | null;
  account_id: string | null;
  kind: 'cut_waste' | 'scale_winner' | 'fix' | 'setup';
  /** One line a marketer understands, with the figures that justify it. */
  title: string;
  /** Estimated value over 30 days in account currency (spend saved or revenue gained). */
  monthly_value: number;
  /** The tool that carries the action out (or, for a read tool, shows what to act on), and its arguments. */
  tool: string;
  arguments: Record<string, unknown>;
  /**
   * The current values of the arguments the action changes (`{ budget: 20 }`), when the finder knows
   * them: suggest_next_action drops an action that would set every one to the value it already has.
   */
  current?: Record<string, unknown>;
}

/** How a platform's port is made for one account: its sandbox adapter, and its live adapter if built. */
export interface PlatformAdapters<Port> {
  sandbox(account: ConnectedAccount): Port;
  /** The live adapter over the real platform's API; absent while the platform has none. */
  live?(account: ConnectedAccount, call: PortCall): Port;
}

/**
 * Opens the port of an account: the sandbox adapter inside the one failure-injection wrapper, or
 * the live adapter, or a clear 400 when the platform has no live adapter yet.
 */
export function openPort<Port extends object>(adapters: PlatformAdapters<Port>) {
  return (account: ConnectedAccount, call: PortCall): Port => {
    if (account.mode === 'sandbox') return withInjectedFailures(adapters.sandbox(account), account);
    if (!adapters.live) {
      throw new ToolError(
        `Live ${account.platform} accounts are not supported by this gateway yet; only sandbox accounts of ${account.platform} work. Use a sandbox account, or a platform with live support.`,
        { code: 'live_not_supported', platform: account.platform },
      );
    }
    return adapters.live(account, call);
  };
}
