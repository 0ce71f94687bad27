/**
 * Cross-field argument rules stated once, as data: the gateway checks them on every call and the
 * catalog publishes them as JSON Schema (`dependentRequired`, `oneOf`, `anyOf`, `not`, `if`/`then`),
 * so generated clients and agents see them too. A rule JSON Schema cannot state stays a function in
 * the tool's `rules` (published under `x-rules` through its message, and in the description).
 *
 * "Given" means present in the request's `arguments` (not null), before defaults are applied.
 */
export type SchemaRule = (
  | { kind: 'requires'; field: string; requires: string[] }
  | { kind: 'exactly_one'; fields: string[] }
  | { kind: 'at_least_one'; fields: string[] }
  | { kind: 'at_most_one'; fields: string[] }
  | { kind: 'when'; field: string; is: readonly (string | number | boolean)[]; required?: string[]; forbidden?: string[] }
) & {
  /** The tool's own wording of the problem (default: a generic sentence naming the fields). */
  message?: string;
};

/** The rule with the tool's own wording: `say(requires('start', 'end'), '`start` and `end` go together')`. */
export const say = (rule: SchemaRule, message: string): SchemaRule => ({ ...rule, message });

/** `field` given → each of `others` must be given too (JSON Schema `dependentRequired`). */
export const requires = (field: string, ...others: string[]): SchemaRule => ({ kind: 'requires', field, requires: others });
/** Exactly one of the fields is given (`oneOf` of `required`). */
export const exactlyOne = (...fields: string[]): SchemaRule => ({ kind: 'exactly_one', fields });
/** At least one of the fields is given (`anyOf` of `required`). */
export const atLeastOne = (...fields: string[]): SchemaRule => ({ kind: 'at_least_one', fields });
/** At most one of the fields is given (`not` of `anyOf` each pair `required`). */
export const atMostOne = (...fields: string[]): SchemaRule => ({ kind: 'at_most_one', fields });
/** When `field` is one of `is`: `required` fields must be given, `forbidden` ones must not (`if`/`then`). */
export const when = (
  field: string,
  is: readonly (string | number | boolean)[],
  then: { required?: string[]; forbidden?: string[] },
): SchemaRule => ({
  kind: 'when',
  field,
  is,
  ...then,
});

const given = (args: Record<string, unknown>, field: string) => args[field] !== undefined && args[field] !== null;
const names = (fields: readonly string[]) => fields.map((f) => `\`${f}\``).join(', ');

/** The problems of one call's raw arguments: one message per broken rule, naming the fields. */
export function schemaRuleProblems(rules: readonly SchemaRule[], args: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const rule of rules) {
    const before = problems.length;
    check(rule, args, problems);
    // One broken rule is one line; the tool's own wording replaces the generic one.
    if (rule.message && problems.length > before) problems.splice(before, problems.length - before, rule.message);
  }
  return problems;
}

function check(rule: SchemaRule, args: Record<string, unknown>, problems: string[]): void {
  {
    switch (rule.kind) {
      case 'requires': {
        const missing = given(args, rule.field) ? rule.requires.filter((f) => !given(args, f)) : [];
        if (missing.length) problems.push(`\`${rule.field}\` needs ${names(missing)} as well`);
        break;
      }
      case 'exactly_one': {
        const count = rule.fields.filter((f) => given(args, f)).length;
        if (count !== 1) problems.push(`give exactly one of ${names(rule.fields)} (${count} given)`);
        break;
      }
      case 'at_least_one':
        if (!rule.fields.some((f) => given(args, f))) problems.push(`give at least one of ${names(rule.fields)}`);
        break;
      case 'at_most_one': {
        const present = rule.fields.filter((f) => given(args, f));
        if (present.length > 1) problems.push(`give only one of ${names(present)}`);
        break;
      }
      case 'when': {
        if (!given(args, rule.field) || !rule.is.includes(args[rule.field] as never)) break;
        const which = `when \`${rule.field}\` is ${String(args[rule.field])}`;
        const missing = (rule.required ?? []).filter((f) => !given(args, f));
        const extra = (rule.forbidden ?? []).filter((f) => given(args, f));
        if (missing.length) problems.push(`${names(missing)} ${missing.length > 1 ? 'are' : 'is'} required ${which}`);
        if (extra.length) problems.push(`${names(extra)} cannot be given ${which}`);
        break;
      }
    }
  }
}

/**
 * `{required: [a, b]}` with the fields named under `properties` too (as `{}`: any value; the root
 * schema types them), so linters can tell the names are defined. One subschema per field.
 */
const requiring = (fields: readonly string[]) => ({ required: [...fields], properties: Object.fromEntries(fields.map((f) => [f, {}])) });
const required = (fields: readonly string[]) => fields.map((f) => requiring([f]));
/** Any of the subschemas: the subschema itself when there is only one. */
const anyOf = (schemas: Record<string, unknown>[]) => (schemas.length === 1 ? schemas[0] : { anyOf: schemas });

/** The JSON Schema keywords of the rules, to merge into the arguments' object schema. */
export function schemaRuleKeywords(rules: readonly SchemaRule[]): Record<string, unknown> {
  const dependentRequired: Record<string, string[]> = {};
  const allOf: Record<string, unknown>[] = [];
  for (const rule of rules) {
    switch (rule.kind) {
      case 'requires':
        dependentRequired[rule.field] = [...new Set([...(dependentRequired[rule.field] ?? []), ...rule.requires])];
        break;
      case 'exactly_one':
        allOf.push({ oneOf: required(rule.fields) });
        break;
      case 'at_least_one':
        allOf.push({ anyOf: required(rule.fields) });
        break;
      case 'at_most_one': {
        const pairs = rule.fields.flatMap((a, i) => rule.fields.slice(i + 1).map((b) => requiring([a, b])));
        allOf.push({ not: anyOf(pairs) });
        break;
      }
      case 'when':
        allOf.push({
          if: { required: [rule.field], properties: { [rule.field]: { enum: [...rule.is] } } },
          then: {
            ...(rule.required?.length ? requiring(rule.required) : {}),
            ...(rule.forbidden?.length ? { not: anyOf(required(rule.forbidden)) } : {}),
          },
        });
        break;
    }
  }
  return {
    ...(Object.keys(dependentRequired).length ? { dependentRequired } : {}),
    ...(allOf.length ? { allOf } : {}),
  };
}
