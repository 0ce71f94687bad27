import type {
  ChatAdsConversionEvent,
  ChatAdsConversionsApiKey,
  ChatAdsConversionsConfig,
  ChatAdsEventSetting,
  ChatAdsPixel,
  ChatAdsPort,
} from '../port';
import { notSupported, unsupported } from './session';

/**
 * Conversion tracking (pixels, event settings, the conversions configuration, Conversions API keys
 * and events): none of it is offered by the platform's public Advertiser API, so every method is a
 * 400 `live_not_supported` pointing to its Ads Manager. It needs no connection.
 */
export class ConversionsLive implements Pick<
  ChatAdsPort,
  | 'listPixels'
  | 'createPixel'
  | 'listEventSettings'
  | 'createEventSetting'
  | 'getConversionsConfig'
  | 'setConversionsConfig'
  | 'createConversionsApiKey'
  | 'listConversionsApiKeys'
  | 'sendConversionEvent'
  | 'listConversionEvents'
> {
  createPixel = unsupported<ChatAdsPixel>('Conversion data sources (pixels)');
  listEventSettings = unsupported<ChatAdsEventSetting[]>('Event settings');
  createEventSetting = unsupported<ChatAdsEventSetting>('Event settings');
  getConversionsConfig = unsupported<ChatAdsConversionsConfig>('The conversions configuration');
  setConversionsConfig = unsupported<ChatAdsConversionsConfig>('The conversions configuration');
  createConversionsApiKey = unsupported<ChatAdsConversionsApiKey & { secret: string }>('Conversions API keys');
  listConversionsApiKeys = unsupported<ChatAdsConversionsApiKey[]>('Conversions API keys');
  sendConversionEvent = unsupported<ChatAdsConversionEvent>('Sending conversion events through this gateway');
  listConversionEvents = unsupported<ChatAdsConversionEvent[]>('Received conversion events');

  async listPixels(): Promise<ChatAdsPixel[]> {
    throw notSupported(
      "Conversion data sources cannot be listed through the chat-assistant platform's public API; see them in its Ads Manager.",
    );
  }
}
