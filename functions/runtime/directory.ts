import type { ConnectedAccount } from '../../core/accounts';
import type { PlatformDirectory, PlatformManifest, PlatformPorts } from '../../core/platform';
import type { PlatformWord } from '../../core/platforms';
import type { PortCall, ToolDefinition } from '../../core/tool';
import type { ToolRegistry } from './registry';

/**
 * The platforms one function serves (the manifests its entry hands to the runtime), and the tools it
 * runs: how the runtime opens a tool's port, and what cross-platform tools reach as `ctx.platforms`.
 */
export class ServedPlatforms implements PlatformDirectory {
  private readonly byWord = new Map<PlatformWord, PlatformManifest>();

  /** Platforms whose accounts this function opens without serving their tools (only their ports). */
  private readonly portsOnly = new Map<PlatformWord, PlatformPorts>();

  constructor(
    manifests: readonly PlatformManifest[],
    private readonly registry: ToolRegistry,
    alsoOpens: readonly PlatformPorts[] = [],
  ) {
    for (const manifest of manifests) this.byWord.set(manifest.word, manifest);
    for (const ports of alsoOpens) this.portsOnly.set(ports.word, ports);
  }

  get words(): PlatformWord[] {
    return [...this.byWord.keys()];
  }

  manifest(word: PlatformWord): PlatformManifest {
    const manifest = this.byWord.get(word);
    // A wiring mistake (an entry that forgot a platform its tools open), never a caller's.
    if (!manifest) throw new Error(`This function does not serve the ${word} platform`);
    return manifest;
  }

  open<Port = unknown>(account: ConnectedAccount, call: PortCall): Port {
    const ports = this.byWord.get(account.platform) ?? this.portsOnly.get(account.platform) ?? this.manifest(account.platform);
    return ports.open(account, call) as Port;
  }

  tool(name: string): ToolDefinition | undefined {
    return this.registry.get(name);
  }

  tools(): ToolDefinition[] {
    return this.registry.all();
  }

  health(account: ConnectedAccount, call: PortCall) {
    return this.manifest(account.platform).health(account, call);
  }

  campaignFigures(account: ConnectedAccount, start: string, end: string, call: PortCall) {
    return this.manifest(account.platform).campaignFigures(account, start, end, call);
  }

  async findOpportunities(account: ConnectedAccount, now: Date, call: PortCall) {
    const finder = this.manifest(account.platform).findOpportunities;
    return finder ? finder(account, now, call) : [];
  }
}
