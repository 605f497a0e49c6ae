import type { ChatWidgetSettings } from '@convo/api';
import { NumberInput, Switch, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormCard, NS, SaveBar, SectionPage, useSectionForm } from './section-page';

type GreetingMessage = ChatWidgetSettings['greetingMessage'];

type GreetingForm = {
  enabled: boolean;
  message: string;
  /** NumberInput gives '' while the field is empty. */
  delaySeconds: number | string;
};

const toForm = (value: GreetingMessage): GreetingForm => value;
const fromForm = (value: GreetingForm): GreetingMessage => ({
  ...value,
  delaySeconds: typeof value.delaySeconds === 'number' ? value.delaySeconds : Number.NaN,
});

function GreetingMessageForm({ settings }: { settings: ChatWidgetSettings }) {
  const { t } = useTranslation(NS);
  const { form, onSubmit, dirty, saving } = useSectionForm({
    section: 'greetingMessage',
    initial: settings.greetingMessage,
    toForm,
    fromForm,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormCard>
        <Switch
          label={t('greetingMessage.enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <Textarea
          label={t('greetingMessage.message')}
          autosize
          minRows={2}
          maxLength={300}
          {...form.getInputProps('message')}
        />
        <NumberInput
          maw={220}
          label={t('greetingMessage.delay')}
          description={t('greetingMessage.delayHint')}
          min={0}
          max={300}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('delaySeconds')}
        />
        <SaveBar dirty={dirty} saving={saving} onDiscard={form.reset} />
      </FormCard>
    </form>
  );
}

/** /settings/greeting-message: a bubble beside the closed launcher, after a delay. */
export function GreetingMessagePage() {
  const { t } = useTranslation(NS);
  return (
    <SectionPage slug="greeting-message" description={t('greetingMessage.description')}>
      {(settings) => <GreetingMessageForm settings={settings} />}
    </SectionPage>
  );
}
