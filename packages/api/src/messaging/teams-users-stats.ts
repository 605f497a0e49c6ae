import * as z from 'zod/mini';
import { queryBooleanSchema } from '../shared/index.js';

// Messaging API (/rest/ws/...) shapes for teams, users (list, search, detail, profile, availability)
// and conversation statistics. A team's `teamId` on the wire is its clientGroupId.

const ROLE_TYPES = ['0', '1', '2', '3', '11', '12'] as const;
/** Team members page (SPEC §9): 200 at most and by default. */
const TEAM_MEMBERS_MAX = 200;
/** Users page (SPEC §9 "fetch all users by 100"). */
const USERS_PAGE_MAX = 100;
/** The longest range the statistics compute over: a little more than a year. */
export const STATS_MAX_RANGE_DAYS = 400;

const id = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(190));
const startIndex = z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0);

/** A comma-separated list in a query string (`0,1,2`), each item checked by `item`. */
function csv<T extends z.ZodMiniType>(item: T, what: string) {
  return z.pipe(
    z.string().check(z.trim(), z.maxLength(200)),
    z.transform((text, ctx) => {
      const parts = text
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '');
      const out: z.output<T>[] = [];
      for (const part of parts) {
        const parsed = item.safeParse(part);
        if (!parsed.success) {
          ctx.issues.push({
            code: 'custom',
            input: ctx.value,
            message: `${JSON.stringify(part)} is not a valid ${what}`,
          });
          return z.NEVER;
        }
        out.push(parsed.data);
      }
      return out;
    }),
  );
}

/** A point in time: epoch milliseconds (number or digits) or an ISO-8601 date string. */
export const timeInputSchema = z.pipe(
  z.union([z.number(), z.string().check(z.trim(), z.minLength(1), z.maxLength(40))]),
  z.transform((v, ctx) => {
    const ms = typeof v === 'number' ? v : /^-?\d+$/.test(v) ? Number(v) : Date.parse(v);
    if (!Number.isFinite(ms) || ms < 0 || ms > 8_640_000_000_000) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: 'must be epoch milliseconds or an ISO-8601 date',
      });
      return z.NEVER;
    }
    return Math.trunc(ms);
  }),
);

// ---------------------------------------------------------------------------------------------
// Teams

export const teamMemberSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  roleType: z.nullable(z.string()),
  status: z.number(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** SPEC §3 Team. `role` is the caller's role in the team ('1' admin, '3' member), null when not in it. */
export const teamSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  clientGroupId: z.string(),
  members: z.array(teamMemberSchema),
  role: z.nullable(z.string()),
  isDefault: z.boolean(),
  createdAtTime: z.number(),
});
export type Team = z.infer<typeof teamSchema>;

/** `team/v2/list`: the teams without their members, with how many they have. */
export const teamSummarySchema = z.extend(z.omit(teamSchema, { members: true }), { memberCount: z.number() });
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamIdQuerySchema = z.object({ teamId: id });

export const teamCreateRequestSchema = z.object({
  teamName: z.string().check(z.trim(), z.minLength(1, 'teamName is required'), z.maxLength(100)),
  members: z.optional(z.array(id).check(z.maxLength(500))),
});
export type TeamCreateRequest = z.input<typeof teamCreateRequestSchema>;

export const teamUpdateRequestSchema = z.object({
  teamId: id,
  teamName: z.string().check(z.trim(), z.minLength(1, 'teamName is required'), z.maxLength(100)),
});

export const teammatesRequestSchema = z.object({
  teamId: id,
  userIds: z.array(id).check(z.minLength(1, 'userIds needs at least one user'), z.maxLength(500)),
});

export const teammatesResponseSchema = z.object({
  team: teamSchema,
  /** How many of the given users joined (add) or left (remove) the team. */
  changed: z.number(),
  /** Waiting conversations handed out because of the change (add only). */
  assigned: z.number(),
});

export const teamDeleteResponseSchema = z.object({
  teamId: z.string(),
  deleted: z.literal(true),
  /** Conversations that belonged to the team and now have none. */
  conversationsWithoutTeam: z.number(),
});

export const teamMemberListQuerySchema = z.object({
  /** Role types, comma-separated ('2' or '0,1'). */
  role: z.optional(csv(z.enum(ROLE_TYPES), 'role type')),
  /** User statuses (away 0, online 1, expired 2, deleted 3), comma-separated. */
  status: z.optional(csv(z.coerce.number().check(z.int(), z.gte(0), z.lte(3)), 'user status')),
  startIndex,
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(TEAM_MEMBERS_MAX)), TEAM_MEMBERS_MAX),
});

export const teamMemberListSchema = z.object({
  teamId: z.string(),
  members: z.array(teamMemberSchema),
  totalCount: z.number(),
  startIndex: z.number(),
  pageSize: z.number(),
});

// ---------------------------------------------------------------------------------------------
// Users

type RoleTypeText = (typeof ROLE_TYPES)[number];
const roleTypeList = csv(z.enum(ROLE_TYPES), 'role type');

/** A user of the application as the messaging API shows it (Applozic user detail fields). */
export const messagingUserSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  displayName: z.string(),
  email: z.nullable(z.string()),
  imageLink: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  roleType: z.nullable(z.string()),
  roleName: z.string(),
  status: z.number(),
  connected: z.boolean(),
  deactivated: z.boolean(),
  metadata: z.record(z.string(), z.string()),
  createdAtTime: z.number(),
  lastLoggedInAtTime: z.nullable(z.number()),
});
export type MessagingUser = z.infer<typeof messagingUserSchema>;

/**
 * `user/v2/detail` for a widget visitor: a team member of their own conversations as a customer may
 * see them (the id as asked, the public name, the platform's role number the Kommunicate widget
 * compares: 1 bot, 8 team member; presence), never their e-mail, phone or metadata.
 */
export const visitorPeerSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  displayName: z.string(),
  imageLink: z.nullable(z.string()),
  roleType: z.number().check(z.int()),
  connected: z.boolean(),
  deactivated: z.boolean(),
  createdAtTime: z.number(),
  lastSeenAtTime: z.nullable(z.number()),
});
export type VisitorPeer = z.infer<typeof visitorPeerSchema>;

export const userListQuerySchema = z.object({
  /** Role types, comma-separated, or `customers` for the application's end users. */
  roleType: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(200)),
      z.transform((text, ctx): 'customers' | RoleTypeText[] => {
        if (text === 'customers') return 'customers';
        const parsed = roleTypeList.safeParse(text);
        if (!parsed.success) {
          ctx.issues.push({
            code: 'custom',
            input: ctx.value,
            message: 'must be role types (0, 1, 2, 3, 11, 12), comma-separated, or "customers"',
          });
          return z.NEVER;
        }
        return parsed.data;
      }),
    ),
  ),
  startIndex,
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(USERS_PAGE_MAX)), USERS_PAGE_MAX),
});

export const userListSchema = z.object({
  users: z.array(messagingUserSchema),
  totalCount: z.number(),
  startIndex: z.number(),
  pageSize: z.number(),
});

export const userSearchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(1, 'q is required'), z.maxLength(100)),
});

export const userDetailRequestSchema = z.object({
  userIdList: z.array(id).check(z.minLength(1, 'userIdList needs at least one user id'), z.maxLength(200)),
});

export const userUpdateRequestSchema = z
  .object({
    displayName: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))),
    email: z.optional(
      z
        .string()
        .check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email('email is not a valid e-mail address')),
    ),
    imageLink: z.optional(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(2048)),
        z.url({ protocol: /^https?$/, error: 'imageLink must be an http(s) URL' }),
      ),
    ),
    metadata: z.optional(
      z.record(z.string().check(z.minLength(1), z.maxLength(100)), z.string().check(z.maxLength(2000))),
    ),
  })
  .check(
    z.refine((b) => Object.values(b).some((v) => v !== undefined), {
      message: 'Nothing to update: give displayName, email, imageLink or metadata',
    }),
    z.refine((b) => b.metadata === undefined || Object.keys(b.metadata).length <= 50, {
      message: 'metadata holds at most 50 keys',
      path: ['metadata'],
    }),
  );
export type UserUpdateRequest = z.input<typeof userUpdateRequestSchema>;

/** The caller's availability (SPEC §4 user status): away 0, online 1. */
export const userStatusRequestSchema = z.object({
  status: z.pipe(
    z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
      message: 'status must be 0 (away) or 1 (online)',
    }),
    z.transform((v): 0 | 1 => (Number(v) === 1 ? 1 : 0)),
  ),
});

export const userStatusResponseSchema = z.object({
  userId: z.string(),
  status: z.number(),
  /** Waiting conversations handed out because the caller came online. */
  assigned: z.number(),
});

// ---------------------------------------------------------------------------------------------
// Statistics

export const statsQuerySchema = z.object({
  startTime: z.optional(timeInputSchema),
  timestamp: z.optional(timeInputSchema),
  endTime: z.optional(timeInputSchema),
  toTimestamp: z.optional(timeInputSchema),
  /** Must be the caller's own application when given. */
  applicationId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  /** An agent's userId: only conversations assigned to them. */
  agentId: z.optional(id),
  /** A team's clientGroupId: only its conversations. */
  teamId: z.optional(id),
  /** Conversation statuses, comma-separated. */
  statusList: z.optional(csv(z.coerce.number().check(z.int(), z.gte(-1), z.lte(7)), 'conversation status')),
  groupBy: z.optional(z.enum(['day'])),
  daily: z.optional(queryBooleanSchema),
  timezone: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
});
export type StatsQuery = z.input<typeof statsQuerySchema>;

export const statsDaySchema = z.object({
  date: z.string(),
  newConversations: z.number(),
  resolved: z.number(),
  byStatus: z.record(z.string(), z.number()),
  avgFirstResponseTime: z.nullable(z.number()),
  avgResolutionTime: z.nullable(z.number()),
});

/** Times are in milliseconds. `byStatus` counts the conversations created in the range by their current status. */
export const statsSchema = z.object({
  startTime: z.number(),
  endTime: z.number(),
  timezone: z.string(),
  newConversations: z.number(),
  resolved: z.number(),
  byStatus: z.record(z.string(), z.number()),
  avgFirstResponseTime: z.nullable(z.number()),
  avgResolutionTime: z.nullable(z.number()),
  daily: z.optional(z.array(statsDaySchema)),
  /** When these numbers were computed (they are kept in memory for 120 s). */
  computedAt: z.number(),
});
export type Stats = z.infer<typeof statsSchema>;

export const responseAverageRequestSchema = z.object({
  startDate: timeInputSchema,
  endDate: timeInputSchema,
  teamId: z.optional(id),
  insideBusinessHours: z.optional(z.boolean()),
});

export const responseAverageSchema = z.object({
  startDate: z.number(),
  endDate: z.number(),
  /** Average time from a customer's message to the next agent reply, in ms; null without replies. */
  averageResponseTime: z.nullable(z.number()),
  responses: z.number(),
});

export const scoreboardQuerySchema = z.object({
  startTime: z.optional(timeInputSchema),
  timestamp: z.optional(timeInputSchema),
  endTime: z.optional(timeInputSchema),
  toTimestamp: z.optional(timeInputSchema),
  teamId: z.optional(id),
});

export const scoreboardEntrySchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  roleType: z.nullable(z.string()),
  status: z.number(),
  /** Conversations assigned to the agent that are not resolved, spam, duplicate or archived. */
  assignedOpen: z.number(),
  resolved: z.number(),
  avgFirstResponseTime: z.nullable(z.number()),
});

export const scoreboardSchema = z.object({
  startTime: z.number(),
  endTime: z.number(),
  agents: z.array(scoreboardEntrySchema),
});

export const reassignWaitingSchema = z.object({ assigned: z.number() });

export const TEAM_USER_STATS_PATHS = {
  teamGet: '/rest/ws/team/get',
  teamList: '/rest/ws/team/list',
  teamListV2: '/rest/ws/team/v2/list',
  teamCreate: '/rest/ws/team/create',
  teamUpdate: '/rest/ws/team/update',
  teammateAdd: '/rest/ws/team/teammate/add',
  teammateRemove: '/rest/ws/team/teammate/remove',
  teamDelete: '/rest/ws/team/delete',
  teamMemberList: '/rest/ws/team/:teamId/member/list',
  userList: '/rest/ws/user/list',
  userSearch: '/rest/ws/user/search',
  userDetail: '/rest/ws/user/v2/detail',
  userUpdate: '/rest/ws/user/update',
  userStatus: '/rest/ws/user/status',
  groupStats: '/rest/ws/group/stats',
  groupStatsV2: '/rest/ws/group/stats/v2',
  responseAverage: '/rest/ws/stats/response/average',
  agentScoreboard: '/rest/ws/group/agent/scoreboard',
  reassignWaitingQueue: '/rest/ws/group/reassign/waiting/queue',
} as const;

/** The member list path of one team. */
export const teamMemberListPath = (teamId: string) =>
  TEAM_USER_STATS_PATHS.teamMemberList.replace(':teamId', encodeURIComponent(teamId));
