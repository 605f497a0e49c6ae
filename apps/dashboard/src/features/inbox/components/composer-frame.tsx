// What the reply box and its light stand-in (composer-shell.tsx) share: the frame with the
// reply/note switch, the text box's placeholder, the attachment icon. One source, so the stand-in
// looks like the box it stands in for.

import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainSegmentedControl } from '../../../components/plain-segmented-control';
import { channelName } from '../../integrations/channel-icon';

export type ComposerMode = 'reply' | 'note';

export interface ComposerHandle {
  focus(mode: ComposerMode): void;
  openQuickReplies(): void;
  /** A reply suggestion into the box, after what is typed, as picking it there does. */
  insertSuggestion(text: string): void;
  /** The emoji picker opened, as its button does. */
  openEmoji(): void;
  /** The file chooser of an attachment opened, as its button does (in a press's user activation). */
  pickFile(): void;
}

type Translate = ReturnType<typeof useTranslation<'inbox'>>['t'];

export function composerPlaceholder(t: Translate, mode: ComposerMode, channel: string | undefined): string {
  if (mode === 'note') return t('composer.notePlaceholder');
  return channel
    ? t('composer.channelPlaceholder', { channel: channelName(channel) })
    : t('composer.placeholder');
}

export function ComposerFrame({
  mode,
  onMode,
  canNote,
  children,
}: {
  mode: ComposerMode;
  onMode: (mode: ComposerMode) => void;
  canNote: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('inbox');
  return (
    <Paper withBorder p="xs" radius="md" bg={mode === 'note' ? 'var(--mantine-color-yellow-0)' : undefined}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          {/* Plain elements: Mantine's switch measures itself on mount (a forced layout), and the
              frame mounts twice as a conversation opens (the stand-in, then the reply box). */}
          <PlainSegmentedControl<ComposerMode>
            size="xs"
            value={mode}
            onChange={onMode}
            data={[
              { value: 'reply', label: t('composer.reply') },
              ...(canNote ? [{ value: 'note' as const, label: t('composer.note') }] : []),
            ]}
            aria-label={t('composer.mode')}
          />
          <Text size="xs" c="dimmed" visibleFrom="xl">
            {t('composer.hint')}
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function PaperclipIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M21 12.5l-8.5 8.5a5.5 5.5 0 01-7.8-7.8l9.2-9.2a3.7 3.7 0 015.2 5.2l-9.2 9.2a1.8 1.8 0 01-2.6-2.6l8.5-8.5" />
    </svg>
  );
}
