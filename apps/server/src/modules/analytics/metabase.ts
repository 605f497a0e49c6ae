import { createHmac } from 'node:crypto';
import type { MetabaseEmbed } from '@convo/api';

// Metabase signed embedding (SPEC §7 analyst/metabase-report/view): a JWT (HS256, the embedding
// secret) naming the configured dashboard and locking its application_id parameter to the
// caller's application, signed per request and short-lived.

export interface MetabaseConfig {
  siteUrl: string;
  secretKey: string;
  dashboardId: number;
}

/** How long a signed embed URL works. */
export const METABASE_EMBED_TTL_S = 10 * 60;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 JSON Web Token of `payload`. */
export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** The embed URL for an application, or "not configured" (the page then shows the set-up steps). */
export function metabaseEmbed(
  config: MetabaseConfig | null,
  applicationId: string,
  nowMs = Date.now(),
): MetabaseEmbed {
  if (!config) return { configured: false };
  const exp = Math.floor(nowMs / 1000) + METABASE_EMBED_TTL_S;
  const token = signHs256(
    { resource: { dashboard: config.dashboardId }, params: { application_id: applicationId }, exp },
    config.secretKey,
  );
  return {
    configured: true,
    url: `${config.siteUrl}/embed/dashboard/${token}#bordered=false&titled=true`,
    expiresAt: exp * 1000,
  };
}
