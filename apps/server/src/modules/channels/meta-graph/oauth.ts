import type { MetaOAuthType } from '@convo/api';
import { z } from 'zod';
import { GRAPH_API_VERSION, MetaGraphApi } from './graph-api.js';

// Facebook Login for the operator's Meta app ("Manually build a login flow",
// https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow): the dialog at
// `<facebook>/<version>/dialog/oauth`, the code exchanged at Graph `/oauth/access_token`, then a
// long-lived user token (`grant_type=fb_exchange_token`), whose `/me/accounts` page tokens do not
// expire. Failures are Graph's error JSON (graph-api.ts turns them into ChannelProviderError).

export interface MetaApp {
  appId: string;
  appSecret: string;
  dialogUrl: string;
}

/** What each channel asks the person for (Messenger Platform and Instagram messaging permissions). */
export const META_OAUTH_SCOPES: Readonly<Record<MetaOAuthType, readonly string[]>> = {
  facebook: ['pages_messaging', 'pages_show_list', 'pages_manage_metadata'],
  instagram: ['instagram_basic', 'instagram_manage_messages', 'pages_show_list', 'pages_manage_metadata'],
};

export function loginDialogUrl(
  app: MetaApp,
  type: MetaOAuthType,
  redirectUri: string,
  state: string,
): string {
  const url = new URL(`${app.dialogUrl}/${GRAPH_API_VERSION}/dialog/oauth`);
  url.searchParams.set('client_id', app.appId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', META_OAUTH_SCOPES[type].join(','));
  return url.toString();
}

const tokenSchema = z.object({ access_token: z.string().min(1) });

/** The code for a long-lived user access token (two Graph calls). */
export async function exchangeCode(
  graphUrl: string,
  app: MetaApp,
  code: string,
  redirectUri: string,
): Promise<string> {
  const graph = new MetaGraphApi(graphUrl, '');
  const short = await graph.call(
    'oauth/access_token',
    { query: { client_id: app.appId, client_secret: app.appSecret, redirect_uri: redirectUri, code } },
    tokenSchema,
  );
  const long = await graph.call(
    'oauth/access_token',
    {
      query: {
        grant_type: 'fb_exchange_token',
        client_id: app.appId,
        client_secret: app.appSecret,
        fb_exchange_token: short.access_token,
      },
    },
    tokenSchema,
  );
  return long.access_token;
}

const pagesSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string().default(''),
      access_token: z.string().min(1),
      instagram_business_account: z.object({ id: z.string(), username: z.string().optional() }).optional(),
    }),
  ),
});

export interface MetaPage {
  id: string;
  name: string;
  accessToken: string;
  instagram: { id: string; username: string | null } | null;
}

/** The pages the person granted, each with its page access token and linked Instagram account. */
export async function listPages(graphUrl: string, userToken: string): Promise<MetaPage[]> {
  const pages = await new MetaGraphApi(graphUrl, userToken).call(
    'me/accounts',
    { query: { fields: 'id,name,access_token,instagram_business_account{id,username}', limit: '100' } },
    pagesSchema,
  );
  return pages.data.map((p) => ({
    id: p.id,
    name: p.name,
    accessToken: p.access_token,
    instagram: p.instagram_business_account
      ? { id: p.instagram_business_account.id, username: p.instagram_business_account.username ?? null }
      : null,
  }));
}
