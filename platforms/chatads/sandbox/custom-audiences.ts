/** The chatads sandbox's custom audiences and their member operations (state machines in audiences.ts). */
import { EntityNotFoundError, EntityStateError, type SandboxStore } from '../../sandbox/store';
import { audienceAt, fileRows, operationAt, processingMs, type StoredAudience, type StoredOperation } from './audiences';
import { KIND, lower } from './stored';
import type { ChatAdsAudienceOperation, ChatAdsCustomAudience, NewChatAdsAudienceOperation } from '../port';

export class CustomAudiencesSandbox {
  constructor(private readonly store: SandboxStore) {}

  async listCustomAudiences(): Promise<ChatAdsCustomAudience[]> {
    const [audiences, operations] = await Promise.all([
      this.store.list<StoredAudience>(KIND.audience),
      this.store.list<StoredOperation>(KIND.operation),
    ]);
    const now = new Date();
    return audiences.map((a) => audienceAt(a, operations, now));
  }

  async getCustomAudience(audienceId: string): Promise<ChatAdsCustomAudience> {
    const [audience, operations] = await Promise.all([
      this.store.require<StoredAudience>(KIND.audience, audienceId),
      this.store.list<StoredOperation>(KIND.operation),
    ]);
    return audienceAt(audience, operations, new Date());
  }

  async createCustomAudience(audience: { name: string; description?: string }, now: Date): Promise<ChatAdsCustomAudience> {
    // An empty audience is too small until members are added.
    const stored = await this.store.create<StoredAudience>(KIND.audience, {
      id: `aud_${lower(24)}`,
      ...audience,
      status: 'too_small',
      matched_users: 0,
      uploaded_identifiers: 0,
      archived: false,
      created_at: now.toISOString(),
    });
    return audienceAt(stored, [], now);
  }

  async archiveCustomAudience(audienceId: string, now: Date): Promise<ChatAdsCustomAudience> {
    await this.store.update<StoredAudience>(KIND.audience, audienceId, { archived: true }, { expect: { archived: false }, now });
    return this.getCustomAudience(audienceId);
  }

  async startAudienceOperation(operation: NewChatAdsAudienceOperation, now: Date): Promise<ChatAdsAudienceOperation> {
    const audience = await this.store.require<StoredAudience>(KIND.audience, operation.custom_audience_id);
    if (audience.archived) throw new EntityNotFoundError(KIND.audience, audience.id);
    const submitted = operation.members?.length ?? fileRows(operation.file_id!);
    return this._startOperation(
      {
        custom_audience_id: audience.id,
        type: operation.type,
        submitted_identifiers: submitted,
        valid_identifiers: submitted,
        source: operation.members ? 'inline' : 'file',
        ...(operation.file_id ? { file_id: operation.file_id } : {}),
      },
      now,
    );
  }

  async mergeCustomAudiences(merge: { name: string; source_audience_ids: string[] }, now: Date) {
    const sources = await Promise.all(merge.source_audience_ids.map((id) => this.getCustomAudience(id)));
    const uploaded = sources.reduce((t, a) => t + a.uploaded_identifiers, 0);
    // Members present in several sources count once: the merge keeps about 90% of the sum.
    const matched = Math.round(sources.reduce((t, a) => t + a.matched_users, 0) * 0.9);
    const audience = await this.store.create<StoredAudience>(KIND.audience, {
      id: `aud_${lower(24)}`,
      name: merge.name,
      description: `Merge of ${sources.length} audiences`,
      status: 'processing',
      matched_users: 0,
      uploaded_identifiers: 0,
      archived: false,
      created_at: now.toISOString(),
    });
    const operation = await this._startOperation(
      {
        custom_audience_id: audience.id,
        type: 'merge',
        submitted_identifiers: uploaded,
        valid_identifiers: uploaded,
        source: 'audiences',
        source_audience_ids: merge.source_audience_ids,
        merged: { uploaded, matched },
      },
      now,
    );
    return { audience: await this.getCustomAudience(audience.id), operation };
  }

  private async _startOperation(
    op: Omit<StoredOperation, 'id' | 'created_at' | 'state' | 'completes_at'>,
    now: Date,
  ): Promise<ChatAdsAudienceOperation> {
    const stored = await this.store.create<StoredOperation>(KIND.operation, {
      ...op,
      id: `aop_${lower(24)}`,
      created_at: now.toISOString(),
      state: 'running',
      completes_at: new Date(now.getTime() + processingMs(op.submitted_identifiers)).toISOString(),
    });
    return operationAt(stored, now);
  }

  async listAudienceOperations(filter: { custom_audience_id?: string } = {}): Promise<ChatAdsAudienceOperation[]> {
    if (filter.custom_audience_id) await this.store.require(KIND.audience, filter.custom_audience_id);
    const now = new Date();
    return (await this.store.list<StoredOperation>(KIND.operation))
      .filter((o) => !filter.custom_audience_id || o.custom_audience_id === filter.custom_audience_id)
      .map((o) => operationAt(o, now));
  }

  async getAudienceOperation(operationId: string): Promise<ChatAdsAudienceOperation> {
    return operationAt(await this.store.require<StoredOperation>(KIND.operation, operationId), new Date());
  }

  async changeAudienceOperation(operationId: string, action: 'pause' | 'resume' | 'cancel', now: Date): Promise<ChatAdsAudienceOperation> {
    const stored = await this.store.require<StoredOperation>(KIND.operation, operationId);
    const current = operationAt(stored, now);
    const allowed = action === 'resume' ? current.status === 'paused' : current.status === 'processing' || current.status === 'paused';
    if (!allowed) throw new EntityStateError(KIND.operation, operationId);
    const changes: Partial<StoredOperation> =
      action === 'pause'
        ? { state: 'paused', remaining_ms: Math.max(0, Date.parse(stored.completes_at!) - now.getTime()), completes_at: undefined }
        : action === 'resume'
          ? { state: 'running', completes_at: new Date(now.getTime() + (stored.remaining_ms ?? 0)).toISOString(), remaining_ms: undefined }
          : { state: 'cancelled', cancelled_at: now.toISOString() };
    const updated = await this.store.update<StoredOperation>(KIND.operation, operationId, changes, {
      expect: { state: stored.state },
      now,
    });
    return operationAt(updated, now);
  }
}
