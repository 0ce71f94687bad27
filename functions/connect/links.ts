import { publicBaseUrl } from '../runtime/config';
import { createConnectLink } from '../runtime/stores/connect-links';
import type { OAuthConnect } from '../../core/platform';
import { ConnectOptionsError } from '../../platforms/live/connector';
import { PLATFORM_WORDS, type PlatformWord } from '../../core/platforms';
import { CONNECTORS } from '../../platforms/connectors';

/**
 * The gateway's half of connecting accounts through the platform's consent page, shared by every
 * platform whose live connector has `oauth`: the one-time link the operator sends to the account
 * holder, and the callback address the platform sends them back to (functions/connect/routes.ts
 * serves both pages).
 */

/** The platforms whose accounts can be connected with a link. */
export function linkPlatforms(): PlatformWord[] {
  return PLATFORM_WORDS.filter((word) => CONNECTORS[word]?.oauth);
}

/** The platform's OAuth half, or undefined when its accounts cannot be connected by link. */
export function oauthOf(platform: PlatformWord): OAuthConnect | undefined {
  return CONNECTORS[platform]?.oauth;
}

function baseUrl(): string {
  const base = publicBaseUrl();
  if (!base) {
    throw new ConnectOptionsError(
      "PUBLIC_BASE_URL is not set: it is the gateway's public URL, which links and the consent callback are built from. Run the command against a running `npm start`, or export the deployed stack's GatewayEnvironment output.",
    );
  }
  return base;
}

/** Where the platform sends the account holder back after the consent page. */
export function callbackUrl(platform: PlatformWord): string {
  return `${baseUrl()}/connect/${platform}/callback`;
}

export interface ConnectLinkResult {
  platform: PlatformWord;
  /** Holds the one-time token: shown once, stored only as a hash. */
  url: string;
  expires_at: string;
}

/** `gateway accounts connect-link`: a one-time link, valid 15 minutes, that connects the owner's accounts. */
export async function createConnectLinkFor(ownerId: string, platform: PlatformWord): Promise<ConnectLinkResult> {
  if (!oauthOf(platform)) {
    const platforms = linkPlatforms();
    throw new ConnectOptionsError(
      `Accounts of ${platform} cannot be connected with a link: it has no consent page in this gateway. Platforms with links: ${platforms.join(', ') || 'none yet'}.`,
    );
  }
  const base = baseUrl();
  const { token, expiresAt } = await createConnectLink(ownerId, platform);
  return { platform, url: `${base}/connect/${platform}?link=${encodeURIComponent(token)}`, expires_at: expiresAt.toISOString() };
}
