import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLandingPath } from '../app/routing/use-landing';
import { LockIcon } from './icons';

/** A route the user's role may not open. */
export function NotAllowed() {
  const { t } = useTranslation();
  const landing = useLandingPath();
  return (
    <Center mih="50vh" p="md" data-testid="not-allowed">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <LockIcon size={40} />
        <Title order={2}>{t('notAllowed.title')}</Title>
        <Text c="dimmed">{t('notAllowed.body')}</Text>
        <Button component={Link} to={landing}>
          {t('notAllowed.back')}
        </Button>
      </Stack>
    </Center>
  );
}
