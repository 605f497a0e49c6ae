import { Accordion, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../app/support';
import { MailIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { SupportTicketsSection } from './support-tickets-section';

const TOPICS = ['password', 'language', 'verification', 'roles', 'logout'] as const;

/**
 * /help for signed-in users: answers about the account, the support tickets filed for this workspace
 * through the public form, and a way to reach support.
 */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={860}>
      <PageHeader title={t('help.title')} description={t('help.subtitle')} />
      <Accordion variant="separated" radius="md">
        {TOPICS.map((topic) => (
          <Accordion.Item key={topic} value={topic}>
            <Accordion.Control>{t(`help.topics.${topic}.question`)}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{t(`help.topics.${topic}.answer`)}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <SupportTicketsSection />
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contact-heading">
        <Group justify="space-between" align="center">
          <Stack gap={4}>
            <Title order={2} fz="h4" id="contact-heading">
              {t('help.contact.title')}
            </Title>
            <Text size="sm" c="dimmed">
              <Trans
                i18nKey="help.contact.body"
                values={{ email: SUPPORT_EMAIL }}
                components={{ mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`} /> }}
              />
            </Text>
          </Stack>
          <Button component="a" href={`mailto:${SUPPORT_EMAIL}`} leftSection={<MailIcon size={16} />}>
            {t('help.contact.button')}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
