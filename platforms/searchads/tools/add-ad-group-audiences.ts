import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { count, markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsAudienceSegment, SearchAdsAudienceType } from '../port';
import { adGroupIdArg } from './common';

/** Search ads only serve to a user list once it reaches this many active users. */
const SEARCH_MIN_LIST_SIZE = 1000;

const idList = (description: string) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200))),
      v.maxLength(50),
      v.description(description),
    ),
  );

export const FIELDS = {
  in_market_audiences: 'IN_MARKET',
  affinity_audiences: 'AFFINITY',
  custom_audiences: 'CUSTOM',
  user_lists: 'USER_LIST',
} as const satisfies Record<string, SearchAdsAudienceType>;
type Field = keyof typeof FIELDS;
const FIELD_OF: Record<SearchAdsAudienceType, Field> = {
  IN_MARKET: 'in_market_audiences',
  AFFINITY: 'affinity_audiences',
  CUSTOM: 'custom_audiences',
  USER_LIST: 'user_lists',
};

/** The segment id inside the forms people pass: `80443`, `userInterests/80443`, `customers/<cid>/userLists/<id>`. */
export function segmentId(value: string, customerId: string): string {
  const interest = /^userInterests\/(\d+)$/.exec(value);
  if (interest) return interest[1]!;
  const owned = /^customers\/(\d+)\/(customAudiences|userLists)\/(\d+)$/.exec(value);
  if (owned) {
    if (owned[1] !== customerId)
      throw new ToolError(`"${value}" belongs to customer ${owned[1]}, not to the selected account ${customerId}.`);
    return owned[3]!;
  }
  return value;
}

export const addAdGroupAudiences = defineSearchAdsTool({
  name: 'add_ad_group_audiences',
  description:
    "Adds audience segments to an ad group: in-market and affinity segments, custom audiences (ids from search_audiences) and user lists (ids or resource names). Whether they restrict delivery depends on the campaign's audience_targeting_mode (OBSERVATION or TARGETING, set with update_campaign).",
  access: 'write',
  examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>', in_market_audiences: ['80432'] }],
  args: {
    ad_group_id: adGroupIdArg(),
    in_market_audiences: idList('In-market segment ids (or userInterests/<id>) from search_audiences'),
    affinity_audiences: idList('Affinity segment ids (or userInterests/<id>) from search_audiences'),
    custom_audiences: idList('Custom audience ids (or customers/<cid>/customAudiences/<id>) from search_audiences'),
    user_lists: idList('User list ids or resource names (customers/<cid>/userLists/<id>) from search_audiences'),
  },
  rules: [
    (args) =>
      (Object.keys(FIELDS) as Field[]).some((f) => (args[f]?.length ?? 0) > 0)
        ? undefined
        : 'give at least one audience in `in_market_audiences`, `affinity_audiences`, `custom_audiences` or `user_lists`',
  ],
  output: v.object({
    customer_id: v.string(),
    ad_group_id: v.string(),
    campaign_id: v.string(),
    audience_targeting_mode: v.string(),
    added: v.array(v.object({ type: v.string(), audience_id: v.string(), name: v.string(), criterion_id: v.string() })),
    skipped_existing: v.array(v.string()),
    total_audiences: v.number(),
  }),
  async plan(args, ctx) {
    const cid = ctx.account.account_id;
    const group = await ctx.platform.getAdGroup(args.ad_group_id);
    if (group.status === 'REMOVED')
      throw new ToolError(`Ad group "${group.name}" (${group.id}) is REMOVED; audiences cannot be added to it.`);
    const [campaign, segments] = await Promise.all([ctx.platform.getCampaign(group.campaign_id), ctx.platform.listAudienceSegments()]);
    const byId = new Map(segments.map((s) => [s.id, s]));

    const problems: string[] = [];
    const wanted: SearchAdsAudienceSegment[] = [];
    for (const field of Object.keys(FIELDS) as Field[]) {
      (args[field] ?? []).forEach((raw, i) => {
        const id = segmentId(raw, cid);
        const segment = byId.get(id);
        if (!segment) problems.push(`\`${field}[${i}]\` "${raw}" is not a known ${FIELDS[field].toLowerCase().replace('_', '-')} segment`);
        else if (segment.type !== FIELDS[field])
          problems.push(
            `\`${field}[${i}]\` "${raw}" (${segment.name}) is ${/^[AEIOU]/.test(segment.type) ? 'an' : 'a'} ${segment.type} segment; pass it in \`${FIELD_OF[segment.type]}\``,
          );
        else if (!wanted.some((w) => w.id === segment.id)) wanted.push(segment);
      });
    }
    if (problems.length)
      throw new ToolError(`Unknown or misplaced audiences: ${problems.join('; ')}. Find valid ids with search_audiences.`);

    const current = group.audiences ?? [];
    const skipped = wanted.filter((s) => current.some((a) => a.audience_id === s.id));
    const fresh = wanted.filter((s) => !current.some((a) => a.audience_id === s.id));
    const data = {
      group: { id: group.id, name: group.name, audience_count: current.length },
      campaign: { id: campaign.id, type: campaign.type, audience_targeting_mode: campaign.audience_targeting_mode },
      fresh: fresh.map((s) => ({ type: s.type, id: s.id, name: s.name, size_for_search: s.size_for_search })),
      skipped: skipped.map((s) => ({ id: s.id, name: s.name })),
    };
    return {
      summary: fresh.length
        ? `Add ${fresh.length} audience segment(s) to ad group "${group.name}" (${group.id})`
        : `Every segment is already on ad group "${group.name}"; nothing changes`,
      // Audience criteria cannot spend by themselves: they start "paused" in the guardrail's sense.
      changes: fresh.map((s) => ({
        action: 'create' as const,
        entity: 'ad_group_audience',
        name: s.name,
        fields: { ad_group_id: { after: group.id }, audience_id: { after: s.id }, type: { after: s.type } },
        startsPaused: true,
      })),
      notes: skipped.length ? [`Already on the ad group: ${skipped.map((s) => s.name).join(', ')}.`] : [],
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const cid = ctx.account.account_id;
    const { group, campaign, fresh, skipped } = plan.data;
    const current = { length: group.audience_count };
    const added = await ctx.step('add_audiences', async () =>
      fresh.length
        ? ctx.platform.addAdGroupAudiences(
            group.id,
            fresh.map((s) => ({ type: s.type as SearchAdsAudienceType, audience_id: s.id, name: s.name })),
          )
        : [],
    );

    const mode = campaign.audience_targeting_mode ?? 'OBSERVATION';
    const notes: string[] = [];
    if (skipped.length) notes.push(`Already on the ad group: ${skipped.map((s) => s.name).join(', ')}.`);
    notes.push(
      mode === 'OBSERVATION'
        ? 'The campaign uses OBSERVATION: these segments inform reporting and bid adjustments but do not narrow who sees the ads.'
        : 'The campaign uses TARGETING: ads in this ad group serve only to people in its segments.',
    );
    const small = fresh.filter(
      (s) => s.type === 'USER_LIST' && campaign.type === 'SEARCH' && (s.size_for_search ?? 0) < SEARCH_MIN_LIST_SIZE,
    );
    if (small.length)
      notes.push(
        `${small.map((s) => `"${s.name}" (${count(s.size_for_search)} users)`).join(', ')} is below the ${count(SEARCH_MIN_LIST_SIZE)} users Search needs before it serves.`,
      );
    const text = [
      `## Audiences added to ad group "${group.name}" (${group.id})`,
      '',
      added.length
        ? markdownTable(
            ['Segment', 'Type', 'Segment id', 'Criterion id'],
            added.map((a) => [a.name, a.type, a.audience_id, a.criterion_id]),
          )
        : 'No new audiences: every segment given is already on the ad group.',
      '',
      ...notes.map((n) => `- ${n}`),
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: cid,
        ad_group_id: group.id,
        campaign_id: campaign.id,
        audience_targeting_mode: mode,
        added,
        skipped_existing: skipped.map((s) => s.id),
        total_audiences: current.length + added.length,
      },
    };
  },
});
