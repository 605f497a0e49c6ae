// The Flow Designer's test panel: the current draft run turn by turn against a small chat, through
// the flow emulator (FLOW_PATHS.emulator), which runs the stored draft and stores nothing. The
// run's place travels with each turn, so the admin can answer questions, see validation retries,
// API and code results, and where the flow ends, without leaving the designer.

import type { FlowEmulatorReply, FlowRunStateInput } from '@convo/api';
import { Button, Group, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../../app/toasts';
import { emulateFlow } from './flow-api';

type Line = { who: 'customer' | 'bot' | 'note'; text: string };

/** A question's choices, sent as quick-reply buttons (rich template 6). */
function choicesOf(metadata: Record<string, string>): string[] {
  if (metadata.templateId !== '6' || !metadata.payload) return [];
  try {
    const parsed: unknown = JSON.parse(metadata.payload);
    return Array.isArray(parsed)
      ? parsed.flatMap((c: unknown) =>
          c && typeof c === 'object' && typeof (c as { message?: unknown }).message === 'string'
            ? [(c as { message: string }).message]
            : [],
        )
      : [];
  } catch {
    return [];
  }
}

export function FlowTestPanel({
  botId,
  flowId,
  beforeStart,
  onPath,
}: {
  botId: string;
  flowId: string;
  beforeStart: () => Promise<void>;
  onPath: (path: string[]) => void;
}) {
  const { t } = useTranslation('botBuilder');
  const [lines, setLines] = useState<Line[]>([]);
  const [state, setState] = useState<FlowRunStateInput | null>(null);
  const [done, setDone] = useState(false);
  const [choices, setChoices] = useState<string[]>([]);
  const [message, setMessage] = useState('');

  const notesOf = (reply: FlowEmulatorReply): Line[] => {
    if (reply.handoff) return [{ who: 'note', text: t('flows.test.handedOff') }];
    if (reply.answer) return [{ who: 'note', text: t('flows.test.answer', { intent: reply.answer }) }];
    return reply.done ? [{ who: 'note', text: t('flows.test.ended') }] : [];
  };

  const turn = useMutation({
    mutationFn: async (input: { message?: string; restart: boolean }) => {
      if (input.restart) await beforeStart();
      return emulateFlow(botId, flowId, {
        ...(input.message !== undefined ? { message: input.message } : {}),
        state: input.restart ? null : state,
      });
    },
    onMutate: (input) => {
      if (input.restart) {
        setLines([]);
        setDone(false);
      }
      if (input.message !== undefined)
        setLines((l) => [...l, { who: 'customer', text: input.message ?? '' }]);
      setChoices([]);
    },
    onSuccess: (reply) => {
      setState(reply.state);
      setDone(reply.done);
      setLines((l) => [
        ...l,
        ...reply.messages.map((m): Line => ({ who: 'bot', text: m.text })),
        ...notesOf(reply),
      ]);
      setChoices(reply.messages.flatMap((m) => choicesOf(m.metadata)));
      onPath(reply.path);
    },
    onError: (e) => toastError(e),
  });

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || turn.isPending) return;
    setMessage('');
    turn.mutate({ message: trimmed, restart: false });
  };
  const started = state !== null;

  return (
    <Paper withBorder p="xs" data-testid="flow-test-panel" aria-label={t('flows.test.title')} role="region">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {t('flows.test.title')}
          </Text>
          <Button size="compact-xs" loading={turn.isPending} onClick={() => turn.mutate({ restart: true })}>
            {started ? t('flows.test.restart') : t('flows.test.start')}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={260}>
          <Stack gap={4} aria-live="polite">
            {lines.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('flows.test.empty')}
              </Text>
            )}
            {lines.map((line, i) => (
              <Text
                // Lines are only ever appended; their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: append-only transcript
                key={i}
                size="sm"
                ta={line.who === 'customer' ? 'right' : 'left'}
                c={line.who === 'note' ? 'dimmed' : undefined}
                fs={line.who === 'note' ? 'italic' : undefined}
                data-testid={`flow-test-${line.who}`}
              >
                {line.text}
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {choices.length > 0 && !done && (
          <Group gap={4}>
            {choices.map((c) => (
              <Button key={c} size="compact-xs" variant="light" onClick={() => send(c)}>
                {c}
              </Button>
            ))}
          </Group>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send(message);
          }}
        >
          <Group gap={4} wrap="nowrap">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              aria-label={t('flows.test.message')}
              placeholder={t('flows.test.message')}
              value={message}
              disabled={!started || done}
              onChange={(e) => setMessage(e.currentTarget.value)}
            />
            <Button
              size="xs"
              type="submit"
              disabled={!started || done || !message.trim()}
              loading={turn.isPending}
            >
              {t('flows.test.send')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
