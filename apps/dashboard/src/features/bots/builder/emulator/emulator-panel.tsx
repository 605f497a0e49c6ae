// The builder's test panel: chats with the bot as it is now — the unsaved intents of the language
// and the slider's threshold included — and shows for each reply the matched intent, its
// confidence, whether it fell back or handed off, and the knowledge passage it used.

import type { BotSays, EmulatorReply, IntentWrite } from '@convo/api';
import type { BotLanguage } from '@convo/domain';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../../app/toasts';
import { LANGUAGE_NAMES } from '../../../../i18n/languages';
import { askEmulator, correctEmulator } from '../builder-api';
import { intentDisplayName } from '../intent-draft';
import { replyLabels } from '../rich-replies';
import { confidencePercent, type EmulatorTurn, emulatorHistory } from './emulator-turns';
import { CorrectionForm, type CorrectionTarget, ReplyWhy } from './reply-why';

const NS = 'botBuilder';
/** The message field, so narrow screens can jump from the editor to the test panel below it. */
export const EMULATOR_INPUT_ID = 'bot-emulator-message';

function BotMessage({ says, onReply }: { says: BotSays; onReply: (text: string) => void }) {
  const { t } = useTranslation(NS);
  const labels = replyLabels(says);
  return (
    <Stack gap={4}>
      {says.text.trim() !== '' && (
        // Shown as text: an answer holding HTML is never rendered as markup.
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {says.text}
        </Text>
      )}
      {labels.length > 0 && (
        <Group gap={4} wrap="wrap" aria-label={t('emulator.buttons')}>
          {labels.map((label, i) => (
            <Button
              // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat
              key={i}
              size="compact-xs"
              variant="outline"
              onClick={() => onReply(label)}
            >
              {label}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function ReplyDetails({ reply, retrained }: { reply: EmulatorReply; retrained: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap={4} data-testid="emulator-details">
      <Group gap={4} wrap="wrap">
        {retrained && (
          <Badge variant="filled" color="teal" tt="none" data-testid="emulator-retrained">
            {t('emulator.correct.retrained')}
          </Badge>
        )}
        <Badge variant="light" tt="none" data-testid="emulator-intent">
          {t('emulator.intent', { name: intentDisplayName(reply.intent) })}
        </Badge>
        <Badge variant="light" color="gray" tt="none" data-testid="emulator-confidence">
          {t('emulator.confidence', { percent: confidencePercent(reply.confidence) })}
        </Badge>
        {reply.fallback && (
          <Badge variant="light" color="yellow" tt="none">
            {t('emulator.fallback')}
          </Badge>
        )}
        {reply.handoff && (
          <Badge variant="light" color="grape" tt="none">
            {t('emulator.handoff')}
          </Badge>
        )}
        {reply.language !== null && (
          <Badge variant="outline" color="gray" tt="none">
            {t('emulator.language', {
              language: LANGUAGE_NAMES[reply.language as BotLanguage] ?? reply.language,
            })}
          </Badge>
        )}
      </Group>
      {reply.passage !== null && (
        <Paper withBorder p="xs" radius="sm" data-testid="emulator-passage">
          <Text size="xs" fw={600}>
            {t('emulator.passage')}{' '}
            {reply.passage.url !== null ? (
              <Anchor href={reply.passage.url} target="_blank" rel="noopener noreferrer" size="xs">
                {reply.passage.sourceName}
              </Anchor>
            ) : (
              reply.passage.sourceName
            )}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={4} style={{ wordBreak: 'break-word' }}>
            {reply.passage.text}
          </Text>
        </Paper>
      )}
      {reply.explanation !== null ? (
        <ReplyWhy explanation={reply.explanation} />
      ) : (
        <Text size="xs" c="dimmed">
          {t('emulator.why.none')}
        </Text>
      )}
    </Stack>
  );
}

export function EmulatorPanel({
  botId,
  language,
  draftIntents,
  confidenceThreshold,
  targets,
  onCorrected,
}: {
  botId: string;
  language: BotLanguage;
  /** The saved intents a message can be taught to ("this should have been…"). */
  targets: readonly CorrectionTarget[];
  /** After a correction saved a phrase (the intents and training state changed). */
  onCorrected: () => void;
  /** Read when a message is sent, so the newest unsaved edits answer. */
  draftIntents: () => IntentWrite[];
  confidenceThreshold: number | undefined;
}) {
  const { t } = useTranslation(NS);
  const [turns, setTurns] = useState<EmulatorTurn[]>([]);
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const ask = useMutation({
    mutationFn: (message: string) =>
      askEmulator(botId, {
        message,
        language,
        history: emulatorHistory(turns),
        draftIntents: draftIntents(),
        ...(confidenceThreshold === undefined ? {} : { confidenceThreshold }),
      }),
    onSuccess: (reply, message) => setTurns((list) => [...list, { role: 'bot', reply, message }]),
    onError: (error) => toastError(error),
  });
  const correct = useMutation({
    mutationFn: (input: { index: number; message: string; intent: string | null }) =>
      correctEmulator(botId, {
        message: input.message,
        language,
        intent: input.intent,
        ...(confidenceThreshold === undefined ? {} : { confidenceThreshold }),
      }),
    onSuccess: (reply, input) => {
      setTurns((list) =>
        list.map((turn, i) =>
          i === input.index ? { role: 'bot', reply, message: input.message, retrained: true } : turn,
        ),
      );
      toast.success(t('emulator.correct.done'));
      onCorrected();
    },
    onError: (error) => toastError(error),
  });

  useEffect(() => {
    if (turns.length > 0) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [turns]);

  const send = (message: string) => {
    const trimmed = message.trim();
    if (trimmed === '' || ask.isPending) return;
    setTurns((list) => [...list, { role: 'customer', text: trimmed }]);
    setText('');
    ask.mutate(trimmed);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(text);
  };

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="emulator-heading">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5" id="emulator-heading">
            {t('emulator.title')}
          </Title>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setTurns([])}
            disabled={turns.length === 0}
          >
            {t('emulator.reset')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('emulator.help')}
        </Text>
        <ScrollArea.Autosize mah={420} type="auto">
          <Stack gap="xs" role="log" aria-live="polite" aria-label={t('emulator.conversation')} py={4}>
            {turns.length === 0 && (
              <Text size="sm" c="dimmed" ta="center" py="md">
                {t('emulator.empty')}
              </Text>
            )}
            {turns.map((turn, i) =>
              turn.role === 'customer' ? (
                <Paper
                  // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows
                  key={i}
                  bg="var(--mantine-primary-color-light)"
                  p="xs"
                  radius="md"
                  ml="xl"
                  data-testid="emulator-customer"
                >
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    {turn.text}
                  </Text>
                </Paper>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows
                <Paper key={i} withBorder p="xs" radius="md" mr="xl" data-testid="emulator-bot">
                  <Stack gap={6}>
                    {turn.reply.messages.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('emulator.noReply')}
                      </Text>
                    ) : (
                      turn.reply.messages.map((says, j) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: replies keep their order
                        <BotMessage key={j} says={says} onReply={send} />
                      ))
                    )}
                    <ReplyDetails reply={turn.reply} retrained={turn.retrained === true} />
                    {turn.reply.explanation !== null && turn.message !== undefined && (
                      <CorrectionForm
                        key={turn.retrained ? 'retrained' : 'first'}
                        targets={targets}
                        current={turn.reply.fallback ? null : turn.reply.intent}
                        busy={correct.isPending && correct.variables?.index === i}
                        onCorrect={(intent) =>
                          correct.mutate({ index: i, message: turn.message as string, intent })
                        }
                      />
                    )}
                  </Stack>
                </Paper>
              ),
            )}
            {ask.isPending && (
              <Text size="xs" c="dimmed" role="status">
                {t('emulator.thinking')}
              </Text>
            )}
            <div ref={bottom} />
          </Stack>
        </ScrollArea.Autosize>
        <form onSubmit={onSubmit}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              id={EMULATOR_INPUT_ID}
              label={t('emulator.message')}
              placeholder={t('emulator.placeholder')}
              value={text}
              maxLength={2000}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <Button type="submit" loading={ask.isPending} disabled={text.trim() === ''}>
              {t('emulator.send')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
