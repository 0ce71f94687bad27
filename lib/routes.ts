import type { ToolGroup } from '../core/tool';
import { PLATFORM_WORDS } from '../core/platforms';

/** What the infrastructure needs to know about a tool: where its route goes and how long it may take. */
export interface RoutedTool {
  name: string;
  group: ToolGroup;
  longRunning: boolean;
}

/** Every Lambda group, one function each: the gateway's own, then one per platform. */
export const FUNCTION_GROUPS: readonly ToolGroup[] = ['gateway', ...PLATFORM_WORDS];

/** A function of the stack: one per tool group, and `mcp` for the MCP endpoint (every tool). */
export type FunctionName = ToolGroup | 'mcp';

/** Every function of the stack, each built from `functions/<name>.ts`. */
export const FUNCTION_NAMES: readonly FunctionName[] = [...FUNCTION_GROUPS, 'mcp'];

/**
 * Per-tool routes live in this many nested stacks. A tool's stack is chosen by a hash of its
 * name, so adding tools never moves an existing route to another stack (CloudFormation would
 * create the path in the new stack before deleting it from the old one, and API Gateway refuses
 * two resources with one path). Changing this number moves routes: do it only with a two-step
 * deployment (remove the routes, then add them back).
 */
export const ROUTE_STACK_COUNT = 12;

/**
 * CloudFormation resources per tool in its route stack: AWS::ApiGateway::Resource for
 * `/api/v1/tools/<name>` and for `.../execute`, a POST method (its group's function), an ANY
 * method on `.../execute` (the gateway function: 405 for other methods) and an ANY method on
 * `/api/v1/tools/<name>` (the gateway function: that tool's catalog entry).
 */
export const CFN_RESOURCES_PER_TOOL = 5;

/** API Gateway resources (paths) per tool: `/api/v1/tools/<name>` and `/api/v1/tools/<name>/execute`. */
export const API_RESOURCES_PER_TOOL = 2;

/**
 * API Gateway resources that exist whatever the registry holds: `/`, `/health`, `/docs`, `/mcp`, `/api`,
 * `/api/v1`, `/api/v1/openapi.json`, `/api/v1/tools`, `/api/v1/tools/{tool}`, `/api/v1/tools/{tool}/execute`,
 * `/connect`, `/connect/{platform}`, `/connect/{platform}/callback`, and MCP sign-in's ten: `/.well-known`
 * with `oauth-protected-resource`, its `/mcp`, `oauth-authorization-server` and `openid-configuration`,
 * and `/oauth` with `register`, `authorize`, `token` and `revoke`.
 */
export const FIXED_API_RESOURCES = 23;

/** CloudFormation's hard limit of resources in one stack (nested stacks count separately). */
export const CLOUDFORMATION_STACK_LIMIT = 500;

/** The most resources a route stack may hold: headroom under the limit for registry growth. */
export const ROUTE_STACK_BUDGET = 350;

/** The "Resources per API" quota (default 300) this registry needs: the number to request. */
export function apiResourceCount(toolCount: number): number {
  return FIXED_API_RESOURCES + API_RESOURCES_PER_TOOL * toolCount;
}

/** FNV-1a, 32 bits: small, stable across Node versions and machines, well spread over short names. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The route stack a tool name belongs to; depends on the name alone. */
export function routeStackOf(name: string, stackCount = ROUTE_STACK_COUNT): number {
  return fnv1a(name) % stackCount;
}

/** Splits tools into `stackCount` lists by `routeStackOf`, each sorted by name (stable templates). */
export function chunkTools<T extends { name: string }>(tools: readonly T[], stackCount = ROUTE_STACK_COUNT): T[][] {
  const chunks: T[][] = Array.from({ length: stackCount }, () => []);
  for (const tool of tools) chunks[routeStackOf(tool.name, stackCount)].push(tool);
  for (const chunk of chunks) chunk.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return chunks;
}

/** CloudFormation resources of each route stack for these tools. */
export function routeStackResourceCounts(tools: readonly { name: string }[], stackCount = ROUTE_STACK_COUNT): number[] {
  return chunkTools(tools, stackCount).map((chunk) => chunk.length * CFN_RESOURCES_PER_TOOL);
}

/** The tool list the stack is built from, as the registry declares it. */
export function routedTools(tools: readonly { name: string; group: ToolGroup; longRunning?: boolean }[]): RoutedTool[] {
  return tools.map(({ name, group, longRunning }) => ({ name, group, longRunning: longRunning ?? false }));
}

/** Tool names become API Gateway path parts and construct ids: refuse anything else early. */
export function assertRoutableName(name: string): void {
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(name))
    throw new Error(`Tool name "${name}" cannot be a URL path segment: use lower-case letters, digits and underscores.`);
}
