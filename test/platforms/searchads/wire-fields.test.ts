import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/**
 * Every field path the searchads live adapter names in its queries (SELECT lists, WHERE conditions,
 * field lists kept as constants) against the platform's published definitions
 * (test/fakes/searchads-fields.json, generated from the protos by scripts/searchads-fields.ts): a
 * misspelled or retired field fails here, not on a real account.
 */

const root = join(__dirname, '..', '..', '..');
const published = JSON.parse(readFileSync(join(root, 'test/fakes/searchads-fields.json'), 'utf8')) as {
  version: string;
  resources: Record<string, Record<string, string>>;
};
const liveDir = join(root, 'platforms/searchads/live');

/**
 * `resource.path` tokens of a text whose resource is one the definitions list; a token the text continues
 * with a dot (a template's prefix such as `recommendation.impact.${m}`) ends in `.*`.
 */
function fieldPaths(text: string): string[] {
  return [...text.matchAll(/(?<![\w.$/{])([a-z][a-z_]*)\.([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*)(\.?)/g)]
    .filter((m) => published.resources[m[1]!] !== undefined)
    .map((m) => `${m[1]}.${m[2]}${m[3] ? '.*' : ''}`);
}

const allPaths = Object.entries(published.resources).flatMap(([resource, fields]) => Object.keys(fields).map((f) => `${resource}.${f}`));

/** The texts of every string literal and template part of a source file. */
function texts(source: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) out.push(node.text);
    node.forEachChild(visit);
  };
  visit(source);
  return out;
}

/**
 * Paths the definitions do not list: a field of its resource (`segments.*`, `metrics.*` too); a prefix
 * (`x.y.*`) must begin published fields; a path may also be the tail of another resource's field (the
 * adapter keeps `user_list.user_list` to select `ad_group_criterion.user_list.user_list`).
 */
function unknownPaths(paths: string[]): string[] {
  return paths.filter((path) => {
    if (path.endsWith('.*')) return !allPaths.some((p) => p.startsWith(path.slice(0, -1)) || p.includes(`.${path.slice(0, -1)}`));
    const [resource, ...rest] = path.split('.');
    return published.resources[resource!]![rest.join('.')] === undefined && !allPaths.some((p) => p.endsWith(`.${path}`));
  });
}

describe(`searchads live adapter: selected fields against the published ${published.version} definitions`, () => {
  const files = readdirSync(liveDir).filter((f) => f.endsWith('.ts'));
  const byFile = files.map((file) => {
    const source = ts.createSourceFile(file, readFileSync(join(liveDir, file), 'utf8'), ts.ScriptTarget.Latest, true);
    return { file, paths: [...new Set(texts(source).flatMap(fieldPaths))] };
  });

  it('every field path of every query is a published field', () => {
    const all = byFile.flatMap((f) => f.paths);
    // The adapter's queries name well over a hundred distinct fields: the scan found them.
    expect(new Set(all).size).toBeGreaterThan(150);
    expect(byFile.flatMap(({ file, paths }) => unknownPaths(paths).map((p) => `${file}: ${p}`))).toEqual([]);
  });

  it('a misspelled or retired field is caught', () => {
    const query = "SELECT campaign.id, campaign.nmae, asset_group_asset.performance_label FROM campaign WHERE campaign.status = 'ENABLED'";
    expect(unknownPaths(fieldPaths(query))).toEqual(['campaign.nmae', 'asset_group_asset.performance_label']);
    expect(unknownPaths(fieldPaths('recommendation.impactt.'))).toEqual(['recommendation.impactt.*']);
  });
});
