import * as v from 'valibot';
import { ToolError } from '../../../core/errors';
import { SOCIALADS_PUBLISHER_PLATFORMS, type SocialAdsPort, type SocialAdsTargeting } from '../port';
import { GENDER_CODES } from './update-family';

/** Targeting arguments shared by the tools that create or edit ad sets. All optional: an edit changes only what is given. */
export const targetingEntries = {
  countries: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code in capitals, e.g. US'))),
      v.minLength(1),
      v.maxLength(25),
      v.description('Countries (ISO codes)'),
    ),
  ),
  age_min: v.optional(v.pipe(v.number(), v.integer(), v.minValue(18), v.maxValue(65), v.description('Minimum age, 18-65'))),
  age_max: v.optional(v.pipe(v.number(), v.integer(), v.minValue(18), v.maxValue(65), v.description('Maximum age, 18-65 (65 = 65+)'))),
  genders: v.optional(v.pipe(v.picklist(['all', 'male', 'female']), v.description('all, male or female'))),
  publisher_platforms: v.optional(
    v.pipe(
      v.array(v.picklist(SOCIALADS_PUBLISHER_PLATFORMS)),
      v.minLength(1),
      v.description('Placements: main_app (the socialads app), photo_app (its photo-sharing app), partner_network, messaging_app'),
    ),
  ),
  interest_ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.regex(/^\d{6,20}$/, 'must be a targeting option id from search_socialads_targeting'))),
      v.maxLength(50),
      v.description(
        'Detailed targeting: interest, behaviour or demographic ids from search_socialads_targeting or browse_socialads_targeting',
      ),
    ),
  ),
  custom_audience_ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.regex(/^\d{6,20}$/, 'must be an audience id from list_socialads_custom_audiences'))),
      v.maxLength(25),
      v.description('Custom or lookalike audiences to include (list_socialads_custom_audiences)'),
    ),
  ),
  excluded_custom_audience_ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.regex(/^\d{6,20}$/, 'must be an audience id from list_socialads_custom_audiences'))),
      v.maxLength(25),
      v.description('Custom audiences to exclude'),
    ),
  ),
};

export type TargetingArgs = { [K in keyof typeof targetingEntries]?: v.InferOutput<(typeof targetingEntries)[K]> };

export const ageRule = (a: TargetingArgs) =>
  a.age_min !== undefined && a.age_max !== undefined && a.age_min > a.age_max ? '`age_min` must not be greater than `age_max`' : undefined;
export const audienceOverlapRule = (a: TargetingArgs) =>
  a.custom_audience_ids?.some((id) => a.excluded_custom_audience_ids?.includes(id))
    ? 'an audience cannot be both in `custom_audience_ids` and `excluded_custom_audience_ids`'
    : undefined;

export function hasTargeting(a: TargetingArgs): boolean {
  return Object.keys(targetingEntries).some((k) => a[k as keyof TargetingArgs] !== undefined);
}

/**
 * The targeting after the arguments are applied over `current` (or over defaults for a new ad set),
 * with every interest and audience id checked against the platform. Notes say what a marketer
 * should know (an audience too small to deliver).
 */
export async function buildTargeting(
  p: SocialAdsPort,
  a: TargetingArgs,
  current?: SocialAdsTargeting,
): Promise<{ targeting: SocialAdsTargeting; notes: string[] }> {
  const notes: string[] = [];
  const base: SocialAdsTargeting = current ?? {
    countries: ['US'],
    age_min: 18,
    age_max: 65,
    genders: [],
    publisher_platforms: ['main_app', 'photo_app'],
  };
  const t: SocialAdsTargeting = {
    ...base,
    ...(a.countries ? { countries: a.countries } : {}),
    ...(a.age_min !== undefined ? { age_min: a.age_min } : {}),
    ...(a.age_max !== undefined ? { age_max: a.age_max } : {}),
    ...(a.genders ? { genders: GENDER_CODES[a.genders] } : {}),
    ...(a.publisher_platforms ? { publisher_platforms: a.publisher_platforms } : {}),
  };
  if (t.age_min > t.age_max)
    throw new ToolError(`The age range would be ${t.age_min}-${t.age_max}: \`age_min\` must not be greater than \`age_max\`.`);
  if (a.interest_ids) {
    const options = (
      await Promise.all((['interests', 'behaviors', 'demographics'] as const).map((type) => p.searchTargeting({ type })))
    ).flat();
    t.interests = a.interest_ids.map((id) => {
      const found = options.find((o) => o.id === id);
      if (!found)
        throw new ToolError(
          `\`interest_ids\`: "${id}" is not a targeting option. Find ids with search_socialads_targeting or browse_socialads_targeting.`,
        );
      return { id: found.id, name: found.name };
    });
  }
  if (a.custom_audience_ids || a.excluded_custom_audience_ids) {
    const audiences = await p.listCustomAudiences();
    for (const [field, ids] of [
      ['custom_audience_ids', a.custom_audience_ids],
      ['excluded_custom_audience_ids', a.excluded_custom_audience_ids],
    ] as const) {
      for (const id of ids ?? []) {
        const audience = audiences.find((x) => x.id === id);
        if (!audience)
          throw new ToolError(
            `\`${field}\`: "${id}" is not an audience of this ad account. Find ids with list_socialads_custom_audiences.`,
          );
        if (field === 'custom_audience_ids' && audience.delivery_status.code !== 200)
          notes.push(`Audience "${audience.name}" cannot deliver yet: ${audience.delivery_status.description}`);
      }
    }
    if (a.custom_audience_ids) t.custom_audiences = a.custom_audience_ids;
    if (a.excluded_custom_audience_ids) t.excluded_custom_audiences = a.excluded_custom_audience_ids;
  }
  return { targeting: t, notes };
}
