import { OAUTH_PATHS } from '../../functions/oauth/paths';
import { apiResourceCount, CLOUDFORMATION_STACK_LIMIT, ROUTE_STACK_BUDGET, ROUTE_STACK_COUNT } from '../../lib/routes';
import { resourceCount, synthesizeGateway, syntheticTools } from './support';

// The announced registry size, with one long-running tool, and the integration timeout raised to
// 90 s (what a deployer sets after the quota increase). One synthesis for the whole file.
const tools = [...syntheticTools(508), { name: 'create_shortvideo_video_campaign', group: 'shortvideo' as const, longRunning: true }];
const gateway = synthesizeGateway(tools, { longRunningTimeoutSeconds: 90 });

describe('Stack: 509 tools', () => {
  it('keeps the parent stack and every route stack well under 500 resources', () => {
    // Assess
    expect(gateway.routeTemplates).toHaveLength(ROUTE_STACK_COUNT);
    expect(resourceCount(gateway.template)).toBeLessThanOrEqual(ROUTE_STACK_BUDGET);
    for (const { template } of gateway.routeTemplates) {
      expect(resourceCount(template)).toBeLessThanOrEqual(ROUTE_STACK_BUDGET);
    }
    expect(ROUTE_STACK_BUDGET).toBeLessThan(CLOUDFORMATION_STACK_LIMIT);
  });

  it('routes every one of the 509 tools, with the 3 methods each, and nothing else', () => {
    const routes = new Set(gateway.routes.map((route) => `${route.method} ${route.path} ${route.group}`));
    for (const tool of tools) {
      expect(routes).toContain(`POST /api/v1/tools/${tool.name}/execute ${tool.group}`);
      expect(routes).toContain(`ANY /api/v1/tools/${tool.name}/execute gateway`);
      expect(routes).toContain(`ANY /api/v1/tools/${tool.name} gateway`);
    }
    expect(routes).toContain('ANY /mcp mcp');
    for (const path of OAUTH_PATHS) expect(routes).toContain(`ANY ${path} mcp`);
    expect(gateway.routes).toHaveLength(9 + OAUTH_PATHS.length + 3 * 509);
  });

  it('creates exactly the API Gateway resources the quota arithmetic announces', () => {
    const templates = [gateway.template, ...gateway.routeTemplates.map(({ template }) => template)];
    const apiResources = templates.reduce(
      (sum, template) => sum + Object.keys(template.findResources('AWS::ApiGateway::Resource')).length,
      0,
    );
    // + 1: the root resource, created with the API itself
    expect(apiResources + 1).toBe(apiResourceCount(509));
  });

  it('applies the long-running integration timeout to long-running tools and /mcp only', () => {
    for (const route of gateway.routes) {
      const longRunning =
        (route.path === '/api/v1/tools/create_shortvideo_video_campaign/execute' && route.method === 'POST') || route.path === '/mcp';
      const expected = longRunning ? 90_000 : 29_000;
      expect({ route: `${route.method} ${route.path}`, timeout: route.timeoutMs }).toEqual({
        route: `${route.method} ${route.path}`,
        timeout: expected,
      });
    }
  });

  it('gives the shortvideo and MCP functions a Lambda timeout above their integration timeout', () => {
    const resources = gateway.template.toJSON().Resources;
    expect(resources[gateway.functionLogicalIds.shortvideo].Properties.Timeout).toBe(120);
    expect(resources[gateway.functionLogicalIds.mcp].Properties.Timeout).toBe(120);
    expect(resources[gateway.functionLogicalIds.searchads].Properties.Timeout).toBe(30);
  });
});
