import path from 'node:path';

// Where the e2e server runs and keeps its data: one place for the Playwright config and the helpers.
export const E2E_ROOT = path.resolve(import.meta.dirname, '../..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// Per port, so two runs on one machine (different E2E_PORT) never share a database.
/**
 * The local Telegram Bot API the e2e server is pointed at (TELEGRAM_API_URL): the channels spec
 * starts the fake on this port. Per E2E port, so parallel runs never share it.
 */
export const E2E_TELEGRAM_PORT = Number(process.env.E2E_TELEGRAM_PORT ?? E2E_PORT + 1100);
/** The Slack spec's local Slack Web API (SLACK_API_URL); per E2E port. */
export const E2E_SLACK_PORT = Number(process.env.E2E_SLACK_PORT ?? E2E_PORT + 1500);
/** The campaigns spec's local 360dialog API (DIALOG360_API_URL); per E2E port. */
export const E2E_DIALOG360_PORT = Number(process.env.E2E_DIALOG360_PORT ?? E2E_PORT + 1600);
/** The stores spec's local Shopify Admin API (SHOPIFY_ADMIN_URL); per E2E port. */
export const E2E_SHOPIFY_PORT = Number(process.env.E2E_SHOPIFY_PORT ?? E2E_PORT + 1700);
/** The server's built-in SMTP receiver (SMTP_RECEIVER_PORT), for the e-mail channel spec; per E2E port. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1300);
/** INBOUND_MAIL_DOMAIN of the e2e server: inbound addresses are `<applicationId>@` this. */
export const E2E_INBOUND_DOMAIN = 'inbound.convo.test';
export const E2E_DATA_DIR = path.join(E2E_ROOT, '.data-test', `e2e-${E2E_PORT}`);
