/**
 * The README's first ten minutes work as written: every curl call of README.md is sent as it stands
 * (tool, headers, arguments) to an owner like the demo owner of `npm start` (tier pro, one sandbox
 * account per platform), with `$CAMPAIGN` taken from the list_campaigns answer as the README says.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

interface ReadmeCall {
  tool: string;
  idempotent: boolean;
  body: string;
}

/** The curl calls of the README, in order. */
function readmeCalls(): ReadmeCall[] {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  return [...readme.matchAll(/^curl -s -X POST \$BASE\/api\/v1\/tools\/([a-z_]+)\/execute (.*) -d '(.*)'$/gm)].map((m) => ({
    tool: m[1],
    idempotent: m[2].includes('Idempotency-Key: $(uuidgen)'),
    body: m[3],
  }));
}

describe('README', () => {
  it('lists the calls of a morning: check, waste, budget, launch', () => {
    expect(readmeCalls().map((c) => c.tool)).toEqual([
      'get_usage_status',
      'list_connected_accounts',
      'suggest_next_action',
      'list_campaigns',
      'analyze_wasted_spend',
      'run_watch_now',
      'update_campaign_budget',
      'update_campaign_budget',
      'create_search_campaign',
    ]);
  });

  it('every call answers 200 as written', async () => {
    // Prepare: the demo owner of npm start.
    const { apiKey } = await createTestOwner({
      tier: 'pro',
      accounts: { searchads: 1, socialads: 1, proads: 1, shortvideo: 1, retailads: 1, chatads: 1, deskads: 1 },
    });
    let campaign: string | undefined;
    const answers: string[] = [];
    for (const call of readmeCalls()) {
      // The shell quotes the variable in: '{"campaign_id": "'$CAMPAIGN'"}' → {"campaign_id": "<id>"}.
      const body = call.body.replace(`'$CAMPAIGN'`, campaign ?? 'CAMPAIGN NOT SET');
      // Act
      const result = await callTool(
        apiKey,
        call.tool,
        {},
        {
          rawBody: body,
          headers: call.idempotent ? { 'Idempotency-Key': randomUUID() } : {},
        },
      );
      answers.push(`${call.tool} ${result.status}${result.status === 200 ? '' : `: ${result.body.error}`}`);
      if (call.tool === 'list_campaigns' && result.status === 200) {
        campaign = (result.body.data!.structured!.campaigns as { id: string }[])[0]?.id;
      }
    }
    // Assess
    expect(answers).toEqual(readmeCalls().map((c) => `${c.tool} 200`));
  }, 180_000);
});
