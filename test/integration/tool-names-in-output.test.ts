/**
 * Every tool named in a tool's text or structured output exists, and no tool speaks of the real
 * platforms behind the neutral words. Each registered tool is called once, with working arguments,
 * on seeded sandbox accounts of all seven platforms (ids come from the list tools, as a user would
 * take them); its answer (and its description) is scanned.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { argumentsJsonSchema } from '../../functions/catalog/json-schema';
import { REGISTRY } from '../../functions/all-tools';
import { callTool, createTestOwner, useTestTables, type CallResult } from '../support/gateway';
import { clearAuthCache } from '../../functions/runtime/middleware/authenticate';
import { setSafetySettings } from '../../functions/runtime/safety';
import { createApiKey } from '../../functions/runtime/stores/api-keys';
import { workingArguments } from '../support/working-arguments';

useTestTables();

/** Real platforms and their products, and real-platform identifier formats: never in tool text. */
const FORBIDDEN = [
  /\bgoogle\b/i,
  /\bmeta\b/i,
  /\bfacebook\b/i,
  /\binstagram\b/i,
  /\blinkedin\b/i,
  /\btiktok\b/i,
  /\bamazon\b/i,
  /\bopenai\b/i,
  /\bchatgpt\b/i,
  /\bmicrosoft\b/i,
  /\bbing\b/i,
  /\byoutube\b/i,
  /\bmessenger\b/i,
  /\bwhatsapp\b/i,
  /\bpangle\b/i,
  /\bpinterest\b/i,
  /urn:li:/i,
];

/** snake_case words that look like tool names: a verb prefix and at least one more part. */
const TOOL_LIKE =
  /\b(?:list|get|create|update|pause|resume|archive|add|remove|analyze|search|select|suggest|validate|resolve|discover|delete|set|upload|enable|disable)_[a-z0-9]+(?:_[a-z0-9]+)*\b/g;
/** snake_case words of that shape that are argument or field names, not tools. */
const NOT_TOOLS = new Set(['create_time', 'search_term', 'search_terms', 'add_to_cart']);

function toolNamesIn(text: string): string[] {
  return [...new Set(text.match(TOOL_LIKE) ?? [])].filter((n) => !NOT_TOOLS.has(n));
}

function forbiddenIn(text: string): string[] {
  return FORBIDDEN.flatMap((re) => text.match(re) ?? []);
}

/**
 * The strings of structured output a caller reads as text: sentences, and the values of `tool`
 * fields. A lone snake_case value elsewhere is a code (`action: "pause_creative"`, an enum value),
 * scanned for forbidden words but not taken for a tool name; keys are field names.
 */
function stringsIn(value: unknown, key = ''): { text: string; code: boolean }[] {
  if (typeof value === 'string') return [{ text: value, code: !/(^|_)tool$/.test(key) && /^[a-z0-9_]+$/.test(value) }];
  if (Array.isArray(value)) return value.flatMap((item) => stringsIn(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringsIn(v, k));
  return [];
}

/** What a caller reads: the text and structured strings of a success, the message of an error. */
function answerOf(result: CallResult): { prose: string; all: string } {
  const body = result.body;
  const parts = body.success
    ? [{ text: body.data?.text ?? '', code: false }, ...stringsIn(body.data?.structured)]
    : [{ text: body.error ?? '', code: false }, ...stringsIn(body.structured_content)];
  return {
    prose: parts
      .filter((p) => !p.code)
      .map((p) => p.text)
      .join('\n'),
    all: parts.map((p) => p.text).join('\n'),
  };
}

/**
 * The words of the tool contract (argument names and enum values, e.g. `facebook_page_id`,
 * publisher platform `instagram`), which the scan cannot ask to rename: a contract change is the
 * lead's call. They are taken out of a text before it is scanned, with web addresses (a landing page
 * or app store link is the advertiser's data, not the gateway's words).
 */
const CONTRACT_WORDS = new Set<string>();
function collectContractWords(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  for (const value of Array.isArray(node.enum) ? node.enum : []) if (typeof value === 'string') CONTRACT_WORDS.add(value);
  if (typeof node.const === 'string') CONTRACT_WORDS.add(node.const);
  for (const key of Object.keys((node.properties as object) ?? {})) CONTRACT_WORDS.add(key);
  for (const child of Object.values(node)) if (child && typeof child === 'object') collectContractWords(child);
}
for (const tool of REGISTRY.all()) collectContractWords(argumentsJsonSchema(tool).schema);

function scannable(text: string): string {
  return text
    .replace(/\bhttps?:\/\/\S+/g, '')
    .replace(/[A-Za-z0-9_]+/g, (word) => (CONTRACT_WORDS.has(word) && /_|^[a-z]+$/.test(word) ? '' : word));
}

/** Every description a caller reads in the catalog: the tool's and its arguments'. */
function descriptionsIn(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  return [...(typeof node.description === 'string' ? [node.description] : []), ...Object.values(node).flatMap(descriptionsIn)];
}

let server: http.Server;
let videoUrl: string;
beforeAll(async () => {
  // A local server standing in for a video host.
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': '7340032' });
    res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(16));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  videoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ad.mp4`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('tool texts', () => {
  it('name only registered tools and speak the neutral platform words, in every tool answer and description', async () => {
    // Prepare: one seeded sandbox account per platform; ids read from the list tools.
    const { apiKey, owner } = await createTestOwner({
      accounts: { searchads: 1, socialads: 1, proads: 1, shortvideo: 1, retailads: 1, chatads: 1, deskads: 1 },
    });
    const read = async (tool: string, args: Record<string, unknown> = {}) => {
      const result = await callTool(apiKey, tool, args);
      if (result.status !== 200) throw new Error(`${tool} answered ${result.status}: ${result.body.error}`);
      return result.body.data!.structured as Record<string, any>;
    };
    const ARGUMENTS = await workingArguments(apiKey, videoUrl);
    const searchCampaign = { id: ARGUMENTS.update_campaign!.campaign_id as string };

    // Act: every registered tool, reads first so the writes cannot hide anything from them.
    // searchads recommendations follow the account's state: they are applied and dismissed first among the writes, before another write can make them stale.
    const firstWrites = ['apply_recommendation', 'dismiss_recommendation'];
    const rank = (t: { name: string; access: string }) => (t.access === 'read' ? 0 : firstWrites.includes(t.name) ? 1 : 2);
    const tools = REGISTRY.all().sort((a, b) => rank(a) - rank(b));
    const failures: string[] = [];
    const unknownTools: string[] = [];
    const forbidden: string[] = [];
    const scan = (tool: (typeof tools)[number], result: CallResult) => {
      const described = scannable([tool.description, ...descriptionsIn(argumentsJsonSchema(tool).schema)].join('\n'));
      for (const word of forbiddenIn(described)) forbidden.push(`${tool.name} description: "${word}"`);
      for (const name of toolNamesIn(described)) if (!REGISTRY.get(name)) unknownTools.push(`${tool.name} description: ${name}`);
      if (result.status !== 200) failures.push(`${tool.name} ${result.status}: ${result.body.error}`);
      const answer = answerOf(result);
      const text = scannable(answer.prose);
      for (const word of forbiddenIn(scannable(answer.all))) forbidden.push(`${tool.name} output: "${word}"`);
      if (process.env.SCAN_DEBUG)
        for (const re of FORBIDDEN)
          for (const m of text.matchAll(new RegExp(re.source, 'gi')))
            console.log(tool.name, text.slice(Math.max(0, m.index! - 80), m.index! + 60));
      for (const name of toolNamesIn(text)) if (!REGISTRY.get(name)) unknownTools.push(`${tool.name} output: ${name}`);
    };
    // Approving and reverting need a write to act on: they run after every other tool.
    const afterWrites = ['revert_change', 'manage_action'];
    for (const tool of tools.filter((t) => !afterWrites.includes(t.name)))
      scan(tool, await callTool(apiKey, tool.name, ARGUMENTS[tool.name] ?? {}));
    // A change no later write touched (searchads campaigns get budget changes from several tools).
    const applied = (await read('list_change_history', { tool: 'update_deskads_ad_group', outcome: 'applied' })).entries as {
      change_id: string;
    }[];
    scan(REGISTRY.get('revert_change')!, await callTool(apiKey, 'revert_change', { change_id: applied[0]?.change_id }));
    await setSafetySettings(owner.owner_id, { approvals: 'all' });
    clearAuthCache();
    const held = await read('update_campaign', { campaign_id: searchCampaign.id, name: 'Scan test held' });
    const approver = await createApiKey(owner.owner_id, { scope: 'approve' });
    scan(
      REGISTRY.get('manage_action')!,
      await callTool(approver.api_key, 'manage_action', { action_id: held.action_id, decision: 'approve' }),
    );

    // Assess
    expect({ failures, unknownTools: [...new Set(unknownTools)], forbidden: [...new Set(forbidden)] }).toEqual({
      failures: [],
      unknownTools: [],
      forbidden: [],
    });
  }, 180_000);
});
