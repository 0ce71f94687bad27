import type { ConnectedAccount } from '../../../core/accounts';
import { ToolError } from '../../../core/errors';
import type { PortCall } from '../../../core/tool';
import { connectionBroken, connectionHealthy, credentialsOf } from '../../live/connector';
import type { ProAdsCampaign } from '../port';
import { ProAdsApi, type ProAdsCredentials } from './api';
import { pathKey, urn } from './restli';
import { campaignFromWire, unsupportedCampaign, type WireCampaign, type WireCreative, type WireGroup } from './wire';

/** Every status a list asks for (REMOVED entities are gone for good and never listed). */
export const GROUP_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'CANCELED', 'DRAFT', 'PENDING_DELETION'];
export const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'COMPLETED', 'CANCELED', 'DRAFT', 'PENDING_DELETION'];
/** Largest pages the finders serve (campaigns and groups 1,000; creatives 100). */
const ENTITY_PAGE = 1000;
const CREATIVE_PAGE = 100;

/** A 400 `live_not_supported` naming what the platform's public API lacks. */
export function notSupported(message: string): ToolError {
  return new ToolError(message, { code: 'live_not_supported', platform: 'proads' });
}

export function notFound(kind: string, id: string, lister: string): ToolError {
  return new ToolError(`No proads ${kind} with id "${id}" in this ad account. ${lister} lists the valid ids.`, {
    code: 'not_found',
    [`${kind.replace(/ /g, '_')}_id`]: id,
    list_tool: lister,
  });
}

/**
 * What the families of the live adapter share for one port (one tool call): the account, the wire
 * client with the account's stored refresh token, and the account's entity lists read once per
 * call (a write forgets them, so a read after it sees the change).
 */
export class LiveContext {
  readonly accountUrn: string;
  readonly base: string;
  private apiPromise?: Promise<ProAdsApi>;
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(
    readonly account: ConnectedAccount,
    readonly call: PortCall,
  ) {
    this.accountUrn = urn.account(account.account_id);
    this.base = `/adAccounts/${pathKey(account.account_id)}`;
  }

  get currency(): string {
    return this.account.currency;
  }

  /** The wire client with the account's refresh token (decrypted once per port). */
  api(): Promise<ProAdsApi> {
    this.apiPromise ??= credentialsOf<ProAdsCredentials>(this.account).then(
      (credentials) =>
        new ProAdsApi(
          credentials,
          this.call,
          (reason, fix) => connectionBroken(this.account, reason, fix),
          this.account.account_id,
          () => connectionHealthy(this.account),
        ),
    );
    return this.apiPromise;
  }

  /** A value read once per port. */
  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let value = this.memo.get(key) as Promise<T> | undefined;
    if (!value) {
      value = read();
      this.memo.set(key, value);
      value.catch(() => this.memo.delete(key));
    }
    return value;
  }

  /** Forgets what was read: the next read sees a write. */
  changed(): void {
    this.memo.clear();
  }

  wireGroups(): Promise<WireGroup[]> {
    return this.once('groups', async () =>
      (await this.api()).findAll<WireGroup>(
        `${this.base}/adCampaignGroups`,
        { q: 'search', search: { status: { values: GROUP_STATUSES } } },
        { kind: 'cursor', size: ENTITY_PAGE },
      ),
    );
  }

  wireCampaigns(): Promise<WireCampaign[]> {
    return this.once('campaigns', async () =>
      (await this.api()).findAll<WireCampaign>(
        `${this.base}/adCampaigns`,
        { q: 'search', search: { status: { values: CAMPAIGN_STATUSES } } },
        { kind: 'cursor', size: ENTITY_PAGE },
      ),
    );
  }

  wireCreatives(): Promise<WireCreative[]> {
    return this.once('creatives', async () =>
      (await this.api()).findAll<WireCreative>(
        `${this.base}/creatives`,
        { q: 'criteria', sortOrder: 'ASCENDING' },
        { kind: 'cursor', size: CREATIVE_PAGE },
        'FINDER',
      ),
    );
  }

  /**
   * The campaigns tools can see (sponsored content and text ads of the six objectives), with the ids
   * of those whose targeting uses facets tools cannot show (their targeting is not rewritten).
   */
  campaigns(): Promise<{ visible: ProAdsCampaign[]; partialTargeting: Set<string>; hidden: Map<string, string> }> {
    return this.once('visible-campaigns', async () => {
      const visible: ProAdsCampaign[] = [];
      const partialTargeting = new Set<string>();
      const hidden = new Map<string, string>();
      for (const wire of await this.wireCampaigns()) {
        const why = unsupportedCampaign(wire);
        if (why) {
          hidden.set(String(wire.id), why);
          continue;
        }
        const { campaign, targetingComplete } = campaignFromWire(wire);
        visible.push(campaign);
        if (!targetingComplete) partialTargeting.add(campaign.id);
      }
      return { visible, partialTargeting, hidden };
    });
  }

  /** One visible campaign, or a 400 naming the id (or what keeps it from tools). */
  async campaign(id: string): Promise<ProAdsCampaign> {
    const { visible, hidden } = await this.campaigns();
    const found = visible.find((c) => c.id === id);
    if (found) return found;
    if (hidden.has(id))
      throw notSupported(
        `Campaign ${id} cannot be handled through this gateway because of ${hidden.get(id)}: the gateway handles sponsored content and text ad campaigns. Manage it in the platform's campaign manager.`,
      );
    throw notFound('campaign', id, 'list_proads_campaigns');
  }

  async wireCampaign(id: string): Promise<WireCampaign> {
    await this.campaign(id);
    return (await this.wireCampaigns()).find((c) => String(c.id) === id)!;
  }
}
