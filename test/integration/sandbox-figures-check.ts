/**
 * Sandbox figures obey the platforms' own arithmetic (issue 31), in every read tool's answer on a
 * fresh owner with one seeded sandbox account per platform:
 * - revenue only with conversions: no row with 0 conversions and revenue above 0;
 * - spend on cost-per-click search (search terms, keywords, targets) only with clicks;
 * - conversions only where the objective has them: an awareness, reach or video-view campaign's
 *   rows carry no conversions (its results are of its own type).
 * The structured output is walked row by row; a row is any object with these figures, at any depth.
 * The read tools are split into SANDBOX_FIGURES_PARTS test files (sandbox-figures-part<n>.test.ts),
 * each over a share of the platform groups (test/support/parts.ts), so they run on separate workers.
 * The check runs under a fixed clock (useFixedClock), never the machine's: the seeded figures, the
 * windows ending yesterday and each account's day are the same whatever the time of day of the run.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { REGISTRY } from '../../functions/all-tools';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';
import { workingArguments } from '../support/working-arguments';
import { groupOf, groupsOfPart } from '../support/parts';
import { useFixedClock } from '../platforms/figures/support';

export const SANDBOX_FIGURES_PARTS = 2;

/** The clock the check runs under (a midday: every account time zone is on the same day). */
export const SANDBOX_FIGURES_NOW = new Date('2026-11-18T12:00:00.000Z');

/** Objectives whose results are not conversions (reach, views, engagement). */
const NO_CONVERSION_OBJECTIVES = new Set(['OUTCOME_AWARENESS', 'REACH', 'BRAND_AWARENESS', 'VIDEO_VIEWS', 'AWARENESS']);

/** Fields naming a cost-per-click search row (a search term, a keyword, a product target). */
const SEARCH_ROW_KEYS = ['search_term', 'keyword', 'keyword_text', 'query', 'expression', 'targeting'];

/** Keys holding differences between two periods rather than figures. */
const CHANGE_KEY = /(^|_)(change|changes|delta|deltas)(_percent)?$|^change_percent$/;

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** The figures of a row: its own, or those of its `metrics` object. */
function figuresOf(row: Record<string, unknown>): Record<string, unknown> {
  return row.metrics && typeof row.metrics === 'object' && !Array.isArray(row.metrics) ? { ...row, ...(row.metrics as object) } : row;
}

export function violations(value: unknown, path: string, objective?: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => violations(item, `${path}[${i}]`, objective));
  if (!value || typeof value !== 'object') return [];
  const row = value as Record<string, unknown>;
  const own = typeof row.objective === 'string' ? row.objective : typeof row.objective_type === 'string' ? row.objective_type : objective;
  const figures = figuresOf(row);
  const found: string[] = [];
  const conversions = num(figures.conversions);
  const revenue = num(figures.revenue) ?? num(figures.conversion_value) ?? num(figures.sales);
  const spend = num(figures.spend) ?? num(figures.cost);
  const clicks = num(figures.clicks);
  if (conversions === 0 && revenue !== undefined && revenue > 0) found.push(`${path}: revenue ${revenue} with 0 conversions`);
  if (SEARCH_ROW_KEYS.some((k) => typeof row[k] === 'string') && clicks === 0 && spend !== undefined && spend > 0)
    found.push(`${path}: spend ${spend} with 0 clicks on a cost-per-click search row`);
  if (own && NO_CONVERSION_OBJECTIVES.has(own) && conversions !== undefined && conversions > 0)
    found.push(`${path}: ${conversions} conversions on a ${own} row`);
  // Changes between periods (`change_percent`, `delta`...) are differences, not figures: a revenue change of
  // +1.1 % beside an unchanged conversion count is no revenue without conversions.
  for (const [key, child] of Object.entries(row))
    if (key !== 'metrics' && !CHANGE_KEY.test(key)) found.push(...violations(child, `${path}.${key}`, own));
  return found;
}

/** The check over the read tools of part `part` of SANDBOX_FIGURES_PARTS, on tables of its own, with the clock at `now`. */
export function describeSandboxFigures(part: number, now: Date = SANDBOX_FIGURES_NOW): void {
  useTestTables();
  useFixedClock(now);
  const isRead = (tool: { access: string }) => tool.access === 'read';
  const groups = groupsOfPart(part, SANDBOX_FIGURES_PARTS, isRead);
  let server: http.Server;
  let videoUrl: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': '7340032' });
      res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(16));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    videoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ad.mp4`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  describe(`sandbox figures obey the platforms arithmetic at ${now.toISOString()} (part ${part} of ${SANDBOX_FIGURES_PARTS}: ${groups.join(', ')})`, () => {
    it('no read tool answers revenue without conversions, search spend without clicks, or conversions on an awareness objective', async () => {
      const { apiKey } = await createTestOwner({
        accounts: { searchads: 1, socialads: 1, proads: 1, shortvideo: 1, retailads: 1, chatads: 1, deskads: 1 },
      });
      const ARGUMENTS = await workingArguments(apiKey, videoUrl);
      const found: string[] = [];
      for (const tool of REGISTRY.all().filter((t) => isRead(t) && groups.includes(groupOf(t)))) {
        const result = await callTool(apiKey, tool.name, ARGUMENTS[tool.name] ?? {});
        if (result.status === 200) found.push(...violations(result.body.data?.structured, tool.name));
      }
      expect(found).toEqual([]);
    }, 900_000);
  });
}
