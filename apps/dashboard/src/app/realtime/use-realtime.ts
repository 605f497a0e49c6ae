import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useConfig } from '../config/config-store';
import { logout } from '../logout';
import { useSession } from '../session/session-store';
import { type ConnectionState, connectionStore, type EventHandler, realtime } from './realtime-client';
import { invalidateFor, QUERY_ROOTS } from './realtime-invalidation';

/**
 * Keeps the tab's socket open while signed in (call once, in the signed-in frame): starts it with
 * the session, stops it on logout, invalidates cached queries on events, refetches everything the
 * screens hold after a reconnection, and reconnects at once when the browser comes back online.
 */
export function useRealtimeConnection(): void {
  const session = useSession();
  const config = useConfig();
  const queryClient = useQueryClient();
  const token = session?.token ?? null;
  const appId = session?.applicationId ?? null;

  useEffect(() => {
    if (token === null || appId === null) {
      realtime.stop();
      return;
    }
    realtime.start({
      token,
      appId,
      messagingBaseUrl: config.messagingBaseUrl,
      onUnauthorized: () => logout({ callServer: false }),
    });
  }, [token, appId, config.messagingBaseUrl]);

  useEffect(() => () => realtime.stop(), []);

  useEffect(() => realtime.on('*', (event) => invalidateFor(queryClient, event)), [queryClient]);

  // After a drop, the replay brings every stored event; lists are refetched too, so anything
  // changed by means that emit no event (none today) cannot linger.
  const resumedCount = useStore(connectionStore, (s) => s.resumedCount);
  useEffect(() => {
    if (resumedCount <= 1) return;
    for (const root of Object.values(QUERY_ROOTS)) void queryClient.invalidateQueries({ queryKey: [root] });
  }, [resumedCount, queryClient]);

  useEffect(() => {
    const online = () => realtime.reconnectNow();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
}

/** Calls `handler` for each event of `type` ('*' for all) while mounted; the latest handler wins. */
export function useRealtimeEvent(type: string, handler: EventHandler): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => realtime.on(type, (event) => ref.current(event)), [type]);
}

export function useConnectionState(): ConnectionState {
  return useStore(connectionStore, (s) => s.state);
}

/** Tries the connection again at once (the banner's "retry now"). */
export function reconnectNow(): void {
  realtime.reconnectNow();
}

/** Sends a client frame (typing, read, delivered); false when not connected. */
export function sendRealtimeFrame(frame: Record<string, unknown>): boolean {
  return realtime.send(frame);
}
