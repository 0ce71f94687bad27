/**
 * Generates test/fakes/socialads-fields.json, the field lists the fake socialads API accepts, from
 * the platform's published API definitions (the `api_specs/specs` folder of its official business
 * SDK code generator: one JSON file per node with its fields and edges, and enum_types.json).
 *
 *   npx tsx scripts/socialads-fields.ts <path to api_specs/specs> [out file]
 *
 * What is kept: the readable fields (name → type) of the nodes the live adapter reads, the
 * parameters (name → type, required) of the edges and updates it calls, and the values of every
 * enum those fields and parameters use. Nothing is typed by hand: the fake refuses what is not here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface SpecParam {
  name: string;
  type: string;
  required?: boolean;
}
interface SpecApi {
  method: string;
  endpoint?: string;
  name?: string;
  return?: string;
  params?: SpecParam[];
}
interface SpecNode {
  apis: SpecApi[];
  fields: { name: string; type: string }[];
}
interface SpecEnum {
  name: string;
  values: string[];
}

/** The nodes whose fields the fake serves (objects read and their nested structures). */
const NODES = [
  'AdAccount',
  'Campaign',
  'AdSet',
  'Ad',
  'AdCreative',
  'AdCreativeObjectStorySpec',
  'AdCreativeLinkData',
  'AdCreativeLinkDataChildAttachment',
  'AdCreativeLinkDataCallToAction',
  'AdCreativeLinkDataCallToActionValue',
  'AdCreativeVideoData',
  'AdAssetFeedSpec',
  'AdPromotedObject',
  'Targeting',
  'TargetingGeoLocation',
  'AdImage',
  'AdVideo',
  'AdsInsights',
  'AdsActionStats',
  'AdReportRun',
  'CustomAudience',
  'AdsPixel',
  'AdAccountTargetingUnified',
  'Application',
  'Page',
  'IGUser',
  'LeadgenForm',
  'Lead',
  'ProductCatalog',
  'ProductSet',
  'ProductItem',
  'ExternalEventSource',
  'ProductFeed',
  'ProductFeedUpload',
  'User',
  'Business',
];

/** The edges (node/edge METHOD) and updates (node/#update POST) the live adapter calls. */
const EDGES: [string, string, string][] = [
  ['AdAccount', 'campaigns', 'GET'],
  ['AdAccount', 'campaigns', 'POST'],
  ['AdAccount', 'adsets', 'GET'],
  ['AdAccount', 'adsets', 'POST'],
  ['AdAccount', 'ads', 'GET'],
  ['AdAccount', 'ads', 'POST'],
  ['AdAccount', 'adcreatives', 'POST'],
  ['AdAccount', 'adimages', 'GET'],
  ['AdAccount', 'adimages', 'POST'],
  ['AdAccount', 'advideos', 'GET'],
  ['AdAccount', 'advideos', 'POST'],
  ['AdAccount', 'insights', 'GET'],
  ['AdAccount', 'insights', 'POST'],
  ['AdAccount', 'customaudiences', 'GET'],
  ['AdAccount', 'adspixels', 'GET'],
  ['AdAccount', 'promote_pages', 'GET'],
  ['AdAccount', 'targetingsearch', 'GET'],
  ['AdAccount', 'targetingbrowse', 'GET'],
  ['AdAccount', 'advertisable_applications', 'GET'],
  ['AdReportRun', 'insights', 'GET'],
  ['Page', 'leadgen_forms', 'GET'],
  ['LeadgenForm', 'leads', 'GET'],
  ['Business', 'owned_product_catalogs', 'GET'],
  ['ProductCatalog', 'product_sets', 'GET'],
  ['ProductCatalog', 'product_sets', 'POST'],
  ['ProductCatalog', 'products', 'GET'],
  ['ProductCatalog', 'external_event_sources', 'GET'],
  ['ProductCatalog', 'product_feeds', 'GET'],
  ['ProductSet', 'products', 'GET'],
  ['User', 'adaccounts', 'GET'],
  ['Campaign', '#update', 'POST'],
  ['AdSet', '#update', 'POST'],
  ['Ad', '#update', 'POST'],
];

function main(): void {
  const [specs, out = 'test/fakes/socialads-fields.json'] = process.argv.slice(2);
  if (!specs) throw new Error('usage: tsx scripts/socialads-fields.ts <path to api_specs/specs> [out file]');
  const read = <T>(file: string): T => JSON.parse(readFileSync(join(specs, file), 'utf8')) as T;
  const enums = new Map(read<SpecEnum[]>('enum_types.json').map((e) => [e.name, e.values]));
  const usedEnums = new Set<string>();
  /** A type as the fake checks it; enum types are noted so their values are kept. */
  const typeOf = (type: string): string => {
    const inner = /^list<(.+)>$/.exec(type)?.[1] ?? type;
    if (enums.has(inner)) usedEnums.add(inner);
    return type;
  };

  const nodes: Record<string, Record<string, string>> = {};
  const specsByNode = new Map<string, SpecNode>();
  for (const node of NODES) {
    const spec = read<SpecNode>(`${node}.json`);
    specsByNode.set(node, spec);
    nodes[node] = Object.fromEntries(
      spec.fields.map((f): [string, string] => [f.name, typeOf(f.type)]).sort(([a], [b]) => a.localeCompare(b)),
    );
  }

  const edges: Record<string, { returns?: string; params: Record<string, { type: string; required: boolean }> }> = {};
  for (const [node, edge, method] of EDGES) {
    const spec = specsByNode.get(node) ?? read<SpecNode>(`${node}.json`);
    const api = spec.apis.find((a) => a.method === method && (a.endpoint ?? a.name) === edge);
    if (!api) throw new Error(`${node} has no ${method} ${edge} in the definitions.`);
    edges[`${method} ${node}/${edge}`] = {
      ...(api.return ? { returns: api.return } : {}),
      params: Object.fromEntries(
        (api.params ?? [])
          .map((p) => [p.name, { type: typeOf(p.type), required: p.required === true }] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    };
  }

  const version = readFileSync(join(specs, 'version.txt'), 'utf8').trim();
  const data = {
    generated_by: 'scripts/socialads-fields.ts',
    source: 'api_specs/specs of the platform business SDK code generator',
    version,
    nodes,
    edges,
    enums: Object.fromEntries([...usedEnums].sort().map((name) => [name, enums.get(name)!])),
  };
  writeFileSync(out, `${JSON.stringify(data, null, 1)}\n`);
  console.log(`${out}: ${NODES.length} nodes, ${EDGES.length} edges, ${usedEnums.size} enums (definitions ${version}).`);
}

main();
