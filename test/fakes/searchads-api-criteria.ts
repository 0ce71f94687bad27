/**
 * Mutable resources of the fake search platform, criteria family: ad group criteria (keywords, audiences, display targeting, listing groups), campaign criteria (locations, languages, negatives, schedules, devices), shared sets, shared criteria and campaign shared sets.
 */
import {
  ENUM,
  type MutableSpec,
  type Obj,
  checkBid,
  checkKeyword,
  invalid,
  markRemoved,
  newId,
  refOf,
  removeFrom,
  required,
} from './searchads-api-core';
import { GEO_TARGET_CONSTANTS, LANGUAGE_CONSTANTS, TOPIC_CONSTANTS, USER_INTERESTS } from './searchads-api-reference';
import { createHash } from 'node:crypto';

export const DEMOGRAPHICS: Record<string, string[]> = {
  ageRange: [
    'AGE_RANGE_18_24',
    'AGE_RANGE_25_34',
    'AGE_RANGE_35_44',
    'AGE_RANGE_45_54',
    'AGE_RANGE_55_64',
    'AGE_RANGE_65_UP',
    'AGE_RANGE_UNDETERMINED',
  ],
  gender: ['MALE', 'FEMALE', 'UNDETERMINED'],
  parentalStatus: ['PARENT', 'NOT_A_PARENT', 'UNDETERMINED'],
  incomeRange: [
    'INCOME_RANGE_0_50',
    'INCOME_RANGE_50_60',
    'INCOME_RANGE_60_70',
    'INCOME_RANGE_70_80',
    'INCOME_RANGE_80_90',
    'INCOME_RANGE_90_UP',
    'INCOME_RANGE_UNDETERMINED',
  ],
};

export const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
export const MINUTES: Record<string, number> = { ZERO: 0, FIFTEEN: 15, THIRTY: 30, FORTY_FIVE: 45 };
export const DEVICE_IDS: Record<string, string> = { DESKTOP: '30000', MOBILE: '30001', TABLET: '30002', CONNECTED_TV: '30004' };
export const checkModifier = (value: unknown, min: number, where: (f: string) => Obj) => {
  if (value === undefined) return;
  const m = Number(value);
  if (!Number.isFinite(m) || (m !== 0 && (m < 0.1 || m > 10)) || (m === 0 && min > 0))
    throw invalid('criterionError', 'INVALID_BID_MODIFIER', `The bid modifier ${value} is out of range.`, where('bid_modifier'));
};

/** Mutate specs of this family's resources (by service name). */
export const CRITERIA_MUTABLE: Record<string, MutableSpec> = {
  adGroupCriteria: {
    list: 'adGroupCriteria',
    create: [
      'adGroup',
      'status',
      'negative',
      'cpcBidMicros',
      'keyword.text',
      'keyword.matchType',
      'userInterest.userInterestCategory',
      'customAudience.customAudience',
      'userList.userList',
      'placement.url',
      'mobileApplication.appId',
      'youtubeChannel.channelId',
      'youtubeVideo.videoId',
      'topic.topicConstant',
      'ageRange.type',
      'gender.type',
      'parentalStatus.type',
      'incomeRange.type',
    ],
    update: ['status', 'cpcBidMicros'],
    build(c, create, where) {
      const group = refOf(c, 'adGroups', create.adGroup, 'ad_group', where);
      if (create.keyword !== undefined) {
        checkKeyword(create.keyword, where);
        if (create.negative && create.cpcBidMicros !== undefined)
          throw invalid(
            'criterionError',
            'CANNOT_BID_ON_NEGATIVE_CRITERION',
            'Negative criteria cannot have bids.',
            where('cpc_bid_micros'),
          );
        checkBid(create.cpcBidMicros, where);
        const same = (x: Obj) =>
          x.adGroup === group.resourceName &&
          x.type === 'KEYWORD' &&
          x.status !== 'REMOVED' &&
          Boolean(x.negative) === Boolean(create.negative) &&
          x.keyword.text.toLowerCase() === String(create.keyword.text).toLowerCase() &&
          x.keyword.matchType === create.keyword.matchType;
        if (c.adGroupCriteria.some(same))
          throw invalid(
            'adGroupCriterionError',
            'AD_GROUP_CRITERION_ALREADY_EXISTS',
            'The criterion already exists in the ad group.',
            where('keyword'),
          );
        // The platform numbers a keyword by its text and match type: the same keyword has the same criterion id in every ad group.
        const id = String(
          10_000_000_000 +
            (parseInt(
              createHash('sha256').update(`${create.keyword.text.toLowerCase()}|${create.keyword.matchType}`).digest('hex').slice(0, 8),
              16,
            ) %
              89_999_999_999),
        );
        return {
          resourceName: `customers/${c.id}/adGroupCriteria/${group.id}~${id}`,
          criterionId: id,
          type: 'KEYWORD',
          status: create.negative ? 'ENABLED' : (create.status ?? 'ENABLED'),
          negative: Boolean(create.negative),
          adGroup: group.resourceName,
          keyword: { text: create.keyword.text, matchType: create.keyword.matchType },
          ...(create.cpcBidMicros !== undefined ? { cpcBidMicros: String(create.cpcBidMicros) } : {}),
        };
      }
      const kinds = [
        [
          'userInterest',
          'USER_INTEREST',
          create.userInterest?.userInterestCategory,
          (rn: string) => USER_INTERESTS.some((u) => rn === `customers/${c.id}/userInterests/${u.userInterestId}`),
        ],
        [
          'customAudience',
          'CUSTOM_AUDIENCE',
          create.customAudience?.customAudience,
          (rn: string) => c.customAudiences.some((x) => x.resourceName === rn),
        ],
        ['userList', 'USER_LIST', create.userList?.userList, (rn: string) => c.userLists.some((x) => x.resourceName === rn)],
        ['placement', 'PLACEMENT', create.placement?.url, (url: string) => /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(\/\S*)?$/i.test(url)],
        ['mobileApplication', 'MOBILE_APPLICATION', create.mobileApplication?.appId, (id: string) => /^(1-\d+|2-[\w.]+)$/.test(id)],
        ['youtubeChannel', 'YOUTUBE_CHANNEL', create.youtubeChannel?.channelId, (id: string) => /^UC[\w-]{22}$/.test(id)],
        ['youtubeVideo', 'YOUTUBE_VIDEO', create.youtubeVideo?.videoId, (id: string) => /^[\w-]{11}$/.test(id)],
        ['topic', 'TOPIC', create.topic?.topicConstant, (rn: string) => TOPIC_CONSTANTS.some((t) => t.resourceName === rn)],
        ...Object.entries(DEMOGRAPHICS).map(
          ([key, values]) =>
            [key, key.replace(/([A-Z])/g, '_$1').toUpperCase(), create[key]?.type, (value: string) => values.includes(value)] as const,
        ),
      ] as const;
      const given = kinds.filter(([, , value]) => value !== undefined);
      if (given.length !== 1)
        throw invalid('criterionError', 'CRITERION_TYPE_MISMATCH', 'Exactly one criterion must be set.', where('criterion'));
      const [field, type, value, known] = given[0]!;
      if (!known(value))
        throw invalid(
          'criterionError',
          type === 'TOPIC'
            ? 'INVALID_TOPIC_PATH'
            : ['USER_INTEREST', 'CUSTOM_AUDIENCE', 'USER_LIST'].includes(type)
              ? 'INVALID_USER_INTEREST'
              : 'INVALID_PLACEMENT_URL',
          `The criterion ${value} is not valid or not accessible.`,
          where(field),
        );
      if (create.negative && create.cpcBidMicros !== undefined)
        throw invalid('criterionError', 'CANNOT_BID_ON_NEGATIVE_CRITERION', 'Negative criteria cannot have bids.', where('cpc_bid_micros'));
      if (
        c.adGroupCriteria.some(
          (x) =>
            x.adGroup === group.resourceName &&
            x.type === type &&
            x.status !== 'REMOVED' &&
            JSON.stringify(x[field]) === JSON.stringify(create[field]),
        )
      ) {
        throw invalid(
          'adGroupCriterionError',
          'AD_GROUP_CRITERION_ALREADY_EXISTS',
          'The criterion already exists in the ad group.',
          where(field),
        );
      }
      const id = newId(12);
      return {
        resourceName: `customers/${c.id}/adGroupCriteria/${group.id}~${id}`,
        criterionId: id,
        status: create.negative ? 'ENABLED' : (create.status ?? 'ENABLED'),
        negative: Boolean(create.negative),
        adGroup: group.resourceName,
        type,
        [field]: create[field],
      };
    },
    validate(_c, criterion, where, before) {
      if (!before) return;
      if (before.status === 'REMOVED')
        throw invalid('mutateError', 'RESOURCE_NOT_FOUND', 'A removed criterion cannot be changed.', where('status'));
      ENUM('status', criterion.status, ['ENABLED', 'PAUSED'], where);
      if (criterion.negative && criterion.cpcBidMicros !== undefined)
        throw invalid('criterionError', 'CANNOT_BID_ON_NEGATIVE_CRITERION', 'Negative criteria cannot have bids.', where('cpc_bid_micros'));
      checkBid(criterion.cpcBidMicros, where);
    },
    remove(c, target, list) {
      if (target.status === 'REMOVED')
        throw invalid('mutateError', 'RESOURCE_NOT_FOUND', `Resource was not found: ${target.resourceName}.`);
      if (target.type === 'KEYWORD' && !target.negative) markRemoved(c, target);
      else removeFrom(c, target, list);
    },
  },
  campaignCriteria: {
    list: 'campaignCriteria',
    create: [
      'campaign',
      'negative',
      'location.geoTargetConstant',
      'language.languageConstant',
      'keyword.text',
      'keyword.matchType',
      'bidModifier',
      'device.type',
      'adSchedule.dayOfWeek',
      'adSchedule.startHour',
      'adSchedule.startMinute',
      'adSchedule.endHour',
      'adSchedule.endMinute',
    ],
    update: ['bidModifier'],
    build(c, create, where) {
      const campaign = refOf(c, 'campaigns', create.campaign, 'campaign', where);
      const modifier = create.bidModifier !== undefined ? { bidModifier: Number(create.bidModifier) } : {};
      if (create.device) {
        ENUM('device.type', create.device.type, Object.keys(DEVICE_IDS), where);
        const id = DEVICE_IDS[create.device.type]!;
        return {
          resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${id}`,
          criterionId: id,
          campaign: campaign.resourceName,
          type: 'DEVICE',
          negative: false,
          device: { type: create.device.type },
          ...modifier,
        };
      }
      if (create.adSchedule) {
        const a = create.adSchedule;
        ENUM('ad_schedule.day_of_week', a.dayOfWeek, DAYS, where);
        ENUM('ad_schedule.start_minute', a.startMinute, Object.keys(MINUTES), where);
        ENUM('ad_schedule.end_minute', a.endMinute, Object.keys(MINUTES), where);
        if (!Number.isInteger(a.startHour) || a.startHour < 0 || a.startHour > 23)
          throw invalid(
            'criterionError',
            'AD_SCHEDULE_INVALID_START_HOUR',
            'The start hour must be 0-23.',
            where('ad_schedule.start_hour'),
          );
        if (!Number.isInteger(a.endHour) || a.endHour < 0 || a.endHour > 24 || (a.endHour === 24 && a.endMinute !== 'ZERO'))
          throw invalid(
            'criterionError',
            'AD_SCHEDULE_INVALID_END_HOUR',
            'The end hour must be 0-24 (24 with minute ZERO).',
            where('ad_schedule.end_hour'),
          );
        if (a.endHour * 60 + MINUTES[a.endMinute]! <= a.startHour * 60 + MINUTES[a.startMinute]!)
          throw invalid(
            'criterionError',
            'AD_SCHEDULE_END_TIME_BEFORE_START_TIME',
            'The end time must be after the start time.',
            where('ad_schedule'),
          );
        const id = newId(11);
        return {
          resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${id}`,
          criterionId: id,
          campaign: campaign.resourceName,
          type: 'AD_SCHEDULE',
          negative: false,
          adSchedule: { ...a },
          ...modifier,
        };
      }
      if (create.keyword !== undefined) {
        if (!create.negative)
          throw invalid('criterionError', 'CANNOT_ADD_CRITERIA_TYPE', 'Campaigns take keywords only as negatives.', where('negative'));
        checkKeyword(create.keyword, where);
        if (
          c.campaignCriteria.some(
            (x) =>
              x.campaign === campaign.resourceName &&
              x.type === 'KEYWORD' &&
              x.keyword.text.toLowerCase() === String(create.keyword.text).toLowerCase() &&
              x.keyword.matchType === create.keyword.matchType,
          )
        ) {
          throw invalid(
            'campaignCriterionError',
            'CAMPAIGN_CRITERION_ALREADY_EXISTS',
            'The negative keyword already exists on the campaign.',
            where('keyword'),
          );
        }
        const id = newId(11);
        return {
          resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${id}`,
          criterionId: id,
          campaign: campaign.resourceName,
          type: 'KEYWORD',
          negative: true,
          keyword: { text: create.keyword.text, matchType: create.keyword.matchType },
        };
      }
      if (create.location) {
        const geo = GEO_TARGET_CONSTANTS.find((g) => g.resourceName === create.location.geoTargetConstant);
        if (!geo)
          throw invalid(
            'criterionError',
            'INVALID_GEO_TARGET_CONSTANT',
            `Invalid geo target constant: ${create.location.geoTargetConstant}.`,
            where('location.geo_target_constant'),
          );
        return {
          resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${geo.id}`,
          criterionId: geo.id,
          campaign: campaign.resourceName,
          type: 'LOCATION',
          negative: Boolean(create.negative),
          location: { geoTargetConstant: geo.resourceName },
        };
      }
      if (create.language) {
        const language = LANGUAGE_CONSTANTS.find((l) => `languageConstants/${l.id}` === create.language.languageConstant);
        if (!language)
          throw invalid(
            'criterionError',
            'INVALID_LANGUAGE_CONSTANT',
            `Invalid language constant: ${create.language.languageConstant}.`,
            where('language.language_constant'),
          );
        return {
          resourceName: `customers/${c.id}/campaignCriteria/${campaign.id}~${language.id}`,
          criterionId: language.id,
          campaign: campaign.resourceName,
          type: 'LANGUAGE',
          negative: false,
          language: create.language,
        };
      }
      throw invalid(
        'criterionError',
        'CRITERION_TYPE_MISMATCH',
        'A criterion (location, language or ad schedule) must be set.',
        where('criterion'),
      );
    },
    validate(c, criterion, where) {
      if (criterion.bidModifier === undefined) return;
      if (criterion.negative)
        throw invalid(
          'criterionError',
          'CANNOT_BID_MODIFY_NEGATIVE_CRITERION',
          'Negative criteria cannot have bid modifiers.',
          where('bid_modifier'),
        );
      if (!['DEVICE', 'AD_SCHEDULE', 'LOCATION'].includes(criterion.type))
        throw invalid(
          'criterionError',
          'BID_MODIFIER_NOT_ALLOWED',
          `${criterion.type} criteria take no bid modifier.`,
          where('bid_modifier'),
        );
      checkModifier(criterion.bidModifier, criterion.type === 'DEVICE' ? 0 : 0.1, where);
      const campaign = c.campaigns.find((x) => x.resourceName === criterion.campaign);
      if (campaign?.status === 'REMOVED')
        throw invalid('campaignError', 'CANNOT_MODIFY_REMOVED_CAMPAIGN', 'Cannot modify a removed campaign.', where('campaign'));
      if (campaign?.advertisingChannelType === 'PERFORMANCE_MAX' && criterion.type !== 'AD_SCHEDULE')
        throw invalid(
          'criterionError',
          'BID_MODIFIER_NOT_ALLOWED',
          'Performance Max campaigns take no bid modifiers.',
          where('bid_modifier'),
        );
    },
    checkAll(_c, after) {
      const byCampaign = new Map<string, Obj[]>();
      for (const x of after) byCampaign.set(x.campaign, [...(byCampaign.get(x.campaign) ?? []), x]);
      for (const criteria of byCampaign.values()) {
        const devices = criteria.filter((x) => x.type === 'DEVICE' && ['MOBILE', 'DESKTOP', 'TABLET'].includes(x.device.type));
        if (devices.length === 3 && devices.every((d) => Number(d.bidModifier) === 0))
          throw invalid('campaignCriterionError', 'CANNOT_EXCLUDE_ALL_DEVICES', 'Not every device may be excluded.');
        for (const day of DAYS) {
          const periods = criteria
            .filter((x) => x.type === 'AD_SCHEDULE' && x.adSchedule.dayOfWeek === day)
            .map((x) => x.adSchedule)
            .sort((a, b) => a.startHour * 60 + MINUTES[a.startMinute]! - (b.startHour * 60 + MINUTES[b.startMinute]!));
          if (periods.length > 6)
            throw invalid(
              'criterionError',
              'AD_SCHEDULE_EXCEEDED_INTERVALS_PER_DAY_LIMIT',
              'No more than six ad schedules can be added for the same day.',
            );
          for (let i = 1; i < periods.length; i++) {
            if (
              periods[i].startHour * 60 + MINUTES[periods[i].startMinute]! <
              periods[i - 1].endHour * 60 + MINUTES[periods[i - 1].endMinute]!
            )
              throw invalid('criterionError', 'AD_SCHEDULE_TIME_INTERVALS_OVERLAP', `Ad schedules overlap on ${day}.`);
          }
        }
      }
    },
    remove: removeFrom,
  },
  sharedSets: {
    list: 'sharedSets',
    create: ['name', 'type'],
    update: ['name'],
    build(c, create, where) {
      required('name', create.name, where);
      ENUM('type', create.type, ['NEGATIVE_KEYWORDS', 'NEGATIVE_PLACEMENTS'], where);
      if (c.sharedSets.some((x) => x.status === 'ENABLED' && x.name === create.name))
        throw invalid('sharedSetError', 'DUPLICATE_NAME', 'A shared set with this name already exists.', where('name'));
      const id = newId(10);
      return { id, resourceName: `customers/${c.id}/sharedSets/${id}`, name: create.name, type: create.type, status: 'ENABLED' };
    },
    validate() {},
    remove: markRemoved,
  },
  sharedCriteria: {
    list: 'sharedCriteria',
    create: ['sharedSet', 'keyword.text', 'keyword.matchType'],
    build(c, create, where) {
      const set = refOf(c, 'sharedSets', create.sharedSet, 'shared_set', where);
      checkKeyword(create.keyword, where);
      if (
        c.sharedCriteria.some(
          (x) =>
            x.sharedSet === set.resourceName &&
            x.keyword.text.toLowerCase() === String(create.keyword.text).toLowerCase() &&
            x.keyword.matchType === create.keyword.matchType,
        )
      ) {
        throw invalid('sharedCriterionError', 'CRITERION_ALREADY_EXISTS', 'The keyword is already in the shared set.', where('keyword'));
      }
      const id = newId(11);
      return {
        resourceName: `customers/${c.id}/sharedCriteria/${set.id}~${id}`,
        criterionId: id,
        type: 'KEYWORD',
        sharedSet: set.resourceName,
        keyword: { text: create.keyword.text, matchType: create.keyword.matchType },
      };
    },
    validate() {},
    remove: removeFrom,
  },
  campaignSharedSets: {
    list: 'campaignSharedSets',
    create: ['campaign', 'sharedSet'],
    build(c, create, where) {
      const campaign = refOf(c, 'campaigns', create.campaign, 'campaign', where);
      const set = refOf(c, 'sharedSets', create.sharedSet, 'shared_set', where);
      return {
        resourceName: `customers/${c.id}/campaignSharedSets/${campaign.id}~${set.id}`,
        campaign: campaign.resourceName,
        sharedSet: set.resourceName,
        status: 'ENABLED',
      };
    },
    validate() {},
    remove: removeFrom,
  },
};
