/**
 * Deployment settings of the live adapters, read the same way by every platform (each platform's
 * own names live in its `live/settings.ts`). URLs and versions come from the environment (tests and
 * staging point the URLs at local servers; nothing else changes). Secret values come from the
 * environment locally, and in AWS from the Secrets Manager secret named by LIVE_SECRETS_ARN (a JSON
 * object with the same names, one per name each platform's connector lists in `secretSettings`),
 * never from plain environment values in the template.
 */
import { LiveSetupError } from '../../core/errors';
import { loadSecretsClient } from '../../functions/load-library';

const SECRET_CACHE_MS = 5 * 60_000;
let cachedSecrets: { arn: string; at: number; values: Record<string, string> } | undefined;

async function secretValues(): Promise<Record<string, string>> {
  const arn = process.env.LIVE_SECRETS_ARN;
  if (!arn) return {};
  if (cachedSecrets?.arn === arn && Date.now() - cachedSecrets.at < SECRET_CACHE_MS) return cachedSecrets.values;
  // Loaded only where the secret is configured (AWS), not on every cold start that imports settings.
  const { GetSecretValueCommand, SecretsManagerClient } = await loadSecretsClient();
  let secretString: string | undefined;
  try {
    secretString = (await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }))).SecretString;
  } catch (error) {
    // The service refused the request (no such secret, no permission, the key cannot decrypt it): the operator's to fix.
    // Anything else (a fault of the service, no answer) stays an internal error after the SDK's own retries.
    const refused = error as { $fault?: string; name?: string };
    if (refused.$fault !== 'client') throw error;
    throw new LiveSetupError(
      { setting: 'LIVE_SECRETS_ARN' },
      `Secrets Manager refused the secret LIVE_SECRETS_ARN names (${refused.name ?? 'refused'}).`,
    );
  }
  const values = secretObject(secretString);
  cachedSecrets = { arn, at: Date.now(), values };
  return values;
}

/** The secret's value: a JSON object of setting names and values (none when it holds no string). Never quotes the value. */
function secretObject(secretString: string | undefined): Record<string, string> {
  if (!secretString) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(secretString);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new LiveSetupError(
      { setting: 'LIVE_SECRETS_ARN' },
      'the value of the secret LIVE_SECRETS_ARN names is not a JSON object of setting names and values.',
    );
  return parsed as Record<string, string>;
}

/** A secret setting (an app's client secret, a developer token): the deployment's secret, else the environment; undefined when unset. */
export async function secretSetting(name: string): Promise<string | undefined> {
  const secrets = await secretValues();
  return secrets[name] || process.env[name] || undefined;
}

/** A plain setting from the environment, or `fallback`. */
export function setting(name: string, fallback: string): string {
  return process.env[name] || fallback;
}

/** A base URL setting from the environment, or `fallback`, without a trailing slash. */
export function urlSetting(name: string, fallback: string): string {
  return setting(name, fallback).replace(/\/+$/, '');
}
