import { Aws, CfnOutput, Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';
import { SCHEDULER_EVENT } from '../functions/scheduler-event';
import { tableEnvironmentVariable, type TableName } from '../functions/runtime/config';
import type { PlatformWord } from '../core/platforms';
import { GatewayAlarms } from './alarms';
import { GatewayApi } from './gateway-api';
import { functionTimeoutSeconds, GatewayFunction } from './gateway-function';
import { LiveConnections } from './live-connections';
import { acknowledgeFindings } from './nag';
import { FUNCTION_NAMES, type FunctionName, type RoutedTool } from './routes';
import { LIVE_SETTING_VARIABLES, parseRate, resolveSettings, type GatewaySettings } from './settings';
import { GatewayTables, type TableAccess } from './tables';

/**
 * Table access of each function. The gateway function authenticates, meters and replays (usage,
 * idempotency), only reads the sandbox (account health), and writes owners for live connections:
 * the connect-link callback stores connected accounts and their encrypted credentials, and
 * get_connections_status records a broken connection. Every function records the audit trail of its
 * writes; the gateway function's manage_action and revert_change apply held writes and reverts of
 * any platform, so it writes the sandbox too. Platform functions, and the MCP function
 * that runs every tool, also change their simulated platform; those that open live accounts (live
 * platforms, MCP) also record a broken connection on the owners table. No function writes keys:
 * the `gateway` operator command does.
 */
/** Lambda timeout of the scheduler function: 5 minutes, of which the last 90 s claim nothing new (functions/scheduler.ts). */
export const SCHEDULER_TIMEOUT_SECONDS = 300;

export const TABLE_ACCESS: Record<'gateway' | 'platform' | 'livePlatform', Record<TableName, TableAccess>> = {
  gateway: {
    apiKeys: 'read',
    owners: 'readWrite',
    usage: 'readWrite',
    idempotency: 'readWrite',
    sandbox: 'readWrite',
    audit: 'readWrite',
    monitoring: 'readWrite',
  },
  platform: {
    apiKeys: 'read',
    owners: 'read',
    usage: 'readWrite',
    idempotency: 'readWrite',
    sandbox: 'readWrite',
    audit: 'readWrite',
    monitoring: 'read',
  },
  livePlatform: {
    apiKeys: 'read',
    owners: 'readWrite',
    usage: 'readWrite',
    idempotency: 'readWrite',
    sandbox: 'readWrite',
    audit: 'readWrite',
    monitoring: 'readWrite',
  },
};

export interface GatewayStackProps extends StackProps {
  /** The registered tools (`routedTools(ALL_TOOLS)`): one route each, generated. */
  tools: readonly RoutedTool[];
  /** Deployment settings; missing ones take DEFAULT_SETTINGS. */
  settings?: Partial<GatewaySettings>;
  /**
   * Platforms with a live adapter (`livePlatforms()`): their functions open live accounts, so they
   * get the credentials key, the app secrets and the live settings. The gateway function always does.
   */
  livePlatforms?: readonly PlatformWord[];
}

/** Everything a customer deploys: tables, one function per tool group, the REST API, alarms, the key and secret of live connections. */
export class GatewayStack extends Stack {
  readonly settings: GatewaySettings;
  readonly tables: GatewayTables;
  readonly liveConnections: LiveConnections;
  /** The functions that open live accounts: the gateway's, MCP's (it runs every tool) and those of live platforms. */
  readonly liveGroups: readonly FunctionName[];
  readonly functions: Record<FunctionName, GatewayFunction>;
  readonly gatewayApi: GatewayApi;
  /** The function that runs the scheduled work (not behind the API). */
  readonly schedulerFunction: GatewayFunction;
  /** The EventBridge schedule that runs due monitor checks. */
  readonly scheduler: Schedule;
  readonly schedulerRole: Role;
  readonly alarms: GatewayAlarms;

  constructor(scope: Construct, id: string, props: GatewayStackProps) {
    super(scope, id, { description: 'Ad-platform tool gateway (REST API, Lambda per tool group, DynamoDB)', ...props });
    const settings = (this.settings = resolveSettings(props.settings));
    const logRetention = settings.logRetentionDays as RetentionDays;

    this.tables = new GatewayTables(this, 'Tables');
    this.liveConnections = new LiveConnections(this, 'LiveConnections');
    const liveGroups = (this.liveGroups = ['gateway', 'mcp', ...(props.livePlatforms ?? [])] as FunctionName[]);
    const environment = {
      ...this.tables.environment(),
      TIER_LIMITS: JSON.stringify(settings.tierLimits),
      UPGRADE_URL: settings.upgradeUrl,
      LOG_LEVEL: settings.logLevel,
      KEY_RATE_LIMIT: settings.keyRateLimit,
    };
    // Functions that open live accounts: where the key and secret are, and the non-secret settings given.
    const liveEnvironment: Record<string, string> = { ...this.liveConnections.environment() };
    for (const [key, variable] of Object.entries(LIVE_SETTING_VARIABLES)) {
      const value = settings[key];
      if (typeof value === 'string') liveEnvironment[variable] = value;
    }

    const functions: Partial<Record<FunctionName, GatewayFunction>> = {};
    for (const group of FUNCTION_NAMES) {
      // The MCP function runs every tool, the long-running ones included.
      const hasLongRunningTool = props.tools.some((tool) => (group === 'mcp' || tool.group === group) && tool.longRunning);
      const live = liveGroups.includes(group);
      const fn = new GatewayFunction(this, `${pascal(group)}Function`, {
        group,
        timeout: Duration.seconds(functionTimeoutSeconds(hasLongRunningTool, settings.longRunningTimeoutSeconds)),
        environment: live ? { ...environment, ...liveEnvironment } : environment,
        logRetention,
      });
      this.tables.grant(fn, group === 'gateway' ? TABLE_ACCESS.gateway : live ? TABLE_ACCESS.livePlatform : TABLE_ACCESS.platform);
      if (live) this.liveConnections.grant(fn);
      functions[group] = fn;
    }
    this.functions = functions as Record<FunctionName, GatewayFunction>;

    // Scheduled work (monitor checks, briefs, research jobs, watch scans) runs in its own function,
    // with minutes rather than the 30 s of a function behind API Gateway: EventBridge Scheduler invokes
    // it every 15 minutes with the scheduler event, and it runs what is due, claiming nothing in its
    // last 90 s (each task is claimed once, so a late or repeated invocation does no double work; what
    // it leaves stays due for the next one). It reads live accounts like the gateway function.
    this.schedulerFunction = new GatewayFunction(this, 'SchedulerFunction', {
      group: 'scheduler',
      timeout: Duration.seconds(SCHEDULER_TIMEOUT_SECONDS),
      environment: { ...environment, ...liveEnvironment },
      logRetention,
    });
    this.tables.grant(this.schedulerFunction, TABLE_ACCESS.gateway);
    this.liveConnections.grant(this.schedulerFunction);
    this.schedulerRole = new Role(this, 'MonitorScheduleRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'Lets EventBridge Scheduler invoke the scheduler function',
    });
    this.scheduler = new Schedule(this, 'MonitorSchedule', {
      description: 'Runs the due monitor checks, briefs, research jobs and watch scans of the ad-platform tool gateway',
      schedule: ScheduleExpression.rate(Duration.minutes(15)),
      target: new LambdaInvoke(this.schedulerFunction, {
        role: this.schedulerRole,
        input: ScheduleTargetInput.fromObject(SCHEDULER_EVENT),
        retryAttempts: 2,
        maxEventAge: Duration.minutes(10),
      }),
    });

    // Alert and brief emails: sent through Amazon SES by the functions that run the monitoring tools
    // (gateway, mcp) and the scheduler, from the one verified sender the setting names, nothing else.
    if (settings.alertEmailFrom) {
      const domain = settings.alertEmailFrom.split('@')[1]!;
      for (const fn of [this.functions.gateway, this.functions.mcp, this.schedulerFunction]) {
        fn.addEnvironment('ALERT_EMAIL_FROM', settings.alertEmailFrom);
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [
              `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${settings.alertEmailFrom}`,
              `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${domain}`,
            ],
            conditions: { StringEquals: { 'ses:FromAddress': settings.alertEmailFrom } },
          }),
        );
      }
    }

    this.gatewayApi = new GatewayApi(this, 'Http', {
      tools: props.tools,
      functions: this.functions,
      longRunningTimeoutSeconds: settings.longRunningTimeoutSeconds,
      stageName: settings.stageName,
      logRetention,
      toolRoutes: settings.toolRoutes,
      throttle: parseRate(settings.apiThrottle)!,
    });

    // The gateway's public URL, for connect links and the OAuth callback: the setting, else the API's
    // own URL, built from the API id and the stage name (not from the stage resource, which waits
    // for the deployment and its methods, which wait for the functions: a cycle).
    const publicBaseUrl =
      settings.publicBaseUrl ??
      Fn.join('', ['https://', this.gatewayApi.api.restApiId, '.execute-api.', Aws.REGION, '.', Aws.URL_SUFFIX, `/${settings.stageName}`]);
    if (settings.publicBaseUrl === undefined)
      for (const fn of [...liveGroups.map((group) => this.functions[group]), this.schedulerFunction])
        fn.addEnvironment('PUBLIC_BASE_URL', publicBaseUrl);

    this.alarms = new GatewayAlarms(this, 'Alarms', {
      api: this.gatewayApi.api,
      functions: [
        ...FUNCTION_NAMES.map((group) => ({ id: pascal(group), fn: this.functions[group] })),
        { id: 'Scheduler', fn: this.schedulerFunction },
      ],
      tables: (Object.keys(this.tables.tables) as TableName[]).map((name) => ({ id: pascal(name), table: this.tables.tables[name] })),
      email: settings.alarmEmail,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.gatewayApi.api.url, description: 'Base URL: POST <ApiUrl>api/v1/tools/<tool>/execute' });
    new CfnOutput(this, 'ApiId', {
      value: this.gatewayApi.api.restApiId,
      description: 'REST API id, named in the "Resources per API" quota request',
    });
    for (const name of Object.keys(this.tables.tables) as TableName[]) {
      new CfnOutput(this, `Table${pascal(name)}`, {
        value: this.tables.tables[name].tableName,
        description: `${tableEnvironmentVariable(name)} for the gateway command`,
      });
    }
    new CfnOutput(this, 'GatewayEnvironment', {
      value: Fn.join(' ', [
        `AWS_REGION=${Aws.REGION}`,
        ...(Object.keys(this.tables.tables) as TableName[]).map(
          (name) => `${tableEnvironmentVariable(name)}=${this.tables.tables[name].tableName}`,
        ),
        ...Object.entries(this.liveConnections.environment()).map(([variable, value]) => `${variable}=${value}`),
        Fn.join('', ['PUBLIC_BASE_URL=', publicBaseUrl]),
      ]),
      description: 'Variables that point the gateway command at this stack: export $(...)',
    });
    new CfnOutput(this, 'LiveSecretsArn', {
      value: this.liveConnections.appSecrets.secretArn,
      description:
        "Fill in the live platforms' app secrets here (JSON: SEARCHADS_DEVELOPER_TOKEN, SEARCHADS_CLIENT_ID, SEARCHADS_CLIENT_SECRET)",
    });
    new CfnOutput(this, 'CredentialsKeyArn', {
      value: this.liveConnections.credentialsKey.keyArn,
      description: 'KMS key wrapping the stored platform credentials of live connections (rotation on, retained)',
    });
    new CfnOutput(this, 'OAuthRedirectUriPattern', {
      value: Fn.join('', [publicBaseUrl, '/connect/<platform>/callback']),
      description:
        "Register <this with the platform word> as an authorized redirect URI of each platform's OAuth client (searchads: .../connect/searchads/callback)",
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn, description: 'Subscribe to receive alarm notifications' });

    acknowledgeFindings(this);
  }
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
