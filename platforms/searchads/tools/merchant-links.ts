import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { markdownTable } from '../../../core/markdown';
import { defineSearchAdsTool } from '../define';
import type { SearchAdsCampaign, SearchAdsPort } from '../port';
import type { SearchAdsMerchantCenterLink } from '../port-shopping';

/**
 * Merchant Center links (the product feeds Shopping campaigns advertise). On the platform a link is
 * requested from the Merchant Center side; the ad account accepts the request (link_merchant_feed)
 * or removes a link (unlink_merchant_feed).
 */

const merchantIdArg = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,19}$/, 'must be a numeric Merchant Center id'),
  v.description('Merchant Center account id (digits)'),
);

/** Shopping campaigns and the merchant each advertises. */
export async function shoppingCampaignsByMerchant(port: SearchAdsPort): Promise<{ campaign: SearchAdsCampaign; merchant_id: string }[]> {
  const campaigns = (await port.listCampaigns()).filter((c) => c.type === 'SHOPPING' && c.status !== 'REMOVED');
  const settings = await Promise.all(campaigns.map((c) => port.getShoppingSetting(c.id)));
  return campaigns.flatMap((campaign, i) => (settings[i] ? [{ campaign, merchant_id: settings[i]!.merchant_id }] : []));
}

const linkOutput = v.object({
  id: v.string(),
  merchant_center_id: v.string(),
  status: v.picklist(['LINKED', 'PENDING_APPROVAL']),
  campaigns: v.array(v.object({ id: v.string(), name: v.string(), status: v.string() })),
});

export const getMerchantFeedLinks = defineSearchAdsTool({
  name: 'get_merchant_feed_links',
  description:
    'Lists the Merchant Center accounts (product feeds) linked to the searchads account, the link requests they sent that wait for approval, and the Shopping campaigns advertising each feed.',
  access: 'read',
  args: {},
  output: v.object({ customer_id: v.string(), links: v.array(linkOutput) }),
  async run(_args, ctx) {
    const [links, used] = await Promise.all([ctx.platform.listMerchantCenterLinks(), shoppingCampaignsByMerchant(ctx.platform)]);
    const rows = links.map((l) => ({
      ...l,
      campaigns: used
        .filter((u) => u.merchant_id === l.merchant_center_id && l.status === 'LINKED')
        .map((u) => ({ id: u.campaign.id, name: u.campaign.name, status: u.campaign.status })),
    }));
    const text = [
      '## Merchant Center links',
      '',
      rows.length
        ? markdownTable(
            ['Merchant Center', 'Status', 'Link id', 'Shopping campaigns'],
            rows.map((r) => [r.merchant_center_id, r.status, r.id, r.campaigns.map((c) => `${c.name} (${c.status})`).join(', ') || '-']),
          )
        : 'No Merchant Center account is linked and none asked to be.',
      '',
      rows.some((r) => r.status === 'PENDING_APPROVAL')
        ? '- PENDING_APPROVAL: the merchant asked to link; link_merchant_feed accepts the request.'
        : '',
      '- A new link is requested from Merchant Center (Settings → Linked accounts); create_shopping_campaign advertises a LINKED feed.',
    ]
      .filter(Boolean)
      .join('\n');
    return { text, structured: { customer_id: ctx.account.account_id, links: rows } };
  },
});

export const linkMerchantFeed = defineSearchAdsTool({
  name: 'link_merchant_feed',
  description:
    'Links a Merchant Center account (product feed) to the searchads account for Shopping campaigns by accepting the link request the Merchant Center account sent. Without a request, the answer says how to send one from Merchant Center.',
  access: 'write',
  examples: [{ merchant_center_id: '5087654321' }],
  args: { merchant_center_id: merchantIdArg },
  output: v.object({
    customer_id: v.string(),
    merchant_center_id: v.string(),
    link_id: v.string(),
    status: v.string(),
    already_linked: v.boolean(),
  }),
  async plan(args, ctx) {
    const links = await ctx.platform.listMerchantCenterLinks();
    const linked = links.find((l) => l.merchant_center_id === args.merchant_center_id && l.status === 'LINKED');
    if (linked) {
      return {
        summary: `Merchant Center ${args.merchant_center_id} is already linked; nothing changes`,
        changes: [],
        notes: [`Already linked (link ${linked.id}).`],
        data: {
          linked: linked as SearchAdsMerchantCenterLink | undefined,
          invitation: undefined as SearchAdsMerchantCenterLink | undefined,
        },
      };
    }
    const invitation = links.find((l) => l.merchant_center_id === args.merchant_center_id && l.status === 'PENDING_APPROVAL');
    if (!invitation) {
      const pending = links.filter((l) => l.status === 'PENDING_APPROVAL').map((l) => l.merchant_center_id);
      throw new ToolError(
        `Merchant Center ${args.merchant_center_id} has not asked to link to searchads account ${ctx.account.account_id}: a link starts in Merchant Center (Settings → Linked accounts → link the ads account ${ctx.account.account_id}); then call link_merchant_feed again to accept it.` +
          (pending.length ? ` Requests waiting now: ${pending.join(', ')}.` : ''),
      );
    }
    return {
      summary: `Accept the link request of Merchant Center ${args.merchant_center_id}`,
      changes: [
        {
          action: 'create' as const,
          entity: 'merchant_center_link',
          name: args.merchant_center_id,
          fields: { status: { before: 'PENDING_APPROVAL', after: 'LINKED' } },
          startsPaused: true,
        },
      ],
      data: {
        linked: undefined as SearchAdsMerchantCenterLink | undefined,
        invitation: invitation as SearchAdsMerchantCenterLink | undefined,
      },
    };
  },
  async apply(plan, args, ctx) {
    const { linked, invitation } = plan.data;
    const link = linked ?? (await ctx.step('accept', () => ctx.platform.acceptMerchantCenterInvitation(invitation!.id)));
    const text = [
      linked ? `## Merchant Center ${args.merchant_center_id} was already linked` : `## Merchant Center ${args.merchant_center_id} linked`,
      '',
      `Link ${link.id}: its products can be advertised now; create_shopping_campaign takes merchant_center_id ${args.merchant_center_id}.`,
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        merchant_center_id: args.merchant_center_id,
        link_id: link.id,
        status: link.status,
        already_linked: Boolean(linked),
      },
    };
  },
  undo(plan, args) {
    return plan.data.linked ? undefined : { tool: 'unlink_merchant_feed', arguments: { merchant_center_id: args.merchant_center_id } };
  },
});

export const unlinkMerchantFeed = defineSearchAdsTool({
  name: 'unlink_merchant_feed',
  description:
    'Removes the link between a Merchant Center account and the searchads account. Refused while an enabled Shopping campaign advertises that feed (pause or remove it first); paused ones are named, they stop having products to show. Linking again needs a new request from Merchant Center.',
  access: 'write',
  examples: [{ merchant_center_id: '5087654321' }],
  args: { merchant_center_id: merchantIdArg },
  output: v.object({
    customer_id: v.string(),
    merchant_center_id: v.string(),
    removed_link_id: v.string(),
    campaigns_without_feed: v.array(v.string()),
  }),
  async plan(args, ctx) {
    const [links, used] = await Promise.all([ctx.platform.listMerchantCenterLinks(), shoppingCampaignsByMerchant(ctx.platform)]);
    const link = links.find((l) => l.merchant_center_id === args.merchant_center_id && l.status === 'LINKED');
    if (!link) {
      const linked = links.filter((l) => l.status === 'LINKED').map((l) => l.merchant_center_id);
      throw new ToolError(
        `Merchant Center ${args.merchant_center_id} is not linked to this account. Linked: ${linked.join(', ') || 'none'} (get_merchant_feed_links).`,
        { code: 'not_found' },
      );
    }
    const users = used.filter((u) => u.merchant_id === args.merchant_center_id);
    const enabled = users.filter((u) => u.campaign.status === 'ENABLED');
    if (enabled.length) {
      throw new ToolError(
        `Shopping campaign(s) ${enabled.map((u) => `"${u.campaign.name}" (${u.campaign.id})`).join(', ')} advertise this feed and are enabled; pause_campaign them first, then unlink.`,
      );
    }
    return {
      summary: `Unlink Merchant Center ${args.merchant_center_id}`,
      changes: [
        {
          action: 'remove' as const,
          entity: 'merchant_center_link',
          id: link.id,
          name: args.merchant_center_id,
          fields: { status: { before: 'LINKED', after: 'REMOVED' } },
        },
      ],
      notes: users.length
        ? [`Paused Shopping campaign(s) ${users.map((u) => `"${u.campaign.name}"`).join(', ')} will have no products to show.`]
        : [],
      data: { link_id: link.id, campaigns: users.map((u) => u.campaign.name) },
    };
  },
  async apply(plan, args, ctx) {
    const { link_id, campaigns } = plan.data;
    await ctx.step('remove', () => ctx.platform.removeMerchantCenterLink(link_id).then(() => true));
    const text = [
      `## Merchant Center ${args.merchant_center_id} unlinked`,
      '',
      campaigns.length
        ? `Shopping campaign(s) ${campaigns.map((c) => `"${c}"`).join(', ')} have no products to show until the feed is linked again.`
        : 'No Shopping campaign advertised this feed.',
      '',
      'Linking again needs a new request from Merchant Center, accepted with link_merchant_feed.',
    ].join('\n');
    return {
      text,
      structured: {
        customer_id: ctx.account.account_id,
        merchant_center_id: args.merchant_center_id,
        removed_link_id: link_id,
        campaigns_without_feed: campaigns,
      },
    };
  },
});
