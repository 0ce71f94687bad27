/**
 * Working arguments of every proads tool that needs some, for the scan of tool texts
 * (test/integration/tool-names-in-output.test.ts): ids are read from the list tools of a seeded
 * account, and the writes are chosen so that each succeeds in registry order (a pause before its
 * resume, an archive before its reactivation).
 */
type Read = (tool: string, args?: Record<string, unknown>) => Promise<Record<string, any>>;

export async function proadsScanArguments(read: Read): Promise<Record<string, Record<string, unknown>>> {
  const all = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'COMPLETED', 'DRAFT'];
  const campaigns = (await read('list_proads_campaigns', { status: all })).campaigns as any[];
  const groups = (await read('list_proads_campaign_groups', { status: all })).campaign_groups as any[];
  const creatives = (await read('list_proads_creatives', {})).creatives as any[];
  const conversions = (await read('list_proads_conversions')).conversions as any[];
  const assets = (await read('discover_proads_assets')).assets as any[];
  const named = (prefix: string) => campaigns.find((c) => c.name.startsWith(prefix)).id as string;
  const [itdm, hr, cfo, ebook, sidebar, testimonials, draft, webinar] = [
    'Demand Gen',
    'Mid-Funnel',
    'ABM',
    'Lead Gen',
    'Text Ads',
    'Retargeting',
    'Draft',
    'Webinar',
  ].map(named);
  const demand = groups.find((g) => g.name === '2026 Demand Generation').id;
  const image = assets.find((a) => a.kind === 'IMAGE').id;
  const video = assets.find((a) => a.kind === 'VIDEO').id;
  const creative = (name: string) => creatives.find((c) => c.name === name).id as string;
  const targeting = { include: { locations: ['geo:us'], seniorities: ['seniority:6'] } };
  const campaign = { campaign_group_id: demand, objective_type: 'WEBSITE_CONVERSION', daily_budget: 40, unit_cost: 7, targeting };
  const url = 'https://www.example.com/scan';
  return {
    search_proads_campaign_groups: { query: 'demand' },
    get_proads_campaign_structure: { campaign_id: itdm },
    get_proads_campaign_targeting: { campaign_id: itdm },
    forecast_proads_campaign_supply: { targeting, daily_budget: 80 },
    search_proads_targeting: { facet: 'seniorities', query: 'dir' },
    estimate_proads_audience_size: { targeting },
    research_business_for_proads_targeting: { business_description: 'Cloud cost software for IT directors at enterprise companies' },
    generate_proads_ad_creatives: {
      business_name: 'Northwind',
      product: 'Northwind Cloud',
      audience: 'IT leaders',
      value_proposition: 'Cut cloud spend by a third',
    },
    pause_proads_campaign: { campaign_id: itdm },
    resume_proads_campaign: { campaign_id: itdm },
    archive_proads_campaign: { campaign_id: hr },
    reactivate_proads_campaign: { campaign_id: hr },
    pause_proads_creative: { creative_id: creative('ITDM - Analyst quote') },
    resume_proads_creative: { creative_id: creative('ITDM - Analyst quote') },
    delete_proads_campaign: { campaign_id: draft },
    delete_proads_campaign_group: { campaign_group_id: groups.find((g) => g.status === 'ARCHIVED').id },
    delete_proads_creative: { creative_id: creative('ITDM - Generic product shot') },
    batch_delete_proads_campaigns: { campaign_ids: [webinar] },
    update_proads_campaign: { campaign_id: cfo, name: 'ABM - Named CFO List - renamed' },
    update_proads_campaign_budget: { campaign_id: cfo, daily_budget: 60 },
    update_proads_campaign_schedule: { campaign_id: cfo, end_date: '2031-12-31' },
    update_proads_campaign_targeting: { campaign_id: itdm, add_exclusions: { seniorities: ['seniority:3'] } },
    batch_update_proads_campaigns: { updates: [{ campaign_id: ebook, daily_budget: 260 }] },
    update_proads_campaign_group: { campaign_group_id: demand, total_budget: 125000 },
    update_proads_creative: { creative_id: creative('ITDM - Cost savings stat'), headline: 'Cut infrastructure costs 31%' },
    create_proads_campaign_group: { name: 'Scan group' },
    batch_create_proads_campaign_groups: { groups: [{ name: 'Scan batch' }] },
    add_proads_campaign_to_group: { ...campaign, name: 'Scan draft', format: 'SINGLE_IMAGE' },
    create_proads_image_campaign: {
      ...campaign,
      name: 'Scan image',
      intro_text: 'See it',
      headline: 'Scan',
      landing_page_url: url,
      asset_id: image,
    },
    create_proads_video_campaign: { ...campaign, name: 'Scan video', headline: 'Scan', landing_page_url: url, asset_id: video },
    create_proads_text_campaign: { ...campaign, name: 'Scan text', headline: 'Scan', description: 'Scan the text', landing_page_url: url },
    create_proads_carousel_campaign: {
      ...campaign,
      name: 'Scan carousel',
      intro_text: 'Cards',
      cards: [
        { headline: 'One', landing_page_url: url, asset_id: image },
        { headline: 'Two', landing_page_url: url, asset_id: image },
      ],
    },
    add_proads_creative: { campaign_id: itdm, intro_text: 'See it', headline: 'Scan', landing_page_url: url, asset_id: image },
    add_proads_text_creative: { campaign_id: sidebar, headline: 'Scan', description: 'Scan the text', landing_page_url: url },
    add_proads_video_creative: { campaign_id: testimonials, headline: 'Scan', landing_page_url: url, asset_id: video },
    add_proads_carousel_creative: {
      campaign_id: ebook,
      intro_text: 'Cards',
      cards: [
        { headline: 'One', landing_page_url: url, asset_id: image },
        { headline: 'Two', landing_page_url: url, asset_id: image },
      ],
    },
    clone_proads_campaign: { campaign_id: itdm },
    associate_proads_conversion: { conversion_id: conversions.find((c) => c.campaign_ids.length === 0).id, campaign_id: itdm },
    manage_proads_conversions: { action: 'list' },
    validate_and_prepare_proads_assets: { images: [{ url: 'https://www.example.com/media/scan.png', width: 1200, height: 628 }] },
  };
}
