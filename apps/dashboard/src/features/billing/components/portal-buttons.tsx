import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../app/toasts';
import { openCustomerPortal } from '../api/billing-api';

const NS = 'billing';

/** Card update and cancel happen in Stripe's customer portal; the server opens a session for it. */
export function PortalButtons() {
  const { t } = useTranslation(NS);
  const portal = useMutation({
    mutationFn: openCustomerPortal,
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => toastError(error),
  });
  return (
    <>
      <Text>{t('portal.body')}</Text>
      <Group wrap="wrap">
        <Button variant="light" onClick={() => portal.mutate()} loading={portal.isPending}>
          {t('portal.updateCard')}
        </Button>
        <Button variant="default" color="red" onClick={() => portal.mutate()} loading={portal.isPending}>
          {t('portal.cancel')}
        </Button>
      </Group>
    </>
  );
}
