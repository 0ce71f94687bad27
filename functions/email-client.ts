/**
 * The SES client of alert and brief emails (platforms/gateway/monitoring/email.ts): a file of its own
 * in the packages that run the cross-platform tools, email-client.js beside index.js
 * (lib/gateway-function.ts, LIBRARY_FILES), loaded only when an email is sent (functions/load-library.ts).
 */
export { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
