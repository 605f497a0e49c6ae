import type { BillingOverview } from '@convo/api';
import { Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../app/toasts';
import { openCustomerPortal, startCheckout } from '../api/billing-api';
import { planName } from '../lib/billing-format';
import { ChangePreview } from './change-preview';

const NS = 'billing';

/**
 * Buy a plan online (Stripe Checkout): plan and period from what this server sells, and seats. A
 * subscriber sees the same price preview, and confirms the change in Stripe's customer portal.
 */
export function CheckoutForm({ overview, subscribed }: { overview: BillingOverview; subscribed: boolean }) {
  const { t } = useTranslation(NS);
  const options = overview.offers.map((o) => ({
    value: `${o.plan}:${o.period}`,
    label: `${planName(o.plan)} · ${t(`plan.period.${o.period}`)}`,
  }));
  const [choice, setChoice] = useState<string | null>(options[0]?.value ?? null);
  const [seats, setSeats] = useState<number>(Math.max(1, overview.seats.used));
  const [plan = '', chosenPeriod] = (choice ?? '').split(':');
  const period = chosenPeriod === 'year' ? ('year' as const) : ('month' as const);
  const checkout = useMutation({
    mutationFn: () => (subscribed ? openCustomerPortal() : startCheckout({ plan, period, seats })),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => toastError(error),
  });
  return (
    <Stack gap="xs">
      <Text>{t('checkout.body')}</Text>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('checkout.plan')}
          data={options}
          value={choice}
          onChange={setChoice}
          allowDeselect={false}
          w={260}
        />
        <NumberInput
          label={t('checkout.seats')}
          min={1}
          max={10_000}
          value={seats}
          onChange={(v) => setSeats(typeof v === 'number' ? v : 1)}
          w={140}
        />
        <Button onClick={() => checkout.mutate()} loading={checkout.isPending} disabled={choice === null}>
          {subscribed ? t('checkout.changeInPortal') : t('checkout.buy')}
        </Button>
      </Group>
      {choice !== null ? <ChangePreview query={{ plan, period, seats }} /> : null}
      {seats < overview.seats.used ? (
        <Text size="sm" c="red">
          {t('checkout.tooFewSeats', { used: overview.seats.used, remove: overview.seats.used - seats })}
        </Text>
      ) : null}
    </Stack>
  );
}
