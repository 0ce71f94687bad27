/** The deskads sandbox's account family: account information, conversion goals, UET tags, dismissed recommendations and the change history. */
import { isoDate } from '../../../core/dates';
import { stateAt, type WithHistory } from '../../sandbox/history';
import { digits } from '../../sandbox/ids';
import type { SandboxStore } from '../../sandbox/store';
import { ACCOUNT_INFO_ID, KIND, type StoredAd, type StoredKeyword } from './stored';
import type {
  DeskAdsNewConversionGoal,
  DeskAdsAdGroup,
  DeskAdsCampaign,
  DeskAdsAccountInfo,
  DeskAdsConversionGoal,
  DeskAdsUetTag,
  DeskAdsChange,
} from '../port';

export class AccountSandbox {
  constructor(private readonly store: SandboxStore) {}

  getAccountInfo(): Promise<DeskAdsAccountInfo> {
    return this.store.require<DeskAdsAccountInfo>(KIND.account, ACCOUNT_INFO_ID);
  }

  listConversionGoals(): Promise<DeskAdsConversionGoal[]> {
    return this.store.list<DeskAdsConversionGoal>(KIND.goal);
  }

  listUetTags(): Promise<DeskAdsUetTag[]> {
    return this.store.list<DeskAdsUetTag>(KIND.tag);
  }

  async createConversionGoal(goal: DeskAdsNewConversionGoal): Promise<DeskAdsConversionGoal> {
    // A new goal records nothing until its tag reports a matching visit: the platform shows it unverified first.
    const tag = goal.tag_id ? await this.store.require<DeskAdsUetTag>(KIND.tag, goal.tag_id) : undefined;
    return this.store.create<DeskAdsConversionGoal>(KIND.goal, {
      id: digits(8),
      ...goal,
      status: 'Active',
      tracking_status: tag && tag.status === 'Active' ? 'NoRecentConversions' : 'TagUnverified',
      scope: 'Account',
      start_date: isoDate(new Date()),
    });
  }

  async listDismissedRecommendations(): Promise<string[]> {
    return (await this.store.list<{ id: string }>(KIND.dismissed)).map((d) => d.id);
  }

  async dismissRecommendations(ids: string[]): Promise<void> {
    await this.store.putMany(
      KIND.dismissed,
      ids.map((id) => ({ id })),
    );
  }

  /** From the entities' recorded history (platforms/sandbox/history.ts): each update's fields, before and after. */
  async listChanges(from: string, to: string): Promise<DeskAdsChange[]> {
    const history = { withHistory: true };
    const [campaigns, groups, keywords, ads] = await Promise.all([
      this.store.list<WithHistory<DeskAdsCampaign>>(KIND.campaign, history),
      this.store.list<WithHistory<DeskAdsAdGroup>>(KIND.adGroup, history),
      this.store.list<WithHistory<StoredKeyword>>(KIND.keyword, history),
      this.store.list<WithHistory<StoredAd>>(KIND.ad, history),
    ]);
    const changes: DeskAdsChange[] = [];
    const collect = (
      type: DeskAdsChange['entity_type'],
      entities: WithHistory<{ id: string }>[],
      nameOf: (e: Record<string, unknown>) => string,
    ) => {
      for (const entity of entities) {
        for (const entry of entity.history ?? []) {
          if (entry.at < from || entry.at >= to) continue;
          const after = stateAt(entity, entry.at) as Record<string, unknown>;
          for (const [field, before] of Object.entries(entry.before)) {
            if (field === 'rev' || field === 'performance') continue;
            changes.push({
              at: entry.at,
              entity_type: type,
              entity_id: entity.id,
              entity_name: nameOf(after),
              field,
              old_value: before ?? null,
              new_value: after[field] ?? null,
            });
          }
        }
      }
    };
    collect('Campaign', campaigns, (e) => String(e.name));
    collect('AdGroup', groups, (e) => String(e.name));
    collect('Keyword', keywords, (e) => String(e.text));
    collect('Ad', ads, (e) => String((e.headlines as string[] | undefined)?.[0] ?? e.id));
    return changes.sort((a, b) => b.at.localeCompare(a.at) || a.entity_id.localeCompare(b.entity_id));
  }
}
