/**
 * The platform's entities in the port's words and back: campaigns, ad groups, ads and custom
 * audiences from the wire, budgets and bids to it (money in micros, times in unix seconds).
 */
import { ToolError } from '../../../core/errors';
import { isoDate } from '../../../core/dates';
import type { ChatAdsAd, ChatAdsAdGroup, ChatAdsCampaign, ChatAdsCustomAudience, NewChatAdsCampaign } from '../port';
import type { WireAd, WireAdGroup, WireCampaign, WireCustomAudience } from './wire';

const MICROS = 1_000_000;

const dateOf = (unixSeconds: number) => isoDate(new Date(unixSeconds * 1000));

/**
 * The API's `max_bid_micros` is per billing event, so for impression billing it is per single impression:
 * the reference's own example passes a $60 CPM ($0.06 per impression) as 60,000. The gateway's
 * `max_cpm_bid_micros` is per thousand impressions: divided by 1,000 on the way out (at least 1 micro),
 * multiplied back on the way in.
 */
export const impressionBidMicros = (cpmMicros: number): number => Math.max(1, Math.round(cpmMicros / 1000));
export const cpmBidMicros = (perImpressionMicros: number): number => perImpressionMicros * 1000;

/**
 * The platform holds exactly one budget per campaign: a lifetime limit, or a daily limit (which
 * Maximize Results needs). A campaign with a daily budget is sent with its daily limit only, so the
 * lifetime budget must follow from it: the campaign needs an end date and daily limit × days must
 * stay within the lifetime budget; otherwise the platform could spend past it, and the create is refused.
 */
export function budgetOf(c: NewChatAdsCampaign): { lifetime_spend_limit_micros: number } | { daily_spend_limit_micros: number } {
  if (c.daily_budget === undefined) return { lifetime_spend_limit_micros: Math.round(c.budget * MICROS) };
  const days = c.end_date
    ? Math.round((Date.parse(`${c.end_date}T00:00:00Z`) - Date.parse(`${c.start_date}T00:00:00Z`)) / 86_400_000) + 1
    : 0;
  if (!c.end_date || c.daily_budget * days > c.budget + 1e-9) {
    throw new ToolError(
      `A live chatads campaign has one budget: a lifetime limit or a daily limit, not both. With \`daily_budget\` ${c.daily_budget} it is held by its daily limit, so it needs an \`end_date\` and \`daily_budget\` × days within \`budget\` (${c.budget})${c.end_date ? `: ${days} days × ${c.daily_budget} = ${Math.round(c.daily_budget * days * 100) / 100}` : ''}. Give an end date and a daily budget that fit, or leave \`daily_budget\` out for a lifetime limit.`,
      { code: 'invalid_arguments' },
    );
  }
  return { daily_spend_limit_micros: Math.round(c.daily_budget * MICROS) };
}

export function campaignOf(c: WireCampaign): ChatAdsCampaign {
  const lifetime = c.budget.lifetime_spend_limit_micros ?? undefined;
  const daily = c.budget.daily_spend_limit_micros ?? undefined;
  const start = c.start_time ?? c.created_at;
  // A daily-limited campaign has no lifetime limit: its budget is what the daily limit allows over its
  // days when it ends, else the daily limit itself (docs/live/chatads.md says so).
  const days = c.end_time ? Math.max(1, Math.ceil((c.end_time - start) / 86_400)) : 1;
  return {
    id: c.id,
    name: c.name,
    ...(c.description ? { description: c.description } : {}),
    status: c.status,
    // Campaigns created before the platform had objectives bid per impression.
    bidding_type: c.bidding_type ?? 'impressions',
    ...(c.conversion_event_setting_ids?.length ? { conversion_event_setting_id: c.conversion_event_setting_ids[0] } : {}),
    budget: lifetime !== undefined ? lifetime / MICROS : ((daily ?? 0) * days) / MICROS,
    ...(daily ? { daily_budget: daily / MICROS } : {}),
    // Without a start time a campaign delivers from its creation.
    start_date: dateOf(start),
    ...(c.end_time ? { end_date: dateOf(c.end_time) } : {}),
    created_at: new Date(c.created_at * 1000).toISOString(),
  };
}

export function adGroupOf(g: WireAdGroup, campaignId: string): ChatAdsAdGroup {
  const bidding = g.bidding_config;
  const bid = bidding.max_bid_micros ?? undefined;
  return {
    id: g.id,
    campaign_id: g.campaign_id ?? campaignId,
    name: g.name,
    ...(g.description ? { description: g.description } : {}),
    status: g.status,
    strategy: bidding.strategy ?? 'fixed_bid',
    billing_event_type: bidding.billing_event_type,
    ...(bid === undefined
      ? {}
      : bidding.billing_event_type === 'click'
        ? { max_bid_micros: bid }
        : { max_cpm_bid_micros: cpmBidMicros(bid) }),
    context_hints: g.context_hints ?? [],
    custom_audience_bid_multipliers: [],
    created_at: new Date(g.created_at * 1000).toISOString(),
  };
}

const REVIEW_STATUSES: Record<string, ChatAdsAd['review_status']> = {
  approved: 'approved',
  rejected: 'rejected',
  in_review: 'pending',
  pending: 'pending',
};

export function adOf(ad: WireAd, group: { id: string; campaign_id: string }): ChatAdsAd {
  const review = ad.review_status ? REVIEW_STATUSES[ad.review_status] : undefined;
  return {
    id: ad.id,
    campaign_id: group.campaign_id,
    ad_group_id: ad.ad_group_id ?? group.id,
    name: ad.name,
    type: 'chat_card',
    headline: ad.creative.title,
    body: ad.creative.body,
    landing_url: ad.creative.target_url ?? '',
    ...(ad.creative.file_id ? { image_file_id: ad.creative.file_id } : {}),
    status: ad.status,
    ...(review ? { review_status: review } : {}),
    created_at: new Date(ad.created_at * 1000).toISOString(),
  };
}

const AUDIENCE_STATUSES = new Set<ChatAdsCustomAudience['status']>(['processing', 'ready', 'too_small', 'failed']);

export function audienceOf(a: WireCustomAudience): ChatAdsCustomAudience {
  return {
    id: a.id,
    name: a.name,
    status: AUDIENCE_STATUSES.has(a.status as ChatAdsCustomAudience['status'])
      ? (a.status as ChatAdsCustomAudience['status'])
      : 'processing',
    matched_users: a.matched_count ?? 0,
    uploaded_identifiers: a.uploaded_count ?? 0,
    archived: false,
    created_at: new Date(a.created_at * 1000).toISOString(),
  };
}
