import { ToolError } from '../../../core/errors';
import { listAuditEntries } from '../../../functions/runtime/stores/audit';
import { downloadReportFile } from '../../live/report-jobs';
import type { DeskAdsAccountInfo, DeskAdsConversionGoal, DeskAdsGoalType, DeskAdsNewConversionGoal, DeskAdsUetTag } from '../port';
import { GOAL_TYPES } from '../port';
import type {
  DeskAdsAudience,
  DeskAdsAudienceCriterion,
  DeskAdsAudienceType,
  DeskAdsGeoLocation,
  DeskAdsNewAudienceCriterion,
} from '../port-rest';
import type { CampaignsLive } from './campaigns';
import type { DeskAdsLiveContext } from './context';
import { parseCsv } from './report-files';
import { PLATFORM, batchFailures, nestedBatchFailures } from './wire';
import type { WireAudience, WireCriterion, WireGoal } from './wire-types';

/**
 * The account, conversion tracking (conversion goals, UET tags), audiences with their ad group
 * criteria and the ad group's audience target setting, the geographic locations file, and the
 * recommendations an owner dismissed through this gateway.
 */

/** Audience types: the port's words, the platform's Audience.Type and AdGroupCriterionType. */
const AUDIENCE_WIRE: Record<DeskAdsAudienceType, { audience: string; criterion: string }> = {
  RemarketingList: { audience: 'RemarketingList', criterion: 'RemarketingList' },
  InMarketAudience: { audience: 'InMarket', criterion: 'InMarketAudience' },
  CustomAudience: { audience: 'Custom', criterion: 'CustomAudience' },
  ProductAudience: { audience: 'Product', criterion: 'ProductAudience' },
  SimilarRemarketingList: { audience: 'SimilarRemarketingList', criterion: 'SimilarRemarketingList' },
  CustomerList: { audience: 'CustomerList', criterion: 'CustomerList' },
};
const AUDIENCE_PORT = new Map(Object.entries(AUDIENCE_WIRE).map(([port, wire]) => [wire.audience, port as DeskAdsAudienceType]));
/** The platform serves an audience from 1,000 members on. */
const MIN_SERVING_SIZE = 1000;
const GOAL_WIRE_TYPES = GOAL_TYPES.join(',');
/** The locations file changes rarely: one download a day per warm function at most. */
const LOCATIONS_TTL_MS = 24 * 3600_000;
let locationsCache: { at: number; locations: DeskAdsGeoLocation[] } | undefined;

export class TrackingLive {
  constructor(
    private readonly ctx: DeskAdsLiveContext,
    private readonly campaigns: CampaignsLive,
  ) {}

  async getAccountInfo(): Promise<DeskAdsAccountInfo> {
    const answer = await this.ctx.send('CustomerManagement.GetAccount', { AccountId: this.ctx.accountId });
    const a = answer.Account ?? {};
    return {
      id: String(a.Id),
      account_id: String(a.Id),
      account_number: a.Number ?? '',
      name: a.Name ?? '',
      status: a.AccountLifeCycleStatus ?? '',
      currency_code: a.CurrencyCode ?? this.ctx.account.currency,
      time_zone: this.ctx.account.time_zone,
      parent_customer_id: String(a.ParentCustomerId ?? ''),
    };
  }

  listConversionGoals(): Promise<DeskAdsConversionGoal[]> {
    return this.ctx.cached('goals', async () => {
      const answer = await this.ctx.send('CampaignManagement.GetConversionGoalsByIds', {
        ConversionGoalIds: null,
        ConversionGoalTypes: GOAL_WIRE_TYPES,
      });
      return (answer.ConversionGoals ?? [])
        .filter((g): g is WireGoal => !!g && GOAL_TYPES.includes(g.Type as DeskAdsGoalType))
        .map(goalFrom);
    });
  }

  async createConversionGoal(goal: DeskAdsNewConversionGoal): Promise<DeskAdsConversionGoal> {
    const wire: WireGoal = {
      Type: goal.type,
      Name: goal.name,
      Status: 'Active',
      Scope: 'Account',
      CountType: goal.count_type,
      ConversionWindowInMinutes: goal.conversion_window_minutes,
      GoalCategory: goal.goal_category,
      Revenue: {
        Type: goal.revenue_type,
        ...(goal.revenue_type !== 'NoValue' && goal.revenue_value !== null
          ? { Value: goal.revenue_value, CurrencyCode: goal.currency_code }
          : {}),
      },
      ...(goal.tag_id ? { TagId: goal.tag_id } : {}),
      ...(goal.url_condition ? { UrlOperator: goal.url_condition.operator, UrlExpression: goal.url_condition.expression } : {}),
      ...(goal.event_condition?.category ? { CategoryOperator: 'Equals', CategoryExpression: goal.event_condition.category } : {}),
      ...(goal.event_condition?.action ? { ActionOperator: 'Equals', ActionExpression: goal.event_condition.action } : {}),
      ...(goal.event_condition?.label ? { LabelOperator: 'Equals', LabelExpression: goal.event_condition.label } : {}),
      ...(goal.type === 'Duration' && goal.minimum !== undefined ? { MinimumDurationInSeconds: goal.minimum } : {}),
      ...(goal.type === 'PagesViewedPerVisit' && goal.minimum !== undefined ? { MinimumPagesViewed: goal.minimum } : {}),
    };
    const answer = await this.ctx.send('CampaignManagement.AddConversionGoals', { ConversionGoals: [wire] });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    const id = answer.ConversionGoalIds?.[0];
    if (failures.length || !id) throw this.ctx.itemsRefused(failures, () => `conversion goal "${goal.name}"`, 'No goal was created.');
    const created = (await this.listConversionGoals()).find((g) => g.id === String(id));
    if (!created)
      throw new ToolError(
        `The deskads platform created conversion goal ${id} but does not list it yet; list_deskads_conversion_goals shows it shortly.`,
      );
    return created;
  }

  listUetTags(): Promise<DeskAdsUetTag[]> {
    return this.ctx.cached('tags', async () => {
      const answer = await this.ctx.send('CampaignManagement.GetUetTagsByIds', { TagIds: null });
      return (answer.UetTags ?? []).flatMap((t) =>
        t
          ? [
              {
                id: String(t.Id),
                name: t.Name ?? '',
                status: t.TrackingStatus ?? 'Unverified',
              },
            ]
          : [],
      );
    });
  }

  listAudiences(): Promise<DeskAdsAudience[]> {
    return this.ctx.cached('audiences', async () => {
      const answer = await this.ctx.send('CampaignManagement.GetAudiencesByIds', {
        AudienceIds: null,
        Type: Object.values(AUDIENCE_WIRE)
          .map((w) => w.audience)
          .join(','),
      });
      return (answer.Audiences ?? []).filter((a): a is WireAudience => !!a && AUDIENCE_PORT.has(a.Type ?? '')).map(audienceFrom);
    });
  }

  /** The audience criteria of the account's ad groups (one request per ad group and audience type the account has). */
  async listAudienceCriteria(filter: { adGroupId?: string } = {}): Promise<DeskAdsAudienceCriterion[]> {
    const [audiences, campaigns] = await Promise.all([this.listAudiences(), this.campaigns.listCampaigns()]);
    const types = [...new Set(audiences.map((a) => a.type))];
    if (!types.length) return [];
    const groups = (
      await Promise.all(
        campaigns.map(async (c) => (await this.campaigns.adGroupsWire(c.id)).map((g) => ({ id: String(g.Id), campaign_id: c.id }))),
      )
    )
      .flat()
      .filter((g) => !filter.adGroupId || g.id === filter.adGroupId);
    const lists = await Promise.all(
      groups.flatMap((g) =>
        types.map((type) =>
          this.ctx.cached(`audienceCriteria:${g.id}:${type}`, async () => {
            const answer = await this.ctx.send('CampaignManagement.GetAdGroupCriterionsByIds', {
              AdGroupId: g.id,
              AdGroupCriterionIds: null,
              CriterionType: AUDIENCE_WIRE[type].criterion,
            });
            return (answer.AdGroupCriterions ?? [])
              .filter((c): c is WireCriterion => c?.Criterion?.Type === 'AudienceCriterion')
              .map((c) => criterionFrom(c, g.id, g.campaign_id));
          }),
        ),
      ),
    );
    return lists.flat();
  }

  async addAudienceCriteria(adGroupId: string, criteria: DeskAdsNewAudienceCriterion[]): Promise<DeskAdsAudienceCriterion[]> {
    const audiences = new Map((await this.listAudiences()).map((a) => [a.id, a]));
    const campaignId = await this.campaignOfAdGroup(adGroupId);
    const typed = criteria.map((c) => {
      const audience = audiences.get(c.audience_id);
      if (!audience) throw this.ctx.notFound('audience', c.audience_id, 'list_deskads_audiences');
      return { c, audience };
    });
    // The platform adds criteria of one criterion type per request.
    const created: DeskAdsAudienceCriterion[] = [];
    for (const type of [...new Set(typed.map((t) => t.audience.type))]) {
      const batch = typed.filter((t) => t.audience.type === type);
      const answer = await this.ctx.send('CampaignManagement.AddAdGroupCriterions', {
        CriterionType: AUDIENCE_WIRE[type].criterion,
        AdGroupCriterions: batch.map(({ c, audience }) => ({
          Type: c.excluded ? 'NegativeAdGroupCriterion' : 'BiddableAdGroupCriterion',
          AdGroupId: adGroupId,
          Status: 'Active',
          Criterion: { Type: 'AudienceCriterion', AudienceId: c.audience_id, AudienceType: AUDIENCE_WIRE[audience.type].audience },
          ...(c.excluded ? {} : { CriterionBid: { Type: 'BidMultiplier', Multiplier: c.bid_adjustment } }),
        })),
      });
      this.ctx.forget();
      const ids = (answer.AdGroupCriterionIds ?? []).map((id) => (id === null || id === undefined ? null : String(id)));
      const now = new Date().toISOString();
      batch.forEach(({ c, audience }, i) => {
        if (ids[i])
          created.push({
            id: ids[i]!,
            ad_group_id: adGroupId,
            campaign_id: campaignId,
            audience_type: audience.type,
            status: 'Active',
            created_at: now,
            ...c,
          });
      });
      const failures = nestedBatchFailures(answer.NestedPartialErrors).flatMap((n) => n.failures.map((f) => ({ ...f, index: n.index })));
      if (failures.length)
        throw this.ctx.itemsRefused(
          failures,
          (i) => `audience ${batch[i]?.c.audience_id} ("${batch[i]?.audience.name}")`,
          created.length ? `These were added: ${created.map((c) => c.audience_id).join(', ')}.` : 'No audience was added.',
        );
    }
    return created;
  }

  private async campaignOfAdGroup(adGroupId: string): Promise<string> {
    for (const c of await this.campaigns.listCampaigns())
      if ((await this.campaigns.adGroupsWire(c.id)).some((g) => String(g.Id) === adGroupId)) return c.id;
    throw this.ctx.notFound('ad group', adGroupId, 'list_deskads_ad_groups');
  }

  async getAudienceTargetAndBid(adGroupId: string): Promise<boolean> {
    const campaignId = await this.campaignOfAdGroup(adGroupId);
    const group = (await this.campaigns.adGroupsWire(campaignId)).find((g) => String(g.Id) === adGroupId)!;
    const setting = (group.Settings ?? []).find((s) => s?.Type === 'TargetSetting');
    return (setting?.Details ?? []).some((d) => d.CriterionTypeGroup === 'Audience' && d.TargetAndBid === true);
  }

  async setAudienceTargetAndBid(adGroupId: string, targetAndBid: boolean): Promise<void> {
    const campaignId = await this.campaignOfAdGroup(adGroupId);
    const answer = await this.ctx.send('CampaignManagement.UpdateAdGroups', {
      CampaignId: campaignId,
      AdGroups: [
        { Id: adGroupId, Settings: [{ Type: 'TargetSetting', Details: [{ CriterionTypeGroup: 'Audience', TargetAndBid: targetAndBid }] }] },
      ],
    });
    this.ctx.forget();
    const failures = batchFailures(answer.PartialErrors);
    if (failures.length) throw this.ctx.itemsRefused(failures, () => `ad group ${adGroupId}`, 'The setting was not changed.');
  }

  /**
   * Countries, states, metro areas and cities of the platform's locations file (GetGeoLocationsFileUrl,
   * then the file from the allowed hosts), kept for a day: location lookups do not ask the platform each time.
   */
  async listGeoLocations(): Promise<DeskAdsGeoLocation[]> {
    if (locationsCache && Date.now() - locationsCache.at < LOCATIONS_TTL_MS) return locationsCache.locations;
    const answer = await this.ctx.send('CampaignManagement.GetGeoLocationsFileUrl', { Version: '2.0', LanguageLocale: 'en' });
    if (!answer.FileUrl)
      throw new ToolError('The deskads platform handed out no locations file; try again later.', {
        code: 'tool_rejected',
        platform: PLATFORM,
      });
    const settings = await (await this.ctx.api()).loadSettings();
    const file = await downloadReportFile(PLATFORM, answer.FileUrl, settings.downloadHosts, this.ctx.call);
    const locations = locationsFrom(file.toString('utf8'));
    locationsCache = { at: Date.now(), locations };
    return locations;
  }

  /** The recommendations the owner dismissed on this account through this gateway (its audit trail keeps them). */
  async listDismissedRecommendations(): Promise<string[]> {
    const { account } = this.ctx;
    const entries = await listAuditEntries(account.owner_id, {
      limit: 1000,
      filter: (e) =>
        e.tool === 'apply_deskads_recommendations' &&
        e.outcome === 'applied' &&
        e.account_id === account.account_id &&
        e.arguments.action === 'dismiss',
    });
    return [
      ...new Set(entries.flatMap((e) => (Array.isArray(e.arguments.recommendation_ids) ? e.arguments.recommendation_ids.map(String) : []))),
    ];
  }

  /** Recommendations are this gateway's own reading of the account: dismissing one is recorded in the audit trail, nothing is sent. */
  async dismissRecommendations(): Promise<void> {}
}

function goalFrom(g: WireGoal): DeskAdsConversionGoal {
  const revenue = g.Revenue ?? {};
  return {
    id: String(g.Id),
    name: g.Name ?? '',
    type: g.Type as DeskAdsGoalType,
    status: g.Status ?? 'Active',
    tracking_status: g.TrackingStatus ?? 'TagUnverified',
    ...(g.TagId ? { tag_id: String(g.TagId) } : {}),
    revenue_type: revenue.Type ?? 'NoValue',
    revenue_value: revenue.Value === undefined || revenue.Value === null ? null : Number(revenue.Value),
    currency_code: revenue.CurrencyCode ?? '',
    count_type: g.CountType ?? 'All',
    conversion_window_minutes: Number(g.ConversionWindowInMinutes ?? 0),
    goal_category: g.GoalCategory ?? 'Other',
    scope: g.Scope ?? 'Account',
  };
}

function audienceFrom(a: WireAudience): DeskAdsAudience {
  const searchSize = Number(a.SearchSize ?? 0);
  return {
    id: String(a.Id),
    name: a.Name ?? '',
    type: AUDIENCE_PORT.get(a.Type ?? '')!,
    description: a.Description ?? null,
    membership_duration_days: a.MembershipDuration === undefined || a.MembershipDuration === null ? null : Number(a.MembershipDuration),
    search_size: searchSize,
    audience_network_size: Number(a.AudienceNetworkSize ?? 0),
    scope: a.Scope === 'Customer' ? 'Customer' : 'Account',
    source_audience_id: a.SourceId ? String(a.SourceId) : null,
    status: searchSize >= MIN_SERVING_SIZE ? 'Active' : 'Inactive',
    start_date: null,
  };
}

function criterionFrom(c: WireCriterion, adGroupId: string, campaignId: string): DeskAdsAudienceCriterion {
  const criterion = c.Criterion ?? {};
  return {
    id: String(c.Id),
    ad_group_id: adGroupId,
    campaign_id: campaignId,
    audience_id: String(criterion.AudienceId),
    audience_type: AUDIENCE_PORT.get(criterion.AudienceType ?? '') ?? 'RemarketingList',
    bid_adjustment: Number(c.CriterionBid?.Multiplier ?? 0),
    excluded: c.Type === 'NegativeAdGroupCriterion',
    status: c.Status === 'Paused' ? 'Paused' : 'Active',
    // The platform does not say when a criterion was added.
    created_at: '',
  };
}

let regionCodes: Map<string, string> | undefined;
/** A country's ISO code from its English name (the locations file names countries, not codes). */
function countryCode(name: string): string {
  if (!regionCodes) {
    regionCodes = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const shown = names.of(code);
        if (shown && shown !== code) regionCodes.set(shown.toLowerCase(), code);
      }
  }
  const plain = name.toLowerCase().replace(/, the$/, '');
  return regionCodes.get(plain) ?? regionCodes.get(`the ${plain}`) ?? '';
}

const LOCATION_TYPES = new Set(['Country', 'State', 'MetroArea', 'City']);

/** The rows of the locations file (version 2.0: Location Id, Bing Display Name "City|State|Country", Location Type, Status). */
export function locationsFrom(csv: string): DeskAdsGeoLocation[] {
  const [header, ...rows] = parseCsv(csv);
  if (!header) return [];
  const col = (name: string) => header.indexOf(name);
  const [id, display, type, status] = [col('Location Id'), col('Bing Display Name'), col('Location Type'), col('Status')];
  const byName = new Map<string, string>();
  const kept = rows.filter((r) => LOCATION_TYPES.has(r[type] ?? '') && (r[status] ?? 'Active') !== 'Deprecated');
  for (const r of kept) byName.set(r[display]!, r[id]!);
  return kept.map((r) => {
    const parts = r[display]!.split('|');
    const country = parts[parts.length - 1]!;
    const kind = r[type] as DeskAdsGeoLocation['type'];
    return {
      id: r[id]!,
      name: parts[0]!,
      type: kind,
      country,
      country_code: countryCode(country),
      state: kind === 'Country' || kind === 'State' || parts.length < 3 ? null : parts[parts.length - 2]!,
      metro: null,
      parent_id: parts.length > 1 ? (byName.get(parts.slice(1).join('|')) ?? null) : null,
    };
  });
}
