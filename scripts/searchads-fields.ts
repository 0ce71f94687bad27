/**
 * Generates the test fake's field lists of the search platform from its published protos, so the fake
 * accepts in a query exactly the fields the definitions list, not a hand-typed list that encodes the
 * live adapter's own assumptions.
 *
 *   npx tsx scripts/searchads-fields.ts <proto version folder> [test/fakes/searchads-fields.json]
 *
 * Input: the version folder of the published definitions (`google/ads/googleads/v25` of the
 * googleapis repository, e.g. extracted from a mirror with
 * `git --git-dir=<mirror> archive HEAD google/ads/googleads/v25 | tar -x -C /tmp/protos`).
 * Output: for each resource the gateway reads or writes, every field path as the query language
 * names it (snake_case below the resource) with its type, whether it is repeated, its field
 * behaviors (OUTPUT_ONLY, IMMUTABLE, REQUIRED) and its enum; the enums' values; the `segments` and
 * `metrics` fields.
 *
 * Single messages are descended into (`network_settings.target_google_search`), except the ad asset
 * messages and a change event's changed resource, which the query language selects whole
 * (`ad.responsive_display_ad.long_headline`, `change_event.new_resource`), and messages without
 * fields (`ad.shopping_product_ad`); repeated messages are one field. Which resources can be selected together in one query (the field service's
 * `selectable_with`) is not in the protos, so the fake keeps that list itself.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The resources the gateway reads or writes (the query language's FROM names), and the search row's parts. */
const RESOURCES = [
  'customer',
  'customer_client',
  'campaign',
  'campaign_budget',
  'ad_group',
  'ad_group_ad',
  'ad',
  'ad_group_criterion',
  'campaign_criterion',
  'shared_set',
  'shared_criterion',
  'campaign_shared_set',
  'asset',
  'campaign_asset',
  'label',
  'campaign_label',
  'ad_group_label',
  'ad_group_ad_label',
  'ad_group_criterion_label',
  'bidding_strategy',
  'user_interest',
  'custom_audience',
  'user_list',
  'offline_user_data_job',
  'language_constant',
  'geo_target_constant',
  'topic_constant',
  'conversion_action',
  'experiment',
  'experiment_arm',
  'recommendation',
  'change_event',
  'asset_group',
  'asset_group_asset',
  'asset_group_signal',
  'audience',
  'asset_group_listing_group_filter',
  'product_link',
  'product_link_invitation',
  'keyword_view',
  'search_term_view',
];
const ROW_PARTS = ['segments', 'metrics'];

interface ProtoField {
  name: string;
  type: string;
  repeated: boolean;
  behaviors: string[];
  oneof?: string;
}
interface ProtoMessage {
  fullName: string;
  fields: ProtoField[];
  resource: boolean;
}

const messages = new Map<string, ProtoMessage>();
const enums = new Map<string, string[]>();
const SCALARS: Record<string, string> = {
  string: 'string',
  bytes: 'bytes',
  bool: 'bool',
  int32: 'int32',
  int64: 'int64',
  uint32: 'int32',
  uint64: 'int64',
  sint32: 'int32',
  sint64: 'int64',
  fixed32: 'int32',
  fixed64: 'int64',
  double: 'double',
  float: 'double',
  // Well-known types, as their JSON form: a field mask is a comma-separated string of paths.
  'google.protobuf.FieldMask': 'string',
  'google.protobuf.Timestamp': 'string',
  'google.protobuf.Duration': 'string',
};

/** Tokens of a proto file: identifiers (with dots), numbers, strings and single symbols; comments dropped. */
function tokenize(text: string): string[] {
  const raw = text.match(/"(?:[^"\\\n]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\/|[A-Za-z_.][A-Za-z0-9_.]*|-?\d+(?:\.\d+)?|[{}[\]()<>=;,:]/g) ?? [];
  const tokens: string[] = [];
  for (const token of raw) {
    if (token.startsWith('//') || token.startsWith('/*')) continue;
    // A qualified type name may be broken over lines before a dot (`...TypeEnum\n    .Type`).
    if (token.startsWith('.') && /^[A-Za-z_]/.test(tokens.at(-1) ?? '')) tokens[tokens.length - 1] += token;
    else tokens.push(token);
  }
  return tokens;
}

function parseFile(text: string): void {
  const tokens = tokenize(text);
  let i = 0;
  let pkg = '';
  /** Skips one statement: up to its `;`, or to the end of the block it opens (and a `;` after it). */
  const skipStatement = () => {
    let depth = 0;
    for (; i < tokens.length; i++) {
      const t = tokens[i];
      if (t === '{' || t === '[' || t === '(') depth++;
      else if (t === '}' || t === ']' || t === ')') {
        depth--;
        if (depth === 0 && t === '}') {
          i++;
          if (tokens[i] === ';') i++;
          return;
        }
        if (depth < 0) return;
      } else if (t === ';' && depth === 0) {
        i++;
        return;
      }
    }
  };
  const skipBlock = () => {
    while (i < tokens.length && tokens[i] !== '{') i++;
    let depth = 0;
    for (; i < tokens.length; i++) {
      if (tokens[i] === '{') depth++;
      if (tokens[i] === '}' && --depth === 0) {
        i++;
        return;
      }
    }
  };
  const parseEnum = (scope: string) => {
    const name = tokens[++i]!;
    i += 2; // name {
    const values: string[] = [];
    while (tokens[i] !== '}') {
      if (tokens[i] === 'option' || tokens[i] === 'reserved') skipStatement();
      else {
        values.push(tokens[i]!);
        skipStatement();
      }
    }
    i++;
    enums.set(`${scope}.${name}`, values);
  };
  const parseFieldOptions = (): string[] => {
    const behaviors: string[] = [];
    if (tokens[i] !== '[') return behaviors;
    let depth = 0;
    for (; i < tokens.length; i++) {
      const t = tokens[i];
      if (t === '[' || t === '{') depth++;
      if (t === ']' || t === '}') depth--;
      if (t === 'google.api.field_behavior' && tokens[i + 1] === ')' && tokens[i + 2] === '=') behaviors.push(tokens[i + 3]!);
      if (depth === 0) {
        i++;
        return behaviors;
      }
    }
    return behaviors;
  };
  const parseField = (message: ProtoMessage, oneof?: string) => {
    let repeated = false;
    if (tokens[i] === 'repeated') {
      repeated = true;
      i++;
    } else if (tokens[i] === 'optional') i++;
    let type = tokens[i++]!;
    if (type === 'map') {
      // map<K, V>: a repeated entry message on the wire; the gateway uses none.
      while (tokens[i] !== '>') i++;
      i++;
      type = 'map';
    }
    const name = tokens[i++]!;
    i += 2; // = number
    const behaviors = parseFieldOptions();
    if (tokens[i] === ';') i++;
    message.fields.push({ name, type, repeated, behaviors, ...(oneof ? { oneof } : {}) });
  };
  const parseMessage = (scope: string) => {
    const name = tokens[++i]!;
    i += 2;
    const message: ProtoMessage = { fullName: `${scope}.${name}`, fields: [], resource: false };
    messages.set(message.fullName, message);
    while (tokens[i] !== '}') {
      if (i >= tokens.length) throw new Error(`unterminated message ${message.fullName}`);
      const t = tokens[i];
      if (t === 'message') parseMessage(message.fullName);
      else if (t === 'enum') parseEnum(message.fullName);
      else if (t === 'option') {
        if (tokens[i + 2] === 'google.api.resource') message.resource = true;
        skipStatement();
      } else if (t === 'reserved' || t === 'extensions') skipStatement();
      else if (t === ';') i++;
      else if (t === 'oneof') {
        const oneof = tokens[i + 1]!;
        i += 3;
        while (tokens[i] !== '}') {
          if (tokens[i] === 'option') skipStatement();
          else parseField(message, oneof);
        }
        i++;
      } else parseField(message);
    }
    i++;
  };
  while (i < tokens.length) {
    const t = tokens[i];
    if (t === 'package') {
      pkg = tokens[i + 1]!;
      skipStatement();
    } else if (t === 'message') parseMessage(pkg);
    else if (t === 'enum') parseEnum(pkg);
    else if (t === 'service' || t === 'extend') skipBlock();
    else skipStatement();
  }
}

function protoFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return protoFiles(path);
    return name.endsWith('.proto') ? [path] : [];
  });
}

/** The full name a type reference means, seen from a message (innermost scope first). */
function resolve(type: string, scope: string): { kind: 'scalar' | 'message' | 'enum'; name: string } {
  if (SCALARS[type]) return { kind: 'scalar', name: SCALARS[type] };
  if (type === 'map') return { kind: 'scalar', name: 'map' };
  const bare = type.replace(/^\./, '');
  const candidates: string[] = [];
  for (let s = scope; s; s = s.includes('.') ? s.slice(0, s.lastIndexOf('.')) : '') candidates.push(`${s}.${bare}`);
  candidates.push(bare);
  for (const name of candidates) {
    if (messages.has(name)) return { kind: 'message', name };
    if (enums.has(name)) return { kind: 'enum', name };
  }
  throw new Error(`unresolved type ${type} in ${scope}`);
}

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
/** An enum's short name: `AdvertisingChannelType` for `...enums.AdvertisingChannelTypeEnum.AdvertisingChannelType`, else `Message.Enum`. */
function enumKey(fullName: string): string {
  const [parent, name] = fullName.split('.').slice(-2) as [string, string];
  return parent === `${name}Enum` ? name : `${parent}.${name}`;
}
const BEHAVIOR_FLAGS: Record<string, string> = { OUTPUT_ONLY: 'O', IMMUTABLE: 'I', REQUIRED: 'R' };

/**
 * Every field path of a message below `prefix` (snake_case) as `type[]|flags`: scalars and enums
 * (`enum:Name`), repeated messages as one field (`message:Name[]`, selected and written whole),
 * single messages descended into. Flags: O output only, I immutable, R required (a parent's hold
 * for its fields).
 */
function flatten(
  message: ProtoMessage,
  prefix: string,
  inherited: string[],
  out: Record<string, string>,
  usedEnums: Set<string>,
  depth = 0,
): void {
  if (depth > 8) return;
  for (const field of message.fields) {
    const path = `${prefix}${field.name}`;
    const resolved = resolve(field.type, message.fullName);
    const behaviors = [...new Set([...inherited, ...field.behaviors])].filter((b) => BEHAVIOR_FLAGS[b]);
    if (resolved.kind === 'message' && !field.repeated && !selectedWhole(resolved.name) && messages.get(resolved.name)!.fields.length) {
      flatten(messages.get(resolved.name)!, `${path}.`, behaviors, out, usedEnums, depth + 1);
      continue;
    }
    let type = resolved.name;
    if (resolved.kind === 'enum') {
      type = `enum:${enumKey(resolved.name)}`;
      usedEnums.add(resolved.name);
    } else if (resolved.kind === 'message') {
      type = `message:${resolved.name.split('.').slice(5).join('.')}`;
      collectEnums(messages.get(resolved.name)!, usedEnums, 0);
    }
    const flags = behaviors
      .map((b) => BEHAVIOR_FLAGS[b])
      .sort()
      .join('');
    out[path] = `${type}${field.repeated ? '[]' : ''}${flags ? `|${flags}` : ''}`;
  }
}

/** Messages the query language selects as one field: the ad asset wrappers (`AdTextAsset`...) and ChangeEvent.ChangedResource. */
function selectedWhole(fullName: string): boolean {
  const name = fullName.split('.').at(-1)!;
  return (/^Ad[A-Za-z]*Asset$/.test(name) && fullName.includes('.common.')) || name === 'ChangedResource';
}

function collectEnums(message: ProtoMessage, usedEnums: Set<string>, depth: number): void {
  if (depth > 8) return;
  for (const field of message.fields) {
    const resolved = resolve(field.type, message.fullName);
    if (resolved.kind === 'enum') usedEnums.add(resolved.name);
    if (resolved.kind === 'message') collectEnums(messages.get(resolved.name)!, usedEnums, depth + 1);
  }
}

function resourceMessage(resource: string, pkg: string): ProtoMessage {
  const found = [...messages.values()].find(
    (m) =>
      m.fullName.startsWith(`${pkg}.resources.`) && m.fullName.split('.').length === 6 && snake(m.fullName.split('.').at(-1)!) === resource,
  );
  if (!found) throw new Error(`no resource message for ${resource}`);
  return found;
}

function main(): void {
  const [dir, jsonOut = 'test/fakes/searchads-fields.json'] = process.argv.slice(2);
  if (!dir) throw new Error('usage: tsx scripts/searchads-fields.ts <google/ads/googleads/vNN folder> [fields.json]');
  for (const file of protoFiles(dir)) parseFile(readFileSync(file, 'utf8'));
  const version = dir.replace(/\/+$/, '').split('/').at(-1)!;
  const pkg = `google.ads.googleads.${version}`;
  const usedEnums = new Set<string>();
  const resources: Record<string, Record<string, string>> = {};
  const roots = new Map<string, ProtoMessage>();
  for (const resource of RESOURCES) roots.set(resource, resourceMessage(resource, pkg));
  for (const part of ROW_PARTS) roots.set(part, messages.get(`${pkg}.common.${part[0]!.toUpperCase()}${part.slice(1)}`)!);
  for (const [resource, message] of roots) {
    resources[resource] = {};
    flatten(message, '', [], resources[resource], usedEnums);
  }
  const enumValues = [...usedEnums]
    .map((name): [string, string[]] => [enumKey(name), enums.get(name)!])
    .sort(([a], [b]) => a.localeCompare(b));
  // One line per field and per enum, so a new version's changes read as a small diff.
  const lines = [
    '{',
    `"source": "googleapis ${pkg} protos, by scripts/searchads-fields.ts",`,
    `"version": "${version}",`,
    '"format": "field path (snake_case below the resource): type, [] when repeated, |flags: O output only, I immutable, R required",',
    '"resources": {',
    Object.entries(resources)
      .map(
        ([resource, fields]) =>
          `${JSON.stringify(resource)}: {\n${Object.entries(fields)
            .map(([p, t]) => `  ${JSON.stringify(p)}: ${JSON.stringify(t)}`)
            .join(',\n')}\n}`,
      )
      .join(',\n'),
    '},',
    '"enums": {',
    enumValues.map(([name, values]) => `${JSON.stringify(name)}: ${JSON.stringify(values)}`).join(',\n'),
    '}',
    '}',
  ];
  writeFileSync(jsonOut, `${lines.join('\n')}\n`);
  const count = Object.values(resources).reduce((n, fields) => n + Object.keys(fields).length, 0);
  console.log(`${roots.size} resources, ${count} field paths, ${enumValues.length} enums -> ${jsonOut}`);
}

main();
