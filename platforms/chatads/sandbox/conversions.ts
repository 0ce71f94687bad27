/** The chatads sandbox's conversion tracking: pixels, event settings, the conversions config, API keys and received events. */
import { createHash } from 'node:crypto';
import { alphanumeric } from '../../sandbox/ids';
import { EntityExistsError, type SandboxStore } from '../../sandbox/store';
import { CONFIG_ID, KIND, lower } from './stored';
import type {
  ChatAdsConversionEvent,
  ChatAdsConversionsApiKey,
  ChatAdsConversionsConfig,
  ChatAdsEventSetting,
  ChatAdsPixel,
  NewChatAdsConversionEvent,
} from '../port';

const DEFAULT_CONFIG: ChatAdsConversionsConfig = { click_through_window_days: 7, view_through_window_days: 1, advanced_matching: false };

export class ConversionsSandbox {
  constructor(private readonly store: SandboxStore) {}

  async createPixel(pixel: { name: string }, now: Date): Promise<ChatAdsPixel> {
    return this.store.create<ChatAdsPixel>(KIND.pixel, {
      id: `cds_${lower(24)}`,
      name: pixel.name,
      events: [],
      status: 'active',
      created_at: now.toISOString(),
    });
  }

  listPixels(): Promise<ChatAdsPixel[]> {
    return this.store.list<ChatAdsPixel>(KIND.pixel);
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
}
