import {
  PROADS_FACETS,
  type ProAdsFacet,
  type ProAdsOrganization,
  type ProAdsPivot,
  type ProAdsPort,
  type ProAdsSegment,
  type ProAdsTargetingEntity,
} from '../port';
import type { LiveContext } from './context';
import type { BatchAnswer } from './api';
import { idOf, neutralValue, urn, wireValue } from './restli';
import { FACET_WIRE, targetingToWire } from './wire';

/**
 * Targeting, audience counts, the demographic segments delivery is reported by, and the pages and
 * account the member may advertise for. Targeting values come from the platform's targeting
 * entities (typeahead for the large facets, the whole facet for the small ones, resolution by URN);
 * matched audiences are the account's DMP segments; audience counts come from the platform's
 * audience count finder for the same targeting a campaign would carry.
 */
export type AudienceFamily = Pick<
  ProAdsPort,
  'searchTargetingEntities' | 'getTargetingEntities' | 'getAudienceCount' | 'listSegments' | 'listOrganizations'
>;

interface WireEntity {
  urn: string;
  name: string;
  facetUrn?: string;
}
interface WireSegment {
  id: number;
  name: string;
  status?: string;
  destinations?: { destination?: string; destinationSegmentId?: string; status?: string; audienceSize?: number }[];
}

/** Facets small enough to be read whole and filtered here (the platform has no typeahead for them). */
const LISTED: readonly ProAdsFacet[] = ['seniorities', 'job_functions', 'company_sizes'];
const URN_TYPE_FACET: Record<string, ProAdsFacet> = {
  geo: 'locations',
  function: 'job_functions',
  seniority: 'seniorities',
  industry: 'industries',
  staffCountRange: 'company_sizes',
  title: 'job_titles',
  skill: 'skills',
  adSegment: 'audiences',
};
const FACET_BY_URN = new Map(PROADS_FACETS.map((facet) => [urn.facet(FACET_WIRE[facet]), facet]));
const PIVOT_FACETS: [ProAdsPivot, ProAdsFacet][] = [
  ['SENIORITY', 'seniorities'],
  ['JOB_FUNCTION', 'job_functions'],
  ['INDUSTRY', 'industries'],
  ['COMPANY_SIZE', 'company_sizes'],
];
/** Page roles that may post sponsored content as the page. */
const PAGE_ROLES: Record<string, ProAdsOrganization['role']> = {
  ADMINISTRATOR: 'ADMINISTRATOR',
  CONTENT_ADMINISTRATOR: 'CONTENT_ADMIN',
  DIRECT_SPONSORED_CONTENT_POSTER: 'CONTENT_ADMIN',
};
const ACCOUNT_ROLES: Record<string, ProAdsOrganization['role']> = {
  ACCOUNT_BILLING_ADMIN: 'ADMINISTRATOR',
  ACCOUNT_MANAGER: 'ADMINISTRATOR',
  CAMPAIGN_MANAGER: 'CAMPAIGN_MANAGER',
  CREATIVE_MANAGER: 'CONTENT_ADMIN',
  VIEWER: 'VIEWER',
};

const facetOfValue = (value: string): ProAdsFacet | undefined => URN_TYPE_FACET[neutralValue(value).split(':')[0]!];

export function audienceFamily(ctx: LiveContext): AudienceFamily {
  const entity = (e: WireEntity, facet?: ProAdsFacet): ProAdsTargetingEntity | undefined => {
    const known = facet ?? (e.facetUrn ? FACET_BY_URN.get(e.facetUrn) : undefined) ?? facetOfValue(e.urn);
    return known ? { id: neutralValue(e.urn), facet: known, name: e.name } : undefined;
  };

  /** Every value of one facet (the whole facet finder, every page). */
  function facetValues(facet: ProAdsFacet): Promise<ProAdsTargetingEntity[]> {
    return ctx.once(`facet:${facet}`, async () =>
      (
        await (
          await ctx.api()
        ).findAll<WireEntity>(
          '/adTargetingEntities',
          { q: 'adTargetingFacet', facet: urn.facet(FACET_WIRE[facet]), queryVersion: 'QUERY_USES_URNS' },
          { kind: 'offset', size: 500 },
        )
      ).flatMap((e) => entity(e, facet) ?? []),
    );
  }

  /** The account's matched audiences that the platform can target (a ready segment on this network). */
  function audiences(): Promise<ProAdsTargetingEntity[]> {
    return ctx.once('audiences', async () =>
      (
        await (
          await ctx.api()
        ).findAll<WireSegment>('/dmpSegments', { q: 'account', account: ctx.accountUrn }, { kind: 'offset', size: 100 })
      ).flatMap((s) =>
        (s.destinations ?? [])
          .filter((d) => d.destinationSegmentId && d.status !== 'FAILED')
          .map((d) => ({ id: neutralValue(d.destinationSegmentId!), facet: 'audiences' as const, name: s.name })),
      ),
    );
  }

  async function targetingEntities(ids: readonly string[]): Promise<ProAdsTargetingEntity[]> {
    const unique = [...new Set(ids)];
    const segments = unique.filter((id) => facetOfValue(id) === 'audiences');
    const others = unique.filter((id) => facetOfValue(id) && facetOfValue(id) !== 'audiences');
    const found: ProAdsTargetingEntity[] = [];
    if (segments.length) found.push(...(await audiences()).filter((a) => segments.includes(a.id)));
    const api = await ctx.api();
    for (let i = 0; i < others.length; i += 100) {
      const answer = await api.get<{ elements?: WireEntity[] }>('/adTargetingEntities', {
        q: 'urns',
        urns: others.slice(i, i + 100).map(wireValue),
        queryVersion: 'QUERY_USES_URNS',
      });
      found.push(...(answer.elements ?? []).flatMap((e) => entity(e) ?? []));
    }
    return found;
  }

  return {
    async searchTargetingEntities(facet, query, limit = 20) {
      const text = query.trim().toLowerCase();
      if (facet === 'audiences') return (await audiences()).filter((a) => a.name.toLowerCase().includes(text)).slice(0, limit);
      if (LISTED.includes(facet)) return (await facetValues(facet)).filter((v) => v.name.toLowerCase().includes(text)).slice(0, limit);
      if (!text) {
        // A large facet without text: its first values as the platform lists them.
        const first = await (
          await ctx.api()
        ).get<{ elements?: WireEntity[] }>('/adTargetingEntities', {
          q: 'adTargetingFacet',
          facet: urn.facet(FACET_WIRE[facet]),
          queryVersion: 'QUERY_USES_URNS',
          start: 0,
          count: limit,
        });
        return (first.elements ?? []).flatMap((e) => entity(e, facet) ?? []).slice(0, limit);
      }
      const found = await (
        await ctx.api()
      ).get<{ elements?: WireEntity[] }>('/adTargetingEntities', {
        q: 'typeahead',
        facet: urn.facet(FACET_WIRE[facet]),
        query: query.trim(),
        queryVersion: 'QUERY_USES_URNS',
      });
      return (found.elements ?? []).flatMap((e) => entity(e, facet) ?? []).slice(0, limit);
    },

    getTargetingEntities: targetingEntities,

    async getAudienceCount(targeting) {
      // Values the platform does not know count for nothing (a facet left without values reaches no
      // one); the platform itself would refuse the whole spec, and it needs a location.
      const ids = [...Object.values(targeting.include), ...Object.values(targeting.exclude ?? {})]
        .flat()
        .filter((x): x is string => Boolean(x));
      const known = new Set((await targetingEntities(ids)).map((e) => e.id));
      const keep = (map: Partial<Record<ProAdsFacet, string[]>> | undefined) =>
        Object.fromEntries(
          Object.entries(map ?? {}).map(([facet, values]) => [facet, (values ?? []).filter((v) => known.has(v))]),
        ) as Partial<Record<ProAdsFacet, string[]>>;
      const include = keep(targeting.include);
      if (!include.locations?.length || Object.values(include).some((values) => !values?.length)) return { total: 0 };
      const exclude = Object.fromEntries(Object.entries(keep(targeting.exclude)).filter(([, values]) => values?.length));
      const answer = await (
        await ctx.api()
      ).get<{ elements?: { total?: number; active?: number }[] }>('/audienceCounts', {
        q: 'targetingCriteriaV2',
        targetingCriteria: targetingToWire({ include, ...(Object.keys(exclude).length ? { exclude } : {}) }, undefined) as never,
      });
      return { total: answer.elements?.[0]?.total ?? 0 };
    },

    async listSegments() {
      const segments: ProAdsSegment[] = [];
      for (const [pivot, facet] of PIVOT_FACETS) {
        for (const value of await facetValues(facet)) segments.push({ id: value.id, pivot, value: value.name, urn: value.id });
      }
      return segments;
    },

    async listOrganizations() {
      const api = await ctx.api();
      const [acls, roles] = await Promise.all([
        api.findAll<{ organization?: string; organizationTarget?: string; role: string; state?: string }>(
          '/organizationAcls',
          { q: 'roleAssignee', state: 'APPROVED' },
          { kind: 'offset', size: 100 },
        ),
        api.findAll<{ account: string; role: string }>('/adAccountUsers', { q: 'authenticatedUser' }, { kind: 'offset', size: 100 }),
      ]);
      const pages = new Map<string, ProAdsOrganization['role']>();
      for (const acl of acls) {
        const org = acl.organization ?? acl.organizationTarget;
        const role = PAGE_ROLES[acl.role];
        if (!org || !role || (pages.get(org) === 'ADMINISTRATOR' && role !== 'ADMINISTRATOR')) continue;
        pages.set(org, role);
      }
      const ids = [...pages.keys()].map(idOf);
      const names = ids.length
        ? await api.get<BatchAnswer<{ localizedName?: string }>>('/organizations', { ids }, 'BATCH_GET')
        : { results: {} };
      const organizations: ProAdsOrganization[] = [...pages].map(([org, role]) => ({
        id: `org_${idOf(org)}`,
        name: names.results?.[idOf(org)]?.localizedName ?? `Page ${idOf(org)}`,
        kind: 'COMPANY_PAGE',
        role,
      }));
      const mine = roles.find((r) => r.account === ctx.accountUrn);
      organizations.push({
        id: ctx.account.account_id,
        name: ctx.account.name,
        kind: 'AD_ACCOUNT',
        role: ACCOUNT_ROLES[mine?.role ?? 'VIEWER'] ?? 'VIEWER',
      });
      return organizations;
    },
  };
}
