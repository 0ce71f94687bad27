/**
 * What every route of the fake Marketing API checks: the member's role on the ad account, the write
 * scope, body fields against the published field lists, money (`{ amount: "12.34", currencyCode }`
 * in the account's currency with its number of decimals), enums, and pages (cursor and offset).
 */
import FIELDS from './proads-fields.json';
import { ApiError, type FakeProAdsApi, type RouteRequest } from './proads-api';
import { decimalsOf, type FakeAccount, type Json } from './proads-model';
import type { RestliData } from './proads-restli';

export type InputError = { fieldPath: string; description: string; code: string };

/** Fields the platform sets itself: never accepted in a create or an update. */
export const READ_ONLY = new Set([
  'id',
  'test',
  'servingStatuses',
  'changeAuditStamps',
  'version',
  'backfilled',
  'createdAt',
  'createdBy',
  'lastModifiedAt',
  'lastModifiedBy',
  'isServing',
  'isTest',
  'servingHoldReasons',
  'review',
]);
export const WRITABLE = {
  adCampaignGroups: FIELDS.adCampaignGroups.fields.filter((f) => !READ_ONLY.has(f)),
  adCampaigns: FIELDS.adCampaigns.fields.filter((f) => !READ_ONLY.has(f)),
  creatives: [...FIELDS.creatives.fields.filter((f) => !READ_ONLY.has(f)), 'leadgenCallToAction'],
};
export const ANALYTICS_METRICS = new Set(FIELDS.analyticsMetrics);

/** The account of an account-scoped path, if the member has a role on it (a write role for writes). */
export function accountFor(api: FakeProAdsApi, req: RouteRequest, id: string, write: boolean): FakeAccount {
  const account = api.account(id);
  const role = account.roles.get(req.member);
  if (!role) throw new ApiError(403, `Not enough permissions to access: adAccounts ${id} for this member.`, 'ACCESS_DENIED', 100);
  if (write && (role === 'VIEWER' || !req.scopes.includes('rw_ads')))
    throw new ApiError(403, 'Not enough permissions to change this ad account (a VIEWER role or no rw_ads scope).', 'ACCESS_DENIED', 100);
  return account;
}

/** Unknown and missing fields of a body, as the platform's input errors. */
export function fieldProblems(body: Json, allowed: readonly string[], required: readonly string[], prefix = ''): InputError[] {
  const problems: InputError[] = [];
  for (const key of Object.keys(body)) {
    if (READ_ONLY.has(key) && allowed.includes(key) === false && !prefix)
      problems.push({ fieldPath: `${prefix}/${key}`, description: `Field ${key} is read-only`, code: 'READ_ONLY_FIELD' });
    else if (!allowed.includes(key))
      problems.push({ fieldPath: `${prefix}/${key}`, description: `Unrecognized field ${key}`, code: 'UNRECOGNIZED_FIELD' });
  }
  for (const key of required)
    if (body[key] === undefined || body[key] === null)
      problems.push({ fieldPath: `${prefix}/${key}`, description: `Field ${key} is required`, code: 'FIELD_VALUE_REQUIRED' });
  return problems;
}

/** A money record in the account's currency, or its problems. */
export function moneyProblems(value: unknown, currency: string, path: string): InputError[] {
  if (typeof value !== 'object' || value === null)
    return [{ fieldPath: path, description: 'Expected a money amount {amount, currencyCode}', code: 'INVALID_VALUE' }];
  const m = value as Json;
  const extra = Object.keys(m).filter((k) => k !== 'amount' && k !== 'currencyCode');
  if (extra.length)
    return [{ fieldPath: `${path}/${extra[0]}`, description: `Unrecognized field ${extra[0]}`, code: 'UNRECOGNIZED_FIELD' }];
  if (typeof m.amount !== 'string' || !/^\d+(\.\d+)?$/.test(m.amount))
    return [
      {
        fieldPath: `${path}/amount`,
        description: 'The amount must be a decimal number in a string, such as "12.34"',
        code: 'INVALID_VALUE',
      },
    ];
  if ((m.amount.split('.')[1]?.length ?? 0) > decimalsOf(currency))
    return [
      {
        fieldPath: `${path}/amount`,
        description: `${currency} amounts have at most ${decimalsOf(currency)} decimals`,
        code: 'INVALID_VALUE',
      },
    ];
  if (m.currencyCode !== currency)
    return [
      { fieldPath: `${path}/currencyCode`, description: `The currency must be the account's currency ${currency}`, code: 'INVALID_VALUE' },
    ];
  return [];
}

export function enumProblem(value: unknown, allowed: readonly string[], path: string): InputError[] {
  return typeof value === 'string' && allowed.includes(value)
    ? []
    : [{ fieldPath: path, description: `Invalid value ${JSON.stringify(value)}; one of ${allowed.join(', ')}`, code: 'INVALID_VALUE' }];
}

export function refuse(problems: InputError[], status = 400): void {
  if (problems.length)
    throw new ApiError(
      status,
      problems.map((p) => `${p.fieldPath}: ${p.description}`).join('; '),
      status === 422 ? 'UNPROCESSABLE_ENTITY' : 'ILLEGAL_ARGUMENT',
      undefined,
      problems,
    );
}

/** A query parameter as text, or a 400 naming it. */
export function param(req: RouteRequest, name: string, required = true): string | undefined {
  const value = req.query.get(name);
  if (value === undefined) {
    if (required) throw new ApiError(400, `Parameter ${name} is required.`, 'ILLEGAL_ARGUMENT');
    return undefined;
  }
  if (typeof value !== 'string') throw new ApiError(400, `Parameter ${name} must be a single value.`, 'ILLEGAL_ARGUMENT');
  return value;
}

export function listParam(req: RouteRequest, name: string): string[] | undefined {
  const value = req.query.get(name);
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw new ApiError(400, `Parameter ${name} must be a List(...) of values.`, 'ILLEGAL_ARGUMENT');
  return value as string[];
}

export const record = (value: RestliData | undefined): Record<string, RestliData> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;

/** A cursor page (pageSize/pageToken, metadata.nextPageToken) of `items`. */
export function cursorPage(api: FakeProAdsApi, req: RouteRequest, items: Json[], max: number) {
  const size = Number(param(req, 'pageSize', false) ?? 100);
  if (!Number.isInteger(size) || size < 1 || size > max) throw new ApiError(400, `pageSize must be 1-${max}.`, 'ILLEGAL_ARGUMENT');
  const token = param(req, 'pageToken', false);
  const start = token
    ? Number(
        Buffer.from(token, 'base64url')
          .toString('utf8')
          .replace(/^offset:/, ''),
      )
    : 0;
  if (!Number.isInteger(start) || start < 0) throw new ApiError(400, 'Invalid pageToken.', 'ILLEGAL_ARGUMENT');
  const take = Math.min(size, api.pageCap);
  const elements = items.slice(start, start + take);
  const next = start + take < items.length ? Buffer.from(`offset:${start + take}`).toString('base64url') : undefined;
  return { status: 200, body: { elements, metadata: next ? { nextPageToken: next } : {}, paging: { start, count: take, links: [] } } };
}

/** An offset page (start/count, paging.total) of `items`. */
export function offsetPage(api: FakeProAdsApi, req: RouteRequest, items: Json[], max: number) {
  const start = Number(param(req, 'start', false) ?? 0);
  const count = Number(param(req, 'count', false) ?? 10);
  if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 1 || count > max)
    throw new ApiError(400, `start must be 0 or more and count 1-${max}.`, 'ILLEGAL_ARGUMENT');
  const take = Math.min(count, api.pageCap);
  return {
    status: 200,
    body: { elements: items.slice(start, start + take), paging: { start, count: take, total: items.length, links: [] } },
  };
}
