import type { ConnectedAccount } from '../core/accounts';
import { GatewayError, ToolError } from '../core/errors';
import type {
  CampaignFigures,
  ConversionTrackingAudit,
  LiveConnector,
  Opportunity,
  PlatformManifest,
  PlatformPorts,
} from '../core/platform';
import type { PlatformWord } from '../core/platforms';
import type { PortCall } from '../core/tool';
import { finderCall } from './opportunities';
import { withInjectedFailures } from './sandbox/faults';
import { sandboxHealth } from './sandbox/platform';

/** How a platform's accounts are opened: its adapters, and its live connector once built. */
export interface PortsSpec<Port extends object> {
  word: PlatformWord;
  adapters: {
    /** The simulated platform over DynamoDB (platforms/<word>/sandbox/). */
    sandbox(account: ConnectedAccount): Port;
    /** The real platform's API with the owner's credentials (platforms/<word>/live/), once built. */
    live?(account: ConnectedAccount, call: PortCall): Port;
  };
  /** Connecting live accounts; present exactly when `adapters.live` is. */
  connector?: LiveConnector;
}

/** The one way a platform's ports are opened (and its connections checked). */
export function definePorts<Port extends object>(spec: PortsSpec<Port>): PlatformPorts<Port> {
  const { adapters, connector } = spec;
  return {
    word: spec.word,
    connector,
    open(account, call) {
      if (account.mode === 'sandbox') return withInjectedFailures(adapters.sandbox(account), account);
      if (!adapters.live) {
        throw new ToolError(
          `Live ${account.platform} accounts are not supported by this gateway yet; only sandbox accounts of ${account.platform} work. Use a sandbox account, or a platform with live support.`,
          { code: 'live_not_supported', platform: account.platform },
        );
      }
      return adapters.live(account, call);
    },
    async health(account, call) {
      if (account.mode === 'sandbox') return sandboxHealth(account);
      if (!connector) {
        return {
          healthy: false,
          detail: `live ${account.platform} accounts are not supported by this gateway yet`,
          fix: `Disconnect it, or use a sandbox ${account.platform} account.`,
        };
      }
      try {
        return await connector.checkHealth(account, call);
      } catch (err) {
        const reason = err instanceof Error && 'statusCode' in err ? err.message : 'the platform could not be reached';
        // The operator's setup (live_setup_incomplete): reconnecting the account would not help.
        const setup = err instanceof GatewayError && err.structuredContent.code === 'live_setup_incomplete';
        return {
          healthy: false,
          detail: reason,
          fix: setup
            ? "The gateway's operator must fix its setup for this platform (the detail says what); the account's connection needs nothing."
            : (account.health?.fix ?? 'Try again in a few minutes; reconnect the account if it persists.'),
        };
      }
    },
  };
}

/**
 * What a platform folder declares in its `manifest.ts`: its facts, tools and adapters, and the
 * account-reading parts (figures, opportunities, the conversion audit), which take the port the
 * runtime opened and never open one themselves.
 */
export interface PlatformSpec<Port extends object>
  extends
    Omit<PlatformManifest<Port>, keyof PlatformPorts<Port> | 'campaignFigures' | 'findOpportunities' | 'auditConversionTracking'>,
    PortsSpec<Port> {
  campaignFigures(port: Port, account: ConnectedAccount, start: string, end: string): Promise<CampaignFigures[]>;
  findOpportunities?(port: Port, account: ConnectedAccount, now: Date): Promise<Opportunity[]>;
  auditConversionTracking?(port: Port, account: ConnectedAccount, now: Date): Promise<ConversionTrackingAudit>;
}

/** Makes a platform's manifest: its declaration, with its ports (definePorts). */
export function definePlatform<Port extends object>(spec: PlatformSpec<Port>): PlatformManifest<Port> {
  const { adapters, connector, campaignFigures, findOpportunities, auditConversionTracking, ...facts } = spec;
  const ports = definePorts({ word: spec.word, adapters, connector });
  const open = (account: ConnectedAccount, call: PortCall): Port => ports.open(account, call);
  return {
    ...facts,
    connector,
    open,
    health: (account, call) => ports.health(account, call),
    // Without a call (tests, scripts), a finder's own 20-second call.
    campaignFigures: (account, start, end, call = finderCall(account)) => campaignFigures(open(account, call), account, start, end),
    findOpportunities:
      findOpportunities && ((account, now, call = finderCall(account)) => findOpportunities(open(account, call), account, now)),
    auditConversionTracking:
      auditConversionTracking && ((account, call, now) => auditConversionTracking(open(account, call), account, now)),
  };
}
