// The front door of webhooks: what other modules may use, by name; the rest of its repository stays private
// (scripts/check-import-cycles.mjs refuses imports past an index.ts). It re-exports repository files and
// small files, never services or routes, so importing it closes no file circle.
export { findSecurity } from './repository.js';
// The delivery machinery other outgoing hooks reuse (the automation connector): one signed POST
// through the outbound guard, and the signatures.
export { openSecret, sealSecret } from './secret-box.js';
export { signTimestampedBody, verifyTimestampedSignature } from './signature.js';
export { DELIVERY_TIMEOUT_MS, type PostOutcome, postSigned, type SignedPost } from './signed-post.js';
