import { type Action, APPLICATION, can, type PolicyResources, type RoleType } from '@convo/domain';
import type { AuthContext } from './auth.js';
import { forbidden } from './errors.js';

// The server side of the one authorization policy (packages/domain/src/access/policy.ts): services and
// route guards ask `authorize`, which refuses with the spec's 403 FORBIDDEN; the decision itself
// is the domain's `can`, so no role comparison lives on the server.

/** Throws 403 FORBIDDEN (with `message`, else the generic one) unless the policy allows it. */
export function authorize<A extends Action>(
  caller: AuthContext,
  action: A,
  resource: PolicyResources[A],
  message?: string,
): void {
  if (!can(caller, action, resource)) throw forbidden(message);
}

/** Members of the team only (any role type); an end user of the application gets 403. */
export function requireMember(
  caller: AuthContext,
  message = 'Only members of the application can do this.',
): void {
  authorize(caller, 'application.work', APPLICATION, message);
}

/** Admin permissions (super admin or admin): "Only admins can <what>." for anyone else. */
export function requireAdmin(caller: AuthContext, what: string): void {
  requireMember(caller);
  authorize(caller, 'application.administer', APPLICATION, `Only admins can ${what}.`);
}

/** `requireMember`, returning the member's role type for the callers that record it. */
export function memberRoleOf(caller: AuthContext, message?: string): RoleType {
  requireMember(caller, message);
  // Already refused above; this only narrows the type for the compiler.
  if (caller.roleType === null) throw forbidden(message);
  return caller.roleType;
}
