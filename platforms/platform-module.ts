import { ToolError } from '../functions/runtime/errors';
import type { PlatformWord } from '../functions/runtime/platforms';
import type { ConnectedAccount } from '../functions/runtime/stores/owners';
import type { ToolDefinition } from '../functions/runtime/tool';

/**
 * What each platform folder exports: its tools, and how to make, seed and open its accounts.
 * The platform interface (port) a tool sees is opened per call by `openPlatform`: the sandbox
 * adapter for sandbox accounts, a live adapter (not yet built) for live ones.
 */
export interface PlatformModule {
  word: PlatformWord;
  /** "search and display advertising", as the specification describes the platform. */
  kind: string;
  tools: ToolDefinition[];
  /** A new sandbox account id shaped like the real platform's. */
  newSandboxAccountId(): string;
  /** Fills a new sandbox account with realistic entities. Must be safe to run again. */
  seedSandbox(account: ConnectedAccount): Promise<void>;
  /**
   * The most valuable actions this account's own data suggests (waste to cut, winners to scale,
   * broken things to fix), for suggest_next_action. Each names the tool and arguments that act on it.
   */
  findOpportunities?(account: ConnectedAccount, now: Date): Promise<Opportunity[]>;
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
  /** The tool that carries the action out, and its arguments. */
  tool: string;
  arguments: Record<string, unknown>;
}

/** Opens the sandbox adapter, or explains that live accounts are not available yet. */
export function openSandboxOnly<Port>(sandbox: (account: ConnectedAccount) => Port) {
  return (account: ConnectedAccount): Port => {
    if (account.mode !== 'sandbox') {
      throw new ToolError(
        `Live ${account.platform} accounts are not available in this deployment yet. Use a sandbox account, or connect this account again once live access is enabled.`,
      );
    }
    return sandbox(account);
  };
}
