import type { BillingOverview } from '@convo/api';
import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../app/toasts';
import { setAddonPacks } from '../api/billing-api';
import { formatPrice } from '../lib/billing-format';

const NS = 'billing';

/**
 * The plan's overage add-on (SPEC §9): packs of extra messages (or tracked users) a period at the
 * plan's overage price, what is bought, what the usage beyond the allowance would need, and (Stripe,
 * subscribed) the number of packs to hold from now on. The price shown is the server's.
 */
export function AddonCard({ overview }: { overview: BillingOverview }) {
  const { t, i18n } = useTranslation(NS);
  const queryClient = useQueryClient();
  const addon = overview.addon;
  const [packs, setPacks] = useState<number>(addon?.packs ?? 0);
  const save = useMutation({
    mutationFn: (value: number) => setAddonPacks({ packs: value }),
    onSuccess: (saved) => {
      toast.success(t('addon.saved', { count: saved }));
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
    onError: (error) => toastError(error),
  });
  if (!addon) return null;
  const units = t(`addon.units.${addon.metric}`, { count: addon.unitsPerPack });
  const price = formatPrice(addon.pricePerPack, overview.currency, i18n.language);
  return (
    <Paper withBorder p="md" radius="md" data-testid="overage-addon">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          {t('addon.title')}
        </Title>
        <Text>{t(`addon.offer.${addon.period}`, { units, price })}</Text>
        <Text fw={700}>
          {t('addon.bought', {
            count: addon.packs,
            extra: t(`addon.units.${addon.metric}`, { count: overview.usage.extra }),
          })}
        </Text>
        {overview.usage.over > 0 ? (
          <Text size="sm" c="red">
            {t('addon.over', {
              over: t(`addon.units.${addon.metric}`, { count: overview.usage.over }),
              count: overview.usage.packsToCover,
            })}
          </Text>
        ) : null}
        {addon.purchasable ? (
          <Group align="flex-end" wrap="wrap">
            <NumberInput
              label={t('addon.packs')}
              min={0}
              max={addon.maxPacks}
              allowDecimal={false}
              value={packs}
              onChange={(v) => setPacks(typeof v === 'number' ? v : 0)}
              w={160}
            />
            <Button
              onClick={() => save.mutate(packs)}
              loading={save.isPending}
              disabled={packs === addon.packs}
            >
              {t('addon.save')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('addon.byHand')}
          </Text>
        )}
        {addon.purchasable ? (
          <Text size="sm" c="dimmed">
            {t('addon.prorated')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
