import { OAUTH_PATHS } from '../../functions/oauth/paths';
import { Match } from 'aws-cdk-lib/assertions';
import { ERROR_CODES } from '../../core/errors';
import { TIERS } from '../../core/accounts';
import { SCHEDULER_EVENT } from '../../functions/scheduler-event';
import type { PlatformWord } from '../../core/platforms';
import { TABLE_SPECS } from '../../functions/runtime/stores/tables';
import { TABLE_ACCESS } from '../../lib/gateway-stack';
import {
  apiResourceCount,
  CLOUDFORMATION_STACK_LIMIT,
  FUNCTION_NAMES,
  ROUTE_STACK_BUDGET,
  ROUTE_STACK_COUNT,
  routedTools,
} from '../../lib/routes';
import { ALL_TOOLS, REGISTRY } from '../../functions/all-tools';
import { resourceCount, synthesizeGateway, type SynthesizedGateway } from './support';

// One synthesis of the real registry, shared by every test of this file, with the two platforms
// that have live adapters (issue 8) marked live.
const tools = routedTools(ALL_TOOLS);
const LIVE_PLATFORMS: PlatformWord[] = ['searchads', 'chatads'];
const gateway = synthesizeGateway(tools, {}, LIVE_PLATFORMS);
const { template, routes, functionLogicalIds, tableLogicalIds } = gateway;

/** What a deployer's shell holds beside the stack's settings: the live apps' secrets, never written to a template. */
const DEPLOYER_SECRETS = {
  SEARCHADS_DEVELOPER_TOKEN: 'devtok-9f3c1d7e5a',
  SEARCHADS_CLIENT_ID: 'client-4b2a8e6f0c.apps.example',
  SEARCHADS_CLIENT_SECRET: 'GOCSPX-secret-7d1e3f5a9b',
  SHORTVIDEO_CLIENT_ID: '7301234567890123456',
  SHORTVIDEO_CLIENT_SECRET: 'sv-app-secret-2c9e4a7f1b',
  RETAILADS_CLIENT_ID: 'client.retailads-5e7d9f1a3c',
  RETAILADS_CLIENT_SECRET: 'ra-app-secret-8b4d2f6a0e',
  DESKADS_DEVELOPER_TOKEN: 'DESKDEVTOKEN4e8a2c6b',
  DESKADS_CLIENT_ID: '3f6b9d2e-8a1c-4e7f-9b0d-5c2a7e4f1b8d',
  DESKADS_CLIENT_SECRET: 'desk-app-secret-8b3f1e9a4c',
};
/** Every setting a deployer may set: an alert sender, live endpoints, and the long-running timeout raised to 90 s. */
const CONFIGURED_SETTINGS = {
  alertEmailFrom: 'alerts@ads.example.com',
  longRunningTimeoutSeconds: 90,
  searchadsApiUrl: 'https://searchads.staging.example.com',
  searchadsApiVersion: 'v23',
  chatadsApiUrl: 'https://chatads.staging.example.com/v1',
  searchadsOauthTokenUrl: 'https://auth.staging.example.com/token',
  searchadsOauthAuthorizeUrl: 'https://auth.staging.example.com/authorize',
  publicBaseUrl: 'https://ads-gateway.example.com',
  // Secret names slipped into the settings object are ignored, never written.
  ...DEPLOYER_SECRETS,
};
let configuredGateway: SynthesizedGateway | undefined;
/**
 * The file's second and last synthesis of the real registry, with CONFIGURED_SETTINGS, from a shell that
 * holds DEPLOYER_SECRETS as variables (a deployer who also runs the gateway locally). Built on first use.
 */
function configured(): SynthesizedGateway {
  if (configuredGateway) return configuredGateway;
  const saved = { ...process.env };
  Object.assign(process.env, DEPLOYER_SECRETS);
  try {
    configuredGateway = synthesizeGateway(tools, CONFIGURED_SETTINGS, LIVE_PLATFORMS);
  } finally {
    for (const name of Object.keys(DEPLOYER_SECRETS)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
  return configuredGateway;
}
const isLive = (group: string) => group === 'gateway' || group === 'mcp' || (LIVE_PLATFORMS as string[]).includes(group);
const logicalIdOf = (type: string) => {
  const ids = Object.keys(template.findResources(type));
  expect(ids).toHaveLength(1);
  return ids[0];
};
const keyId = logicalIdOf('AWS::KMS::Key');
const secretId = logicalIdOf('AWS::SecretsManager::Secret');
const restApiId = logicalIdOf('AWS::ApiGateway::RestApi');
const schedulerId = gateway.stack.getLogicalId(gateway.stack.schedulerFunction.node.defaultChild as never);
/** Every function: one per tool group, MCP, and the scheduler. */
const allFunctionIds = [...FUNCTION_NAMES.map((group) => functionLogicalIds[group]), schedulerId];

const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

describe('Stack: tables', () => {
  it('creates one table per TABLE_SPECS entry, with its keys', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', Object.keys(TABLE_SPECS).length);
    for (const [name, spec] of Object.entries(TABLE_SPECS)) {
      const table = template.toJSON().Resources[tableLogicalIds[name]];
      expect(table.Properties.KeySchema).toEqual([
        { AttributeName: spec.partitionKey, KeyType: 'HASH' },
        ...(spec.sortKey ? [{ AttributeName: spec.sortKey, KeyType: 'RANGE' }] : []),
      ]);
      expect((table.Properties.GlobalSecondaryIndexes ?? []).map((index: { IndexName: string }) => index.IndexName)).toEqual(
        (spec.indexes ?? []).map((index) => index.name),
      );
    }
  });

  it('makes every table on-demand, with point-in-time recovery and KMS encryption', () => {
    template.allResourcesProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('keeps tables of customer data (retain + deletion protection) and expires idempotency records by TTL', () => {
    for (const [name, spec] of Object.entries(TABLE_SPECS)) {
      const table = template.toJSON().Resources[tableLogicalIds[name]];
      if (spec.customerData) {
        expect(table.DeletionPolicy).toBe('Retain');
        expect(table.UpdateReplacePolicy).toBe('Retain');
        expect(table.Properties.DeletionProtectionEnabled).toBe(true);
      } else {
        expect(table.DeletionPolicy).toBe('Delete');
      }
      if (spec.ttlAttribute) expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: spec.ttlAttribute, Enabled: true });
      else expect(table.Properties.TimeToLiveSpecification).toBeUndefined();
    }
    expect(TABLE_SPECS.idempotency.ttlAttribute).toBe('expires_at');
    // Every sandbox change (history item) expires (platforms/sandbox/store.ts HISTORY_KEPT_DAYS).
    expect(TABLE_SPECS.sandbox.ttlAttribute).toBe('expires_at');
  });
});

describe('Stack: functions', () => {
  it('creates one arm64 nodejs22.x function per group, one for MCP and one for the scheduler, with JSON logs into its own retained log group', () => {
    template.resourceCountIs('AWS::Lambda::Function', FUNCTION_NAMES.length + 1);
    for (const id of allFunctionIds) {
      const fn = template.toJSON().Resources[id];
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        LoggingConfig: { LogFormat: 'JSON', LogGroup: { Ref: expect.any(String) } },
      });
      const logGroup = template.toJSON().Resources[fn.Properties.LoggingConfig.LogGroup.Ref];
      expect(logGroup).toMatchObject({ Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 }, DeletionPolicy: 'Retain' });
    }
  });

  it('sets the variables the runtime reads, and never the local-only ones', () => {
    for (const group of FUNCTION_NAMES) {
      const variables = template.toJSON().Resources[functionLogicalIds[group]].Properties.Environment.Variables;
      for (const [table, variable] of Object.entries({
        apiKeys: 'TABLE_API_KEYS',
        owners: 'TABLE_OWNERS',
        usage: 'TABLE_USAGE',
        idempotency: 'TABLE_IDEMPOTENCY',
        sandbox: 'TABLE_SANDBOX',
      })) {
        expect(variables[variable]).toEqual({ Ref: tableLogicalIds[table] });
      }
      expect(Object.keys(JSON.parse(variables.TIER_LIMITS)).sort()).toEqual([...TIERS].sort());
      expect(variables.UPGRADE_URL).toBe('https://example.com/pricing');
      expect(variables.LOG_LEVEL).toBe('info');
      expect(variables.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS).toBeUndefined();
      expect(variables.DYNAMODB_ENDPOINT).toBeUndefined();
      expect(variables.CREDENTIALS_KEY_FILE).toBeUndefined();
      // Functions that open live accounts find the key, the app secrets and the gateway's URL; the others nothing of it.
      if (isLive(group)) {
        expect(variables.CREDENTIALS_KMS_KEY_ARN).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
        expect(variables.LIVE_SECRETS_ARN).toEqual({ Ref: secretId });
        expect(JSON.stringify(variables.PUBLIC_BASE_URL)).toContain(`{"Ref":"${restApiId}"}`);
        expect(JSON.stringify(variables.PUBLIC_BASE_URL)).toContain('/prod');
      } else {
        for (const name of ['CREDENTIALS_KMS_KEY_ARN', 'LIVE_SECRETS_ARN', 'PUBLIC_BASE_URL']) expect(variables[name]).toBeUndefined();
      }
      // Unset live settings are left to the adapters' defaults.
      expect(variables.SEARCHADS_API_URL).toBeUndefined();
    }
  });

  it('gives quick groups a 30 s timeout, above the 29 s integration timeout', () => {
    for (const group of FUNCTION_NAMES) {
      const hasLongRunning = tools.some((tool) => (group === 'mcp' || tool.group === group) && tool.longRunning);
      const timeout = template.toJSON().Resources[functionLogicalIds[group]].Properties.Timeout;
      if (hasLongRunning) expect(timeout).toBeGreaterThanOrEqual(90);
      else expect(timeout).toBe(30);
    }
  });

  it('grants each table with exactly the planned access: no function writes keys, only live ones write owners', () => {
    const policies = template.findResources('AWS::IAM::Policy');
    // The scheduler function reads and writes like the gateway function and opens live accounts.
    for (const group of [...FUNCTION_NAMES, 'scheduler' as const]) {
      const role =
        template.toJSON().Resources[group === 'scheduler' ? schedulerId : functionLogicalIds[group]].Properties.Role['Fn::GetAtt'][0];
      const statements = Object.values(policies)
        .filter((policy) => policy.Properties.Roles.some((r: { Ref: string }) => r.Ref === role))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
      // The MCP function runs every tool, writes and live accounts included.
      const access =
        group === 'gateway' || group === 'scheduler'
          ? TABLE_ACCESS.gateway
          : isLive(group)
            ? TABLE_ACCESS.livePlatform
            : TABLE_ACCESS.platform;
      for (const [table, mode] of Object.entries(access)) {
        const actions = statements
          .filter((statement) => JSON.stringify(statement.Resource).includes(`"${tableLogicalIds[table]}"`))
          .flatMap((statement) => [statement.Action].flat());
        expect(actions).toContain('dynamodb:GetItem');
        expect(actions).toContain('dynamodb:Query');
        for (const write of WRITE_ACTIONS) {
          if (mode === 'read') expect(actions).not.toContain(write);
          else expect(actions).toContain(write);
        }
      }
      // Live functions: encrypt and decrypt with the credentials key, read the app secrets; nothing more of either.
      const onKey = statements.filter(
        (statement) => JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [keyId, 'Arn'] }),
      );
      const onSecret = statements.filter((statement) => JSON.stringify(statement.Resource) === JSON.stringify({ Ref: secretId }));
      if (group === 'scheduler' || isLive(group)) {
        expect(onKey.flatMap((statement) => [statement.Action].flat()).sort()).toEqual([
          'kms:Decrypt',
          'kms:Encrypt',
          'kms:GenerateDataKey',
        ]);
        expect(onSecret.flatMap((statement) => [statement.Action].flat()).sort()).toEqual([
          'secretsmanager:DescribeSecret',
          'secretsmanager:GetSecretValue',
        ]);
      } else {
        expect([...onKey, ...onSecret]).toEqual([]);
      }
      // Nothing beyond the tables, the function's own log group, and for live functions the key and the secret.
      for (const statement of statements) {
        const resource = JSON.stringify(statement.Resource);
        expect(resource.includes('"Tables') || resource.includes('Logs') || onKey.includes(statement) || onSecret.includes(statement)).toBe(
          true,
        );
        expect(statement.Resource).not.toBe('*');
      }
    }
    expect(TABLE_ACCESS.platform.apiKeys).toBe('read');
    expect(TABLE_ACCESS.platform.owners).toBe('read');
  });

  it('runs the due monitor checks every 15 minutes: EventBridge Scheduler invokes the scheduler function (5 minutes, live accounts readable) with the scheduler event', () => {
    const schedules = Object.values(template.findResources('AWS::Scheduler::Schedule'));
    expect(schedules).toHaveLength(1);
    const schedule = schedules[0]!.Properties;
    expect(schedule).toMatchObject({ ScheduleExpression: 'rate(15 minutes)', State: 'ENABLED', FlexibleTimeWindow: { Mode: 'OFF' } });
    expect(JSON.parse(schedule.Target.Input)).toEqual(SCHEDULER_EVENT);
    expect(schedule.Target.Arn).toEqual({ 'Fn::GetAtt': [schedulerId, 'Arn'] });
    const fn = template.toJSON().Resources[schedulerId].Properties;
    expect(fn.Timeout).toBe(300);
    expect(fn.Environment.Variables).toMatchObject({
      CREDENTIALS_KMS_KEY_ARN: { 'Fn::GetAtt': [keyId, 'Arn'] },
      LIVE_SECRETS_ARN: { Ref: secretId },
    });
    // Its role may invoke the scheduler function and nothing else.
    const roleId = schedule.Target.RoleArn['Fn::GetAtt'][0];
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => policy.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    expect(statements.flatMap((statement) => [statement.Action].flat())).toEqual(['lambda:InvokeFunction']);
    expect(JSON.stringify(statements.map((statement) => statement.Resource))).toContain(schedulerId);
    expect(JSON.stringify(statements.map((statement) => statement.Resource))).not.toContain(functionLogicalIds.gateway);
  });

  it('lets the gateway, MCP and scheduler functions send alert emails from the one verified sender alertEmailFrom names, and no function without it', () => {
    const sesStatements = (t: typeof template) =>
      Object.values(t.findResources('AWS::IAM::Policy')).flatMap((policy) =>
        policy.Properties.PolicyDocument.Statement.filter((s: { Action: string | string[] }) =>
          [s.Action].flat().some((a) => a.startsWith('ses:')),
        ).map((s: object) => ({ roles: policy.Properties.Roles, ...s })),
      );
    expect(sesStatements(template)).toEqual([]);
    for (const group of FUNCTION_NAMES)
      expect(template.toJSON().Resources[functionLogicalIds[group]].Properties.Environment.Variables.ALERT_EMAIL_FROM).toBeUndefined();

    const withEmail = configured();
    const statements = sesStatements(withEmail.template);
    expect(statements).toHaveLength(3);
    for (const statement of statements) {
      expect(statement).toMatchObject({
        Action: 'ses:SendEmail',
        Effect: 'Allow',
        Condition: { StringEquals: { 'ses:FromAddress': 'alerts@ads.example.com' } },
      });
      expect(JSON.stringify(statement.Resource)).toContain(':identity/alerts@ads.example.com');
      expect(JSON.stringify(statement.Resource)).toContain(':identity/ads.example.com');
    }
    for (const group of FUNCTION_NAMES) {
      const variables = withEmail.template.toJSON().Resources[withEmail.functionLogicalIds[group]].Properties.Environment.Variables;
      expect(variables.ALERT_EMAIL_FROM).toBe(group === 'gateway' || group === 'mcp' ? 'alerts@ads.example.com' : undefined);
      expect(variables.SES_ENDPOINT).toBeUndefined();
    }
    const schedulerVariables =
      withEmail.template.toJSON().Resources[withEmail.stack.getLogicalId(withEmail.stack.schedulerFunction.node.defaultChild as never)]
        .Properties.Environment.Variables;
    expect(schedulerVariables.ALERT_EMAIL_FROM).toBe('alerts@ads.example.com');
  });

  it('lets API Gateway invoke each function through one permission, not one per method (MCP: one more per sign-in prefix)', () => {
    template.resourceCountIs('AWS::Lambda::Permission', FUNCTION_NAMES.length + 2);
    for (const routeTemplate of gateway.routeTemplates) routeTemplate.template.resourceCountIs('AWS::Lambda::Permission', 0);
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [functionLogicalIds.searchads, 'Arn'] },
      Principal: 'apigateway.amazonaws.com',
      SourceArn: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('/\\*/POST/api/v1/tools/\\*/execute$')])] },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [functionLogicalIds.mcp, 'Arn'] },
      SourceArn: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('/\\*/\\*/mcp$')])] },
    });
    for (const prefix of ['/oauth/\\*$', '/\\.well-known/\\*$']) {
      template.hasResourceProperties('AWS::Lambda::Permission', {
        FunctionName: { 'Fn::GetAtt': [functionLogicalIds.mcp, 'Arn'] },
        SourceArn: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(`/\\*/\\*${prefix}`)])] },
      });
    }
  });
});

describe('Stack: routes', () => {
  const byPathAndMethod = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]));

  it('routes POST /api/v1/tools/<tool>/execute of every registered tool to its group function, none missing', () => {
    expect(REGISTRY.names().length).toBeGreaterThan(0);
    for (const tool of REGISTRY.all()) {
      const route = byPathAndMethod.get(`POST /api/v1/tools/${tool.name}/execute`);
      expect({ tool: tool.name, group: route?.group }).toEqual({ tool: tool.name, group: tool.group });
      expect(route?.timeoutMs).toBe(29_000); // the default longRunningTimeoutSeconds is 29 too
    }
    const executePosts = routes.filter((route) => route.method === 'POST' && /^\/api\/v1\/tools\/[a-z0-9_]+\/execute$/.test(route.path));
    expect(executePosts).toHaveLength(REGISTRY.names().length);
  });

  it('sends other methods on a known execute path, and the tool catalog entry, to the gateway function', () => {
    for (const name of REGISTRY.names()) {
      expect(byPathAndMethod.get(`ANY /api/v1/tools/${name}/execute`)?.group).toBe('gateway');
      expect(byPathAndMethod.get(`ANY /api/v1/tools/${name}`)?.group).toBe('gateway');
    }
  });

  it('opens the connect pages without an API key or authorizer (the one-time link is the credential)', () => {
    for (const path of ['/connect/{platform}', '/connect/{platform}/callback'])
      expect(byPathAndMethod.get(`ANY ${path}`)?.stack).toBe('parent');
    // The fixed routes, the connect pages among them, are the parent stack's methods.
    for (const method of Object.values(template.findResources('AWS::ApiGateway::Method'))) {
      expect(method.Properties.AuthorizationType).toBe('NONE');
      expect(method.Properties.ApiKeyRequired).toBeUndefined();
    }
  });

  it('routes unknown tools and the fixed endpoints to the gateway function', () => {
    for (const path of [
      '/api/v1/tools/{tool}/execute',
      '/api/v1/tools/{tool}',
      '/api/v1/tools',
      '/api/v1/openapi.json',
      '/docs',
      '/health',
      '/connect/{platform}',
      '/connect/{platform}/callback',
    ]) {
      expect(byPathAndMethod.get(`ANY ${path}`)).toMatchObject({ group: 'gateway', stack: 'parent' });
    }
  });

  it('routes /mcp, any method, to the MCP function with the long-running integration timeout, and MCP sign-in (OAuth) to it too', () => {
    expect(byPathAndMethod.get('ANY /mcp')).toMatchObject({ group: 'mcp', stack: 'parent', timeoutMs: 29_000 });
    for (const path of OAUTH_PATHS) expect(byPathAndMethod.get(`ANY ${path}`)).toMatchObject({ group: 'mcp', stack: 'parent' });
    expect(routes.filter((route) => route.group === 'mcp')).toHaveLength(1 + OAUTH_PATHS.length);
  });

  it('has no route but those', () => {
    expect(routes).toHaveLength(9 + OAUTH_PATHS.length + 3 * REGISTRY.names().length);
  });

  it('deploys a regional API to a stage with access logs, error logs and no data trace', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      EndpointConfiguration: { Types: ['REGIONAL'] },
      MinimumCompressionSize: 1024,
    });
  });

  it('passes the gzip bytes of the functions through as binary: every media type is a binary one (REST API, Lambda proxy)', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'prod',
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      MethodSettings: [Match.objectLike({ LoggingLevel: 'ERROR', DataTraceEnabled: false, MetricsEnabled: true })],
    });
  });

  // Issue 32: no rate limit served about 9,900 calls of one key in 60 s.
  it('throttles the stage as a whole and gives each function the per-key rate limit', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      MethodSettings: [Match.objectLike({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 })],
    });
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'THROTTLED',
      StatusCode: '429',
      ResponseParameters: { 'gatewayresponse.header.Retry-After': "'1'" },
    });
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (f) => f.Properties.Environment?.Variables?.TIER_LIMITS,
    );
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) expect(fn.Properties.Environment.Variables.KEY_RATE_LIMIT).toBe('20/100');
  });

  it('waits for every route stack before deploying', () => {
    const deployment = Object.values(template.findResources('AWS::ApiGateway::Deployment'))[0];
    for (const { id } of gateway.routeTemplates) expect(deployment.DependsOn).toContain(id);
  });

  it('answers API Gateway errors in the envelope with a code of the vocabulary, unknown paths with 404', () => {
    template.resourceCountIs('AWS::ApiGateway::GatewayResponse', 6);
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
      StatusCode: '404',
      ResponseTemplates: {
        'application/json': Match.stringLikeRegexp('"success":false.*"structured_content":\\{"code":"route_not_found"\\}'),
      },
    });
    const codes = Object.values(template.findResources('AWS::ApiGateway::GatewayResponse')).map(
      (r) => /"code":"([a-z_]+)"/.exec(JSON.stringify(r.Properties.ResponseTemplates).replace(/\\"/g, '"'))?.[1],
    );
    expect(codes.sort()).toEqual([
      'integration_timeout',
      'internal_error',
      'invalid_request',
      'payload_too_large',
      'rate_limited',
      'route_not_found',
    ]);
    for (const code of codes) expect(Object.keys(ERROR_CODES)).toContain(code);
  });
});

describe('Stack: alarms and outputs', () => {
  it('alarms on the 5xx rate, on errors and throttles of each function, and on DynamoDB errors of each table', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(1 + 2 * allFunctionIds.length + Object.keys(TABLE_SPECS).length);
    expect(alarms.filter((alarm) => alarm.Properties.MetricName === '5XXError' && alarm.Properties.Statistic === 'Average')).toHaveLength(
      1,
    );
    for (const id of allFunctionIds) {
      for (const metric of ['Errors', 'Throttles']) {
        const matching = alarms.filter(
          (alarm) => alarm.Properties.MetricName === metric && JSON.stringify(alarm.Properties.Dimensions).includes(`"${id}"`),
        );
        expect(matching).toHaveLength(1);
      }
    }
    for (const table of Object.values(tableLogicalIds)) {
      const matching = alarms.filter(
        (alarm) =>
          JSON.stringify(alarm.Properties.Metrics ?? []).includes('SystemErrors') &&
          JSON.stringify(alarm.Properties.Metrics).includes(`"${table}"`),
      );
      expect(matching).toHaveLength(1);
    }
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toHaveLength(1);
  });

  it('outputs the API URL, each table name and the gateway command environment', () => {
    const outputs = template.toJSON().Outputs;
    expect(outputs.ApiUrl.Value).toBeDefined();
    expect(outputs.ApiId.Value).toEqual({ Ref: expect.stringMatching(/^HttpApi/) });
    for (const name of ['TableApiKeys', 'TableOwners', 'TableUsage', 'TableIdempotency', 'TableSandbox'])
      expect(outputs[name]).toBeDefined();
    const environment = JSON.stringify(outputs.GatewayEnvironment.Value);
    expect(environment).toMatch(/TABLE_API_KEYS=.*TABLE_SANDBOX=.*CREDENTIALS_KMS_KEY_ARN=.*LIVE_SECRETS_ARN=.*PUBLIC_BASE_URL=/);
    expect(environment).toContain(`{"Fn::GetAtt":["${keyId}","Arn"]}`);
    expect(outputs.LiveSecretsArn.Value).toEqual({ Ref: secretId });
    expect(outputs.CredentialsKeyArn.Value).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
  });
});

describe('Stack: live connections', () => {
  it('encrypts credentials under a customer-managed key with rotation on, kept when the stack is deleted', () => {
    const key = template.toJSON().Resources[keyId];
    expect(key.Properties).toMatchObject({ EnableKeyRotation: true, PendingWindowInDays: 30 });
    expect(key.DeletionPolicy).toBe('Retain');
    expect(key.UpdateReplacePolicy).toBe('Retain');
  });

  it('creates the app secrets with empty values for the deployer to fill, never a value in the template', () => {
    const secret = template.toJSON().Resources[secretId].Properties;
    expect(secret.SecretString).toBeUndefined();
    expect(JSON.parse(secret.GenerateSecretString.SecretStringTemplate)).toEqual({
      SEARCHADS_DEVELOPER_TOKEN: '',
      SEARCHADS_CLIENT_ID: '',
      SEARCHADS_CLIENT_SECRET: '',
      PROADS_CLIENT_ID: '',
      PROADS_CLIENT_SECRET: '',
      SOCIALADS_CLIENT_ID: '',
      SOCIALADS_CLIENT_SECRET: '',
      SHORTVIDEO_CLIENT_ID: '',
      SHORTVIDEO_CLIENT_SECRET: '',
      RETAILADS_CLIENT_ID: '',
      RETAILADS_CLIENT_SECRET: '',
      DESKADS_DEVELOPER_TOKEN: '',
      DESKADS_CLIENT_ID: '',
      DESKADS_CLIENT_SECRET: '',
    });
  });

  it('passes live settings to the live functions, and no secret value reaches the template', () => {
    const synthesized = configured();
    const everything = [synthesized.template, ...synthesized.routeTemplates.map((route) => route.template)]
      .map((t) => JSON.stringify(t.toJSON()))
      .join('\n');
    for (const value of Object.values(DEPLOYER_SECRETS)) expect(everything).not.toContain(value);
    const variables = synthesized.template.toJSON().Resources[synthesized.functionLogicalIds.searchads].Properties.Environment.Variables;
    expect(variables).toMatchObject({
      SEARCHADS_API_URL: CONFIGURED_SETTINGS.searchadsApiUrl,
      SEARCHADS_API_VERSION: 'v23',
      CHATADS_API_URL: CONFIGURED_SETTINGS.chatadsApiUrl,
      SEARCHADS_OAUTH_TOKEN_URL: CONFIGURED_SETTINGS.searchadsOauthTokenUrl,
      SEARCHADS_OAUTH_AUTHORIZE_URL: CONFIGURED_SETTINGS.searchadsOauthAuthorizeUrl,
      PUBLIC_BASE_URL: 'https://ads-gateway.example.com',
    });
    expect(
      synthesized.template.toJSON().Resources[synthesized.functionLogicalIds.proads].Properties.Environment.Variables.SEARCHADS_API_URL,
    ).toBeUndefined();
  });
});

// The registry at its announced size (509 tools), configured: the stack must hold CloudFormation's
// and API Gateway's limits with every route in place.
describe('Stack: the whole registry, configured', () => {
  it('keeps the parent stack and every route stack well under 500 resources', () => {
    const { template: parent, routeTemplates } = configured();
    expect(tools.length).toBeGreaterThanOrEqual(509);
    expect(routeTemplates).toHaveLength(ROUTE_STACK_COUNT);
    expect(resourceCount(parent)).toBeLessThanOrEqual(ROUTE_STACK_BUDGET);
    for (const { template: routeTemplate } of routeTemplates) expect(resourceCount(routeTemplate)).toBeLessThanOrEqual(ROUTE_STACK_BUDGET);
    expect(ROUTE_STACK_BUDGET).toBeLessThan(CLOUDFORMATION_STACK_LIMIT);
  });

  it('routes every tool, with the 3 methods each, and nothing else', () => {
    const configuredRoutes = configured().routes;
    const routeSet = new Set(configuredRoutes.map((route) => `${route.method} ${route.path} ${route.group}`));
    for (const tool of tools) {
      expect(routeSet.has(`POST /api/v1/tools/${tool.name}/execute ${tool.group}`)).toBe(true);
      expect(routeSet.has(`ANY /api/v1/tools/${tool.name}/execute gateway`)).toBe(true);
      expect(routeSet.has(`ANY /api/v1/tools/${tool.name} gateway`)).toBe(true);
    }
    expect(routeSet.has('ANY /mcp mcp')).toBe(true);
    for (const path of OAUTH_PATHS) expect(routeSet.has(`ANY ${path} mcp`)).toBe(true);
    expect(configuredRoutes).toHaveLength(9 + OAUTH_PATHS.length + 3 * tools.length);
  });

  it('creates exactly the API Gateway resources the quota arithmetic announces', () => {
    const { template: parent, routeTemplates } = configured();
    const apiResources = [parent, ...routeTemplates.map((route) => route.template)].reduce(
      (sum, t) => sum + Object.keys(t.findResources('AWS::ApiGateway::Resource')).length,
      0,
    );
    // + 1: the root resource, created with the API itself
    expect(apiResources + 1).toBe(apiResourceCount(tools.length));
  });

  it('applies the raised long-running integration timeout to long-running tools and /mcp only', () => {
    const longRunning = new Set([
      ...tools.filter((tool) => tool.longRunning).map((tool) => `POST /api/v1/tools/${tool.name}/execute`),
      'ANY /mcp',
    ]);
    expect(longRunning.size).toBeGreaterThan(1);
    const wrong = configured()
      .routes.map((route) => ({ route: `${route.method} ${route.path}`, timeout: route.timeoutMs }))
      .filter(({ route, timeout }) => timeout !== (longRunning.has(route) ? 90_000 : 29_000));
    expect(wrong).toEqual([]);
  });

  it('gives the long-running functions a Lambda timeout above their integration timeout', () => {
    const synthesized = configured();
    const resources = synthesized.template.toJSON().Resources;
    expect(resources[synthesized.functionLogicalIds.shortvideo].Properties.Timeout).toBe(120);
    expect(resources[synthesized.functionLogicalIds.mcp].Properties.Timeout).toBe(120);
    expect(resources[synthesized.functionLogicalIds.searchads].Properties.Timeout).toBe(30);
  });
});
