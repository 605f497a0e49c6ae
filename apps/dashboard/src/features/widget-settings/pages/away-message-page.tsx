import type { ChatWidgetSettings } from '@convo/api';
import { Anchor, Switch, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { settingsPath } from '../../../app/routing/settings-paths';
import { FormCard, NS, SaveBar, SectionPage, useSectionForm } from './section-page';

type AwayMessage = ChatWidgetSettings['awayMessage'];
const same = (value: AwayMessage): AwayMessage => value;

function AwayMessageForm({ settings }: { settings: ChatWidgetSettings }) {
  const { t } = useTranslation(NS);
  const { form, onSubmit, dirty, saving } = useSectionForm({
    section: 'awayMessage',
    initial: settings.awayMessage,
    toForm: same,
    fromForm: same,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormCard>
        <Switch label={t('awayMessage.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Textarea
          label={t('awayMessage.message')}
          autosize
          minRows={3}
          maxLength={1000}
          {...form.getInputProps('message')}
        />
        <Switch
          label={t('awayMessage.collectEmail')}
          description={t('awayMessage.collectEmailHint')}
          {...form.getInputProps('collectEmailOnAwayMessage', { type: 'checkbox' })}
        />
        <SaveBar dirty={dirty} saving={saving} onDiscard={form.reset} />
      </FormCard>
    </form>
  );
}

/** /settings/away-message: what visitors see outside business hours, and e-mail collection. */
export function AwayMessagePage() {
  const { t } = useTranslation(NS);
  return (
    <SectionPage
      slug="away-message"
      description={
        <>
          {t('awayMessage.description')}{' '}
          <Anchor component={Link} to={settingsPath('business-hours')}>
            {t('awayMessage.hoursLink')}
          </Anchor>
        </>
      }
    >
      {(settings) => <AwayMessageForm settings={settings} />}
    </SectionPage>
  );
}
