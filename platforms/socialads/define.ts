import { platformToolDefiner } from '../../functions/runtime/tool';
import { openSandboxOnly } from '../platform-module';
import type { SocialAdsPort } from './port';
import { SocialAdsSandbox } from './sandbox';

/** `defineTool` for socialads tools: adds the account parameter and hands each tool the socialads port. */
export const defineSocialAdsTool = platformToolDefiner<SocialAdsPort>(
  'socialads',
  openSandboxOnly((account) => new SocialAdsSandbox(account)),
);
