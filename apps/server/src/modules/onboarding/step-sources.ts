import {
  BOT_PATHS,
  INBOX_PATHS,
  STARTER_BOT_PATHS,
  TEAM_ADMIN_PATHS,
  WIDGET_API_PATHS,
  WIDGET_SETTINGS_PATHS,
} from '@convo/api';
import { CONVERSATION_STATUS, ONBOARDING_STATE, type OnboardingState, SENDER_TYPE } from '@convo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PubSub } from '../../platform/pubsub/pubsub.js';
import { EVENT, EVENTS_CHANNEL } from '../realtime/index.js';
import type { OnboardingRecorder } from './recorder.js';

// Where the setup guide's steps come from: the actions themselves, seen from outside the modules that
// perform them, so no module has to know about onboarding.
// - Settings actions: a successful (2xx) call of the route that performs them, by a member.
// - The widget installed: a successful widget init from a page (the browser sends its origin).
// - The first reply and the first resolve: the stored real-time events every node already receives,
//   whichever API (dashboard, messaging, widget, auto-resolve) did it.

/** The steps one successful call of a route reaches, from its body. */
type RouteSteps = (body: unknown) => OnboardingState[];
const always =
  (state: OnboardingState): RouteSteps =>
  () => [state];

const routingBody = z.object({ agentRouting: z.number() });
const enabled = z.object({ enabled: z.literal(true) });
const widgetBody = z.object({
  customization: z.unknown().optional(),
  welcomeMessage: z.unknown().optional(),
  greetingMessage: z.unknown().optional(),
});

/** Chat widget settings: customising it, and switching on the welcome or the greeting message. */
function widgetSettingsSteps(body: unknown): OnboardingState[] {
  const parsed = widgetBody.safeParse(body);
  if (!parsed.success) return [];
  const { customization, welcomeMessage, greetingMessage } = parsed.data;
  return [
    ...(customization !== undefined ? [ONBOARDING_STATE.WIDGET_CUSTOMIZED] : []),
    ...(enabled.safeParse(welcomeMessage).success ? [ONBOARDING_STATE.WELCOME_MESSAGE_CREATED] : []),
    ...(enabled.safeParse(greetingMessage).success ? [ONBOARDING_STATE.GREETING_MESSAGE] : []),
  ];
}

/** `METHOD path` of the product routes whose success reaches steps. */
export const ROUTE_STEPS: ReadonlyMap<string, RouteSteps> = new Map<string, RouteSteps>([
  [`PATCH ${TEAM_ADMIN_PATHS.profile}`, always(ONBOARDING_STATE.PROFILE_UPDATED)],
  [`PATCH ${WIDGET_SETTINGS_PATHS.chatWidget}`, widgetSettingsSteps],
  [`POST ${TEAM_ADMIN_PATHS.invite}`, always(ONBOARDING_STATE.TEAM_INVITATION_SENT)],
  [`POST ${BOT_PATHS.bots}`, always(ONBOARDING_STATE.BOT_CREATED)],
  [`POST ${STARTER_BOT_PATHS.starterBot}`, always(ONBOARDING_STATE.BOT_CREATED)],
  [`PUT ${BOT_PATHS.botEngine}`, always(ONBOARDING_STATE.BOT_INTEGRATION)],
  [
    `PATCH ${INBOX_PATHS.conversationSettings}`,
    (body) => (routingBody.safeParse(body).success ? [ONBOARDING_STATE.CONVERSATION_ASSIGNMENT] : []),
  ],
  [`POST ${INBOX_PATHS.quickReplies}`, always(ONBOARDING_STATE.QUICK_REPLY)],
]);

const widgetInitBody = z.object({ appId: z.string().min(1).max(64) });

/** The application and member whose successful call reached steps, and which, or null. */
export function stepsOfRequest(
  req: FastifyRequest,
  statusCode: number,
): { applicationId: string; userId: string | null; states: OnboardingState[] } | null {
  if (statusCode < 200 || statusCode >= 300) return null;
  const route = req.routeOptions.url;
  if (route === undefined) return null;
  if (req.method === 'POST' && route === WIDGET_API_PATHS.init) {
    // From a page only: a browser names the page's origin; a script calling the API does not.
    const fromPage = typeof req.headers.origin === 'string' || typeof req.headers.referer === 'string';
    const body = widgetInitBody.safeParse(req.body);
    if (!fromPage || !body.success) return null;
    return { applicationId: body.data.appId, userId: null, states: [ONBOARDING_STATE.SCRIPT_INSTALLED] };
  }
  const steps = ROUTE_STEPS.get(`${req.method} ${route}`);
  if (!steps || !req.auth || req.auth.roleType === null) return null;
  return { applicationId: req.auth.applicationId, userId: req.auth.userId, states: steps(req.body) };
}

/** Records the steps of successful route calls; on the root app, before any route is registered. */
export function recordStepsOfRoutes(app: FastifyInstance, recorder: OnboardingRecorder): void {
  // onSend is awaited before the answer leaves: a client reading the guide right after sees it.
  app.addHook('onSend', async (req, reply, payload) => {
    const steps = stepsOfRequest(req, reply.statusCode);
    if (steps === null) return payload;
    for (const state of steps.states) await recorder.record(steps.applicationId, steps.userId, state);
    return payload;
  });
}

const storedEvent = z.object({
  type: z.string(),
  appId: z.string(),
  data: z.record(z.string(), z.unknown()),
});
const agentMessage = z.object({ message: z.object({ senderType: z.literal(SENDER_TYPE.HUMAN_AGENT) }) });
const resolved = z.object({ status: z.literal(CONVERSATION_STATUS.CLOSED) });

/** The step a stored real-time event reaches: a person's reply, a resolved conversation. */
export function stepOfEvent(event: { type: string; data: unknown }): OnboardingState | null {
  if (event.type === EVENT.MESSAGE_RECEIVED && agentMessage.safeParse(event.data).success)
    return ONBOARDING_STATE.SEND_REPLY;
  if (event.type === EVENT.CONVERSATION_STATUS && resolved.safeParse(event.data).success)
    return ONBOARDING_STATE.RESOLVE_FIRST_CONVERSATION;
  return null;
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/**
 * Whether a stored event, as it came off the pub/sub, can reach a step: an agent's message or a
 * resolution. Every send publishes its events here, and almost none of them can: reading the two
 * fields first keeps zod's copies of every message's view off the send path (issue 39: a sixth
 * of the server's allocations per message); the few candidates are then validated in full.
 */
function mayReachStep(event: unknown): boolean {
  const type = field(event, 'type');
  const data = field(event, 'data');
  if (type === EVENT.MESSAGE_RECEIVED)
    return field(field(data, 'message'), 'senderType') === SENDER_TYPE.HUMAN_AGENT;
  return type === EVENT.CONVERSATION_STATUS && field(data, 'status') === CONVERSATION_STATUS.CLOSED;
}

/** Follows the stored events on the pub/sub (each node records; a reached step is skipped). */
export async function recordStepsOfEvents(pubsub: PubSub, recorder: OnboardingRecorder): Promise<void> {
  await pubsub.subscribe(EVENTS_CHANNEL, (message) => {
    const events = field(message, 'kind') === 'stored' ? field(message, 'events') : undefined;
    if (!Array.isArray(events)) return;
    for (const raw of events) {
      if (!mayReachStep(raw)) continue;
      const event = storedEvent.safeParse(raw);
      if (!event.success) continue;
      const state = stepOfEvent(event.data);
      if (state !== null) void recorder.record(event.data.appId, null, state);
    }
  });
}
