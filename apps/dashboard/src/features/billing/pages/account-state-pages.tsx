// The screens of SPEC §4's blocked account states: /trial-expired (under the Subscription Required
// modal) and /account-suspended.

import { BILLING_ROUTE } from '@convo/domain';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canOpen } from '../../../app/routing/use-landing';
import { useSession } from '../../../app/session/session-store';
import { AlertIcon } from '../../../components/icons';
import { SubscriptionRequiredModal } from '../components/subscription-required-modal';
import { GetInTouchButton } from './billing-page';

const NS = 'billing';

export function TrialExpiredPage() {
  const { t } = useTranslation(NS);
  return (
    <Center mih="50vh" p="md" data-testid="trial-expired">
      <Title order={1} size="h2">
        {t('subscriptionRequired.title')}
      </Title>
      <SubscriptionRequiredModal />
    </Center>
  );
}

export function AccountSuspendedPage() {
  const { t } = useTranslation(NS);
  const session = useSession();
  return (
    <Center mih="50vh" p="md" data-testid="account-suspended">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <AlertIcon size={40} />
        <Title order={1} size="h2">
          {t('suspended.title')}
        </Title>
        <Text>{t('suspended.body')}</Text>
        <Group justify="center" wrap="wrap">
          <GetInTouchButton />
          {canOpen(session, BILLING_ROUTE) ? (
            <Button component={Link} to={BILLING_ROUTE}>
              {t('suspended.pay')}
            </Button>
          ) : (
            <Text size="sm">{t('subscriptionRequired.askAdmin')}</Text>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
