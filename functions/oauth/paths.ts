/**
 * The paths of MCP sign-in (functions/oauth/routes.ts), served by the MCP function. Kept apart, with
 * no imports, so that the CDK stack (lib/gateway-api.ts) routes them from this one list.
 */
export const OAUTH_PATHS = [
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
  '/oauth/register',
  '/oauth/authorize',
  '/oauth/token',
  '/oauth/revoke',
] as const;

export function isOAuthPath(path: string): boolean {
  return (OAUTH_PATHS as readonly string[]).includes(path.replace(/\/+$/, ''));
}
