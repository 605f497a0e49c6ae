import type { Db } from '../../platform/db/database.js';
import { createPort } from '../../platform/events/port.js';
import type { Entitlements } from '../billing/index.js';
import type { UserRow } from './repository.js';

/**
 * Joining through an invitation, which the invitations module owns; it imports accounts, so the
 * composition root (app.ts) provides it here.
 */
export interface InvitationAcceptance {
  accept(
    tx: Db,
    token: string,
    person: { email: string; name: string; passwordHash: string },
    entitlements?: Entitlements,
  ): Promise<UserRow>;
  /** The error of a link already used or unknown. */
  invalid(): Error;
}
export const invitations = createPort<InvitationAcceptance>('accounts: invitation acceptance');
