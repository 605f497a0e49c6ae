import { useEffect, useRef, useState } from 'react';
import { sendRealtimeFrame, useRealtimeEvent } from '../../../app/realtime';

const SHOWN_FOR_MS = 6_000;
const RESEND_AFTER_MS = 3_000;

/** Who else is typing in this conversation (typing events expire if the stop is lost). */
export function useTypingPeople(groupId: number, me: string): string[] {
  const [typing, setTyping] = useState<Record<string, number>>({});
  useRealtimeEvent('typing', (event) => {
    const { groupId: g, userId, typing: on } = event.data;
    if (g !== groupId || typeof userId !== 'string' || userId === me) return;
    setTyping((current) => {
      const next = { ...current };
      if (on === true) next[userId] = Date.now() + SHOWN_FOR_MS;
      else delete next[userId];
      return next;
    });
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: another conversation starts with nobody typing
  useEffect(() => {
    setTyping({});
  }, [groupId]);
  useEffect(() => {
    const ids = Object.keys(typing);
    if (ids.length === 0) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setTyping((current) => Object.fromEntries(Object.entries(current).filter(([, until]) => until > now)));
    }, 1_000);
    return () => clearInterval(timer);
  }, [typing]);
  return Object.keys(typing);
}

/** Tells the others that I type: at most one frame every 3 s, and a stop when done. */
export function useTypingSender(groupId: number) {
  const last = useRef(0);
  useEffect(
    () => () => {
      if (last.current > 0) sendRealtimeFrame({ type: 'typing', groupId, typing: false });
      last.current = 0;
    },
    [groupId],
  );
  return {
    typed() {
      const now = Date.now();
      if (now - last.current < RESEND_AFTER_MS) return;
      last.current = now;
      sendRealtimeFrame({ type: 'typing', groupId, typing: true });
    },
    stopped() {
      if (last.current === 0) return;
      last.current = 0;
      sendRealtimeFrame({ type: 'typing', groupId, typing: false });
    },
  };
}
