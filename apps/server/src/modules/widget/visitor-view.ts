// What an end user (a widget visitor) may read about the team, applied where payloads leave the
// server: messaging API and widget responses (an onSend hook) and real-time frames (the hub).
// Members' user ids are e-mail addresses, so they become opaque aliases; names become public
// names (packages/domain public-names.ts, docs/decisions.md).
import { createHmac } from 'node:crypto';
import { mayNameMembers, type PublicNaming, toVisitorView } from '@convo/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import * as accounts from '../accounts/index.js';
import { cachedVisitorNaming, findChatWidgetSettingsOrDefaults } from '../widget-settings/index.js';

export type VisitorView = <T>(value: T) => T;
export type VisitorViewFactory = (applicationId: string, viewerId: string) => Promise<VisitorView>;

/** A member's stand-in id: stable per application, and no way back to the e-mail without the secret. */
export function memberAlias(secret: string, applicationId: string, userId: string): string {
  const mac = createHmac('sha256', secret).update(`${applicationId}:${userId}`).digest('hex');
  return `agent-${mac.slice(0, 16)}`;
}

/** How the application names its team to customers (pseudonym, company name), cached. */
export function visitorNamingOf(db: Db, applicationId: string): Promise<PublicNaming> {
  return cachedVisitorNaming(applicationId, async () => {
    const [application, settings] = await Promise.all([
      accounts.findApplication(db, applicationId),
      findChatWidgetSettingsOrDefaults(db, applicationId),
    ]);
    return { pseudonym: settings.customization.agentPseudonym, companyName: application?.name ?? '' };
  });
}

export function visitorViewFactory(db: Db, secret: string): VisitorViewFactory {
  return async (applicationId, viewerId) => {
    const naming = await visitorNamingOf(db, applicationId);
    const alias = (userId: string) => memberAlias(secret, applicationId, userId);
    return (value) => toVisitorView(value, { viewerId, alias, naming });
  };
}

const VISITOR_PREFIXES = ['/rest/ws/', '/widget/api/'];

/** Rewrites the JSON responses an end user's token receives on the messaging and widget APIs. */
export function registerVisitorView(app: FastifyInstance, views: VisitorViewFactory) {
  app.addHook('onSend', async (req, reply, payload) => {
    const auth = req.auth;
    if (!auth || auth.roleType !== null || typeof payload !== 'string') return payload;
    if (!VISITOR_PREFIXES.some((p) => req.url.startsWith(p))) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    if (!mayNameMembers(payload)) return payload;
    const view = await views(auth.applicationId, auth.userName);
    return JSON.stringify(view(JSON.parse(payload) as unknown));
  });
}
