/**
 * Every real output checked against its tool's declared schema: callTool and callToolOk pass each
 * 200's `data.structured` through `checkToolOutput`, so every test of every tool (present and
 * future) fails with the path of a mismatch when a tool answers something its `output` does not say.
 */
import * as v from 'valibot';
import { dryRunOutput, heldOutput } from '../../core/plan';
import { issuePath } from '../../functions/runtime/validation';
import { REGISTRY } from '../../functions/all-tools';

/**
 * Throws when `structured` does not match the tool's `output` (or, for a planned write, the dry-run
 * plan or the held action): a missing or wrong field, or a field the schema does not name (valibot
 * objects drop unknown keys, so the parsed value is compared with what the tool sent).
 */
export function checkToolOutput(toolName: string, structured: unknown): void {
  const tool = REGISTRY.get(toolName);
  if (!tool?.output) return;
  const dryRun = tool.plan !== undefined && (structured as { dry_run?: unknown } | undefined)?.dry_run === true;
  const held = tool.plan !== undefined && (structured as { held?: unknown } | undefined)?.held === true;
  const schema = dryRun ? dryRunOutput : held ? heldOutput : tool.output;
  const what = dryRun ? `${toolName} (dry run)` : held ? `${toolName} (held for approval)` : toolName;
  if (structured === undefined) throw new Error(`${what} declares an output schema but answered no data.structured`);
  const result = v.safeParse(schema, structured, { abortEarly: false });
  if (!result.success) {
    const lines = result.issues.slice(0, 10).map((issue) => `- structured.${issuePath(issue)}: ${issue.message}`);
    throw new Error(`${what} answered data.structured that does not match its output schema:\n${lines.join('\n')}`);
  }
  const extra = unknownKeys(structured, result.output, 'structured');
  if (extra.length) {
    throw new Error(
      `${what} answered fields its output schema does not declare:\n${extra
        .slice(0, 10)
        .map((path) => `- ${path}`)
        .join('\n')}`,
    );
  }
}

function unknownKeys(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, i) => unknownKeys(item, parsed[i], `${path}[${i}]`));
  if (!sent || typeof sent !== 'object' || !parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    if (!(key in parsed)) out.push(`${path}.${key}`);
    else out.push(...unknownKeys(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`));
  }
  return out;
}
