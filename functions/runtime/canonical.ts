import { createHash, randomBytes } from 'node:crypto';

/** JSON with object keys sorted at every depth, so equal arguments give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function fingerprint(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/** URL-safe random characters (base64url), `length` of them. */
export function randomToken(length: number): string {
  return randomBytes(Math.ceil((length * 3) / 4))
    .toString('base64url')
    .slice(0, length);
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Where ids draw their characters: crypto randomness unless a recording replaced it (drawIdsFrom). */
let idRandom: (() => number) | undefined;

/**
 * URL-safe random characters for an id that is not a secret (change, action, monitor, research,
 * owner and bundle ids). Secrets (API keys, OAuth codes and tokens, connect links) use randomToken.
 */
export function randomId(length: number): string {
  if (!idRandom) return randomToken(length);
  let out = '';
  while (out.length < length) out += ID_ALPHABET[Math.floor(idRandom() * ID_ALPHABET.length)];
  return out;
}

/**
 * Draws ids (randomId) from `random` (a seeded stream) until the returned function is called:
 * test/e2e/examples.test.ts records the same answers on every run this way. Returns the restore.
 */
export function drawIdsFrom(random: () => number): () => void {
  const before = idRandom;
  idRandom = random;
  return () => {
    idRandom = before;
  };
}
