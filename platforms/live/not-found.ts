import { LiveSetupError, ToolError } from '../../core/errors';

/**
 * What a live adapter knows of an upstream answer that said "not found" (an HTTP 404, or the platform's own
 * code for a missing path inside its answer envelope). Only the adapter can read its platform's wire format;
 * the decision and the words are the same on every platform (docs/errors.md, "A platform's 404").
 */
export interface NotFoundAnswer {
  platform: string;
  /**
   * The answer is the platform API's own error object about an entity that does not exist, as the platform's
   * published wire format words it. Anything else (another server's page, an answer without the API's error
   * object, the API's own answer to a path it does not serve) means the request did not reach the API's
   * entity: every call would fail alike, so it is the operator's setting to fix, never the user's id.
   */
  aboutAnEntity: boolean;
  /** The deployment settings that decide where the request went, as the adapter's settings name them. */
  settings: string[];
  /** The request as `METHOD path` (no query string), for the operator. */
  request?: string;
  /** The platform's message, when its answer carried one. */
  message?: string;
  /** The platform's error code, when its answer carried one. */
  platformError?: string;
  /** The platform's request id, when it gave one. */
  requestId?: string;
  /** The entity the request was about, when the adapter knows it. */
  subject?: { what: string; id: string };
  /** The connected account the request was for, named in the user's message. */
  account?: string;
}

/**
 * The one rule for a platform's "not found": the entity's 400 `not_found` (the user checks the id) when the
 * API itself said the entity does not exist, otherwise the operator's 400 `live_setup_incomplete` naming the
 * setting (the connection stays healthy). Both carry `platform`, and `platform_error` and `request_id` where known.
 */
export function notFoundError(answer: NotFoundAnswer): ToolError | LiveSetupError {
  const { platform, subject } = answer;
  if (answer.aboutAnEntity) {
    const where = answer.account ? `${platform} account ${answer.account}` : `this ${platform} account`;
    const what = subject
      ? `No ${subject.what} with id "${subject.id}" exists in ${where}`
      : `The ${platform} platform found nothing at this address in ${where}`;
    return new ToolError(`${what}${answer.message ? ` (the platform says: ${answer.message})` : ''}. Check the id with the list tools.`, {
      code: 'not_found',
      platform,
      ...(subject ? { entity: subject.what, id: subject.id } : {}),
      ...(answer.platformError ? { platform_error: answer.platformError } : {}),
      ...(answer.requestId ? { request_id: answer.requestId } : {}),
    });
  }
  const several = answer.settings.length > 1;
  const names = answer.settings.join(' and ');
  const them = several ? 'them' : 'it';
  return new LiveSetupError(
    { platform, platformError: answer.platformError, requestId: answer.requestId },
    `${names} ${several ? 'do' : 'does'} not lead to the ${platform} API: ${answer.request ?? 'the request'} answered "not found" ${
      answer.message ? `(${answer.message})` : "without the API's error object"
    }, so every call would fail alike. Set ${them} to the API's own address, or remove ${them} to use the default.`,
  );
}
