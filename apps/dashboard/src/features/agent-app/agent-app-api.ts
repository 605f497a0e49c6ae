import { AGENT_APP_PATHS, mobileSignInLinkResponseSchema, sessionResponseSchema } from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

/** A fresh QR sign-in link (the previous one stops working). */
export async function createMobileSignInLink() {
  return (await apiRequest(AGENT_APP_PATHS.link, { method: 'POST', schema: mobileSignInLinkResponseSchema }))
    .data;
}

/** The phone's side: the link's token for a session. */
export async function exchangeMobileSignIn(token: string) {
  return (
    await apiRequest(AGENT_APP_PATHS.exchange, {
      body: { token },
      schema: sessionResponseSchema,
      token: null,
    })
  ).data;
}
