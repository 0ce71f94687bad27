import { createHash } from 'node:crypto';
import { processingMs } from '../../../platforms/chatads/sandbox/audiences';
import { fakeDate } from '../../support/clock';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

type Row = Record<string, any>;
/**
 * The sandbox finishes an operation when the clock passes its end (`processingMs` after the start):
 * the test moves the faked `Date` on by that much instead of waiting it out (timers stay real).
 */
const passTime = (ms: number) => jest.setSystemTime(Date.now() + ms);
const emails = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ identifier_type: 'email', identifier: `${tag}${i}@example.com` }));

describe('chatads custom audiences and operations', () => {
  let apiKey: string;
  beforeAll(async () => {
    fakeDate(new Date());
    ({ apiKey } = await createTestOwner({ accounts: { chatads: 1 } }));
  });
  afterAll(() => jest.useRealTimers());

  const audience = async (id: string) => (await callToolOk(apiKey, 'get_chatads_custom_audience', { custom_audience_id: id })).structured!;
  const operation = async (id: string) =>
    (await callToolOk(apiKey, 'get_chatads_custom_audience_operation', { operation_id: id })).structured!.operation as Row;

  it('create empty → too_small; add members → processing → ready; remove → fewer members', async () => {
    const created = await callToolOk(apiKey, 'create_chatads_custom_audience', { name: 'Trail club' });
    const id = created.structured!.custom_audience.id;
    expect(created.structured!.custom_audience).toMatchObject({ status: 'too_small', matched_users: 0, archived: false });
    const mixed = [
      ...emails(1990, 'hiker'),
      { identifier_type: 'phone', identifier: '+15551234567' },
      { identifier_type: 'hashed_email', identifier: createHash('sha256').update('a@b.co').digest('hex') },
      { identifier_type: 'device_advertising_id', identifier: '6D92078A-8246-4BA4-AE5B-76104861E7DC' },
    ];
    const added = await callToolOk(apiKey, 'add_chatads_custom_audience_members', { custom_audience_id: id, members: mixed });
    const op = added.structured!.operation;
    expect(op).toMatchObject({ status: 'processing', type: 'add', submitted_identifiers: 1993, source: 'inline' });
    expect((await audience(id)).custom_audience.status).toBe('processing');
    passTime(processingMs(1993) + 200);
    const done = await operation(op.id);
    expect(done.status).toBe('succeeded');
    expect(done.matched_identifiers).toBeGreaterThan(1000);
    const ready = (await audience(id)).custom_audience;
    expect(ready).toMatchObject({ status: 'ready', uploaded_identifiers: 1993, matched_users: done.matched_identifiers });
    const removed = await callToolOk(apiKey, 'remove_chatads_custom_audience_members', {
      custom_audience_id: id,
      members: emails(10, 'hiker'),
    });
    passTime(processingMs(10) + 200);
    expect((await operation(removed.structured!.operation.id)).status).toBe('succeeded');
    expect((await audience(id)).custom_audience.uploaded_identifiers).toBe(1983);
  });

  it('pause stops an operation, resume continues it, cancel ends it failed (cancelled) and applies nothing', async () => {
    const id = (await callToolOk(apiKey, 'create_chatads_custom_audience', { name: 'Pause test' })).structured!.custom_audience.id;
    const first = (await callToolOk(apiKey, 'add_chatads_custom_audience_members', { custom_audience_id: id, file_id: 'file_crm2026' }))
      .structured!.operation;
    expect(first.source).toBe('file');
    const paused = await callToolOk(apiKey, 'pause_chatads_custom_audience_operation', { operation_id: first.id });
    expect(paused.structured).toMatchObject({ previous_status: 'processing', operation: { status: 'paused' } });
    passTime(processingMs(first.submitted_identifiers) + 200);
    expect((await operation(first.id)).status).toBe('paused');
    expect((await audience(id)).custom_audience.status).toBe('processing');
    const again = await callToolOk(apiKey, 'pause_chatads_custom_audience_operation', { operation_id: first.id });
    expect(again.text).toContain('already paused');
    await callToolOk(apiKey, 'resume_chatads_custom_audience_operation', { operation_id: first.id });
    expect((await operation(first.id)).status).toBe('processing');
    const cancelled = await callToolOk(apiKey, 'cancel_chatads_custom_audience_operation', { operation_id: first.id });
    expect(cancelled.structured!.operation).toMatchObject({ status: 'failed', error: 'cancelled' });
    const after = await audience(id);
    expect(after.custom_audience).toMatchObject({ status: 'too_small', uploaded_identifiers: 0 });
    const listed = (
      await callToolOk(apiKey, 'list_chatads_custom_audience_operations', { custom_audience_id: id, status_filter: ['failed'] })
    ).structured!.operations as Row[];
    expect(listed.map((o) => o.id)).toEqual([first.id]);
    const resumeCancelled = await callTool(apiKey, 'resume_chatads_custom_audience_operation', { operation_id: first.id });
    expect(resumeCancelled.status).toBe(400);
    expect(resumeCancelled.body.error).toContain('only paused operations can be resumed');
    expect((await callTool(apiKey, 'pause_chatads_custom_audience_operation', { operation_id: first.id })).body.error).toContain(
      'only processing operations can be paused',
    );
  });

  it('merges 2-64 audiences into a new one; archived audiences are permanent and never targetable', async () => {
    const all = (await callToolOk(apiKey, 'list_chatads_custom_audiences', { status_filter: ['ready'] })).structured!
      .custom_audiences as Row[];
    const sources = all.filter((a) => a.matched_users > 10_000).slice(0, 2);
    const merged = await callToolOk(apiKey, 'merge_chatads_custom_audiences', {
      name: 'Buyers and subscribers',
      custom_audience_ids: sources.map((a) => a.id),
    });
    expect(merged.structured!.custom_audience.status).toBe('processing');
    expect(merged.structured!.operation).toMatchObject({ type: 'merge', source_audience_ids: sources.map((a) => a.id) });
    passTime(processingMs(merged.structured!.operation.submitted_identifiers) + 200);
    const built = (await audience(merged.structured!.custom_audience.id)).custom_audience;
    expect(built.status).toBe('ready');
    expect(built.matched_users).toBe(Math.round((sources[0].matched_users + sources[1].matched_users) * 0.9));

    const one = await callTool(apiKey, 'merge_chatads_custom_audiences', { name: 'x', custom_audience_ids: [sources[0].id] });
    expect(one.body.error).toContain('at least 2 audiences');
    const many = await callTool(apiKey, 'merge_chatads_custom_audiences', {
      name: 'x',
      custom_audience_ids: Array.from({ length: 65 }, (_, i) => `aud_${i}x`),
    });
    expect(many.body.error).toContain('at most 64 audiences');
    const twice = await callTool(apiKey, 'merge_chatads_custom_audiences', {
      name: 'x',
      custom_audience_ids: [sources[0].id, sources[0].id],
    });
    expect(twice.body.error).toContain('more than once');

    const target = sources[0];
    const dry = await callToolOk(apiKey, 'archive_chatads_custom_audience', { custom_audience_id: target.id, dry_run: true });
    expect(dry.structured!.changes[0].fields.archived).toEqual({ before: false, after: true });
    expect((await audience(target.id)).custom_audience.archived).toBe(false);
    await callToolOk(apiKey, 'archive_chatads_custom_audience', { custom_audience_id: target.id });
    expect((await audience(target.id)).custom_audience.archived).toBe(true);
    expect(
      ((await callToolOk(apiKey, 'list_chatads_custom_audiences', {})).structured!.custom_audiences as Row[]).map((a) => a.id),
    ).not.toContain(target.id);
    const campaign = (
      (await callToolOk(apiKey, 'list_chatads_campaigns', { status_filter: ['active'], type_filter: 'clicks' })).structured!
        .campaigns as Row[]
    )[0];
    const targeted = await callTool(apiKey, 'create_chatads_ad_group', {
      campaign_id: campaign.id,
      name: 'Archived audience',
      max_bid: 1,
      custom_audience_bid_multipliers: [{ custom_audience_id: target.id, bid_multiplier_micros: 1_500_000 }],
    });
    expect(targeted.status).toBe(400);
    expect(targeted.body.error).toContain('archived and can never be targeted again');
    for (const [tool, args] of [
      ['add_chatads_custom_audience_members', { custom_audience_id: target.id, members: emails(1, 'x') }],
      ['merge_chatads_custom_audiences', { name: 'y', custom_audience_ids: [target.id, sources[1].id] }],
    ] as const) {
      const refused = await callTool(apiKey, tool, args);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain('archived audiences are permanent');
    }
  });

  it.each([
    [{ members: emails(1, 'a'), file_id: 'file_x1' }, 'not both'],
    [{}, 'give `members` (inline, up to 10,000) or `file_id`'],
    [{ members: [{ identifier_type: 'email', identifier: 'not-an-email' }] }, '`members[0].identifier` is not an email address'],
    [{ members: [{ identifier_type: 'phone', identifier: '555-1234' }] }, 'E.164'],
    [{ members: [{ identifier_type: 'hashed_email', identifier: 'abc' }] }, 'SHA-256'],
    [{ members: [{ identifier_type: 'device_advertising_id', identifier: 'abc' }] }, 'device advertising id'],
    [{ members: [{ identifier_type: 'fax', identifier: '1' }] }, '`members[0].identifier_type`'],
    [{ members: emails(10_001, 'big') }, 'at most 10,000 members inline'],
    [{ file_id: 'upload-1' }, '`file_id` must be a file id starting with file_'],
  ])('add_chatads_custom_audience_members refuses %#', async (bad, message) => {
    const id = ((await callToolOk(apiKey, 'list_chatads_custom_audiences', {})).structured!.custom_audiences as Row[])[0].id;
    const result = await callTool(apiKey, 'add_chatads_custom_audience_members', { custom_audience_id: id, ...bad });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
  });

  it('replace takes the whole membership from a file; unknown ids name the list tool', async () => {
    const id = (await callToolOk(apiKey, 'create_chatads_custom_audience', { name: 'Replace me', file_id: 'file_seed1' })).structured!
      .custom_audience.id;
    const replaced = await callToolOk(apiKey, 'replace_chatads_custom_audience_members', {
      custom_audience_id: id,
      file_id: 'file_fresh2',
    });
    expect(replaced.structured!.operation).toMatchObject({ type: 'replace', file_id: 'file_fresh2' });
    const unknown = await callTool(apiKey, 'get_chatads_custom_audience_operation', { operation_id: 'aop_nothere' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('aop_nothere');
  });
});
