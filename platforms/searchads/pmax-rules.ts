import type { PmaxAssetFieldType, SearchAdsMediaAssetType } from './port-pmax';

/**
 * The platform's published limits for Performance Max asset groups: how many assets of each field
 * type an asset group holds (min-max), text lengths, and the shape and minimum size of images.
 * Tools check them when planning; the sandbox refuses what breaks them, as the platform does.
 */
export interface FieldTypeRule {
  min: number;
  max: number;
  /** The library asset type the field takes. */
  asset: SearchAdsMediaAssetType;
  /** Text fields: the most characters. */
  maxLength?: number;
  /** Image fields: width / height and the smallest size. */
  ratio?: { label: string; value: number; minWidth: number; minHeight: number };
}

export const FIELD_TYPE_RULES: Record<PmaxAssetFieldType, FieldTypeRule> = {
  HEADLINE: { min: 3, max: 15, asset: 'TEXT', maxLength: 30 },
  LONG_HEADLINE: { min: 1, max: 5, asset: 'TEXT', maxLength: 90 },
  DESCRIPTION: { min: 2, max: 5, asset: 'TEXT', maxLength: 90 },
  BUSINESS_NAME: { min: 1, max: 1, asset: 'TEXT', maxLength: 25 },
  MARKETING_IMAGE: { min: 1, max: 20, asset: 'IMAGE', ratio: { label: '1.91:1', value: 1.91, minWidth: 600, minHeight: 314 } },
  SQUARE_MARKETING_IMAGE: { min: 1, max: 20, asset: 'IMAGE', ratio: { label: '1:1', value: 1, minWidth: 300, minHeight: 300 } },
  PORTRAIT_MARKETING_IMAGE: { min: 0, max: 20, asset: 'IMAGE', ratio: { label: '4:5', value: 0.8, minWidth: 480, minHeight: 600 } },
  LOGO: { min: 1, max: 5, asset: 'IMAGE', ratio: { label: '1:1', value: 1, minWidth: 128, minHeight: 128 } },
  YOUTUBE_VIDEO: { min: 0, max: 5, asset: 'YOUTUBE_VIDEO' },
};

export const PMAX_FIELD_TYPES = Object.keys(FIELD_TYPE_RULES) as PmaxAssetFieldType[];
export const TEXT_FIELD_TYPES = PMAX_FIELD_TYPES.filter((f) => FIELD_TYPE_RULES[f].asset === 'TEXT');
export const IMAGE_FIELD_TYPES = PMAX_FIELD_TYPES.filter((f) => FIELD_TYPE_RULES[f].asset === 'IMAGE');
/** At least one description of an asset group is this short. */
export const SHORT_DESCRIPTION = 60;
/** Search themes per asset group. */
export const MAX_SEARCH_THEMES = 50;
/** Characters of a search theme. */
export const SEARCH_THEME_MAX_LENGTH = 80;
/** Aspect ratios within 1 % of the wanted one pass (the platform's tolerance for resized images). */
export const RATIO_TOLERANCE = 0.01;

/** Whether an image of this size fits a field type; the reason when it does not. */
export function imageFits(field: PmaxAssetFieldType, width: number, height: number): { ok: true } | { ok: false; reason: string } {
  const ratio = FIELD_TYPE_RULES[field].ratio;
  if (!ratio) return { ok: false, reason: `${field} takes no image` };
  if (!width || !height) return { ok: false, reason: 'the image size is unknown' };
  if (Math.abs(width / height - ratio.value) / ratio.value > RATIO_TOLERANCE)
    return { ok: false, reason: `${width}x${height} is not ${ratio.label} (${field} needs ${ratio.label})` };
  if (width < ratio.minWidth || height < ratio.minHeight)
    return { ok: false, reason: `${width}x${height} is smaller than the ${ratio.minWidth}x${ratio.minHeight} minimum of ${field}` };
  return { ok: true };
}

/** The image field types an image of this size fits. */
export function fieldsForImage(width: number, height: number): PmaxAssetFieldType[] {
  return IMAGE_FIELD_TYPES.filter((f) => imageFits(f, width, height).ok);
}

/**
 * What is wrong with an asset group holding these assets (counts per field type, text lengths,
 * one short description): one sentence per problem, empty when the platform would accept it.
 */
export function assetGroupProblems(
  assets: { field_type: PmaxAssetFieldType; text?: string }[],
  options: { checkMinimums?: boolean } = {},
): string[] {
  const problems: string[] = [];
  for (const field of PMAX_FIELD_TYPES) {
    const rule = FIELD_TYPE_RULES[field];
    const mine = assets.filter((a) => a.field_type === field);
    if (options.checkMinimums !== false && mine.length < rule.min)
      problems.push(`${field}: ${mine.length} given, at least ${rule.min} needed`);
    if (mine.length > rule.max) problems.push(`${field}: ${mine.length} given, at most ${rule.max} allowed`);
    if (rule.maxLength)
      for (const a of mine)
        if ((a.text ?? '').length > rule.maxLength)
          problems.push(`${field} "${a.text}" is ${(a.text ?? '').length} characters, at most ${rule.maxLength}`);
  }
  const descriptions = assets.filter((a) => a.field_type === 'DESCRIPTION');
  if (options.checkMinimums !== false && descriptions.length && !descriptions.some((d) => (d.text ?? '').length <= SHORT_DESCRIPTION)) {
    problems.push(`DESCRIPTION: at least one description must be ${SHORT_DESCRIPTION} characters or shorter`);
  }
  return problems;
}
