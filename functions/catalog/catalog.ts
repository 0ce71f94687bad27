import type { JsonSchema } from '@valibot/to-json-schema';
import type { ToolRegistry } from '../runtime/registry';
import type { ToolDefinition } from '../../core/tool';
import { argumentsJsonSchema, JSON_SCHEMA_DIALECT, outputJsonSchema } from './json-schema';

/** One tool as the catalog, the snapshot and OpenAPI describe it. */
export interface CatalogEntry {
  name: string;
  /** Platform word, or null for the gateway's cross-platform tools. */
  platform: string | null;
  /** The Lambda group the tool runs in: its platform, or `gateway`. */
  group: string;
  /** How the tools are grouped: the platform, or monitoring / audit / helper for cross-platform tools. */
  category: string;
  access: 'read' | 'write';
  destructive: boolean;
  quota_exempt: boolean;
  long_running: boolean;
  description: string;
  /** Where to call it. */
  execute: { method: 'POST'; path: string };
  /** JSON Schema (draft 2020-12) of `arguments`, generated from the schema that validates them. */
  input_schema: JsonSchema;
  /**
   * JSON Schema (draft 2020-12) of `data.structured` of a 200, generated from the tool's `output`;
   * for planned writes `oneOf` the result and the dry-run plan. Absent while a tool declares none.
   */
  output_schema?: JsonSchema;
}

export function executePath(name: string): string {
  return `/api/v1/tools/${encodeURIComponent(name)}/execute`;
}

export function catalogEntry(tool: ToolDefinition): CatalogEntry {
  const { schema } = argumentsJsonSchema(tool);
  const output = outputJsonSchema(tool);
  return {
    name: tool.name,
    platform: tool.platform,
    group: tool.group,
    category: tool.category,
    access: tool.access,
    destructive: tool.destructive,
    quota_exempt: tool.quotaExempt,
    long_running: tool.longRunning,
    description: tool.description,
    execute: { method: 'POST', path: executePath(tool.name) },
    input_schema: { $schema: JSON_SCHEMA_DIALECT, ...schema },
    ...(output ? { output_schema: { $schema: JSON_SCHEMA_DIALECT, ...output } } : {}),
  };
}

/** Every tool of a registry, sorted by name. */
export function buildCatalog(registry: Pick<ToolRegistry, 'all'>): CatalogEntry[] {
  return registry
    .all()
    .map(catalogEntry)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The served catalog (read from the build-time artifact, not built in the process): functions/catalog/artifact.ts. */
export { catalog, catalogEntryNamed } from './artifact';

export interface CatalogFilter {
  /** A tool without a platform counts for its group's (`gateway` for the cross-platform tools). */
  platform?: string;
  group?: string;
  category?: string;
  access?: 'read' | 'write';
}

export function filterCatalog(entries: readonly CatalogEntry[], filter: CatalogFilter): CatalogEntry[] {
  return entries.filter(
    (entry) =>
      (filter.platform === undefined || (entry.platform ?? entry.group) === filter.platform) &&
      (filter.group === undefined || entry.group === filter.group) &&
      (filter.category === undefined || entry.category === filter.category) &&
      (filter.access === undefined || entry.access === filter.access),
  );
}
