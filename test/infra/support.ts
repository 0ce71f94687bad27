import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { PlatformWord } from '../../core/platforms';
import { GatewayStack } from '../../lib/gateway-stack';
import type { ToolGroup } from '../../core/tool';
import type { FunctionName, RoutedTool } from '../../lib/routes';
import type { GatewaySettings } from '../../lib/settings';

type Json = any;

export interface Route {
  path: string;
  method: string;
  /** The function the integration invokes: a tool group's, or `mcp`. */
  group: FunctionName;
  timeoutMs: number | undefined;
  /** Logical id of the template that holds the method: the parent stack or a route stack. */
  stack: string;
}

export interface SynthesizedGateway {
  stack: GatewayStack;
  template: Template;
  routeTemplates: { id: string; template: Template }[];
  routes: Route[];
  functionLogicalIds: Record<FunctionName, string>;
  tableLogicalIds: Record<string, string>;
}

/** Synthesizes the stack with bundling skipped (fast, offline), and reads back every route. */
export function synthesizeGateway(
  tools: readonly RoutedTool[],
  settings: Partial<GatewaySettings> = {},
  livePlatforms: readonly PlatformWord[] = [],
): SynthesizedGateway {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new GatewayStack(app, 'Test', { tools, settings, livePlatforms });
  const template = Template.fromStack(stack);
  const functionLogicalIds = Object.fromEntries(
    Object.entries(stack.functions).map(([group, fn]) => [group, stack.getLogicalId(fn.node.defaultChild as CfnFunction)]),
  ) as Record<FunctionName, string>;
  const tableLogicalIds = Object.fromEntries(
    Object.entries(stack.tables.tables).map(([name, table]) => [name, stack.getLogicalId(table.node.defaultChild as never)]),
  );
  const groupOfFunction = new Map(Object.entries(functionLogicalIds).map(([group, id]) => [id, group as FunctionName]));

  const parent = template.toJSON();
  const routes: Route[] = [];
  const parentContext = new TemplateContext(parent, undefined, 'parent');
  routes.push(...parentContext.routes(groupOfFunction));
  const routeTemplates = stack.gatewayApi.routeStacks.map((nested) => {
    const id = stack.getLogicalId(nested.nestedStackResource as never);
    const nestedTemplate = Template.fromStack(nested as unknown as Stack);
    const parameters = parent.Resources[id].Properties.Parameters ?? {};
    const context = new TemplateContext(nestedTemplate.toJSON(), { parameters, parent: parentContext }, id);
    routes.push(...context.routes(groupOfFunction));
    return { id, template: nestedTemplate };
  });
  return { stack, template, routeTemplates, routes, functionLogicalIds, tableLogicalIds };
}

/** Resolves API Gateway resource paths and integration targets across a parent and its nested stacks. */
class TemplateContext {
  constructor(
    private readonly json: Json,
    private readonly nested: { parameters: Record<string, Json>; parent: TemplateContext } | undefined,
    private readonly id: string,
  ) {}

  routes(groupOfFunction: Map<string, FunctionName>): Route[] {
    return Object.values(this.json.Resources as Record<string, Json>)
      .filter((resource) => resource.Type === 'AWS::ApiGateway::Method')
      .map((method) => {
        const uri = method.Properties.Integration.Uri;
        const functionId = this.functionOf(uri);
        const group = groupOfFunction.get(functionId);
        if (!group) throw new Error(`Method integrates with an unknown target: ${JSON.stringify(uri)}`);
        return {
          path: this.pathOf(method.Properties.ResourceId),
          method: method.Properties.HttpMethod,
          group,
          timeoutMs: method.Properties.Integration.TimeoutInMillis,
          stack: this.id,
        };
      });
  }

  /** `{Ref: X}` to a Resource, a parameter or the root resource → its full path. */
  pathOf(expression: Json): string {
    if (expression?.['Fn::GetAtt']?.[1] === 'RootResourceId') return '';
    const ref = expression?.Ref;
    if (typeof ref !== 'string') throw new Error(`Unexpected resource id ${JSON.stringify(expression)}`);
    const resource = this.json.Resources?.[ref];
    if (resource?.Type === 'AWS::ApiGateway::Resource')
      return `${this.pathOf(resource.Properties.ParentId)}/${resource.Properties.PathPart}`;
    if (this.nested && ref in this.nested.parameters) return this.nested.parent.pathOf(this.nested.parameters[ref]);
    throw new Error(`Cannot resolve ${ref}`);
  }

  /** The logical id (in the parent) of the function an integration URI invokes. */
  functionOf(uri: Json): string {
    const parts: Json[] = uri['Fn::Join'][1];
    const arn = parts[parts.length - 2];
    return this.resolveFunction(arn);
  }

  private resolveFunction(arn: Json): string {
    if (arn?.['Fn::GetAtt']?.[1] === 'Arn') return arn['Fn::GetAtt'][0];
    if (typeof arn?.Ref === 'string' && this.nested && arn.Ref in this.nested.parameters)
      return this.nested.parent.resolveFunction(this.nested.parameters[arn.Ref]);
    throw new Error(`Cannot resolve function ${JSON.stringify(arn)}`);
  }
}

/** Resource count of a synthesized template. */
export function resourceCount(template: Template): number {
  return Object.keys(template.toJSON().Resources ?? {}).length;
}

/** `count` plausible tool names spread over every group, the way the specification names them. */
export function syntheticTools(count: number): RoutedTool[] {
  const verbs = ['list', 'get', 'create', 'update', 'delete', 'pause', 'resume', 'analyze', 'add', 'remove'];
  const nouns = ['campaigns', 'ad_groups', 'ads', 'keywords', 'negative_keywords', 'audiences', 'assets', 'pixels', 'budgets', 'reports'];
  const groups: ToolGroup[] = ['searchads', 'socialads', 'proads', 'shortvideo', 'retailads', 'chatads', 'deskads', 'gateway'];
  const tools: RoutedTool[] = [];
  for (let i = 0; tools.length < count; i++) {
    const group = groups[i % groups.length];
    const verb = verbs[Math.floor(i / groups.length) % verbs.length];
    const noun = nouns[Math.floor(i / (groups.length * verbs.length)) % nouns.length];
    const round = Math.floor(i / (groups.length * verbs.length * nouns.length));
    tools.push({ name: `${verb}_${group === 'gateway' ? 'all' : group}_${noun}${round ? `_${round}` : ''}`, group, longRunning: false });
  }
  return tools;
}
