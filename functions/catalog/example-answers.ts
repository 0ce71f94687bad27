/**
 * The recorded answers of the documented examples (catalog/example-answers.json), which the tool
 * reference shows under each example call. test/e2e/examples.test.ts runs every example against a
 * fresh sandbox under a fixed clock and a seeded Math.random, and records what they answer with
 * `UPDATE_EXAMPLE_ANSWERS=1`; without it the test fails when an answer drifts from the recorded one.
 * `npm run docs` only reads the file, so the docs check stays cheap.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const EXAMPLE_ANSWERS_FILE = join(__dirname, '..', '..', 'catalog', 'example-answers.json');

/** The lines of an answer's text the reference shows; the rest is counted. */
export const ANSWER_LINES = 25;

/** What an example answered: the HTTP status and the answer's text (data.text, else the error). */
export interface ExampleAnswer {
  status: number;
  text: string;
  structured?: unknown;
}

/** An answer as recorded: ids from crypto randomness normalised, the text cut to ANSWER_LINES lines. */
export interface RecordedAnswer {
  status: number;
  text: string;
  /** Lines of the text left out. */
  more_lines?: number;
}

/**
 * What differs on every run although the recording draws sandbox ids and gateway ids (change,
 * action, monitor, research, owner ids) from seeded streams: request ids (UUIDs), the parts of
 * secrets an answer shows (API key prefixes, OAuth client ids) and the port of the test's local
 * video host. Each random part becomes a stable stand-in of the same length numbered in order of
 * first appearance (equal ids stay equal), so a recorded answer changes only when the tool's
 * answer does.
 */
const RANDOM_PARTS: { pattern: RegExp; dashesKept: boolean }[] = [
  { pattern: /\b()([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/g, dashesKept: true },
  { pattern: /\b(mcp_client_)([A-Za-z0-9_-]{22})\b/g, dashesKept: false },
  { pattern: /\b(sk_(?:live|test)_)([A-Za-z0-9_-]{4,})/g, dashesKept: false },
  { pattern: /(127\.0\.0\.1:)(\d+)/g, dashesKept: false },
];

/**
 * Number `n` in the shape of `random`: its length, and a UUID's dashes kept (a dash in a key's random
 * characters is random too: it becomes a digit, or the stand-in would depend on the draw).
 */
function standIn(random: string, n: number, dashesKept: boolean): string {
  const shape = dashesKept ? random : random.replace(/-/g, '0');
  const digits = String(n).padStart(shape.replace(/-/g, '').length, '0').split('');
  return shape.replace(/[^-]/g, () => digits.shift()!);
}

export function normaliseIds(text: string): string {
  let out = text;
  for (const { pattern, dashesKept } of RANDOM_PARTS) {
    const seen = new Map<string, string>();
    out = out.replace(pattern, (_match, prefix: string, random: string) => {
      if (!seen.has(random)) seen.set(random, standIn(random, seen.size + 1, dashesKept));
      return `${prefix}${seen.get(random)!}`;
    });
  }
  return out;
}

export function exampleAnswer(answer: ExampleAnswer): RecordedAnswer {
  const lines = normaliseIds(answer.text).split('\n');
  const recorded: RecordedAnswer = { status: answer.status, text: lines.slice(0, ANSWER_LINES).join('\n') };
  if (lines.length > ANSWER_LINES) recorded.more_lines = lines.length - ANSWER_LINES;
  return recorded;
}

export function readExampleAnswers(file = EXAMPLE_ANSWERS_FILE): Record<string, RecordedAnswer> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedAnswer>) : {};
}

export function writeExampleAnswers(answers: Record<string, RecordedAnswer>, file = EXAMPLE_ANSWERS_FILE): void {
  const sorted = Object.fromEntries(Object.entries(answers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}
