// /conversations and /conversations/:groupId: list, conversation, side panel. On phones one pane
// at a time (list, or the conversation with a drawer for the details).

import { CONVERSATION_STATUS } from '@convo/domain';
import { Box, Button, Center, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QUERY_ROOTS } from '../../../app/realtime';
import { useStableNavigate } from '../../../app/routing/use-stable-navigate';
import { toast } from '../../../app/toasts';
import { whenIdle } from '../../../lib/when-idle';
import { useConversationSettings } from '../../conversation-settings/api/conversation-settings-api';
import { changeStatus } from '../api/inbox-api';
import type { ComposerHandle } from '../components/composer';
import { ConversationList } from '../components/conversation-list';
import { ConversationNotFound } from '../components/conversation-not-found';
import { prefetchConversation } from '../components/conversation-query';
import {
  LazyConversationPane,
  LazyDetailsDrawer,
  LazyShortcutsHelp,
  LazySidePanel,
  preloadOpenConversation,
} from '../components/lazy-conversation';
import { useInboxAlerts } from '../hooks/use-inbox-alerts';
import { useKeyboardAhead } from '../hooks/use-keyboard-ahead';
import { useOpenIntent } from '../hooks/use-open-intent';
import { prepareMessageDateFormats } from '../lib/date-formats';
import { toastInboxError } from '../lib/inbox-errors';
import { filterWithDefaults, type InboxFilter } from '../lib/inbox-filter';
import { neighbour, shortcutOf } from '../lib/keyboard';
import { hasSavedFilter, readFilter, saveFilter } from '../lib/saved-filter';

function parseGroupId(raw: string | undefined): number | null | 'invalid' {
  if (raw === undefined) return null;
  return /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 'invalid';
}

/** How long building the open conversation's date formatters waits for an idle moment at most. */
const FORMATS_WITHIN_MS = 2000;

export function InboxPage() {
  const { t, i18n } = useTranslation('inbox');
  const params = useParams();
  const navigate = useStableNavigate();
  const queryClient = useQueryClient();
  const wide = useMediaQuery('(min-width: 62em)', true);
  // Three panes from 1280 px; the list and the details narrow until 1440 px.
  const veryWide = useMediaQuery('(min-width: 80em)', true);
  const roomy = useMediaQuery('(min-width: 90em)', true);
  const [filter, setFilterState] = useState<InboxFilter>(readFilter);
  const [ids, setIds] = useState<number[]>([]);
  const [helpOpen, setHelpOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const composer = useRef<ComposerHandle>(null);
  const groupId = parseGroupId(params.groupId);
  const openId = typeof groupId === 'number' ? groupId : null;
  useInboxAlerts(openId);
  // Built before the agent opens a conversation rather than inside that click.
  useEffect(
    () => whenIdle(() => prepareMessageDateFormats(i18n.language), FORMATS_WITHIN_MS),
    [i18n.language],
  );
  const settings = useConversationSettings();
  // Until the agent picks a filter of their own, the list starts from the application's defaults.
  useEffect(() => {
    if (settings.data && !hasSavedFilter()) setFilterState(filterWithDefaults(settings.data));
  }, [settings.data]);

  const setFilter = useCallback((next: InboxFilter) => {
    setFilterState(next);
    saveFilter(next);
  }, []);
  // Its info, newest messages and the pane's code, asked for when the agent picks a row (or is
  // about to: useOpenIntent), in parallel with rendering the pane rather than after it.
  const prefetch = useCallback(
    (id: number) => {
      prefetchConversation(queryClient, id);
      preloadOpenConversation();
    },
    [queryClient],
  );
  const intent = useOpenIntent(prefetch);
  const ahead = useKeyboardAhead(prefetch);
  const open = useCallback(
    (id: number) => {
      prefetch(id);
      return navigate(`/conversations/${id}`);
    },
    [navigate, prefetch],
  );
  const back = useCallback(() => navigate('/conversations'), [navigate]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      if (action === null) return;
      event.preventDefault();
      switch (action) {
        case 'next':
        case 'previous': {
          const step = action === 'next' ? 1 : -1;
          const next = neighbour(ids, openId, step);
          if (next === null) return;
          open(next);
          ahead(ids, next, step);
          return;
        }
        case 'reply':
          composer.current?.focus('reply');
          return;
        case 'note':
          composer.current?.focus('note');
          return;
        case 'quickReplies':
          composer.current?.openQuickReplies();
          return;
        case 'resolve':
          if (openId !== null)
            changeStatus(openId, CONVERSATION_STATUS.CLOSED)
              .then((feed) => {
                queryClient.setQueryData([QUERY_ROOTS.conversation, openId], feed);
                void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.conversations] });
                toast.success(t('header.statusChanged'));
              })
              .catch(toastInboxError);
          return;
        case 'help':
          setHelpOpen(true);
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ids, openId, open, ahead, queryClient, t]);

  const showList = wide || openId === null;
  const listPane = (
    <Box
      w={wide ? (roomy || !veryWide ? 340 : 300) : '100%'}
      h="100%"
      // The open conversation's code starts loading as the agent reaches for a row.
      onPointerEnter={preloadOpenConversation}
      onFocusCapture={preloadOpenConversation}
      style={{
        flexShrink: 0,
        borderRight: wide ? '1px solid var(--mantine-color-default-border)' : undefined,
      }}
    >
      <ConversationList
        filter={filter}
        onFilter={setFilter}
        selectedId={openId}
        onOpen={open}
        onIntent={intent}
        onItems={setIds}
      />
    </Box>
  );

  let middle: React.ReactNode = null;
  if (groupId === 'invalid') middle = <ConversationNotFound onBack={back} />;
  else if (openId !== null)
    middle = (
      <LazyConversationPane
        key={openId}
        composerRef={composer}
        groupId={openId}
        onBack={back}
        headerExtra={
          !veryWide ? (
            <Button size="xs" variant="subtle" onClick={() => setDetailsOpen(true)}>
              {t('side.details')}
            </Button>
          ) : null
        }
      />
    );
  else if (wide)
    middle = (
      <Center h="100%">
        <Text c="dimmed" size="sm">
          {t('conversation.pick')}
        </Text>
      </Center>
    );

  return (
    <Box
      h="calc(100dvh - 60px - 2 * var(--mantine-spacing-md))"
      mih={420}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, overflow: 'hidden' }}
    >
      <h1
        className="convo-visually-hidden"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {t('title')}
      </h1>
      <Group h="100%" gap={0} wrap="nowrap" align="stretch">
        {showList && listPane}
        {(wide || openId !== null || groupId === 'invalid') && (
          <Box h="100%" style={{ flex: 1, minWidth: 0 }}>
            {middle}
          </Box>
        )}
        {veryWide && openId !== null && (
          <Box
            w={320}
            h="100%"
            style={{ flexShrink: 0, borderLeft: '1px solid var(--mantine-color-default-border)' }}
          >
            <LazySidePanel groupId={openId} />
          </Box>
        )}
      </Group>
      {!veryWide && openId !== null && (
        <LazyDetailsDrawer groupId={openId} opened={detailsOpen} onClose={() => setDetailsOpen(false)} />
      )}
      {helpOpen && <LazyShortcutsHelp onClose={() => setHelpOpen(false)} />}
    </Box>
  );
}
