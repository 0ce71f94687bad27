import type { PlatformWord } from '../core/platforms';
import { ToolRegistry } from '../functions/runtime/registry';
import type { ToolDefinition } from '../core/tool';
import { chatads } from './chatads';
import { deskads } from './deskads';
import { gatewayTools } from './gateway';
import type { PlatformModule } from './platform-module';
import { proads } from './proads';
import { retailads } from './retailads';
import { searchads } from './searchads';
import { shortvideo } from './shortvideo';
import { socialads } from './socialads';

/** Every platform, by its word. */
export const PLATFORM_MODULES: Record<PlatformWord, PlatformModule> = {
  searchads,
  socialads,
  proads,
  shortvideo,
  retailads,
  chatads,
  deskads,
};

/** Every registered tool: the gateway's own tools, then each platform's. */
export const ALL_TOOLS: ToolDefinition[] = [...gatewayTools, ...Object.values(PLATFORM_MODULES).flatMap((module) => module.tools)];

/** Building the registry refuses duplicate names, so importing this fails fast on one. */
export const REGISTRY = new ToolRegistry(ALL_TOOLS);
