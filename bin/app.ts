#!/usr/bin/env node
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { GatewayStack } from '../lib/gateway-stack';
import { routedTools } from '../lib/routes';
import { settingsFromContext } from '../lib/settings';
import { ALL_TOOLS } from '../functions/all-tools';
import { livePlatforms } from '../functions/connect/accounts';
import { writeCatalogArtifact } from '../functions/catalog/build-artifact';

// The catalog artifact the gateway and MCP functions serve, written before their bundles copy it.
writeCatalogArtifact();

// The stack is environment-agnostic (no account or region): `cdk synth` needs no credentials, and
// `cdk deploy` targets the account and region of the caller's AWS profile.
const app = new App();
new GatewayStack(app, (app.node.tryGetContext('stackName') as string | undefined) ?? 'ToolGateway', {
  tools: routedTools(ALL_TOOLS),
  settings: settingsFromContext((key) => app.node.tryGetContext(key)),
  livePlatforms: livePlatforms(),
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
