import { Aws, CfnOutput, Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { tableEnvironmentVariable, type TableName } from '../functions/runtime/config';
import { GatewayAlarms } from './alarms';
import { GatewayApi } from './gateway-api';
import { functionTimeoutSeconds, GatewayFunction } from './gateway-function';
import { acknowledgeFindings } from './nag';
import { FUNCTION_NAMES, type FunctionName, type RoutedTool } from './routes';
import { resolveSettings, type GatewaySettings } from './settings';
import { GatewayTables, type TableAccess } from './tables';

/**
 * Table access of each function. The gateway function authenticates, meters and replays (usage,
 * idempotency), and only reads the sandbox (account health); platform functions, and the MCP
 * function that runs every tool, also change their simulated platform. No function writes keys or
 * owners: the `gateway` operator command does.
 */
export const TABLE_ACCESS: Record<'gateway' | 'platform', Record<TableName, TableAccess>> = {
  gateway: { apiKeys: 'read', owners: 'read', usage: 'readWrite', idempotency: 'readWrite', sandbox: 'read' },
  platform: { apiKeys: 'read', owners: 'read', usage: 'readWrite', idempotency: 'readWrite', sandbox: 'readWrite' },
};

export interface GatewayStackProps extends StackProps {
  /** The registered tools (`routedTools(ALL_TOOLS)`): one route each, generated. */
  tools: readonly RoutedTool[];
  /** Deployment settings; missing ones take DEFAULT_SETTINGS. */
  settings?: Partial<GatewaySettings>;
}

/** Everything a customer deploys: tables, one function per tool group, the REST API, alarms. */
export class GatewayStack extends Stack {
  readonly settings: GatewaySettings;
  readonly tables: GatewayTables;
  readonly functions: Record<FunctionName, GatewayFunction>;
  readonly gatewayApi: GatewayApi;
  readonly alarms: GatewayAlarms;

  constructor(scope: Construct, id: string, props: GatewayStackProps) {
    super(scope, id, { description: 'Ad-platform tool gateway (REST API, Lambda per tool group, DynamoDB)', ...props });
    const settings = (this.settings = resolveSettings(props.settings));
    const logRetention = settings.logRetentionDays as RetentionDays;

    this.tables = new GatewayTables(this, 'Tables');
    const environment = {
      ...this.tables.environment(),
      TIER_LIMITS: JSON.stringify(settings.tierLimits),
      UPGRADE_URL: settings.upgradeUrl,
      LOG_LEVEL: settings.logLevel,
    };

    const functions: Partial<Record<FunctionName, GatewayFunction>> = {};
    for (const group of FUNCTION_NAMES) {
      // The MCP function runs every tool, the long-running ones included.
      const hasLongRunningTool = props.tools.some((tool) => (group === 'mcp' || tool.group === group) && tool.longRunning);
      const fn = new GatewayFunction(this, `${pascal(group)}Function`, {
        group,
        timeout: Duration.seconds(functionTimeoutSeconds(hasLongRunningTool, settings.longRunningTimeoutSeconds)),
        environment,
        logRetention,
      });
      this.tables.grant(fn, group === 'gateway' ? TABLE_ACCESS.gateway : TABLE_ACCESS.platform);
      functions[group] = fn;
    }
    this.functions = functions as Record<FunctionName, GatewayFunction>;

    this.gatewayApi = new GatewayApi(this, 'Http', {
      tools: props.tools,
      functions: this.functions,
      longRunningTimeoutSeconds: settings.longRunningTimeoutSeconds,
      stageName: settings.stageName,
      logRetention,
      toolRoutes: settings.toolRoutes,
    });

    this.alarms = new GatewayAlarms(this, 'Alarms', {
      api: this.gatewayApi.api,
      functions: FUNCTION_NAMES.map((group) => ({ id: pascal(group), fn: this.functions[group] })),
      tables: (Object.keys(this.tables.tables) as TableName[]).map((name) => ({ id: pascal(name), table: this.tables.tables[name] })),
      email: settings.alarmEmail,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.gatewayApi.api.url, description: 'Base URL: POST <ApiUrl>api/v1/tools/<tool>/execute' });
    new CfnOutput(this, 'ApiId', { value: this.gatewayApi.api.restApiId, description: 'REST API id, named in the "Resources per API" quota request' });
    for (const name of Object.keys(this.tables.tables) as TableName[]) {
      new CfnOutput(this, `Table${pascal(name)}`, {
        value: this.tables.tables[name].tableName,
        description: `${tableEnvironmentVariable(name)} for the gateway command`,
      });
    }
    new CfnOutput(this, 'GatewayEnvironment', {
      value: Fn.join(' ', [
        `AWS_REGION=${Aws.REGION}`,
        ...(Object.keys(this.tables.tables) as TableName[]).map((name) => `${tableEnvironmentVariable(name)}=${this.tables.tables[name].tableName}`),
      ]),
      description: 'Variables that point the gateway command at this stack: export $(...)',
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn, description: 'Subscribe to receive alarm notifications' });

    acknowledgeFindings(this);
  }
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
