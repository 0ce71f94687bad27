import { BadRequestError, GatewayError, MethodNotAllowedError, quoted } from '../../../core/errors';
import type { GatewayMiddleware, GatewayRequest } from '../state';

/**
 * First checks, before anything is looked up: the method, the content type, and that the body is
 * a JSON object whose `arguments` is an object. A missing body or missing `arguments` means `{}`.
 * Runs around @middy/http-json-body-parser, whose errors it turns into the gateway's 400s.
 */
export function requestShapeBeforeParsing(): GatewayMiddleware {
  const requestShapeBefore = async (request: GatewayRequest) => {
    const { event } = request;
    if (event.httpMethod && event.httpMethod.toUpperCase() !== 'POST') throw new MethodNotAllowedError('POST');
    // Lower-case header names, as the body parser and every later step expect.
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers[key.toLowerCase()] = value;
    event.headers = headers;
    const body = typeof event.body === 'string' && event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString() : event.body;
    event.isBase64Encoded = false;
    if (body === null || body === undefined || (typeof body === 'string' && body.trim() === '')) {
      event.body = '{}';
      headers['content-type'] ??= 'application/json';
      return;
    }
    event.body = body;
    // Media types are case-insensitive and may carry parameters (RFC 9110): APPLICATION/JSON and
    // application/json; charset=UTF-8 are JSON. The body parser after this step matches only
    // lower case, so it is handed the bare media type.
    const mediaType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!/^application\/([^/\s]+\+)?json$/.test(mediaType)) {
      throw new BadRequestError(
        `The request body must be JSON, sent with the header Content-Type: application/json (received ${headers['content-type'] ? `"${quoted(headers['content-type'])}"` : 'no Content-Type'}).`,
      );
    }
    headers['content-type'] = mediaType;
  };
  return { before: requestShapeBefore };
}

export function requestShapeAfterParsing(): GatewayMiddleware {
  const argumentsShapeBefore = async (request: GatewayRequest) => {
    const body = request.event.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new BadRequestError('The request body must be a JSON object of the form {"arguments": {...}}.');
    }
    const args = (body as Record<string, unknown>).arguments;
    // Only a missing `arguments` means {}: null is not an object, so it is refused (not billed as {}).
    if (args === undefined) {
      (body as Record<string, unknown>).arguments = {};
    } else if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new BadRequestError(
        '`arguments` must be a JSON object holding the tool\'s fields, for example {"arguments": {"campaign_id": "123"}}.',
      );
    }
  };
  return { before: argumentsShapeBefore };
}

/** The body parser's own errors (415 for bad JSON) become 400s with a plain message. */
export function bodyParserErrors(): GatewayMiddleware {
  const bodyParserOnError = async (request: GatewayRequest) => {
    const error = request.error as { cause?: { package?: string }; statusCode?: number } | undefined;
    if (error && !(error instanceof GatewayError) && error.cause?.package === '@middy/http-json-body-parser') {
      request.error = new BadRequestError(
        'The request body is not valid JSON. Send {"arguments": {...}} with Content-Type: application/json.',
      );
    }
  };
  return { onError: bodyParserOnError };
}
