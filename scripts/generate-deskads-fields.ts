/**
 * Generates test/fakes/deskads-fields.json, the wire definitions the fake of the deskads platform
 * checks requests against, from the platform's published definitions instead of by hand:
 *
 * - the official REST SDK generated from the platform's OpenAPI document (its PHP edition publishes
 *   every model as `openAPITypes` / `openAPIFormats`, polymorphic bases with their `Type`
 *   discriminator mappings, enums with their allowed values and whether they are flags, and each
 *   operation's HTTP method and path);
 * - the platform's reference documentation (one page per operation; a request element is required
 *   unless its description says it is optional).
 *
 * Usage: npx tsx scripts/generate-deskads-fields.ts <rest-sdk git dir or checkout> <docs git dir or checkout> [out]
 * Both are read at HEAD with git (a mirror without a work tree works).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The operations the live adapter calls, by service. */
const OPERATIONS: Record<string, string[]> = {
  CampaignManagement: [
    'GetCampaignsByAccountId',
    'AddCampaigns',
    'UpdateCampaigns',
    'DeleteCampaigns',
    'GetAdGroupsByCampaignId',
    'AddAdGroups',
    'UpdateAdGroups',
    'DeleteAdGroups',
    'GetKeywordsByAdGroupId',
    'AddKeywords',
    'UpdateKeywords',
    'DeleteKeywords',
    'GetNegativeKeywordsByEntityIds',
    'AddNegativeKeywordsToEntities',
    'DeleteNegativeKeywordsFromEntities',
    'GetAdsByAdGroupId',
    'AddAds',
    'UpdateAds',
    'DeleteAds',
    'GetConversionGoalsByIds',
    'AddConversionGoals',
    'GetUetTagsByIds',
    'GetAdExtensionIdsByAccountId',
    'GetAdExtensionsByIds',
    'GetAdExtensionsAssociations',
    'AddAdExtensions',
    'SetAdExtensionsAssociations',
    'DeleteAdExtensionsAssociations',
    'GetBudgetsByIds',
    'UpdateBudgets',
    'GetCampaignIdsByBudgetIds',
    'GetBMCStoresByCustomerId',
    'ApplyProductPartitionActions',
    'GetAdGroupCriterionsByIds',
    'AddAdGroupCriterions',
    'GetAudiencesByIds',
    'GetGeoLocationsFileUrl',
    'AddCampaignCriterions',
    'GetCampaignCriterionsByIds',
  ],
  CustomerManagement: ['GetUser', 'SearchAccounts', 'GetAccount'],
  AdInsight: ['GetEstimatedBidByKeywordIds'],
  Reporting: ['SubmitGenerateReport', 'PollGenerateReport'],
};

/**
 * Subtypes of polymorphic models the adapter sends or reads (by their `Type` value); the others are
 * listed by name only, so the fake can tell "a type this gateway never sends" from "no such type".
 */
const SUBTYPES = new Set([
  // BiddingScheme
  'ManualCpc',
  'EnhancedCpc',
  'MaxClicks',
  'MaxConversions',
  'TargetCpa',
  'InheritFromParent',
  // Setting
  'ShoppingSetting',
  'TargetSetting',
  // Ad, and the text assets of its headlines and descriptions
  'ResponsiveSearch',
  'TextAsset',
  'Product',
  // AdExtension
  'SitelinkAdExtension',
  'CalloutAdExtension',
  // AdGroupCriterion, Criterion, CriterionBid
  'BiddableAdGroupCriterion',
  'NegativeAdGroupCriterion',
  'ProductPartition',
  'AudienceCriterion',
  'LocationCriterion',
  'BiddableCampaignCriterion',
  'FixedBid',
  'BidMultiplier',
  // Audience
  'RemarketingList',
  'InMarket',
  'Custom',
  'Product',
  'SimilarRemarketingList',
  'CustomerList',
  // ConversionGoal
  'Url',
  'Event',
  'Duration',
  'PagesViewedPerVisit',
  'AppInstall',
  'OfflineConversion',
  'InStoreTransaction',
  // Faults and batch errors
  'AdApiFaultDetail',
  'ApiFaultDetail',
  'ApiFault',
  'BatchError',
  'EditorialError',
  'BatchErrorCollection',
  // ReportRequest
  'CampaignPerformanceReportRequest',
  'AdGroupPerformanceReportRequest',
  'KeywordPerformanceReportRequest',
  'AdPerformanceReportRequest',
  'SearchQueryPerformanceReportRequest',
  'ProductDimensionPerformanceReportRequest',
  'GeographicPerformanceReportRequest',
  'AudiencePerformanceReportRequest',
  'SearchCampaignChangeHistoryReportRequest',
]);

interface Field {
  type: string;
  format?: string;
}
interface Model {
  fields: Record<string, Field>;
  discriminator?: string;
  /** Type value → model name (subtypes the adapter uses). */
  subtypes?: Record<string, string>;
  /** Type values of subtypes not included. */
  otherSubtypes?: string[];
}
interface EnumType {
  values: string[];
  flags: boolean;
}

function gitReader(dir: string): (path: string) => string | undefined {
  const gitDir = existsSync(join(dir, '.git')) ? join(dir, '.git') : dir;
  return (path) => {
    try {
      return execFileSync('git', ['--git-dir', gitDir, 'show', `HEAD:${path}`], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch {
      return undefined;
    }
  };
}

function main(): void {
  const [sdkDir, docsDir, out = 'test/fakes/deskads-fields.json'] = process.argv.slice(2);
  if (!sdkDir || !docsDir) {
    console.error('Usage: npx tsx scripts/generate-deskads-fields.ts <rest-sdk git dir> <docs git dir> [out]');
    process.exit(2);
  }
  const sdk = gitReader(sdkDir);
  const docs = gitReader(docsDir);
  const gitDirOf = (dir: string) => (existsSync(join(dir, '.git')) ? join(dir, '.git') : dir);
  const commit = (dir: string) => execFileSync('git', ['--git-dir', gitDirOf(dir), 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();

  const models: Record<string, Model> = {};
  const enums: Record<string, EnumType> = {};
  const operations: Record<
    string,
    { method: string; path: string; request: string; response: string; required: string[]; nullable: string[] }
  > = {};
  const pending: string[] = [];

  /** `\Microsoft\...\Model\CampaignManagementService\Campaign[]` → `CampaignManagement.Campaign[]`; scalars stay. */
  const typeName = (php: string): string => {
    const depth = /(\[\])*$/.exec(php)![0].length / 2;
    const bare = php.slice(0, php.length - depth * 2);
    const m = /Model\\(\w+)Service\\(\w+)$/.exec(bare);
    const name = m ? `${m[1]}.${m[2]}` : bare.replace(/^\\/, '');
    if (m) pending.push(name);
    return `${name}${'[]'.repeat(depth)}`;
  };

  const modelSource = (name: string) => {
    const [service, model] = name.split('.');
    return sdk(`src/Model/${service}Service/${model}.php`);
  };

  const load = (name: string): void => {
    if (models[name] || enums[name]) return;
    const source = modelSource(name);
    if (!source) throw new Error(`No model ${name} in the SDK.`);
    if (source.includes('getAllowableEnumValues')) {
      const values = [...source.matchAll(/public const \w+ = '([^']*)';/g)].map((m) => m[1]!);
      enums[name] = { values, flags: /\$isFlags = true/.test(source) };
      return;
    }
    const section = (label: string): Record<string, string | null> => {
      for (const m of source.matchAll(/static array \$openAPI(\w+) = \[([\s\S]*?)\];/g))
        if (m[1] === label)
          return Object.fromEntries(
            [...m[2]!.matchAll(/'(\w+)' => (?:'([^']*)'|null)/g)].map((e) => [e[1]!, e[2] ?? null] as [string, string | null]),
          );
      return {};
    };
    const types = section('Types');
    const formats = section('Formats');
    const model: Model = { fields: {} };
    for (const [field, php] of Object.entries(types)) {
      const format = formats[field];
      model.fields[field] = { type: typeName(php!), ...(format ? { format } : {}) };
    }
    const discriminator = /DISCRIMINATOR = '(\w+)'/.exec(source)?.[1];
    if (discriminator) {
      model.discriminator = discriminator;
      const mappings = /MAPPINGS = \[([\s\S]*?)\];/.exec(source)?.[1] ?? '';
      for (const m of mappings.matchAll(/'(\w+)' => '[^']*\\(\w+)Service\\(\w+)'/g)) {
        const [value, cls] = [m[1]!, `${m[2]}.${m[3]}`];
        if (SUBTYPES.has(value)) {
          (model.subtypes ??= {})[value] = cls;
          pending.push(cls);
        } else (model.otherSubtypes ??= []).push(value);
      }
    }
    models[name] = model;
  };

  for (const [service, names] of Object.entries(OPERATIONS)) {
    const api = sdk(`src/Api/${service}ServiceApi.php`);
    if (!api) throw new Error(`No ${service} service in the SDK.`);
    for (const operation of names) {
      const fn = `${operation[0]!.toLowerCase()}${operation.slice(1)}Request`;
      const start = api.indexOf(`public function ${fn}(`);
      if (start < 0) throw new Error(`No operation ${service}.${operation} in the SDK.`);
      const body = api.slice(start, api.indexOf('\n    }\n', start));
      const path = /\$resourcePath = '([^']+)'/.exec(body)?.[1];
      const method = /setupAndSendRequest\(\s*'(\w+)'/.exec(body)?.[1];
      if (!path || !method) throw new Error(`Cannot read the path of ${service}.${operation}.`);
      const request = `${service}.${operation}Request`;
      const response = `${service}.${operation}Response`;
      pending.push(request, response);
      operations[`${service}.${operation}`] = { method, path, request, response, ...requiredElements(docs, service, operation) };
    }
  }
  // The fault envelopes every service answers errors in (ApplicationFault and the subtypes its `Type` names).
  for (const service of Object.keys(OPERATIONS)) pending.push(`${service}.ApplicationFault`);
  while (pending.length) load(pending.pop()!);

  const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  const output = {
    generated_by: 'scripts/generate-deskads-fields.ts',
    sources: {
      rest_sdk: { repository: 'BingAds/BingAds-PHP-REST-SDK', commit: commit(sdkDir) },
      docs: { repository: 'MicrosoftDocs/Advertising-docs', commit: commit(docsDir) },
    },
    operations: sorted(operations),
    models: sorted(models),
    enums: sorted(enums),
  };
  writeFileSync(out, `${JSON.stringify(output, null, 1)}\n`);
  console.log(
    `${out}: ${Object.keys(operations).length} operations, ${Object.keys(models).length} models, ${Object.keys(enums).length} enums.`,
  );
}

const DOC_FOLDERS: Record<string, string> = {
  CampaignManagement: 'campaign-management-service',
  CustomerManagement: 'customer-management-service',
  AdInsight: 'ad-insight-service',
  Reporting: 'reporting-service',
};

/**
 * Request body elements the operation's reference page does not call optional (`required`: the
 * request must carry them), and those of them it says may be null or nil (`nullable`: "all of them").
 */
function requiredElements(
  docs: (path: string) => string | undefined,
  service: string,
  operation: string,
): { required: string[]; nullable: string[] } {
  const page = docs(`Advertising/bingads-13/${DOC_FOLDERS[service]}/${operation.toLowerCase()}.md`);
  if (!page) throw new Error(`No reference page for ${service}.${operation}.`);
  const start = page.indexOf('Request Body Elements');
  const end = page.indexOf('Request Header Elements', start);
  if (start < 0 || end < 0) return { required: [], nullable: [] };
  const required: string[] = [];
  const nullable: string[] = [];
  for (const line of page.slice(start, end).split('\n')) {
    const m = /^\|<a name="[^"]*"><\/a>(\w+)\|(.*)\|/.exec(line);
    // "optional", "not provided", "reserved for future use" and a documented default value all mean the element may be left out.
    if (!m || /optional|not provided|default value|default is|reserved for future use/i.test(m[2]!)) continue;
    required.push(m[1]!);
    if (/is (null|nil)\b|element (is )?(null|nil)|element nil|element to null/i.test(m[2]!)) nullable.push(m[1]!);
  }
  return { required, nullable };
}

main();
