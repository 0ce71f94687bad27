import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import type { ToolDefinition } from '../../../core/tool';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsCampaignType, SearchAdsPort } from '../port';
import { adGroupIdArg, adIdArg, campaignIdArg, keywordIdArg } from './common';

/**
 * Status changes of any searchads entity, built once: pause, resume and remove of campaigns, ad
 * groups, ads and keywords. Each tool is one row of data (the entity, the status it sets, which
 * campaign types it is for); the plan reads every entity, refuses removed ones (removal is final
 * on the platform), leaves those already in the status alone and says so, and apply changes only
 * entities still in the status the plan saw.
 */

type Kind = 'campaign' | 'ad_group' | 'ad' | 'keyword';
type Status = 'ENABLED' | 'PAUSED' | 'REMOVED';

interface Target {
  id: string;
  name: string;
  status: Status;
  campaign_type: SearchAdsCampaignType;
  campaign_name: string;
  campaign_status: Status;
}

interface KindAccess {
  words: string;
  listTool: string;
  read(port: SearchAdsPort, id: string): Promise<Target>;
  write(port: SearchAdsPort, id: string, to: Status, from: Status): Promise<unknown>;
}

async function withCampaign(
  port: SearchAdsPort,
  campaignId: string,
  entity: { id: string; name: string; status: Status },
): Promise<Target> {
  const campaign = await port.getCampaign(campaignId);
  return { ...entity, campaign_type: campaign.type, campaign_name: campaign.name, campaign_status: campaign.status };
}

const KINDS: Record<Kind, KindAccess> = {
  campaign: {
    words: 'campaign',
    listTool: 'list_campaigns',
    async read(port, id) {
      const c = await port.getCampaign(id);
      return { id: c.id, name: c.name, status: c.status, campaign_type: c.type, campaign_name: c.name, campaign_status: c.status };
    },
    write: (port, id, to, from) => port.updateCampaign(id, { status: to }, { status: from }),
  },
  ad_group: {
    words: 'ad group',
    listTool: 'list_ad_groups',
    async read(port, id) {
      const g = await port.getAdGroup(id);
      return withCampaign(port, g.campaign_id, { id: g.id, name: g.name, status: g.status });
    },
    write: (port, id, to, from) => port.updateAdGroup(id, { status: to }, { status: from }),
  },
  ad: {
    words: 'ad',
    listTool: 'get_ad_performance',
    async read(port, id) {
      const a = await port.getAd(id);
      return withCampaign(port, a.campaign_id, { id: a.id, name: a.headlines[0] ?? a.type, status: a.status });
    },
    write: (port, id, to, from) => port.updateAd(id, { status: to }, { status: from }),
  },
  keyword: {
    words: 'keyword',
    listTool: 'get_keyword_performance',
    async read(port, id) {
      const k = await port.getKeyword(id);
      return withCampaign(port, k.campaign_id, { id: k.id, name: `${k.text} (${k.match_type})`, status: k.status });
    },
    write: (port, id, to, from) => port.updateKeyword(id, { status: to }, { status: from }),
  },
};

const ID_ARGS: Record<Kind, { single: string; many: string; arg: (description?: string) => v.GenericSchema<string, string> }> = {
  campaign: { single: 'campaign_id', many: 'campaign_ids', arg: campaignIdArg },
  ad_group: { single: 'ad_group_id', many: 'ad_group_ids', arg: adGroupIdArg },
  ad: { single: 'ad_id', many: 'ad_ids', arg: adIdArg },
  keyword: { single: 'keyword_id', many: 'keyword_ids', arg: keywordIdArg },
};

const VERB: Record<Status, { verb: string; done: string }> = {
  PAUSED: { verb: 'Pause', done: 'paused' },
  ENABLED: { verb: 'Resume', done: 'resumed' },
  REMOVED: { verb: 'Remove', done: 'removed' },
};

export interface StatusToolRow {
  name: string;
  kind: Kind;
  to: Status;
  description: string;
  /** Documented request examples (ToolSpec.examples). */
  examples?: Record<string, unknown>[];
  /** Takes a list of ids (1-100) instead of one. */
  many?: boolean;
  /** Only entities of campaigns of these types. */
  campaignTypes?: SearchAdsCampaignType[];
  /** The tool that reverts it (pause ↔ resume); none for removals. */
  undoTool?: string;
}

const outputSchema = v.object({
  customer_id: v.string(),
  entity: v.string(),
  status: v.string(),
  changed: v.array(v.object({ id: v.string(), name: v.string(), previous_status: v.string(), status: v.string() })),
  unchanged: v.array(v.object({ id: v.string(), name: v.string(), status: v.string() })),
});

/** Reads an entity; an unknown id names the tool that lists valid ones. */
async function readTarget(access: KindAccess, port: SearchAdsPort, id: string): Promise<Target> {
  try {
    return await access.read(port, id);
  } catch (err) {
    if (err instanceof ToolError && /^No .* with id/.test(err.message))
      throw new ToolError(`${err.message} ${access.listTool} lists the valid ids.`, { code: 'not_found' });
    throw err;
  }
}

export function statusTool(row: StatusToolRow): ToolDefinition {
  const access = KINDS[row.kind];
  const idArgs = ID_ARGS[row.kind];
  const argName = row.many ? idArgs.many : idArgs.single;
  const argSchema = row.many
    ? v.pipe(
        v.array(idArgs.arg()),
        v.minLength(1, 'must list at least one id'),
        v.maxLength(100, 'must list at most 100 ids'),
        v.description(`${access.words} ids (1-100) from ${access.listTool}`),
      )
    : idArgs.arg(`${access.words[0]!.toUpperCase()}${access.words.slice(1)} id from ${access.listTool}`);
  const { verb, done } = VERB[row.to];
  const idsOf = (args: Record<string, unknown>): string[] =>
    row.many ? [...new Set(args[argName] as string[])] : [args[argName] as string];
  return defineSearchAdsTool({
    name: row.name,
    description: row.description,
    examples: row.examples,
    access: 'write',
    destructive: row.to === 'REMOVED',
    args: { [argName]: argSchema } as Record<string, typeof argSchema>,
    output: outputSchema,
    async plan(args, ctx) {
      const targets = await Promise.all(idsOf(args).map((id) => readTarget(access, ctx.platform, id)));
      const problems = targets.flatMap((t) => {
        if (row.campaignTypes && !row.campaignTypes.includes(t.campaign_type))
          return [
            `${access.words} "${t.name}" (${t.id}) is in a ${t.campaign_type} campaign; ${row.name} is for ${row.campaignTypes.join('/')} campaigns (${row.name.replace('_display', '')} takes any)`,
          ];
        if (t.status === 'REMOVED' && row.to !== 'REMOVED')
          return [`${access.words} "${t.name}" (${t.id}) is REMOVED; removal is final, so it cannot be ${done}`];
        return [];
      });
      if (problems.length) throw new ToolError(`Cannot ${verb.toLowerCase()}: ${problems.join('; ')}.`);
      const change = targets.filter((t) => t.status !== row.to);
      const same = targets.filter((t) => t.status === row.to);
      const notes = [
        ...(same.length ? [`Already ${row.to}: ${same.map((t) => `"${t.name}"`).join(', ')}; left as is.`] : []),
        ...(row.to === 'ENABLED' && row.kind !== 'campaign'
          ? [...new Set(change.filter((t) => t.campaign_status !== 'ENABLED').map((t) => t.campaign_name))].map(
              (name) => `Campaign "${name}" is not enabled, so its ${access.words}s do not serve until it is (resume_campaign).`,
            )
          : []),
      ];
      return {
        summary: change.length
          ? `${verb} ${change.length} ${access.words}(s): ${change.map((t) => `"${t.name}"`).join(', ')}`
          : `Nothing to ${verb.toLowerCase()}: every ${access.words} is already ${row.to}`,
        changes: change.map((t) => ({
          action: row.to === 'REMOVED' ? 'remove' : 'update',
          entity: row.kind,
          id: t.id,
          name: t.name,
          fields: { status: { before: t.status, after: row.to } },
        })),
        notes,
        data: {
          change: change.map((t) => ({ id: t.id, name: t.name, status: t.status })),
          same: same.map((t) => ({ id: t.id, name: t.name, status: t.status })),
        },
      };
    },
    async apply(plan, _args, ctx) {
      const { change, same } = plan.data as {
        change: { id: string; name: string; status: Status }[];
        same: { id: string; name: string; status: Status }[];
      };
      for (const t of change)
        await ctx.step(`${row.kind}:${t.id}`, () => access.write(ctx.platform, t.id, row.to, t.status).then(() => true));
      const changed = change.map((t) => ({ id: t.id, name: t.name, previous_status: t.status, status: row.to }));
      const text = [
        change.length ? `## ${change.length} ${access.words}(s) ${done}` : `## Nothing changed`,
        '',
        change.length
          ? markdownTable(
              [access.words, 'Id', 'Before', 'After'],
              changed.map((c) => [c.name, c.id, c.previous_status, c.status]),
            )
          : `Every ${access.words} given is already ${row.to}.`,
        ...(plan.notes?.length ? ['', ...plan.notes.map((n) => `- ${n}`)] : []),
        '',
        row.undoTool
          ? `To revert, call ${row.undoTool} with the same ids.`
          : row.to === 'REMOVED'
            ? 'Removal is final; create a new one to serve again.'
            : '',
      ].join('\n');
      return { text, structured: { customer_id: ctx.account.account_id, entity: row.kind, status: row.to, changed, unchanged: same } };
    },
    undo: row.undoTool
      ? (plan) => {
          const ids = (plan.data as { change: { id: string }[] }).change.map((t) => t.id);
          if (!ids.length) return undefined;
          return { tool: row.undoTool!, arguments: { [argName]: row.many ? ids : ids[0] } };
        }
      : undefined,
  });
}

const DISPLAY: SearchAdsCampaignType[] = ['DISPLAY'];

/** Every status tool of the platform, one row each (resume_ad_group keeps its own file, the first planned write). */
export const STATUS_TOOLS: StatusToolRow[] = [
  {
    name: 'pause_campaign',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
    kind: 'campaign',
    to: 'PAUSED',
    undoTool: 'resume_campaign',
    description:
      'Pauses a campaign of any type (ENABLED → PAUSED): it stops spending from now on; its history stays. Reversible with resume_campaign.',
  },
  {
    name: 'resume_campaign',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
    kind: 'campaign',
    to: 'ENABLED',
    undoTool: 'pause_campaign',
    description:
      'Re-enables a paused campaign (PAUSED → ENABLED); it spends again from now on within its daily budget. A removed campaign cannot be resumed.',
  },
  {
    name: 'remove_campaign',
    examples: [{ campaign_id: '<campaign_id from list_campaigns>' }],
    kind: 'campaign',
    to: 'REMOVED',
    description:
      'Removes a campaign for good (REMOVED is final on the platform: it never serves again, its figures stay in reports). Use pause_campaign to stop it reversibly.',
  },
  {
    name: 'pause_ad_group',
    examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>' }],
    kind: 'ad_group',
    to: 'PAUSED',
    undoTool: 'resume_ad_group',
    description:
      'Pauses one ad group inside a campaign (ENABLED → PAUSED); the rest of the campaign keeps serving. Reversible with resume_ad_group.',
  },
  {
    name: 'remove_ad_group',
    examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>' }],
    kind: 'ad_group',
    to: 'REMOVED',
    description:
      'Removes an ad group of any campaign type for good (final); its keywords and ads stop with it. Use pause_ad_group to stop it reversibly.',
  },
  {
    name: 'remove_display_ad_group',
    examples: [{ ad_group_id: '<ad_group_id from list_ad_groups>' }],
    kind: 'ad_group',
    to: 'REMOVED',
    campaignTypes: DISPLAY,
    description:
      'Deletes an ad group of a Display campaign (REMOVED is final). Refuses ad groups of other campaign types (remove_ad_group takes any).',
  },
  {
    name: 'pause_ad',
    examples: [{ ad_id: '<ad_id from get_ad_performance>' }],
    kind: 'ad',
    to: 'PAUSED',
    undoTool: 'resume_ad',
    description: 'Pauses a single ad (ENABLED → PAUSED); the ad group keeps serving its other ads. Reversible with resume_ad.',
  },
  {
    name: 'resume_ad',
    examples: [{ ad_id: '<ad_id from get_ad_performance>' }],
    kind: 'ad',
    to: 'ENABLED',
    undoTool: 'pause_ad',
    description: 'Re-enables a paused ad (PAUSED → ENABLED). A removed ad cannot be resumed.',
  },
  {
    name: 'remove_ad',
    examples: [{ ad_id: '<ad_id from get_ad_performance>' }],
    kind: 'ad',
    to: 'REMOVED',
    description: 'Removes an ad of any type for good (final). Use pause_ad to stop it reversibly.',
  },
  {
    name: 'remove_display_ad',
    examples: [{ ad_id: '<ad_id from get_ad_performance>' }],
    kind: 'ad',
    to: 'REMOVED',
    campaignTypes: DISPLAY,
    description:
      'Deletes a responsive display ad of a Display campaign (REMOVED is final). Refuses ads of other campaign types (remove_ad takes any).',
  },
  {
    name: 'pause_keywords',
    examples: [{ keyword_ids: ['<keyword_id from get_keyword_performance>'] }],
    kind: 'keyword',
    to: 'PAUSED',
    many: true,
    undoTool: 'resume_keywords',
    description:
      'Pauses keywords (1-100 ids from get_keyword_performance) so they stop matching searches; bids and history stay. Reversible with resume_keywords.',
  },
  {
    name: 'remove_keywords',
    examples: [{ keyword_ids: ['<keyword_id from get_keyword_performance>'] }],
    kind: 'keyword',
    to: 'REMOVED',
    many: true,
    description:
      'Removes keywords from their ad groups by keyword id (1-100 ids from get_keyword_performance); final: a removed keyword never matches again (add_keywords adds it anew). Use pause_keywords to stop them reversibly.',
  },
  {
    name: 'resume_keywords',
    examples: [{ keyword_ids: ['<keyword_id from get_keyword_performance>'] }],
    kind: 'keyword',
    to: 'ENABLED',
    many: true,
    undoTool: 'pause_keywords',
    description: 'Re-enables paused keywords (1-100 ids). Removed keywords cannot be resumed; add them again with add_keywords.',
  },
];
