import { seededRandom } from './metrics';

/**
 * Ids shaped like the real platforms' ids. Seeded generators make a seeded account's ids
 * reproducible; `fresh*` ones are for entities created by tools.
 */
export function digits(count: number, random: () => number = Math.random): string {
  let out = String(1 + Math.floor(random() * 9));
  while (out.length < count) out += String(Math.floor(random() * 10));
  return out;
}

export function alphanumeric(count: number, random: () => number = Math.random): string {
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
