import { OAUTH_PATHS } from '../../functions/oauth/paths';
import { routedTools } from '../../lib/routes';
import { ALL_TOOLS } from '../../functions/all-tools';
import { synthesizeGateway } from './support';

// The first deployment into a fresh account: the API without per-tool routes, so that it stays
// under the default 300 resources and exists for the per-API quota request.
const gateway = synthesizeGateway(routedTools(ALL_TOOLS), { toolRoutes: false });

describe('Stack: toolRoutes=false (first deployment)', () => {
  it("creates no route stack, only the fixed routes: the gateway function's, /mcp and MCP sign-in", () => {
    expect(gateway.routeTemplates).toHaveLength(0);
    gateway.template.resourceCountIs('AWS::CloudFormation::Stack', 0);
    expect(gateway.routes.map((route) => `${route.method} ${route.path} ${route.group}`).sort()).toEqual(
      [
        ...[
          '/api/v1/openapi.json',
          '/api/v1/tools',
          '/api/v1/tools/{tool}',
          '/api/v1/tools/{tool}/execute',
          '/docs',
          '/health',
          '/connect/{platform}',
          '/connect/{platform}/callback',
        ].map((path) => `ANY ${path} gateway`),
        'ANY /mcp mcp',
        ...OAUTH_PATHS.map((path) => `ANY ${path} mcp`),
      ].sort(),
    );
  });

  it('still creates the tables and every function, so the second deployment only adds routes', () => {
    gateway.template.resourceCountIs('AWS::DynamoDB::Table', 7);
    gateway.template.resourceCountIs('AWS::Lambda::Function', 10);
  });
});
