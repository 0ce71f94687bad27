/**
 * The output schemas of the shortvideo entities as the port returns them (port.ts): one schema per
 * entity, used by every tool that shows the entity, so a field added to the port is declared once.
 */
import * as v from 'valibot';
import type { SchemaDescribes } from '../../core/schema-types';
import { AD_FORMATS, IDENTITY_TYPES, OBJECTIVES, type ShortVideoAd, type ShortVideoAdGroup, type ShortVideoCampaign } from './port';

const budgetMode = v.picklist(['BUDGET_MODE_DAY', 'BUDGET_MODE_TOTAL', 'BUDGET_MODE_INFINITE']);
const strings = v.array(v.string());
const customActions = v.array(v.object({ action_categories: strings, days: v.number() }));

/** ShortVideoCampaign. */
export const campaignEntries = {
  id: v.string(),
  campaign_name: v.string(),
  objective_type: v.picklist(OBJECTIVES),
  status: v.picklist(['ACTIVE', 'PAUSED', 'DELETED']),
  budget_mode: budgetMode,
  budget: v.number(),
  budget_optimize_on: v.boolean(),
  app_promotion_type: v.optional(v.picklist(['APP_INSTALL', 'APP_RETARGETING'])),
  create_time: v.string(),
  start_date: v.string(),
};

/** ShortVideoAdGroup: every setting update_shortvideo_ad_group can change. */
export const adGroupEntries = {
  id: v.string(),
  campaign_id: v.string(),
  adgroup_name: v.string(),
  status: v.picklist(['ENABLED', 'DISABLED', 'DELETED']),
  budget_mode: budgetMode,
  budget: v.optional(v.number()),
  schedule_type: v.picklist(['SCHEDULE_FROM_NOW', 'SCHEDULE_START_END']),
  schedule_start_time: v.string(),
  schedule_end_time: v.optional(v.string()),
  dayparting: v.optional(v.string()),
  pacing: v.picklist(['PACING_MODE_SMOOTH', 'PACING_MODE_FAST']),
  bid_type: v.picklist(['BID_TYPE_NO_BID', 'BID_TYPE_CUSTOM', 'BID_TYPE_MAX_CONVERSION']),
  bid_price: v.optional(v.number()),
  conversion_bid_price: v.optional(v.number()),
  bid_display_mode: v.optional(v.string()),
  deep_bid_type: v.optional(v.string()),
  deep_cpa_bid: v.optional(v.number()),
  roas_bid: v.optional(v.number()),
  skip_learning_phase: v.optional(v.boolean()),
  billing_event: v.string(),
  optimization_goal: v.string(),
  pixel_id: v.optional(v.string()),
  optimization_event: v.optional(v.string()),
  secondary_optimization_event: v.optional(v.string()),
  next_day_retention: v.optional(v.number()),
  conversion_id: v.optional(v.string()),
  promotion_type: v.optional(v.string()),
  app_id: v.optional(v.string()),
  statistic_type: v.optional(v.string()),
  frequency: v.optional(v.number()),
  frequency_schedule: v.optional(v.number()),
  location_ids: strings,
  age_groups: v.optional(strings),
  gender: v.string(),
  languages: v.optional(strings),
  operating_systems: v.optional(strings),
  device_model_ids: v.optional(strings),
  device_price_ranges: v.optional(v.array(v.number())),
  network_types: v.optional(strings),
  carrier_ids: v.optional(strings),
  spending_power: v.optional(v.string()),
  household_income: v.optional(strings),
  contextual_tag_ids: v.optional(strings),
  audience_ids: v.optional(strings),
  excluded_audience_ids: v.optional(strings),
  audience_rule: v.optional(
    v.object({ audience_op: v.optional(v.string()), audience_ids: v.optional(strings), lookalike_audience_ids: v.optional(strings) }),
  ),
  audience_type: v.optional(v.string()),
  included_custom_actions: v.optional(customActions),
  excluded_custom_actions: v.optional(customActions),
  interest_category_ids: v.optional(strings),
  interest_keyword_ids: v.optional(strings),
  purchase_intention_keyword_ids: v.optional(strings),
  auto_targeting_enabled: v.optional(v.string()),
  targeting_expansion: v.optional(
    v.object({ expansion_type_ids: v.optional(strings), expand_age: v.optional(v.boolean()), expand_gender: v.optional(v.boolean()) }),
  ),
  placement_type: v.picklist(['PLACEMENT_TYPE_AUTOMATIC', 'PLACEMENT_TYPE_NORMAL']),
  placements: v.optional(strings),
  blocked_partnernet_app_ids: v.optional(strings),
  included_partnernet_audience_package_ids: v.optional(strings),
  excluded_partnernet_audience_package_ids: v.optional(strings),
  brand_safety_type: v.optional(v.string()),
  brand_safety_partner: v.optional(v.string()),
  creative_material_mode: v.picklist(['CUSTOM', 'DYNAMIC']),
  video_download_disabled: v.optional(v.boolean()),
  comment_disabled: v.optional(v.boolean()),
  is_hfss: v.optional(v.boolean()),
  create_time: v.string(),
  modify_time: v.optional(v.string()),
};

/** ShortVideoAd. */
export const adEntries = {
  id: v.string(),
  adgroup_id: v.string(),
  campaign_id: v.string(),
  ad_name: v.string(),
  ad_format: v.picklist(AD_FORMATS),
  status: v.picklist(['ENABLED', 'DISABLED', 'DELETED']),
  review_status: v.picklist(['APPROVED', 'IN_REVIEW', 'REJECTED']),
  ad_text: v.optional(v.string()),
  ad_texts: v.optional(strings),
  video_id: v.optional(v.string()),
  video_ids: v.optional(strings),
  image_ids: v.optional(strings),
  shortvideo_item_id: v.optional(v.string()),
  carousel_id: v.optional(v.string()),
  identity_id: v.optional(v.string()),
  identity_type: v.optional(v.picklist(IDENTITY_TYPES)),
  display_name: v.string(),
  call_to_action: v.optional(v.string()),
  landing_page_url: v.optional(v.string()),
  page_id: v.optional(v.string()),
  create_time: v.string(),
};

// The schemas describe exactly the port's types: the build fails when a field is added to one only.
const campaignMatches: SchemaDescribes<typeof campaignEntries, ShortVideoCampaign> = true;
const adGroupMatches: SchemaDescribes<typeof adGroupEntries, ShortVideoAdGroup> = true;
const adMatches: SchemaDescribes<typeof adEntries, ShortVideoAd> = true;
void [campaignMatches, adGroupMatches, adMatches];
