import { type InstagramConnectRequest, instagramConnectRequestSchema } from '@convo/api';
import { z } from 'zod';
import type { ChannelConnector } from '../connector.js';
import { graphSuccessSchema } from '../meta-graph/graph-api.js';
import { messengerConnector } from '../meta-graph/messenger-platform.js';

// Instagram messaging: a professional account linked to a Facebook page, reached with that page's
// access token (Messenger Platform, webhook object `instagram`).

const configSchema = z.object({
  accountId: z.string().min(1),
  pageId: z.string().min(1),
  pageAccessToken: z.string().min(1),
  appSecret: z.string().min(1),
  verifyToken: z.string().min(1),
});
export type InstagramConfig = z.infer<typeof configSchema>;

const accountSchema = z.object({ id: z.string(), username: z.string().optional() });

export function instagramConnector(
  graphUrl: string,
): ChannelConnector<InstagramConfig, InstagramConnectRequest> {
  return messengerConnector<InstagramConfig, InstagramConnectRequest>(
    'instagram',
    configSchema,
    {
      object: 'instagram',
      customerLabel: 'Instagram user',
      async connect(input, graph) {
        const request = instagramConnectRequestSchema.parse(input);
        const api = graph(request.pageAccessToken);
        const account = await api.call(
          request.instagramAccountId,
          { query: { fields: 'id,username' } },
          accountSchema,
        );
        await api.call(
          `${request.pageId}/subscribed_apps`,
          { method: 'POST', query: { subscribed_fields: 'messages' } },
          graphSuccessSchema,
        );
        return {
          config: {
            accountId: request.instagramAccountId,
            pageId: request.pageId,
            pageAccessToken: request.pageAccessToken,
            appSecret: request.appSecret,
            verifyToken: request.verifyToken,
          },
          displayName: account.username ? `@${account.username}` : request.instagramAccountId,
          externalId: request.instagramAccountId,
        };
      },
      pageIdOf: (config) => config.pageId,
    },
    graphUrl,
  );
}
