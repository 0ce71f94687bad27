import { Validations } from 'aws-cdk-lib';
import type { CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import type { GatewayStack } from './gateway-stack';

/**
 * cdk-nag (AwsSolutions) findings this design accepts, each acknowledged on the narrowest
 * construct it concerns, with the reason. Everything else must pass: `test/infra/nag.test.ts`
 * fails on any finding left unacknowledged.
 */
export function acknowledgeFindings(stack: GatewayStack): void {
  const api = stack.gatewayApi;

  // Methods of the fixed routes and of every route stack.
  Validations.of(api).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      "Callers authenticate with the gateway's own API keys (Authorization: Bearer sk_live_...), checked by the function against the hashed key table, so that 401s follow the contract's envelope and messages; /health, the catalog, OpenAPI and /docs are public by contract; the /connect pages are opened in a browser by account holders, whose one-time link token (stored hashed, 15 minutes) and one-time OAuth state are the credential.",
  });
  Validations.of(api).acknowledge({
    id: 'AwsSolutions-COG4',
    reason: 'Customers are API-key holders, not Cognito users: the bearer key is verified by the function (see AwsSolutions-APIG4).',
  });
  Validations.of(api.api).acknowledge({
    id: 'AwsSolutions-APIG2',
    reason:
      'Requests are validated by the function against the tool\'s schema, so every problem of a request is reported at once in the gateway\'s envelope with "did you mean" hints; an API Gateway validator would answer in its own format first.',
  });
  Validations.of(api.api).acknowledge({
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    reason:
      'The account-level role API Gateway needs to write access and execution logs; AWS maintains this service-role policy and API Gateway documents it as the role to use.',
  });
  Validations.of(api.stage).acknowledge({
    id: 'AwsSolutions-APIG3',
    reason:
      'A WAF web ACL costs about $5 per month plus $1 per rule even with no traffic, and every request is already authenticated and metered; deployers who want rate-based or IP rules associate a web ACL with the stage (README, "Hardening").',
  });

  Validations.of(stack.liveConnections.appSecrets).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'The secret holds the live platforms\' app credentials (developer token, OAuth client id and secret), issued in each platform\'s developer console: no rotation function can issue new ones. They are rotated there and pasted into the secret (README, "Live accounts").',
  });

  const apiKeysLogicalId = stack.getLogicalId(stack.tables.tables.apiKeys.node.defaultChild as CfnTable);
  const monitoringLogicalId = stack.getLogicalId(stack.tables.tables.monitoring.node.defaultChild as CfnTable);
  for (const fn of [...Object.values(stack.functions), stack.schedulerFunction]) {
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is the runtime this project targets and tests (Node 22 is in maintenance LTS until April 2027); moving to nodejs24.x is a deliberate upgrade, not a silent one.',
    });
    Validations.of(fn.role!.node.scope!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${apiKeysLogicalId}.Arn>/index/*]`,
      reason:
        "Key lookups query the api-keys table's indexes (by_key_id, by_owner); the grant covers that one table's indexes only, read-only.",
    });
    Validations.of(fn.role!.node.scope!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${monitoringLogicalId}.Arn>/index/*]`,
      reason:
        "The scheduler finds due monitors through the monitoring table's by_due index; the grant covers that one table's indexes only.",
    });
  }
  // The scheduler's role may invoke the scheduler function; the wildcard is the function's versions and aliases (`<arn>:*`), which the scheduler target construct grants with the function.
  Validations.of(stack.schedulerRole).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(stack.schedulerFunction.node.defaultChild as never)}.Arn>:*]`,
    reason:
      'EventBridge Scheduler invokes the scheduler function; the :* suffix covers its versions and aliases and nothing else (lambda:InvokeFunction only).',
  });
}
