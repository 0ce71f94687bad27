/**
 * The proads sandbox's targeting catalog: the facet entities a campaign can include or exclude, with
 * the members each reaches (locations, matched audiences) or the share of members it holds (every
 * other facet). The demographic segments the account's delivery is reported by (seniority:3, ...)
 * are entities of this catalog, so excluding one is excluding that segment.
 */
import type { ProAdsFacet, ProAdsTargeting, ProAdsTargetingEntity } from '../port';

export interface CatalogEntity extends ProAdsTargetingEntity {
  /** Locations and audiences: members; other facets: share of members, 0-1. */
  members?: number;
  share?: number;
}

const e = (facet: ProAdsFacet, id: string, name: string, size: { members?: number; share?: number }): CatalogEntity => ({
  id,
  facet,
  name,
  ...size,
});

export const TARGETING_CATALOG: readonly CatalogEntity[] = [
  e('locations', 'geo:us', 'United States', { members: 230_000_000 }),
  e('locations', 'geo:ca', 'Canada', { members: 22_000_000 }),
  e('locations', 'geo:gb', 'United Kingdom', { members: 40_000_000 }),
  e('locations', 'geo:de', 'Germany', { members: 23_000_000 }),
  e('locations', 'geo:fr', 'France', { members: 28_000_000 }),
  e('locations', 'geo:au', 'Australia', { members: 15_000_000 }),
  e('locations', 'geo:in', 'India', { members: 130_000_000 }),
  e('locations', 'geo:us-ny', 'New York City Metropolitan Area', { members: 12_000_000 }),
  e('locations', 'geo:us-sf', 'San Francisco Bay Area', { members: 6_500_000 }),
  e('seniorities', 'seniority:1', 'Unpaid', { share: 0.04 }),
  e('seniorities', 'seniority:2', 'Training', { share: 0.03 }),
  e('seniorities', 'seniority:3', 'Entry', { share: 0.3 }),
  e('seniorities', 'seniority:4', 'Senior', { share: 0.27 }),
  e('seniorities', 'seniority:5', 'Manager', { share: 0.14 }),
  e('seniorities', 'seniority:6', 'Director', { share: 0.06 }),
  e('seniorities', 'seniority:7', 'VP', { share: 0.025 }),
  e('seniorities', 'seniority:8', 'CXO', { share: 0.02 }),
  e('seniorities', 'seniority:9', 'Partner', { share: 0.01 }),
  e('seniorities', 'seniority:10', 'Owner', { share: 0.05 }),
  e('job_functions', 'function:1', 'Accounting', { share: 0.05 }),
  e('job_functions', 'function:4', 'Business Development', { share: 0.09 }),
  e('job_functions', 'function:8', 'Engineering', { share: 0.1 }),
  e('job_functions', 'function:9', 'Education', { share: 0.08 }),
  e('job_functions', 'function:10', 'Finance', { share: 0.06 }),
  e('job_functions', 'function:12', 'Human Resources', { share: 0.05 }),
  e('job_functions', 'function:13', 'Information Technology', { share: 0.09 }),
  e('job_functions', 'function:15', 'Marketing', { share: 0.06 }),
  e('job_functions', 'function:18', 'Operations', { share: 0.1 }),
  e('job_functions', 'function:25', 'Sales', { share: 0.1 }),
  e('industries', 'industry:4', 'Software Development', { share: 0.06 }),
  e('industries', 'industry:6', 'Technology, Information and Internet', { share: 0.05 }),
  e('industries', 'industry:43', 'Financial Services', { share: 0.05 }),
  e('industries', 'industry:14', 'Hospitals and Health Care', { share: 0.07 }),
  e('industries', 'industry:27', 'Retail', { share: 0.06 }),
  e('industries', 'industry:68', 'Higher Education', { share: 0.05 }),
  e('industries', 'industry:89', 'Religious Institutions', { share: 0.005 }),
  e('industries', 'industry:96', 'IT Services and IT Consulting', { share: 0.05 }),
  e('industries', 'industry:25', 'Manufacturing', { share: 0.06 }),
  e('company_sizes', 'staffCountRange:(1,1)', 'Self-employed', { share: 0.08 }),
  e('company_sizes', 'staffCountRange:(2,10)', '1-10 employees', { share: 0.12 }),
  e('company_sizes', 'staffCountRange:(11,50)', '11-50 employees', { share: 0.12 }),
  e('company_sizes', 'staffCountRange:(51,200)', '51-200 employees', { share: 0.12 }),
  e('company_sizes', 'staffCountRange:(201,500)', '201-500 employees', { share: 0.08 }),
  e('company_sizes', 'staffCountRange:(501,1000)', '501-1,000 employees', { share: 0.07 }),
  e('company_sizes', 'staffCountRange:(1001,5000)', '1,001-5,000 employees', { share: 0.12 }),
  e('company_sizes', 'staffCountRange:(5001,10000)', '5,001-10,000 employees', { share: 0.07 }),
  e('company_sizes', 'staffCountRange:(10001,2147483647)', '10,001+ employees', { share: 0.22 }),
  e('job_titles', 'title:chief-information-officer', 'Chief Information Officer', { share: 0.002 }),
  e('job_titles', 'title:chief-financial-officer', 'Chief Financial Officer', { share: 0.002 }),
  e('job_titles', 'title:it-director', 'IT Director', { share: 0.004 }),
  e('job_titles', 'title:head-of-people', 'Head of People', { share: 0.002 }),
  e('job_titles', 'title:software-engineer', 'Software Engineer', { share: 0.03 }),
  e('job_titles', 'title:marketing-manager', 'Marketing Manager', { share: 0.012 }),
  e('job_titles', 'title:procurement-manager', 'Procurement Manager', { share: 0.004 }),
  e('skills', 'skill:cloud-computing', 'Cloud Computing', { share: 0.04 }),
  e('skills', 'skill:cybersecurity', 'Cybersecurity', { share: 0.02 }),
  e('skills', 'skill:devops', 'DevOps', { share: 0.015 }),
  e('skills', 'skill:financial-planning', 'Financial Planning', { share: 0.02 }),
  e('skills', 'skill:talent-management', 'Talent Management', { share: 0.015 }),
  e('skills', 'skill:saas', 'Software as a Service (SaaS)', { share: 0.02 }),
  e('audiences', 'audience:website-visitors-90d', 'Website visitors, last 90 days', { members: 48_000 }),
  e('audiences', 'audience:target-accounts-cfo', 'Named CFO account list', { members: 9_500 }),
  e('audiences', 'audience:customers-crm', 'Customer list (CRM upload)', { members: 21_000 }),
];

const byId = new Map(TARGETING_CATALOG.map((entity) => [entity.id, entity]));
export const catalogEntity = (id: string): CatalogEntity | undefined => byId.get(id);

/**
 * Members a targeting spec reaches: the included locations' members (every location when none),
 * narrowed by each other included facet (the sum of its values' shares, at most 1; matched audiences
 * cap the count at their members) and by each excluded value's share. Rounded like the platform
 * (to the nearest 1,000 above 10,000, to 100 above 1,000).
 */
export function audienceCount(targeting: ProAdsTargeting): number {
  const values = (ids: readonly string[] | undefined) =>
    (ids ?? []).map((id) => byId.get(id)).filter((x): x is CatalogEntity => Boolean(x));
  const locations = values(targeting.include.locations);
  let total = (locations.length ? locations : TARGETING_CATALOG.filter((x) => x.facet === 'locations' && !x.id.includes('-'))).reduce(
    (s, x) => s + (x.members ?? 0),
    0,
  );
  // A matched audience caps the members first; every other facet then narrows by its share.
  const audiences = values(targeting.include.audiences);
  if (audiences.length)
    total = Math.min(
      total,
      audiences.reduce((s, x) => s + (x.members ?? 0), 0),
    );
  for (const [facet, ids] of Object.entries(targeting.include)) {
    if (facet === 'locations' || facet === 'audiences' || !ids?.length) continue;
    total *= Math.min(
      1,
      values(ids).reduce((s, x) => s + (x.share ?? 0), 0),
    );
  }
  for (const [facet, ids] of Object.entries(targeting.exclude ?? {})) {
    const chosen = values(ids);
    if (facet === 'audiences') total = Math.max(0, total - chosen.reduce((s, x) => s + (x.members ?? 0), 0) * 0.5);
    else if (facet !== 'locations') total *= Math.max(0, 1 - chosen.reduce((s, x) => s + (x.share ?? 0), 0));
  }
  const step = total >= 10_000 ? 1000 : total >= 1000 ? 100 : 1;
  return Math.round(total / step) * step;
}
