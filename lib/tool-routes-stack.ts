import { Duration, NestedStack } from 'aws-cdk-lib';
import { AuthorizationType, type Integration, Resource, RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { ToolGroup } from '../core/tool';
import { lambdaProxyIntegration } from './integration';
import { assertRoutableName, type RoutedTool } from './routes';

export interface ToolRoutesStackProps {
  restApiId: string;
  rootResourceId: string;
  /** The id of `/api/v1/tools`, created by the parent stack. */
  toolsResourceId: string;
  tools: readonly RoutedTool[];
  functions: Readonly<Record<ToolGroup, IFunction>>;
  standardTimeout: Duration;
  longRunningTimeout: Duration;
}

/**
 * One slice of the per-tool routes (see `chunkTools`), in its own nested stack so that no stack
 * comes near CloudFormation's 500 resources. For each tool:
 * - `POST /api/v1/tools/<name>/execute` → the tool's group function (long-running tools get the
 *   long-running integration timeout);
 * - `ANY  /api/v1/tools/<name>/execute` → the gateway function, which answers 405 (API Gateway
 *   prefers the POST method over ANY, so only other methods land there);
 * - `ANY  /api/v1/tools/<name>` → the gateway function: GET is that tool's catalog entry.
 */
export class ToolRoutesStack extends NestedStack {
  constructor(scope: Construct, id: string, props: ToolRoutesStackProps) {
    super(scope, id, { description: `Tool routes ${id}: ${props.tools.length} tools` });
    const api = RestApi.fromRestApiAttributes(this, 'Api', { restApiId: props.restApiId, rootResourceId: props.rootResourceId });
    const tools = Resource.fromResourceAttributes(this, 'Tools', {
      restApi: api,
      resourceId: props.toolsResourceId,
      path: '/api/v1/tools',
    });
    // One integration object per function and timeout, shared by its methods.
    const integrations = new Map<string, Integration>();
    const integrationFor = (group: ToolGroup, timeout: Duration) => {
      const key = `${group}:${timeout.toSeconds()}`;
      if (!integrations.has(key)) integrations.set(key, lambdaProxyIntegration(props.functions[group], timeout));
      return integrations.get(key)!;
    };
    const options = { authorizationType: AuthorizationType.NONE };
    for (const tool of props.tools) {
      assertRoutableName(tool.name);
      const toolResource = tools.addResource(tool.name);
      toolResource.addMethod('ANY', integrationFor('gateway', props.standardTimeout), options);
      const execute = toolResource.addResource('execute');
      execute.addMethod('POST', integrationFor(tool.group, tool.longRunning ? props.longRunningTimeout : props.standardTimeout), options);
      execute.addMethod('ANY', integrationFor('gateway', props.standardTimeout), options);
    }
  }
}
