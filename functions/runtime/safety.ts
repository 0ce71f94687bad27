import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from './config';
import { GatewayError, StoreUnavailableError } from '../../core/errors';
import type { WritePlan } from '../../core/plan';
import type { PlatformWord } from '../../core/platforms';
import { documentClient } from './stores/dynamo';
import type { Owner } from '../../core/accounts';
import type { AuditEntry } from './stores/audit';

/**
 * Spend safety settings of an owner (set with `gateway guardrails set`), stored on the owner's
 * profile. The auth step reads them with the owner (a copy up to 10 seconds old, enough for reads
 * and for turning a read tool off); a write reads them afresh (currentSafetySettings), so a new
 * guardrail applies to the very next write.
 */
export interface SafetySettings {
  /** Highest daily budget a write may set, per platform, in the account currency. */
  max_daily_budget?: Partial<Record<PlatformWord, number>>;
  /**
   * Highest increase of an existing daily budget, in percent: per change, and over the UTC day
   * against the budget at its start (00:00 UTC), so chained raises cannot pass it.
   */
  max_budget_increase_percent?: number;
  /** Every create must start paused (ctx.createPaused is true while planning). */
  create_paused?: boolean;
  /** Tools that are off for this owner: calling one answers guardrail_blocked. */
  tools_off?: string[];
  /**
   * off: a write that breaks a guardrail is refused; guardrails: it is held for approval instead;
   * all: every write is held for approval.
   */
  approvals?: 'off' | 'guardrails' | 'all';
  /** How long audit records are kept (days). */
  audit_retention_days?: number;
}

export type GuardrailName = 'max_daily_budget' | 'max_budget_increase_percent' | 'create_paused' | 'tools_off';

/** One guardrail a plan breaks: which, its limit, and the planned value that breaks it. */
export interface GuardrailBreach {
  guardrail: GuardrailName;
  limit: number | boolean | string;
  planned: number | boolean | string;
  entity?: string;
  id?: string;
  name?: string;
  currency?: string;
  message: string;
}

export function safetyOf(owner: Owner): SafetySettings {
  return (owner as Owner & { safety?: SafetySettings }).safety ?? {};
}

/**
 * The owner's safety settings as stored now (one consistent read): writes check these, not the
 * copy riding in the key cache, so `gateway guardrails set` takes effect for the very next write.
 * An owner without a stored profile (never in production) falls back to the cached copy.
 */
export async function currentSafetySettings(owner: Owner): Promise<SafetySettings> {
  const result = await documentClient().send(
    new GetCommand({
      TableName: tableName('owners'),
      Key: { owner_id: owner.owner_id, sk: 'PROFILE' },
      ProjectionExpression: 'safety',
      ConsistentRead: true,
    }),
  );
  if (!result.Item) return safetyOf(owner);
  return (result.Item.safety as SafetySettings | undefined) ?? {};
}

/**
 * The owner's safety settings read fresh, and in the same request (one BatchGetItem, both reads
 * consistent) an item of the idempotency table: a write's checkpoint (stores/checkpoints.ts), which
 * its checkpointed steps would otherwise read on their own.
 */
export async function currentSafetySettingsWithItem(
  owner: Owner,
  idempotencyItemId: string,
): Promise<{ settings: SafetySettings; item?: Record<string, unknown> }> {
  const profileKey = { owner_id: owner.owner_id, sk: 'PROFILE' };
  let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead: true; ProjectionExpression?: string }> = {
    [tableName('owners')]: { Keys: [profileKey], ConsistentRead: true, ProjectionExpression: 'safety' },
    [tableName('idempotency')]: { Keys: [{ id: idempotencyItemId }], ConsistentRead: true },
  };
  let profile: Record<string, unknown> | undefined;
  let item: Record<string, unknown> | undefined;
  let profileRead = false;
  for (let attempt = 0; Object.keys(request).length; attempt++) {
    if (attempt === 5) throw new StoreUnavailableError();
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    const result = await documentClient().send(new BatchGetCommand({ RequestItems: request }));
    profile ??= result.Responses?.[tableName('owners')]?.[0];
    item ??= result.Responses?.[tableName('idempotency')]?.[0];
    const left = (result.UnprocessedKeys ?? {}) as typeof request;
    if (!left[tableName('owners')]) profileRead = true;
    request = left;
  }
  if (!profileRead || !profile) return { settings: safetyOf(owner), item };
  return { settings: (profile.safety as SafetySettings | undefined) ?? {}, item };
}

export async function setSafetySettings(ownerId: string, settings: SafetySettings): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('owners'),
      Key: { owner_id: ownerId, sk: 'PROFILE' },
      UpdateExpression: 'SET safety = :s',
      ConditionExpression: 'attribute_exists(owner_id)',
      ExpressionAttributeValues: { ':s': settings },
    }),
  );
}

const label = (what: { entity: string; name?: string; id?: string }) =>
  `${what.entity.replace(/_/g, ' ')}${what.name ? ` "${what.name}"` : ''}${what.id ? ` (${what.id})` : ''}`;

/** The start of the UTC day `now` is in (the window of the budget increase guardrail). */
export function startOfUtcDay(now: Date): string {
  return `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
}

/**
 * The daily budgets in force at the start of the UTC day (00:00 UTC) of the budgets a plan changes,
 * by budget id: the `before` of the first applied change of that budget today, from the audit trail.
 * A budget not changed yet today is absent (its current value is its value at the start of the day).
 */
export function budgetsAtStartOfDay(entries: readonly AuditEntry[], accountId: string | undefined): Map<string, number> {
  const found = new Map<string, number>();
  // Oldest first: the first change of the day tells what the budget was at its start.
  const applied = entries.filter((e) => e.outcome === 'applied' && (!accountId || !e.account_id || e.account_id === accountId));
  for (const entry of [...applied].sort((a, b) => a.change_id.localeCompare(b.change_id)))
    for (const budget of entry.budgets ?? [])
      if (budget.id && budget.before !== undefined && !found.has(budget.id)) found.set(budget.id, budget.before);
  return found;
}

/** The guardrails a plan breaks, checked once here for every write tool (edges allowed: a value equal to its limit passes). */
export function guardrailBreaches(
  plan: WritePlan,
  platform: PlatformWord | null,
  settings: SafetySettings,
  /** Budgets at the start of the UTC day by id (budgetsAtStartOfDay), for the daily window of the increase guardrail. */
  dayStart: ReadonlyMap<string, number> = new Map(),
): GuardrailBreach[] {
  const breaches: GuardrailBreach[] = [];
  const maxBudget = platform ? settings.max_daily_budget?.[platform] : undefined;
  for (const budget of plan.budgets ?? []) {
    if (maxBudget !== undefined && budget.after > maxBudget) {
      breaches.push({
        guardrail: 'max_daily_budget',
        limit: maxBudget,
        planned: budget.after,
        entity: budget.entity,
        id: budget.id,
        name: budget.name,
        currency: budget.currency,
        message: `The daily budget of ${label(budget)} would be ${budget.after} ${budget.currency}, above your maximum of ${maxBudget} ${budget.currency} on ${platform}.`,
      });
    }
    const maxIncrease = settings.max_budget_increase_percent;
    if (maxIncrease !== undefined && budget.before !== undefined && budget.before > 0 && budget.after > budget.before) {
      const increase = Math.round(((budget.after - budget.before) / budget.before) * 10_000) / 100;
      if (increase > maxIncrease) {
        breaches.push({
          guardrail: 'max_budget_increase_percent',
          limit: maxIncrease,
          planned: increase,
          entity: budget.entity,
          id: budget.id,
          name: budget.name,
          currency: budget.currency,
          message: `The daily budget of ${label(budget)} would rise ${increase}% (${budget.before} → ${budget.after} ${budget.currency}), above your maximum increase of ${maxIncrease}% per change.`,
        });
        continue;
      }
      // The same cap over the UTC day: against the budget at 00:00 UTC, so 50 → 75 → 112 is refused at 112.
      const start = budget.id !== undefined ? dayStart.get(budget.id) : undefined;
      const dayIncrease = start !== undefined && start > 0 ? Math.round(((budget.after - start) / start) * 10_000) / 100 : 0;
      if (dayIncrease > maxIncrease) {
        breaches.push({
          guardrail: 'max_budget_increase_percent',
          limit: maxIncrease,
          planned: dayIncrease,
          entity: budget.entity,
          id: budget.id,
          name: budget.name,
          currency: budget.currency,
          message: `The daily budget of ${label(budget)} would rise ${dayIncrease}% today (${start} ${budget.currency} at the start of the UTC day → ${budget.after} ${budget.currency}), above your maximum increase of ${maxIncrease}%, which holds per change and per UTC day against the budget at 00:00 UTC.`,
        });
      }
    }
  }
  if (settings.create_paused) {
    for (const change of plan.changes) {
      if (change.action === 'create' && change.startsPaused !== true) {
        breaches.push({
          guardrail: 'create_paused',
          limit: true,
          planned: false,
          entity: change.entity,
          name: change.name,
          message: `The new ${label(change)} would not start paused, and your "create paused" guardrail is on.`,
        });
      }
    }
  }
  return breaches;
}

/** 400 `guardrail_blocked`: the write did not run. */
export class GuardrailBlockedError extends GatewayError {
  constructor(tool: string, breaches: GuardrailBreach[]) {
    const first = breaches[0]!;
    super(
      400,
      `Blocked by your guardrails; nothing was changed. ${breaches.map((b) => b.message).join(' ')} Lower the value, ask the account owner to change the guardrail (gateway guardrails set), or have them turn approvals on so such writes wait for approval. Send dry_run: true to preview a write against the guardrails.`,
      {
        structuredContent: {
          code: 'guardrail_blocked',
          tool,
          guardrail: first.guardrail,
          limit: first.limit,
          planned: first.planned,
          breaches,
        },
      },
    );
    this.name = 'GuardrailBlockedError';
  }
}

/** 400 `guardrail_blocked` for a tool the owner turned off. */
export function toolOffBreach(tool: string): GuardrailBreach {
  return { guardrail: 'tools_off', limit: 'off', planned: tool, message: `The tool ${tool} is turned off for this account owner.` };
}

export type KeyScope = 'read' | 'write' | 'approve';

/** 403 `key_scope`: the API key may not call this tool. */
export class KeyScopeError extends GatewayError {
  constructor(tool: string, scope: KeyScope, needed: string) {
    super(
      403,
      `This API key is limited to the ${scope} scope and cannot call ${tool}, which needs ${needed}. Nothing was changed. Use a key with that scope (gateway keys create --scope ...).`,
      { structuredContent: { code: 'key_scope', tool, key_scope: scope, needed } },
    );
    this.name = 'KeyScopeError';
  }
}

/**
 * Which keys may call a tool: read tools any key; writes a full key or a write key; approvals
 * (manage_action) only an approve key, so the key that made a write cannot approve it.
 */
export function checkKeyScope(tool: { name: string; access: 'read' | 'write'; approval?: boolean }, scope: KeyScope | undefined): void {
  if (tool.approval) {
    if (scope !== 'approve') {
      throw new GatewayError(
        403,
        `Only an approve-scoped API key can call ${tool.name}, so the key that made a write cannot approve it. Nothing was changed. The account owner creates one with: gateway keys create --owner <owner_id> --scope approve`,
        { structuredContent: { code: 'key_scope', tool: tool.name, key_scope: scope ?? 'full', needed: 'approve' } },
      );
    }
    return;
  }
  if (tool.access === 'write' && (scope === 'read' || scope === 'approve'))
    throw new KeyScopeError(tool.name, scope, 'a write-scoped or full key');
}
