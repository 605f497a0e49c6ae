import { randomUUID } from 'node:crypto';
import type { GroupCreateInput, GroupFeed } from '@convo/api';
import {
  ACTOR_NAME_KEY,
  APPLICATION,
  afterAssignment,
  afterNoAgentFound,
  CONVERSATION_STATUS,
  can,
  DEFAULT_TEAM,
  GROUP_ROLE,
  isAgentSettableStatus,
  toConversationPxy,
} from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { requireMember as requirePolicyMember } from '../../http/policy.js';
import type { Db } from '../../platform/db/database.js';
import { findAppSettings, insertUser } from '../accounts/index.js';
import { teamOfCustomersModule } from '../app-modules/index.js';
import { preferencesOf } from '../conversation-settings/index.js';
import type { EventSink, Realtime } from '../realtime/index.js';
import { AUDIENCE_MEMBERS, audienceUser, EVENT } from '../realtime/index.js';
import { agentsToNotifyOf, chooseAgent, customRouteOf } from '../routing/index.js';
import { findTeam } from '../teams/index.js';
import { conversationBus } from './events.js';
import { audiencesOf, toGroupFeeds } from './feed.js';
import {
  findEnabledBotOfMember,
  findFirstResponder,
  insertBotConversation,
  writeSystemMessage,
} from './ports.js';
import * as repo from './repository.js';

export interface MessagingDeps {
  db: Db;
  realtime: Realtime;
  /** For the URLs of attached files. */
  publicUrl?: string | undefined;
}

export interface GroupRef {
  groupId?: number | undefined;
  clientGroupId?: string | undefined;
}

export const conversationNotFound = () => notFound('Conversation not found.');
const FORCE_ASSIGNED_TAG = 'Force-assigned';
/** The platform's SUPPORT_GROUP type (shared/reference/applozic-api.md §5): every Convo conversation. */
const GROUP_TYPE_SUPPORT = 10;

async function tagByName(tx: Db, conv: repo.ConversationRow, name: string) {
  const found = await repo.findActiveTags(tx, conv.applicationId, [name]);
  await repo.addTags(
    tx,
    conv.applicationId,
    conv.id,
    found.map((t) => t.id),
  );
}
const isMemberCaller = (caller: AuthContext) => can(caller, 'application.work', APPLICATION);

/**
 * Finds a conversation the caller may see: members of the application see all of its
 * conversations; an end user only those they belong to. Anything else is "not found".
 */
export async function findVisible(db: Db, caller: AuthContext, ref: GroupRef, forUpdate = false) {
  let row: repo.ConversationRow | undefined;
  if (ref.groupId !== undefined) {
    row = forUpdate
      ? await repo.lockConversation(db, caller.applicationId, ref.groupId)
      : await repo.findConversation(db, caller.applicationId, ref.groupId);
  } else if (ref.clientGroupId !== undefined) {
    row = await repo.findConversationByClientGroupId(db, caller.applicationId, ref.clientGroupId);
    if (row && forUpdate) row = await repo.lockConversation(db, caller.applicationId, row.id);
  }
  if (!row) throw conversationNotFound();
  // Participation costs a query: asked only when the role alone does not let the caller see it.
  const participant = isMemberCaller(caller) || (await repo.isMember(db, row.id, caller.userId));
  if (!can(caller, 'conversation.see', { participant })) throw conversationNotFound();
  return row;
}

const requireMember = (caller: AuthContext) => requirePolicyMember(caller);

async function feedOne(db: Db, row: repo.ConversationRow, viewerId: string | null): Promise<GroupFeed> {
  const [feed] = await toGroupFeeds(db, [row], viewerId);
  return feed!;
}

/** Routes a conversation per the application's setting; returns the updated row. */
export async function route(
  tx: Db,
  events: EventSink,
  conv: repo.ConversationRow,
): Promise<repo.ConversationRow> {
  const settings = await findAppSettings(tx, conv.applicationId);
  // Routing 0 "notify everybody": nobody is assigned (every member still sees it in the lists);
  // at most ten agents are notified, each on their own stream.
  if (settings?.agentRouting !== 1) {
    const notified = await agentsToNotifyOf(tx, conv.applicationId, conv.teamId);
    if (notified.length > 0) {
      events.emit({
        type: EVENT.CONVERSATION_NOTIFY,
        conversationId: conv.id,
        audiences: notified.map(audienceUser),
        data: { groupId: conv.id, clientGroupId: conv.clientGroupId },
      });
    }
    return conv;
  }
  const agentId = await chooseAgent(tx, conv.applicationId, conv.teamId);
  if (!agentId) {
    // Settings → Waiting queue: switched off, or full, the conversation is not queued; it stays
    // open and unassigned, for every agent to see (the fallback of routing 0).
    const queue = await preferencesOf(tx, conv.applicationId);
    if (!queue.waitingQueueEnabled) return conv;
    if (
      queue.waitingQueueMax !== null &&
      (await repo.countWaiting(tx, conv.applicationId)) >= queue.waitingQueueMax
    )
      return conv;
    const status = afterNoAgentFound(conv.status);
    const updated =
      (await repo.updateConversation(tx, conv.applicationId, conv.id, {
        status,
        waitingSince: new Date(),
      })) ?? conv;
    if (queue.waitingMessage) {
      await writeSystemMessage(tx, events, updated, queue.waitingMessage, { KM_WAITING_QUEUE: 'true' });
    }
    events.emit({
      type: EVENT.WAITING_QUEUE,
      conversationId: conv.id,
      audiences: audiencesOf(conv),
      data: { groupId: conv.id, waiting: true },
    });
    return updated;
  }
  return assignTo(tx, events, conv, agentId, null, false);
}

export async function assignTo(
  tx: Db,
  events: EventSink,
  conv: repo.ConversationRow,
  agentId: string,
  actorId: string | null,
  takeOverFromBot: boolean,
): Promise<repo.ConversationRow> {
  await repo.addMembers(tx, [
    { conversationId: conv.id, userId: agentId, applicationId: conv.applicationId, role: GROUP_ROLE.ADMIN },
  ]);
  const status = afterAssignment(conv.status);
  const updated = await repo.updateConversation(tx, conv.applicationId, conv.id, {
    assigneeId: agentId,
    status,
    waitingSince: status === CONVERSATION_STATUS.WAITING ? conv.waitingSince : null,
    ...(takeOverFromBot ? { botActive: false } : {}),
  });
  const [agent] = await repo.findUsersByIds(tx, conv.applicationId, [agentId]);
  // Settings → Email notifications "assigned to me" (an outbox row) subscribes in app.ts.
  await conversationBus.emit('conversation.assigned', {
    tx,
    events,
    conversation: conv,
    assignee: agent,
    actorId,
    takeOverFromBot,
  });
  await repo.insertTimelineEvent(tx, {
    applicationId: conv.applicationId,
    conversationId: conv.id,
    type: 'assigned',
    actorId,
    data: { assignee: agent?.userId ?? null, takeOverFromBot },
  });
  await writeSystemMessage(
    tx,
    events,
    updated ?? conv,
    `Assigned to ${agent?.displayName || agent?.userId}`,
    // The name as stored, so an end user's view can put the public name in its place.
    { KM_ASSIGN_TO: agent?.userId ?? '', [ACTOR_NAME_KEY]: agent?.displayName || agent?.userId || '' },
  );
  events.emit({
    type: EVENT.CONVERSATION_ASSIGNED,
    conversationId: conv.id,
    audiences: audiencesOf(conv),
    data: { groupId: conv.id, assignee: agent?.userId ?? null, previous: conv.assigneeId, status },
  });
  return updated ?? conv;
}

/** The bot joins as a member and the assignee; it answers until a person takes over. */
async function assignToBot(
  tx: Db,
  events: EventSink,
  conv: repo.ConversationRow,
  bot: { botId: string; userId: string },
): Promise<repo.ConversationRow> {
  const active =
    (await repo.updateConversation(tx, conv.applicationId, conv.id, { botActive: true })) ?? conv;
  await insertBotConversation(tx, {
    conversationId: conv.id,
    applicationId: conv.applicationId,
    botId: bot.botId,
  });
  return assignTo(tx, events, active, bot.userId, null, false);
}

/** `group/v2/create` and `v2.1/create`: a support conversation with its members, routed. */
export async function createConversation(
  deps: MessagingDeps,
  caller: AuthContext,
  input: GroupCreateInput,
  /** The channel the customer wrote on (a messaging channel's inbound pipeline); web otherwise. */
  options: { channel?: string } = {},
) {
  const metadata = Object.fromEntries(Object.entries(input.metadata ?? {}).map(([k, v]) => [k, String(v)]));
  const listed = [...(input.groupMemberList ?? []), ...(input.users ?? []).map((u) => u.userId)];
  const wantedAssignee = metadata.CONVERSATION_ASSIGNEE || metadata.KM_ASSIGN_TO || input.admin || undefined;
  return deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    if (input.clientGroupId) {
      const existing = await repo.findConversationByClientGroupId(
        tx,
        caller.applicationId,
        input.clientGroupId,
      );
      if (existing) {
        // A retried create by the same caller gets its conversation back; anyone else a conflict.
        if (existing.createdById === caller.userId) return feedOne(tx, existing, caller.userId);
        throw new AppError(409, 'GROUP_ALREADY_EXISTS', 'group already exists');
      }
    }
    const found = await repo.findUsersByUserIds(tx, caller.applicationId, [
      ...new Set([...listed, ...(wantedAssignee ? [wantedAssignee] : [])]),
    ]);
    const missing = [...new Set(listed.filter((id) => !found.some((u) => u.userId === id)))];
    // As the platform's conversation create does, members not known yet become users (customers)
    // of this application, when a member of the team creates it; a visitor cannot mint users, so
    // the names it lists that do not exist (the widget's placeholder "bot") are left out.
    if (missing.length > 0 && isMemberCaller(caller)) {
      for (const userId of missing) {
        const user = await insertUser(tx, {
          applicationId: caller.applicationId,
          userId,
          displayName: userId,
          roleType: null,
          roleName: 'USER',
          authenticationTypeId: 0,
          metadata: {},
        });
        found.push(user);
      }
    }
    const customer = isMemberCaller(caller) ? found.find((u) => u.roleType === null) : { id: caller.userId };
    const assignee = wantedAssignee
      ? found.find((u) => u.userId === wantedAssignee && u.roleType !== null)
      : undefined;
    if (wantedAssignee && !assignee)
      throw badRequest('INVALID_PARAMETER', `Unknown agent: ${wantedAssignee}`);
    const teamKey = metadata.KM_TEAM_ID;
    const customerUserId = isMemberCaller(caller)
      ? found.find((u) => u.roleType === null)?.userId
      : caller.userName;
    // Custom routing (SPEC §7 customRouting): the customer's chosen agent or team, unless the
    // caller named an assignee or a team, or asked to skip routing.
    const routable = customerUserId && !wantedAssignee && !teamKey && metadata.SKIP_ROUTING !== 'true';
    const custom = routable ? await customRouteOf(tx, caller.applicationId, customerUserId) : null;
    // Next, the team of the app module the customer's client registered through.
    const moduleTeamId =
      routable && !custom ? await teamOfCustomersModule(tx, caller.applicationId, customerUserId) : null;
    const routedTeamId = custom?.kind === 'team' ? custom.teamId : moduleTeamId;
    const team = teamKey
      ? await findTeam(tx, caller.applicationId, teamKey)
      : routedTeamId
        ? null
        : await findTeam(tx, caller.applicationId, DEFAULT_TEAM.clientGroupId);
    if (teamKey && !team) throw badRequest('INVALID_PARAMETER', `Unknown team: ${teamKey}`);
    let conv = await repo.insertConversation(tx, {
      applicationId: caller.applicationId,
      clientGroupId: input.clientGroupId ?? randomUUID(),
      name: input.groupName || metadata.KM_CONVERSATION_TITLE || '',
      type: input.type,
      status: CONVERSATION_STATUS.INITIAL,
      teamId: routedTeamId ?? team?.id ?? null,
      customerId: customer?.id ?? null,
      createdById: caller.userId,
      metadata,
      source: metadata.source ?? null,
      ...(options.channel ? { channel: options.channel } : {}),
      botActive: found.some((u) => u.roleType === '3'),
    });
    const memberIds = new Set([
      caller.userId,
      ...found.filter((u) => u.userId !== wantedAssignee).map((u) => u.id),
    ]);
    await repo.addMembers(
      tx,
      [...memberIds].map((userId) => ({
        conversationId: conv.id,
        userId,
        applicationId: caller.applicationId,
        role: userId === caller.userId && isMemberCaller(caller) ? GROUP_ROLE.ADMIN : GROUP_ROLE.MEMBER,
      })),
    );
    await repo.insertTimelineEvent(tx, {
      applicationId: caller.applicationId,
      conversationId: conv.id,
      type: 'created',
      actorId: caller.userId,
      data: {},
    });
    events.emit({
      type: EVENT.CONVERSATION_CREATED,
      conversationId: conv.id,
      audiences: audiencesOf(conv),
      data: { groupId: conv.id, clientGroupId: conv.clientGroupId },
    });
    await conversationBus.emit('conversation.created', {
      tx,
      events,
      conversation: conv,
      actorId: caller.userId,
    });
    // An enabled bot named as the assignee answers there, as a first responder would (the
    // builder's inline code: the messaging API call that talks to one bot).
    const assigneeBot =
      assignee?.roleType === '3' ? await findEnabledBotOfMember(tx, caller.applicationId, assignee.id) : null;
    if (assigneeBot) conv = await assignToBot(tx, events, conv, assigneeBot);
    else if (assignee) conv = await assignTo(tx, events, conv, assignee.id, caller.userId, false);
    // A dedicated agent takes the customer's conversation before any bot or round robin.
    else if (custom?.kind === 'agent') conv = await assignTo(tx, events, conv, custom.agentId, null, false);
    else if (metadata.SKIP_ROUTING !== 'true') {
      // A customer's new conversation goes to the first-responder bot (the team's, else the
      // application's) when one is enabled; routing takes over on handoff.
      const bot = isMemberCaller(caller)
        ? null
        : await findFirstResponder(tx, caller.applicationId, conv.teamId, conv.channel);
      conv = bot ? await assignToBot(tx, events, conv, bot) : await route(tx, events, conv);
    }
    return feedOne(tx, conv, caller.userId);
  });
}

/** Multi group info: the visible ones of the asked ids, in the asked order; others are left out. */
export async function conversationsInfo(deps: MessagingDeps, caller: AuthContext, groupIds: number[]) {
  const rows = await repo.findConversations(deps.db, caller.applicationId, groupIds);
  const visible = [];
  for (const id of groupIds) {
    const row = rows.find((r) => r.id === id);
    if (row && (isMemberCaller(caller) || (await repo.isMember(deps.db, row.id, caller.userId))))
      visible.push(row);
  }
  return toGroupFeeds(deps.db, visible, caller.userId);
}

/**
 * The conversation a one-to-one send (`{"to": userId}`) writes in: the latest one the caller and
 * that user share, else a new one with them (assigned to them when they are a member of the team).
 */
export async function conversationWith(
  deps: MessagingDeps,
  caller: AuthContext,
  to: string,
): Promise<number> {
  const [other] = await repo.findUsersByUserIds(deps.db, caller.applicationId, [to]);
  if (!other) throw new AppError(404, 'USER_NOT_FOUND', `No user "${to}" in this application.`);
  if (other.id === caller.userId)
    throw badRequest('INVALID_PARAMETER', 'A message cannot be sent to oneself.');
  const shared = await repo.findSharedConversation(deps.db, caller.applicationId, caller.userId, other.id);
  if (shared !== undefined) return shared;
  const created = await createConversation(deps, caller, {
    groupName: '',
    type: GROUP_TYPE_SUPPORT,
    groupMemberList: [to],
    ...(other.roleType !== null && !isMemberCaller(caller) ? { admin: to } : {}),
  });
  return created.id;
}

export async function conversationInfo(deps: MessagingDeps, caller: AuthContext, ref: GroupRef) {
  return feedOne(deps.db, await findVisible(deps.db, caller, ref), caller.userId);
}

/**
 * `conversation/topicId?id=`: the platform's conversationPxy of a message's `conversationId` (the
 * Kommunicate widget asks for it when it meets an id it has not seen), for a conversation the
 * caller may see; another's is "not found".
 */
export async function conversationTopic(deps: MessagingDeps, caller: AuthContext, id: number) {
  return toConversationPxy(await findVisible(deps.db, caller, { groupId: id }));
}

const STATUS_LABELS: Record<number, string> = {
  0: 'Reopened',
  1: 'Marked in progress',
  2: 'Resolved',
  3: 'Marked as spam',
  4: 'Marked as duplicate',
  5: 'Archived',
  6: 'Marked unresponded',
};

interface Actor {
  userId: string | null;
  name: string;
  /** A member acted (not an automatic rule): the line names them, publicly for end users. */
  member?: boolean;
}

/** The member who acts, by display name: their user id is an e-mail address (issue 23). */
async function actorOf(db: Db, caller: AuthContext): Promise<Actor> {
  const [user] = await repo.findUsersByIds(db, caller.applicationId, [caller.userId]);
  return { userId: caller.userId, name: user?.displayName || caller.userName, member: true };
}

async function applyStatus(
  tx: Db,
  events: EventSink,
  actor: Actor,
  conv: repo.ConversationRow,
  status: number,
) {
  if (conv.status === status) return conv;
  const updated = await repo.updateConversation(tx, conv.applicationId, conv.id, {
    status,
    resolvedAt: status === CONVERSATION_STATUS.CLOSED ? new Date() : null,
    waitingSince: null,
  });
  await repo.insertTimelineEvent(tx, {
    applicationId: conv.applicationId,
    conversationId: conv.id,
    type: 'status',
    actorId: actor.userId,
    data: { from: conv.status, to: status },
  });
  await writeSystemMessage(tx, events, updated ?? conv, `${STATUS_LABELS[status]} by ${actor.name}`, {
    KM_STATUS: String(status),
    ...(actor.member ? { [ACTOR_NAME_KEY]: actor.name } : {}),
  });
  events.emit({
    type: EVENT.CONVERSATION_STATUS,
    conversationId: conv.id,
    audiences: audiencesOf(conv),
    data: { groupId: conv.id, from: conv.status, status },
  });
  // Every resolve (one, bulk, auto-resolve) passes here; Settings → Conversation transcript subscribes.
  if (status === CONVERSATION_STATUS.CLOSED)
    await conversationBus.emit('conversation.resolved', {
      tx,
      events,
      conversation: updated ?? conv,
      actorId: actor.userId,
    });
  return updated ?? conv;
}

function assertSettable(status: number) {
  if (!isAgentSettableStatus(status)) {
    throw badRequest('INVALID_PARAMETER', `Status ${status} cannot be set; use 0-6 (open … unresponded).`);
  }
}

/** Settings → Conversation preferences: a person resolving must have tagged the conversation. */
async function assertResolvable(tx: Db, conv: repo.ConversationRow, status: number) {
  if (status !== CONVERSATION_STATUS.CLOSED || conv.status === status) return;
  if (!(await preferencesOf(tx, conv.applicationId)).requireTagToResolve) return;
  if ((await repo.listTags(tx, [conv.id])).length === 0) {
    throw badRequest('TAG_REQUIRED', `Add a tag to conversation #${conv.id} before resolving it.`);
  }
}

export async function changeStatus(deps: MessagingDeps, caller: AuthContext, ref: GroupRef, status: number) {
  requireMember(caller);
  assertSettable(status);
  return deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    const conv = await findVisible(tx, caller, ref, true);
    await assertResolvable(tx, conv, status);
    const actor = await actorOf(tx, caller);
    return feedOne(tx, await applyStatus(tx, events, actor, conv, status), caller.userId);
  });
}

/** Bulk status change (SPEC §4): all or nothing, in one transaction. */
export async function changeStatusOfMany(
  deps: MessagingDeps,
  caller: AuthContext,
  groupIds: number[],
  status: number,
) {
  requireMember(caller);
  assertSettable(status);
  return deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    let changed = 0;
    const actor = await actorOf(tx, caller);
    for (const groupId of [...new Set(groupIds)].sort((a, b) => a - b)) {
      const conv = await findVisible(tx, caller, { groupId }, true);
      await assertResolvable(tx, conv, status);
      if (conv.status !== status) changed += 1;
      await applyStatus(tx, events, actor, conv, status);
    }
    return { changed };
  });
}

export async function changeAssignee(
  deps: MessagingDeps,
  caller: AuthContext,
  ref: GroupRef,
  assigneeUserId: string,
  takeOverFromBot: boolean,
) {
  requireMember(caller);
  return deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    const conv = await findVisible(tx, caller, ref, true);
    const [agent] = await repo.findUsersByUserIds(tx, caller.applicationId, [assigneeUserId]);
    if (!agent || agent.roleType === null)
      throw badRequest('INVALID_PARAMETER', `Unknown agent: ${assigneeUserId}`);
    if (agent.status === 2 || agent.status === 3) {
      throw badRequest('AGENT_DISABLED', 'This teammate is deactivated.');
    }
    if (conv.assigneeId === agent.id && !takeOverFromBot) {
      return { result: 'already updated', feed: await feedOne(tx, conv, caller.userId) };
    }
    const updated = await assignTo(tx, events, conv, agent.id, caller.userId, takeOverFromBot);
    // Assigned to someone who is not online: routing would not have chosen them.
    if (agent.status !== 1) await tagByName(tx, conv, FORCE_ASSIGNED_TAG);
    if (takeOverFromBot) {
      const settings = await findAppSettings(tx, caller.applicationId);
      if (settings?.removeBotOnAgentHandOff) await repo.removeBotMembers(tx, conv.id);
    }
    return { result: 'updated', feed: await feedOne(tx, updated, caller.userId) };
  });
}

/**
 * Assigns a conversation to a team (KM_ASSIGN_TEAM). With automatic routing the team's next
 * online agent takes it by round robin (or it waits in the queue); otherwise it stays
 * unassigned in that team for its agents to pick up.
 */
export async function changeTeam(deps: MessagingDeps, caller: AuthContext, ref: GroupRef, teamKey: string) {
  requireMember(caller);
  return deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    const conv = await findVisible(tx, caller, ref, true);
    const team = await findTeam(tx, caller.applicationId, teamKey);
    if (!team) throw badRequest('INVALID_PARAMETER', `Unknown team: ${teamKey}`);
    if (conv.teamId === team.id) {
      return { result: 'already updated', feed: await feedOne(tx, conv, caller.userId) };
    }
    const moved =
      (await repo.updateConversation(tx, conv.applicationId, conv.id, {
        teamId: team.id,
        assigneeId: null,
        metadata: { ...conv.metadata, KM_TEAM_ID: team.clientGroupId },
      })) ?? conv;
    await repo.insertTimelineEvent(tx, {
      applicationId: conv.applicationId,
      conversationId: conv.id,
      type: 'team',
      actorId: caller.userId,
      data: { team: team.clientGroupId, teamName: team.name },
    });
    await writeSystemMessage(tx, events, moved, `Assigned to team ${team.name}`, {
      KM_ASSIGN_TEAM: team.clientGroupId,
    });
    events.emit({
      type: EVENT.CONVERSATION_ASSIGNED,
      conversationId: conv.id,
      audiences: audiencesOf(conv),
      data: {
        groupId: conv.id,
        assignee: null,
        previous: conv.assigneeId,
        status: moved.status,
        teamId: team.clientGroupId,
      },
    });
    const routed = await route(tx, events, moved);
    return { result: 'updated', feed: await feedOne(tx, routed, caller.userId) };
  });
}

export async function changeTags(
  deps: MessagingDeps,
  caller: AuthContext,
  ref: GroupRef,
  operation: 'add' | 'remove',
  names: string[],
) {
  requireMember(caller);
  return deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    const conv = await findVisible(tx, caller, ref, true);
    const found = await repo.findActiveTags(tx, caller.applicationId, names);
    const missing = names.filter((n) => !found.some((t) => t.name === n));
    if (missing.length > 0) throw badRequest('INVALID_PARAMETER', `Unknown tag: ${missing.join(', ')}`);
    const ids = found.map((t) => t.id);
    if (operation === 'add') await repo.addTags(tx, caller.applicationId, conv.id, ids);
    else await repo.removeTags(tx, conv.id, ids);
    await repo.insertTimelineEvent(tx, {
      applicationId: caller.applicationId,
      conversationId: conv.id,
      type: operation === 'add' ? 'tagged' : 'untagged',
      actorId: caller.userId,
      data: { tags: names },
    });
    const updated = (await repo.updateConversation(tx, caller.applicationId, conv.id, {})) ?? conv;
    const feed = await feedOne(tx, updated, caller.userId);
    events.emit({
      type: EVENT.CONVERSATION_TAGGED,
      conversationId: conv.id,
      audiences: audiencesOf(conv),
      data: { groupId: conv.id, tags: feed.tags },
    });
    return feed;
  });
}

/**
 * Someone became available (an agent came online, a team changed): hand out waiting
 * conversations, longest waiting first, by the same round robin, skipping teams with nobody
 * online. Returns how many were assigned.
 */
export async function assignWaiting(deps: MessagingDeps, applicationId: string, limit = 50): Promise<number> {
  return deps.realtime.transaction(deps.db, applicationId, async (tx, events) => {
    const settings = await findAppSettings(tx, applicationId);
    if (settings?.agentRouting !== 1) return 0;
    let assigned = 0;
    // A team with nobody online must not hold up the queue of the other teams.
    const fullTeams = new Set<string>();
    for (const conv of await repo.listWaiting(tx, applicationId, limit)) {
      const teamKey = conv.teamId ?? '*';
      if (fullTeams.has(teamKey)) continue;
      const locked = await repo.lockConversation(tx, applicationId, conv.id);
      if (!locked || locked.status !== CONVERSATION_STATUS.WAITING) continue;
      const agentId = await chooseAgent(tx, applicationId, locked.teamId);
      if (!agentId) {
        fullTeams.add(teamKey);
        continue;
      }
      await assignTo(tx, events, locked, agentId, null, false);
      assigned += 1;
    }
    if (assigned > 0) {
      events.emit({ type: EVENT.WAITING_QUEUE, audiences: [AUDIENCE_MEMBERS], data: { assigned } });
    }
    return assigned;
  });
}

/**
 * Resolves conversations silent for longer than their application's auto-resolve setting, when
 * the last word was an agent's or a bot's (a customer left waiting is never closed on them);
 * tags Auto-resolved-human or Auto-resolved-bot and skips those tagged Do-not-auto-resolve.
 */
export async function autoResolveDue(deps: MessagingDeps, limit = 200): Promise<number> {
  const due = await repo.listAutoResolveCandidates(deps.db, limit);
  let resolved = 0;
  const byApp = new Map<string, typeof due>();
  for (const d of due) byApp.set(d.applicationId, [...(byApp.get(d.applicationId) ?? []), d]);
  for (const [applicationId, items] of byApp) {
    resolved += await deps.realtime.transaction(deps.db, applicationId, async (tx, events) => {
      let n = 0;
      for (const item of items) {
        const conv = await repo.lockConversation(tx, applicationId, item.id);
        if (!conv || conv.lastMessageId !== item.lastMessageId || (conv.status !== 0 && conv.status !== 1))
          continue;
        await applyStatus(
          tx,
          events,
          { userId: null, name: 'auto-resolve' },
          conv,
          CONVERSATION_STATUS.CLOSED,
        );
        await tagByName(tx, conv, item.lastSenderType === 1 ? 'Auto-resolved-bot' : 'Auto-resolved-human');
        n += 1;
      }
      return n;
    });
  }
  return resolved;
}
