import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { useSession } from '../../app/session/session-store';

/** /404 and every unknown route. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Center mih="60vh" p="md" data-testid="not-found">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Text fz={64} fw={800} c="var(--convo-primary)" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Button component={Link} to={session === null ? PATHS.login : PATHS.root}>
          {session === null ? t('notFound.toLogin') : t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
