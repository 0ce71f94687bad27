/**
 * Tool search quality on everyday intents of a media buyer (the words a person or an agent would
 * type, not tool names): the share of intents whose expected tool is among the first five matches.
 * The README reports the figure; the test holds it at 90% or better and names every miss.
 */
import { searchTools } from '../../functions/mcp/search';

/** An intent and the tools that answer it (any of them counts as a hit). */
const INTENTS: [string, string[]][] = [
  ['how much of my quota is left this month', ['get_usage_status']],
  ['which ad accounts are connected', ['list_connected_accounts']],
  ['is my platform connection still working', ['get_connections_status']],
  ['what should I do next', ['suggest_next_action']],
  ['what changed since I last looked', ['whats_changed_since_last_visit']],
  ['approve the pending change', ['manage_action', 'list_pending_actions']],
  ['undo the budget change I made', ['revert_change']],
  ['list my searchads campaigns', ['list_campaigns']],
  ['pause a searchads campaign', ['pause_campaign']],
  ['turn the socialads campaign back on', ['resume_socialads_campaign']],
  ['stop a shortvideo campaign', ['pause_shortvideo_campaign']],
  ['campaign performance on proads last 30 days', ['get_proads_campaign_performance']],
  ['which keywords waste money on searchads', ['analyze_wasted_spend', 'get_keyword_performance', 'analyze_search_terms']],
  ['wasted spend on socialads', ['analyze_socialads_wasted_spend']],
  ['add negative keywords to a deskads campaign', ['add_deskads_negative_keywords']],
  ['search terms report on retail ads', ['get_retailads_search_terms']],
  ['create a new search campaign', ['create_search_campaign']],
  ['launch a video campaign on short video', ['create_shortvideo_video_campaign']],
  ['create an image campaign on socialads', ['create_socialads_image_campaign']],
  ['change the daily budget of a deskads campaign', ['update_deskads_budget', 'update_deskads_campaign']],
  ['raise the budget of a proads campaign', ['update_proads_campaign_budget']],
  ['keyword ideas for searchads', ['research_keywords']],
  ['add sitelinks to a searchads campaign', ['add_sitelinks']],
  ['alert me when CPA goes above 40', ['create_monitor']],
  ['email me a weekly brief', ['schedule_brief']],
  ['why did my ROAS drop on socialads', ['explain_socialads_anomaly']],
  ['explain the performance drop on searchads', ['explain_performance_anomaly']],
  ['which creatives are fatigued on shortvideo', ['detect_shortvideo_creative_fatigue']],
  ['audience size estimate for proads targeting', ['estimate_proads_audience_size']],
  ['find interests to target on socialads', ['search_socialads_targeting', 'browse_socialads_targeting']],
  ['list chatads ad groups', ['list_chatads_ad_groups']],
  ['send a conversion event to chatads', ['send_chatads_conversion_event']],
  ['archive a chatads campaign', ['archive_chatads_campaign']],
  ['bid recommendations for retailads', ['get_retailads_bid_recommendations']],
  ['product performance on retail ads', ['get_retailads_product_performance']],
  ['upload an image asset to retailads', ['upload_retailads_asset']],
  ['import my searchads campaigns into deskads', ['import_deskads_from_searchads']],
  ['deskads keyword performance', ['get_deskads_keyword_performance']],
  ['is conversion tracking set up correctly', ['audit_conversion_tracking']],
  ['why did this call fail', ['why_did_this_fail', 'explain_platform_error']],
  ['duplicate a socialads campaign', ['duplicate_socialads_campaign']],
  ['remove a keyword from an ad group on searchads', ['remove_keywords']],
  ['move budget between searchads campaigns', ['optimize_budget_allocation']],
  ['list shortvideo pixels', ['list_shortvideo_pixels']],
  ['geo performance on deskads', ['get_deskads_geo_performance']],
  ['history of changes made through the gateway', ['list_change_history']],
  // Written after the synonyms were settled, kept unchanged: a check that the ranking is not fitted to the list above.
  ['show ads in a shortvideo ad group', ['list_shortvideo_ads']],
  ['update the headline of a searchads ad', ['update_ad_headlines', 'update_ad_content']],
  ['which socialads placements work best', ['optimize_socialads_placements']],
  ['list custom audiences on chatads', ['list_chatads_custom_audiences']],
  ['delete a retailads keyword', ['delete_retailads_keywords']],
  ['create a performance max campaign', ['create_pmax_campaign']],
  ['set up a shopping campaign on deskads', ['create_deskads_shopping_campaign']],
  ['test if my monitor would fire', ['test_monitor']],
  ['check a video before uploading it', ['validate_video', 'validate_and_prepare_shortvideo_assets']],
  ['proads lead gen conversions', ['list_proads_conversions', 'manage_proads_conversions']],
];

describe('search_tools on everyday intents', () => {
  it('finds the expected tool in the first five matches for at least 90% of the intents', () => {
    const misses: string[] = [];
    for (const [intent, expected] of INTENTS) {
      const found = searchTools(intent, { limit: 5 }).map((match) => match.entry.name);
      if (!expected.some((name) => found.includes(name))) misses.push(`${intent} → ${found.join(', ') || 'nothing'}`);
    }
    const hitRate = (INTENTS.length - misses.length) / INTENTS.length;
    // The figure the README reports.
    console.log(
      `search_tools top-5 hit rate: ${INTENTS.length - misses.length}/${INTENTS.length} (${(hitRate * 100).toFixed(0)}%)\n${misses.join('\n')}`,
    );
    expect(INTENTS.length).toBeGreaterThanOrEqual(40);
    expect(hitRate).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps to the platform a query names, and to the gateway with platform null', () => {
    const social = searchTools('pause campaign on social ads', { limit: 5 });
    expect(social.length).toBeGreaterThan(0);
    expect(social.every((match) => match.entry.platform === 'socialads')).toBe(true);
    const gateway = searchTools('campaign', { limit: 10, platform: null });
    expect(gateway.every((match) => match.entry.platform === null)).toBe(true);
  });

  it('answers nothing for words no tool has', () => {
    expect(searchTools('zebra xylophone', { limit: 5 })).toEqual([]);
  });
});
