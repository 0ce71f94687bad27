/** callToolOk that also checks `data.structured` against the tool's declared output schema (dry runs: the plan schema). */
import * as v from 'valibot';
import { dryRunOutput } from '../../../core/plan';
import { REGISTRY } from '../../../functions/all-tools';
import { callToolOk } from '../../support/gateway';

export async function callChecked(apiKey: string, tool: string, args: Record<string, unknown> = {}) {
  const data = await callToolOk(apiKey, tool, args);
  const schema = args.dry_run ? dryRunOutput : REGISTRY.get(tool)!.output;
  if (schema) {
    const result = v.safeParse(schema, data.structured);
    if (!result.success)
      throw new Error(
        `${tool} output does not match its schema: ${result.issues.map((i) => `${i.path?.map((p) => String(p.key)).join('.')}: ${i.message}`).join('; ')}`,
      );
  }
  return data;
}
