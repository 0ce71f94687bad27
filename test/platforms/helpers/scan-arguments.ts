/** Working arguments of the helper tools (test/support/working-arguments.ts). */
import { callToolOk } from '../../support/gateway';

export async function helperScanArguments(apiKey: string): Promise<Record<string, Record<string, unknown>>> {
  const campaigns = (await callToolOk(apiKey, 'list_campaigns')).structured!;
  return {
    switch_primary_account: { platform: 'searchads', account_id: campaigns.customer_id },
    explain_platform_error: { error: 'RESOURCE_EXHAUSTED: too many requests' },
    verify_campaign_is_live: { platform: 'searchads', campaign_id: (campaigns.campaigns as { id: string }[])[0]!.id },
  };
}
