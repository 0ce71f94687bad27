import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolDefinition } from '../../../core/tool';
import { atLeastOne } from '../../../core/argument-rules';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsAudienceType, SearchAdsPort } from '../port';
import { DEMOGRAPHIC_VALUES, type SearchAdsCriterionType, type SearchAdsDemographicType } from '../port-display';
import { segmentId } from './add-ad-group-audiences';
import { adGroupIdArg } from './common';
import { TYPE_LABEL, criterionKey, criterionName, nameCriteria, requireDisplayAdGroup, type NamedCriterion } from './display-common';

/**
 * Display targeting built once as data: the five surfaces of a Display ad group (placements,
 * topics, audiences, contextual keywords, demographics) are all ad group criteria, so reading a
 * surface, adding to it and removing from it are one family. A surface row says which criterion
 * types it holds; an add row says how its arguments become criteria.
 */

type Surface = 'placements' | 'topics' | 'audiences' | 'keywords' | 'demographics';

export const SURFACES: Record<Surface, { types: SearchAdsCriterionType[]; words: string; readTool: string; addTool: string }> = {
  placements: {
    types: ['PLACEMENT', 'MOBILE_APPLICATION', 'YOUTUBE_CHANNEL', 'YOUTUBE_VIDEO'],
    words: 'placement',
    readTool: 'get_display_placements',
    addTool: 'add_display_placements',
  },
  topics: { types: ['TOPIC'], words: 'topic', readTool: 'get_display_topics', addTool: 'add_display_topics' },
  audiences: {
    types: ['USER_INTEREST', 'CUSTOM_AUDIENCE', 'USER_LIST'],
    words: 'audience',
    readTool: 'get_display_audiences',
    addTool: 'add_display_audiences',
  },
  keywords: { types: ['KEYWORD'], words: 'contextual keyword', readTool: 'get_display_keywords', addTool: 'add_display_keywords' },
  demographics: {
    types: ['AGE_RANGE', 'GENDER', 'PARENTAL_STATUS', 'INCOME_RANGE'],
    words: 'demographic',
    readTool: 'get_display_demographics',
    addTool: 'update_display_demographics',
  },
};

const criterionOutput = v.object({
  criterion_id: v.string(),
  type: v.string(),
  value: v.string(),
  name: v.string(),
  negative: v.boolean(),
  status: v.string(),
  match_type: v.optional(v.string()),
});

const publicCriterion = (c: NamedCriterion) => ({
  criterion_id: c.id,
  type: c.type,
  value: c.value,
  name: c.name,
  negative: c.negative,
  status: c.status,
  ...(c.match_type ? { match_type: c.match_type } : {}),
});

// Reads.

const DIMENSIONS: { type: SearchAdsDemographicType; label: string }[] = [
  { type: 'AGE_RANGE', label: 'Age' },
  { type: 'GENDER', label: 'Gender' },
  { type: 'PARENTAL_STATUS', label: 'Parental status' },
  { type: 'INCOME_RANGE', label: 'Household income' },
];

/** Every value of each demographic dimension: excluded when a negative criterion says so, targeted otherwise. */
export function demographicStates(criteria: NamedCriterion[]) {
  return DIMENSIONS.flatMap(({ type }) =>
    DEMOGRAPHIC_VALUES[type].map((value) => {
      const criterion = criteria.find((c) => c.type === type && c.value === value);
      return {
        dimension: type,
        value,
        name: criterionName({ type, value }, [], []),
        state: criterion?.negative ? ('EXCLUDED' as const) : ('TARGETED' as const),
        ...(criterion ? { criterion_id: criterion.id } : {}),
      };
    }),
  );
}

const READ_DESCRIPTIONS: Record<Surface, string> = {
  placements:
    'Shows the managed placements of a Display ad group: websites, mobile apps, video-network channels and videos it targets or excludes, with the criterion ids remove_display_criteria takes.',
  topics:
    "Shows the content topics a Display ad group targets or excludes (the platform's topic taxonomy, by path), with their criterion ids.",
  audiences:
    'Shows the audience segments on a Display ad group (in-market, affinity, custom audiences, user lists) and whether the campaign uses them for targeting or observation.',
  keywords:
    'Shows the contextual keywords of a Display ad group (pages about these words show the ads), with their status and criterion ids.',
  demographics:
    'Shows the demographic settings of a Display ad group: for each age range, gender, parental status and household income range whether it is targeted or excluded.',
};

export function displayCriteriaReadTool(surface: Surface): ToolDefinition {
  const row = SURFACES[surface];
  return defineSearchAdsTool({
    name: row.readTool,
    examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>' }],
    description: READ_DESCRIPTIONS[surface],
    access: 'read',
    args: { ad_group_id: adGroupIdArg('Display ad group id from list_ad_groups or get_campaign_structure') },
    output: v.object({
      customer_id: v.string(),
      campaign_id: v.string(),
      campaign_name: v.string(),
      ad_group_id: v.string(),
      ad_group_name: v.string(),
      surface: v.string(),
      criteria: v.array(criterionOutput),
      targeted: v.number(),
      excluded: v.number(),
      audience_targeting_mode: v.optional(v.string()),
      demographics: v.optional(
        v.array(
          v.object({ dimension: v.string(), value: v.string(), name: v.string(), state: v.string(), criterion_id: v.optional(v.string()) }),
        ),
      ),
    }),
    async run(args, ctx) {
      const { group, campaign } = await requireDisplayAdGroup(ctx.platform, args.ad_group_id, row.readTool);
      const criteria = await nameCriteria(ctx.platform, await ctx.platform.listAdGroupCriteria(group.id, row.types));
      const excluded = criteria.filter((c) => c.negative).length;
      const base = {
        customer_id: ctx.account.account_id,
        campaign_id: campaign.id,
        campaign_name: campaign.name,
        ad_group_id: group.id,
        ad_group_name: group.name,
        surface,
        criteria: criteria.map(publicCriterion),
        targeted: criteria.length - excluded,
        excluded,
      };
      const heading = `## ${row.words[0]!.toUpperCase()}${row.words.slice(1)}s of ad group "${group.name}" (${group.id}), campaign "${campaign.name}"`;
      if (surface === 'demographics') {
        const states = demographicStates(criteria);
        const text = [
          heading,
          '',
          ...DIMENSIONS.map(({ type, label }) => {
            const of = states.filter((s) => s.dimension === type);
            const out = of.filter((s) => s.state === 'EXCLUDED');
            return `- **${label}:** ${
              out.length
                ? `excluded ${out.map((s) => s.name).join(', ')}; targeted ${of
                    .filter((s) => s.state === 'TARGETED')
                    .map((s) => s.name)
                    .join(', ')}`
                : 'all targeted'
            }`;
          }),
          '',
          "Values without an exclusion are targeted (the platform's default). update_display_demographics sets which values are targeted.",
        ].join('\n');
        return { text, structured: { ...base, demographics: states } };
      }
      const mode = surface === 'audiences' ? (campaign.audience_targeting_mode ?? 'OBSERVATION') : undefined;
      const text = [
        heading,
        '',
        criteria.length
          ? markdownTable(
              [
                'Type',
                surface === 'topics' ? 'Topic' : surface === 'audiences' ? 'Segment' : 'Target',
                'Targeting',
                'Status',
                'Criterion id',
              ],
              criteria.map((c) => [TYPE_LABEL[c.type], c.name, c.negative ? 'excluded' : 'targeted', c.status, c.id]),
            )
          : `No ${row.words}s on this ad group: ${surface === 'keywords' ? 'ads are not limited to pages about given words' : 'nothing narrows or excludes where its ads show'}.`,
        '',
        ...(mode
          ? [
              mode === 'TARGETING'
                ? '- The campaign uses TARGETING: ads serve only to people in these segments.'
                : '- The campaign uses OBSERVATION: segments inform reporting and bids but do not narrow who sees the ads.',
            ]
          : []),
        `- ${row.addTool} adds more; remove_display_criteria takes criteria off by criterion id.`,
      ].join('\n');
      return { text, structured: { ...base, ...(mode ? { audience_targeting_mode: mode } : {}) } };
    },
  });
}

// Adds.

interface Wanted {
  type: SearchAdsCriterionType;
  value: string;
  name: string;
}

interface AddRow {
  name: string;
  surface: Surface;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  args: v.ObjectEntries;
  schemaRules?: ReturnType<typeof atLeastOne>[];
  /** The criteria the arguments ask for, or the problems found with them (each naming its field). */
  resolve(args: Record<string, unknown>, port: SearchAdsPort, customerId: string): Promise<{ wanted: Wanted[]; problems: string[] }>;
}

const excludeArg = (what: string) =>
  v.optional(
    v.pipe(v.boolean(), v.description(`true adds them as exclusions (ads never show on these ${what}); default false (targeted)`)),
    false,
  );

type ResultRow = {
  type: string;
  value: string;
  name: string;
  negative: boolean;
  result: 'added' | 'skipped';
  reason?: string;
  criterion_id?: string;
};

export function displayCriteriaAddTool(row: AddRow): ToolDefinition {
  const surface = SURFACES[row.surface];
  return defineSearchAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'write',
    args: { ad_group_id: adGroupIdArg('Display ad group id from list_ad_groups'), ...row.args, exclude: excludeArg(`${surface.words}s`) },
    schemaRules: row.schemaRules,
    output: v.object({
      customer_id: v.string(),
      campaign_id: v.string(),
      ad_group_id: v.string(),
      results: v.array(
        v.object({
          type: v.string(),
          value: v.string(),
          name: v.string(),
          negative: v.boolean(),
          result: v.picklist(['added', 'skipped']),
          reason: v.optional(v.string()),
          criterion_id: v.optional(v.string()),
        }),
      ),
      added: v.number(),
      skipped: v.number(),
    }),
    async plan(a, ctx) {
      const args = a as Record<string, unknown> & { ad_group_id: string; exclude: boolean };
      const { group, campaign } = await requireDisplayAdGroup(ctx.platform, args.ad_group_id, row.name, true);
      const { wanted, problems } = await row.resolve(args, ctx.platform, ctx.account.account_id);
      if (problems.length) throw new ToolError(`${problems.join('; ')}.`);
      const existing = await ctx.platform.listAdGroupCriteria(group.id, surface.types);
      const key = (c: { type: string; value: string }) => `${c.type}|${c.value.toLowerCase()}`;
      const seen = new Set<string>();
      const results: ResultRow[] = [];
      for (const w of wanted) {
        const there = existing.find((c) => key(c) === key(w));
        const base = { type: w.type, value: w.value, name: w.name, negative: args.exclude };
        if (there)
          results.push({
            ...base,
            result: 'skipped',
            reason:
              there.negative === args.exclude
                ? 'already there'
                : `already ${there.negative ? 'excluded' : 'targeted'}; remove_display_criteria takes it off first`,
            criterion_id: there.id,
          });
        else if (seen.has(key(w))) results.push({ ...base, result: 'skipped', reason: 'listed twice' });
        else {
          seen.add(key(w));
          results.push({ ...base, result: 'added' });
        }
      }
      const toAdd = results.filter((r) => r.result === 'added');
      return {
        summary: toAdd.length
          ? `${args.exclude ? 'Exclude' : 'Target'} ${toAdd.length} ${surface.words}(s) on ad group "${group.name}" (${group.id})`
          : `Nothing to add: every ${surface.words} is already on ad group "${group.name}"`,
        // Targeting criteria cannot spend by themselves (they narrow where the ad group's ads show).
        changes: toAdd.map((r) => ({
          action: 'create' as const,
          entity: `ad_group_${r.type.toLowerCase()}`,
          name: r.name,
          fields: { ad_group_id: { after: group.id }, value: { after: r.value }, negative: { after: r.negative } },
          startsPaused: true,
        })),
        notes: results.filter((r) => r.result === 'skipped').map((r) => `${r.name} skipped: ${r.reason}.`),
        data: { group: { id: group.id, name: group.name }, campaign_id: campaign.id, results },
      };
    },
    async apply(plan, _a, ctx) {
      const { group, campaign_id, results } = plan.data as {
        group: { id: string; name: string };
        campaign_id: string;
        results: ResultRow[];
      };
      const toAdd = results.filter((r) => r.result === 'added');
      const created = toAdd.length
        ? await ctx.step('create', () =>
            ctx.platform.addAdGroupCriteria(
              toAdd.map((r) => ({ ad_group_id: group.id, type: r.type as SearchAdsCriterionType, value: r.value, negative: r.negative })),
            ),
          )
        : [];
      let n = 0;
      const final = results.map((r) => (r.result === 'added' ? { ...r, criterion_id: created[n++]?.id } : r));
      const added = final.filter((r) => r.result === 'added').length;
      const text = [
        `## ${added} ${surface.words}(s) added to ad group "${group.name}" (${group.id})`,
        '',
        markdownTable(
          ['Type', 'Target', 'Targeting', 'Result', 'Criterion id'],
          final.map((r) => [
            TYPE_LABEL[r.type as SearchAdsCriterionType],
            r.name,
            r.negative ? 'excluded' : 'targeted',
            r.reason ? `${r.result} (${r.reason})` : r.result,
            r.criterion_id ?? '',
          ]),
        ),
        '',
        `${surface.readTool} shows the ad group's ${surface.words}s; remove_display_criteria takes one off by criterion id.`,
      ].join('\n');
      return {
        text,
        structured: {
          customer_id: ctx.account.account_id,
          campaign_id,
          ad_group_id: group.id,
          results: final,
          added,
          skipped: final.length - added,
        },
      };
    },
  });
}

const PLACEMENT_KINDS = {
  WEBSITE: 'PLACEMENT',
  MOBILE_APP: 'MOBILE_APPLICATION',
  YOUTUBE_CHANNEL: 'YOUTUBE_CHANNEL',
  YOUTUBE_VIDEO: 'YOUTUBE_VIDEO',
} as const satisfies Record<string, SearchAdsCriterionType>;

/** A placement value as the platform takes it, or the rule it breaks. */
export function placementValue(kind: keyof typeof PLACEMENT_KINDS, raw: string): { value: string } | { problem: string } {
  const value = raw.trim();
  switch (kind) {
    case 'WEBSITE': {
      const site = value.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
      const [host, ...path] = site.split('/');
      if (!/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i.test(host ?? ''))
        return { problem: 'must be a website domain or URL such as www.example.com or example.com/outdoors' };
      return { value: [host!.toLowerCase(), ...path].join('/') };
    }
    case 'MOBILE_APP':
      if (!/^(1-\d{6,12}|2-[a-zA-Z][\w]*(\.[a-zA-Z_][\w]*)+)$/.test(value))
        return { problem: 'must be `1-<App Store id>` (iOS, digits) or `2-<package name>` (Android, e.g. 2-com.example.app)' };
      return { value };
    case 'YOUTUBE_CHANNEL':
      if (!/^UC[\w-]{22}$/.test(value)) return { problem: 'must be a video channel id (24 characters starting with UC)' };
      return { value };
    default:
      if (!/^[\w-]{11}$/.test(value)) return { problem: 'must be a video id (11 characters, as in watch?v=<id>)' };
      return { value };
  }
}

const AUDIENCE_FIELDS = {
  in_market_audiences: 'IN_MARKET',
  affinity_audiences: 'AFFINITY',
  custom_audiences: 'CUSTOM',
  user_lists: 'USER_LIST',
} as const satisfies Record<string, SearchAdsAudienceType>;
const AUDIENCE_TYPE = { IN_MARKET: 'USER_INTEREST', AFFINITY: 'USER_INTEREST', CUSTOM: 'CUSTOM_AUDIENCE', USER_LIST: 'USER_LIST' } as const;
const idList = (description: string) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'))),
      v.minLength(1, 'must list at least one id'),
      v.maxLength(50, 'must list at most 50 ids'),
      v.description(description),
    ),
  );

export const DISPLAY_ADD_TOOLS: AddRow[] = [
  {
    name: 'add_display_placements',
    examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', placements: [{ type: 'WEBSITE', value: 'www.trail-blog.example' }] }],
    surface: 'placements',
    description:
      'Adds managed placements to a Display ad group: websites (domain or URL), mobile apps (`1-<App Store id>` or `2-<Android package>`), video-network channels (UC… id) and videos (11-character id). With exclude: true they become placement exclusions. Existing ones are skipped; a result per placement with its criterion id.',
    args: {
      placements: v.pipe(
        v.array(
          v.strictObject({
            type: v.pipe(
              v.picklist(Object.keys(PLACEMENT_KINDS) as (keyof typeof PLACEMENT_KINDS)[]),
              v.description('WEBSITE, MOBILE_APP, YOUTUBE_CHANNEL or YOUTUBE_VIDEO'),
            ),
            value: v.pipe(
              v.string(),
              v.trim(),
              v.minLength(1, 'must not be empty'),
              v.maxLength(250, 'must be at most 250 characters'),
              v.description('The domain or URL, app id, channel id or video id'),
            ),
          }),
        ),
        v.minLength(1, 'must list at least one placement'),
        v.maxLength(100, 'must list at most 100 placements per call'),
        v.description('1-100 placements: type and value'),
      ),
    },
    async resolve(args) {
      const problems: string[] = [];
      const wanted: Wanted[] = [];
      (args.placements as { type: keyof typeof PLACEMENT_KINDS; value: string }[]).forEach((p, i) => {
        const checked = placementValue(p.type, p.value);
        if ('problem' in checked) problems.push(`\`placements[${i}].value\` "${p.value}" ${checked.problem}`);
        else wanted.push({ type: PLACEMENT_KINDS[p.type], value: checked.value, name: checked.value });
      });
      return { wanted, problems };
    },
  },
  {
    name: 'add_display_topics',
    examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', topic_ids: ['1317'] }],
    surface: 'topics',
    description:
      "Adds content topics to a Display ad group: ads show on pages and apps about them (or, with exclude: true, never on them). Topics are the platform's topic constants, by id or `topicConstants/<id>` (get_display_topics shows paths). Existing ones are skipped; a result per topic.",
    args: {
      topic_ids: v.pipe(
        v.array(
          v.pipe(v.string(), v.trim(), v.regex(/^(topicConstants\/)?\d{1,19}$/, 'must be a topic constant id or topicConstants/<id>')),
        ),
        v.minLength(1, 'must list at least one topic'),
        v.maxLength(50, 'must list at most 50 topics per call'),
        v.description('1-50 topic constant ids (or topicConstants/<id>)'),
      ),
    },
    async resolve(args, port) {
      const topics = await port.listTopics();
      const problems: string[] = [];
      const wanted: Wanted[] = [];
      (args.topic_ids as string[]).forEach((raw, i) => {
        const id = raw.replace(/^topicConstants\//, '');
        const topic = topics.find((t) => t.id === id);
        if (!topic)
          problems.push(
            `\`topic_ids[${i}]\` "${raw}" is not a topic of the platform's taxonomy (known top-level topics: ${topics
              .filter((t) => t.path.length === 1)
              .map((t) => `${t.id} ${t.path[0]}`)
              .join(', ')})`,
          );
        else wanted.push({ type: 'TOPIC', value: topic.id, name: topic.path.join(' > ') });
      });
      return { wanted, problems };
    },
  },
  {
    name: 'add_display_audiences',
    examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', in_market_audiences: ['80432'] }],
    surface: 'audiences',
    description:
      "Adds audience segments to a Display ad group: in-market and affinity segments, custom audiences and user (remarketing) lists, ids from search_audiences. With exclude: true they become audience exclusions. Whether targeted segments restrict delivery depends on the campaign's audience_targeting_mode (update_campaign).",
    args: {
      in_market_audiences: idList('In-market segment ids (or userInterests/<id>) from search_audiences'),
      affinity_audiences: idList('Affinity segment ids (or userInterests/<id>) from search_audiences'),
      custom_audiences: idList('Custom audience ids (or customers/<cid>/customAudiences/<id>) from search_audiences'),
      user_lists: idList('User list ids (or customers/<cid>/userLists/<id>) from search_audiences'),
    },
    schemaRules: [atLeastOne(...Object.keys(AUDIENCE_FIELDS))],
    async resolve(args, port, customerId) {
      const segments = await port.listAudienceSegments();
      const problems: string[] = [];
      const wanted: Wanted[] = [];
      for (const [field, type] of Object.entries(AUDIENCE_FIELDS)) {
        ((args[field] as string[] | undefined) ?? []).forEach((raw, i) => {
          let id: string;
          try {
            id = segmentId(raw, customerId);
          } catch (err) {
            problems.push(`\`${field}[${i}]\`: ${(err as Error).message}`);
            return;
          }
          const segment = segments.find((s) => s.id === id);
          if (!segment) problems.push(`\`${field}[${i}]\` "${raw}" is not a known segment (search_audiences lists them)`);
          else if (segment.type !== type)
            problems.push(`\`${field}[${i}]\` "${raw}" (${segment.name}) is a ${segment.type} segment, not ${type}`);
          else wanted.push({ type: AUDIENCE_TYPE[type], value: segment.id, name: segment.name });
        });
      }
      return { wanted, problems };
    },
  },
];

// Removal.

export const removeDisplayCriteria = defineSearchAdsTool({
  name: 'remove_display_criteria',
  description:
    'Removes targeting criteria from a Display ad group, on any of its five surfaces: placements, topics, audiences, contextual keywords and demographics (targeted or excluded). Criterion ids come from get_display_placements, get_display_topics, get_display_audiences, get_display_keywords and get_display_demographics. Removal is final; add the criterion again to restore it.',
  access: 'write',
  examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', criterion_ids: ['<criterion_id from get_display_topics>'] }],
  destructive: true,
  args: {
    ad_group_id: adGroupIdArg('Display ad group id from list_ad_groups'),
    criterion_ids: v.pipe(
      v.array(
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(/^\d{1,19}(~\d{1,19})?$/, 'must be a criterion id as the get_display_* tools show it (<ad group id>~<criterion id>)'),
        ),
      ),
      v.minLength(1, 'must list at least one criterion id'),
      v.maxLength(200, 'must list at most 200 criterion ids'),
      v.description('1-200 criterion ids from the get_display_* tools'),
    ),
  },
  output: v.object({ customer_id: v.string(), ad_group_id: v.string(), removed: v.array(criterionOutput), count: v.number() }),
  async plan(args, ctx) {
    const { group } = await requireDisplayAdGroup(ctx.platform, args.ad_group_id, 'remove_display_criteria', true);
    const all = await nameCriteria(ctx.platform, await ctx.platform.listAdGroupCriteria(group.id));
    const problems: string[] = [];
    const chosen: NamedCriterion[] = [];
    args.criterion_ids.forEach((raw, i) => {
      const key = criterionKey(group.id, raw);
      const found = key ? all.find((c) => c.id === key) : undefined;
      if (!key) problems.push(`\`criterion_ids[${i}]\` "${raw}" belongs to another ad group`);
      else if (!found) problems.push(`\`criterion_ids[${i}]\` "${raw}" is not a criterion of ad group "${group.name}"`);
      else if (!chosen.includes(found)) chosen.push(found);
    });
    if (problems.length)
      throw new ToolError(`${problems.join('; ')}. The get_display_* tools list the ad group's criteria with their ids.`, {
        code: 'not_found',
      });
    return {
      summary: `Remove ${chosen.length} targeting criterion(s) from ad group "${group.name}" (${group.id})`,
      changes: chosen.map((c) => ({
        action: 'remove' as const,
        entity: `ad_group_${c.type.toLowerCase()}`,
        id: c.id,
        name: c.name,
        fields: { negative: { before: c.negative, after: null } },
      })),
      notes: chosen.some((c) => c.type === 'KEYWORD') ? ['Removed contextual keywords stay in reports with status REMOVED.'] : [],
      data: { group: { id: group.id, name: group.name }, chosen: chosen.map(publicCriterion) },
    };
  },
  async apply(plan, _args, ctx) {
    const { group, chosen } = plan.data;
    await ctx.step('remove', () => ctx.platform.removeAdGroupCriteria(chosen.map((c) => c.criterion_id)).then(() => true));
    const text = [
      `## ${chosen.length} criterion(s) removed from ad group "${group.name}" (${group.id})`,
      '',
      markdownTable(
        ['Type', 'Target', 'Was', 'Criterion id'],
        chosen.map((c) => [TYPE_LABEL[c.type as SearchAdsCriterionType], c.name, c.negative ? 'excluded' : 'targeted', c.criterion_id]),
      ),
      '',
      'Removal is final; add_display_placements, add_display_topics, add_display_audiences, add_display_keywords or update_display_demographics adds a criterion anew.',
    ].join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, ad_group_id: group.id, removed: chosen, count: chosen.length } };
  },
});

export const DISPLAY_READ_SURFACES: Surface[] = ['placements', 'topics', 'audiences', 'keywords', 'demographics'];

/** For tools that count criteria per surface. */
export function surfaceOf(type: SearchAdsCriterionType): Surface {
  return (Object.keys(SURFACES) as Surface[]).find((s) => SURFACES[s].types.includes(type))!;
}
