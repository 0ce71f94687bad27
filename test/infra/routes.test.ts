import {
  apiResourceCount,
  chunkTools,
  CLOUDFORMATION_STACK_LIMIT,
  CFN_RESOURCES_PER_TOOL,
  ROUTE_STACK_BUDGET,
  ROUTE_STACK_COUNT,
  routeStackOf,
  routeStackResourceCounts,
  routedTools,
} from '../../lib/routes';
import { resolveSettings, settingsFromContext } from '../../lib/settings';
import { ALL_TOOLS } from '../../functions/all-tools';
import { syntheticTools } from './support';

describe('Function: chunkTools', () => {
  const announced = syntheticTools(509);

  it('puts each of 509 tools in exactly one route stack', () => {
    // Act
    const chunks = chunkTools(announced);
    // Assess
    expect(chunks).toHaveLength(ROUTE_STACK_COUNT);
    const names = chunks.flat().map((tool) => tool.name);
    expect(names).toHaveLength(509);
    expect(new Set(names).size).toBe(509);
  });

  it('keeps every route stack of 509 tools within the budget, well under 500 resources', () => {
    // Act
    const counts = routeStackResourceCounts(announced);
    // Assess: +1 for the AWS::CDK::Metadata resource CDK adds to each nested stack
    expect(Math.max(...counts) + 1).toBeLessThanOrEqual(ROUTE_STACK_BUDGET);
    expect(ROUTE_STACK_BUDGET).toBeLessThan(CLOUDFORMATION_STACK_LIMIT);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(509 * CFN_RESOURCES_PER_TOOL);
  });

  it('keeps the current registry within the budget too', () => {
    const counts = routeStackResourceCounts(routedTools(ALL_TOOLS));
    expect(Math.max(...counts) + 1).toBeLessThanOrEqual(ROUTE_STACK_BUDGET);
  });

  it('never moves an existing tool when tools are added', () => {
    // Prepare
    const before = new Map(chunkTools(announced.slice(0, 300)).flatMap((chunk, index) => chunk.map((tool) => [tool.name, index] as const)));
    // Act
    const after = new Map(chunkTools(announced).flatMap((chunk, index) => chunk.map((tool) => [tool.name, index] as const)));
    // Assess
    for (const [name, index] of before) expect(after.get(name)).toBe(index);
  });

  it('depends on the name only, not on the order of the registry', () => {
    const reversed = chunkTools([...announced].reverse());
    expect(reversed).toEqual(chunkTools(announced));
    expect(routeStackOf('list_campaigns')).toBe(routeStackOf('list_campaigns'));
  });
});

describe('Function: apiResourceCount', () => {
  it('needs 1031 API Gateway resources for 509 tools: the "Resources per API" quota to request', () => {
    expect(apiResourceCount(509)).toBe(1041);
    expect(apiResourceCount(0)).toBe(23);
  });
});

describe('Function: settingsFromContext', () => {
  it('takes defaults when nothing is given', () => {
    const settings = settingsFromContext(() => undefined);
    expect(settings).toMatchObject({ longRunningTimeoutSeconds: 29, logLevel: 'info', stageName: 'prod' });
    expect(settings.tierLimits).toEqual({ free: 15, plus: 150, pro: 600, max: 3000 });
  });

  it('reads -c strings: JSON tier limits merged over the defaults, numbers', () => {
    const context: Record<string, string> = {
      tierLimits: '{"free":20}',
      longRunningTimeoutSeconds: '90',
      logLevel: 'warn',
      toolRoutes: 'false',
    };
    const settings = settingsFromContext((key) => context[key]);
    expect(settings.tierLimits).toEqual({ free: 20, plus: 150, pro: 600, max: 3000 });
    expect(settings.longRunningTimeoutSeconds).toBe(90);
    expect(settings.logLevel).toBe('warn');
    expect(settings.toolRoutes).toBe(false);
    expect(settingsFromContext(() => undefined).toolRoutes).toBe(true);
  });

  it('rejects values that could not deploy, naming each setting', () => {
    expect(() =>
      resolveSettings({ longRunningTimeoutSeconds: 301, logRetentionDays: 10, upgradeUrl: 'http://x', tierLimits: { gold: 1 } as never }),
    ).toThrow(
      /longRunningTimeoutSeconds[\s\S]*upgradeUrl[\s\S]*logRetentionDays|tierLimits[\s\S]*upgradeUrl[\s\S]*longRunningTimeoutSeconds[\s\S]*logRetentionDays/,
    );
    expect(() => settingsFromContext((key) => (key === 'tierLimits' ? '{free:1}' : undefined))).toThrow(/tierLimits must be JSON/);
    expect(() => settingsFromContext((key) => (key === 'alertEmailFrom' ? 'alerts at example' : undefined))).toThrow(
      /alertEmailFrom must be an e-mail address/,
    );
    expect(settingsFromContext((key) => (key === 'alertEmailFrom' ? 'alerts@ads.example.com' : undefined)).alertEmailFrom).toBe(
      'alerts@ads.example.com',
    );
  });

  it('reads the live settings, and checks their shape', () => {
    const context: Record<string, string> = {
      searchadsApiUrl: 'https://staging.example.com/searchads',
      searchadsApiVersion: 'v23',
      publicBaseUrl: 'https://ads-gateway.example.com',
    };
    expect(settingsFromContext((key) => context[key])).toMatchObject(context);
    expect(() =>
      resolveSettings({ chatadsApiUrl: 'ftp://x', searchadsApiVersion: '23', publicBaseUrl: 'https://x.example.com/?q=1' }),
    ).toThrow(/chatadsApiUrl[\s\S]*publicBaseUrl[\s\S]*searchadsApiVersion/);
  });

  it('refuses secret values as settings, pointing to the Secrets Manager secret', () => {
    for (const key of ['SEARCHADS_CLIENT_SECRET', 'searchadsDeveloperToken', 'SEARCHADS_CLIENT_ID']) {
      expect(() => settingsFromContext((name) => (name === key ? 'value-that-must-not-deploy' : undefined))).toThrow(
        new RegExp(`${key}[\\s\\S]*LiveSecretsArn`),
      );
    }
  });
});
