import type { ChatWidgetSettings } from '@convo/api';
import { ActionIcon, Button, Group, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormCard, NS, SaveBar, SectionPage, useSectionForm } from './section-page';

type WelcomeMessage = ChatWidgetSettings['welcomeMessage'];
const same = (value: WelcomeMessage): WelcomeMessage => value;
/** The contract's limit (welcomeMessageSchema: at most three). */
export const MAX_WELCOME_MESSAGES = 3;

function RemoveIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.9}
      aria-hidden="true"
    >
      <path d="M5 7h14M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}

function WelcomeMessageForm({ settings }: { settings: ChatWidgetSettings }) {
  const { t } = useTranslation(NS);
  const { form, onSubmit, dirty, saving } = useSectionForm({
    section: 'welcomeMessage',
    initial: settings.welcomeMessage,
    toForm: same,
    fromForm: same,
  });
  const messages = form.values.messages;

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormCard>
        <Switch
          label={t('welcomeMessage.enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <Stack gap="sm">
          {messages.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the messages are an ordered list edited in place
            <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
              <Textarea
                style={{ flex: 1 }}
                label={t('welcomeMessage.message', { number: index + 1 })}
                autosize
                minRows={2}
                maxLength={1000}
                {...form.getInputProps(`messages.${index}`)}
              />
              {messages.length > 1 && (
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={t('welcomeMessage.remove', { number: index + 1 })}
                  onClick={() => form.removeListItem('messages', index)}
                >
                  <RemoveIcon />
                </ActionIcon>
              )}
            </Group>
          ))}
          <Group gap="sm">
            <Button
              variant="light"
              disabled={messages.length >= MAX_WELCOME_MESSAGES}
              onClick={() => form.insertListItem('messages', '')}
            >
              {t('welcomeMessage.add')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('welcomeMessage.limit', { max: MAX_WELCOME_MESSAGES })}
            </Text>
          </Group>
          {typeof form.errors.messages === 'string' && (
            <Text size="sm" c="red" role="alert">
              {form.errors.messages}
            </Text>
          )}
        </Stack>
        <Switch
          label={t('welcomeMessage.collectEmail')}
          description={t('welcomeMessage.collectEmailHint')}
          {...form.getInputProps('collectEmailOnWelcomeMessage', { type: 'checkbox' })}
        />
        <SaveBar dirty={dirty} saving={saving} onDiscard={form.reset} />
      </FormCard>
    </form>
  );
}

/** /settings/welcome-message: up to three messages for a new conversation, and e-mail collection. */
export function WelcomeMessagePage() {
  const { t } = useTranslation(NS);
  return (
    <SectionPage slug="welcome-message" description={t('welcomeMessage.description')}>
      {(settings) => <WelcomeMessageForm settings={settings} />}
    </SectionPage>
  );
}
