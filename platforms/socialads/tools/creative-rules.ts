import * as v from 'valibot';

/**
 * Creative fields and rules shared by the socialads tools that build ads (add_socialads_ad,
 * create_socialads_video_campaign). Limits follow the Meta Marketing API and the specification.
 */

/** Meta's call-to-action types (AdCreativeLinkDataCallToAction.type), the ones ads commonly use. */
export const CALL_TO_ACTIONS = [
  'LEARN_MORE',
  'SHOP_NOW',
  'SIGN_UP',
  'SUBSCRIBE',
  'DOWNLOAD',
  'BOOK_NOW',
  'BOOK_TRAVEL',
  'CONTACT_US',
  'APPLY_NOW',
  'GET_OFFER',
  'GET_QUOTE',
  'ORDER_NOW',
  'BUY_NOW',
  'BUY_TICKETS',
  'DONATE_NOW',
  'WATCH_MORE',
  'LISTEN_NOW',
  'SEE_MENU',
  'INSTALL_MOBILE_APP',
  'USE_APP',
  'PLAY_GAME',
  'CALL_NOW',
  'MESSAGE_PAGE',
  'WHATSAPP_MESSAGE',
  'GET_DIRECTIONS',
  'REQUEST_TIME',
  'SEND_UPDATES',
  'GET_SHOWTIMES',
  'INQUIRE_NOW',
  'ADD_TO_CART',
  'OPEN_LINK',
  'NO_BUTTON',
] as const;

/**
 * Granular Advantage+ creative opt-outs (degrees_of_freedom_spec.creative_features_spec keys).
 * `standard_enhancements` is Meta's deprecated bundle: it is rejected, name the features instead.
 */
export const CREATIVE_FEATURES = [
  'image_touchups',
  'image_brightness_and_contrast',
  'image_uncrop',
  'image_templates',
  'image_animation',
  'text_optimizations',
  'text_translation',
  'enhance_cta',
  'adapt_to_placement',
  'add_text_overlay',
  'description_automation',
  'inline_comment',
  'music',
  'video_auto_crop',
  'video_filtering',
  'product_extensions',
  'site_extensions',
  'reveal_details_over_time',
  'show_summary',
  '3d_animation',
] as const;

export const httpsUrl = (description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url('must be a valid URL'),
    v.startsWith('https://', 'must use HTTPS (start with https://)'),
    v.description(description),
  );

export const webUrl = (description: string) =>
  v.pipe(v.string(), v.trim(), v.url('must be a valid URL'), v.regex(/^https?:\/\//, 'must be an http(s) URL'), v.description(description));

export const imageHash = (description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[0-9a-fA-F]{32}$/, 'must be an image hash (32 hexadecimal characters) from discover_socialads_assets'),
    v.description(description),
  );

export const videoId = (description: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{6,20}$/, 'must be a numeric video id from discover_socialads_assets'),
    v.description(description),
  );

export const primaryTextSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(2200, 'must be at most 2200 characters (125 recommended)'),
);
export const headlineSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(255, 'must be at most 255 characters (40 recommended)'),
);
export const descriptionSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(255, 'must be at most 255 characters (30 recommended)'),
);

/** disabled_creative_features: known feature names, never the deprecated bundle. */
export function creativeFeaturesRule(features: string[] | undefined): string[] {
  const problems: string[] = [];
  (features ?? []).forEach((feature, i) => {
    if (feature === 'standard_enhancements') {
      problems.push(
        `\`disabled_creative_features[${i}]\` 'standard_enhancements' is rejected (the platform deprecated the bundle); list the individual features to turn off, e.g. image_touchups, text_optimizations, or set advantage_plus_creative to false to opt out of all`,
      );
    } else if (!(CREATIVE_FEATURES as readonly string[]).includes(feature)) {
      problems.push(
        `\`disabled_creative_features[${i}]\` '${feature}' is not a known creative feature; use one of ${CREATIVE_FEATURES.join(', ')}`,
      );
    }
  });
  return problems;
}

/** The host of a URL or bare domain, lower case, without a leading www. */
export function hostOf(urlOrDomain: string): string {
  const withScheme = /^[a-z]+:\/\//i.test(urlOrDomain) ? urlOrDomain : `https://${urlOrDomain}`;
  try {
    return new URL(withScheme).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return urlOrDomain.toLowerCase();
  }
}

/** Same site: equal hosts, or one a subdomain of the other. */
export function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

/** url_tags without the leading question mark(s) the caller may have copied from a URL. */
export function cleanUrlTags(tags: string | undefined): string | undefined {
  const cleaned = tags?.trim().replace(/^\?+/, '');
  return cleaned ? cleaned : undefined;
}
