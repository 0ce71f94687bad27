/** What the proads creators share: their documented examples, the created-entities output and the stopped group states. */
import * as v from 'valibot';
import { writeOutput } from './common';

/** Documented request examples of the tools this file builds (ToolSpec.examples; <…> marks an id to take from the tool named). */
export const EXAMPLES: Record<string, Record<string, unknown>[]> = {
  create_proads_image_campaign: [
    {
      campaign_group_id: '<campaign_group_id from list_proads_campaign_groups>',
      objective_type: 'WEBSITE_CONVERSION',
      daily_budget: 40,
      unit_cost: 7,
      targeting: { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } },
      name: 'Example image',
      intro_text: 'See it',
      headline: 'Example',
      landing_page_url: 'https://www.example.com/example',
      asset_id: '<asset_id from discover_proads_assets>',
    },
  ],
  create_proads_video_campaign: [
    {
      campaign_group_id: '<campaign_group_id from list_proads_campaign_groups>',
      objective_type: 'WEBSITE_CONVERSION',
      daily_budget: 40,
      unit_cost: 7,
      targeting: { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } },
      name: 'Example video',
      headline: 'Example',
      landing_page_url: 'https://www.example.com/example',
      asset_id: '<asset_id from discover_proads_assets>',
    },
  ],
  create_proads_carousel_campaign: [
    {
      campaign_group_id: '<campaign_group_id from list_proads_campaign_groups>',
      objective_type: 'WEBSITE_CONVERSION',
      daily_budget: 40,
      unit_cost: 7,
      targeting: { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } },
      name: 'Example carousel',
      intro_text: 'Cards',
      cards: [
        { headline: 'One', landing_page_url: 'https://www.example.com/example', asset_id: '<asset_id from discover_proads_assets>' },
        { headline: 'Two', landing_page_url: 'https://www.example.com/example', asset_id: '<asset_id from discover_proads_assets>' },
      ],
    },
  ],
  create_proads_text_campaign: [
    {
      campaign_group_id: '<campaign_group_id from list_proads_campaign_groups>',
      objective_type: 'WEBSITE_CONVERSION',
      daily_budget: 40,
      unit_cost: 7,
      targeting: { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } },
      name: 'Example text',
      headline: 'Example',
      description: 'Example the text',
      landing_page_url: 'https://www.example.com/example',
    },
  ],
  add_proads_creative: [
    {
      campaign_id: '<campaign_id from list_proads_campaigns>',
      intro_text: 'See it',
      headline: 'Example',
      landing_page_url: 'https://www.example.com/example',
      asset_id: '<asset_id from discover_proads_assets>',
    },
  ],
  add_proads_video_creative: [
    {
      campaign_id: '<campaign_id from list_proads_campaigns>',
      headline: 'Example',
      landing_page_url: 'https://www.example.com/example',
      asset_id: '<asset_id from discover_proads_assets>',
    },
  ],
  add_proads_carousel_creative: [
    {
      campaign_id: '<campaign_id from list_proads_campaigns>',
      intro_text: 'Cards',
      cards: [
        { headline: 'One', landing_page_url: 'https://www.example.com/example', asset_id: '<asset_id from discover_proads_assets>' },
        { headline: 'Two', landing_page_url: 'https://www.example.com/example', asset_id: '<asset_id from discover_proads_assets>' },
      ],
    },
  ],
  add_proads_text_creative: [
    {
      campaign_id: '<campaign_id from list_proads_campaigns>',
      headline: 'Example',
      description: 'Example the text',
      landing_page_url: 'https://www.example.com/example',
    },
  ],
};

export const createdOutput = writeOutput({
  created: v.array(v.object({ entity: v.string(), id: v.string(), name: v.string(), status: v.string() })),
});
export type Created = { entity: string; id: string; name: string; status: string };
export const STOPPED_GROUPS = ['ARCHIVED', 'CANCELED', 'PENDING_DELETION'];
