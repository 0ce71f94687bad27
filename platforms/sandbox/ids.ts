import { seededRandom } from './metrics';

/**
 * Ids shaped like the real platforms' ids. Seeded generators make a seeded account's ids
 * reproducible; `fresh*` ones are for entities created by tools.
 */

/** Where fresh ids (new sandbox accounts, entities created by tools) are drawn from: Math.random unless a recording replaced it. */
let freshRandom: () => number = () => Math.random();

/**
 * Draws fresh sandbox ids from `random` (a seeded stream) until the returned function is called:
 * test/e2e/examples.test.ts records the same answers on every run this way. Returns the restore.
 */
export function drawFreshIdsFrom(random: () => number): () => void {
  const before = freshRandom;
  freshRandom = random;
  return () => {
    freshRandom = before;
  };
}

export function digits(count: number, random: () => number = freshRandom): string {
  let out = String(1 + Math.floor(random() * 9));
  while (out.length < count) out += String(Math.floor(random() * 10));
  return out;
}

export function alphanumeric(count: number, random: () => number = freshRandom): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  while (out.length < count) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

/** A generator of ids for one seeded account: the same seed always yields the same ids. */
export function idSource(seed: string) {
  const random = seededRandom(seed);
  return {
    random,
    digits: (count: number) => digits(count, random),
    alphanumeric: (count: number) => alphanumeric(count, random),
  };
}
