import type { LiveConnector } from '../core/platform';
import type { PlatformWord } from '../core/platforms';
import { chatAdsConnector } from './chatads/live/connector';
import { deskAdsConnector } from './deskads/live/connector';
import { proAdsConnector } from './proads/live/connector';
import { retailAdsConnector } from './retailads/live/connector';
import { searchAdsConnector } from './searchads/live/connector';
import { shortVideoConnector } from './shortvideo/live/connector';
import { socialAdsConnector } from './socialads/live/connector';

/**
 * Each platform's live connector without its tools: what connecting accounts needs (the connect-link
 * pages, `gateway accounts connect`), so that code does not load every tool, simulator and manifest.
 * The manifests carry the same objects (test/unit/connectors.test.ts checks it). Tests that stand a
 * connector in for a platform's set it here.
 */
export const CONNECTORS: Record<PlatformWord, LiveConnector | undefined> = {
  searchads: searchAdsConnector,
  socialads: socialAdsConnector,
  proads: proAdsConnector,
  shortvideo: shortVideoConnector,
  retailads: retailAdsConnector,
  chatads: chatAdsConnector,
  deskads: deskAdsConnector,
};
