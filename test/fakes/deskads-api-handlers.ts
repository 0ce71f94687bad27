/**
 * The operations of the fake deskads platform's Campaign Management and Ad Insight services, on
 * one account's state: each refuses what the platform refuses (unknown ids, limits of the
 * reference pages, money with more than two decimals, texts over their lengths, duplicates) with
 * its error codes, per item where the platform answers partial errors (PartialErrors by index,
 * NestedPartialErrors per entity), and answers only the members the published models have.
 */
import { batchError } from './deskads-api-wire';
import { LOCATIONS, newId, type FakeAccount, type FakeCustomer, type Wire } from './deskads-api-data';

/** A refusal of the whole operation: HTTP 400 with the operation error. */
export class OperationRefusal extends Error {
  constructor(
    readonly code: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

export interface HandlerContext {
  body: Wire;
  account: FakeAccount;
  accountId: string;
  customer: FakeCustomer;
  /** Moments of writes (for the change history). */
  now: Date;
}

/** Terms the platform's editorial review refuses in a keyword (per item, the other keywords are added). */
export const EDITORIAL_REFUSED_TERMS = ['counterfeit'];

type Handler = (ctx: HandlerContext) => Wire;

/** Records a batch error for one item; the item gets no id. */
function skip(errors: Wire[], error: Wire): null {
  errors.push(error);
  return null;
}

const refuse = (code: number, errorCode: string, message: string): never => {
  throw new OperationRefusal(code, errorCode, message);
};

/** An amount in account currency: a number with at most two decimals. */
const moneyOk = (value: unknown, min = 0) =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

function limit(list: unknown[] | null | undefined, max: number, code: number, errorCode: string, what: string): unknown[] {
  if (!Array.isArray(list) || !list.length)
    refuse(
      code === 513 ? 514 : code,
      code === 513 ? 'CampaignServiceEntityIdsArrayExceedsLimit' : errorCode,
      `The ${what} array is null or empty.`,
    );
  if (list!.length > max) refuse(code, errorCode, `The ${what} array exceeds the limit of ${max}.`);
  return list!;
}

function campaignOf(ctx: HandlerContext, id: unknown): Wire {
  const campaign = ctx.account.campaigns.get(String(id));
  if (!campaign) refuse(1100, 'CampaignServiceInvalidCampaignId', 'The campaign identifier is not valid.');
  return campaign!;
}

function adGroupOf(ctx: HandlerContext, id: unknown): { campaignId: string; wire: Wire } {
  const group = ctx.account.adGroups.get(String(id));
  if (!group) refuse(1201, 'CampaignServiceInvalidAdGroupId', 'The ad group ID is not valid.');
  return group!;
}

/** Checks one campaign of an add or update; answers its batch error, or undefined. */
function campaignProblem(c: Wire, index: number, adding: boolean, ctx: HandlerContext): Wire | undefined {
  if (adding && c.Id)
    return batchError(index, 1004, 'CampaignServiceIdShouldBeNullOnAdd', 'The identifier property must be null for an add operation.');
  if ((adding || c.Name !== undefined) && (typeof c.Name !== 'string' || !c.Name.trim() || c.Name.length > 128))
    return batchError(index, 1101, 'CampaignServiceInvalidCampaignName', 'The campaign name is not valid.');
  if (
    c.Name !== undefined &&
    [...ctx.account.campaigns.values()].some((o) => o.Id !== c.Id && o.Name.toLowerCase() === String(c.Name).toLowerCase())
  )
    return batchError(
      index,
      1115,
      'CampaignServiceCannotCreateDuplicateCampaign',
      'An attempt was made to create a duplicate of a campaign that already exists.',
    );
  if (c.DailyBudget !== undefined && c.DailyBudget !== null && !moneyOk(c.DailyBudget, 0.05))
    return batchError(index, 1106, 'CampaignServiceInvalidDailyBudget', 'The campaign daily budget is not valid.');
  if (adding && !c.BudgetId && (c.DailyBudget === undefined || c.DailyBudget === null))
    return batchError(index, 1106, 'CampaignServiceInvalidDailyBudget', 'The campaign daily budget is not valid.');
  if (c.BudgetId && c.BudgetId !== '0' && !ctx.account.budgets.has(String(c.BudgetId)))
    return batchError(index, 1102, 'CampaignServiceInvalidBudgetId', 'The budget identifier is not valid.');
  if (c.CampaignType !== undefined && String(c.CampaignType).includes(','))
    return batchError(
      index,
      1158,
      'CampaignServiceCampaignTypeLimitExceeded',
      'You can specify a maximum of one campaign type for a campaign.',
    );
  if (c.Status !== undefined && !['Active', 'Paused'].includes(c.Status))
    return batchError(index, 1016, 'CampaignServiceInvalidEntityState', 'The entity status is not valid.');
  if (c.BiddingScheme?.Type === 'TargetCpa' && !moneyOk(c.BiddingScheme.TargetCpa, 0.01))
    return batchError(index, 1106, 'CampaignServiceInvalidTargetCpa', 'The target CPA is not valid.');
  if (adding && (!Array.isArray(c.Languages) || !c.Languages.length))
    return batchError(index, 1122, 'CampaignServiceLanguagesRequired', 'The campaign languages are required.');
  if (c.CampaignType === 'Shopping') {
    const setting = (c.Settings ?? []).find((s: Wire) => s.Type === 'ShoppingSetting');
    if (!setting || !ctx.customer.stores.some((s) => s.Id === setting.StoreId))
      return batchError(index, 3010, 'CampaignServiceInvalidStoreId', 'The shopping setting names no store of the customer.');
  }
  return undefined;
}

export const CAMPAIGN_HANDLERS: Record<string, Handler> = {
  GetCampaignsByAccountId(ctx) {
    const types = String(ctx.body.CampaignType ?? 'Search')
      .split(',')
      .map((t) => t.trim());
    return { Campaigns: [...ctx.account.campaigns.values()].filter((c) => types.includes(c.CampaignType)) };
  },
  AddCampaigns(ctx) {
    const campaigns = limit(ctx.body.Campaigns, 100, 1114, 'CampaignServiceCampaignsArrayExceedsLimit', 'campaigns') as Wire[];
    const errors: Wire[] = [];
    const ids = campaigns.map((c, i) => {
      const problem = campaignProblem(c, i, true, ctx);
      if (problem) return skip(errors, problem);
      const id = newId();
      ctx.account.campaigns.set(id, {
        Id: id,
        CampaignType: 'Search',
        Settings: null,
        BudgetId: null,
        EndDate: null,
        TimeZone: ctx.account.info.TimeZone,
        ...c,
      });
      return id;
    });
    return { CampaignIds: ids, PartialErrors: errors };
  },
  UpdateCampaigns(ctx) {
    const campaigns = limit(ctx.body.Campaigns, 100, 1114, 'CampaignServiceCampaignsArrayExceedsLimit', 'campaigns') as Wire[];
    const errors: Wire[] = [];
    campaigns.forEach((c, i) => {
      const current = ctx.account.campaigns.get(String(c.Id));
      if (!current)
        return void errors.push(batchError(i, 1100, 'CampaignServiceInvalidCampaignId', 'The campaign identifier is not valid.'));
      const problem = campaignProblem(c, i, false, ctx);
      if (problem) return void errors.push(problem);
      const { UseCampaignLevelDates: _dates, ...fields } = c;
      for (const [name, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        if (name === 'BudgetId' && value === '0') current.BudgetId = null;
        else current[name] = value;
        if (name !== 'Id') ctx.account.changes.push(change(ctx, 'Campaign', name, String(c.Id), current.Name, value));
      }
    });
    return { PartialErrors: errors };
  },
  DeleteCampaigns(ctx) {
    const ids = limit(ctx.body.CampaignIds, 100, 1119, 'CampaignServiceCampaignIdsArrayExceedsLimit', 'campaign ids') as string[];
    const errors: Wire[] = [];
    ids.forEach((id, i) => {
      if (!ctx.account.campaigns.delete(String(id)))
        errors.push(batchError(i, 1100, 'CampaignServiceInvalidCampaignId', 'The campaign identifier is not valid.'));
      for (const [groupId, g] of ctx.account.adGroups) if (g.campaignId === id) ctx.account.adGroups.delete(groupId);
    });
    return { PartialErrors: errors };
  },
  GetAdGroupsByCampaignId(ctx) {
    campaignOf(ctx, ctx.body.CampaignId);
    return { AdGroups: [...ctx.account.adGroups.values()].filter((g) => g.campaignId === ctx.body.CampaignId).map((g) => g.wire) };
  },
  AddAdGroups(ctx) {
    campaignOf(ctx, ctx.body.CampaignId);
    const groups = limit(ctx.body.AdGroups, 1000, 1210, 'CampaignServiceAdGroupsArrayExceedsLimit', 'ad groups') as Wire[];
    const errors: Wire[] = [];
    const ids = groups.map((g, i) => {
      if (g.Id)
        return skip(
          errors,
          batchError(i, 1004, 'CampaignServiceIdShouldBeNullOnAdd', 'The identifier property must be null for an add operation.'),
        );
      if (typeof g.Name !== 'string' || !g.Name.trim() || g.Name.length > 256)
        return skip(errors, batchError(i, 1202, 'CampaignServiceInvalidAdGroupName', 'The ad group name is not valid.'));
      if (g.CpcBid && !moneyOk(g.CpcBid.Amount, 0.01))
        return skip(errors, batchError(i, 1538, 'CampaignServiceInvalidBidAmount', 'The bid amount is invalid.'));
      const id = newId();
      ctx.account.adGroups.set(id, { campaignId: String(ctx.body.CampaignId), wire: { Settings: null, EndDate: null, ...g, Id: id } });
      return id;
    });
    return { AdGroupIds: ids, PartialErrors: errors, InheritedBidStrategyTypes: null };
  },
  UpdateAdGroups(ctx) {
    campaignOf(ctx, ctx.body.CampaignId);
    const groups = limit(ctx.body.AdGroups, 100, 1210, 'CampaignServiceAdGroupsArrayExceedsLimit', 'ad groups') as Wire[];
    const errors: Wire[] = [];
    groups.forEach((g, i) => {
      const current = ctx.account.adGroups.get(String(g.Id));
      if (!current || current.campaignId !== ctx.body.CampaignId)
        return void errors.push(batchError(i, 1201, 'CampaignServiceInvalidAdGroupId', 'The ad group ID is not valid.'));
      if (g.CpcBid && !moneyOk(g.CpcBid.Amount, 0.01))
        return void errors.push(batchError(i, 1538, 'CampaignServiceInvalidBidAmount', 'The bid amount is invalid.'));
      if (g.Status !== undefined && !['Active', 'Paused'].includes(g.Status))
        return void errors.push(batchError(i, 1016, 'CampaignServiceInvalidEntityState', 'The entity status is not valid.'));
      for (const [name, value] of Object.entries(g)) {
        if (value === undefined || name === 'Id') continue;
        current.wire[name] = value;
        ctx.account.changes.push(change(ctx, 'Ad group', name, String(g.Id), current.wire.Name, value));
      }
    });
    return { PartialErrors: errors, InheritedBidStrategyTypes: null };
  },
  DeleteAdGroups(ctx) {
    const ids = limit(ctx.body.AdGroupIds, 100, 1219, 'CampaignServiceAdGroupIdsArrayExceedsLimit', 'ad group ids') as string[];
    const errors: Wire[] = [];
    ids.forEach((id, i) => {
      if (!ctx.account.adGroups.delete(String(id)))
        errors.push(batchError(i, 1201, 'CampaignServiceInvalidAdGroupId', 'The ad group ID is not valid.'));
    });
    return { PartialErrors: errors };
  },
  GetKeywordsByAdGroupId(ctx) {
    adGroupOf(ctx, ctx.body.AdGroupId);
    return { Keywords: [...ctx.account.keywords.values()].filter((k) => k.adGroupId === ctx.body.AdGroupId).map((k) => k.wire) };
  },
  AddKeywords(ctx) {
    adGroupOf(ctx, ctx.body.AdGroupId);
    const keywords = limit(ctx.body.Keywords, 1000, 601, 'CampaignServiceKeywordsArrayExceedsLimit', 'keywords') as Wire[];
    const errors: Wire[] = [];
    const ids = keywords.map((k, i) => {
      if (typeof k.Text !== 'string' || !k.Text.trim() || k.Text.length > 100)
        return skip(errors, batchError(i, 1503, 'CampaignServiceInvalidKeywordText', 'The keyword text is not valid.'));
      if (!k.MatchType) return skip(errors, batchError(i, 1513, 'CampaignServiceInvalidMatchType', 'The match type is required.'));
      if (k.Bid && k.Bid.Amount !== null && !moneyOk(k.Bid.Amount, 0.01))
        return skip(errors, batchError(i, 1538, 'CampaignServiceInvalidBidAmount', 'The bid amount is invalid.'));
      const duplicate = [...ctx.account.keywords.values()].some(
        (o) => o.adGroupId === ctx.body.AdGroupId && o.wire.Text.toLowerCase() === k.Text.toLowerCase() && o.wire.MatchType === k.MatchType,
      );
      if (duplicate) return skip(errors, batchError(i, 1043, 'CampaignServiceEntityAlreadyExists', 'The specified entity already exists.'));
      if (EDITORIAL_REFUSED_TERMS.some((term) => k.Text.toLowerCase().includes(term)))
        return skip(errors, batchError(i, 1013, 'CampaignServiceEditorialValidationError', 'The keyword did not pass editorial review.'));
      const id = newId();
      ctx.account.keywords.set(id, {
        adGroupId: String(ctx.body.AdGroupId),
        wire: { Id: id, Status: 'Active', EditorialStatus: 'Inactive', Bid: { Amount: null }, FinalUrls: null, ...k },
      });
      return id;
    });
    return { KeywordIds: ids, PartialErrors: errors, InheritedBidStrategyTypes: null };
  },
  UpdateKeywords(ctx) {
    adGroupOf(ctx, ctx.body.AdGroupId);
    const keywords = limit(ctx.body.Keywords, 1000, 601, 'CampaignServiceKeywordsArrayExceedsLimit', 'keywords') as Wire[];
    const errors: Wire[] = [];
    keywords.forEach((k, i) => {
      const current = ctx.account.keywords.get(String(k.Id));
      if (!current || current.adGroupId !== ctx.body.AdGroupId)
        return void errors.push(batchError(i, 1501, 'CampaignServiceInvalidKeywordId', 'The keyword identifier is not valid.'));
      if (k.Bid && !moneyOk(k.Bid.Amount, 0))
        return void errors.push(batchError(i, 1538, 'CampaignServiceInvalidBidAmount', 'The bid amount is invalid.'));
      if (k.Text !== undefined || k.MatchType !== undefined)
        return void errors.push(
          batchError(i, 1537, 'CampaignServiceCannotUpdateKeywordText', 'The keyword text and match type cannot be updated.'),
        );
      for (const [name, value] of Object.entries(k)) {
        if (value === undefined || name === 'Id') continue;
        current.wire[name] = name === 'Bid' && value.Amount === 0 ? { Amount: null } : value;
        ctx.account.changes.push(change(ctx, 'Keyword', name, String(k.Id), current.wire.Text, name === 'Bid' ? value.Amount : value));
      }
    });
    return { PartialErrors: errors, InheritedBidStrategyTypes: null };
  },
  DeleteKeywords(ctx) {
    const ids = limit(ctx.body.KeywordIds, 1000, 1529, 'CampaignServiceKeywordIdsArrayShouldNotBeNullOrEmpty', 'keyword ids') as string[];
    const errors: Wire[] = [];
    ids.forEach((id, i) => {
      const k = ctx.account.keywords.get(String(id));
      if (!k || k.adGroupId !== ctx.body.AdGroupId)
        return void errors.push(batchError(i, 1501, 'CampaignServiceInvalidKeywordId', 'The keyword identifier is not valid.'));
      ctx.account.keywords.delete(String(id));
    });
    return { PartialErrors: errors };
  },
  GetNegativeKeywordsByEntityIds(ctx) {
    const ids = limit(ctx.body.EntityIds, 1, 513, 'CampaignServiceEntityIdsArrayExceedsLimit', 'entity ids') as string[];
    const type = ctx.body.EntityType;
    if (type !== 'Campaign' && type !== 'AdGroup') refuse(1049, 'CampaignServiceInvalidEntityType', 'The entity type is not valid.');
    if (type === 'Campaign') campaignOf(ctx, ids[0]);
    else if (adGroupOf(ctx, ids[0]).campaignId !== ctx.body.ParentEntityId)
      refuse(1201, 'CampaignServiceInvalidAdGroupId', 'The ad group ID is not valid.');
    return {
      EntityNegativeKeywords: ids.map((id) => ({
        EntityId: id,
        EntityType: type,
        NegativeKeywords: [...ctx.account.negatives.values()].filter((n) => n.entityType === type && n.entityId === id).map((n) => n.wire),
      })),
      PartialErrors: null,
    };
  },
  AddNegativeKeywordsToEntities(ctx) {
    const entities = limit(
      ctx.body.EntityNegativeKeywords,
      1,
      513,
      'CampaignServiceEntityIdsArrayExceedsLimit',
      'entity negative keywords',
    ) as Wire[];
    const nested: Wire[] = [];
    const ids = entities.map((e, index) => {
      if (e.EntityType === 'Campaign') campaignOf(ctx, e.EntityId);
      else adGroupOf(ctx, e.EntityId);
      const errors: Wire[] = [];
      const made = (e.NegativeKeywords ?? []).map((n: Wire, i: number) => {
        if (typeof n.Text !== 'string' || !n.Text.trim() || n.Text.length > 100)
          return skip(errors, batchError(i, 1005, 'CampaignServiceInvalidNegativeKeyword', 'The negative keyword property is not valid.'));
        if (n.MatchType !== 'Exact' && n.MatchType !== 'Phrase')
          return skip(
            errors,
            batchError(i, 1005, 'CampaignServiceInvalidNegativeKeyword', 'Negative keywords take Exact or Phrase match.'),
          );
        if (
          [...ctx.account.negatives.values()].some(
            (o) => o.entityId === e.EntityId && o.wire.Text.toLowerCase() === n.Text.toLowerCase() && o.wire.MatchType === n.MatchType,
          )
        )
          return skip(errors, batchError(i, 1043, 'CampaignServiceEntityAlreadyExists', 'The specified entity already exists.'));
        const id = newId();
        ctx.account.negatives.set(id, {
          entityType: e.EntityType,
          entityId: String(e.EntityId),
          wire: { Type: 'NegativeKeyword', Id: id, Text: n.Text, MatchType: n.MatchType },
        });
        return id;
      });
      if (errors.length)
        nested.push({ Type: 'BatchErrorCollection', Index: index, BatchErrors: errors, Code: null, ErrorCode: null, Message: null });
      return { Ids: made };
    });
    return { NegativeKeywordIds: ids, NestedPartialErrors: nested };
  },
  DeleteNegativeKeywordsFromEntities(ctx) {
    const entities = limit(
      ctx.body.EntityNegativeKeywords,
      1000,
      513,
      'CampaignServiceEntityIdsArrayExceedsLimit',
      'entity negative keywords',
    ) as Wire[];
    const nested: Wire[] = [];
    entities.forEach((e, index) => {
      const errors: Wire[] = [];
      (e.NegativeKeywords ?? []).forEach((n: Wire, i: number) => {
        const found = ctx.account.negatives.get(String(n.Id));
        if (!found || found.entityId !== e.EntityId)
          return void errors.push(
            batchError(i, 1045, 'CampaignServiceInvalidNegativeKeywordId', 'The negative keyword identifier is not valid.'),
          );
        ctx.account.negatives.delete(String(n.Id));
      });
      if (errors.length)
        nested.push({ Type: 'BatchErrorCollection', Index: index, BatchErrors: errors, Code: null, ErrorCode: null, Message: null });
    });
    return { NestedPartialErrors: nested };
  },
  GetAdsByAdGroupId(ctx) {
    adGroupOf(ctx, ctx.body.AdGroupId);
    const types: string[] = ctx.body.AdTypes ?? [];
    if (!types.length) refuse(1311, 'CampaignServiceAdTypesRequired', 'The ad types are required.');
    return {
      Ads: [...ctx.account.ads.values()]
        .filter((a) => a.adGroupId === ctx.body.AdGroupId && types.includes(a.wire.Type))
        .map((a) => a.wire),
    };
  },
  AddAds(ctx) {
    adGroupOf(ctx, ctx.body.AdGroupId);
    const ads = limit(ctx.body.Ads, 50, 1311, 'CampaignServiceAdsArrayExceedsLimit', 'ads') as Wire[];
    const errors: Wire[] = [];
    const ids = ads.map((a, i) => {
      const problem = adProblem(a);
      if (problem) return skip(errors, batchError(i, problem[0], problem[1], problem[2]));
      const id = newId();
      ctx.account.ads.set(id, {
        adGroupId: String(ctx.body.AdGroupId),
        wire: { Status: 'Active', ...a, Id: id, EditorialStatus: 'Inactive' },
      });
      return id;
    });
    return { AdIds: ids, PartialErrors: errors };
  },
  UpdateAds(ctx) {
    adGroupOf(ctx, ctx.body.AdGroupId);
    const ads = limit(ctx.body.Ads, 50, 1311, 'CampaignServiceAdsArrayExceedsLimit', 'ads') as Wire[];
    const errors: Wire[] = [];
    ads.forEach((a, i) => {
      const current = ctx.account.ads.get(String(a.Id));
      if (!current || current.adGroupId !== ctx.body.AdGroupId)
        return void errors.push(batchError(i, 1303, 'CampaignServiceInvalidAdId', 'The ad identifier is not valid.'));
      const problem = adProblem({ ...current.wire, ...a });
      if (problem) return void errors.push(batchError(i, problem[0], problem[1], problem[2]));
      const textChanged = ['Headlines', 'Descriptions', 'Path1', 'Path2', 'FinalUrls'].some((f) => a[f] !== undefined);
      Object.assign(current.wire, a, textChanged ? { EditorialStatus: 'Inactive' } : {});
    });
    return { PartialErrors: errors };
  },
  DeleteAds(ctx) {
    const ids = limit(ctx.body.AdIds, 50, 1311, 'CampaignServiceAdsArrayExceedsLimit', 'ad ids') as string[];
    ids.forEach((id) => ctx.account.ads.delete(String(id)));
    return { PartialErrors: [] };
  },
  GetConversionGoalsByIds(ctx) {
    const types = String(ctx.body.ConversionGoalTypes).split(',');
    const ids: string[] | null = ctx.body.ConversionGoalIds;
    return {
      ConversionGoals: [...ctx.account.goals.values()].filter((g) => types.includes(g.Type) && (!ids?.length || ids.includes(g.Id))),
      PartialErrors: null,
    };
  },
  AddConversionGoals(ctx) {
    const goals = limit(ctx.body.ConversionGoals, 100, 2500, 'ConversionGoalsArrayExceedsLimit', 'conversion goals') as Wire[];
    const errors: Wire[] = [];
    const ids = goals.map((g, i) => {
      if (g.TagId && !ctx.customer.uetTags.some((t) => t.Id === g.TagId))
        return skip(errors, batchError(i, 4314, 'InvalidTagId', 'The UET tag identifier is not valid.'));
      if ([...ctx.account.goals.values()].some((o) => o.Name === g.Name))
        return skip(errors, batchError(i, 4309, 'ConversionGoalNameAlreadyExists', 'The conversion goal name already exists.'));
      if (g.Revenue?.Value !== undefined && g.Revenue?.Value !== null && !moneyOk(g.Revenue.Value))
        return skip(errors, batchError(i, 4318, 'InvalidConversionGoalRevenueValue', 'The revenue value is not valid.'));
      const id = newId();
      ctx.account.goals.set(id, { ...g, Id: id, TrackingStatus: 'TagUnverified' });
      return id;
    });
    return { ConversionGoalIds: ids, PartialErrors: errors };
  },
  GetUetTagsByIds(ctx) {
    const ids: string[] | null = ctx.body.TagIds;
    return { UetTags: ctx.customer.uetTags.filter((t) => !ids?.length || ids.includes(t.Id)), PartialErrors: null };
  },
  GetAdExtensionIdsByAccountId(ctx) {
    if (ctx.body.AccountId !== ctx.accountId) refuse(1102, 'CampaignServiceInvalidAccountId', 'The account identifier is not valid.');
    const types = String(ctx.body.AdExtensionType).split(',');
    return { AdExtensionIds: [...ctx.account.extensions.values()].filter((e) => types.includes(e.Type)).map((e) => e.Id) };
  },
  GetAdExtensionsByIds(ctx) {
    const ids = limit(ctx.body.AdExtensionIds, 100, 1131, 'CampaignServiceAdExtensionIdsArrayExceedsLimit', 'ad extension ids') as string[];
    const types = String(ctx.body.AdExtensionType).split(',');
    const errors: Wire[] = [];
    const found = ids.map((id, i) => {
      const e = ctx.account.extensions.get(String(id));
      if (!e || !types.includes(e.Type))
        return skip(errors, batchError(i, 1134, 'CampaignServiceInvalidAdExtensionId', 'The ad extension identifier is not valid.'));
      return e;
    });
    return { AdExtensions: found, PartialErrors: errors };
  },
  GetAdExtensionsAssociations(ctx) {
    const ids = limit(ctx.body.EntityIds, 100, 1135, 'CampaignServiceAdExtensionsEntityLimitExceeded', 'entity ids') as string[];
    const types = String(ctx.body.AdExtensionType).split(',');
    return {
      AdExtensionAssociationCollection: ids.map((id) => ({
        AdExtensionAssociations: ctx.account.associations
          .filter(
            (a) =>
              a.entityId === id && a.type === ctx.body.AssociationType && types.includes(ctx.account.extensions.get(a.extensionId)?.Type),
          )
          .map((a) => ({
            EntityId: id,
            AssociationType: a.type,
            AdExtension: ctx.account.extensions.get(a.extensionId),
            EditorialStatus: 'Active',
          })),
      })),
      PartialErrors: null,
    };
  },
  AddAdExtensions(ctx) {
    const extensions = limit(ctx.body.AdExtensions, 100, 1135, 'CampaignServiceAdExtensionsEntityLimitExceeded', 'ad extensions') as Wire[];
    const nested: Wire[] = [];
    const identities = extensions.map((e, index) => {
      const problem =
        e.Type === 'CalloutAdExtension'
          ? typeof e.Text !== 'string' || !e.Text || e.Text.length > 25
            ? 'The callout text must be 1 to 25 characters.'
            : undefined
          : typeof e.DisplayText !== 'string' || !e.DisplayText || e.DisplayText.length > 25
            ? 'The sitelink text must be 1 to 25 characters.'
            : (e.Description1 ?? '').length > 35 || (e.Description2 ?? '').length > 35
              ? 'A sitelink description line takes at most 35 characters.'
              : !e.FinalUrls?.length
                ? 'A sitelink needs a final URL.'
                : undefined;
      if (problem) {
        nested.push({
          Type: 'BatchErrorCollection',
          Index: index,
          BatchErrors: [batchError(0, 3600, 'CampaignServiceInvalidAdExtension', problem)],
          Code: null,
          ErrorCode: null,
          Message: null,
        });
        return null;
      }
      const id = newId();
      ctx.account.extensions.set(id, { ...e, Id: id, Status: 'Active', Version: 1 });
      return { Id: id, Version: 1 };
    });
    return { AdExtensionIdentities: identities, NestedPartialErrors: nested };
  },
  SetAdExtensionsAssociations(ctx) {
    const list = limit(
      ctx.body.AdExtensionIdToEntityIdAssociations,
      100,
      1135,
      'CampaignServiceAdExtensionsEntityLimitExceeded',
      'associations',
    ) as Wire[];
    const errors: Wire[] = [];
    list.forEach((a, i) => {
      if (!ctx.account.extensions.has(String(a.AdExtensionId)))
        return void errors.push(batchError(i, 1134, 'CampaignServiceInvalidAdExtensionId', 'The ad extension identifier is not valid.'));
      const entityOk =
        ctx.body.AssociationType === 'Campaign'
          ? ctx.account.campaigns.has(String(a.EntityId))
          : ctx.account.adGroups.has(String(a.EntityId));
      if (!entityOk) return void errors.push(batchError(i, 1100, 'CampaignServiceInvalidEntityId', 'The entity identifier is not valid.'));
      if (!ctx.account.associations.some((x) => x.extensionId === a.AdExtensionId && x.entityId === a.EntityId))
        ctx.account.associations.push({
          extensionId: String(a.AdExtensionId),
          entityId: String(a.EntityId),
          type: ctx.body.AssociationType,
        });
    });
    return { PartialErrors: errors };
  },
  DeleteAdExtensionsAssociations(ctx) {
    const list = limit(
      ctx.body.AdExtensionIdToEntityIdAssociations,
      100,
      1135,
      'CampaignServiceAdExtensionsEntityLimitExceeded',
      'associations',
    ) as Wire[];
    const errors: Wire[] = [];
    list.forEach((a, i) => {
      const at = ctx.account.associations.findIndex(
        (x) => x.extensionId === a.AdExtensionId && x.entityId === a.EntityId && x.type === ctx.body.AssociationType,
      );
      if (at < 0)
        return void errors.push(
          batchError(i, 1134, 'CampaignServiceAdExtensionAssociationDoesNotExist', 'The association does not exist.'),
        );
      ctx.account.associations.splice(at, 1);
    });
    return { PartialErrors: errors };
  },
  GetBudgetsByIds(ctx) {
    const ids: string[] | null = ctx.body.BudgetIds;
    return { Budgets: [...ctx.account.budgets.values()].filter((b) => !ids?.length || ids.includes(b.Id)), PartialErrors: null };
  },
  UpdateBudgets(ctx) {
    const budgets = limit(ctx.body.Budgets, 100, 5003, 'BudgetsArrayExceedsLimit', 'budgets') as Wire[];
    const errors: Wire[] = [];
    budgets.forEach((b, i) => {
      const current = ctx.account.budgets.get(String(b.Id));
      if (!current) return void errors.push(batchError(i, 5004, 'BudgetInvalidId', 'The budget identifier is not valid.'));
      if (b.Amount !== undefined && !moneyOk(b.Amount, 0.05))
        return void errors.push(batchError(i, 5008, 'BudgetInvalidAmount', 'The budget amount is not valid.'));
      Object.assign(current, b);
    });
    return { PartialErrors: errors };
  },
  GetCampaignIdsByBudgetIds(ctx) {
    const ids = limit(ctx.body.BudgetIds, 100, 5003, 'BudgetsArrayExceedsLimit', 'budget ids') as string[];
    return {
      CampaignIdCollection: ids.map((id) => ({
        Ids: [...ctx.account.campaigns.values()].filter((c) => c.BudgetId === id).map((c) => c.Id),
      })),
      PartialErrors: null,
    };
  },
  GetBMCStoresByCustomerId(ctx) {
    return { BMCStores: ctx.customer.stores };
  },
  ApplyProductPartitionActions(ctx) {
    const actions = limit(
      ctx.body.CriterionActions,
      5000,
      4010,
      'CampaignServiceProductPartitionActionsExceedsLimit',
      'criterion actions',
    ) as Wire[];
    const adGroupIds = new Set(actions.map((a) => String(a.AdGroupCriterion?.AdGroupId)));
    if (adGroupIds.size !== 1) refuse(4011, 'CampaignServiceDuplicateAdGroupId', 'All actions must name the same ad group.');
    const adGroupId = [...adGroupIds][0]!;
    adGroupOf(ctx, adGroupId);
    const existing = [...ctx.account.criteria.values()].filter(
      (c) => c.adGroupId === adGroupId && c.wire.Criterion.Type === 'ProductPartition',
    );
    const roots = actions.filter(
      (a) => a.AdGroupCriterion.Criterion?.ParentCriterionId === null || a.AdGroupCriterion.Criterion?.ParentCriterionId === undefined,
    );
    const errors: Wire[] = [];
    if (roots.length !== 1 || existing.length)
      errors.push(
        batchError(
          actions.indexOf(roots[1] ?? roots[0]!),
          4013,
          'CampaignServiceProductPartitionTreeRootAlreadyExists',
          'The ad group must have exactly one product partition root.',
        ),
      );
    const tempIds = new Set(actions.map((a) => String(a.AdGroupCriterion.Id ?? '')).filter((id) => id.startsWith('-')));
    actions.forEach((a, i) => {
      const c = a.AdGroupCriterion;
      if (a.Action !== 'Add')
        errors.push(batchError(i, 4012, 'CampaignServiceProductPartitionActionNotServed', 'The fake adds product partitions only.'));
      const parent = c.Criterion?.ParentCriterionId;
      if (parent && !tempIds.has(String(parent)))
        errors.push(batchError(i, 4014, 'CampaignServiceInvalidProductPartitionParent', 'The parent criterion is not in the tree.'));
      if (c.Type === 'BiddableAdGroupCriterion' && c.Criterion.PartitionType === 'Unit' && !moneyOk(c.CriterionBid?.Amount, 0.01))
        errors.push(batchError(i, 1538, 'CampaignServiceInvalidBidAmount', 'The bid amount is invalid.'));
    });
    // All or nothing, as the platform applies a tree.
    if (errors.length) return { AdGroupCriterionIds: actions.map(() => null), PartialErrors: errors };
    const real = new Map<string, string>();
    const ids = actions.map((a) => {
      const id = newId();
      if (a.AdGroupCriterion.Id) real.set(String(a.AdGroupCriterion.Id), id);
      const parent = a.AdGroupCriterion.Criterion.ParentCriterionId;
      ctx.account.criteria.set(id, {
        adGroupId,
        wire: {
          ...a.AdGroupCriterion,
          Id: id,
          Status: 'Active',
          Criterion: { ...a.AdGroupCriterion.Criterion, ParentCriterionId: parent ? (real.get(String(parent)) ?? parent) : null },
        },
      });
      return id;
    });
    return { AdGroupCriterionIds: ids, PartialErrors: [] };
  },
  GetAdGroupCriterionsByIds(ctx) {
    adGroupOf(ctx, ctx.body.AdGroupId);
    const type = String(ctx.body.CriterionType);
    if (type.includes(',') || type === 'Targets' || type === 'Audience')
      refuse(
        4001,
        'CampaignServiceInvalidCriterionType',
        'The Targets and Audience values are not allowed; specify only one criterion type.',
      );
    const audienceTypes: Record<string, string> = {
      RemarketingList: 'RemarketingList',
      InMarketAudience: 'InMarket',
      CustomAudience: 'Custom',
      ProductAudience: 'Product',
      SimilarRemarketingList: 'SimilarRemarketingList',
      CustomerList: 'CustomerList',
    };
    return {
      AdGroupCriterions: [...ctx.account.criteria.values()]
        .filter((c) => c.adGroupId === ctx.body.AdGroupId)
        .filter((c) =>
          type === 'ProductPartition'
            ? c.wire.Criterion.Type === 'ProductPartition'
            : c.wire.Criterion.Type === 'AudienceCriterion' && c.wire.Criterion.AudienceType === audienceTypes[type],
        )
        .map((c) => c.wire),
    };
  },
  AddAdGroupCriterions(ctx) {
    const criteria = limit(
      ctx.body.AdGroupCriterions,
      1000,
      4002,
      'CampaignServiceAdGroupCriterionsArrayExceedsLimit',
      'ad group criterions',
    ) as Wire[];
    const nested: Wire[] = [];
    const ids = criteria.map((c, index) => {
      const fail = (code: number, errorCode: string, message: string) => {
        nested.push({
          Type: 'BatchErrorCollection',
          Index: index,
          BatchErrors: [batchError(0, code, errorCode, message)],
          Code: null,
          ErrorCode: null,
          Message: null,
        });
        return null;
      };
      if (!ctx.account.adGroups.has(String(c.AdGroupId)))
        return fail(1201, 'CampaignServiceInvalidAdGroupId', 'The ad group ID is not valid.');
      const audience = ctx.account.audiences.get(String(c.Criterion?.AudienceId));
      if (c.Criterion?.Type !== 'AudienceCriterion' || !audience)
        return fail(4200, 'InvalidAudienceId', 'The audience identifier is not valid.');
      if (
        c.Type === 'BiddableAdGroupCriterion' &&
        (c.CriterionBid?.Type !== 'BidMultiplier' || c.CriterionBid.Multiplier < -90 || c.CriterionBid.Multiplier > 900)
      )
        return fail(4011, 'CampaignServiceInvalidBidMultiplier', 'The bid multiplier must be between -90 and 900.');
      const id = newId();
      ctx.account.criteria.set(id, { adGroupId: String(c.AdGroupId), wire: { ...c, Id: id } });
      return id;
    });
    return { AdGroupCriterionIds: ids, NestedPartialErrors: nested };
  },
  GetAudiencesByIds(ctx) {
    const types = String(ctx.body.Type).split(',');
    const ids: string[] | null = ctx.body.AudienceIds;
    return {
      Audiences: [...ctx.account.audiences.values()].filter((a) => types.includes(a.Type) && (!ids?.length || ids.includes(a.Id))),
      PartialErrors: null,
    };
  },
  AddCampaignCriterions(ctx) {
    const criteria = limit(
      ctx.body.CampaignCriterions,
      100,
      4003,
      'CampaignServiceCampaignCriterionsArrayExceedsLimit',
      'campaign criterions',
    ) as Wire[];
    const nested: Wire[] = [];
    const ids = criteria.map((c, index) => {
      if (!ctx.account.campaigns.has(String(c.CampaignId)) || !LOCATIONS.some((l) => l.id === c.Criterion?.LocationId)) {
        nested.push({
          Type: 'BatchErrorCollection',
          Index: index,
          BatchErrors: [batchError(0, 4100, 'CampaignServiceInvalidLocationId', 'The location identifier is not valid.')],
          Code: null,
          ErrorCode: null,
          Message: null,
        });
        return null;
      }
      const id = newId();
      ctx.account.campaignCriteria.set(id, { ...c, Id: id, Status: 'Active' });
      return id;
    });
    return { CampaignCriterionIds: ids, NestedPartialErrors: nested };
  },
  GetCampaignCriterionsByIds(ctx) {
    campaignOf(ctx, ctx.body.CampaignId);
    return { CampaignCriterions: [...ctx.account.campaignCriteria.values()].filter((c) => c.CampaignId === ctx.body.CampaignId) };
  },
};

/** An ad's problem as [code, error code, message], or undefined. */
function adProblem(a: Wire): [number, string, string] | undefined {
  if (a.Type === 'Product')
    return (a.PromotionalText ?? '').length > 45
      ? [1300, 'CampaignServiceInvalidPromotionalText', 'The promotional text takes at most 45 characters.']
      : undefined;
  const texts = (links: Wire[] | undefined) => (links ?? []).map((l) => l?.Asset?.Text ?? '');
  const headlines = texts(a.Headlines);
  const descriptions = texts(a.Descriptions);
  if (headlines.length < 3 || headlines.length > 15)
    return [4400, 'ResponsiveSearchAdHeadlinesLessThanMinRequired', 'A responsive search ad takes 3 to 15 headlines.'];
  if (headlines.some((h) => !h || h.length > 30))
    return [1324, 'CampaignServiceTooMuchAdTextInTitle', 'A headline takes 1 to 30 characters.'];
  if (descriptions.length < 2 || descriptions.length > 4)
    return [4401, 'ResponsiveSearchAdDescriptionsLessThanMinRequired', 'A responsive search ad takes 2 to 4 descriptions.'];
  if (descriptions.some((d) => !d || d.length > 90))
    return [1325, 'CampaignServiceTooMuchAdTextInText', 'A description takes 1 to 90 characters.'];
  if ((a.Path1 ?? '').length > 15 || (a.Path2 ?? '').length > 15)
    return [1326, 'CampaignServiceTooMuchAdTextInDisplayUrl', 'A path takes at most 15 characters.'];
  if (!a.FinalUrls?.length) return [1350, 'CampaignServiceFinalUrlRequired', 'A final URL is required.'];
  return undefined;
}

function change(ctx: HandlerContext, item: string, attribute: string, entityId: string, entityName: string, value: unknown) {
  return {
    at: ctx.now.toISOString().slice(0, 19),
    itemChanged: item,
    attribute,
    entityId,
    entityName,
    oldValue: '',
    newValue: typeof value === 'object' ? JSON.stringify(value) : String(value),
    changedBy: 'API',
  };
}

/** Ad Insight: estimated bids by keyword id for a target position. */
export function estimatedBids(ctx: HandlerContext): Wire {
  const ids = limit(ctx.body.KeywordIds, 1000, 643, 'KeywordIdsExceeded', 'keyword ids') as string[];
  const factor = { FirstPage: 0.6, MainLine: 1.1, MainLine1: 1.8 }[String(ctx.body.TargetPositionForAds)] ?? 1;
  return {
    KeywordEstimatedBids: ids.map((id) => {
      const k = ctx.account.keywords.get(String(id));
      if (!k) return null;
      const base = Number(k.wire.Bid?.Amount ?? ctx.account.adGroups.get(k.adGroupId)?.wire.CpcBid?.Amount ?? 1);
      return {
        KeywordId: id,
        KeywordEstimatedBid: {
          Keyword: k.wire.Text,
          EstimatedBids: [
            {
              MatchType: k.wire.MatchType,
              EstimatedMinBid: Math.round(base * factor * 1.2 * 100) / 100,
              AverageCPC: Math.round(base * factor * 100) / 100,
              CTR: 3.1,
              CurrencyCode: ctx.account.info.CurrencyCode,
              MinClicksPerWeek: 10,
              MaxClicksPerWeek: 40,
              MinImpressionsPerWeek: '300',
              MaxImpressionsPerWeek: '900',
              MinTotalCostPerWeek: 10,
              MaxTotalCostPerWeek: 50,
            },
          ],
        },
      };
    }),
  };
}
