/**
 * The platform's objects as the Business API (v1.3) sends them, the fields this gateway reads.
 * Ids may come as numbers or strings (read with String()); report metrics come as decimal strings.
 */

export interface WirePage<T> {
  list?: T[];
  page_info?: { page: number; page_size: number; total_number: number; total_page: number };
}

export interface WireCampaign {
  campaign_id: string | number;
  campaign_name: string;
  objective_type: string;
  budget_mode: 'BUDGET_MODE_DAY' | 'BUDGET_MODE_TOTAL' | 'BUDGET_MODE_INFINITE';
  budget?: number | string;
  budget_optimize_on?: boolean;
  app_promotion_type?: string;
  operation_status?: string;
  secondary_status?: string;
  create_time?: string;
  modify_time?: string;
}

/** An ad group: the fields named in mapping.ts, read generically. */
export interface WireAdGroup extends Record<string, unknown> {
  adgroup_id: string | number;
  campaign_id: string | number;
  operation_status?: string;
  secondary_status?: string;
  budget_mode?: string;
  placements?: string[];
  location_ids?: (string | number)[];
  pixel_id?: string | number | null;
  auto_targeting_enabled?: boolean;
  create_time?: string;
  modify_time?: string;
}

export interface WireAd {
  ad_id: string | number;
  adgroup_id: string | number;
  campaign_id: string | number;
  ad_name: string;
  ad_format?: string;
  creative_material_mode?: string;
  operation_status?: string;
  secondary_status?: string;
  ad_text?: string;
  ad_texts?: string[];
  video_id?: string;
  image_ids?: string[];
  tiktok_item_id?: string;
  card_id?: string | number;
  identity_id?: string | number;
  identity_type?: string;
  display_name?: string;
  call_to_action?: string;
  landing_page_url?: string;
  page_id?: string | number;
  create_time?: string;
}

export interface WireVideo {
  video_id: string;
  file_name?: string;
  duration?: number | string;
  size?: number | string;
  width?: number | string;
  height?: number | string;
  format?: string;
  displayable?: boolean;
  video_cover_url?: string;
  create_time?: string;
}

export interface WireImage {
  image_id: string;
  image_url?: string;
  file_name?: string;
  width?: number | string;
  height?: number | string;
  format?: string;
  size?: number | string;
  create_time?: string;
}

export interface WireIdentity {
  identity_id: string | number;
  identity_type: string;
  display_name?: string;
  can_pull_video?: boolean;
  auth_expire_time?: string;
}

export interface WirePixel {
  pixel_id: string | number;
  pixel_code: string;
  pixel_name: string;
  activity_status?: string;
  events?: { optimization_event?: string; event_type?: string; name?: string; last_fired_time?: string }[];
}

export interface WireAudience {
  audience_id: string | number;
  name: string;
  audience_type: string;
  cover_num?: number | string;
  is_valid?: boolean;
  is_expired?: boolean;
  create_time?: string;
}

export interface WireLeadPage {
  page_id: string | number;
  title?: string;
  page_name?: string;
  status?: string;
  create_time?: string;
}

export interface WireReportRow {
  dimensions: Record<string, string | number>;
  metrics: Record<string, string | number>;
}

export interface WireAdvertiser {
  advertiser_id: string | number;
  name?: string;
  currency: string;
  timezone: string;
  status?: string;
}
