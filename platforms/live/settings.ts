/**
 * Deployment settings of the live adapters. URLs and versions come from the environment (tests and
 * staging point the URLs at local servers; nothing else changes). Secret values come from the
 * environment locally, and in AWS from the Secrets Manager secret named by LIVE_SECRETS_ARN (a JSON
 * object with the same names), never from plain environment values in the template.
 */
export interface LiveSettings {
  chatadsApiUrl: string;
  searchadsApiUrl: string;
  searchadsApiVersion: string;
  searchadsDeveloperToken?: string;
  searchadsClientId?: string;
  searchadsClientSecret?: string;
  searchadsOauthTokenUrl: string;
  searchadsOauthAuthorizeUrl: string;
}

/** The newest stable version of the search platform's API when this gateway was built (v26, October 2026). */
export const SEARCHADS_DEFAULT_API_VERSION = 'v26';

/** The secret setting names, as keys of the LIVE_SECRETS_ARN secret or environment variables. */
export const SECRET_SETTINGS = ['SEARCHADS_DEVELOPER_TOKEN', 'SEARCHADS_CLIENT_ID', 'SEARCHADS_CLIENT_SECRET'] as const;

const SECRET_CACHE_MS = 5 * 60_000;
let cachedSecrets: { arn: string; at: number; values: Record<string, string> } | undefined;

async function secretValues(): Promise<Record<string, string>> {
  const arn = process.env.LIVE_SECRETS_ARN;
  if (!arn) return {};
  if (cachedSecrets?.arn === arn && Date.now() - cachedSecrets.at < SECRET_CACHE_MS) return cachedSecrets.values;
  // Loaded only where the secret is configured (AWS), not on every cold start that imports settings.
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const result = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  const values = result.SecretString ? (JSON.parse(result.SecretString) as Record<string, string>) : {};
  cachedSecrets = { arn, at: Date.now(), values };
  return values;
}

export async function liveSettings(): Promise<LiveSettings> {
  const env = process.env;
  const secrets = await secretValues();
  const secret = (name: (typeof SECRET_SETTINGS)[number]) => secrets[name] || env[name] || undefined;
  const url = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, '');
  return {
    chatadsApiUrl: url(env.CHATADS_API_URL, 'https://api.ads.openai.com/v1'),
    searchadsApiUrl: url(env.SEARCHADS_API_URL, 'https://googleads.googleapis.com'),
    searchadsApiVersion: env.SEARCHADS_API_VERSION || SEARCHADS_DEFAULT_API_VERSION,
    searchadsDeveloperToken: secret('SEARCHADS_DEVELOPER_TOKEN'),
    searchadsClientId: secret('SEARCHADS_CLIENT_ID'),
    searchadsClientSecret: secret('SEARCHADS_CLIENT_SECRET'),
    searchadsOauthTokenUrl: url(env.SEARCHADS_OAUTH_TOKEN_URL, 'https://oauth2.googleapis.com/token'),
    searchadsOauthAuthorizeUrl: url(env.SEARCHADS_OAUTH_AUTHORIZE_URL, 'https://accounts.google.com/o/oauth2/v2/auth'),
  };
}
