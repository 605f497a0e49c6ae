// /settings/mailbox: the e-mail channel's page in the settings (the same status panel and
// connect form as /integration-details?type=email).

import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { IntegrationDetails } from '../integration-details-page';
import { NS } from '../shared';

export function MailboxSettingsPage() {
  const { t, ready } = useTranslation(NS);
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="md" maw={800}>
      <PageHeader title={t('names.email')} description={t('email.settingsIntro')} />
      <IntegrationDetails type="email" />
    </Stack>
  );
}
