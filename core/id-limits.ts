/**
 * Every id argument has a length limit (issue 32: ids of 1,025-2,048 bytes reached DynamoDB, whose
 * keys hold at most 1,024 bytes, and answered 500). Applied once, where a tool's schema is built
 * (core/tool.ts): a string argument named `id`, `*_id` or `*_ids` (and the strings inside such
 * arrays, at any depth of the arguments) without a maximum length of its own gets one of
 * ID_MAX_CHARACTERS. The valibot schema carries it, so validation refuses a longer id with a 400
 * naming the field and the published JSON Schema shows `maxLength` (functions/catalog/json-schema.ts).
 */
import * as v from 'valibot';

/** The longest id any tool accepts (4 bytes a character at most: 800 bytes, under DynamoDB's 1,024 for a key). */
export const ID_MAX_CHARACTERS = 200;

const ID_NAME = /(^|_)ids?$/;

type Node = v.GenericSchema & {
  type: string;
  pipe?: readonly unknown[];
  wrapped?: v.GenericSchema;
  default?: unknown;
  item?: v.GenericSchema;
  entries?: v.ObjectEntries;
  options?: v.GenericSchema[];
  message?: v.ErrorMessage<v.BaseIssue<unknown>>;
};

const LIMITS = new Set(['max_length', 'length', 'max_bytes', 'bytes', 'max_graphemes', 'max_words']);

function hasOwnLimit(node: Node): boolean {
  return (node.pipe ?? []).some(
    (action) =>
      LIMITS.has((action as { type?: string }).type ?? '') ||
      Boolean((action as { characterLimits?: { max?: number } }).characterLimits?.max),
  );
}

/** Reapplies a schema's pipe actions (after its first element, the schema itself) to a rebuilt base. */
function withPipe(node: Node, base: v.GenericSchema): v.GenericSchema {
  if (!node.pipe) return base;
  return v.pipe(base, ...(node.pipe.slice(1) as [v.PipeItem<unknown, unknown, v.BaseIssue<unknown>>]));
}

/** The schema with id strings limited; the same object when nothing under it is an id string. */
export function limitIds(schema: v.GenericSchema, name = '', depth = 0): v.GenericSchema {
  const node = schema as Node;
  if (depth > 12) return schema;
  const id = ID_NAME.test(name);
  switch (node.type) {
    case 'string':
      if (!id || hasOwnLimit(node)) return schema;
      // Right after the string itself, before any transform: the check applies to the input as
      // given, and the published JSON Schema (which stops at a transform) shows it.
      if (node.pipe)
        return v.pipe(
          node.pipe[0] as v.StringSchema<undefined>,
          v.maxLength(ID_MAX_CHARACTERS),
          ...(node.pipe.slice(1) as [v.PipeItem<string, string, v.BaseIssue<unknown>>]),
        );
      return v.pipe(schema as v.StringSchema<undefined>, v.maxLength(ID_MAX_CHARACTERS));
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional': {
      const inner = limitIds(node.wrapped!, name, depth + 1);
      if (inner === node.wrapped) return schema;
      const wrap = { optional: v.optional, nullable: v.nullable, nullish: v.nullish, exact_optional: v.exactOptional }[node.type] as (
        wrapped: v.GenericSchema,
        fallback?: unknown,
      ) => v.GenericSchema;
      return withPipe(node, 'default' in node && node.default !== undefined ? wrap(inner, node.default) : wrap(inner));
    }
    case 'array': {
      const item = limitIds(node.item!, name, depth + 1);
      return item === node.item ? schema : withPipe(node, v.array(item, node.message));
    }
    case 'union': {
      const options = node.options!.map((option) => limitIds(option, name, depth + 1));
      return options.every((option, i) => option === node.options![i]) ? schema : withPipe(node, v.union(options, node.message));
    }
    case 'object':
    case 'strict_object':
    case 'loose_object': {
      const entries = limitedEntries(node.entries!, depth + 1);
      if (entries === node.entries) return schema;
      const make = { object: v.object, strict_object: v.strictObject, loose_object: v.looseObject }[node.type] as (
        entries: v.ObjectEntries,
        message?: unknown,
      ) => v.GenericSchema;
      return withPipe(node, make(entries, node.message));
    }
    default:
      return schema;
  }
}

/** A tool's argument entries with their id strings limited; the same object when none changed. */
export function limitedEntries<Entries extends v.ObjectEntries>(entries: Entries, depth = 0): Entries {
  let changed = false;
  const out: v.ObjectEntries = {};
  for (const [name, entry] of Object.entries(entries)) {
    out[name] = limitIds(entry, name, depth);
    if (out[name] !== entry) changed = true;
  }
  return changed ? (out as Entries) : entries;
}
