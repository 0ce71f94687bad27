import { artifactText, ARTIFACT_FILES } from '../catalog/artifact';
import type { CatalogEntry } from '../catalog/catalog';
import { PLATFORM_WORDS } from '../../core/platforms';

/**
 * Named tool sets: groups of at most {@link MAX_TOOLSET_SIZE} tools an agent can load whole
 * (`/mcp?toolset=searchads_reporting`), for clients that cap their tools at 30-50. Every tool of the
 * catalog belongs to exactly one set. A platform's tools are sorted into topics by what their names
 * say, the first matching topic wins; what no topic claims is the platform's campaign management.
 */
export const MAX_TOOLSET_SIZE = 30;

interface Topic {
  /** Set name suffix: `<platform>_<topic>`. */
  topic: string;
  /** What the set is for, as a one-line description in the front door's listing. */
  about: string;
  matches: (name: string, entry: CatalogEntry) => boolean;
}

const has = (pattern: RegExp) => (name: string) => pattern.test(name);

/** Topics in the order they claim tools. */
const TOPICS: readonly Topic[] = [
  { topic: 'pmax', about: 'performance max campaigns, asset groups, audience signals, search themes', matches: has(/pmax|asset_group/) },
  { topic: 'display', about: 'display and demand-generation campaigns, placements, topics, audiences', matches: has(/display|demandgen/) },
  {
    topic: 'shopping',
    about: 'shopping and catalog campaigns, product groups, product sets, feeds, products',
    matches: has(/shopping|product_group|merchant|listing|catalog|product_set|products?$|product_ads?|purchased_products|brands/),
  },
  {
    topic: 'audiences',
    about: 'audiences, user lists, targeting research and settings; conversion actions, pixels, tags, events, lead forms',
    matches: has(/audience|user_list|customer_match|targeting|demographic|geo_lookup|locations|languages|conversion|pixel|event|uet|lead/),
  },
  {
    topic: 'keywords',
    about: 'keywords, negative keywords and lists, search terms, product and category targets',
    matches: has(/keyword|negative|search_term|_targets?$|_themes$|cluster/),
  },
  {
    topic: 'assets',
    about: 'creatives, images, videos, extensions (sitelinks, callouts, snippets), asset checks and uploads',
    matches: has(
      /asset|extension|sitelink|callout|snippet|image|video|creative|call_assets?|business_name|upload|identities|pages|instagram|carousel/,
    ),
  },
  {
    topic: 'reporting',
    about:
      'performance reports, analyses (waste, anomalies, fatigue), insights, forecasts, change history; budgets, bids, recommendations, experiments, labels, schedules',
    matches: (name, entry) =>
      /budget|bid|recommendation|experiment|label|schedule/.test(name) ||
      (entry.access === 'read' &&
        /performance|analy[sz]e|explain|report|insight|anomal|benchmark|change_history|forecast|optimi[sz]e|detect|diagnose|metrics|estimate|placements|compare/.test(
          name,
        )),
  },
];

/** A platform with fewer shopping tools than this keeps them with its campaigns. */
const MIN_SHOPPING_SET = 5;

/** Sets of the cross-platform tools, by catalog category. */
const GATEWAY_SETS: Record<string, { name: string; about: string }> = {
  monitoring: { name: 'monitoring', about: 'monitors, scheduled briefs and reports, watch, signals, pending actions and approvals' },
  audit: { name: 'gateway_helpers', about: 'accounts, usage, connections, setup diagnosis, business profile, change history and revert' },
  helper: { name: 'gateway_helpers', about: 'accounts, usage, connections, setup diagnosis, business profile, change history and revert' },
};

export interface Toolset {
  name: string;
  about: string;
  platform: string | null;
  tools: string[];
}

let cached: Map<string, Toolset> | undefined;

/** Every named set, by name, in a stable order (platforms in their order, then the gateway's): as generated into the catalog artifact. */
export function toolsets(): Map<string, Toolset> {
  cached ??= new Map((JSON.parse(artifactText(ARTIFACT_FILES.toolsets)) as Toolset[]).map((set) => [set.name, set]));
  return cached;
}

/** The named sets of a catalog (at build time: functions/catalog/build-artifact.ts). */
export function buildToolsets(entries: readonly CatalogEntry[]): Map<string, Toolset> {
  const sets = new Map<string, Toolset>();
  const add = (name: string, about: string, platform: string | null, tool: string) => {
    const set = sets.get(name) ?? { name, about, platform, tools: [] };
    set.tools.push(tool);
    sets.set(name, set);
  };
  for (const platform of PLATFORM_WORDS) {
    const platformEntries = entries.filter((candidate) => candidate.platform === platform);
    const topicOf = (entry: CatalogEntry) => {
      const bare = entry.name.replace(`_${platform}`, '').replace(`${platform}_`, '');
      return TOPICS.find((candidate) => candidate.matches(bare, entry));
    };
    const shopping = platformEntries.filter((entry) => topicOf(entry)?.topic === 'shopping').length;
    for (const entry of platformEntries) {
      let topic = topicOf(entry);
      if (topic?.topic === 'shopping' && shopping < MIN_SHOPPING_SET) topic = undefined;
      add(
        `${platform}_${topic?.topic ?? 'campaigns'}`,
        topic?.about ?? 'campaigns, ad groups / ad sets and ads: list, read, create, change, pause, resume, remove',
        platform,
        entry.name,
      );
    }
  }
  for (const entry of entries.filter((candidate) => candidate.platform === null)) {
    const set = GATEWAY_SETS[entry.category] ?? GATEWAY_SETS.helper;
    add(set.name, set.about, null, entry.name);
  }
  return sets;
}
