/**
 * `npm start`: DynamoDB Local (data in .data/), the tables, a demo owner with one sandbox account
 * per platform, and the gateway on http://127.0.0.1:${PORT:-3000}. Ctrl-C stops all of it.
 */
import '../functions/local/quiet-warnings';
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureDemoOwner } from '../functions/local/demo';
import { untilStoreAnswers } from '../functions/local/patience';
import { ensureTables, startDynamoDbLocal } from '../functions/local/dynamodb-local';
import { CREDENTIALS_KEY_FILE, DATA_DIR, RUNNING_FILE, writeRunningStore } from '../functions/local/local-store';
import { startHttpServer } from '../functions/local/server';
import { SesOutbox } from '../functions/local/ses-outbox';
import { runDueTasks } from '../platforms/gateway/monitoring/scheduler';
import { ALL_PLATFORMS } from '../functions/all-tools';
import { writeCatalogArtifact } from '../functions/catalog/build-artifact';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  process.env.TABLE_PREFIX ??= 'gateway-';
  process.env.LOG_LEVEL ??= 'warn';
  // Live connections' credentials are encrypted with a local AES key kept beside the data.
  process.env.CREDENTIALS_KEY_FILE ??= CREDENTIALS_KEY_FILE;
  // The catalog, OpenAPI documents and MCP tool sets the server serves, from the registry as it is now.
  writeCatalogArtifact();
  console.log('Starting DynamoDB Local (data in .data/dynamodb)...');
  const dbPath = join(DATA_DIR, 'dynamodb');
  // As long as it takes, saying so: on a busy machine the JVM may need minutes.
  const patience = {
    waitMs: Infinity,
    onWait: (seconds: number) =>
      console.log(`DynamoDB Local is still starting after ${seconds} s (a busy machine); waiting as long as it takes...`),
  };
  let dynamodb = await startDynamoDbLocal({
    dbPath,
    port: process.env.DYNAMODB_PORT ? Number(process.env.DYNAMODB_PORT) : undefined,
    ...patience,
  });
  const dynamodbPort = Number(new URL(dynamodb.endpoint).port);
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  // Alert and brief emails go to a local SES outbox (.data/outbox, one .eml file each) unless a
  // sender is set up (ALERT_EMAIL_FROM, with AWS credentials for Amazon SES).
  let outbox: SesOutbox | undefined;
  if (!process.env.ALERT_EMAIL_FROM) {
    outbox = await SesOutbox.start({ verified: ['gateway.localhost'], dir: join(DATA_DIR, 'outbox') });
    process.env.ALERT_EMAIL_FROM = 'alerts@gateway.localhost';
    process.env.SES_ENDPOINT = outbox.url;
  }
  let server: Awaited<ReturnType<typeof startHttpServer>> | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the gateway and DynamoDB Local...');
    server?.close();
    await outbox?.close();
    rmSync(RUNNING_FILE, { force: true });
    await dynamodb.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  // A failure inside a request is answered by the handlers; nothing may take the server down.
  process.on('unhandledRejection', (reason) =>
    console.error(`Unexpected error (the gateway keeps running): ${(reason as Error)?.message ?? reason}`),
  );
  // DynamoDB Local dying (killed, out of memory) does not stop the gateway: calls answer 503
  // store_unavailable and GET /health says so, while it is started again on the same port and data.
  const restartWhenItDies = (running: typeof dynamodb) =>
    running.process.once('exit', async () => {
      if (stopping) return;
      console.error('DynamoDB Local stopped unexpectedly; the gateway answers 503 store_unavailable until it is back. Restarting it...');
      for (let attempt = 1; !stopping; attempt++) {
        try {
          dynamodb = await startDynamoDbLocal({ dbPath, port: dynamodbPort, ...patience });
          console.error('DynamoDB Local is back.');
          restartWhenItDies(dynamodb);
          return;
        } catch (err) {
          console.error(`DynamoDB Local did not start (attempt ${attempt}): ${(err as Error).message.split('\n')[0]}`);
          await new Promise((r) => setTimeout(r, Math.min(1000 * attempt, 10_000)));
        }
      }
    });
  restartWhenItDies(dynamodb);
  try {
    // Seeding waits for a slow store as long as it takes, saying so (issue 32: it gave up on busy machines).
    const onWait = (message: string) => console.log(message);
    await untilStoreAnswers('creating the tables', () => ensureTables(dynamodb.endpoint, { onWait }), { onWait });
    const { demo, created } = await untilStoreAnswers('seeding the demo owner', () => ensureDemoOwner(join(DATA_DIR, 'demo.json')), {
      onWait,
    });
    server = await startHttpServer(port);
    const baseUrl = `http://127.0.0.1:${port}`;
    // Connect links and the consent callback point here (an outside URL in front of it may override).
    process.env.PUBLIC_BASE_URL ||= baseUrl;
    // The scheduler of `npm start`: what EventBridge Scheduler does in AWS (monitor checks, briefs, the daily watch scan), every MONITOR_CHECK_SECONDS (default 300).
    const checkSeconds = Math.max(5, Number(process.env.MONITOR_CHECK_SECONDS ?? 300) || 300);
    const checkMonitors = () =>
      runDueTasks(ALL_PLATFORMS, new Date())
        .then(({ monitors, briefs, watch }) => {
          if (monitors.alerts)
            console.log(`Monitors: ${monitors.alerts} alert${monitors.alerts === 1 ? '' : 's'} recorded (get_monitor_history).`);
          if (briefs.generated) console.log(`Briefs: ${briefs.generated} generated (list_scheduled_tasks).`);
          if (watch.scanned)
            console.log(
              `Watch: ${watch.scanned} daily scan${watch.scanned === 1 ? '' : 's'}, ${watch.signals} signal${watch.signals === 1 ? '' : 's'} (list_scheduled_tasks).`,
            );
        })
        .catch((err) => console.error(`Scheduled tasks failed (retried at the next check): ${(err as Error).message}`));
    setInterval(checkMonitors, checkSeconds * 1000).unref();
    void checkMonitors();
    writeRunningStore({
      dynamodb_endpoint: dynamodb.endpoint,
      table_prefix: process.env.TABLE_PREFIX,
      base_url: baseUrl,
      public_base_url: process.env.PUBLIC_BASE_URL,
      pid: process.pid,
      credentials_key_file: process.env.CREDENTIALS_KEY_FILE,
    });
    console.log(`
Ad-platform tool gateway is running.

  Base URL:      ${baseUrl}
  Demo API key:  ${demo.api_key}   (owner ${demo.owner_id}, tier pro${created ? ', created now' : ''})
  Tool catalog:  ${baseUrl}/api/v1/tools
  API reference: ${baseUrl}/docs
  MCP endpoint:  ${baseUrl}/mcp   (Streamable HTTP, same Bearer key)
  Emails:        ${outbox ? `alert and brief emails are written to ${relative(process.cwd(), join(DATA_DIR, 'outbox')) || '.'} (one .eml file each)` : `sent through Amazon SES from ${process.env.ALERT_EMAIL_FROM}`}

Try it:

  curl -s -X POST ${baseUrl}/api/v1/tools/get_usage_status/execute \\
    -H "Authorization: Bearer ${demo.api_key}" \\
    -H "Content-Type: application/json" \\
    -d '{"arguments": {}}'

Operator command (against this store):  npx gateway usage --owner ${demo.owner_id}
Press Ctrl-C to stop.`);
  } catch (err) {
    const inUse = (err as { code?: string }).code === 'EADDRINUSE';
    console.error(
      inUse
        ? `Could not start the gateway: port ${port} is already in use. Stop what uses it, or choose another port: PORT=${port + 1} npm start`
        : `Could not start the gateway: ${(err as Error).message}`,
    );
    await stop(1);
  }
}

main().catch((err) => {
  console.error(`Could not start the gateway: ${(err as Error).message}`);
  process.exit(1);
});
