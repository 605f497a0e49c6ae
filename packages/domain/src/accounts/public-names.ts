// What a customer may read about the team (issue 23, docs/decisions.md "What a visitor reads about
// the team"): a member is shown by display name, or by the pseudonym the admin set for the widget,
// or by the company name; never by e-mail. Members' user ids are e-mail addresses, so payloads
// bound for an end user carry an opaque alias in their place.

/** The widget settings that decide how the team is named to customers. */
export interface PublicNaming {
  /** Customization → "Agent pseudonym": when set, every team member appears under this one name. */
  pseudonym: string;
  /** The application's (company's) name: the fallback when a member has no usable name. */
  companyName: string;
}

const EMAIL_LIKE = /\S@\S/;

/** The name a customer sees for a member (agent, admin or bot); never an e-mail address. */
export function publicMemberName(displayName: string | null | undefined, naming: PublicNaming): string {
  const pseudonym = naming.pseudonym.trim();
  if (pseudonym) return pseudonym;
  const name = (displayName ?? '').trim();
  if (name && !EMAIL_LIKE.test(name)) return name;
  return naming.companyName.trim() || 'Support';
}

/** Metadata keys of messages and conversations that hold a member's user id. */
export const MEMBER_ID_KEYS = ['CONVERSATION_ASSIGNEE', 'KM_ASSIGN_TO', 'KM_ACTOR'] as const;
/** Metadata key of a system line naming the member who acted (resolved by, assigned to…). */
export const ACTOR_NAME_KEY = 'KM_ACTOR_NAME';

/** Fields of messaging payloads and real-time events that hold one user id / a list of them. */
// `to` and `contactIds` name a message's sender in the platform's message object (applozic-message.ts).
const ID_FIELDS = new Set([
  'from',
  'to',
  'contactIds',
  'userId',
  'adminId',
  'assignee',
  'previous',
  'userName',
]);
const ID_LIST_FIELDS = new Set(['membersId', 'groupMemberList', 'userIds']);
/** Lists of users with a display name (a conversation's members, a message list's user details). */
const USER_LIST_FIELDS = new Set(['groupUsers', 'users', 'userDetails']);

export interface VisitorViewContext {
  /** The end user reading: their own id is kept. */
  viewerId: string;
  /** The opaque stand-in for any other user id (stable for one application). */
  alias: (userId: string) => string;
  naming: PublicNaming;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether the JSON text of a payload may hold anything toVisitorView rewrites (an e-mail-shaped id,
 * a list of users, a system line's actor). When it does not, the view is the payload as it is, and
 * its text can go to the end user without being parsed and walked.
 */
export function mayNameMembers(json: string): boolean {
  return MAY_NAME_MEMBERS.test(json);
}
const MAY_NAME_MEMBERS = new RegExp(
  ['@', ...[...USER_LIST_FIELDS, ACTOR_NAME_KEY].map((k) => `"${k}"`)].join('|'),
);

/**
 * A messaging payload (group feeds, messages, real-time event data) as an end user may read it:
 * every other user's e-mail-shaped id (a member's) becomes an alias, group users' names their
 * public names, and a system line's actor name the public one. Anything else (message texts,
 * conversation names, a bot's id) is kept.
 */
export function toVisitorView<T>(value: T, ctx: VisitorViewContext): T {
  // Only e-mail-shaped ids are personal: a bot's generated id (`bot-…`) is kept, as are numbers.
  const id = (v: Json): Json =>
    typeof v === 'string' && v.includes('@') && v !== ctx.viewerId ? ctx.alias(v) : v;
  const walk = (v: Json, key: string | null): Json => {
    if (Array.isArray(v)) {
      if (key !== null && ID_LIST_FIELDS.has(key)) return v.map(id);
      if (key !== null && USER_LIST_FIELDS.has(key)) return v.map(groupUser);
      return v.map((x) => walk(x, null));
    }
    if (!isObject(v)) return key !== null && ID_FIELDS.has(key) ? id(v) : v;
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) {
      out[k] = (MEMBER_ID_KEYS as readonly string[]).includes(k) ? id(x) : walk(x, k);
    }
    if (isObject(out.metadata)) {
      const meta = out.metadata;
      const actor = meta[ACTOR_NAME_KEY];
      if (typeof actor === 'string') {
        const shown = publicMemberName(actor, ctx.naming);
        meta[ACTOR_NAME_KEY] = shown;
        // A system line ends with the actor's stored name ("Resolved by Ana Agent").
        if (typeof out.message === 'string' && actor && out.message.endsWith(actor))
          out.message = out.message.slice(0, -actor.length) + shown;
      }
    }
    return out;
  };
  const groupUser = (u: Json): Json => {
    if (!isObject(u) || u.userId === ctx.viewerId) return u;
    return {
      ...u,
      userId: id(u.userId ?? ''),
      displayName: publicMemberName(typeof u.displayName === 'string' ? u.displayName : '', ctx.naming),
    };
  };
  return walk(value as Json, null) as T;
}
