import type { AuthContext } from '../../http/auth.js';

// The automation connector's actions, run as the member who made the API key. They are the
// ordinary messaging operations (send, create user, tag, assign) with their own rules and errors;
// the composition root (app.ts) gives their implementations, so this module imports no service
// of the modules that own them.

export interface AutomationActions {
  sendMessage(
    caller: AuthContext,
    input: { groupId: number; message: string; key?: string | undefined },
  ): Promise<{ key: string; groupId: number; createdAt: number }>;
  createUser(
    caller: AuthContext,
    input: { userId: string; displayName?: string | undefined; email?: string | undefined },
  ): Promise<{ userId: string; displayName: string | null; email: string | null }>;
  addTag(
    caller: AuthContext,
    input: { groupId: number; tag: string },
  ): Promise<{ groupId: number; tags: string[] }>;
  assignConversation(
    caller: AuthContext,
    input: { groupId: number; assignee: string },
  ): Promise<{ groupId: number; assignee: string }>;
}
