// Agent assist in the conversation view (issue 36 item 3): "Summarize" asks the application's AI
// agent for a summary of the conversation, "Translate" on a customer message asks it for the
// message in the agent's language. Each is hidden when the plan does not open it (the server
// refuses it anyway); failures are toasts, the conversation stays usable.

import { ActionIcon, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, isCancellation } from '../../../app/api/api-error';
import { toast } from '../../../app/toasts';
import { useLockedFeature } from '../../billing/components/feature-gate';
import { fetchConversationSummary, fetchMessageTranslation } from '../api/inbox-api';
import classes from './agent-assist.module.css';

type Translate = ReturnType<typeof useTranslation<'inbox'>>['t'];

/** The toast of a failed assist call: no AI agent is said as such; anything else as the SPEC's failure. */
function assistFailed(t: Translate, error: unknown, failed: string): void {
  if (isCancellation(error)) return;
  const reason =
    isApiError(error) && typeof error.details === 'object' && error.details !== null
      ? (error.details as { reason?: unknown }).reason
      : undefined;
  toast.error(reason === 'LLM_NOT_CONFIGURED' ? t('assist.notConfigured') : failed);
}

/** The "Summarize" action and the summary it shows, above the messages. */
export function ConversationSummary({ groupId }: { groupId: number }) {
  const { t } = useTranslation('inbox');
  const locked = useLockedFeature('conversationSummary');
  const [open, setOpen] = useState(false);
  const summary = useMutation({
    mutationFn: () => fetchConversationSummary(groupId),
    onSuccess: () => setOpen(true),
    onError: (error) => assistFailed(t, error, t('assist.summary.failed')),
  });
  if (locked) return null;
  return (
    <Stack gap={4} px="sm" pt={4} data-testid="conversation-summary-bar">
      <Group gap="xs" justify="flex-end">
        <Button
          size="compact-xs"
          variant="subtle"
          loading={summary.isPending}
          onClick={() => summary.mutate()}
          data-testid="summarize"
        >
          {t('assist.summary.action')}
        </Button>
      </Group>
      {open && summary.data ? (
        <Paper
          withBorder
          p="xs"
          radius="sm"
          role="region"
          aria-label={t('assist.summary.title')}
          data-testid="conversation-summary"
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="xs" fw={600}>
                {t('assist.summary.title')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {summary.data.summary}
              </Text>
              {summary.data.truncated ? (
                <Text size="xs" c="dimmed">
                  {t('assist.summary.truncated', { count: summary.data.messageCount })}
                </Text>
              ) : null}
            </Stack>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('assist.summary.close')}
              onClick={() => setOpen(false)}
            >
              ×
            </ActionIcon>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * "Translate" under a customer's message, and the translation once asked. The list asks whether the
 * plan opens it (useLockedFeature('translation')), once for all its rows, and shows it only then.
 * Memoised like the bubbles: the list's renders while it places itself leave it as it is.
 */
export const TranslateAction = memo(function TranslateAction({
  groupId,
  messageKey,
}: {
  groupId: number;
  messageKey: string;
}) {
  const { t, i18n } = useTranslation('inbox');
  const translation = useMutation({
    mutationFn: () => fetchMessageTranslation(groupId, messageKey, i18n.resolvedLanguage ?? i18n.language),
    onError: (error) => assistFailed(t, error, t('assist.translate.failed')),
  });
  return (
    <div className={classes.translate} data-testid="message-translation">
      {translation.data ? (
        <Text
          size="sm"
          c="dimmed"
          style={{ overflowWrap: 'anywhere' }}
          data-testid="translated-text"
          lang={translation.data.language}
        >
          {t('assist.translate.result', { text: translation.data.text })}
        </Text>
      ) : (
        <div className={classes.actions}>
          <button
            type="button"
            className={classes.action}
            onClick={() => translation.mutate()}
            disabled={translation.isPending}
            aria-label={t('assist.translate.action')}
            data-testid="translate-message"
          >
            {t('assist.translate.action')}
          </button>
          {translation.isPending ? <Loader size={12} aria-label={t('assist.translate.loading')} /> : null}
        </div>
      )}
    </div>
  );
});
