import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { PLATFORM_WORDS } from '../../core/platforms';
import { GatewayStack } from '../../lib/gateway-stack';
import { routedTools } from '../../lib/routes';
import { ALL_TOOLS } from '../../functions/all-tools';

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    conclusion: string;
    violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

describe('cdk-nag: AwsSolutions', () => {
  it('reports no unacknowledged finding, and every acknowledgement carries a reason', () => {
    // Prepare
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-nag-'));
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
    // Every platform live: whichever platforms get live adapters, their grants raise no finding.
    const stack = new GatewayStack(app, 'Nag', { tools: routedTools(ALL_TOOLS), livePlatforms: PLATFORM_WORDS });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    // Act: synthesis throws when a plugin reports an unacknowledged error
    let failure: unknown;
    try {
      app.synth();
    } catch (err) {
      failure = err;
    }
    // Assess
    const report = JSON.parse(fs.readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as ValidationReport;
    const findings = report.pluginReports.flatMap((plugin) =>
      plugin.violations.flatMap((violation) => violation.violatingConstructs.map((c) => `${violation.ruleName} at ${c.constructPath}`)),
    );
    expect(findings).toEqual([]);
    expect(failure).toBeUndefined();
    const acknowledgements = collectAcknowledgements(stack);
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { id, reason } of acknowledgements) {
      expect({ id, reasonLength: reason.length >= 40 }).toEqual({ id, reasonLength: true });
    }
    fs.rmSync(outdir, { recursive: true, force: true });
  });
});

/** Acknowledgements recorded on the construct tree by Validations.of(...).acknowledge (id → reason). */
function collectAcknowledgements(stack: GatewayStack): { id: string; reason: string }[] {
  const found: { id: string; reason: string }[] = [];
  for (const construct of stack.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) found.push({ id, reason });
    }
  }
  return found;
}
