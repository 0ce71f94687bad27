import * as v from 'valibot';
import { characterLength } from '../../../core/arguments';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsCampaign, SearchAdsCampaignCriterion, SearchAdsGeoTarget, SearchAdsNetworkSettings } from '../port';
import { LANGUAGE_CODES, LANGUAGE_CONSTANTS } from '../reference-data';
import { campaignIdArg, criterionResourceName, requireLiveCampaign } from './common';

const CRITERION_NAME = /^customers\/(\d+)\/campaignCriteria\/(\d+)~(\d+)$/;
const LPURL = /\{(lpurl|unescapedlpurl|escapedlpurl|lpurl\+2|lpurl\+3)\}/;
/** The platform allows at most 8 custom parameters per campaign. */
const MAX_CUSTOM_PARAMETERS = 8;

const languageCode = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (value) => LANGUAGE_CODES.includes(value.toLowerCase()) || LANGUAGE_CONSTANTS.some((l) => l.resource_name === value),
    (issue) =>
      `"${String(issue.input)}" is not a supported language: use an ISO-639-1 code (${LANGUAGE_CODES.join(', ')}) or a languageConstants/<id> name from list_searchads_languages`,
  ),
);

const CHANGE_FIELDS = [
  'name',
  'status',
  'budget_amount',
  'target_search_network',
  'target_content_network',
  'language_codes',
  'locations_to_add',
  'locations_to_remove',
  'audience_targeting_mode',
  'ai_max_enabled',
  'target_partner_search_network',
  'target_youtube',
  'target_google_tv_network',
  'url_expansion_opt_out',
  'tracking_url_template',
  'final_url_suffix',
  'url_custom_parameters',
] as const;

const bool = (description: string) => v.optional(v.pipe(v.boolean(), v.description(description)));

export const updateCampaign = defineSearchAdsTool({
  name: 'update_campaign',
  description:
    "Updates a campaign's settings: name, status (ENABLED/PAUSED), daily budget, networks, languages (Performance Max and other non-Search types; a no-op on Search), locations to add or remove, audience targeting mode, AI Max (Search only), URL expansion, tracking template, final URL suffix and custom parameters. Give at least one change; the answer shows each setting before → after.",
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', budget_amount: 77 }],
  args: {
    campaign_id: campaignIdArg(),
    name: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), characterLength({ max: 255 }), v.description('New campaign name')),
    ),
    status: v.optional(v.pipe(v.picklist(['ENABLED', 'PAUSED']), v.description('ENABLED or PAUSED'))),
    budget_amount: v.optional(
      v.pipe(
        v.number(),
        v.gtValue(0, 'must be greater than 0'),
        v.maxValue(1_000_000),
        v.description('New daily budget in account currency units, greater than 0'),
      ),
    ),
    target_search_network: bool('Partner search network; default off on new campaigns'),
    target_content_network: bool('Display expansion for Search campaigns; default off (ignored on other types)'),
    language_codes: v.optional(
      v.pipe(
        v.array(languageCode),
        v.maxLength(LANGUAGE_CODES.length),
        v.description(
          'REPLACES language targeting; pass the full list. ISO-639-1 codes (en, es, fr, ...) or languageConstants/<id> names from list_searchads_languages. [] = all languages. On Search campaigns this is a safe no-op with a note (only Performance Max still honors it).',
        ),
      ),
    ),
    locations_to_add: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(100))),
        v.minLength(1),
        v.maxLength(50),
        v.description('Locations to append: free text ("Austin, TX") or geoTargetConstants/<id> names from resolve_searchads_locations'),
      ),
    ),
    locations_to_remove: v.optional(
      v.pipe(
        v.array(
          v.pipe(
            v.string(),
            v.trim(),
            v.regex(
              CRITERION_NAME,
              'must be a criterion resource name customers/<cid>/campaignCriteria/<campaign_id>~<criterion_id> from get_campaign_targeting',
            ),
          ),
        ),
        v.minLength(1),
        v.maxLength(50),
        v.description(
          'Location criteria to remove: resource names customers/<cid>/campaignCriteria/<campaign_id>~<criterion_id> from get_campaign_targeting',
        ),
      ),
    ),
    audience_targeting_mode: v.optional(
      v.pipe(
        v.picklist(['OBSERVATION', 'TARGETING']),
        v.description('OBSERVATION (default: audiences inform reporting and bids only) or TARGETING (serve only to the listed segments)'),
      ),
    ),
    ai_max_enabled: bool('AI expansion toggle; Search campaigns only, ignored on other types'),
    target_partner_search_network: bool('Partner search network toggle of partner accounts; rejected on non-partner accounts'),
    target_youtube: bool('Serve on the video network'),
    target_google_tv_network: bool('The television network toggle'),
    url_expansion_opt_out: bool('true = only the exact final URLs; false (default) = URL expansion allowed'),
    tracking_url_template: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(2047),
        v.check(
          (t) => t === '' || ((/^https?:\/\//.test(t) || t.startsWith('{')) && LPURL.test(t)),
          'must be empty (to clear it) or a URL template that starts with http(s):// or {lpurl} and contains {lpurl}',
        ),
        v.description('Tracking template containing {lpurl}; empty string clears it'),
      ),
    ),
    final_url_suffix: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(2047),
        v.check(
          (s) => !/^[?#&]/.test(s) && !/\s/.test(s),
          'must be query parameters like utm_source=x&utm_medium=y, without a leading ? and without spaces',
        ),
        v.description('Query parameters appended to the landing URL (utm_source=x&utm_medium=y); empty string clears it'),
      ),
    ),
    url_custom_parameters: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            key: v.pipe(
              v.string(),
              v.trim(),
              v.regex(/^[a-z0-9]+$/, 'must be lowercase letters and digits only, without braces or underscores'),
              v.maxLength(16),
            ),
            value: v.pipe(
              v.string(),
              v.trim(),
              v.minLength(1, 'must not be empty'),
              characterLength({ max: 250 }),
              v.check((s) => !/\s/.test(s), 'must not contain spaces'),
            ),
          }),
        ),
        v.maxLength(MAX_CUSTOM_PARAMETERS),
        v.description(
          'Custom parameters {key, value} ({_key} in URLs); REPLACES the full set; [] clears; keys lowercase alphanumeric without braces, at most 8',
        ),
      ),
    ),
  },
  rules: [
    (args) =>
      CHANGE_FIELDS.some((f) => args[f] !== undefined)
        ? undefined
        : `give at least one setting to change (${CHANGE_FIELDS.map((f) => `\`${f}\``).join(', ')})`,
    (args) => {
      const keys = (args.url_custom_parameters ?? []).map((p) => p.key);
      const dupe = keys.find((k, i) => keys.indexOf(k) !== i);
      return dupe ? `\`url_custom_parameters\` has the key "${dupe}" twice; keys must be unique` : undefined;
    },
    (args) =>
      (args.locations_to_remove ?? []).flatMap((name, i) => {
        const match = CRITERION_NAME.exec(name);
        return match && match[2] !== args.campaign_id
          ? [`\`locations_to_remove[${i}]\` belongs to campaign ${match[2]}, not to \`campaign_id\` ${args.campaign_id}`]
          : [];
      }),
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    changed: v.boolean(),
    changes: v.array(v.object({ setting: v.string(), before: v.string(), after: v.string() })),
    notes: v.array(v.string()),
    locations_added: v.array(v.object({ input: v.string(), geo_target_constant: v.string(), name: v.string(), resource_name: v.string() })),
    locations_removed: v.array(v.string()),
  }),
  async plan(args, ctx) {
    const cid = ctx.account.account_id;
    const criteria = await ctx.platform.listCampaignCriteria(args.campaign_id);
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    const isSearch = campaign.type === 'SEARCH';
    const patch: Partial<SearchAdsCampaign> & Record<string, unknown> = {};
    const changes: { setting: string; before: string; after: string }[] = [];
    const notes: string[] = [];
    const show = (value: unknown) =>
      value === undefined || value === null || value === ''
        ? '(none)'
        : Array.isArray(value)
          ? value.length
            ? value.join(', ')
            : '(none)'
          : String(value);
    const change = (setting: string, before: unknown, after: unknown) =>
      changes.push({ setting, before: show(before), after: show(after) });

    if (args.name !== undefined && args.name !== campaign.name) {
      patch.name = args.name;
      change('name', campaign.name, args.name);
    }
    if (args.status !== undefined) {
      if (args.status === campaign.status) notes.push(`Status was already ${campaign.status}.`);
      else {
        patch.status = args.status;
        change('status', campaign.status, args.status);
      }
    }
    if (args.budget_amount !== undefined && args.budget_amount !== campaign.budget_amount) {
      patch.budget_amount = Math.round(args.budget_amount * 100) / 100;
      change('budget_amount (daily)', campaign.budget_amount.toFixed(2), patch.budget_amount.toFixed(2));
      const shared = (await ctx.platform.listSharedBudgets()).find((b) => b.campaign_ids.includes(campaign.id));
      if (shared)
        notes.push(
          `The campaign uses the shared budget "${shared.name}": the new amount applies to all ${shared.campaign_ids.length} campaign(s) on it.`,
        );
    }

    // Networks.
    const networks: SearchAdsNetworkSettings = {
      target_google_search: true,
      target_search_network: false,
      target_content_network: false,
      target_partner_search_network: false,
      target_youtube: false,
      target_google_tv_network: false,
      ...campaign.network_settings,
    };
    const nextNetworks = { ...networks };
    if (args.target_partner_search_network !== undefined) {
      const settings = await ctx.platform.getAccountSettings();
      if (settings.is_partner_account === false) {
        throw new ToolError(
          `\`target_partner_search_network\` is only available to partner accounts; customer ${cid} is not one. Use \`target_search_network\` for the search partner network.`,
        );
      }
      nextNetworks.target_partner_search_network = args.target_partner_search_network;
    }
    if (args.target_search_network !== undefined) nextNetworks.target_search_network = args.target_search_network;
    if (args.target_content_network !== undefined) {
      if (isSearch) nextNetworks.target_content_network = args.target_content_network;
      else
        notes.push(
          `\`target_content_network\` (display expansion) applies to Search campaigns only; ignored on this ${campaign.type} campaign.`,
        );
    }
    if (args.target_youtube !== undefined) nextNetworks.target_youtube = args.target_youtube;
    if (args.target_google_tv_network !== undefined) nextNetworks.target_google_tv_network = args.target_google_tv_network;
    for (const key of Object.keys(nextNetworks) as (keyof SearchAdsNetworkSettings)[]) {
      if (nextNetworks[key] !== networks[key]) change(key, networks[key], nextNetworks[key]);
    }
    if (changes.some((c) => c.setting.startsWith('target_'))) patch.network_settings = nextNetworks;

    // Languages.
    if (args.language_codes !== undefined) {
      const ids = [
        ...new Set(
          args.language_codes.map((code) => LANGUAGE_CONSTANTS.find((l) => l.code === code.toLowerCase() || l.resource_name === code)!.id),
        ),
      ];
      const name = (id: string) => LANGUAGE_CONSTANTS.find((l) => l.id === id)?.code ?? id;
      if (isSearch) {
        notes.push(
          `\`language_codes\` was not applied: the platform no longer applies language targeting on Search campaigns (only Performance Max still honors it), so this is a safe no-op. Search ads match the language of the query and the user's settings automatically.`,
        );
      } else {
        const before = campaign.language_ids ?? [];
        if (before.join() !== ids.join()) {
          patch.language_ids = ids;
          change('languages', before.map(name).join(', ') || 'all', ids.map(name).join(', ') || 'all');
        }
      }
    }

    // Locations.
    const toAdd: { geo: SearchAdsGeoTarget; input: string }[] = [];
    const locationProblems: string[] = [];
    for (const [i, input] of (args.locations_to_add ?? []).entries()) {
      const constant = /^geoTargetConstants\/(\d+)$/.exec(input);
      let geo: SearchAdsGeoTarget | undefined;
      if (constant) {
        [geo] = await ctx.platform.getGeoTargets([constant[1]!]);
        if (!geo) locationProblems.push(`\`locations_to_add[${i}]\` ${input} is not a known geo target constant`);
      } else {
        const matches = await ctx.platform.suggestGeoTargets(input);
        if (!matches.length) locationProblems.push(`\`locations_to_add[${i}]\` "${input}" matches no location`);
        else if (matches.length > 1 && matches[1]!.name === matches[0]!.name && matches[1]!.target_type === matches[0]!.target_type) {
          locationProblems.push(
            `\`locations_to_add[${i}]\` "${input}" is ambiguous (${matches
              .slice(0, 3)
              .map((m) => `${m.canonical_name} = ${m.resource_name}`)
              .join('; ')}); pass the resource name`,
          );
        } else geo = matches[0];
      }
      if (geo) {
        if (criteria.some((c) => c.criterion_id === geo!.id) || toAdd.some((t) => t.geo.id === geo!.id))
          notes.push(`${geo.canonical_name} is already targeted; not added again.`);
        else toAdd.push({ geo, input });
      }
    }
    const toRemove: SearchAdsCampaignCriterion[] = [];
    for (const [i, name] of (args.locations_to_remove ?? []).entries()) {
      const [, customer, , criterionId] = CRITERION_NAME.exec(name)!;
      if (customer !== cid) {
        locationProblems.push(`\`locations_to_remove[${i}]\` names customer ${customer}, not the selected account ${cid}`);
        continue;
      }
      const criterion = criteria.find((c) => c.criterion_id === criterionId);
      if (!criterion) locationProblems.push(`\`locations_to_remove[${i}]\` ${name} is not a location criterion of this campaign`);
      else if (!toRemove.includes(criterion)) toRemove.push(criterion);
    }
    if (locationProblems.length) {
      const current = criteria.map((c) => criterionResourceName(cid, campaign.id, c.criterion_id)).join(', ') || 'none';
      throw new ToolError(
        `Nothing was changed. ${locationProblems.join('; ')}. resolve_searchads_locations finds locations; the campaign's current location criteria are: ${current}.`,
      );
    }
    if (toAdd.length || toRemove.length) {
      const geos = await ctx.platform.getGeoTargets(criteria.map((c) => c.criterion_id));
      const label = (id: string) => geos.find((g) => g.id === id)?.canonical_name ?? `geoTargetConstants/${id}`;
      const before = criteria.map((c) => label(c.criterion_id));
      const after = [
        ...criteria.filter((c) => !toRemove.includes(c)).map((c) => label(c.criterion_id)),
        ...toAdd.map((t) => t.geo.canonical_name),
      ];
      change('locations', before.join('; ') || 'all locations', after.join('; ') || 'all locations');
      if (!after.length) notes.push('No location criteria remain: the campaign can now serve in all countries and territories.');
    }

    if (
      args.audience_targeting_mode !== undefined &&
      args.audience_targeting_mode !== (campaign.audience_targeting_mode ?? 'OBSERVATION')
    ) {
      patch.audience_targeting_mode = args.audience_targeting_mode;
      change('audience_targeting_mode', campaign.audience_targeting_mode ?? 'OBSERVATION', args.audience_targeting_mode);
    }
    if (args.ai_max_enabled !== undefined) {
      if (!isSearch) notes.push(`\`ai_max_enabled\` applies to Search campaigns only; ignored on this ${campaign.type} campaign.`);
      else if (args.ai_max_enabled !== (campaign.ai_max_enabled ?? false)) {
        patch.ai_max_enabled = args.ai_max_enabled;
        change('ai_max_enabled', campaign.ai_max_enabled ?? false, args.ai_max_enabled);
      }
    }
    if (args.url_expansion_opt_out !== undefined && args.url_expansion_opt_out !== (campaign.url_expansion_opt_out ?? false)) {
      patch.url_expansion_opt_out = args.url_expansion_opt_out;
      change('url_expansion_opt_out', campaign.url_expansion_opt_out ?? false, args.url_expansion_opt_out);
    }
    for (const field of ['tracking_url_template', 'final_url_suffix'] as const) {
      const value = args[field];
      if (value === undefined || value === (campaign[field] ?? '')) continue;
      patch[field] = value === '' ? undefined : value;
      change(field, campaign[field], value === '' ? '(cleared)' : value);
    }
    if (args.url_custom_parameters !== undefined) {
      const fmt = (list: { key: string; value: string }[] | undefined) => (list ?? []).map((p) => `{_${p.key}}=${p.value}`).join(', ');
      if (fmt(args.url_custom_parameters) !== fmt(campaign.url_custom_parameters)) {
        patch.url_custom_parameters = args.url_custom_parameters;
        change('url_custom_parameters', fmt(campaign.url_custom_parameters), fmt(args.url_custom_parameters) || '(cleared)');
      }
    }

    // The plan: one campaign update whose fields are the settings patched (networks one by one), plus
    // the locations; its daily budget for the guardrails.
    const fields: Record<string, { before?: unknown; after: unknown }> = {};
    for (const [field, after] of Object.entries(patch)) {
      if (field === 'network_settings') {
        for (const key of Object.keys(nextNetworks) as (keyof SearchAdsNetworkSettings)[]) {
          if (nextNetworks[key] !== networks[key]) fields[key] = { before: networks[key], after: nextNetworks[key] };
        }
      } else fields[field] = { before: (campaign as unknown as Record<string, unknown>)[field] ?? null, after: after ?? null };
    }
    if (toAdd.length || toRemove.length) {
      fields.locations = {
        before: criteria.map((c) => c.criterion_id),
        after: [...criteria.filter((c) => !toRemove.includes(c)).map((c) => c.criterion_id), ...toAdd.map((t) => t.geo.id)],
      };
    }
    const data = {
      campaign: { id: campaign.id, name: campaign.name, type: campaign.type },
      patch,
      rows: changes,
      notes,
      toAdd: toAdd.map(({ geo, input }) => ({ input, id: geo.id, resource_name: geo.resource_name, canonical_name: geo.canonical_name })),
      toRemove: toRemove.map((c) => ({ id: c.id, criterion_id: c.criterion_id })),
    };
    return {
      summary: changes.length
        ? `Update campaign "${campaign.name}" (${campaign.id}): ${changes.map((c) => c.setting).join(', ')}`
        : `Campaign "${campaign.name}" already has these settings; nothing changes`,
      changes: changes.length ? [{ action: 'update' as const, entity: 'campaign', id: campaign.id, name: campaign.name, fields }] : [],
      budgets:
        patch.budget_amount !== undefined
          ? [
              {
                entity: 'campaign',
                id: campaign.id,
                name: campaign.name,
                before: campaign.budget_amount,
                after: patch.budget_amount,
                currency: ctx.account.currency,
              },
            ]
          : [],
      notes,
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const cid = ctx.account.account_id;
    const { campaign, patch, rows: changes, notes, toAdd, toRemove } = plan.data;
    // Apply: settings first, then location criteria (each step runs once per set of arguments).
    if (Object.keys(patch).length)
      await ctx.step('update_campaign_settings', () => ctx.platform.updateCampaign(campaign.id, patch).then(() => true));
    if (toAdd.length) {
      await ctx.step('add_locations', async () => {
        const created = await ctx.platform.addCampaignCriteria(
          toAdd.map((geo) => ({
            campaign_id: campaign.id,
            type: 'LOCATION' as const,
            geo_target_constant: geo.resource_name,
            negative: false,
          })),
        );
        return created.map((c) => c.criterion_id);
      });
    }
    if (toRemove.length)
      await ctx.step('remove_locations', () => ctx.platform.removeCampaignCriteria(toRemove.map((c) => c.id)).then(() => true));

    const text = [
      `## ${changes.length ? 'Updated' : 'No change to'} campaign ${(patch.name as string | undefined) ?? campaign.name} (${campaign.id}, ${campaign.type})`,
      '',
      changes.length
        ? markdownTable(
            ['Setting', 'Before', 'After'],
            changes.map((c) => [c.setting, c.before, c.after]),
          )
        : 'Every value given is what the campaign already has; nothing changed.',
      ...(notes.length ? ['', '**Notes**', ...notes.map((n) => `- ${n}`)] : []),
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: cid,
        campaign_id: campaign.id,
        changed: changes.length > 0,
        changes,
        notes,
        locations_added: toAdd.map((geo) => ({
          input: geo.input,
          geo_target_constant: geo.resource_name,
          name: geo.canonical_name,
          resource_name: criterionResourceName(cid, campaign.id, geo.id),
        })),
        locations_removed: toRemove.map((c) => criterionResourceName(cid, campaign.id, c.criterion_id)),
      },
    };
  },
  /** Restores the settings the update changed (locations are left: the added criteria get ids only when applied). */
  undo(plan, args) {
    const fields = plan.changes[0]?.fields ?? {};
    const back: Record<string, unknown> = { campaign_id: args.campaign_id };
    for (const [field, { before }] of Object.entries(fields)) {
      if (field === 'locations' || field === 'language_ids') continue;
      if (field === 'tracking_url_template' || field === 'final_url_suffix') back[field] = before ?? '';
      else if (field === 'url_custom_parameters') back[field] = before ?? [];
      else if (field === 'audience_targeting_mode') back[field] = before ?? 'OBSERVATION';
      else if (field === 'ai_max_enabled' || field === 'url_expansion_opt_out') back[field] = before ?? false;
      else if (before !== null && before !== undefined) back[field] = before;
    }
    return Object.keys(back).length > 1 ? { tool: 'update_campaign', arguments: back } : undefined;
  },
});
