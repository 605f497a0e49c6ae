import { INSTALL_KIT_PATHS, WORDPRESS_PLUGIN_SLUG } from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import { wordpressPluginZip } from './wordpress-plugin.js';

export type InstallKitsRouteContext = Pick<RouteContext, 'authenticate' | 'requirePrivilege'>;

/** Product API: the install pages' downloads, for whoever may see the install pages. */
export function installKitRoutes(ctx: InstallKitsRouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      INSTALL_KIT_PATHS.wordpressPlugin,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.install')],
        schema: {
          tags: ['settings'],
          security: [{ bearer: [] }],
          description:
            "A WordPress plugin (zip) that puts the chat widget of the caller's application on a site.",
        },
      },
      async (req, reply) => {
        const { applicationId } = requireAuth(req);
        // The address the admin reached the dashboard at is the one their site's visitors will
        // use, as the install pages' snippets assume (behind a proxy, trustProxy gives its host).
        const origin = `${req.protocol}://${req.host}`;
        const zip = await wordpressPluginZip({ origin, appId: applicationId });
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${WORDPRESS_PLUGIN_SLUG}.zip"`)
          .header('cache-control', 'no-store')
          .send(zip);
      },
    );
  };
}
