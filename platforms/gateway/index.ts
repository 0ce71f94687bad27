import type { ToolDefinition } from '../../core/tool';
import { auditConversionTracking } from './tools/audit-conversion-tracking';
import { getCampaignSpec } from './tools/get-campaign-spec';
import { getConnectionsStatus } from './tools/get-connections-status';
import { getUsageStatus } from './tools/get-usage-status';
import { listConnectedAccountsTool } from './tools/list-connected-accounts';
import { suggestNextAction } from './tools/suggest-next-action';
import { validateVideo } from './tools/validate-video';
import { listChangeHistory } from './tools/change-history';
import { listPendingActionsTool } from './tools/list-pending-actions';
import { manageAction } from './tools/manage-action';
import { revertChange } from './tools/revert-change';
import { monitoringTools } from './tools/monitors';
import { watchTools } from './tools/watch';
import { researchTools } from './tools/research';
import { helperTools } from './tools/helpers';
import { launchCheckTools } from './tools/launch-checks';

/** Tools of no single platform; they run in the `gateway` function. */
export const gatewayTools: ToolDefinition[] = [
  getUsageStatus,
  listConnectedAccountsTool,
  getConnectionsStatus,
  validateVideo,
  suggestNextAction,
  getCampaignSpec,
  listPendingActionsTool,
  manageAction,
  listChangeHistory,
  revertChange,
  auditConversionTracking,
  ...monitoringTools,
  ...watchTools,
  ...researchTools,
  ...helperTools,
  ...launchCheckTools,
];
