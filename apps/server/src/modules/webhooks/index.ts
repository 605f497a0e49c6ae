// The front door of webhooks: what other modules and the composition root (app.ts) may use, by name;
// the rest of the module stays private (scripts/check-import-cycles.mjs refuses imports past an
// index.ts). Modules import each other one way only, so re-exporting services and routes closes no circle.

export { webhookDeliveryHandler } from './delivery.js';
export { enqueueWebhooksOfSends, WEBHOOK_QUEUE } from './enqueue.js';
export { findSecurity } from './repository.js';
export { webhookRoutes } from './routes.js';
export { openSecret, sealSecret } from './secret-box.js';
export { sealLegacyWebhookSecrets } from './service.js';
// The delivery machinery other outgoing hooks reuse (the automation connector): one signed POST
// through the outbound guard, and the signatures.
export { signTimestampedBody, signWebhookBody, verifyTimestampedSignature } from './signature.js';
export {
  attemptRecord,
  DELIVERY_TIMEOUT_MS,
  DeliveryFailed,
  type PostOutcome,
  postSigned,
  type SignedPost,
} from './signed-post.js';
