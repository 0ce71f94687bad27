/**
 * npx tsx scripts/proads-fields.ts <git dir of a mirror of singer-io/tap-linkedin-ads>
 *
 * Writes test/fakes/proads-fields.json: the fields of the professional network's Marketing API
 * entities (ad accounts, campaign groups, campaigns, creatives) and the metrics of its ad analytics,
 * taken from the JSON schemas a public, widely used extractor of that API publishes
 * (tap_linkedin_ads/schemas/*.json). That extractor stores the API's camelCase names in snake_case
 * and adds a few fields of its own (parent ids, flattened timestamps); both are undone here, so the
 * fake platform (test/fakes/proads-api.ts) refuses what the API does not know, not what the
 * adapter happens to send.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

/** Fields the extractor derives itself (see its transform.py and streams.py): never on the wire. */
const DERIVED = new Set([
  'account_id',
  'campaign_group_id',
  'campaign_id',
  'creative_id',
  'reference_organization_id',
  'reference_person_id',
  'associated_entity_organization_id',
  'associated_entity_person_id',
  'created_time',
  'last_modified_time',
  'total_budget_ends_at',
  'version_tag',
  'start_at',
  'end_at',
  'pivot',
  'pivot_value',
  'creative',
  // The unversioned interface's targeting, replaced by targetingCriteria.
  'targeting',
]);

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Top-level fields (camelCase) and, for records, their fields. */
function fieldsOf(schema: Schema): { fields: string[]; records: Record<string, string[]> } {
  const fields: string[] = [];
  const records: Record<string, string[]> = {};
  for (const [name, inner] of Object.entries(schema.properties ?? {})) {
    if (DERIVED.has(name)) continue;
    const wire = camel(name);
    fields.push(wire);
    const nested = inner.properties ?? inner.items?.properties;
    // Facet maps are keyed by facet URNs, not field names: their keys are data, left out.
    if (nested && !Object.keys(nested).some((k) => k.includes(':'))) records[wire] = Object.keys(nested).map(camel).sort();
  }
  return { fields: fields.sort(), records };
}

function main(): void {
  const gitDir = process.argv[2];
  if (!gitDir) {
    console.error('Usage: npx tsx scripts/proads-fields.ts <git dir of a mirror of singer-io/tap-linkedin-ads>');
    process.exit(2);
  }
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8' });
  const commit = git('rev-parse', 'HEAD').trim();
  const schema = (name: string) => JSON.parse(git('show', `HEAD:tap_linkedin_ads/schemas/${name}.json`)) as Schema;
  const analytics = fieldsOf(schema('ad_analytics_by_creative'));
  const out = {
    source: {
      repository: 'singer-io/tap-linkedin-ads',
      commit,
      files: 'tap_linkedin_ads/schemas/{accounts,campaign_groups,campaigns,creatives,ad_analytics_by_creative}.json',
      generated_by: 'scripts/proads-fields.ts',
    },
    adAccounts: fieldsOf(schema('accounts')),
    adCampaignGroups: fieldsOf(schema('campaign_groups')),
    adCampaigns: fieldsOf(schema('campaigns')),
    creatives: fieldsOf(schema('creatives')),
    // Every metric the analytics finder reports; dateRange and pivotValues are its keys.
    analyticsMetrics: analytics.fields.filter((f) => f !== 'dateRange' && f !== 'pivotValues'),
  };
  const target = join(__dirname, '..', 'test', 'fakes', 'proads-fields.json');
  writeFileSync(target, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`Wrote ${target} from ${out.source.repository}@${commit.slice(0, 12)}.`);
}

main();
