// Agent instructions (the custom prompt): the LLM engines' system prompt, saved with the engine's
// settings.

import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const NS = 'botBuilder';
export const INSTRUCTIONS_MAX = 20_000;

export function InstructionsSection({
  value,
  llm,
  dirty,
  saving,
  onChange,
  onSave,
  onDiscard,
}: {
  value: string;
  /** kompose answers from intents and does not read the prompt: say so. */
  llm: boolean;
  dirty: boolean;
  saving: boolean;
  onChange: (value: string) => void;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="sm">
      {!llm && (
        <Text size="sm" c="dimmed">
          {t('instructions.komposeNote')}
        </Text>
      )}
      <Textarea
        label={t('instructions.label')}
        description={t('instructions.help')}
        placeholder={t('instructions.placeholder')}
        value={value}
        maxLength={INSTRUCTIONS_MAX}
        autosize
        minRows={6}
        maxRows={20}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <Text size="xs" c="dimmed" ta="right">
        {t('instructions.count', { length: value.length, max: INSTRUCTIONS_MAX })}
      </Text>
      <Group gap="sm">
        <Button onClick={onSave} disabled={!dirty} loading={saving}>
          {t('save')}
        </Button>
        {dirty && (
          <>
            <Button variant="subtle" onClick={onDiscard} disabled={saving}>
              {t('discard')}
            </Button>
            <Badge variant="light" color="yellow">
              {t('unsaved.badge')}
            </Badge>
          </>
        )}
      </Group>
    </Stack>
  );
}
