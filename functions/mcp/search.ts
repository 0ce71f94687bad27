import { catalog } from '../catalog/artifact';
import type { CatalogEntry } from '../catalog/catalog';
import { PLATFORM_WORDS } from '../../core/platforms';

/**
 * Tool search for the MCP front door: finds tools by what a media buyer would type ("stop the
 * campaigns that waste money on socialads"), across names, descriptions and platforms. A small
 * BM25-like ranking over word stems, with buyer synonyms mapped onto the catalog's words and the
 * platform named in the query (as its word or as two words: "social ads") limiting the results.
 * Measured on the intents of test/unit/mcp-search.test.ts (the README reports the figure).
 */

export interface SearchMatch {
  entry: CatalogEntry;
  score: number;
}

/** Words that say nothing about which tool is meant. */
const STOP_WORDS = new Set(
  'a an the my our your me i we is are was be do does did to of in on at for with and or by from per this that these those it its what which who how much many show give get me please can could would should there their them all any some each every into about over under than then last past recent current now today week month day days'.split(
    ' ',
  ),
);

/**
 * A buyer's word → the catalog's words for it. Stems on both sides (see {@link stem}). Kept to
 * words that name the same thing; a synonym counts less than the word itself.
 */
const SYNONYMS: Record<string, string[]> = {
  stop: ['pause'],
  halt: ['pause'],
  off: ['pause'],
  disable: ['pause'],
  turn: [],
  start: ['resume', 'launch'],
  restart: ['resume'],
  enable: ['resume'],
  unpause: ['resume'],
  reactivate: ['resume', 'reactivate'],
  on: [],
  delete: ['remove', 'archive'],
  remove: ['delete', 'archive'],
  archive: ['remove', 'delete'],
  kill: ['pause', 'remove'],
  spend: ['spend', 'cost', 'performance'],
  spent: ['spend', 'cost', 'performance'],
  cost: ['spend', 'performance'],
  money: ['spend', 'budget'],
  result: ['performance', 'insight'],
  stat: ['performance', 'insight', 'metric'],
  metric: ['performance', 'insight'],
  number: ['performance'],
  kpi: ['performance'],
  roa: ['performance', 'roas'],
  cpa: ['performance', 'cpa'],
  ctr: ['performance'],
  doing: ['performance'],
  perform: ['performance'],
  report: ['report', 'performance'],
  waste: ['wasted', 'waste'],
  wasting: ['wasted', 'waste'],
  burn: ['wasted', 'waste'],
  losing: ['wasted', 'waste'],
  loser: ['wasted', 'waste'],
  new: ['create', 'add'],
  make: ['create', 'add'],
  build: ['create'],
  launch: ['create', 'launch'],
  setup: ['create', 'setup'],
  change: ['update', 'change', 'set'],
  edit: ['update'],
  modify: ['update'],
  raise: ['update', 'increase'],
  increase: ['update'],
  lower: ['update', 'decrease'],
  decrease: ['update'],
  adjust: ['update', 'set'],
  rename: ['update'],
  creative: ['creative', 'ad', 'asset'],
  copy: ['ad', 'headline', 'description', 'content', 'duplicate', 'clone'],
  headline: ['headline', 'ad'],
  duplicate: ['duplicate', 'clone', 'copy'],
  clone: ['clone', 'duplicate'],
  picture: ['image'],
  photo: ['image'],
  banner: ['image', 'display'],
  clip: ['video'],
  quota: ['usage', 'quota'],
  credit: ['usage', 'quota'],
  allowance: ['usage', 'quota'],
  limit: ['usage', 'quota', 'budget'],
  left: ['usage', 'remaining'],
  plan: ['usage', 'tier', 'plan'],
  account: ['account', 'connected'],
  connect: ['connection', 'connected'],
  connection: ['connection', 'connected'],
  target: ['targeting', 'target'],
  audience: ['audience', 'targeting'],
  interest: ['targeting', 'interest'],
  alert: ['monitor'],
  notify: ['monitor'],
  alarm: ['monitor'],
  watch: ['monitor', 'watch'],
  email: ['brief', 'report', 'schedule'],
  digest: ['brief'],
  summary: ['brief', 'summary'],
  approve: ['pending', 'action', 'manage', 'approval'],
  approval: ['pending', 'action', 'manage'],
  pending: ['pending', 'action'],
  undo: ['revert'],
  rollback: ['revert'],
  history: ['history', 'change'],
  changed: ['change', 'history', 'changed'],
  anomaly: ['anomaly', 'explain'],
  drop: ['anomaly', 'explain'],
  dropped: ['anomaly', 'explain'],
  spike: ['anomaly', 'explain'],
  why: ['explain', 'why'],
  tracking: ['conversion', 'pixel', 'tracking'],
  pixel: ['pixel', 'conversion'],
  tag: ['pixel', 'conversion', 'uet'],
  bid: ['bid', 'bidding'],
  query: ['search_term', 'search', 'term'],
  queries: ['search_term', 'search', 'term'],
  term: ['term', 'search_term'],
  product: ['product', 'catalog', 'shopping'],
  catalog: ['catalog', 'product'],
  feed: ['feed', 'merchant', 'catalog'],
  shop: ['shopping', 'product'],
  next: ['suggest', 'next'],
  recommend: ['recommendation', 'suggest'],
  suggestion: ['recommendation', 'suggest'],
  advice: ['recommendation', 'suggest'],
  opportunity: ['opportunities', 'recommendation'],
  fatigue: ['fatigue'],
  tired: ['fatigue'],
  stale: ['fatigue'],
  geo: ['geo', 'location'],
  country: ['geo', 'location'],
  city: ['geo', 'location'],
  region: ['geo', 'location'],
  location: ['location', 'geo'],
  negative: ['negative'],
  exclude: ['negative', 'exclude'],
  block: ['negative'],
  extension: ['extension', 'sitelink', 'callout'],
  link: ['sitelink', 'link'],
  wrong: ['diagnose', 'why', 'fail'],
  broken: ['diagnose', 'connection', 'why'],
  fail: ['fail', 'why', 'error'],
  error: ['error', 'fail'],
  compare: ['compare', 'benchmark'],
  idea: ['research', 'suggest'],
  research: ['research'],
  move: ['allocation', 'optimize', 'shift'],
  shift: ['allocation', 'optimize'],
  reallocate: ['allocation', 'optimize'],
  allocate: ['allocation', 'optimize'],
  migrate: ['import'],
  forecast: ['forecast', 'estimate'],
  reach: ['estimate', 'audience', 'size'],
  size: ['size', 'estimate'],
  lead: ['lead'],
  install: ['app'],
  app: ['app'],
  structure: ['structure'],
  group: ['group'],
  adset: ['ad_set', 'adset', 'set'],
};

/** Two-word names of the platforms a buyer may type instead of the word itself. */
const PLATFORM_PHRASES: Record<string, string> = Object.fromEntries(
  PLATFORM_WORDS.map((word) => [word.replace(/(ads|video)$/, ' $1'), word]),
);

/** A crude English stem: plural and verb endings off, so "campaigns" finds "campaign". */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 5) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 4 && !word.endsWith('eed')) return word.slice(0, -2);
  if (word.endsWith('es') && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

interface IndexedTool {
  entry: CatalogEntry;
  nameStems: Set<string>;
  verb: string;
  textStems: Set<string>;
}

let index: { tools: IndexedTool[]; documentFrequency: Map<string, number> } | undefined;

function buildIndex() {
  if (index) return index;
  const tools = catalog().map((entry) => {
    const nameWords = words(entry.name);
    return {
      entry,
      nameStems: new Set(nameWords.map(stem)),
      verb: stem(nameWords[0]),
      textStems: new Set(words(`${entry.description} ${entry.category}`).map(stem)),
    };
  });
  const documentFrequency = new Map<string, number>();
  for (const tool of tools) {
    for (const word of new Set([...tool.nameStems, ...tool.textStems])) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  }
  index = { tools, documentFrequency };
  return index;
}

/** The platforms a query names (as the word, or as two words like "short video"). */
export function platformsOf(query: string): string[] {
  const lower = ` ${query.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  return PLATFORM_WORDS.filter(
    (word) =>
      lower.includes(` ${word} `) || Object.entries(PLATFORM_PHRASES).some(([phrase, of]) => of === word && lower.includes(` ${phrase} `)),
  );
}

/** The one platform a query names; none when it names none or several ("from searchads into deskads"). */
export function platformOf(query: string): string | undefined {
  const named = platformsOf(query);
  return named.length === 1 ? named[0] : undefined;
}

export interface SearchOptions {
  /** Only this platform's tools; null: only the gateway's cross-platform tools; absent: the one the query names, or all. */
  platform?: string | null;
  access?: 'read' | 'write';
  limit: number;
  /** Only these tools (the endpoint's scope). */
  within?: (name: string) => boolean;
}

/** The best matches for a query, best first; an empty list when nothing matches. */
export function searchTools(query: string, options: SearchOptions): SearchMatch[] {
  const { tools, documentFrequency } = buildIndex();
  const platform = options.platform === undefined ? platformOf(query) : options.platform;
  const platformWords = new Set(PLATFORM_WORDS.flatMap((word) => [word, ...words(word.replace(/(ads|video)$/, ' $1'))]));
  const queryWords = words(query).filter((word) => !STOP_WORDS.has(word) && !(platform && platformWords.has(word)));
  // Each query word with its weight, and its synonyms at a lower weight (the strongest one counts).
  const weights = new Map<string, number>();
  const weigh = (word: string, weight: number) => weights.set(word, Math.max(weights.get(word) ?? 0, weight));
  for (const word of queryWords) {
    const stemmed = stem(word);
    weigh(stemmed, 1);
    for (const synonym of SYNONYMS[stemmed] ?? SYNONYMS[word] ?? []) for (const part of words(synonym)) weigh(stem(part), 0.7);
  }
  const total = tools.length;
  const idf = (word: string) => Math.log(1 + total / (1 + (documentFrequency.get(word) ?? 0)));
  const matches: SearchMatch[] = [];
  for (const tool of tools) {
    const { entry } = tool;
    if (platform !== undefined && entry.platform !== platform) continue;
    if (options.access && entry.access !== options.access) continue;
    if (options.within && !options.within(entry.name)) continue;
    let score = 0;
    for (const [word, weight] of weights) {
      if (tool.nameStems.has(word)) score += weight * idf(word) * (word === tool.verb ? 2.5 : 2);
      else if (tool.textStems.has(word)) score += weight * idf(word) * 0.6;
    }
    if (score > 0) matches.push({ entry, score });
  }
  // Best score first; between equals the shorter (more general) name, then the name itself.
  matches.sort((a, b) => b.score - a.score || a.entry.name.length - b.entry.name.length || a.entry.name.localeCompare(b.entry.name));
  return matches.slice(0, options.limit);
}
