import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from '../../functions/local/dynamodb-local';
import { startHttpServer } from '../../functions/local/server';
import { REGISTRY } from '../../functions/all-tools';

/** Debian's Chromium (`apt-get install -y chromium`); Playwright never downloads a browser here. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let server: Server;
let browser: Browser;
let page: Page;
let base: string;
const external: string[] = [];
const consoleErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Headless Chromium is required for the /docs test and was not found at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  const port = await freePort();
  server = await startHttpServer(port);
  base = `http://127.0.0.1:${port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  page = await browser.newPage();
  // The page must work offline: every request it makes goes to the gateway itself.
  await page.route('**/*', (route) => {
    if (route.request().url().startsWith(base)) return route.continue();
    external.push(route.request().url());
    return route.abort();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe('GET /docs in headless Chromium', () => {
  it('renders the reference with a title and lists every registered tool', async () => {
    // Act
    await page.goto(`${base}/docs`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
    // Assess
    expect(await page.title()).toBe('Ad-Platform Tool Gateway API reference');
    expect(await page.textContent('h1')).toContain('API reference');
    expect(await page.locator('#tool-list button[data-tool]').count()).toBe(REGISTRY.all().length);
    expect(await page.textContent('#tool-count')).toBe(`${REGISTRY.all().length} tools`);
    expect(await page.textContent('#version')).toContain('API version 1.0.0');
    expect(external).toEqual([]);
    // No CSP violation or script error: the hashes in the policy match the inline script and style.
    expect(consoleErrors).toEqual([]);
  });

  it('filters the list with the search box', async () => {
    // Act
    await page.fill('#search', 'list_campaigns');
    // Assess
    const names = await page.locator('#tool-list button[data-tool]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-tool')));
    const expected = REGISTRY.all().filter((t) => `${t.name} ${t.group} ${t.description}`.toLowerCase().includes('list_campaigns')).length;
    expect(names).toContain('list_campaigns');
    expect(names.length).toBe(expected);
    expect(names.length).toBeLessThan(REGISTRY.all().length);
    expect(await page.textContent('#tool-count')).toBe(`${expected} of ${REGISTRY.all().length} tools`);
    // A term that matches nothing empties the list.
    // Flags are not text: searching "read-only" finds no tool by its badge.
    await page.fill('#search', 'read-only');
    expect(await page.locator('#tool-list button[data-tool]').count()).toBe(REGISTRY.all().filter((t) => `${t.name} ${t.group} ${t.description}`.toLowerCase().includes('read-only')).length);
    await page.fill('#search', 'zzz-no-such-tool');
    expect(await page.locator('#tool-list button[data-tool]').count()).toBe(0);
    await page.fill('#search', '');
    expect(await page.locator('#tool-list button[data-tool]').count()).toBe(REGISTRY.all().length);
  });

  it('shows a tool\'s description, flags, parameters and an example curl when clicked', async () => {
    // Prepare
    const tool = REGISTRY.get('list_campaigns')!;
    // Act
    await page.click('#tool-list button[data-tool="list_campaigns"]');
    await page.waitForSelector('article#tool[data-tool="list_campaigns"]');
    // Assess
    expect(await page.textContent('article#tool h2')).toBe('list_campaigns');
    // Rendered from its Markdown: compare the words, not the markup.
    const words = (text: string | null) => (text ?? '').replace(/[`*]|\s+/g, '');
    expect(words(await page.textContent('article#tool .description'))).toBe(words(tool.description));
    expect(await page.textContent('article#tool .flags')).toContain('Read');
    const parameters = await page.locator('#params tr[data-param]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-param')));
    expect(parameters.sort()).toEqual(Object.keys(tool.schema.entries).sort());
    const lookback = await page.locator('#params tr[data-param="lookback_days"] td').allTextContents();
    expect(lookback).toEqual(['lookback_days', 'integer', 'no', '30', '>= 1; <= 365', expect.stringContaining('Days of performance')]);
    const curl = await page.textContent('#curl');
    expect(curl).toContain(`curl -X POST '${base}/api/v1/tools/list_campaigns/execute'`);
    expect(curl).toContain('Authorization: Bearer $API_KEY');
    expect(page.url()).toBe(`${base}/docs#tool/list_campaigns`);
    expect(consoleErrors).toEqual([]);
  });

  it('sends a request from "Try it" to the gateway itself (the policy allows it) and shows the answer', async () => {
    // Act: no key given, so the gateway answers 401 before touching any table.
    await page.click('#try-send');
    await page.locator('#try-output', { hasText: /^HTTP \d+/ }).waitFor();
    // Assess
    const output = await page.textContent('#try-output');
    expect(output).toMatch(/^HTTP 401\n/);
    expect(output).toContain('Missing API key');
    // Chromium logs every 4xx response as "Failed to load resource"; that one is expected here.
    expect(consoleErrors.filter((message) => !message.includes('status of 401'))).toEqual([]);
  });

  it('opens a tool from a shared link', async () => {
    const writeTool = REGISTRY.all().find((t) => t.access === 'write');
    const name = (writeTool ?? REGISTRY.all()[0]).name;
    await page.goto(`${base}/docs#tool/${name}`);
    await page.waitForSelector(`article#tool[data-tool="${name}"]`, { timeout: 20_000 });
    if (writeTool) expect(await page.textContent('#curl')).toContain('Idempotency-Key: $(uuidgen)');
  });
});
