/**
 * The AWS Encryption SDK of live credentials (functions/runtime/stores/credentials.ts): in every Lambda
 * package a file of its own, encryption-sdk.js beside index.js (lib/gateway-function.ts, LIBRARY_FILES),
 * loaded only when a credential is encrypted or decrypted (functions/load-library.ts).
 */
export { buildClient, CommitmentPolicy, KmsKeyringNode, RawAesKeyringNode, RawAesWrappingSuiteIdentifier } from '@aws-crypto/client-node';
export type { KeyringNode } from '@aws-crypto/client-node';
