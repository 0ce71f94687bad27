/**
 * Known platform errors, as data: how each platform's API words or numbers them (matched on the
 * error text), the cause, the fix and the gateway tool that does it. explain_platform_error reads it.
 */
export interface KnownError {
  platform: string;
  name: string;
  match: RegExp;
  cause: string;
  fix: string;
  tool: string | null;
}

const RECONNECT =
  'Reconnect the account (gateway accounts connect ... --live, or a new connect link); get_connections_status shows every connection.';

export const ERROR_GUIDE: KnownError[] = [
  // searchads: error codes are ENUM_NAME values inside an error type (quotaError, authorizationError...).
  {
    platform: 'searchads',
    name: 'Rate or quota limit',
    match: /RESOURCE_(EXHAUSTED|TEMPORARILY_EXHAUSTED)|QUOTA_ERROR|quotaError/i,
    cause: 'Too many requests for the developer token or the account in a short time, or the daily operations quota is used up.',
    fix: 'Wait and retry with backoff; spread bulk changes over time.',
    tool: null,
  },
  {
    platform: 'searchads',
    name: 'Sign-in no longer valid',
    match: /invalid_grant|AUTHENTICATION_ERROR|OAUTH_TOKEN_(EXPIRED|REVOKED|INVALID)/i,
    cause: 'The refresh token was revoked or expired (password change, removed access, a test app token after 7 days).',
    fix: RECONNECT,
    tool: 'get_connections_status',
  },
  {
    platform: 'searchads',
    name: 'No access to the account',
    match: /USER_PERMISSION_DENIED|CUSTOMER_NOT_ENABLED|NOT_ADS_USER|AUTHORIZATION_ERROR/i,
    cause: 'The signed-in user cannot reach this customer (missing manager link, wrong login customer id, or the account is cancelled).',
    fix: 'Check the account is still active and linked to the manager account the connection uses; reconnect with a user that has access.',
    tool: 'list_connected_accounts',
  },
  {
    platform: 'searchads',
    name: 'Ad or keyword refused by policy',
    match: /POLICY_FINDING|POLICY_VIOLATION|policyFindingError|PROHIBITED/i,
    cause: 'The text breaks an advertising policy (trademark, punctuation, capitalisation, restricted content).',
    fix: 'Edit the text named in the error and send it again.',
    tool: 'update_ad_headlines',
  },
  {
    platform: 'searchads',
    name: 'Budget amount refused',
    match: /CAMPAIGN_BUDGET_ERROR|NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT|MONEY_AMOUNT_(TOO_SMALL|TOO_LARGE)/i,
    cause: 'The amount is not in whole cents, too small or too large for the currency.',
    fix: 'Use an amount in whole cents within the platform limits.',
    tool: 'update_campaign_budget',
  },
  {
    platform: 'searchads',
    name: 'Entity already removed',
    match: /OPERATION_NOT_PERMITTED_FOR_REMOVED_RESOURCE|CANNOT_MODIFY_REMOVED/i,
    cause: 'Removed entities are final and cannot be changed or resumed.',
    fix: 'Create a new one instead.',
    tool: null,
  },
  {
    platform: 'searchads',
    name: 'Duplicate name',
    match: /DUPLICATE_(CAMPAIGN|ADGROUP)_NAME|DUPLICATE_NAME/i,
    cause: 'Another entity at the same level already has that name.',
    fix: 'Choose a name that is not in use.',
    tool: null,
  },
  // socialads: numeric `code` (and `error_subcode`) in an OAuthException / GraphMethodException.
  {
    platform: 'socialads',
    name: 'Access token expired or invalid',
    match: /\b(code[\s"':]*190|OAuthException.*(expired|invalid))\b|\b190\b/i,
    cause: 'The user access token expired, was revoked, or the password changed.',
    fix: RECONNECT,
    tool: 'get_connections_status',
  },
  {
    platform: 'socialads',
    name: 'Rate limit',
    match: /\b(code[\s"':]*(4|17|32|613|80004))\b|User request limit reached|too many calls/i,
    cause: 'The app, user or ad account made too many calls recently.',
    fix: 'Wait (usually minutes) and retry with backoff; avoid polling.',
    tool: null,
  },
  {
    platform: 'socialads',
    name: 'Missing permission',
    match: /\b(code[\s"':]*(10|200|294))\b|permission/i,
    cause: 'The token lacks the ads permission for this ad account, page or pixel.',
    fix: 'Give the connected user a role on the ad account (and page), then reconnect.',
    tool: 'list_socialads_pages',
  },
  {
    platform: 'socialads',
    name: 'Invalid parameter',
    match: /\b(code[\s"':]*100)\b|Invalid parameter/i,
    cause: 'A field value is not accepted (targeting, budget below the minimum, an id from another account).',
    fix: 'Read error_user_msg in the error; dry_run the write to see the planned values.',
    tool: null,
  },
  // proads: HTTP status with serviceErrorCode.
  {
    platform: 'proads',
    name: 'Token revoked or expired',
    match: /REVOKED_ACCESS_TOKEN|EXPIRED_ACCESS_TOKEN|\b401\b.*(token|unauthori)/i,
    cause: 'The member revoked access or the token expired (60 days without refresh).',
    fix: RECONNECT,
    tool: 'get_connections_status',
  },
  {
    platform: 'proads',
    name: 'Access denied',
    match: /ACCESS_DENIED|\b403\b/i,
    cause: 'The member has no role on this ad account, or the app lacks the advertising product.',
    fix: 'Give the member a campaign manager role on the ad account, then reconnect.',
    tool: null,
  },
  {
    platform: 'proads',
    name: 'Throttled',
    match: /\b429\b|THROTTLE/i,
    cause: 'Daily application or member call limits reached.',
    fix: 'Retry after the reset (daily, UTC midnight).',
    tool: null,
  },
  // shortvideo: numeric `code` with a `message`.
  {
    platform: 'shortvideo',
    name: 'Access token invalid',
    match: /access[_ ]token.*(invalid|expired)|token has expired/i,
    cause: 'The advertiser authorization expired or was revoked.',
    fix: RECONNECT,
    tool: 'get_connections_status',
  },
  {
    platform: 'shortvideo',
    name: 'Too many requests',
    match: /too many requests|rate limit|QPS/i,
    cause: 'The app exceeded its request rate.',
    fix: 'Retry with backoff.',
    tool: null,
  },
  {
    platform: 'shortvideo',
    name: 'Budget too low',
    match: /budget.*(too low|less than|minimum)/i,
    cause: 'The daily budget is below the platform minimum for the level.',
    fix: 'Raise the budget to at least the minimum named in the message.',
    tool: 'update_shortvideo_campaign',
  },
  // retailads: HTTP status with a `code`.
  {
    platform: 'retailads',
    name: 'Unauthorized',
    match: /\bUNAUTHORIZED\b|\b401\b/i,
    cause: 'The token expired or the profile is not reachable with it.',
    fix: RECONNECT,
    tool: 'list_retailads_profiles',
  },
  {
    platform: 'retailads',
    name: 'Throttled',
    match: /THROTTLED|\b429\b/i,
    cause: 'Too many requests for the profile.',
    fix: 'Retry after a short wait with backoff.',
    tool: null,
  },
  {
    platform: 'retailads',
    name: 'Invalid argument',
    match: /INVALID_ARGUMENT|\b422\b/i,
    cause: 'A value is refused (bid below 0.02, an ASIN for a seller profile, a state in the wrong case).',
    fix: 'Correct the value named in the message (sellers name SKUs, vendors ASINs).',
    tool: null,
  },
  // deskads: numeric error codes with an ErrorCode name.
  {
    platform: 'deskads',
    name: 'Invalid credentials',
    match: /InvalidCredentials|AuthenticationTokenExpired|\b(105|109)\b/i,
    cause: 'The sign-in token expired or the user lost access to the account.',
    fix: RECONNECT,
    tool: 'get_connections_status',
  },
  {
    platform: 'deskads',
    name: 'Call rate exceeded',
    match: /CallRateExceeded|\b117\b/i,
    cause: 'Too many calls in a short time.',
    fix: 'Wait a minute and retry with backoff.',
    tool: null,
  },
  {
    platform: 'deskads',
    name: 'Editorial rejection',
    match: /Editorial|Disapproved/i,
    cause: 'An ad or keyword failed editorial review.',
    fix: 'Edit the text and submit it again.',
    tool: 'update_deskads_ad',
  },
  // chatads: HTTP status with an error type.
  {
    platform: 'chatads',
    name: 'Invalid API key',
    match: /invalid[_ ]api[_ ]key|incorrect api key|\b401\b/i,
    cause: 'The API key was revoked or belongs to another organization.',
    fix: RECONNECT,
    tool: 'get_connections_status',
  },
  {
    platform: 'chatads',
    name: 'Rate limited',
    match: /rate[_ ]limit|\b429\b/i,
    cause: 'Too many requests per minute.',
    fix: 'Retry after the time the response names.',
    tool: null,
  },
];
