import { definePlatform } from '../manifest';
import { PROADS_ACCOUNT } from './define';
import type { ProAdsPort } from './port';
import { proAdsCampaignFigures } from './campaign-figures';
import { digits } from '../sandbox/ids';
import { findProAdsOpportunities } from './opportunities';
import { proAdsSandbox } from './sandbox/adapter';
import { seedProAdsAccount } from './sandbox/seed';
import { openProAdsLive } from './live/adapter';
import { proAdsConnector } from './live/connector';
import { analyzeProAdsCreativePerformance } from './tools/analyze-creative-performance';
import { analyzeProAdsWastedSpend } from './tools/analyze-wasted-spend';
import { selectProAdsCampaignType } from './tools/select-campaign-type';
import { deleteTools, statusTools } from './tools/status-changes';
import { updateTools } from './tools/updates';
import { readerTools } from './tools/readers';
import { analyticsTools } from './tools/analytics';
import { createTools } from './tools/creates';
import { targetingTools } from './tools/targeting';
import { conversionTools } from './tools/conversions';
import { contentTools } from './tools/content';

/** The proads platform: professional-network advertising. */
export const proads = definePlatform<ProAdsPort>({
  conversionTrackingNotRead:
    "the gateway does not read proads conversion tracking yet; check its conversions in the platform's campaign manager.",
  campaignFigures: proAdsCampaignFigures,
  word: 'proads',
  title: 'Professional-network advertising platform',
  account: PROADS_ACCOUNT,
  exampleAccountIds: ['508123456', '508654321'],
  adapters: {
    sandbox: proAdsSandbox,
    live: openProAdsLive,
  },
  connector: proAdsConnector,
  kind: 'professional-network advertising',
  tools: [
    analyzeProAdsCreativePerformance,
    analyzeProAdsWastedSpend,
    selectProAdsCampaignType,
    ...statusTools,
    ...deleteTools,
    ...updateTools,
    ...readerTools,
    ...analyticsTools,
    ...createTools,
    ...targetingTools,
    ...conversionTools,
    ...contentTools,
  ],
  newSandboxAccountId: () => `5${digits(8)}`,
  seedSandbox: seedProAdsAccount,
  findOpportunities: findProAdsOpportunities,
});
