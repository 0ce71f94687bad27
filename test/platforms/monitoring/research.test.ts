/** Research jobs: queued, run once in the background by the scheduler, read back by id. */
import { ALL_PLATFORMS } from '../../../functions/all-tools';
import { runDueTasks } from '../../../platforms/gateway/monitoring/scheduler';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

describe('research jobs', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createTestOwner({ accounts: { searchads: 1, deskads: 1, chatads: 1 } })).apiKey;
  });
  const status = async (id: string) => (await callToolOk(apiKey, 'get_research_status', { research_id: id })).structured!.job;

  it('keywords: queued, then run once by concurrent scheduler runs; converting, wasted and themed terms of both search platforms', async () => {
    const job = (await callToolOk(apiKey, 'start_research', { topic: 'keywords' })).structured!.job;
    expect(job).toMatchObject({ status: 'queued', topic: 'keywords', started_at: null });
    expect((await status(job.research_id)).status).toBe('queued');
    const runs = await Promise.all(Array.from({ length: 3 }, () => runDueTasks(ALL_PLATFORMS, new Date())));
    expect(runs.reduce((n, r) => n + r.research.done, 0)).toBe(1);
    const done = await status(job.research_id);
    expect(done).toMatchObject({
      status: 'done',
      result: {
        topic: 'keywords',
        accounts: [expect.stringMatching(/^(searchads|deskads) /), expect.stringMatching(/^(searchads|deskads) /)],
      },
    });
    const r = done.result;
    expect(r.terms_analysed).toBeGreaterThan(0);
    for (const t of r.converting_terms) expect(t.conversions).toBeGreaterThan(0);
    for (const t of r.wasted_terms) expect(t).toMatchObject({ conversions: 0 });
    expect(r.themes.length).toBeGreaterThan(0);
    const text = (await callToolOk(apiKey, 'get_research_status', { research_id: job.research_id })).text;
    expect(text).toContain('negative candidates');
  });

  it('keywords with seeds keep only the terms that contain one', async () => {
    const job = (await callToolOk(apiKey, 'start_research', { topic: 'keywords', seeds: ['boot'] })).structured!.job;
    await runDueTasks(ALL_PLATFORMS, new Date());
    const r = (await status(job.research_id)).result;
    for (const t of [...r.converting_terms, ...r.wasted_terms]) expect(t.term).toContain('boot');
  });

  it("campaigns: every platform's campaigns by return; listed as a task and deletable, not pausable", async () => {
    const job = (await callToolOk(apiKey, 'start_research', { topic: 'campaigns', platforms: ['searchads', 'chatads'] })).structured!.job;
    await runDueTasks(ALL_PLATFORMS, new Date());
    const r = (await status(job.research_id)).result;
    expect(r.campaigns_analysed).toBeGreaterThan(0);
    for (const c of r.spend_without_conversions) expect(c.conversions).toBe(0);
    expect(new Set([...r.best_roas, ...r.highest_cpa].map((c: { platform: string }) => c.platform)).has('deskads')).toBe(false);
    const tasks = (await callToolOk(apiKey, 'list_scheduled_tasks')).structured!.tasks as {
      task_id: string;
      kind: string;
      status: string;
    }[];
    expect(tasks.find((t) => t.task_id === job.research_id)).toMatchObject({ kind: 'research', status: 'done' });
    const pause = await callTool(apiKey, 'manage_scheduled_task', { task_id: job.research_id, action: 'pause' });
    expect(pause.status).toBe(400);
    expect(pause.body.error).toContain('can only be deleted');
    await callToolOk(apiKey, 'manage_scheduled_task', { task_id: job.research_id, action: 'delete' });
    expect((await callTool(apiKey, 'get_research_status', { research_id: job.research_id })).body.structured_content).toMatchObject({
      code: 'not_found',
    });
  });

  it.each([
    [{ topic: 'campaigns', seeds: ['boot'] }, '`seeds` go only with topic keywords'],
    [{ topic: 'competitors' }, 'topic'],
  ])('start_research refuses %j with a 400', async (args, message) => {
    const result = await callTool(apiKey, 'start_research', args);
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });
});
