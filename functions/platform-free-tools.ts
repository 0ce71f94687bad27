/**
 * The gateway's tools that open no platform: they read and write the gateway's own tables (usage, accounts,
 * the audit trail, monitors and scheduled tasks, research jobs, the business profile) and never reach
 * `ctx.platforms` (a port, figures, health, another tool's definition). The gateway and MCP functions run
 * them from a file without any platform's code (functions/platform-free-tool-code.ts) until the whole tool
 * code is loaded (functions/load-tool-code.ts). Only names here: index.js routes by them without loading a tool.
 * test/integration/platform-free-tools.test.ts runs each one's documented example with no platform served.
 */
export const PLATFORM_FREE_TOOLS: ReadonlySet<string> = new Set([
  'get_usage_status',
  'list_connected_accounts',
  'switch_primary_account',
  'validate_video',
  'get_campaign_spec',
  'list_pending_actions',
  'list_change_history',
  'explain_platform_error',
  'why_did_this_fail',
  'usage_value_summary',
  'get_business_profile',
  'save_business_profile',
  'create_monitor',
  'list_monitors',
  'get_monitor_history',
  'delete_monitor',
  'list_scheduled_tasks',
  'manage_scheduled_task',
  'schedule_brief',
  'get_signal_briefing',
  'start_research',
  'get_research_status',
]);
