import { platformToolDefiner } from '../../core/tool';
import { openPort } from '../platform-module';
import type { SocialAdsPort } from './port';
import { SocialAdsSandbox } from './sandbox';

/** Opens the socialads port of a connected account (the sandbox, or a clear error for live accounts). */
export const openSocialAds = openPort<SocialAdsPort>({ sandbox: (account) => new SocialAdsSandbox(account) });

/** `defineTool` for socialads tools: adds the account parameter and hands each tool the socialads port. */
export const defineSocialAdsTool = platformToolDefiner<SocialAdsPort>('socialads', openSocialAds);
