import { Annotations, Duration, RemovalPolicy, Size, Stack } from 'aws-cdk-lib';
import type { ErrorCode } from '../core/errors';
import {
  AccessLogField,
  AccessLogFormat,
  AuthorizationType,
  Deployment,
  EndpointType,
  type GatewayResponse,
  LogGroupLogDestination,
  type Method,
  MethodLoggingLevel,
  type Resource,
  ResponseType,
  RestApi,
  Stage,
} from 'aws-cdk-lib/aws-apigateway';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { STANDARD_INTEGRATION_TIMEOUT_SECONDS } from './gateway-function';
import { lambdaProxyIntegration } from './integration';
import { apiResourceCount, chunkTools, ROUTE_STACK_COUNT, type FunctionName, type RoutedTool } from './routes';
import { ToolRoutesStack } from './tool-routes-stack';
import { OAUTH_PATHS } from '../functions/oauth/paths';

export interface GatewayApiProps {
  tools: readonly RoutedTool[];
  functions: Readonly<Record<FunctionName, IFunction>>;
  longRunningTimeoutSeconds: number;
  stageName: string;
  logRetention: RetentionDays;
  /** false: fixed routes only (first deployment, before the "Resources per API" increase). */
  toolRoutes: boolean;
  /** The stage's throttle over all callers together; beyond it API Gateway answers 429 rate_limited. */
  throttle: { perSecond: number; burst: number };
}

/**
 * Paths the gateway function serves itself; ANY, so it also answers wrong methods itself. The
 * connect-link pages are opened by account holders in a browser: the one-time link token (and on
 * the callback, the one-time OAuth state) is their credential, not an API key.
 */
export const GATEWAY_PATHS = [
  '/health',
  '/docs',
  '/api/v1/openapi.json',
  '/api/v1/tools',
  '/api/v1/tools/{tool}',
  '/api/v1/tools/{tool}/execute',
  '/connect/{platform}',
  '/connect/{platform}/callback',
];

/** The MCP endpoint (Streamable HTTP); ANY, so GET and DELETE get the function's 405. */
const MCP_PATH = '/mcp';

/**
 * The regional REST API. The parent stack holds the fixed routes, the deployment and the stage;
 * per-tool routes are generated from the registry into ROUTE_STACK_COUNT nested stacks.
 */
export class GatewayApi extends Construct {
  readonly api: RestApi;
  readonly stage: Stage;
  readonly routeStacks: ToolRoutesStack[];

  constructor(scope: Construct, id: string, props: GatewayApiProps) {
    super(scope, id);
    const standardTimeout = Duration.seconds(STANDARD_INTEGRATION_TIMEOUT_SECONDS);
    const longRunningTimeout = Duration.seconds(props.longRunningTimeoutSeconds);
    const gateway = props.functions.gateway;

    this.api = new RestApi(this, 'Api', {
      restApiName: `${Stack.of(this).stackName}-tools`,
      description: 'Ad-platform tool gateway: POST /api/v1/tools/<tool>/execute',
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // Compress answers over 1 KB for clients that accept it: the OpenAPI document and the catalog
      // grow with every tool (about 4.5 KB per tool uncompressed).
      minCompressionSize: Size.kibibytes(1),
      // The catalog, the OpenAPI documents and MCP's tools/list arrive gzip from the functions
      // (prepared at build time: functions/catalog/prepared-bytes.ts) as base64 with isBase64Encoded;
      // a Lambda proxy answer is decoded to bytes only when the request's Accept (the first type) or
      // the answer's Content-Type is a binary media type, and browsers and MCP clients send varied
      // Accept headers, so every type is one. Answers with Content-Encoding are not compressed again;
      // request bodies then reach the functions base64, which the chain, MCP and OAuth decode.
      binaryMediaTypes: ['*/*'],
      // The deployment is made below, after the nested route stacks exist.
      deploy: false,
      // Stage logging needs API Gateway's account-level CloudWatch role, missing in a fresh
      // account. It is account-wide, so it is kept if this stack is deleted.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
    });

    // Fixed routes, in this stack.
    const methods: Method[] = [];
    const gatewayIntegration = lambdaProxyIntegration(gateway, standardTimeout);
    for (const path of GATEWAY_PATHS) {
      methods.push(this.api.root.resourceForPath(path).addMethod('ANY', gatewayIntegration, { authorizationType: AuthorizationType.NONE }));
    }
    // The MCP endpoint has a function of its own: it runs every tool (write access to the sandbox
    // like the platform functions, which the gateway function does not have) and the long-running
    // ones too, so it waits as long as a long-running route.
    const mcp = props.functions.mcp;
    methods.push(
      this.api.root
        .resourceForPath(MCP_PATH)
        .addMethod('ANY', lambdaProxyIntegration(mcp, longRunningTimeout), { authorizationType: AuthorizationType.NONE }),
    );
    // MCP sign-in (OAuth 2.1 metadata, registration, consent page, tokens): the MCP function too.
    const oauthIntegration = lambdaProxyIntegration(mcp, standardTimeout);
    for (const path of OAUTH_PATHS) {
      methods.push(this.api.root.resourceForPath(path).addMethod('ANY', oauthIntegration, { authorizationType: AuthorizationType.NONE }));
    }
    const toolsResource: Resource = this.api.root.resourceForPath('/api/v1/tools');

    // Per-tool routes, in nested stacks chosen by a hash of the tool name.
    const routedTools = props.toolRoutes ? props.tools : [];
    this.routeStacks = (props.toolRoutes ? chunkTools(routedTools, ROUTE_STACK_COUNT) : []).map(
      (tools, index) =>
        new ToolRoutesStack(this, `ToolRoutes${String(index).padStart(2, '0')}`, {
          restApiId: this.api.restApiId,
          rootResourceId: this.api.restApiRootResourceId,
          toolsResourceId: toolsResource.resourceId,
          tools,
          functions: props.functions,
          standardTimeout,
          longRunningTimeout,
        }),
    );
    // Created one after another: each creates up to a few hundred API Gateway resources, and
    // API Gateway throttles resource creation per account.
    this.routeStacks.forEach((stack, index) => index > 0 && stack.node.addDependency(this.routeStacks[index - 1]));

    const responses = this.addGatewayResponses(props.longRunningTimeoutSeconds);

    // One invoke permission per function, for the whole API, instead of one per method.
    gateway.addPermission('InvokeFromApi', {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: this.api.arnForExecuteApi('*', '/*', '*'),
    });
    mcp.addPermission('InvokeFromApi', {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: this.api.arnForExecuteApi('*', MCP_PATH, '*'),
    });
    for (const [id, prefix] of [
      ['InvokeOAuthFromApi', '/oauth/*'],
      ['InvokeWellKnownFromApi', '/.well-known/*'],
    ]) {
      mcp.addPermission(id, {
        principal: new ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: this.api.arnForExecuteApi('*', prefix, '*'),
      });
    }
    for (const [group, fn] of Object.entries(props.functions) as [FunctionName, IFunction][]) {
      if (group === 'gateway' || group === 'mcp') continue;
      fn.addPermission('InvokeFromApi', {
        principal: new ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: this.api.arnForExecuteApi('POST', '/api/v1/tools/*/execute', '*'),
      });
    }

    // A deployment only snapshots the methods that exist when it is created: it waits for every
    // method, route stack and gateway response, and gets a new logical id whenever the routes
    // change, so that `cdk deploy` publishes them.
    const deployment = new Deployment(this, 'Deployment', { api: this.api, description: 'Generated from the tool registry' });
    for (const dependency of [...methods, ...this.routeStacks, ...responses]) deployment.node.addDependency(dependency);
    deployment.addToLogicalId({
      fixed: [...GATEWAY_PATHS, MCP_PATH],
      tools: routedTools.map((tool) => [tool.name, tool.group, tool.longRunning]),
      longRunningTimeoutSeconds: props.longRunningTimeoutSeconds,
      routeStacks: ROUTE_STACK_COUNT,
      responses: responses.map((response) => response.node.id),
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: RemovalPolicy.RETAIN });
    this.stage = new Stage(this, 'Stage', {
      deployment,
      stageName: props.stageName,
      // One JSON line per request. No headers and no bodies: the Authorization header holds the key.
      accessLogDestination: new LogGroupLogDestination(accessLogs),
      accessLogFormat: AccessLogFormat.custom(
        JSON.stringify({
          requestId: AccessLogField.contextRequestId(),
          ip: AccessLogField.contextIdentitySourceIp(),
          requestTime: AccessLogField.contextRequestTime(),
          httpMethod: AccessLogField.contextHttpMethod(),
          resourcePath: AccessLogField.contextResourcePath(),
          status: AccessLogField.contextStatus(),
          responseLength: AccessLogField.contextResponseLength(),
          responseLatency: AccessLogField.contextResponseLatency(),
          integrationLatency: AccessLogField.contextIntegrationLatency(),
          integrationStatus: AccessLogField.contextIntegrationStatus(),
          error: AccessLogField.contextErrorMessage(),
        }),
      ),
      // Execution logs for errors only, never request or response bodies (dataTrace).
      loggingLevel: MethodLoggingLevel.ERROR,
      // Every method together; each key's own rate is limited by the functions (KEY_RATE_LIMIT).
      throttlingRateLimit: props.throttle.perSecond,
      throttlingBurstLimit: props.throttle.burst,
      dataTraceEnabled: false,
      metricsEnabled: true,
    });
    this.api.deploymentStage = this.stage;

    const needed = apiResourceCount(routedTools.length);
    if (needed > 300) {
      Annotations.of(this).addWarningV2(
        'gateway:api-resources-quota',
        `This API has ${needed} API Gateway resources for ${routedTools.length} tools: the "Resources per API" quota of this API (default 300) must be at least ${needed}. In a fresh account, deploy first with -c toolRoutes=false and request the increase for the API it creates. See README, "Quotas to raise".`,
      );
    }
  }

  /** API Gateway's own errors in the gateway's envelope, so clients parse one error shape. */
  private addGatewayResponses(longRunningTimeoutSeconds: number): GatewayResponse[] {
    // Each answer carries its code of the documented vocabulary (core/errors.ts ERROR_CODES).
    const envelope = (error: string, code: ErrorCode) => ({
      'application/json': `{"success":false,"error":${error},"tool":"","is_error":true,"request_id":"$context.requestId","structured_content":{"code":"${code}"}}`,
    });
    return [
      // API Gateway reports an unknown path (or a method on none) as a missing token: a 404 here.
      this.api.addGatewayResponse('UnknownPath', {
        type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
        statusCode: '404',
        templates: envelope(
          '"No endpoint at this path. Tools are called with POST /api/v1/tools/<tool>/execute; the catalog is GET /api/v1/tools."',
          'route_not_found',
        ),
      }),
      this.api.addGatewayResponse('IntegrationTimeout', {
        type: ResponseType.INTEGRATION_TIMEOUT,
        templates: envelope(
          `"The tool did not answer within ${longRunningTimeoutSeconds > STANDARD_INTEGRATION_TIMEOUT_SECONDS ? 'the gateway time limit' : `${STANDARD_INTEGRATION_TIMEOUT_SECONDS} seconds`}. It may still complete: retry with the same Idempotency-Key to receive its result instead of running it twice."`,
          'integration_timeout',
        ),
      }),
      this.api.addGatewayResponse('RequestTooLarge', {
        type: ResponseType.REQUEST_TOO_LARGE,
        templates: envelope(
          '"The request body is larger than 10 MB, the most the gateway accepts. Send a smaller request."',
          'payload_too_large',
        ),
      }),
      this.api.addGatewayResponse('Throttled', {
        type: ResponseType.THROTTLED,
        statusCode: '429',
        responseHeaders: { 'Retry-After': "'1'" },
        templates: envelope('"Too many requests reach the gateway right now. Retry after a second."', 'rate_limited'),
      }),
      this.api.addGatewayResponse('Default4xx', {
        type: ResponseType.DEFAULT_4XX,
        templates: envelope('$context.error.messageString', 'invalid_request'),
      }),
      this.api.addGatewayResponse('Default5xx', {
        type: ResponseType.DEFAULT_5XX,
        templates: envelope('"An internal error happened in the gateway. Report the request_id to support."', 'internal_error'),
      }),
    ];
  }
}
