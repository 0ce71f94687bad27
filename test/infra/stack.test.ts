import { Match } from 'aws-cdk-lib/assertions';
import { TIERS } from '../../functions/runtime/config';
import { TABLE_SPECS } from '../../functions/runtime/stores/tables';
import { TABLE_ACCESS } from '../../lib/gateway-stack';
import { FUNCTION_NAMES, routedTools } from '../../lib/routes';
import { ALL_TOOLS, REGISTRY } from '../../platforms';
import { synthesizeGateway } from './support';

// One synthesis of the real registry, shared by every test of this file.
const tools = routedTools(ALL_TOOLS);
const gateway = synthesizeGateway(tools);
const { template, routes, functionLogicalIds, tableLogicalIds } = gateway;

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
  });
});

describe('Stack: functions', () => {
  it('creates one arm64 nodejs22.x function per group and one for MCP, with JSON logs into its own retained log group', () => {
    template.resourceCountIs('AWS::Lambda::Function', FUNCTION_NAMES.length);
    for (const group of FUNCTION_NAMES) {
      const fn = template.toJSON().Resources[functionLogicalIds[group]];
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
      for (const [table, variable] of Object.entries({ apiKeys: 'TABLE_API_KEYS', owners: 'TABLE_OWNERS', usage: 'TABLE_USAGE', idempotency: 'TABLE_IDEMPOTENCY', sandbox: 'TABLE_SANDBOX' })) {
        expect(variables[variable]).toEqual({ Ref: tableLogicalIds[table] });
      }
      expect(Object.keys(JSON.parse(variables.TIER_LIMITS)).sort()).toEqual([...TIERS].sort());
      expect(variables.UPGRADE_URL).toBe('https://example.com/pricing');
      expect(variables.LOG_LEVEL).toBe('info');
      expect(variables.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS).toBeUndefined();
      expect(variables.DYNAMODB_ENDPOINT).toBeUndefined();
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

  it('grants each table with exactly the planned access: no platform function writes keys or owners', () => {
    const policies = template.findResources('AWS::IAM::Policy');
    for (const group of FUNCTION_NAMES) {
      const role = template.toJSON().Resources[functionLogicalIds[group]].Properties.Role['Fn::GetAtt'][0];
      const statements = Object.values(policies)
        .filter((policy) => policy.Properties.Roles.some((r: { Ref: string }) => r.Ref === role))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
      // The MCP function runs every tool, writes included: a platform function's access.
      const access = group === 'gateway' ? TABLE_ACCESS.gateway : TABLE_ACCESS.platform;
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
      // Nothing beyond the tables and the function's own log group.
      for (const statement of statements) {
        const resource = JSON.stringify(statement.Resource);
        expect(resource.includes('"Tables') || resource.includes('Logs')).toBe(true);
        expect(statement.Resource).not.toBe('*');
      }
    }
    expect(TABLE_ACCESS.platform.apiKeys).toBe('read');
  });

  it('lets API Gateway invoke each function through one permission, not one per method', () => {
    template.resourceCountIs('AWS::Lambda::Permission', FUNCTION_NAMES.length);
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

  it('routes unknown tools and the fixed endpoints to the gateway function', () => {
    for (const path of ['/api/v1/tools/{tool}/execute', '/api/v1/tools/{tool}', '/api/v1/tools', '/api/v1/openapi.json', '/docs', '/health']) {
      expect(byPathAndMethod.get(`ANY ${path}`)).toMatchObject({ group: 'gateway', stack: 'parent' });
    }
  });

  it('routes /mcp, any method, to the MCP function with the long-running integration timeout', () => {
    expect(byPathAndMethod.get('ANY /mcp')).toMatchObject({ group: 'mcp', stack: 'parent', timeoutMs: 29_000 });
    expect(routes.filter((route) => route.group === 'mcp')).toHaveLength(1);
  });

  it('has no route but those', () => {
    expect(routes).toHaveLength(7 + 3 * REGISTRY.names().length);
  });

  it('deploys a regional API to a stage with access logs, error logs and no data trace', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { EndpointConfiguration: { Types: ['REGIONAL'] }, MinimumCompressionSize: 1024 });
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'prod',
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      MethodSettings: [Match.objectLike({ LoggingLevel: 'ERROR', DataTraceEnabled: false, MetricsEnabled: true })],
    });
  });

  it('waits for every route stack before deploying', () => {
    const deployment = Object.values(template.findResources('AWS::ApiGateway::Deployment'))[0];
    for (const { id } of gateway.routeTemplates) expect(deployment.DependsOn).toContain(id);
  });

  it('answers API Gateway errors in the envelope, unknown paths with 404', () => {
    template.resourceCountIs('AWS::ApiGateway::GatewayResponse', 4);
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
      StatusCode: '404',
      ResponseTemplates: { 'application/json': Match.stringLikeRegexp('"success":false') },
    });
  });
});

describe('Stack: alarms and outputs', () => {
  it('alarms on the 5xx rate, on errors and throttles of each function, and on DynamoDB errors of each table', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(1 + 2 * FUNCTION_NAMES.length + Object.keys(TABLE_SPECS).length);
    expect(alarms.filter((alarm) => alarm.Properties.MetricName === '5XXError' && alarm.Properties.Statistic === 'Average')).toHaveLength(1);
    for (const group of FUNCTION_NAMES) {
      for (const metric of ['Errors', 'Throttles']) {
        const matching = alarms.filter(
          (alarm) => alarm.Properties.MetricName === metric && JSON.stringify(alarm.Properties.Dimensions).includes(`"${functionLogicalIds[group]}"`),
        );
        expect(matching).toHaveLength(1);
      }
    }
    for (const table of Object.values(tableLogicalIds)) {
      const matching = alarms.filter((alarm) => JSON.stringify(alarm.Properties.Metrics ?? []).includes('SystemErrors') && JSON.stringify(alarm.Properties.Metrics).includes(`"${table}"`));
      expect(matching).toHaveLength(1);
    }
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toHaveLength(1);
  });

  it('outputs the API URL, each table name and the gateway command environment', () => {
    const outputs = template.toJSON().Outputs;
    expect(outputs.ApiUrl.Value).toBeDefined();
    expect(outputs.ApiId.Value).toEqual({ Ref: expect.stringMatching(/^HttpApi/) });
    for (const name of ['TableApiKeys', 'TableOwners', 'TableUsage', 'TableIdempotency', 'TableSandbox']) expect(outputs[name]).toBeDefined();
    expect(JSON.stringify(outputs.GatewayEnvironment.Value)).toMatch(/TABLE_API_KEYS=.*TABLE_SANDBOX=/);
  });
});
