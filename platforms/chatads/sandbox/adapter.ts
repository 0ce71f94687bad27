import type { ConnectedAccount } from '../../../core/accounts';
import { isoDate } from '../../../core/dates';
import { alphanumeric } from '../../sandbox/ids';
import type { HistoryEntry, WithHistory } from '../../sandbox/history';
import { datesBetween, seededRandom } from '../../sandbox/metrics';
import { SandboxPlatform } from '../../sandbox/platform';
import { EntityExistsError, EntityNotFoundError, EntityStateError } from '../../sandbox/store';
import { addCounts, campaignAdDays, zeroCounts, type Counts, type StoredAd, type StoredAdGroup, type StoredCampaign } from './delivery';
import { createHash } from 'node:crypto';
import { audienceAt, fileRows, operationAt, processingMs, type StoredAudience, type StoredOperation } from './audiences';
import { GEO_LOCATIONS } from './geo';
import type {
  ChatAdsAdAccount,
  ChatAdsAudienceOperation,
  ChatAdsConversionEvent,
  ChatAdsConversionsApiKey,
  ChatAdsConversionsConfig,
  ChatAdsEventSetting,
  ChatAdsGeoLocation,
  NewChatAdsAd,
  NewChatAdsAudienceOperation,
  NewChatAdsCampaign,
  NewChatAdsConversionEvent,
  ChatAdsAd,
  ChatAdsAdGroup,
  ChatAdsCampaign,
  ChatAdsCustomAudience,
  ChatAdsInsightsQuery,
  ChatAdsInsightsRow,
  ChatAdsPixel,
  ChatAdsPort,
  ChatAdsStatus,
  NewChatAdsAdGroup,
} from '../port';

/** Entity kinds of the chatads sandbox (the sort-key prefixes). */
export const KIND = {
  campaign: 'campaign',
  adGroup: 'ad_group',
  ad: 'ad',
  audience: 'custom_audience',
  operation: 'audience_operation',
  pixel: 'pixel',
  eventSetting: 'event_setting',
  config: 'conversions_config',
  apiKey: 'conversions_api_key',
  event: 'conversion_event',
  image: 'image',
} as const;
export const CONFIG_ID = 'account';
const DEFAULT_CONFIG: ChatAdsConversionsConfig = { click_through_window_days: 7, view_through_window_days: 1, advanced_matching: false };

export const lower = (n: number, random?: () => number) => alphanumeric(n, random).toLowerCase();

/** A seeded entity that stopped in the past: its history says when it was still active. */
export type Seeded<T> = T & { history?: HistoryEntry[] };

function publicCampaign({ performance: _p, ...campaign }: StoredCampaign): ChatAdsCampaign {
  return campaign;
}
function publicAdGroup({ performance: _p, ...adGroup }: StoredAdGroup): ChatAdsAdGroup {
  return adGroup;
}
function publicAd({ performance: _p, ...ad }: StoredAd): ChatAdsAd {
  return ad;
}

/** The simulated chatads platform for one sandbox account. */
export class ChatAdsSandbox extends SandboxPlatform implements ChatAdsPort {
  async listCampaigns(): Promise<ChatAdsCampaign[]> {
    return (await this.store.list<StoredCampaign>(KIND.campaign)).map(publicCampaign);
  }

  async getCampaign(campaignId: string): Promise<ChatAdsCampaign> {
    return publicCampaign(await this.store.require<StoredCampaign>(KIND.campaign, campaignId));
  }

  async setCampaignStatus(campaignId: string, status: ChatAdsStatus, from: ChatAdsStatus, now: Date): Promise<ChatAdsCampaign> {
    // The store records the change in the campaign's history: delivery follows it from this moment on.
    const updated = await this.store.update<StoredCampaign>(KIND.campaign, campaignId, { status }, { expect: { status: from }, now });
    return publicCampaign(updated);
  }

  async listAdGroups(filter: { campaign_id?: string } = {}): Promise<ChatAdsAdGroup[]> {
    if (filter.campaign_id) await this.store.require(KIND.campaign, filter.campaign_id);
    const all = await this.store.list<StoredAdGroup>(KIND.adGroup);
    return all.filter((g) => !filter.campaign_id || g.campaign_id === filter.campaign_id).map(publicAdGroup);
  }

  async createAdGroup(adGroup: NewChatAdsAdGroup, now: Date): Promise<ChatAdsAdGroup> {
    await this.store.require(KIND.campaign, adGroup.campaign_id);
    const created = await this.store.create<StoredAdGroup>(KIND.adGroup, {
      ...adGroup,
      id: `adgrp_${lower(24)}`,
      created_at: now.toISOString(),
      performance: 'new',
    });
    return publicAdGroup(created);
  }

  async listAds(): Promise<ChatAdsAd[]> {
    return (await this.store.list<StoredAd>(KIND.ad)).map(publicAd);
  }

  async listCustomAudiences(): Promise<ChatAdsCustomAudience[]> {
    const [audiences, operations] = await Promise.all([
      this.store.list<StoredAudience>(KIND.audience),
      this.store.list<StoredOperation>(KIND.operation),
    ]);
    const now = new Date();
    return audiences.map((a) => audienceAt(a, operations, now));
  }

  async getAdAccount(): Promise<ChatAdsAdAccount> {
    return { id: this.account.account_id, name: this.account.name, currency: this.account.currency, timezone: this.account.time_zone };
  }

  async getAdGroup(adGroupId: string): Promise<ChatAdsAdGroup> {
    return publicAdGroup(await this.store.require<StoredAdGroup>(KIND.adGroup, adGroupId));
  }

  async getAd(adId: string): Promise<ChatAdsAd> {
    return publicAd(await this.store.require<StoredAd>(KIND.ad, adId));
  }

  async setAdGroupStatus(adGroupId: string, status: ChatAdsStatus, from: ChatAdsStatus, now: Date): Promise<ChatAdsAdGroup> {
    return publicAdGroup(await this.store.update<StoredAdGroup>(KIND.adGroup, adGroupId, { status }, { expect: { status: from }, now }));
  }

  async setAdStatus(adId: string, status: ChatAdsStatus, from: ChatAdsStatus, now: Date): Promise<ChatAdsAd> {
    return publicAd(await this.store.update<StoredAd>(KIND.ad, adId, { status }, { expect: { status: from }, now }));
  }

  async createCampaign(campaign: NewChatAdsCampaign, now: Date): Promise<ChatAdsCampaign> {
    // A conversions campaign optimizes for one of the account's event settings: an unknown id is refused.
    if (campaign.conversion_event_setting_id !== undefined)
      await this.store.require<ChatAdsEventSetting>(KIND.eventSetting, campaign.conversion_event_setting_id);
    return publicCampaign(
      await this.store.create<StoredCampaign>(KIND.campaign, {
        ...campaign,
        id: `cmpn_${lower(24)}`,
        created_at: now.toISOString(),
        performance: 'new',
      }),
    );
  }

  async uploadImage(imageUrl: string, now: Date): Promise<{ file_id: string }> {
    const file_id = `file_${lower(24)}`;
    await this.store.create(KIND.image, { id: file_id, url: imageUrl, created_at: now.toISOString() });
    return { file_id };
  }

  async createAd(ad: NewChatAdsAd, now: Date): Promise<ChatAdsAd> {
    await this.store.require(KIND.adGroup, ad.ad_group_id);
    if (ad.image_file_id) await this.store.require(KIND.image, ad.image_file_id);
    return publicAd(
      await this.store.create<StoredAd>(KIND.ad, { ...ad, id: `ad_${lower(24)}`, created_at: now.toISOString(), performance: 'new' }),
    );
  }

  async getCustomAudience(audienceId: string): Promise<ChatAdsCustomAudience> {
    const [audience, operations] = await Promise.all([
      this.store.require<StoredAudience>(KIND.audience, audienceId),
      this.store.list<StoredOperation>(KIND.operation),
    ]);
    return audienceAt(audience, operations, new Date());
  }

  async createCustomAudience(audience: { name: string; description?: string }, now: Date): Promise<ChatAdsCustomAudience> {
    // An empty audience is too small until members are added.
    const stored = await this.store.create<StoredAudience>(KIND.audience, {
      id: `aud_${lower(24)}`,
      ...audience,
      status: 'too_small',
      matched_users: 0,
      uploaded_identifiers: 0,
      archived: false,
      created_at: now.toISOString(),
    });
    return audienceAt(stored, [], now);
  }

  async archiveCustomAudience(audienceId: string, now: Date): Promise<ChatAdsCustomAudience> {
    await this.store.update<StoredAudience>(KIND.audience, audienceId, { archived: true }, { expect: { archived: false }, now });
    return this.getCustomAudience(audienceId);
  }

  async startAudienceOperation(operation: NewChatAdsAudienceOperation, now: Date): Promise<ChatAdsAudienceOperation> {
    const audience = await this.store.require<StoredAudience>(KIND.audience, operation.custom_audience_id);
    if (audience.archived) throw new EntityNotFoundError(KIND.audience, audience.id);
    const submitted = operation.members?.length ?? fileRows(operation.file_id!);
    return this.startOperation(
      {
        custom_audience_id: audience.id,
        type: operation.type,
        submitted_identifiers: submitted,
        valid_identifiers: submitted,
        source: operation.members ? 'inline' : 'file',
        ...(operation.file_id ? { file_id: operation.file_id } : {}),
      },
      now,
    );
  }

  async mergeCustomAudiences(merge: { name: string; source_audience_ids: string[] }, now: Date) {
    const sources = await Promise.all(merge.source_audience_ids.map((id) => this.getCustomAudience(id)));
    const uploaded = sources.reduce((t, a) => t + a.uploaded_identifiers, 0);
    // Members present in several sources count once: the merge keeps about 90% of the sum.
    const matched = Math.round(sources.reduce((t, a) => t + a.matched_users, 0) * 0.9);
    const audience = await this.store.create<StoredAudience>(KIND.audience, {
      id: `aud_${lower(24)}`,
      name: merge.name,
      description: `Merge of ${sources.length} audiences`,
      status: 'processing',
      matched_users: 0,
      uploaded_identifiers: 0,
      archived: false,
      created_at: now.toISOString(),
    });
    const operation = await this.startOperation(
      {
        custom_audience_id: audience.id,
        type: 'merge',
        submitted_identifiers: uploaded,
        valid_identifiers: uploaded,
        source: 'audiences',
        source_audience_ids: merge.source_audience_ids,
        merged: { uploaded, matched },
      },
      now,
    );
    return { audience: await this.getCustomAudience(audience.id), operation };
  }

  private async startOperation(
    op: Omit<StoredOperation, 'id' | 'created_at' | 'state' | 'completes_at'>,
    now: Date,
  ): Promise<ChatAdsAudienceOperation> {
    const stored = await this.store.create<StoredOperation>(KIND.operation, {
      ...op,
      id: `aop_${lower(24)}`,
      created_at: now.toISOString(),
      state: 'running',
      completes_at: new Date(now.getTime() + processingMs(op.submitted_identifiers)).toISOString(),
    });
    return operationAt(stored, now);
  }

  async listAudienceOperations(filter: { custom_audience_id?: string } = {}): Promise<ChatAdsAudienceOperation[]> {
    if (filter.custom_audience_id) await this.store.require(KIND.audience, filter.custom_audience_id);
    const now = new Date();
    return (await this.store.list<StoredOperation>(KIND.operation))
      .filter((o) => !filter.custom_audience_id || o.custom_audience_id === filter.custom_audience_id)
      .map((o) => operationAt(o, now));
  }

  async getAudienceOperation(operationId: string): Promise<ChatAdsAudienceOperation> {
    return operationAt(await this.store.require<StoredOperation>(KIND.operation, operationId), new Date());
  }

  async changeAudienceOperation(operationId: string, action: 'pause' | 'resume' | 'cancel', now: Date): Promise<ChatAdsAudienceOperation> {
    const stored = await this.store.require<StoredOperation>(KIND.operation, operationId);
    const current = operationAt(stored, now);
    const allowed = action === 'resume' ? current.status === 'paused' : current.status === 'processing' || current.status === 'paused';
    if (!allowed) throw new EntityStateError(KIND.operation, operationId);
    const changes: Partial<StoredOperation> =
      action === 'pause'
        ? { state: 'paused', remaining_ms: Math.max(0, Date.parse(stored.completes_at!) - now.getTime()), completes_at: undefined }
        : action === 'resume'
          ? { state: 'running', completes_at: new Date(now.getTime() + (stored.remaining_ms ?? 0)).toISOString(), remaining_ms: undefined }
          : { state: 'cancelled', cancelled_at: now.toISOString() };
    const updated = await this.store.update<StoredOperation>(KIND.operation, operationId, changes, {
      expect: { state: stored.state },
      now,
    });
    return operationAt(updated, now);
  }

  async createPixel(pixel: { name: string }, now: Date): Promise<ChatAdsPixel> {
    return this.store.create<ChatAdsPixel>(KIND.pixel, {
      id: `cds_${lower(24)}`,
      name: pixel.name,
      events: [],
      status: 'active',
      created_at: now.toISOString(),
    });
  }

  listEventSettings(): Promise<ChatAdsEventSetting[]> {
    return this.store.list<ChatAdsEventSetting>(KIND.eventSetting);
  }

  async createEventSetting(setting: Omit<ChatAdsEventSetting, 'id' | 'created_at'>, now: Date): Promise<ChatAdsEventSetting> {
    const pixel = await this.store.require<ChatAdsPixel>(KIND.pixel, setting.pixel_id);
    const created = await this.store.create<ChatAdsEventSetting>(KIND.eventSetting, {
      ...setting,
      id: `evs_${lower(24)}`,
      created_at: now.toISOString(),
    });
    if (!pixel.events.includes(setting.event_name))
      await this.store.update<ChatAdsPixel>(KIND.pixel, pixel.id, { events: [...pixel.events, setting.event_name] }, { now });
    return created;
  }

  async getConversionsConfig(): Promise<ChatAdsConversionsConfig> {
    const stored = await this.store.get<ChatAdsConversionsConfig & { id: string }>(KIND.config, CONFIG_ID);
    if (!stored) return DEFAULT_CONFIG;
    const { id: _id, ...config } = stored;
    return config;
  }

  async setConversionsConfig(config: ChatAdsConversionsConfig, now: Date): Promise<ChatAdsConversionsConfig> {
    if (config.default_pixel_id) await this.store.require(KIND.pixel, config.default_pixel_id);
    const stored = { ...config, updated_at: now.toISOString() };
    await this.store.putMany(KIND.config, [{ id: CONFIG_ID, ...stored }]);
    return stored;
  }

  async createConversionsApiKey(
    key: { name: string; pixel_id: string },
    now: Date,
  ): Promise<ChatAdsConversionsApiKey & { secret: string }> {
    await this.store.require(KIND.pixel, key.pixel_id);
    const secret = `capi_${alphanumeric(40)}`;
    const stored = await this.store.create<ChatAdsConversionsApiKey & { secret_sha256: string }>(KIND.apiKey, {
      id: `cak_${lower(24)}`,
      name: key.name,
      pixel_id: key.pixel_id,
      secret_hint: `${secret.slice(0, 9)}...`,
      created_at: now.toISOString(),
      secret_sha256: createHash('sha256').update(secret).digest('hex'),
    });
    const { secret_sha256: _s, ...shown } = stored;
    return { ...shown, secret };
  }

  async listConversionsApiKeys(): Promise<ChatAdsConversionsApiKey[]> {
    return (await this.store.list<ChatAdsConversionsApiKey & { secret_sha256: string }>(KIND.apiKey)).map(
      ({ secret_sha256: _s, ...k }) => k,
    );
  }

  async sendConversionEvent(event: NewChatAdsConversionEvent, now: Date): Promise<ChatAdsConversionEvent> {
    await this.store.require(KIND.pixel, event.pixel_id);
    const config = await this.getConversionsConfig();
    const match = event.click_id
      ? 'click_id'
      : config.advanced_matching && (event.hashed_email || event.hashed_phone)
        ? 'advanced_matching'
        : 'unmatched';
    const received = { ...event, received_at: now.toISOString(), deduplicated: false, match } as ChatAdsConversionEvent;
    // The event id is the dedup key per pixel: the same id again is received but not counted.
    const id = createHash('sha256').update(`${event.pixel_id}|${event.event_id}`).digest('hex').slice(0, 32);
    try {
      await this.store.create(KIND.event, { id, ...received });
      return received;
    } catch (err) {
      if (err instanceof EntityExistsError) return { ...received, deduplicated: true };
      throw err;
    }
  }

  async listConversionEvents(filter: { pixel_id?: string; since?: string }): Promise<ChatAdsConversionEvent[]> {
    const events = await this.store.list<ChatAdsConversionEvent & { id: string }>(KIND.event);
    return events
      .filter((e) => (!filter.pixel_id || e.pixel_id === filter.pixel_id) && (!filter.since || e.received_at >= filter.since))
      .map(({ id: _id, ...e }) => e)
      .sort((a, b) => b.received_at.localeCompare(a.received_at));
  }

  async geoLookup(query: string, limit: number): Promise<ChatAdsGeoLocation[]> {
    const needle = query.trim().toLowerCase();
    return GEO_LOCATIONS.filter(
      (g) => g.name.toLowerCase().includes(needle) || g.country_code.toLowerCase() === needle || g.id === needle,
    ).slice(0, limit);
  }

  listPixels(): Promise<ChatAdsPixel[]> {
    return this.store.list<ChatAdsPixel>(KIND.pixel);
  }

  async getInsights(query: ChatAdsInsightsQuery): Promise<ChatAdsInsightsRow[]> {
    const history = { withHistory: true };
    const [campaigns, adGroups, ads] = await Promise.all([
      this.store.list<WithHistory<StoredCampaign>>(KIND.campaign, history),
      this.store.list<WithHistory<StoredAdGroup>>(KIND.adGroup, history),
      this.store.list<WithHistory<StoredAd>>(KIND.ad, history),
    ]);
    const kind = query.aggregation_level === 'campaign' ? KIND.campaign : query.aggregation_level === 'ad_group' ? KIND.adGroup : KIND.ad;
    const entities: { id: string }[] =
      query.aggregation_level === 'campaign' ? campaigns : query.aggregation_level === 'ad_group' ? adGroups : ads;
    const known = new Set(entities.map((e) => e.id));
    const missing = (query.ids ?? []).find((id) => !known.has(id));
    if (missing) throw new EntityNotFoundError(kind, missing);
    const ids = query.ids ?? entities.map((e) => e.id);
    const entityOf = (ad: StoredAd) =>
      query.aggregation_level === 'ad' ? ad.id : query.aggregation_level === 'ad_group' ? ad.ad_group_id : ad.campaign_id;
    const wanted = new Set(ids);
    const today = isoDate(new Date());

    // Days overlapping the window, with the share of each day inside it.
    const days = datesBetween(isoDate(new Date(query.start * 1000)), isoDate(new Date((query.end - 1) * 1000))).map((date) => {
      const dayStart = Date.parse(`${date}T00:00:00Z`) / 1000;
      const overlap = Math.min(query.end, dayStart + DAY) - Math.max(query.start, dayStart);
      return { date, fraction: Math.max(0, overlap) / DAY };
    });
    // Every level is the sum of its ads, and every ad's day comes from its campaign's day (delivery.ts).
    const perEntityDay = new Map<string, Map<string, Counts>>();
    const relevant = campaigns.filter((c) => ads.some((a) => a.campaign_id === c.id && wanted.has(entityOf(a))));
    for (const campaign of relevant) {
      const campaignGroups = adGroups.filter((g) => g.campaign_id === campaign.id);
      const campaignAds = ads.filter((a) => a.campaign_id === campaign.id);
      for (const { date, fraction } of days) {
        const adCounts = campaignAdDays(campaign, campaignGroups, campaignAds, date, today);
        for (const ad of campaignAds) {
          const entityId = entityOf(ad);
          const counts = adCounts.get(ad.id);
          if (!wanted.has(entityId) || !counts) continue;
          const byDay = perEntityDay.get(entityId) ?? new Map<string, Counts>();
          byDay.set(date, addCounts(byDay.get(date) ?? zeroCounts(), prorated(counts, fraction)));
          perEntityDay.set(entityId, byDay);
        }
      }
    }
    const pick = (counts: Counts): Partial<Counts> => Object.fromEntries(query.fields.map((f) => [f, counts[f]]));
    const rows: ChatAdsInsightsRow[] = [];
    for (const entityId of ids) {
      const perDay = days.map(({ date }) => ({ date, counts: perEntityDay.get(entityId)?.get(date) ?? zeroCounts() }));
      const buckets =
        query.time_granularity === 'daily'
          ? perDay.map((d) => ({ date: d.date as string | undefined, counts: d.counts }))
          : [{ date: undefined, counts: perDay.reduce((t, d) => addCounts(t, d.counts), zeroCounts()) }];
      for (const bucket of buckets) {
        const base = { entity_id: entityId, ...(bucket.date ? { date: bucket.date } : {}) };
        if (query.segment) {
          for (const [value, counts] of splitCounts(bucket.counts, segmentShares(entityId, query.segment)))
            rows.push({ ...base, [query.segment]: value, ...pick(counts) });
        } else {
          rows.push({ ...base, ...pick(bucket.counts) });
        }
      }
    }
    return rows;
  }
}

// --- Insights rows from the delivery model (sandbox/delivery.ts). ---

const DAY = 86_400;
const SEGMENTS = {
  country: [
    ['US', 0.62],
    ['CA', 0.12],
    ['GB', 0.1],
    ['AU', 0.08],
    ['DE', 0.08],
  ],
  device: [
    ['desktop', 0.42],
    ['mobile_app', 0.41],
    ['mobile_web', 0.17],
  ],
} as const;

/** An ad's day prorated to the hours of the day inside the window (a whole day is kept as is). */
function prorated(day: Counts, fraction: number): Counts {
  if (fraction >= 1) return day;
  const out = zeroCounts();
  for (const [field, value] of Object.entries(day) as [keyof Counts, number][]) {
    out[field] =
      field === 'spend' || field === 'conversion_value' ? Math.round(value * fraction * 100) / 100 : Math.round(value * fraction);
  }
  return out;
}

/** Splits counts over segment values (largest remainder keeps the whole numbers adding up). */
function splitCounts(total: Counts, shares: [string, number][]): [string, Counts][] {
  const out = shares.map(([value]) => [value, zeroCounts()] as [string, Counts]);
  for (const field of Object.keys(total) as (keyof Counts)[]) {
    const money = field === 'spend' || field === 'conversion_value';
    const unit = money ? 100 : 1;
    const amount = Math.round(total[field] * unit);
    const exact = shares.map(([, s]) => amount * s);
    const floors = exact.map(Math.floor);
    let left = amount - floors.reduce((a, b) => a + b, 0);
    const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
    for (const [, i] of order) {
      if (left <= 0) break;
      floors[i]++;
      left--;
    }
    floors.forEach((n, i) => (out[i][1][field] = n / unit));
  }
  return out;
}

function segmentShares(entityId: string, segment: keyof typeof SEGMENTS): [string, number][] {
  const random = seededRandom(`${entityId}|${segment}`);
  const raw = SEGMENTS[segment].map(([value, share]) => [value, share * (0.8 + 0.4 * random())] as [string, number]);
  const sum = raw.reduce((t, [, s]) => t + s, 0);
  return raw.map(([value, s]) => [value, s / sum]);
}

/** Opens the simulated chatads platform of one sandbox account (the manifest's sandbox adapter). */
export function chatAdsSandbox(account: ConnectedAccount): ChatAdsPort {
  return new ChatAdsSandbox(account);
}
