import { type FacebookConnectRequest, facebookConnectRequestSchema } from '@convo/api';
import { z } from 'zod';
import type { ChannelConnector } from '../connector.js';
import { graphSuccessSchema } from '../meta-graph/graph-api.js';
import { messengerConnector } from '../meta-graph/messenger-platform.js';

// Facebook Messenger: a page and its page access token (pasted in the hub, or picked after
// Facebook Login: meta-oauth/). Connect reads the page with the token and subscribes the app to
// the page's messages, deliveries and reads.

const configSchema = z.object({
  accountId: z.string().min(1),
  pageAccessToken: z.string().min(1),
  appSecret: z.string().min(1),
  verifyToken: z.string().min(1),
});
export type FacebookConfig = z.infer<typeof configSchema>;

const pageSchema = z.object({ id: z.string(), name: z.string().optional() });

export function facebookConnector(
  graphUrl: string,
): ChannelConnector<FacebookConfig, FacebookConnectRequest> {
  return messengerConnector<FacebookConfig, FacebookConnectRequest>(
    'facebook',
    configSchema,
    {
      object: 'page',
      customerLabel: 'Messenger user',
      async connect(input, graph) {
        const request = facebookConnectRequestSchema.parse(input);
        const api = graph(request.pageAccessToken);
        const page = await api.call(request.pageId, { query: { fields: 'id,name' } }, pageSchema);
        await api.call(
          `${request.pageId}/subscribed_apps`,
          { method: 'POST', query: { subscribed_fields: 'messages,message_deliveries,message_reads' } },
          graphSuccessSchema,
        );
        return {
          config: {
            accountId: request.pageId,
            pageAccessToken: request.pageAccessToken,
            appSecret: request.appSecret,
            verifyToken: request.verifyToken,
          },
          displayName: page.name ?? request.pageId,
          externalId: request.pageId,
        };
      },
      pageIdOf: (config) => config.accountId,
    },
    graphUrl,
  );
}
