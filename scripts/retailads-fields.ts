/**
 * Generates test/fakes/retailads-fields.json, the request shapes the fake retailads API accepts, from
 * the platform's published API definitions (OpenAPI documents), so the fake never takes its field
 * lists from the adapter it tests.
 *
 *   npx tsx scripts/retailads-fields.ts <spec mirror> <models mirror> > test/fakes/retailads-fields.json
 *
 * <spec mirror>: a git directory holding the published documents under specs/ (Sponsored Products v3,
 * Offline Report v3, Profiles): the mirror of github:cedricziel/swift-amazon-ads.
 * <models mirror>: a git directory holding the SDK's copies of the Sponsored Brands v3/v4, Sponsored
 * Display v3 and Creative assets documents under pkg/adsapi/<name>/api/swagger.yaml: the mirror of
 * github:vanling1111/amazon-ads-api-go-sdk.
 *
 * For each operation the fake serves it writes the request body's media type, the response media
 * type, the query parameters and the body as a compact schema (object / array / string / number /
 * integer / boolean / oneOf, with required fields, enums, lengths and ranges; $ref and allOf
 * resolved). For reporting v3 it writes, per report type, the columns of the published example
 * requests by group-by, the filters and the time units.
 */
import { execFileSync } from 'node:child_process';
import { parseYaml } from '@redocly/openapi-core';

type Json = Record<string, unknown>;

/** A compact schema node. */
type Node =
  | { t: 'object'; p: Record<string, Node>; r?: string[]; open?: true }
  | { t: 'array'; i: Node; min?: number; max?: number }
  | { t: 'string'; enum?: string[]; maxLen?: number; minLen?: number; nullable?: true; format?: string }
  | { t: 'number' | 'integer'; min?: number; max?: number; nullable?: true }
  | { t: 'boolean' }
  | { t: 'oneOf'; of: Node[] }
  | { t: 'any' };

const [specMirror, modelsMirror] = process.argv.slice(2);
if (!specMirror || !modelsMirror) {
  console.error('usage: tsx scripts/retailads-fields.ts <spec mirror git dir> <models mirror git dir>');
  process.exit(2);
}

function gitFile(dir: string, path: string): string {
  return execFileSync('git', ['-C', dir, 'show', `HEAD:${path}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}
const readJson = (dir: string, path: string) => JSON.parse(gitFile(dir, path)) as Json;
const readYaml = (dir: string, path: string) => parseYaml(gitFile(dir, path)) as Json;

const documents: Record<string, { doc: Json; from: string }> = {
  sp: { doc: readJson(specMirror, 'specs/SponsoredProducts_prod_3p.json'), from: 'specs/SponsoredProducts_prod_3p.json' },
  reports: { doc: readJson(specMirror, 'specs/OfflineReport_prod_3p.json'), from: 'specs/OfflineReport_prod_3p.json' },
  profiles: { doc: readYaml(specMirror, 'specs/Profiles_prod_3p.yaml'), from: 'specs/Profiles_prod_3p.yaml' },
  sb4: {
    doc: readYaml(modelsMirror, 'pkg/adsapi/sponsored-brands-v4/api/swagger.yaml'),
    from: 'pkg/adsapi/sponsored-brands-v4/api/swagger.yaml',
  },
  sb3: {
    doc: readYaml(modelsMirror, 'pkg/adsapi/sponsored-brands-v3/api/swagger.yaml'),
    from: 'pkg/adsapi/sponsored-brands-v3/api/swagger.yaml',
  },
  sd: {
    doc: readYaml(modelsMirror, 'pkg/adsapi/sponsored-display-v3/api/swagger.yaml'),
    from: 'pkg/adsapi/sponsored-display-v3/api/swagger.yaml',
  },
  assets: {
    doc: readYaml(modelsMirror, 'pkg/adsapi/creative-assets/api/swagger.yaml'),
    from: 'pkg/adsapi/creative-assets/api/swagger.yaml',
  },
};

/** The operations the fake serves: [document, method, path]. */
const OPERATIONS: [keyof typeof documents, string, string][] = [
  ['profiles', 'get', '/v2/profiles'],
  ...(['campaigns', 'adGroups', 'productAds', 'keywords', 'negativeKeywords', 'campaignNegativeKeywords', 'targets'] as const).flatMap(
    (r) =>
      [
        ['sp', 'post', `/sp/${r}/list`],
        ['sp', 'post', `/sp/${r}`],
        ['sp', 'put', `/sp/${r}`],
        ['sp', 'post', `/sp/${r}/delete`],
      ] as [keyof typeof documents, string, string][],
  ),
  ['sp', 'post', '/sp/targets/keywords/recommendations'],
  ...(['campaigns', 'adGroups'] as const).flatMap(
    (r) =>
      [
        ['sb4', 'post', `/sb/v4/${r}/list`],
        ['sb4', 'post', `/sb/v4/${r}`],
        ['sb4', 'put', `/sb/v4/${r}`],
        ['sb4', 'post', `/sb/v4/${r}/delete`],
      ] as [keyof typeof documents, string, string][],
  ),
  ['sb4', 'post', '/sb/v4/ads/list'],
  ['sb4', 'put', '/sb/v4/ads'],
  ['sb4', 'post', '/sb/v4/ads/delete'],
  ['sb4', 'post', '/sb/v4/ads/productCollection'],
  ['sb4', 'post', '/sb/v4/ads/video'],
  ['sb4', 'post', '/sb/ads/creatives/list'],
  ['sb4', 'post', '/sb/ads/creatives/productCollection'],
  ['sb4', 'post', '/sb/ads/creatives/video'],
  ['sb3', 'get', '/brands'],
  ['sb3', 'get', '/sb/keywords'],
  ['sb3', 'post', '/sb/keywords'],
  ['sb3', 'put', '/sb/keywords'],
  ['sb3', 'get', '/sb/negativeKeywords'],
  ['sb3', 'post', '/sb/negativeKeywords'],
  ['sb3', 'put', '/sb/negativeKeywords'],
  ['sb3', 'post', '/sb/targets/list'],
  ['sb3', 'post', '/sb/targets'],
  ['sb3', 'put', '/sb/targets'],
  ['sb3', 'post', '/sb/themes/list'],
  ['sb3', 'post', '/sb/themes'],
  ['sb3', 'put', '/sb/themes'],
  ...(['campaigns', 'adGroups', 'productAds', 'targets'] as const).flatMap(
    (r) =>
      [
        ['sd', 'get', `/sd/${r}`],
        ['sd', 'post', `/sd/${r}`],
        ['sd', 'put', `/sd/${r}`],
      ] as [keyof typeof documents, string, string][],
  ),
  ['assets', 'post', '/assets/search'],
  ['reports', 'post', '/reporting/reports'],
  ['reports', 'get', '/reporting/reports/{reportId}'],
];

/** Resolves a JSON pointer (`#/components/schemas/X`) in a document. */
function resolveRef(doc: Json, ref: string): Json {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (!node) throw new Error(`unresolved ${ref}`);
  return node as Json;
}

/** A schema as a compact node; `seen` stops recursive references (their node is `any`). */
function compact(doc: Json, schema: Json | undefined, seen: Set<string> = new Set()): Node {
  if (!schema) return { t: 'any' };
  if (typeof schema.$ref === 'string') {
    if (seen.has(schema.$ref)) return { t: 'any' };
    return compact(doc, resolveRef(doc, schema.$ref), new Set([...seen, schema.$ref]));
  }
  if (Array.isArray(schema.allOf)) {
    // allOf parts, and the schema's own properties next to them.
    const { allOf, ...own } = schema;
    const parts = [...(allOf as Json[]), ...(own.properties ? [own] : [])].map((part) => compact(doc, part, seen));
    const merged: Node = { t: 'object', p: {} };
    for (const part of parts) {
      if (part.t !== 'object') continue;
      Object.assign(merged.p, part.p);
      if (part.r) merged.r = [...new Set([...(merged.r ?? []), ...part.r])];
      if (part.open) merged.open = true;
    }
    return merged;
  }
  const variants = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (Array.isArray(variants)) return { t: 'oneOf', of: variants.map((variant) => compact(doc, variant, seen)) };
  const nullable = schema.nullable === true ? { nullable: true as const } : {};
  if (schema.type === 'array' || schema.items) {
    const node: Node = { t: 'array', i: compact(doc, schema.items as Json, seen) };
    if (typeof schema.minItems === 'number') node.min = schema.minItems;
    if (typeof schema.maxItems === 'number') node.max = schema.maxItems;
    // Some documents put the item limit of a body array in `maximum`.
    else if (typeof schema.maximum === 'number') node.max = schema.maximum;
    return node;
  }
  if (schema.type === 'object' || schema.properties) {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    if (!Object.keys(properties).length) return { t: 'any' };
    const node: Node = { t: 'object', p: {} };
    for (const [name, property] of Object.entries(properties)) node.p[name] = compact(doc, property, seen);
    if (Array.isArray(schema.required) && schema.required.length) node.r = [...(schema.required as string[])].sort();
    if (schema.additionalProperties && schema.additionalProperties !== false) node.open = true;
    return node;
  }
  if (Array.isArray(schema.enum)) return { t: 'string', enum: (schema.enum as unknown[]).map(String), ...nullable };
  if (schema.type === 'string') {
    const node: Node = { t: 'string', ...nullable };
    if (typeof schema.maxLength === 'number') node.maxLen = schema.maxLength;
    if (typeof schema.minLength === 'number') node.minLen = schema.minLength;
    if (typeof schema.format === 'string') node.format = schema.format;
    return node;
  }
  if (schema.type === 'number' || schema.type === 'integer') {
    const node: Node = { t: schema.type, ...nullable };
    if (typeof schema.minimum === 'number') node.min = schema.minimum;
    if (typeof schema.maximum === 'number') node.max = schema.maximum;
    return node;
  }
  if (schema.type === 'boolean') return { t: 'boolean' };
  return { t: 'any' };
}

interface Operation {
  /** The document the operation comes from. */
  from: string;
  /** Media type of the request body (absent for requests without one). */
  contentType?: string;
  /** Media types the successful answer comes in (the Accept header must name one). */
  accept: string[];
  /** Headers the operation requires. */
  headers: string[];
  /** Query parameters and their schemas. */
  query: Record<string, Node>;
  /** Query parameters that must be present. */
  requiredQuery: string[];
  body?: Node;
  /** Status of a successful answer (200 or 207 multi-status). */
  success: number;
}

const operations: Record<string, Operation> = {};
for (const [key, method, path] of OPERATIONS) {
  const { doc, from } = documents[key]!;
  const item = (doc.paths as Record<string, Record<string, unknown>>)[path];
  const op = item?.[method] as Json | undefined;
  if (!item || !op) throw new Error(`${method.toUpperCase()} ${path} is not in ${from}`);
  const parameters = [...((item.parameters as Json[] | undefined) ?? []), ...((op.parameters as Json[] | undefined) ?? [])].map((p) =>
    typeof p.$ref === 'string' ? resolveRef(doc, p.$ref) : p,
  );
  const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  const [contentType] = Object.keys(content);
  const responses = op.responses as Record<string, Json>;
  const success = Object.keys(responses)
    .map(Number)
    .filter((code) => code >= 200 && code < 300)
    .sort()[0]!;
  const query: Record<string, Node> = {};
  for (const p of parameters.filter((p) => p.in === 'query')) query[p.name as string] = compact(doc, p.schema as Json);
  operations[`${method.toUpperCase()} ${path}`] = {
    from,
    ...(contentType ? { contentType } : {}),
    accept: Object.keys((responses[String(success)]?.content ?? {}) as Json),
    headers: parameters.filter((p) => p.in === 'header' && p.required === true).map((p) => String(p.name)),
    query,
    requiredQuery: parameters.filter((p) => p.in === 'query' && p.required === true).map((p) => String(p.name)),
    ...(contentType ? { body: compact(doc, content[contentType]!.schema as Json) } : {}),
    success,
  };
}

/** Reporting v3: columns by report type and group-by, from the published example requests. */
interface ReportType {
  adProduct: string;
  /** Columns allowed with each group-by (the group-bys joined with "+", sorted). */
  groupBy: Record<string, string[]>;
  filters: Record<string, string[]>;
  timeUnits: string[];
}
const reportsDoc = documents.reports.doc;
const createReport = (reportsDoc.paths as Record<string, Record<string, Json>>)['/reporting/reports']!.post!;
const createContent = ((createReport.requestBody as Json).content as Record<string, Json>)[
  'application/vnd.createasyncreportrequest.v3+json'
]!;
const reportTypes: Record<string, ReportType> = {};
for (const example of Object.values(createContent.examples as Record<string, { value: Json }>)) {
  const config = example.value.configuration as {
    adProduct: string;
    reportTypeId: string;
    groupBy: string[];
    columns: string[];
    timeUnit: string;
    filters?: { field: string; values: string[] }[];
  };
  if (!/^(sp|sb|sd)/.test(config.reportTypeId)) continue;
  const type = (reportTypes[config.reportTypeId] ??= { adProduct: config.adProduct, groupBy: {}, filters: {}, timeUnits: [] });
  const groupBy = [...config.groupBy].sort().join('+');
  type.groupBy[groupBy] = [...new Set([...(type.groupBy[groupBy] ?? []), ...config.columns])].sort();
  for (const filter of config.filters ?? [])
    type.filters[filter.field] = [...new Set([...(type.filters[filter.field] ?? []), ...filter.values])];
  if (!type.timeUnits.includes(config.timeUnit)) type.timeUnits.push(config.timeUnit);
}
// The placement group-by's example lists the campaign columns only; the column it adds is named in
// the report type's documentation (placementClassification).
const placement = reportTypes.spCampaigns?.groupBy['campaign+campaignPlacement'];
if (placement && !placement.includes('placementClassification')) placement.push('placementClassification');
// Every report type takes both time units (the documentation's "timeUnit" section).
for (const type of Object.values(reportTypes)) type.timeUnits = ['DAILY', 'SUMMARY'];

const asyncReport = compact(reportsDoc, { $ref: '#/components/schemas/AsyncReport' });

process.stdout.write(
  `${JSON.stringify(
    {
      generated_by: 'scripts/retailads-fields.ts',
      sources: Object.fromEntries(
        Object.entries(documents).map(([key, { doc, from }]) => [
          key,
          `${from} (${String((doc.info as Json).title)} ${String((doc.info as Json).version)})`,
        ]),
      ),
      operations,
      reportTypes,
      asyncReport,
    },
    null,
    1,
  )}\n`,
);
