// The editor of one intent: its name (answers and small talk), the user-says phrases (only those two
// sections have them) and the bot-says replies.

import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftError, IntentDraft } from './intent-draft';
import { ReplyEditor } from './reply-editor';
import { emptyReply } from './rich-replies';

const NS = 'botBuilder';
const MAX_REPLIES = 20;

export function IntentEditor({
  draft,
  onChange,
  showName,
  hasUserSays,
  namePlaceholder,
  errors,
  showErrors,
}: {
  draft: IntentDraft;
  onChange: (draft: IntentDraft) => void;
  showName: boolean;
  hasUserSays: boolean;
  namePlaceholder: string;
  errors: readonly DraftError[];
  showErrors: boolean;
}) {
  const { t } = useTranslation(NS);
  const shown = showErrors ? errors : [];
  const setPhrase = (i: number, value: string) =>
    onChange({ ...draft, userSays: draft.userSays.map((p, j) => (j === i ? value : p)) });
  return (
    <Stack gap="md">
      {showName && (
        <TextInput
          label={t('editor.name')}
          placeholder={namePlaceholder}
          value={draft.name}
          maxLength={150}
          required
          error={
            shown.includes('nameRequired')
              ? t('draftErrors.nameRequired')
              : shown.includes('duplicateName')
                ? t('draftErrors.duplicateName')
                : undefined
          }
          onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })}
        />
      )}
      {hasUserSays && (
        <Stack gap="xs" component="section" aria-labelledby="user-says-heading">
          <Title order={3} size="h5" id="user-says-heading">
            {t('editor.userSays')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('editor.userSaysHelp')}
          </Text>
          {draft.userSays.map((phrase, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: phrases are edited in place by position
            <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                style={{ flex: 1 }}
                label={t('editor.phrase', { n: i + 1 })}
                value={phrase}
                maxLength={500}
                onChange={(e) => setPhrase(i, e.currentTarget.value)}
                onKeyDown={(e) => {
                  // Enter on the last phrase adds the next one, for quick typing.
                  if (e.key === 'Enter' && i === draft.userSays.length - 1 && phrase.trim() !== '') {
                    e.preventDefault();
                    onChange({ ...draft, userSays: [...draft.userSays, ''] });
                  }
                }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('editor.removePhrase', { n: i + 1 })}
                disabled={draft.userSays.length === 1}
                onClick={() => onChange({ ...draft, userSays: draft.userSays.filter((_, j) => j !== i) })}
              >
                <span aria-hidden>✕</span>
              </ActionIcon>
            </Group>
          ))}
          {shown.includes('userSaysRequired') && (
            <Text size="sm" c="red" role="alert">
              {t('draftErrors.userSaysRequired')}
            </Text>
          )}
          <Group>
            <Button
              size="xs"
              variant="light"
              onClick={() => onChange({ ...draft, userSays: [...draft.userSays, ''] })}
              disabled={draft.userSays.length >= 500}
            >
              {t('editor.addPhrase')}
            </Button>
          </Group>
        </Stack>
      )}
      <Stack gap="xs" component="section" aria-labelledby="bot-says-heading">
        <Title order={3} size="h5" id="bot-says-heading">
          {t('editor.botSays')}
        </Title>
        {draft.botSays.map((reply, i) => (
          <ReplyEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: replies are edited in place by position
            key={i}
            index={i}
            reply={reply}
            showErrors={showErrors}
            canRemove={draft.botSays.length > 1}
            onChange={(next) =>
              onChange({ ...draft, botSays: draft.botSays.map((r, j) => (j === i ? next : r)) })
            }
            onRemove={() => onChange({ ...draft, botSays: draft.botSays.filter((_, j) => j !== i) })}
          />
        ))}
        {shown.includes('botSaysRequired') && (
          <Text size="sm" c="red" role="alert">
            {t('draftErrors.botSaysRequired')}
          </Text>
        )}
        <Group>
          <Button
            size="xs"
            variant="light"
            onClick={() => onChange({ ...draft, botSays: [...draft.botSays, emptyReply('text')] })}
            disabled={draft.botSays.length >= MAX_REPLIES}
          >
            {t('editor.addReply')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
