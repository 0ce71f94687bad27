import { gatewayTools } from '../platforms/gateway';
import { PLATFORMS } from '../platforms';
import type { ToolDefinition } from '../core/tool';
import { ServedPlatforms } from './runtime/directory';
import { ToolRegistry } from './runtime/registry';

/**
 * Every tool of the gateway and every platform: what the gateway, MCP and scheduler functions, the
 * local server, the catalog and the operator command serve. (A platform's own function serves only
 * its manifest: platforms/<word>/lambda.ts.)
 */

/** Every registered tool: the gateway's own tools, then each platform's. */
export const ALL_TOOLS: ToolDefinition[] = [...gatewayTools, ...PLATFORMS.flatMap((platform) => platform.tools)];

/** Building the registry refuses duplicate names, so importing this fails fast on one. */
export const REGISTRY = new ToolRegistry(ALL_TOOLS);

/** The seven platforms with every tool, as cross-platform work outside a request reaches them (the scheduler, the operator command). */
export const ALL_PLATFORMS = new ServedPlatforms(PLATFORMS, REGISTRY);
