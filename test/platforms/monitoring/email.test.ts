/**
 * Email delivery of alerts, briefs and reports, through the SES API (v2 SendEmail) of a local SES
 * endpoint that refuses what SES refuses: each alert emailed once however many scheduler runs,
 * addresses stored encrypted and shown masked, SES's refusals and throttling recorded, and email
 * refused with a reason when the gateway has no sender set up; an undelivered alert is sent again by
 * the check's retry.
 */
import { ALL_PLATFORMS } from '../../../functions/all-tools';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/runtime/config';
import { SesOutbox } from '../../../functions/local/ses-outbox';
import { listAuditEntries } from '../../../functions/runtime/stores/audit';
import { documentClient } from '../../../functions/runtime/stores/dynamo';
import { getBrief, listAlerts, listBriefRuns } from '../../../functions/runtime/stores/monitoring';
import { runDueMonitors } from '../../../platforms/gateway/monitoring/evaluate';
import { runDueBriefs } from '../../../platforms/gateway/monitoring/briefs';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const makeDue = (ownerId: string, sk: string, now = new Date()) =>
  documentClient().send(
    new UpdateCommand({
      TableName: tableName('monitoring'),
      Key: { owner_id: ownerId, sk },
      UpdateExpression: 'SET next_run_at = :past',
      ExpressionAttributeValues: { ':past': new Date(now.getTime() - 60_000).toISOString() },
    }),
  );
/**
 * A controlled clock for runs whose retry time matters: today at 12:00 UTC, far from the daily
 * brief's hour (08:00), which caps a retry; the wall clock made the retry test fail between 07:45
 * and 08:00 UTC. Same UTC day as the wall clock, so its figures are ones the sandbox has simulated.
 */
/**
 * The scheduler's moment for a run: the real minute, not a fixed hour of today. With 12:00 UTC today,
 * a run after midnight UTC also found the earlier tests' briefs due again (their next run fell before
 * noon), and the throttled answers went to them: the brief under test got no retry.
 */
const thisMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000);
const noPause = () => Promise.resolve();

describe('email delivery', () => {
  let ses: SesOutbox;
  let apiKey: string;
  let ownerId: string;
  let brand: { id: string; spend: number };
  const saved = { from: process.env.ALERT_EMAIL_FROM, endpoint: process.env.SES_ENDPOINT };

  beforeAll(async () => {
    ses = await SesOutbox.start({ verified: ['alerts@gateway.example.com'] });
    process.env.ALERT_EMAIL_FROM = 'alerts@gateway.example.com';
    process.env.SES_ENDPOINT = ses.url;
    const owner = await createTestOwner({ accounts: { searchads: 1 } });
    apiKey = owner.apiKey;
    ownerId = owner.owner.owner_id;
    const campaigns = (await callToolOk(apiKey, 'list_campaigns', { start_date: yesterday(), end_date: yesterday() })).structured!
      .campaigns as { id: string; name: string; metrics: { spend: number } }[];
    const row = campaigns.find((c) => c.name === 'Brand - Exact')!;
    brand = { id: row.id, spend: row.metrics.spend };
  });
  afterAll(async () => {
    for (const [name, value] of [
      ['ALERT_EMAIL_FROM', saved.from],
      ['SES_ENDPOINT', saved.endpoint],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await ses.close();
  });

  const breaching = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    scope: 'campaign',
    platforms: ['searchads'],
    campaign_ids: [brand.id],
    conditions: [{ metric: 'spend', operator: '>', threshold: brand.spend - 0.01, timeframe: 'yesterday' }],
    ...extra,
  });
  const mailsTo = (address: string) => ses.sent.filter((m) => m.to.includes(address));

  it('emails each alert once under 5 concurrent scheduler runs, with the figures; addresses stored encrypted, shown masked, redacted in the audit', async () => {
    const created = await callToolOk(
      apiKey,
      'create_monitor',
      breaching('Brand overspend', { email_to: ['Jane.Doe@Agency.example', 'ops@agency.example'] }),
    );
    const monitor = created.structured!.monitor as { monitor_id: string; email_recipients: string[] };
    expect(monitor.email_recipients).toEqual(['j…@agency.example', 'o…@agency.example']);
    expect(created.text).not.toContain('jane.doe');

    await makeDue(ownerId, `MONITOR#${monitor.monitor_id}`);
    const at = new Date();
    await Promise.all(Array.from({ length: 5 }, () => runDueMonitors(ALL_PLATFORMS, at, { pause: noPause })));

    const mails = mailsTo('jane.doe@agency.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      from: 'alerts@gateway.example.com',
      to: ['jane.doe@agency.example', 'ops@agency.example'],
      subject: `Alert: Brand overspend (${yesterday()})`,
    });
    expect(mails[0]!.text).toContain(`"Brand - Exact" (${brand.id})`);
    expect(mails[0]!.text).toContain(`spend > ${brand.spend - 0.01}`);
    const [alert] = await listAlerts(ownerId, monitor.monitor_id);
    expect(alert!.email_delivery).toEqual({ status: 'delivered', attempts: 1 });
    const history = await callToolOk(apiKey, 'get_monitor_history', { monitor_id: monitor.monitor_id });
    expect(history.text).toContain('email: delivered');

    const table = JSON.stringify((await documentClient().send(new ScanCommand({ TableName: tableName('monitoring') }))).Items);
    const owners = JSON.stringify((await documentClient().send(new ScanCommand({ TableName: tableName('owners') }))).Items);
    expect(table + owners).not.toContain('jane.doe');
    const audit = await listAuditEntries(ownerId, { limit: 100, filter: (e) => e.tool === 'create_monitor' });
    expect(JSON.stringify(audit)).not.toContain('jane.doe');
  });

  it("records what SES answers: throttling retried by the SDK and delivered, an unverified sender refused with SES's reason", async () => {
    const throttled = (await callToolOk(apiKey, 'create_monitor', breaching('Throttled', { email_to: ['t1@agency.example'] }))).structured!
      .monitor as { monitor_id: string };
    ses.throttleNext(2);
    await makeDue(ownerId, `MONITOR#${throttled.monitor_id}`);
    await runDueMonitors(ALL_PLATFORMS, new Date(), { pause: noPause });
    expect((await listAlerts(ownerId, throttled.monitor_id))[0]!.email_delivery).toEqual({ status: 'delivered', attempts: 3 });
    expect(mailsTo('t1@agency.example')).toHaveLength(1);

    const refused = (await callToolOk(apiKey, 'create_monitor', breaching('Wrong sender', { email_to: ['t2@agency.example'] }))).structured!
      .monitor as { monitor_id: string };
    process.env.ALERT_EMAIL_FROM = 'alerts@unverified.example.com';
    try {
      await makeDue(ownerId, `MONITOR#${refused.monitor_id}`);
      await runDueMonitors(ALL_PLATFORMS, new Date(), { pause: noPause });
    } finally {
      process.env.ALERT_EMAIL_FROM = 'alerts@gateway.example.com';
    }
    const [alert] = await listAlerts(ownerId, refused.monitor_id);
    expect(alert!.breaches).toHaveLength(1);
    expect(alert!.email_delivery).toMatchObject({ status: 'failed', attempts: 1 });
    expect(alert!.email_delivery!.error).toContain('Email address is not verified');
    expect(alert!.email_delivery!.error).toContain('alerts@unverified.example.com');
    expect(mailsTo('t2@agency.example')).toHaveLength(0);
    // The sender fixed, the retry 15 minutes later emails the alert once (the check is not repeated).
    await makeDue(ownerId, `MONITOR#${refused.monitor_id}`);
    await runDueMonitors(ALL_PLATFORMS, new Date(), { pause: noPause });
    expect(mailsTo('t2@agency.example')).toHaveLength(1);
    expect((await listAlerts(ownerId, refused.monitor_id))[0]!.email_delivery).toEqual({ status: 'delivered', attempts: 2 });
  });

  it('a scheduled brief and generate_report_now email the report as text and HTML', async () => {
    const brief = (
      await callToolOk(apiKey, 'schedule_brief', { name: 'Monday brief', frequency: 'daily', email_to: ['brief@agency.example'] })
    ).structured!.brief as { brief_id: string; email_recipients: string[] };
    expect(brief.email_recipients).toEqual(['b…@agency.example']);
    await makeDue(ownerId, `BRIEF#${brief.brief_id}`);
    await Promise.all([
      runDueBriefs(ALL_PLATFORMS, new Date(), { pause: noPause }),
      runDueBriefs(ALL_PLATFORMS, new Date(), { pause: noPause }),
    ]);
    const [mail] = mailsTo('brief@agency.example');
    expect(mailsTo('brief@agency.example')).toHaveLength(1);
    expect(mail!.subject).toMatch(/^Monday brief: \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/);
    expect(mail!.html).toContain('<table');
    expect(mail!.text).toContain('searchads');
    expect((await listBriefRuns(ownerId, brief.brief_id))[0]!.email_delivery).toEqual({ status: 'delivered', attempts: 1 });

    const report = await callToolOk(apiKey, 'generate_report_now', { lookback_days: 7, format: 'html', email_to: ['now@agency.example'] });
    expect(report.structured!.email_delivery).toEqual({ status: 'delivered', attempts: 1 });
    expect(report.text).toContain('email: delivered');
    expect(mailsTo('now@agency.example')).toHaveLength(1);

    // Issue 31: the raw message handed to SES is multipart/alternative, a text/plain part then the report's HTML page.
    const raw = mailsTo('now@agency.example')[0]!.raw!;
    const [head, ...rest] = raw.split('\r\n\r\n');
    const boundary = /^Content-Type: multipart\/alternative; boundary="([^"]+)"$/m.exec(head!)?.[1];
    expect(boundary).toBeDefined();
    expect(head).toMatch(/^MIME-Version: 1\.0$/m);
    const parts = rest
      .join('\r\n\r\n')
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'));
    const decoded = parts.map((p) => {
      const [headers, body] = p.replace(/^\r\n/, '').split('\r\n\r\n');
      const lines = body!.trim().split('\r\n');
      expect(lines.every((line) => line.length <= 76 && /^[A-Za-z0-9+/=]+$/.test(line))).toBe(true);
      return { headers: headers!.split('\r\n').sort(), body: Buffer.from(lines.join(''), 'base64').toString('utf8') };
    });
    expect(decoded.map((p) => p.headers)).toEqual([
      ['Content-Transfer-Encoding: base64', 'Content-Type: text/plain; charset=UTF-8'],
      ['Content-Transfer-Encoding: base64', 'Content-Type: text/html; charset=UTF-8'],
    ]);
    expect(decoded[0]!.body).toContain('searchads');
    expect(decoded[1]!.body).toBe(report.structured!.content);
  });

  it('a brief whose email failed is retried 15 minutes later by email only; the run is built once and counted once', async () => {
    // Its hour is 12 hours away: a regular run due before the retry would take the retry's place (at 07:45 to
    // 08:00 UTC with the default hour 8, it did).
    const brief = (
      await callToolOk(apiKey, 'schedule_brief', {
        name: 'Retry brief',
        frequency: 'daily',
        hour: (new Date().getUTCHours() + 12) % 24,
        email_to: ['retry@agency.example'],
      })
    ).structured!.brief as { brief_id: string };
    const at = thisMinute();
    await makeDue(ownerId, `BRIEF#${brief.brief_id}`, at);
    ses.throttleNext(3);
    await runDueBriefs(ALL_PLATFORMS, at, { pause: noPause });
    const failed = (await getBrief(ownerId, brief.brief_id))!;
    expect(failed.retry).toMatchObject({ attempt: 1, at: new Date(at.getTime() + 15 * 60_000).toISOString() });
    expect(failed.next_run_at).toBe(failed.retry!.at);
    expect(failed.last_error).toContain('not delivered (email: failed');
    expect(mailsTo('retry@agency.example')).toHaveLength(0);
    expect((await callToolOk(apiKey, 'list_scheduled_tasks')).text).toContain(`Retry brief (${brief.brief_id}): not delivered`);

    await runDueBriefs(ALL_PLATFORMS, new Date(failed.retry!.at), { pause: noPause });
    expect(mailsTo('retry@agency.example')).toHaveLength(1);
    const runs = await listBriefRuns(ownerId, brief.brief_id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.email_delivery).toEqual({ status: 'delivered', attempts: 4 });
    const healed = (await getBrief(ownerId, brief.brief_id))!;
    expect([healed.retry, healed.last_error, healed.run_count]).toEqual([undefined, undefined, 1]);
  });

  it('refuses malformed or too many addresses, and email on a gateway without a sender, before anything is stored', async () => {
    const bad = await callTool(apiKey, 'create_monitor', breaching('Bad address', { email_to: ['not-an-address'] }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('email_to');
    const many = await callTool(
      apiKey,
      'create_monitor',
      breaching('Too many', { email_to: Array.from({ length: 11 }, (_, i) => `a${i}@agency.example`) }),
    );
    expect(many.status).toBe(400);
    expect(many.body.error).toContain('at most 10');

    delete process.env.ALERT_EMAIL_FROM;
    try {
      const off = await callTool(apiKey, 'create_monitor', breaching('No sender', { email_to: ['x@agency.example'] }));
      expect(off.status).toBe(400);
      expect(off.body.error).toContain('Email delivery is not set up on this gateway');
      expect(off.body.structured_content).toMatchObject({ argument: 'email_to' });
    } finally {
      process.env.ALERT_EMAIL_FROM = 'alerts@gateway.example.com';
    }
    const names = ((await callToolOk(apiKey, 'list_monitors')).structured!.monitors as { name: string }[]).map((m) => m.name);
    expect(names).not.toEqual(expect.arrayContaining(['Bad address', 'Too many', 'No sender']));
  });
});

describe('the local SES endpoint refuses what SES refuses', () => {
  it('an unsigned request, no recipient, more than 50, a sandbox recipient that is not verified', async () => {
    const ses = await SesOutbox.start({ verified: ['example.com'], sandbox: true });
    try {
      const post = (body: unknown, signed = true) =>
        fetch(`${ses.url}/v2/email/outbound-emails`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(signed
              ? { Authorization: 'AWS4-HMAC-SHA256 Credential=local/20261126/us-east-1/ses/aws4_request, SignedHeaders=host, Signature=0' }
              : {}),
          },
          body: JSON.stringify(body),
        });
      const message = (to: string[]) => ({
        FromEmailAddress: 'a@example.com',
        Destination: { ToAddresses: to },
        Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hello' } } } },
      });
      expect((await post(message(['b@example.com']), false)).status).toBe(403);
      const none = await post(message([]));
      expect([none.status, none.headers.get('x-amzn-errortype')]).toEqual([400, 'BadRequestException']);
      expect((await post(message(Array.from({ length: 51 }, (_, i) => `r${i}@example.com`)))).status).toBe(400);
      const sandboxed = await post(message(['someone@elsewhere.example']));
      expect([sandboxed.status, sandboxed.headers.get('x-amzn-errortype')]).toEqual([400, 'MessageRejected']);
      expect(((await sandboxed.json()) as { message: string }).message).toContain('someone@elsewhere.example');
      const ok = await post(message(['b@example.com']));
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { MessageId: string }).MessageId).toMatch(/^0100/);
      expect(ses.sent).toHaveLength(1);
    } finally {
      await ses.close();
    }
  });
});
