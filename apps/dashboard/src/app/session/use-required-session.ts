import type { Session } from '@convo/api';
import { SessionMissingError } from '../errors/session-error';
import { useSession } from './session-store';

/** For screens inside the signed-in container: no session is a session-missing error. */
export function useRequiredSession(): Session {
  const session = useSession();
  if (session === null) throw new SessionMissingError();
  return session;
}
