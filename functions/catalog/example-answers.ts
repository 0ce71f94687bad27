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
 * Ids drawn from crypto randomness (request, change and action ids, tokens) differ on every run:
 * each becomes a stable stand-in numbered in order of first appearance, so equal ids stay equal.
 */
export function normaliseIds(text: string): string {
  const seen = new Map<string, string>();
  return text.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, (id) => {
    if (!seen.has(id)) seen.set(id, `00000000-0000-4000-8000-${String(seen.size + 1).padStart(12, '0')}`);
    return seen.get(id)!;
  });
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
