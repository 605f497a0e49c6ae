import {
  formatFileSize,
  MAX_FILE_UPLOAD_BYTES,
  MAX_IMAGE_UPLOAD_BYTES,
  PASSWORD_MIN_LENGTH,
  SIGNED_FILE_LINK_DAYS,
} from '@convo/domain';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { settingsPath } from '../../app/routing/settings-paths';
import { canOpen } from '../../app/routing/use-landing';
import { useRequiredSession } from '../../app/session/use-required-session';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';

interface PolicyLink {
  to: string;
  label: string;
}

function Policy({
  title,
  children,
  status,
  links,
  testId,
}: {
  title: string;
  children: string;
  status?: { on: boolean; label: string };
  links: PolicyLink[];
  testId: string;
}) {
  const session = useRequiredSession();
  const allowed = links.filter((l) => canOpen(session, l.to));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {status && (
            <Badge color={status.on ? 'teal' : 'gray'} variant="light">
              {status.label}
            </Badge>
          )}
        </Group>
        <Text size="sm">{children}</Text>
        {allowed.length > 0 && (
          <Group gap="md">
            {allowed.map((l) => (
              <Anchor key={l.to} component={Link} to={l.to} size="sm">
                {l.label}
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /policies: the data and security rules this workspace runs under, each read from what the server
 * really applies (limits and the application's own settings), with links to where each is changed
 * (docs/decisions.md "/policies").
 */
export function PoliciesPage() {
  const { t, ready } = useTranslation('routes');
  const session = useRequiredSession();
  if (!ready) return <PageLoader />;
  const encrypted = session.application.encryptionEnabled;
  return (
    <Stack gap="md">
      <PageHeader title={t('policies.title')} description={t('policies.description')} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Policy
          testId="policy-encryption"
          title={t('policies.encryption.title')}
          status={{ on: encrypted, label: encrypted ? t('policies.on') : t('policies.off') }}
          links={[]}
        >
          {encrypted ? t('policies.encryption.on') : t('policies.encryption.off')}
        </Policy>
        <Policy
          testId="policy-sign-in"
          title={t('policies.signIn.title')}
          links={[
            { to: settingsPath('security'), label: t('policies.signIn.security') },
            { to: settingsPath('sso'), label: t('policies.signIn.sso') },
          ]}
        >
          {t('policies.signIn.body', { min: PASSWORD_MIN_LENGTH })}
        </Policy>
        <Policy testId="policy-files" title={t('policies.files.title')} links={[]}>
          {t('policies.files.body', {
            image: formatFileSize(MAX_IMAGE_UPLOAD_BYTES),
            file: formatFileSize(MAX_FILE_UPLOAD_BYTES),
            days: SIGNED_FILE_LINK_DAYS,
          })}
        </Policy>
        <Policy
          testId="policy-customers"
          title={t('policies.customers.title')}
          links={[{ to: PATHS.users, label: t('policies.customers.users') }]}
        >
          {t('policies.customers.body')}
        </Policy>
        <Policy
          testId="policy-access"
          title={t('policies.access.title')}
          links={[
            { to: settingsPath('roles-permissions'), label: t('policies.access.roles') },
            { to: settingsPath('team'), label: t('policies.access.team') },
          ]}
        >
          {t('policies.access.body')}
        </Policy>
        <Policy
          testId="policy-transcripts"
          title={t('policies.transcripts.title')}
          links={[{ to: settingsPath('conversation-transcript'), label: t('policies.transcripts.settings') }]}
        >
          {t('policies.transcripts.body')}
        </Policy>
      </SimpleGrid>
    </Stack>
  );
}
