/**
 * The fake search platform, family D2 (written from the platform's public reference): user lists
 * (UserListService mutate), Customer Match uploads (OfflineUserDataJobService: `offlineUserDataJobs:create`,
 * `<job>:addOperations`, `<job>:run`), experiments (ExperimentService / ExperimentArmService mutate,
 * `experiments/<id>:scheduleExperiment` making the trial campaign), recommendations
 * (`recommendations:apply` / `:dismiss`) and change events (`FROM change_event`, recorded for every
 * applied mutate). It refuses what the platform refuses: unknown fields, invalid enums, unhashed
 * identifiers, uploads to a list that is not CRM_BASED or without consent, arms of a started
 * experiment, splits that do not add up to 100, applying a dismissed, applied or invalidated
 * recommendation, change-event queries without a bounded date range in the last 30 days or a LIMIT
 * of at most 10,000.
 */
import { ApiFailure, type FakeCustomer } from './searchads-api-core';
import { randomInt } from 'node:crypto';

type Obj = Record<string, any>;
type Where = (field: string) => Obj;

export class FakeFailure extends Error {
  constructor(
    readonly category: string,
    readonly value: string,
    message: string,
    readonly location?: Obj,
  ) {
    super(message);
  }
}
const fail = (category: string, value: string, message: string, location?: Obj) => new FakeFailure(category, value, message, location);
const newId = (digits: number) => String(randomInt(10 ** (digits - 1), 10 ** digits));
const today = () => new Date().toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const ENUM = (field: string, value: unknown, allowed: string[], where: Where) => {
  if (!allowed.includes(String(value))) throw fail('fieldError', 'INVALID_VALUE', `Invalid value for ${field}: ${value}.`, where(field));
};
const requireField = (field: string, value: unknown, where: Where) => {
  if (value === undefined || value === '' || value === null)
    throw fail('fieldError', 'REQUIRED', `The required field was not present: ${field}.`, where(field));
};
const knownKeys = (obj: Obj, allowed: string[], at: string) => {
  for (const key of Object.keys(obj ?? {}))
    if (!allowed.includes(key))
      throw fail('requestError', 'UNKNOWN', `Invalid JSON payload received. Unknown name "${key}" at '${at}': Cannot find field.`);
};
/** The platform's date-time as change_event shows it (account time zone; UTC here). */
const dateTime = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')}.000000`;

/** The collections of this family on a fake customer. */
export interface AudienceCollections {
  experiments: Obj[];
  experimentArms: Obj[];
  recommendations: Obj[];
  changeEvents: Obj[];
  offlineUserDataJobs: Obj[];
  /**
   * false: Customer Match uploads are refused (NOT_ALLOWLISTED_ERROR.CUSTOMER_NOT_ALLOWLISTED_FOR_THIS_FEATURE),
   * as the platform does since 2026-04-01 for integrations that had not uploaded recently.
   */
  customerMatchAllowlisted?: boolean;
}
export const emptyAudienceCollections = (): AudienceCollections => ({
  experiments: [],
  experimentArms: [],
  recommendations: [],
  changeEvents: [],
  offlineUserDataJobs: [],
});

export const AUDIENCE_FROM: Record<string, { with: string[] }> = {
  experiment: { with: ['experiment', 'customer'] },
  experiment_arm: { with: ['experiment_arm', 'customer'] },
  recommendation: { with: ['recommendation', 'customer'] },
  change_event: { with: ['change_event', 'customer'] },
};

/** A recommendation is current while what it was made from still holds (a changed budget invalidates a budget recommendation). */
function current(c: FakeCustomer, rec: Obj): boolean {
  if (rec.applied) return false;
  if (rec.type === 'CAMPAIGN_BUDGET') {
    const campaign = c.campaigns.find((x) => x.resourceName === rec.campaign);
    const budget = c.budgets.find((b) => b.resourceName === campaign?.campaignBudget);
    return String(budget?.amountMicros) === String(rec.campaignBudgetRecommendation.currentBudgetAmountMicros);
  }
  return true;
}

/** Rows of `FROM <resource>` for this family, or undefined for other resources. */
export function audienceRows(
  c: FakeCustomer & AudienceCollections,
  query: { from: string; where: { field: string; op: string; values: string[] }[]; limit?: number },
  customer: Obj,
): Obj[] | undefined {
  switch (query.from) {
    case 'experiment':
      return c.experiments.map((experiment) => ({ experiment, customer }));
    case 'experiment_arm':
      return c.experimentArms.map((experimentArm) => ({ experimentArm, customer }));
    case 'recommendation':
      return c.recommendations.filter((r) => current(c, r)).map((recommendation) => ({ recommendation, customer }));
    case 'change_event': {
      const bounds = query.where.filter((w) => w.field === 'change_event.change_date_time');
      const lower = bounds.find((w) => w.op === '>=' || w.op === '>' || w.op === 'BETWEEN');
      const upper = bounds.find((w) => w.op === '<=' || w.op === '<' || w.op === 'BETWEEN');
      if (!lower || !upper)
        throw fail(
          'changeEventError',
          'CHANGE_DATE_RANGE_INFINITE',
          'The change_date_time range must be bounded on both sides in the WHERE clause.',
        );
      if (lower.values[0]!.slice(0, 10) < addDays(today(), -30))
        throw fail('changeEventError', 'START_DATE_TOO_OLD', 'The start of the change_date_time range must be within the last 30 days.');
      if (query.limit === undefined)
        throw fail('changeEventError', 'LIMIT_NOT_SPECIFIED', 'A LIMIT is required when selecting from change_event.');
      if (query.limit > 10_000) throw fail('changeEventError', 'INVALID_LIMIT_CLAUSE', 'The LIMIT must be at most 10000.');
      return c.changeEvents.map((changeEvent) => ({ changeEvent, customer }));
    }
    default:
      return undefined;
  }
}

/** Mutate specs of this family (same shape as the fake's own). */
export const AUDIENCE_MUTABLE = {
  userLists: {
    list: 'userLists',
    update: ['name', 'description', 'membershipStatus', 'membershipLifeSpan'],
    create: [
      'name',
      'description',
      'membershipStatus',
      'membershipLifeSpan',
      'crmBasedUserList.uploadKeyType',
      'crmBasedUserList.dataSourceType',
    ],
    build(c: FakeCustomer, create: Obj, where: Where): Obj {
      requireField('name', create.name, where);
      if (c.userLists.some((l) => String(l.name).toLowerCase() === String(create.name).toLowerCase()))
        throw fail('userListError', 'NAME_ALREADY_USED', 'The user list name is already used.', where('name'));
      if (!create.crmBasedUserList)
        throw fail(
          'userListError',
          'USER_LIST_TYPE_NOT_SUPPORTED',
          'Only CRM-based lists can be created here.',
          where('crm_based_user_list'),
        );
      ENUM(
        'crm_based_user_list.upload_key_type',
        create.crmBasedUserList.uploadKeyType,
        ['CONTACT_INFO', 'CRM_ID', 'MOBILE_ADVERTISING_ID'],
        where,
      );
      if (create.crmBasedUserList.dataSourceType !== undefined)
        ENUM(
          'crm_based_user_list.data_source_type',
          create.crmBasedUserList.dataSourceType,
          ['FIRST_PARTY', 'THIRD_PARTY_CREDIT_BUREAU', 'THIRD_PARTY_VOTER_FILE'],
          where,
        );
      const id = newId(10);
      return {
        id,
        resourceName: `customers/${c.id}/userLists/${id}`,
        name: create.name,
        ...(create.description ? { description: create.description } : {}),
        type: 'CRM_BASED',
        membershipStatus: create.membershipStatus ?? 'OPEN',
        membershipLifeSpan: String(create.membershipLifeSpan ?? '10000'),
        sizeForSearch: '0',
        sizeForDisplay: '0',
        eligibleForSearch: true,
        crmBasedUserList: {
          uploadKeyType: create.crmBasedUserList.uploadKeyType,
          dataSourceType: create.crmBasedUserList.dataSourceType ?? 'FIRST_PARTY',
        },
      };
    },
    validate(_c: FakeCustomer, list: Obj, where: Where) {
      ENUM('membership_status', list.membershipStatus, ['OPEN', 'CLOSED'], where);
      const span = Number(list.membershipLifeSpan);
      if (!Number.isInteger(span) || ((span < 0 || span > 540) && span !== 10000))
        throw fail(
          'userListError',
          'INVALID_MEMBERSHIP_LIFE_SPAN',
          'The membership life span must be 0-540 days or 10000 (no expiry).',
          where('membership_life_span'),
        );
    },
    remove(_c: FakeCustomer, target: Obj, list: Obj[]) {
      list.splice(list.indexOf(target), 1);
    },
  },
  experiments: {
    list: 'experiments',
    update: ['name', 'description', 'endDate'],
    create: ['name', 'description', 'suffix', 'type', 'status', 'startDate', 'endDate'],
    build(c: FakeCustomer & AudienceCollections, create: Obj, where: Where): Obj {
      requireField('name', create.name, where);
      requireField('suffix', create.suffix, where);
      ENUM(
        'type',
        create.type,
        [
          'SEARCH_CUSTOM',
          'DISPLAY_CUSTOM',
          'DISPLAY_AUTOMATED_BIDDING_STRATEGY',
          'SEARCH_AUTOMATED_BIDDING_STRATEGY',
          'HOTEL_CUSTOM',
          'YOUTUBE_CUSTOM',
        ],
        where,
      );
      if (create.status !== undefined && create.status !== 'SETUP')
        throw fail('experimentError', 'CANNOT_SET_STATUS_TO_REMOVED', 'A new experiment starts in SETUP.', where('status'));
      if (c.experiments.some((e) => e.status !== 'REMOVED' && e.name === create.name))
        throw fail('experimentError', 'DUPLICATE_EXPERIMENT_NAME', 'The experiment name is already used.', where('name'));
      for (const f of ['startDate', 'endDate'])
        if (create[f] !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(create[f]))
          throw fail('fieldError', 'INVALID_VALUE', `Invalid date ${create[f]}.`, where(f));
      if (create.startDate && create.startDate <= today())
        throw fail('experimentError', 'START_DATE_IN_PAST', 'The start date must be in the future.', where('start_date'));
      if (create.startDate && create.endDate && create.endDate <= create.startDate)
        throw fail('experimentError', 'END_DATE_BEFORE_START_DATE', 'The end date must be after the start date.', where('end_date'));
      const id = newId(10);
      return {
        resourceName: `customers/${c.id}/experiments/${id}`,
        experimentId: id,
        name: create.name,
        ...(create.description ? { description: create.description } : {}),
        suffix: create.suffix,
        type: create.type,
        status: 'SETUP',
        startDate: create.startDate,
        endDate: create.endDate,
      };
    },
    validate() {},
    remove(_c: FakeCustomer, target: Obj) {
      target.status = 'REMOVED';
    },
  },
  experimentArms: {
    list: 'experimentArms',
    create: ['experiment', 'name', 'control', 'trafficSplit', 'campaigns'],
    build(c: FakeCustomer & AudienceCollections, create: Obj, where: Where): Obj {
      const experiment = c.experiments.find((e) => e.resourceName === create.experiment);
      if (!experiment)
        throw fail('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${create.experiment}.`, where('experiment'));
      if (experiment.status !== 'SETUP')
        throw fail(
          'experimentArmError',
          'CANNOT_MUTATE_ARM_AFTER_EXPERIMENT_STARTED',
          'Arms can only be added while the experiment is in SETUP.',
          where('experiment'),
        );
      requireField('name', create.name, where);
      const split = Number(create.trafficSplit);
      if (!Number.isInteger(split) || split < 1 || split > 99)
        throw fail('experimentArmError', 'INVALID_TRAFFIC_SPLIT', 'The traffic split must be 1-99.', where('traffic_split'));
      const campaigns: string[] = create.campaigns ?? [];
      if (create.control) {
        if (campaigns.length !== 1)
          throw fail(
            'experimentArmError',
            'CONTROL_ARM_NEEDS_CAMPAIGN',
            'The control arm needs exactly one base campaign.',
            where('campaigns'),
          );
        const campaign = c.campaigns.find((x) => x.resourceName === campaigns[0]);
        if (!campaign || campaign.status === 'REMOVED')
          throw fail('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${campaigns[0]}.`, where('campaigns'));
        if (campaign.advertisingChannelType !== 'SEARCH' && experiment.type === 'SEARCH_CUSTOM')
          throw fail(
            'experimentArmError',
            'CAMPAIGN_TYPE_NOT_SUPPORTED',
            'A search experiment needs a Search campaign.',
            where('campaigns'),
          );
      } else if (campaigns.length)
        throw fail(
          'experimentArmError',
          'TREATMENT_ARM_CANNOT_HAVE_CAMPAIGNS',
          'The treatment arm gets its campaign from the platform.',
          where('campaigns'),
        );
      const arms = c.experimentArms.filter((a) => a.experiment === experiment.resourceName);
      if (arms.some((a) => Boolean(a.control) === Boolean(create.control)))
        throw fail(
          'experimentArmError',
          'DUPLICATE_ARM',
          `The experiment already has a ${create.control ? 'control' : 'treatment'} arm.`,
          where('control'),
        );
      const id = newId(8);
      return {
        resourceName: `customers/${c.id}/experimentArms/${experiment.experimentId}~${id}`,
        experiment: experiment.resourceName,
        name: create.name,
        control: Boolean(create.control),
        trafficSplit: String(split),
        campaigns,
        inDesignCampaigns: [],
      };
    },
    validate() {},
    remove(_c: FakeCustomer, target: Obj, list: Obj[]) {
      list.splice(list.indexOf(target), 1);
    },
  },
};

/** The change_event resource type of a mutated resource collection. */
const CHANGE_TYPES: Record<string, { type: string; field: string }> = {
  campaigns: { type: 'CAMPAIGN', field: 'campaign' },
  campaignBudgets: { type: 'CAMPAIGN_BUDGET', field: 'campaignBudget' },
  adGroups: { type: 'AD_GROUP', field: 'adGroup' },
  adGroupAds: { type: 'AD_GROUP_AD', field: 'adGroupAd' },
  adGroupCriteria: { type: 'AD_GROUP_CRITERION', field: 'adGroupCriterion' },
  campaignCriteria: { type: 'CAMPAIGN_CRITERION', field: 'campaignCriterion' },
  assets: { type: 'ASSET', field: 'asset' },
  campaignAssets: { type: 'CAMPAIGN_ASSET', field: 'campaignAsset' },
};

/** Records a change_event for an applied operation (the platform records them for every change, whatever made it). */
export function recordChange(
  c: FakeCustomer & AudienceCollections,
  resource: string,
  operation: 'CREATE' | 'UPDATE' | 'REMOVE',
  before: Obj | undefined,
  after: Obj,
  paths: string[],
  user: string,
  at = new Date(),
  clientType = 'GOOGLE_ADS_API',
): void {
  const kind = CHANGE_TYPES[resource];
  if (!kind) return;
  const campaignOf = (): string | undefined => {
    if (resource === 'campaigns') return after.resourceName;
    if (resource === 'campaignBudgets') return c.campaigns.find((x) => x.campaignBudget === after.resourceName)?.resourceName;
    if (after.campaign) return after.campaign;
    const group = c.adGroups.find((g) => g.resourceName === (resource === 'adGroups' ? after.resourceName : after.adGroup));
    return group?.campaign;
  };
  const adGroup = resource === 'adGroups' ? after.resourceName : after.adGroup;
  c.changeEvents.push({
    resourceName: `customers/${c.id}/changeEvents/${at.getTime() * 1000}~${newId(4)}~${c.changeEvents.length}`,
    changeDateTime: dateTime(at),
    changeResourceType: kind.type,
    changeResourceName: after.resourceName,
    resourceChangeOperation: operation,
    changedFields: paths.join(','),
    ...(before ? { oldResource: { [kind.field]: structuredClone(before) } } : {}),
    ...(operation !== 'REMOVE' ? { newResource: { [kind.field]: structuredClone(after) } } : {}),
    userEmail: user,
    clientType,
    ...(campaignOf() ? { campaign: campaignOf() } : {}),
    ...(adGroup ? { adGroup } : {}),
  });
}

const HASH = /^[0-9a-f]{64}$/;
/** Whether a hashed identifier matches a signed-in user (about 65 %, from the hash). */
const matches = (hash: string) => parseInt(hash.slice(0, 2), 16) < 166;

/**
 * Custom methods of this family: `customers/<id>/offlineUserDataJobs:create`, `.../offlineUserDataJobs/<job>:addOperations`,
 * `...:run`, `customers/<id>/experiments/<id>:scheduleExperiment`, `customers/<id>/recommendations:apply` / `:dismiss`.
 * Returns undefined when the path is none of them.
 */
export function audienceMethod(c: FakeCustomer & AudienceCollections, path: string, json: Obj, user: string): Obj | undefined {
  const rest = path.slice(`customers/${c.id}/`.length);
  let m: RegExpExecArray | null;
  if (rest === 'offlineUserDataJobs:create') {
    if (c.customerMatchAllowlisted === false)
      throw new ApiFailure(403, 'PERMISSION_DENIED', [
        {
          errorCode: { notAllowlistedError: 'CUSTOMER_NOT_ALLOWLISTED_FOR_THIS_FEATURE' },
          message: 'Customer is not allowlisted for accessing this feature.',
        },
      ]);
    knownKeys(json, ['job', 'validateOnly', 'enableMatchRateRangePreview'], 'request');
    const job = json.job ?? {};
    knownKeys(job, ['type', 'externalId', 'customerMatchUserListMetadata'], 'job');
    const where = (f: string) => ({ fieldPathElements: [{ fieldName: 'job' }, { fieldName: f }] });
    ENUM(
      'type',
      job.type,
      ['CUSTOMER_MATCH_USER_LIST', 'CUSTOMER_MATCH_WITH_ATTRIBUTES', 'STORE_SALES_UPLOAD_FIRST_PARTY', 'STORE_SALES_UPLOAD_THIRD_PARTY'],
      where,
    );
    const meta = job.customerMatchUserListMetadata ?? {};
    knownKeys(meta, ['userList', 'consent'], 'job.customer_match_user_list_metadata');
    const list = c.userLists.find((l) => l.resourceName === meta.userList);
    if (!list)
      throw fail(
        'offlineUserDataJobError',
        'INVALID_USER_LIST_ID',
        `Invalid user list: ${meta.userList}.`,
        where('customer_match_user_list_metadata.user_list'),
      );
    if (list.type !== 'CRM_BASED')
      throw fail(
        'offlineUserDataJobError',
        'INVALID_USER_LIST_TYPE',
        'Customer Match uploads need a CRM-based user list.',
        where('customer_match_user_list_metadata.user_list'),
      );
    knownKeys(meta.consent ?? {}, ['adUserData', 'adPersonalization'], 'job.customer_match_user_list_metadata.consent');
    for (const f of ['adUserData', 'adPersonalization'])
      ENUM(`consent.${f}`, meta.consent?.[f], ['GRANTED', 'DENIED', 'UNSPECIFIED', 'UNKNOWN'], where);
    if (json.validateOnly) return {};
    const id = newId(11);
    const created = {
      resourceName: `customers/${c.id}/offlineUserDataJobs/${id}`,
      id,
      type: job.type,
      status: 'PENDING',
      userList: list.resourceName,
      consent: meta.consent,
      identifiers: [] as string[],
    };
    c.offlineUserDataJobs.push(created);
    return { resourceName: created.resourceName };
  }
  if ((m = /^offlineUserDataJobs\/(\d+):(addOperations|run)$/.exec(rest))) {
    const job = c.offlineUserDataJobs.find((j) => j.id === m![1]);
    if (!job) throw fail('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${path}.`);
    if (job.status !== 'PENDING')
      throw fail(
        'offlineUserDataJobError',
        'INVALID_JOB_STATUS',
        `The job is ${job.status}; it takes operations and runs only while PENDING.`,
      );
    if (m[2] === 'run') {
      knownKeys(json, ['validateOnly'], 'request');
      if (!job.identifiers.length) throw fail('offlineUserDataJobError', 'NO_OPERATIONS', 'The job has no operations.');
      const list = c.userLists.find((l) => l.resourceName === job.userList)!;
      const matched = [...new Set(job.identifiers as string[])].filter(matches).length;
      list.sizeForSearch = String(Number(list.sizeForSearch ?? 0) + matched);
      list.sizeForDisplay = String(Number(list.sizeForDisplay ?? 0) + matched);
      job.status = 'SUCCESS';
      return { name: `customers/${c.id}/operations/${newId(12)}` };
    }
    knownKeys(json, ['operations', 'enablePartialFailure', 'enableWarnings', 'validateOnly'], 'request');
    const operations: Obj[] = json.operations;
    if (!Array.isArray(operations) || !operations.length) throw fail('mutateError', 'OPERATIONS_REQUIRED', 'Operations are required.');
    if (operations.length > 100_000)
      throw fail('offlineUserDataJobError', 'TOO_MANY_OPERATIONS', 'At most 100,000 operations per request.');
    const hashes: string[] = [];
    operations.forEach((op, index) => {
      knownKeys(op, ['create', 'remove', 'removeAll'], `operations[${index}]`);
      const ids: Obj[] = op.create?.userIdentifiers ?? [];
      if (!ids.length)
        throw fail('offlineUserDataJobError', 'NO_USER_IDENTIFIERS', 'Each operation needs user identifiers.', {
          fieldPathElements: [{ fieldName: 'operations', index }],
        });
      for (const identifier of ids) {
        knownKeys(
          identifier,
          ['hashedEmail', 'hashedPhoneNumber', 'mobileId', 'thirdPartyUserId', 'addressInfo', 'userIdentifierSource'],
          `operations[${index}].create.user_identifiers`,
        );
        const value = identifier.hashedEmail ?? identifier.hashedPhoneNumber;
        if (value === undefined || !HASH.test(value))
          throw fail('offlineUserDataJobError', 'INVALID_SHA256_FORMAT', 'Identifiers must be SHA-256 hex digests of normalised values.', {
            fieldPathElements: [{ fieldName: 'operations', index }],
          });
        hashes.push(value);
      }
    });
    if (json.validateOnly) return {};
    job.identifiers.push(...hashes);
    return {};
  }
  if ((m = /^experiments\/(\d+):scheduleExperiment$/.exec(rest))) {
    knownKeys(json, ['validateOnly'], 'request');
    const experiment = c.experiments.find((e) => e.experimentId === m![1]);
    if (!experiment) throw fail('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${path}.`);
    if (experiment.status !== 'SETUP')
      throw fail('experimentError', 'CANNOT_SCHEDULE_EXPERIMENT_NOT_IN_SETUP', 'Only an experiment in SETUP can be scheduled.');
    const arms = c.experimentArms.filter((a) => a.experiment === experiment.resourceName);
    const control = arms.find((a) => a.control);
    const treatment = arms.find((a) => !a.control);
    if (!control || !treatment)
      throw fail('experimentError', 'EXPERIMENT_ARMS_MISSING', 'An experiment needs a control and a treatment arm.');
    if (arms.reduce((sum, a) => sum + Number(a.trafficSplit), 0) !== 100)
      throw fail('experimentError', 'TRAFFIC_SPLIT_NOT_100', "The arms' traffic splits must add up to 100.");
    if (!experiment.startDate || experiment.startDate <= today())
      throw fail('experimentError', 'START_DATE_IN_PAST', 'The start date must be in the future.');
    if (json.validateOnly) return {};
    const base = c.campaigns.find((x) => x.resourceName === control.campaigns[0])!;
    const baseBudget = c.budgets.find((b) => b.resourceName === base.campaignBudget)!;
    const budgetId = newId(10);
    const budget = {
      id: budgetId,
      resourceName: `customers/${c.id}/campaignBudgets/${budgetId}`,
      amountMicros: String(Math.round((Number(baseBudget.amountMicros) * Number(treatment.trafficSplit)) / 100 / 10_000) * 10_000),
      explicitlyShared: false,
    };
    c.budgets.push(budget);
    const id = newId(11);
    const trial = {
      ...structuredClone(base),
      id,
      resourceName: `customers/${c.id}/campaigns/${id}`,
      name: `${base.name} ${experiment.suffix}`,
      status: 'ENABLED',
      campaignBudget: budget.resourceName,
      startDateTime: `${experiment.startDate} 00:00:00`,
      ...(experiment.endDate ? { endDateTime: `${experiment.endDate} 23:59:59` } : {}),
      labels: [],
    };
    c.campaigns.push(trial);
    for (const group of c.adGroups.filter((g) => g.campaign === base.resourceName && g.status !== 'REMOVED')) {
      const groupId = newId(11);
      const copy = {
        ...structuredClone(group),
        id: groupId,
        resourceName: `customers/${c.id}/adGroups/${groupId}`,
        campaign: trial.resourceName,
      };
      c.adGroups.push(copy);
      for (const criterion of c.adGroupCriteria.filter((k) => k.adGroup === group.resourceName && k.status !== 'REMOVED')) {
        const criterionId = newId(11);
        c.adGroupCriteria.push({
          ...structuredClone(criterion),
          criterionId,
          resourceName: `customers/${c.id}/adGroupCriteria/${groupId}~${criterionId}`,
          adGroup: copy.resourceName,
        });
      }
      for (const ad of c.ads.filter((a) => a.adGroup === group.resourceName && a.status !== 'REMOVED')) {
        c.ads.push({
          ...structuredClone(ad),
          resourceName: `customers/${c.id}/adGroupAds/${groupId}~${ad.ad.id}`,
          adGroup: copy.resourceName,
        });
      }
    }
    treatment.campaigns = [trial.resourceName];
    experiment.status = 'INITIATED';
    recordChange(c, 'campaigns', 'CREATE', undefined, trial, ['name', 'status', 'campaignBudget'], user);
    return { name: `customers/${c.id}/operations/${newId(12)}` };
  }
  if ((m = /^recommendations:(apply|dismiss)$/.exec(rest))) {
    knownKeys(json, ['operations', 'partialFailure'], 'request');
    const operations: Obj[] = json.operations;
    if (!Array.isArray(operations) || !operations.length) throw fail('recommendationError', 'NO_OPERATIONS', 'Operations are required.');
    const targets = operations.map((op, index) => {
      knownKeys(
        op,
        m![1] === 'apply' ? ['resourceName', 'campaignBudget', 'keyword', 'targetCpaOptIn'] : ['resourceName'],
        `operations[${index}]`,
      );
      const rec = c.recommendations.find((r) => r.resourceName === op.resourceName);
      const where = { fieldPathElements: [{ fieldName: 'operations', index }, { fieldName: 'resource_name' }] };
      if (!rec) throw fail('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${op.resourceName}.`, where);
      if (rec.applied)
        throw fail('recommendationError', 'RECOMMENDATION_ALREADY_APPLIED', 'The recommendation was already applied.', where);
      if (m![1] === 'apply' && rec.dismissed)
        throw fail('recommendationError', 'RECOMMENDATION_ALREADY_DISMISSED', 'The recommendation was dismissed.', where);
      if (!current(c, rec))
        throw fail('recommendationError', 'RECOMMENDATION_INVALIDATED', 'The recommendation is no longer valid.', where);
      return { rec, op };
    });
    for (const { rec, op } of targets) {
      if (m[1] === 'dismiss') {
        rec.dismissed = true;
        continue;
      }
      if (rec.type === 'CAMPAIGN_BUDGET') {
        const campaign = c.campaigns.find((x) => x.resourceName === rec.campaign)!;
        const budget = c.budgets.find((b) => b.resourceName === campaign.campaignBudget)!;
        const before = structuredClone(budget);
        budget.amountMicros = String(
          op.campaignBudget?.newBudgetAmountMicros ?? rec.campaignBudgetRecommendation.recommendedBudgetAmountMicros,
        );
        recordChange(c, 'campaignBudgets', 'UPDATE', before, budget, ['amountMicros'], user);
      } else if (rec.type === 'KEYWORD') {
        const group = c.adGroups.find((g) => g.resourceName === rec.adGroup)!;
        const criterionId = newId(11);
        const keyword = {
          resourceName: `customers/${c.id}/adGroupCriteria/${group.id}~${criterionId}`,
          criterionId,
          status: 'ENABLED',
          negative: false,
          adGroup: group.resourceName,
          type: 'KEYWORD',
          keyword: structuredClone(rec.keywordRecommendation.keyword),
          cpcBidMicros: rec.keywordRecommendation.recommendedCpcBidMicros,
          qualityInfo: {},
        };
        c.adGroupCriteria.push(keyword);
        recordChange(c, 'adGroupCriteria', 'CREATE', undefined, keyword, ['keyword.text', 'keyword.matchType', 'status'], user);
      } else if (rec.type === 'KEYWORD_MATCH_TYPE') {
        const { keyword, recommendedMatchType } = rec.keywordMatchTypeRecommendation;
        const narrow = c.adGroupCriteria.find(
          (k) =>
            k.adGroup === rec.adGroup &&
            k.type === 'KEYWORD' &&
            !k.negative &&
            k.status === 'ENABLED' &&
            k.keyword.text === keyword.text &&
            k.keyword.matchType === keyword.matchType,
        )!;
        const group = c.adGroups.find((g) => g.resourceName === rec.adGroup)!;
        const criterionId = newId(11);
        const broad = {
          ...structuredClone(narrow),
          criterionId,
          resourceName: `customers/${c.id}/adGroupCriteria/${group.id}~${criterionId}`,
          keyword: { text: keyword.text, matchType: recommendedMatchType },
        };
        c.adGroupCriteria.push(broad);
        recordChange(c, 'adGroupCriteria', 'CREATE', undefined, broad, ['keyword.text', 'keyword.matchType', 'status'], user);
        const before = structuredClone(narrow);
        narrow.status = 'PAUSED';
        recordChange(c, 'adGroupCriteria', 'UPDATE', before, narrow, ['status'], user);
      } else if (rec.type === 'TARGET_CPA_OPT_IN') {
        const campaign = c.campaigns.find((x) => x.resourceName === rec.campaign)!;
        const before = structuredClone(campaign);
        campaign.maximizeConversions = {
          ...campaign.maximizeConversions,
          targetCpaMicros: String(op.targetCpaOptIn?.targetCpaMicros ?? rec.targetCpaOptInRecommendation.recommendedTargetCpaMicros),
        };
        recordChange(c, 'campaigns', 'UPDATE', before, campaign, ['maximizeConversions.targetCpaMicros'], user);
      }
      rec.applied = true;
    }
    return { results: targets.map(({ rec }) => ({ resourceName: rec.resourceName })) };
  }
  return undefined;
}

/** Seeds recommendations and a few changes made in the web interface before the account was connected. */
export function seedAudience(c: FakeCustomer & AudienceCollections, user = 'marketing@northwind-outdoor.example'): void {
  const rn = (collection: string, id: string) => `customers/${c.id}/${collection}/${id}`;
  const generic = c.campaigns.find((x) => x.name === 'Generic - Hiking Boots')!;
  const genericBudget = c.budgets.find((b) => b.resourceName === generic.campaignBudget)!;
  const men = c.adGroups.find((g) => g.name === 'Hiking Boots - Men')!;
  const impact = (impressions: number, clicks: number, cost: number, conversions: number) => ({
    impressions: String(impressions),
    clicks: String(clicks),
    costMicros: String(cost * 1_000_000),
    conversions,
  });
  const rec = (type: string, fields: Obj) => {
    const id = `${newId(10)}~${type.slice(0, 3)}`;
    c.recommendations.push({ resourceName: rn('recommendations', id), type, dismissed: false, ...fields });
  };
  rec('CAMPAIGN_BUDGET', {
    campaign: generic.resourceName,
    impact: { baseMetrics: impact(21_000, 840, 840, 31), potentialMetrics: impact(26_000, 1_040, 1_050, 38) },
    campaignBudgetRecommendation: {
      currentBudgetAmountMicros: genericBudget.amountMicros,
      recommendedBudgetAmountMicros: String(150 * 1_000_000),
    },
  });
  rec('KEYWORD', {
    campaign: generic.resourceName,
    adGroup: men.resourceName,
    impact: { baseMetrics: impact(0, 0, 0, 0), potentialMetrics: impact(1_200, 60, 96, 3) },
    keywordRecommendation: { keyword: { text: 'hiking boots sale', matchType: 'EXACT' }, recommendedCpcBidMicros: men.cpcBidMicros },
  });
  rec('TARGET_CPA_OPT_IN', {
    campaign: generic.resourceName,
    impact: { baseMetrics: impact(21_000, 840, 840, 31), potentialMetrics: impact(20_500, 820, 800, 31) },
    targetCpaOptInRecommendation: { recommendedTargetCpaMicros: String(27 * 1_000_000) },
  });
  const women = c.adGroups.find((g) => g.name === 'Hiking Boots - Women')!;
  rec('KEYWORD_MATCH_TYPE', {
    campaign: generic.resourceName,
    adGroup: women.resourceName,
    impact: { baseMetrics: impact(3_100, 140, 210, 6), potentialMetrics: impact(4_300, 196, 294, 7.2) },
    keywordMatchTypeRecommendation: { keyword: { text: 'womens hiking boots', matchType: 'PHRASE' }, recommendedMatchType: 'BROAD' },
  });
  const ago = (days: number, hour: number) => new Date(Date.parse(`${addDays(today(), -days)}T${String(hour).padStart(2, '0')}:00:00Z`));
  const misspell = c.adGroups.find((g) => g.name === 'Brand - Misspellings')!;
  recordChange(
    c,
    'campaignBudgets',
    'UPDATE',
    { ...genericBudget, amountMicros: String(90 * 1_000_000) },
    genericBudget,
    ['amountMicros'],
    user,
    ago(5, 11),
    'GOOGLE_ADS_WEB_CLIENT',
  );
  recordChange(
    c,
    'adGroups',
    'UPDATE',
    { ...misspell, status: 'ENABLED' },
    misspell,
    ['status'],
    user,
    ago(10, 16),
    'GOOGLE_ADS_WEB_CLIENT',
  );
  for (const list of c.userLists)
    Object.assign(
      list,
      list.name === 'Newsletter subscribers'
        ? {
            type: 'CRM_BASED',
            membershipStatus: 'OPEN',
            membershipLifeSpan: '10000',
            sizeForDisplay: '900',
            eligibleForSearch: true,
            crmBasedUserList: { uploadKeyType: 'CONTACT_INFO', dataSourceType: 'FIRST_PARTY' },
          }
        : {
            type: 'RULE_BASED',
            membershipStatus: 'OPEN',
            membershipLifeSpan: '540',
            sizeForDisplay: String(Number(list.sizeForSearch) + 13_000),
            eligibleForSearch: true,
          },
    );
}
