/**
 * The Secrets Manager client of the live adapters' secret settings (platforms/live/settings.ts): a file
 * of its own in every Lambda package, secrets-client.js beside index.js (lib/gateway-function.ts,
 * LIBRARY_FILES), loaded only when a live adapter reads the deployment's secret (functions/load-library.ts).
 */
export { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
