import * as v from 'valibot';
import { characterLength } from '../../../core/arguments';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import { campaignIdArg, requireLiveCampaign } from './common';

/** Words that make a callout a call to action, which the platform disapproves (matched as whole words). */
const CALL_TO_ACTION = /\b(click|buy|order|call)\b/i;
const RECOMMENDED_MIN = 4;
const RECOMMENDED_MAX = 8;
/** The most callouts the platform links to one campaign. */
const MAX_PER_CAMPAIGN = 20;

const calloutText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  characterLength({ max: 25 }),
  v.check(
    (text) => !CALL_TO_ACTION.test(text),
    (issue) =>
      `must not be a call to action (found "${CALL_TO_ACTION.exec(String(issue.input))?.[1]}"; click, buy, order and call are not allowed): describe a benefit instead, e.g. "Free Shipping Over $50"`,
  ),
  v.check((text) => !text.endsWith('.'), 'must not end with a period'),
);

export const addCalloutExtensions = defineSearchAdsTool({
  name: 'add_callout_extensions',
  description:
    'Adds callout extensions (short benefit texts such as "Free Shipping Over $50") to a campaign. Each callout is at most 25 characters, is not a call to action (no click, buy, order, call) and does not end with a period; 4-8 per campaign are recommended. Callouts become assets in the library linked to the campaign. Takes 2-5 seconds.',
  access: 'write',
  examples: [{ campaign_id: '<campaign_id from list_campaigns>', callouts: ['Free shipping', 'Lifetime warranty'] }],
  args: {
    campaign_id: campaignIdArg(),
    callouts: v.pipe(
      v.array(calloutText),
      v.minLength(1),
      v.maxLength(MAX_PER_CAMPAIGN),
      v.description(
        'Callout texts: each at most 25 characters, no calls to action (click, buy, order, call), no final period; 4-8 recommended',
      ),
    ),
  },
  rules: [
    (args) => {
      const seen = new Set<string>();
      const dupes = args.callouts.filter((c) => (seen.has(c.toLowerCase()) ? true : (seen.add(c.toLowerCase()), false)));
      return dupes.length ? `\`callouts\` lists "${dupes[0]}" more than once; give each callout once` : undefined;
    },
  ],
  output: v.object({
    customer_id: v.string(),
    campaign_id: v.string(),
    added: v.array(v.object({ asset_id: v.string(), resource_name: v.string(), text: v.string(), new_asset: v.boolean() })),
    skipped_existing: v.array(v.string()),
    total_callouts: v.number(),
  }),
  async plan(args, ctx) {
    const campaign = await requireLiveCampaign(ctx.platform, args.campaign_id);
    if (campaign.type === 'DISPLAY' || campaign.type === 'VIDEO') {
      throw new ToolError(
        `Campaign "${campaign.name}" is a ${campaign.type} campaign; callouts only show with Search, Shopping and Performance Max ads.`,
      );
    }
    const [library, links] = await Promise.all([ctx.platform.listAssets('CALLOUT'), ctx.platform.listCampaignAssets(campaign.id)]);
    const linkedIds = new Set(links.filter((l) => l.field_type === 'CALLOUT').map((l) => l.asset_id));
    const linkedTexts = library.filter((a) => linkedIds.has(a.id)).map((a) => a.callout_text!.toLowerCase());
    const already = args.callouts.filter((c) => linkedTexts.includes(c.toLowerCase()));
    const toAdd = args.callouts.filter((c) => !linkedTexts.includes(c.toLowerCase()));
    const total = linkedIds.size + toAdd.length;
    if (total > MAX_PER_CAMPAIGN) {
      throw new ToolError(
        `Campaign "${campaign.name}" already has ${linkedIds.size} callouts; adding ${toAdd.length} would exceed the platform limit of ${MAX_PER_CAMPAIGN} per campaign.`,
      );
    }

    // An existing library asset with the same text is reused; the others are created.
    const reused = toAdd.flatMap((text) => library.filter((a) => a.callout_text === text).slice(0, 1));
    const fresh = toAdd.filter((text) => !reused.some((a) => a.callout_text === text));
    const data = { campaign: { id: campaign.id, name: campaign.name }, reused, fresh, already, total };
    return {
      summary: toAdd.length
        ? `Add ${toAdd.length} callout(s) to campaign "${campaign.name}" (${campaign.id})`
        : `Every callout is already on campaign "${campaign.name}"; nothing changes`,
      // Callout assets and their links cannot spend by themselves: they start "paused" in the guardrail's sense.
      changes: [
        ...fresh.map((text) => ({
          action: 'create' as const,
          entity: 'callout_asset',
          name: text,
          fields: { callout_text: { after: text } },
          startsPaused: true,
        })),
        ...toAdd.map((text) => ({
          action: 'create' as const,
          entity: 'campaign_callout',
          name: text,
          fields: { campaign_id: { after: campaign.id } },
          startsPaused: true,
        })),
      ],
      notes: already.length ? [`Already on the campaign, left as they are: ${already.map((t) => `"${t}"`).join(', ')}.`] : [],
      data,
    };
  },
  async apply(plan, _args, ctx) {
    const { campaign, already, total } = plan.data;
    // Step 1: the library assets.
    const assets = await ctx.step('create_callout_assets', async () => {
      const { reused, fresh } = plan.data;
      const created = fresh.length
        ? await ctx.platform.createAssets(fresh.map((text) => ({ type: 'CALLOUT' as const, callout_text: text })))
        : [];
      return { reused, created };
    });
    // Step 2: link them to the campaign.
    const newLinks = [...assets.reused, ...assets.created].map((a) => ({
      campaign_id: campaign.id,
      asset_id: a.id,
      field_type: 'CALLOUT' as const,
    }));
    await ctx.step('link_callout_assets', async () => {
      if (newLinks.length) await ctx.platform.linkCampaignAssets(newLinks);
      return newLinks.length;
    });

    const cid = ctx.account.account_id;
    const added = [...assets.reused, ...assets.created].map((a) => ({
      asset_id: a.id,
      resource_name: `customers/${cid}/assets/${a.id}`,
      text: a.callout_text!,
      new_asset: assets.created.some((c) => c.id === a.id),
    }));
    const notes: string[] = [];
    if (already.length) notes.push(`Already on the campaign, left as they are: ${already.map((t) => `"${t}"`).join(', ')}.`);
    if (total < RECOMMENDED_MIN)
      notes.push(
        `The campaign now has ${total} callout(s); ${RECOMMENDED_MIN}-${RECOMMENDED_MAX} are recommended so the platform can rotate them. Consider adding ${RECOMMENDED_MIN - total} more.`,
      );
    if (total > RECOMMENDED_MAX)
      notes.push(
        `The campaign now has ${total} callouts; ${RECOMMENDED_MIN}-${RECOMMENDED_MAX} are recommended. Only a few show at a time, so keep the strongest ones.`,
      );
    const text = [
      `## Callouts added to ${campaign.name} (${campaign.id})`,
      '',
      added.length
        ? markdownTable(
            ['Callout', 'Asset id', 'Characters'],
            added.map((a) => [a.text, a.asset_id, a.text.length]),
          )
        : 'No new callouts: every callout given is already on the campaign.',
      '',
      `The campaign has ${total} callout(s) in total.`,
      ...notes.map((n) => `- ${n}`),
    ].join('\n');
    return { text, structured: { customer_id: cid, campaign_id: campaign.id, added, skipped_existing: already, total_callouts: total } };
  },
});
