import * as v from 'valibot';
import { dateArgument } from '../../../core/arguments';
import { totals } from '../../../core/metrics';
import type { ChatAdsInsightsLevel, ChatAdsPort } from '../port';
import { reportedFields } from '../port';

/** An id argument of one chatads entity type: its prefix and the tool that lists valid ids. */
export function idArg(prefix: string, what: string, listTool: string) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), `must be ${what} id starting with ${prefix}_ (from ${listTool})`),
    v.description(`${what[0].toUpperCase()}${what.slice(1).replace(/^an? /, '')} id (${prefix}_...) from ${listTool}`),
  );
}

export const campaignIdArg = idArg('cmpn', 'a campaign', 'list_chatads_campaigns');
export const adGroupIdArg = idArg('adgrp', 'an ad group', 'list_chatads_ad_groups');
export const adIdArg = idArg('ad', 'an ad', 'list_chatads_ads');
export const audienceIdArg = idArg('aud', 'a custom audience', 'list_chatads_custom_audiences');
export const operationIdArg = idArg('aop', 'a custom audience operation', 'list_chatads_custom_audience_operations');
export const pixelIdArg = idArg('cds', 'a pixel (conversion data source)', 'list_chatads_pixels');

/**
 * `status_filter` has one shape on every chatads list tool: an array of statuses. A comma-separated
 * string ("active,paused") is accepted too and read as that array; `all` or empty means every status.
 */
export function statusFilterArg<const T extends string>(statuses: readonly T[]) {
  return v.optional(
    v.pipe(
      v.union([v.array(v.string()), v.string()], 'must be an array of statuses (a comma-separated string is accepted too)'),
      v.transform((value) => (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean)),
      v.check(
        (items) => items.every((s) => s === 'all' || (statuses as readonly string[]).includes(s)),
        (issue) => {
          const bad = (issue.input as string[]).filter((s) => s !== 'all' && !(statuses as readonly string[]).includes(s));
          return `has unknown value${bad.length > 1 ? 's' : ''} ${bad.join(', ')}; use an array of ${statuses.join(', ')} (or all)`;
        },
      ),
      v.transform((items) => (items.length === 0 || items.includes('all') ? undefined : (items as T[]))),
      v.description(
        `Only these statuses: an array of ${statuses.join(', ')} (a comma-separated string such as "active,paused" is accepted too; all or empty = every status)`,
      ),
    ),
  );
}

/** The reporting window every chatads report and list with figures takes: default the last 30 days ending yesterday. */
export const windowArgs = {
  start_date: v.optional(dateArgument('First day, YYYY-MM-DD; default 30 days before end_date')),
  end_date: v.optional(dateArgument('Last day, YYYY-MM-DD, yesterday at the latest (the default)')),
};

export const windowRules = [
  (a: { start_date?: string; end_date?: string }) =>
    a.start_date && a.end_date && a.end_date < a.start_date
      ? `\`end_date\` (${a.end_date}) must not be before \`start_date\` (${a.start_date})`
      : undefined,
];

export interface Figures {
  impressions: number;
  clicks: number;
  spend: number;
  ctr: number | null;
  cpc: number | null;
  cpm: number | null;
  /** null (n/a) for an entity of an awareness (impression-bid) campaign, as list_chatads_campaigns shows it. */
  conversions: number | null;
  conversion_value: number | null;
  view_through_conversions: number | null;
  cpa: number | null;
}

export const figuresSchema = v.object({
  impressions: v.number(),
  clicks: v.number(),
  spend: v.number(),
  ctr: v.nullable(v.number()),
  cpc: v.nullable(v.number()),
  cpm: v.nullable(v.number()),
  conversions: v.nullable(v.number()),
  conversion_value: v.nullable(v.number()),
  view_through_conversions: v.nullable(v.number()),
  cpa: v.nullable(v.number()),
});

/**
 * The entities (by id) that belong to an awareness (impression-bid) campaign: a campaign is its own
 * campaign, an ad group or ad names its campaign_id. They have no conversions (n/a), whatever
 * attribution recorded, as list_chatads_campaigns and the cross-platform report show them.
 */
export async function awarenessEntities(
  port: ChatAdsPort,
  entities: readonly { id: string; campaign_id?: string }[],
): Promise<Set<string>> {
  const awareness = new Set((await port.listCampaigns()).filter((c) => c.bidding_type === 'impressions').map((c) => c.id));
  return new Set(entities.filter((e) => awareness.has(e.campaign_id ?? e.id)).map((e) => e.id));
}

/**
 * Figures per entity of a level over a window, from the port's insights (the delivery model on a
 * sandbox account). Live accounts report no conversion fields: there they are 0. The entities in
 * `awareness` (awarenessEntities) show no conversions: null, n/a.
 */
export async function figuresByEntity(
  port: ChatAdsPort,
  level: ChatAdsInsightsLevel,
  ids: string[],
  window: { start: string; end: string },
  live: boolean,
  awareness: ReadonlySet<string>,
): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>();
  if (!ids.length) return out;
  const rows = await port.getInsights({
    aggregation_level: level,
    ids,
    start: Date.parse(`${window.start}T00:00:00Z`) / 1000,
    end: Date.parse(`${window.end}T00:00:00Z`) / 1000 + 86_400,
    time_granularity: 'none',
    fields: reportedFields(live),
  });
  for (const id of ids) {
    const own = rows.filter((r) => r.entity_id === id);
    const t = totals(
      own.map((r) => ({
        impressions: r.impressions ?? 0,
        clicks: r.clicks ?? 0,
        spend: r.spend ?? 0,
        conversions: r.conversions ?? 0,
        revenue: r.conversion_value ?? 0,
        video_views: 0,
      })),
    );
    const converts = !awareness.has(id);
    out.set(id, {
      impressions: t.impressions,
      clicks: t.clicks,
      spend: t.spend,
      ctr: t.ctr,
      cpc: t.cpc,
      cpm: t.impressions > 0 ? Math.round((t.spend / t.impressions) * 1000 * 100) / 100 : null,
      conversions: converts ? t.conversions : null,
      conversion_value: converts ? t.revenue : null,
      view_through_conversions: converts ? own.reduce((s, r) => s + (r.view_through_conversions ?? 0), 0) : null,
      cpa: converts ? t.cpa : null,
    });
  }
  return out;
}
