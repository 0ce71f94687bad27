/**
 * Families are composed, not forwarded: every platform's sandbox and live adapter builds its port
 * with `composePort` (platforms/compose.ts) from family objects, so a port is a plain object of its
 * families' methods (no adapter class holding or forwarding them, no helper of a family showing
 * through), and a method offered by two families is refused. Ports are opened as the runtime opens
 * them (the manifests); opening one calls nothing upstream.
 */
import type { ConnectedAccount } from '../../core/accounts';
import type { PortCall } from '../../core/tool';
import { composePort } from '../../platforms/compose';
import { PLATFORMS } from '../../platforms/index';
import { chatads } from '../../platforms/chatads/manifest';

const MODES = ['sandbox', 'live'] as const;

function accountOf(platform: string, mode: (typeof MODES)[number]): ConnectedAccount {
  return { owner_id: 'owner_composed', platform, account_id: 'acct_composed', mode, currency: 'USD' } as ConnectedAccount;
}

const CALL = { deadline: 0 } as unknown as PortCall;

/** The names a port answers to: its own function members and those of its class chain. */
function methodNames(port: object): string[] {
  const names = new Set(Object.keys(port).filter((name) => typeof (port as Record<string, unknown>)[name] === 'function'));
  for (
    let proto = Object.getPrototypeOf(port) as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') names.add(name);
  }
  return [...names].sort();
}

describe('Every adapter builds its port from families (composePort)', () => {
  const adapters = PLATFORMS.flatMap((platform) => MODES.map((mode) => [platform.word, mode, platform] as const));

  it('covers the 14 adapters (7 platforms, sandbox and live)', () => {
    expect(adapters).toHaveLength(14);
  });

  it.each(adapters.map(([word, mode, platform]) => [`${word} ${mode}`, word, mode, platform] as const))(
    '%s: the port is a plain object of its families’ methods, not an adapter class',
    (_label, word, mode, platform) => {
      const port = platform.open(accountOf(word, mode), CALL) as object;
      expect(Object.getPrototypeOf(port)).toBe(Object.prototype);
      expect(Object.keys(port).length).toBeGreaterThan(10);
    },
  );

  it('the live chatads port offers exactly the methods of the sandbox chatads port (the ChatAdsPort), no helper besides', () => {
    const live = methodNames(chatads.open(accountOf('chatads', 'live'), CALL));
    const sandbox = methodNames(chatads.open(accountOf('chatads', 'sandbox'), CALL));
    expect(live).toEqual(sandbox);
    expect(live).toHaveLength(35);
    expect(live).toEqual(expect.arrayContaining(['getAdAccount', 'createAd', 'getInsights', 'listPixels', 'createPixel']));
  });
});

describe('composePort', () => {
  it('refuses a method offered by two families', () => {
    class Campaigns {
      listCampaigns() {
        return [];
      }
    }
    const other = { listCampaigns: () => [] };
    expect(() => composePort(new Campaigns(), other)).toThrow('composePort: listCampaigns is offered by two families (0 and 1)');
  });

  it('binds each method to its family and keeps `_` members and fields private', () => {
    class Counter {
      count = 2;
      _secret() {
        return 'hidden';
      }
      doubled() {
        return this.count * 2;
      }
    }
    const port = composePort(new Counter()) as unknown as Record<string, unknown>;
    expect(Object.keys(port)).toEqual(['doubled']);
    expect((port.doubled as () => number)()).toBe(4);
  });
});
