/** Working arguments of the helper tools (test/support/working-arguments.ts). */
import { callToolOk } from '../../support/gateway';

export async function helperScanArguments(apiKey: string): Promise<Record<string, Record<string, unknown>>> {
  const campaigns = (await callToolOk(apiKey, 'list_campaigns')).structured!;
  return {
    switch_primary_account: { platform: 'searchads', account_id: campaigns.customer_id },
    explain_platform_error: { error: 'RESOURCE_EXHAUSTED: too many requests' },
    preflight_campaign: { platform: 'searchads' },
    validate_campaign_draft: { tool: 'create_chatads_campaign', arguments: { name: 'Draft', budget: 1000 } },
    save_business_profile: { business_name: 'Scan Outdoor' },
    verify_campaign_is_live: { platform: 'searchads', campaign_id: (campaigns.campaigns as { id: string }[])[0]!.id },
  };
}
