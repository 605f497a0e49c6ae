// The reply box: Enter sends, Shift+Enter breaks the line; a private-note tab; emoji; attachments
// (3 MB); quick replies after '/'; the draft kept per conversation under KM_DRAFT_MESSAGES.

import type { Message } from '@convo/api';
import { MAX_IMAGE_UPLOAD_BYTES, MESSAGE_STATUS, SENDER_TYPE, toApplozicMessage } from '@convo/domain';
import { ActionIcon, Button, FileButton, Group, Paper, Text, Textarea, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { QUERY_ROOTS } from '../../../app/realtime';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { toast, toastError } from '../../../app/toasts';
import { useQuickReplies } from '../../conversation-settings/api/conversation-settings-api';
import { addNote, sendMessage, uploadFile } from '../api/inbox-api';
import { addSentMessage } from '../hooks/use-messages';
import { useTypingSender } from '../hooks/use-typing';
import { readDraft, saveDraft } from '../lib/drafts';
import classes from './composer.module.css';
import { ComposerFrame, type ComposerMode, composerPlaceholder, PaperclipIcon } from './composer-frame';
import { ReplySuggestions } from './reply-suggestions';
import { ServiceWindowClosed } from './service-window-closed';

const EMOJIS = [
  '😀',
  '😃',
  '😄',
  '😊',
  '🙂',
  '😉',
  '😍',
  '🤗',
  '🤔',
  '😅',
  '😂',
  '😢',
  '😮',
  '😎',
  '🙏',
  '👍',
  '👎',
  '👏',
  '🙌',
  '👋',
  '💪',
  '🎉',
  '✅',
  '❌',
  '⭐',
  '🔥',
  '❤️',
  '💡',
  '📦',
  '🚚',
  '💳',
  '📞',
];

import { LazyPopover } from '../../../components/overlays/lazy-popover';
import type { ComposerHandle } from './composer-frame';

export type { ComposerHandle, ComposerMode } from './composer-frame';

const newKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

export const Composer = forwardRef<
  ComposerHandle,
  /**
   * channel: the messaging channel the conversation came from; replies go out on it.
   * serviceWindowClosesAt: the channel's 24-hour window (absent: no window; null: never opened).
   * lastCustomerMessageId: the customer's newest message, which the suggested replies answer.
   */
  {
    groupId: number;
    canNote: boolean;
    channel?: string | undefined;
    serviceWindowClosesAt?: number | null | undefined;
    lastCustomerMessageId?: number | null | undefined;
  }
>(function Composer({ groupId, canNote, channel, serviceWindowClosesAt, lastCustomerMessageId }, ref) {
  const { t } = useTranslation('inbox');
  const session = useRequiredSession();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<ComposerMode>('reply');
  const [text, setText] = useState(() => readDraft(groupId));
  const [sending, setSending] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [quickIndex, setQuickIndex] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const attachButton = useRef<HTMLButtonElement>(null);
  const typing = useTypingSender(groupId);
  const [windowRefused, setWindowRefused] = useState(false);
  const windowClosed = useWindowClosed(serviceWindowClosesAt) || windowRefused;

  useEffect(() => {
    setText(readDraft(groupId));
    setMode('reply');
  }, [groupId]);
  // Another conversation, or the customer wrote again (a new closing time): ask the server anew.
  // biome-ignore lint/correctness/useExhaustiveDependencies: both are the reasons to reset.
  useEffect(() => setWindowRefused(false), [groupId, serviceWindowClosesAt]);

  useImperativeHandle(ref, () => ({
    focus(next) {
      setMode(next === 'note' && canNote ? 'note' : 'reply');
      area.current?.focus();
    },
    openQuickReplies() {
      setMode('reply');
      setText('/');
      saveDraft(groupId, '/');
      area.current?.focus();
    },
    insertSuggestion: (suggestion) => insertSuggestion(suggestion),
    openEmoji: () => setEmojiOpen(true),
    pickFile: () => attachButton.current?.click(),
  }));

  const quickQuery =
    mode === 'reply' && text.startsWith('/') && !text.includes('\n') ? text.slice(1).toLowerCase() : null;
  // Fetched when first needed, not with every conversation opened.
  const quickReplies = useQuickReplies(quickQuery !== null);
  const matches = useMemo(
    () =>
      quickQuery === null
        ? []
        : (quickReplies.data ?? [])
            .filter(
              (r) =>
                r.shortcut.toLowerCase().includes(quickQuery) || r.content.toLowerCase().includes(quickQuery),
            )
            .slice(0, 8),
    [quickQuery, quickReplies.data],
  );

  const update = (value: string) => {
    setText(value);
    setQuickIndex(0);
    if (mode === 'reply') {
      saveDraft(groupId, value);
      if (value !== '') typing.typed();
    }
  };

  const pickQuickReply = (content: string) => {
    update(content);
    area.current?.focus();
  };

  // A suggestion goes into the reply box (after what the agent already typed), never straight out.
  const insertSuggestion = (suggestion: string) => {
    const typed = text.trimEnd();
    update(typed === '' || typed.startsWith('/') ? suggestion : `${typed} ${suggestion}`);
    requestAnimationFrame(() => {
      const el = area.current;
      el?.focus();
      el?.setSelectionRange(el.value.length, el.value.length);
    });
  };

  const submit = async () => {
    const body = text.trim();
    if (body === '' || sending) return;
    setSending(true);
    try {
      if (mode === 'note') {
        await addNote(groupId, body);
        void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.notes, groupId] });
        toast.success(t('composer.noteAdded'));
        setText('');
      } else {
        const key = newKey();
        const sent = await sendMessage({ groupId, key, message: body });
        typing.stopped();
        addSentMessage(groupId, ownMessage(sent, key, body, session.userName));
        setText('');
        saveDraft(groupId, '');
      }
    } catch (error) {
      // The window closed while the page was open: the template picker replaces the text box.
      if (isApiError(error) && error.code === 'SERVICE_WINDOW_CLOSED') setWindowRefused(true);
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  const attach = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
      toast.error(t('composer.fileTooLarge'));
      return;
    }
    setSending(true);
    try {
      const uploaded = await uploadFile(file);
      const key = newKey();
      const sent = await sendMessage({ groupId, key, message: '', fileMeta: { key: uploaded.key } });
      addSentMessage(groupId, {
        ...ownMessage(sent, key, '', session.userName),
        contentType: 1,
        fileMeta: uploaded,
      });
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches.length > 0) {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setQuickIndex((i) => (i + 1) % matches.length);
        return;
      }
      if (event.key === 'ArrowUp') {
        event.preventDefault();
        setQuickIndex((i) => (i - 1 + matches.length) % matches.length);
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        pickQuickReply(matches[quickIndex]?.content ?? '');
        return;
      }
    }
    if (event.key === 'Escape') {
      area.current?.blur();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const insertEmoji = (emoji: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    update(text.slice(0, start) + emoji + text.slice(end));
    setEmojiOpen(false);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <ComposerFrame mode={mode} onMode={setMode} canNote={canNote}>
      {matches.length > 0 && (
        <Paper withBorder radius="sm" p={4} role="listbox" aria-label={t('composer.quickReplies')}>
          {matches.map((r, i) => (
            <UnstyledButton
              key={r.id}
              role="option"
              aria-selected={i === quickIndex}
              onMouseDown={(e) => {
                e.preventDefault();
                pickQuickReply(r.content);
              }}
              display="block"
              w="100%"
              px="xs"
              py={4}
              bg={i === quickIndex ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ borderRadius: 4 }}
            >
              <Text size="sm" fw={600} span>
                /{r.shortcut}
              </Text>{' '}
              <Text size="sm" c="dimmed" span lineClamp={1}>
                {r.content}
              </Text>
            </UnstyledButton>
          ))}
        </Paper>
      )}
      {mode === 'reply' && windowClosed ? (
        <ServiceWindowClosed groupId={groupId} channel={channel} />
      ) : (
        <>
          {mode === 'reply' && (
            <ReplySuggestions
              groupId={groupId}
              messageId={lastCustomerMessageId ?? null}
              onPick={insertSuggestion}
            />
          )}
          <Textarea
            ref={area}
            value={text}
            onChange={(e) => update(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={() => typing.stopped()}
            placeholder={composerPlaceholder(t, mode, channel)}
            aria-label={mode === 'note' ? t('composer.note') : t('composer.reply')}
            autosize
            minRows={2}
            maxRows={8}
            data-testid="composer"
          />
          <Group justify="space-between">
            <Group gap={4}>
              <LazyPopover
                opened={emojiOpen}
                onChange={setEmojiOpen}
                position="top-start"
                withArrow
                target={
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('composer.emoji')}
                    onClick={() => setEmojiOpen((o) => !o)}
                  >
                    <span aria-hidden>😊</span>
                  </ActionIcon>
                }
              >
                <div className={classes.emojis}>
                  {EMOJIS.map((e) => (
                    <ActionIcon key={e} variant="subtle" onClick={() => insertEmoji(e)} aria-label={e}>
                      {e}
                    </ActionIcon>
                  ))}
                </div>
              </LazyPopover>
              {mode === 'reply' && (
                <FileButton onChange={(f) => void attach(f)}>
                  {(props) => (
                    <ActionIcon
                      {...props}
                      ref={attachButton}
                      variant="subtle"
                      aria-label={t('composer.attach')}
                      disabled={sending}
                    >
                      <PaperclipIcon />
                    </ActionIcon>
                  )}
                </FileButton>
              )}
            </Group>
            <Button size="xs" onClick={() => void submit()} loading={sending} disabled={text.trim() === ''}>
              {mode === 'note' ? t('composer.addNote') : t('composer.send')}
            </Button>
          </Group>
        </>
      )}
    </ComposerFrame>
  );
});

/** Whether a channel's 24-hour window is closed now; turns true by itself when it closes. */
function useWindowClosed(closesAt: number | null | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (closesAt === undefined || closesAt === null) return;
    const wait = closesAt - Date.now();
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [closesAt]);
  return closesAt !== undefined && (closesAt === null || closesAt <= now);
}

function ownMessage(
  sent: { messageKey: string; createdAt: number; groupId: number; id: number },
  key: string,
  text: string,
  me: string,
): Message {
  return {
    ...toApplozicMessage(
      {
        key,
        groupId: sent.groupId,
        clientGroupId: '',
        senderUserId: me,
        message: text,
        contentType: 0,
        metadata: {},
        fileMeta: null,
        createdAt: sent.createdAt,
        status: MESSAGE_STATUS.SENT,
      },
      me,
    ),
    id: sent.id,
    from: me,
    senderType: SENDER_TYPE.HUMAN_AGENT,
  };
}
