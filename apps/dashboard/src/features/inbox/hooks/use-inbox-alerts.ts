// Alerts while the inbox is open: the unread count in the tab title, the chosen sound, and a
// browser notification (with permission) when the tab is hidden or another conversation is open.

import type { Message } from '@convo/api';
import { SENDER_TYPE } from '@convo/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QUERY_ROOTS, useRealtimeEvent } from '../../../app/realtime';
import { useStableNavigate } from '../../../app/routing/use-stable-navigate';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { playSound } from '../../../lib/notification-sound';
import { useIdle } from '../../../lib/when-idle';
import { useNotificationPreferences } from '../../conversation-settings/api/notification-preferences-api';
import { searchConversations } from '../api/inbox-api';
import { ACTIVE_STATUSES } from '../lib/inbox-filter';

/** Unread messages in my active conversations (the first 100 of them), for the title. */
function useMyUnread(me: string, enabled: boolean): number {
  const mine = useQuery({
    queryKey: [QUERY_ROOTS.conversations, 'unread', me],
    queryFn: ({ signal }) =>
      searchConversations(
        { assignee: me, status: [...ACTIVE_STATUSES], pageSize: 100, sort: 'newest' },
        signal,
      ),
    staleTime: 10_000,
    enabled,
  });
  return (mine.data?.groupFeeds ?? []).reduce((sum, f) => sum + f.unreadCount, 0);
}

export function useInboxAlerts(openId: number | null): void {
  const { t } = useTranslation('inbox');
  const session = useRequiredSession();
  const navigate = useStableNavigate();
  // Neither the title's count nor the preferences (read when an event comes) are needed to draw
  // the list: on a cold load their answers' parsing and renders came before its first rows.
  const idle = useIdle(2000);
  const preferences = useNotificationPreferences(idle);
  const unread = useMyUnread(session.userName, idle);
  const baseTitle = useRef(document.title);

  useEffect(() => {
    const base = baseTitle.current;
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
    return () => {
      document.title = base;
    };
  }, [unread]);

  const alert = (title: string, body: string, groupId: number | undefined) => {
    if (groupId !== undefined && groupId === openId && document.visibilityState === 'visible') return;
    // Audio refused before the first click in the tab is not an error (SPEC §8).
    playSound(preferences.sound).catch(() => undefined);
    if (!preferences.browserNotifications || typeof Notification === 'undefined') return;
    if (Notification.permission !== 'granted' || document.visibilityState === 'visible') return;
    const n = new Notification(title, {
      body,
      tag: groupId === undefined ? undefined : `conversation-${groupId}`,
    });
    n.onclick = () => {
      window.focus();
      if (groupId !== undefined) void navigate(`/conversations/${groupId}`);
      n.close();
    };
  };

  useRealtimeEvent('message.received', (event) => {
    const message = event.data.message as Message | undefined;
    if (!preferences.notifyOn.customerMessage || !message || message.senderType !== SENDER_TYPE.USER) return;
    alert(t('alerts.newMessage'), message.message.slice(0, 140), message.groupId);
  });
  useRealtimeEvent('conversation.created', (event) => {
    if (!preferences.notifyOn.newConversation) return;
    const groupId = typeof event.data.groupId === 'number' ? event.data.groupId : undefined;
    alert(t('alerts.newConversation'), '', groupId);
  });
  useRealtimeEvent('conversation.assigned', (event) => {
    if (!preferences.notifyOn.assignedToMe || event.data.assignee !== session.userName) return;
    const groupId = typeof event.data.groupId === 'number' ? event.data.groupId : undefined;
    alert(t('alerts.assigned'), '', groupId);
  });
}
