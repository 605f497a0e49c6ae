// The signed-in session: read from storage at start, written through on every change.

import type { Session } from '@convo/api';
import { createStore, useStore } from 'zustand';
import { storage } from '../storage/safe-storage';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { decodeSession, encodeSession } from './session-codec';

interface SessionState {
  session: Session | null;
}

export function readStoredSession(): Session | null {
  const result = decodeSession(
    storage.getItem(STORAGE_KEYS.session),
    storage.getItem(STORAGE_KEYS.appSettings),
  );
  if (result.ok) return result.session;
  if (result.reason !== 'missing') console.warn(result.message);
  return null;
}

export const sessionStore = createStore<SessionState>(() => ({ session: readStoredSession() }));

const listeners = new Set<() => void>();

/** Called when a session is stored (logout uses it to re-arm its run-once guard). */
export function onSessionSaved(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveSession(session: Session): void {
  const encoded = encodeSession(session);
  storage.setItem(STORAGE_KEYS.appSettings, encoded.appSettings);
  storage.setItem(STORAGE_KEYS.session, encoded.session);
  sessionStore.setState({ session });
  for (const listener of listeners) listener();
}

export function updateSession(patch: Partial<Session>): void {
  const current = sessionStore.getState().session;
  if (current !== null) saveSession({ ...current, ...patch });
}

/** Forgets the session in memory only; logout clears storage. */
export function dropSessionState(): void {
  sessionStore.setState({ session: null });
}

/** Re-reads the stored session, e.g. after another tab signed in. */
export function reloadSessionFromStorage(): Session | null {
  const session = readStoredSession();
  sessionStore.setState({ session });
  if (session !== null) for (const listener of listeners) listener();
  return session;
}

export function getSession(): Session | null {
  return sessionStore.getState().session;
}

export function useSession(): Session | null {
  return useStore(sessionStore, (state) => state.session);
}
