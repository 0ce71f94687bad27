/**
 * Every tool documents a request example (its `examples`, else the one its schema gives), the
 * catalog and OpenAPI publish one for every tool, and every example works as documented: each is
 * sent to a fresh demo owner seeded as `npm start` seeds it (tier pro, one sandbox account per
 * platform) and must answer 200. A value that differs per account is a placeholder in the example,
 * `<campaign_id from list_campaigns>`: it is resolved here as a user would resolve it, from the list
 * tools (test/support/working-arguments.ts reads the ids; each write acts on an entity no other
 * example needs, so the examples run one after another).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REGISTRY } from '../../functions/all-tools';
import { catalog } from '../../functions/catalog/catalog';
import { documentedExample, fillPlaceholders, placeholdersIn, type Schema } from '../../functions/catalog/examples';
import { argumentsJsonSchema } from '../../functions/catalog/json-schema';
import { openApiDocument } from '../../functions/catalog/openapi';
import { ensureDemoOwner } from '../../functions/local/demo';
import { clearAuthCache } from '../../functions/runtime/middleware/authenticate';
import { setSafetySettings } from '../../functions/runtime/safety';
import { createApiKey } from '../../functions/runtime/stores/api-keys';
import { callTool, useTestTables } from '../support/gateway';
import { workingArguments } from '../support/working-arguments';
import { drawFreshIdsFrom } from '../../platforms/sandbox/ids';
import { seededRandom } from '../../platforms/sandbox/metrics';
import { drawIdsFrom } from '../../functions/runtime/canonical';
import {
  exampleAnswer,
  normaliseIds,
  readExampleAnswers,
  writeExampleAnswers,
  type ExampleAnswer,
} from '../../functions/catalog/example-answers';

useTestTables();

/** The clock the examples run under: their answers (dates, windows, figures) are the same on every run. */
const FIXED_NOW = new Date('2026-11-27T12:00:00Z');

/** Each tool's documented example (its first `examples` entry, else the example its schema gives). */
const DOCUMENTED = new Map(
  REGISTRY.all().map((tool) => [tool.name, documentedExample(argumentsJsonSchema(tool).schema as Schema, tool.examples)] as const),
);

/** The value at `path` in `value` (keys and array indexes). */
function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (node, step) => (node && typeof node === 'object' ? (node as Record<string | number, unknown>)[step] : undefined),
    value,
  );
}

let server: http.Server;
let videoUrl: string;
beforeAll(async () => {
  // A local server standing in for a video host (the examples' `<video_url: a public MP4 link>`).
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': '7340032' });
    res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(16));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  videoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ad.mp4`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * Seeded ids: the fresh ids a sandbox draws (new accounts, created entities; platforms/sandbox/ids.ts)
 * and the gateway's ids (change, action, monitor, owner ids; randomId in functions/runtime/canonical.ts)
 * come from seeded streams of their own, so the same examples get the same ids, figures and orders
 * on every run whatever else calls Math.random (SDK retry jitter under load).
 */
let restoreFreshIds: () => void;
let restoreIds: () => void;

// Only Date is fixed; timers, promises and I/O run as usual.
beforeAll(() => {
  jest.useFakeTimers({
    now: FIXED_NOW,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  restoreFreshIds = drawFreshIdsFrom(seededRandom('documented examples'));
  restoreIds = drawIdsFrom(seededRandom('documented examples: gateway ids'));
});
afterAll(() => {
  jest.useRealTimers();
  restoreFreshIds();
  restoreIds();
});

describe('documented request examples', () => {
  it('exist for every tool, in the catalog and OpenAPI, and no Idempotency-Key example is fixed', () => {
    const document = openApiDocument() as any;
    const published = catalog().filter((entry) => document.paths[entry.execute.path].post.requestBody.content['application/json'].example);
    expect({
      tools: REGISTRY.all().length,
      documented: [...DOCUMENTED.values()].filter(Boolean).length,
      published: published.length,
    }).toEqual({
      tools: REGISTRY.all().length,
      documented: REGISTRY.all().length,
      published: REGISTRY.all().length,
    });
    expect(document.components.parameters.IdempotencyKey.example).toBeUndefined();
    expect(JSON.stringify(catalog())).not.toContain('"examples"');
    // A placeholder names the field and the tool a caller takes it from (or what to give).
    const malformed = [...DOCUMENTED].flatMap(([tool, example]) =>
      placeholdersIn(example)
        .filter((p) => !/^[A-Za-z_]+ from [a-z_]+( or [a-z_]+)?$|^[a-z_ ]+(: |, ).+$/.test(p.text))
        .map((p) => `${tool} ${p.path.join('.')}: <${p.text}>`),
    );
    expect(malformed).toEqual([]);
  });

  it('all answer 200 on a fresh demo owner, placeholders taken from the list tools', async () => {
    const { demo } = await ensureDemoOwner(join(mkdtempSync(join(tmpdir(), 'examples-')), 'demo.json'));
    const apiKey = demo.api_key;
    const working = await workingArguments(apiKey, videoUrl);
    const read = async (tool: string, args: Record<string, unknown> = {}) => {
      const result = await callTool(apiKey, tool, args);
      if (result.status !== 200) throw new Error(`${tool} answered ${result.status}: ${result.body.error}`);
      return result.body.data!.structured as Record<string, any>;
    };
    const unresolved: string[] = [];
    const resolve = (tool: string, from: Record<string, unknown> | undefined) =>
      fillPlaceholders(DOCUMENTED.get(tool), (path, text) => {
        const value = valueAt(from, path);
        if (value === undefined) unresolved.push(`${tool} ${path.join('.')}: <${text}>`);
        return value;
      }) as Record<string, unknown>;
    const failures: string[] = [];
    const answers: Record<string, ExampleAnswer> = {};
    const run = async (tool: string, args: Record<string, unknown>, key = apiKey) => {
      const result = await callTool(key, tool, undefined, { rawBody: JSON.stringify({ arguments: args }) });
      if (result.status !== 200) failures.push(`${tool} ${result.status}: ${result.body.error}`);
      answers[tool] = {
        status: result.status,
        text: result.body.data?.text ?? result.body.error ?? '',
        structured: result.body.data?.structured,
      };
      if (process.env.EXAMPLES_DEBUG && result.status !== 200)
        console.log(tool, result.status, result.body.error, JSON.stringify(args).slice(0, 300));
    };

    // Reads first, so that no write hides anything from them; searchads recommendations follow the
    // account's state, so they are applied and dismissed first among the writes.
    const firstWrites = ['apply_recommendation', 'dismiss_recommendation'];
    const afterWrites = ['revert_change', 'manage_action'];
    const rank = (t: { name: string; access: string }) => (t.access === 'read' ? 0 : firstWrites.includes(t.name) ? 1 : 2);
    const tools = REGISTRY.all()
      .filter((t) => !afterWrites.includes(t.name))
      .sort((a, b) => rank(a) - rank(b));
    for (const tool of tools) await run(tool.name, resolve(tool.name, working[tool.name]));

    // Reverting and approving act on a write: a change no later example touched, and a held update.
    const applied = (await read('list_change_history', { tool: 'update_deskads_ad_group', outcome: 'applied' })).entries as {
      change_id: string;
    }[];
    await run('revert_change', resolve('revert_change', { change_id: applied[0]?.change_id }));
    await setSafetySettings(demo.owner_id, { approvals: 'all' });
    clearAuthCache();
    const held = await read('update_campaign', { campaign_id: working.update_campaign!.campaign_id, name: 'Example held' });
    const approver = await createApiKey(demo.owner_id, { scope: 'approve' });
    await run('manage_action', resolve('manage_action', { action_id: held.action_id }), approver.api_key);

    expect({ unresolved, failures }).toEqual({ unresolved: [], failures: [] });

    // The answers the tool reference shows (npm run docs renders them): recorded with
    // UPDATE_EXAMPLE_ANSWERS=1, else they must be what the examples answer today.
    const recorded = Object.fromEntries(REGISTRY.all().map((tool) => [tool.name, exampleAnswer(answers[tool.name]!)] as const));
    if (process.env.EXAMPLES_DUMP) writeFileSync(process.env.EXAMPLES_DUMP, normaliseIds(JSON.stringify(answers, null, 1)));
    if (process.env.UPDATE_EXAMPLE_ANSWERS) writeExampleAnswers(recorded);
    else expect(recorded).toEqual(readExampleAnswers());
  }, 900_000);
});
