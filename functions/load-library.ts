import { lazyImport } from './lazy-import';

/**
 * Large libraries needed only on a rare path, each loaded at its first use. In a Lambda package each is
 * a file of its own beside index.js (lib/gateway-function.ts, LIBRARY_FILES): the bundles keep these
 * imports as `require("./<file>")`, which is why they are made here, beside the files they load, and
 * only here. A sandbox tool call reads none of them.
 */

/** The Encryption SDK: when a live credential (or a stored secret) is encrypted or decrypted. */
export const loadEncryptionSdk = lazyImport(() => import('./encryption-sdk'));

/** The SES client: when an alert, brief or report is emailed. */
export const loadEmailClient = lazyImport(() => import('./email-client'));

/** The Secrets Manager client: when a live adapter reads the deployment's secret settings (in AWS). */
export const loadSecretsClient = lazyImport(() => import('./secrets-client'));
