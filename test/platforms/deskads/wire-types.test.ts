import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/**
 * The live adapter's wire types (platforms/deskads/live/wire-types.ts) against the platform's
 * published REST models (test/fakes/deskads-fields.json, generated from the official REST SDK by
 * scripts/generate-deskads-fields.ts): every member the adapter sends or reads exists in the model
 * it stands for, down through nested objects, and every interface's `@model` tag names that model.
 */

interface Field {
  type: string;
}
interface Model {
  fields: Record<string, Field>;
  subtypes?: Record<string, string>;
}
interface Definitions {
  operations: Record<string, { request: string; response: string }>;
  models: Record<string, Model>;
}

const root = join(__dirname, '..', '..', '..');
const definitions = JSON.parse(readFileSync(join(root, 'test/fakes/deskads-fields.json'), 'utf8')) as Definitions;
const file = join(root, 'platforms/deskads/live/wire-types.ts');
const program = ts.createProgram([file], { strict: true, noEmit: true });
const checker = program.getTypeChecker();
const source = program.getSourceFile(file)!;

/** A model and every subtype it stands for (a polymorphic base is sent as any of them). */
function family(name: string): Model[] {
  const model = definitions.models[name];
  if (!model) return [];
  return [model, ...Object.values(model.subtypes ?? {}).flatMap((sub) => (sub === name ? [] : family(sub)))];
}

/** The object type a member holds: null and undefined removed, arrays unwrapped. */
function objectOf(type: ts.Type): ts.Type | undefined {
  let t = checker.getNonNullableType(type);
  while (checker.isArrayType(t)) t = checker.getNonNullableType(checker.getTypeArguments(t as ts.TypeReference)[0]!);
  return t.getProperties().length && !(t.flags & ts.TypeFlags.StringLike) && !(t.flags & ts.TypeFlags.NumberLike) ? t : undefined;
}

/** The members of `type` that are not in model `name` (nor in what it holds), as paths. */
function strayMembers(type: ts.Type, name: string, path: string): string[] {
  const models = family(name);
  if (!models.length) return [`${path}: no published model ${name}`];
  return type.getProperties().flatMap((member) => {
    const candidates = models.map((m) => m.fields[member.name]).filter((f): f is Field => !!f);
    if (!candidates.length) return [`${path}.${member.name} (not a member of ${name})`];
    const inner = objectOf(checker.getTypeOfSymbol(member));
    if (!inner) return [];
    const nested = candidates.map((f) => f.type.replace(/(\[\])+$/, '')).filter((t) => definitions.models[t]);
    if (!nested.length) return [];
    const tries = nested.map((t) => strayMembers(inner, t, `${path}.${member.name}`));
    return tries.find((errors) => !errors.length) ?? tries[0]!;
  });
}

function declared(name: string): ts.InterfaceDeclaration {
  const found = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!found) throw new Error(`wire-types.ts declares no ${name}`);
  return found;
}

describe('deskads live wire types against the published REST models', () => {
  it.each(['Requests', 'Answers'] as const)('%s: one entry per operation, each member in the operation’s published model', (map) => {
    const operations = checker.getTypeAtLocation(declared(map)).getProperties();
    expect(operations.length).toBeGreaterThan(40);
    const stray = operations.flatMap((operation) => {
      const published = definitions.operations[operation.name];
      if (!published) return [`${operation.name}: not an operation of the published definitions`];
      const model = map === 'Requests' ? published.request : published.response;
      return strayMembers(checker.getTypeOfSymbol(operation), model, operation.name);
    });
    expect(stray).toEqual([]);
  });

  it('every wire interface names its published model, and has only members of it', () => {
    const interfaces = source.statements.filter(
      (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text.startsWith('Wire'),
    );
    expect(interfaces.length).toBeGreaterThan(30);
    const problems = interfaces.flatMap((declaration) => {
      const tag = ts.getJSDocTags(declaration).find((t) => t.tagName.text === 'model');
      const model = typeof tag?.comment === 'string' ? tag.comment.trim() : undefined;
      if (!model) return [`${declaration.name.text}: no @model tag`];
      return strayMembers(checker.getTypeAtLocation(declaration), model, declaration.name.text);
    });
    expect(problems).toEqual([]);
  });
});
