/**
 * Generates test/fakes/shortvideo-fields.json, the field lists the fake shortvideo API accepts, from
 * a local copy of the platform's official Business API SDK (the Python SDK's generated API classes
 * and models, and the OpenAPI files in `yml_files/`). The fake refuses a request field that is not
 * in these lists, so the adapter is checked against the published definitions, not against itself.
 *
 *   npx tsx scripts/shortvideo-fields.ts <path of the SDK checkout> [out file]
 *
 * Read from the SDK: each endpoint's method, path, query parameters and body model (python_sdk/
 * business_api_client/api/*.py), each body model's fields and the models nested in them
 * (python_sdk/business_api_client/models/*.py, `swagger_types`), and the enumerations of the
 * parameters the OpenAPI files publish (`x-open-enum` keys in yml_files/*.yml).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The endpoints the shortvideo live adapter calls (paths under /open_api/v1.3). */
const ENDPOINTS = [
  'GET /oauth2/advertiser/get/',
  'POST /oauth2/access_token/',
  'GET /advertiser/info/',
  'GET /campaign/get/',
  'POST /campaign/create/',
  'POST /campaign/update/',
  'POST /campaign/status/update/',
  'GET /adgroup/get/',
  'POST /adgroup/create/',
  'POST /adgroup/update/',
  'POST /adgroup/status/update/',
  'GET /ad/get/',
  'POST /ad/create/',
  'POST /ad/update/',
  'POST /ad/status/update/',
  'GET /identity/get/',
  'GET /file/video/ad/search/',
  'GET /file/video/ad/info/',
  'POST /file/video/ad/upload/',
  'GET /file/image/ad/info/',
  'POST /file/image/ad/upload/',
  'GET /creative/portfolio/list/',
  'POST /creative/portfolio/create/',
  'GET /pixel/list/',
  'GET /dmp/custom_audience/list/',
  'GET /report/integrated/get/',
  'POST /report/task/create/',
  'GET /report/task/check/',
  'GET /tool/region/',
  'GET /tool/interest_category/',
  'GET /tool/interest_keyword/recommend/',
  'GET /tool/contextual_tag/get/',
  'GET /tool/device_model/',
  'GET /tool/carrier/',
  'GET /tool/language/',
];

/** Enumerations published in the OpenAPI files: [file, parameter, name in the output]. */
const ENUMS: [string, string, string][] = [
  ['report_integrated_get.yml', 'report_type', 'report_type'],
  ['report_integrated_get.yml', 'data_level', 'data_level'],
  ['report_integrated_get.yml', 'service_type', 'service_type'],
  ['report_integrated_get.yml', 'query_mode', 'query_mode'],
  ['report_task_create.yml', 'output_format', 'report_output_format'],
  ['tool_targeting_search.yml', 'objective_type', 'objective_type'],
  ['tool_targeting_search.yml', 'placements', 'placements'],
];

const PREFIX = '/open_api/v1.3';

function main(): void {
  const [sdk, out = 'test/fakes/shortvideo-fields.json'] = process.argv.slice(2);
  if (!sdk) throw new Error('usage: tsx scripts/shortvideo-fields.ts <SDK checkout> [out file]');
  const apiDir = join(sdk, 'python_sdk/business_api_client/api');
  const modelDir = join(sdk, 'python_sdk/business_api_client/models');

  const operations = new Map<string, { query: string[]; body?: string; form?: string[] }>();
  for (const file of readdirSync(apiDir).filter((f) => f.endsWith('.py'))) {
    const source = readFileSync(join(apiDir, file), 'utf8');
    for (const op of source.split(/\n {4}def /).slice(1)) {
      const call = /call_api\(\s*'([^']+)', '(\w+)'/.exec(op);
      const params = /all_params = \[([^\]]*)\]/.exec(op);
      if (!call || !params) continue;
      const names = [...params[1].matchAll(/'(\w+)'/g)].map((m) => m[1]).filter((n) => n !== 'access_token' && n !== 'body');
      const bodyModel = /:param (\w+) body:/.exec(op)?.[1];
      const isForm = /form_params\.append/.test(op);
      operations.set(`${call[2]} ${call[1].replace(PREFIX, '')}`, {
        query: isForm ? [] : names,
        ...(bodyModel ? { body: bodyModel } : {}),
        ...(isForm ? { form: names } : {}),
      });
    }
  }

  const models: Record<string, Record<string, string>> = {};
  const snake = (name: string) => name.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
  const readModel = (name: string): void => {
    if (models[name] || ['str', 'int', 'float', 'bool', 'object'].includes(name)) return;
    const source = readFileSync(join(modelDir, `${snake(name)}.py`), 'utf8');
    const block = /swagger_types = \{([^}]*)\}/.exec(source)?.[1] ?? '';
    const fields = Object.fromEntries([...block.matchAll(/'(\w+)': '([^']+)'/g)].map((m) => [m[1], m[2]]));
    models[name] = fields;
    for (const type of Object.values(fields)) {
      const inner = /^(?:list\[)?(\w+)\]?$/.exec(type)?.[1];
      if (inner && /^[A-Z]/.test(inner)) readModel(inner);
    }
  };

  const endpoints: Record<string, { query?: string[]; body?: string; form?: string[] }> = {};
  for (const key of ENDPOINTS) {
    const op = operations.get(key);
    if (!op) throw new Error(`The SDK has no endpoint ${key}.`);
    endpoints[key] = op;
    if (op.body) readModel(op.body);
  }
  // The filtering objects of list endpoints (sent JSON-encoded in the query string).
  for (const name of ['FilteringCampaignGet', 'FilteringAdgroupGet', 'FilteringAdGet', 'FilteringVideoAdSearch', 'FilteringPixelList'])
    readModel(name);

  const enums: Record<string, string[]> = {};
  for (const [file, parameter, name] of ENUMS) enums[name] = enumOf(readFileSync(join(sdk, 'yml_files', file), 'utf8'), parameter);

  const generated = { source: 'tiktok-business-api-sdk (python_sdk, yml_files)', endpoints, models, enums };
  writeFileSync(out, `${JSON.stringify(generated, null, 2)}\n`);
  console.log(
    `wrote ${out}: ${Object.keys(endpoints).length} endpoints, ${Object.keys(models).length} models, ${Object.keys(enums).length} enums`,
  );
}

/**
 * The `key`s of the first `x-open-enum` of a parameter or body property of an OpenAPI file (a YAML
 * dump with two-space indentation): a parameter is a `name: <parameter>` line whose block is the
 * lines indented at least as much; a body property is a `<parameter>:` line with its block indented
 * more.
 */
function enumOf(yaml: string, parameter: string): string[] {
  const lines = yaml.split('\n');
  const indentOf = (line: string) => /^(\s*)/.exec(line)![1]!.length;
  const start = lines.findIndex((line) => new RegExp(`^\\s*(- )?(name: ${parameter}|${parameter}:)$`).test(line));
  if (start < 0) throw new Error(`no parameter ${parameter}`);
  const isName = lines[start]!.trim().startsWith('name:') || lines[start]!.trim().startsWith('- name:');
  const indent = indentOf(lines[start]!) + (lines[start]!.trim().startsWith('- ') ? 2 : 0);
  const keys: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    const own = indentOf(line);
    if (isName ? own < indent || (line.trim().startsWith('- ') && own < indent + 2 && own <= indent) : own <= indent) break;
    const key = /^\s+key: ([A-Za-z0-9_]+)$/.exec(line);
    if (key && !keys.includes(key[1]!)) keys.push(key[1]!);
  }
  if (!keys.length) throw new Error(`no enumeration for ${parameter}`);
  return keys;
}

main();
