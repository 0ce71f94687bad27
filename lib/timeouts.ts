/**
 * Function and integration timeouts, kept free of CDK imports so the local server (functions/local)
 * gives each handler the same remaining time its Lambda has in AWS.
 */

/** Integration timeout of every tool that is not long-running: API Gateway's default maximum. */
export const STANDARD_INTEGRATION_TIMEOUT_SECONDS = 29;

/** The announced worst case of a long-running tool (create_shortvideo_video_campaign takes 30-60 s). */
export const LONG_RUNNING_WORK_SECONDS = 60;

/**
 * Lambda timeout of a group. It is always above the group's integration timeout: when API Gateway
 * stops waiting (504) the function still finishes, so the idempotency record completes, the quota
 * reservation is settled and a retry with the same Idempotency-Key gets the stored result.
 * - Groups of quick tools (2-6 s announced): 30 s, one second past the 29 s integration timeout.
 * - Groups with a long-running tool: enough for the announced 60 s, or the raised integration
 *   timeout, plus 30 s for its checkpointed steps to settle.
 */
export function functionTimeoutSeconds(hasLongRunningTool: boolean, longRunningTimeoutSeconds: number): number {
  if (!hasLongRunningTool) return STANDARD_INTEGRATION_TIMEOUT_SECONDS + 1;
  return Math.max(longRunningTimeoutSeconds, LONG_RUNNING_WORK_SECONDS) + 30;
}
