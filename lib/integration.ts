import { Aws, type Duration } from 'aws-cdk-lib';
import { Integration, IntegrationType } from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';

/**
 * A Lambda proxy integration that adds no lambda:Permission. LambdaIntegration adds one per
 * method (and one more for test invokes) by default; with `scopePermissionToMethod: false` it
 * still adds one per function for every imported API construct, i.e. per route stack. Each
 * function instead gets a single permission from the stack (see GatewayApi), which keeps its
 * resource policy far below Lambda's 20 KB limit and the route stacks free of permissions.
 */
export function lambdaProxyIntegration(fn: IFunction, timeout: Duration): Integration {
  return new Integration({
    type: IntegrationType.AWS_PROXY,
    integrationHttpMethod: 'POST',
    uri: `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}:lambda:path/2015-03-31/functions/${fn.functionArn}/invocations`,
    options: { timeout },
  });
}
