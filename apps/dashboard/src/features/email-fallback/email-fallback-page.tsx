import type { EmailFallbackRule, EmailFallbackSettings } from '@convo/api';
import { FALLBACK_TYPE, MAX_FALLBACK_DELAY_MINUTES } from '@convo/domain';
import { Alert, Button, Group, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../app/toasts';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import { emailFallbackKey, fetchEmailFallback, saveEmailFallback } from './email-fallback-api';

// /settings/email-fallback (SPEC §4 fallback types): which of the team's messages a widget
// customer with an e-mail address is mailed, and how long after the message each type looks.

const NS = 'notifications';
/** SPEC §4 code → the key of its strings. */
const KEY_OF = {
  [FALLBACK_TYPE.MESSAGE_FORWARDING]: 'forwarding',
  [FALLBACK_TYPE.UNDELIVERED]: 'undelivered',
  [FALLBACK_TYPE.UNREAD]: 'unread',
  [FALLBACK_TYPE.UNANSWERED]: 'unanswered',
} as const satisfies Record<EmailFallbackRule['fallbackType'], string>;

function FallbackForm({ initial }: { initial: EmailFallbackSettings }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const form = useForm<EmailFallbackSettings>({
    initialValues: initial,
    validate: {
      rules: {
        delayMinutes: (value: number) =>
          Number.isInteger(value) && value >= 0 && value <= MAX_FALLBACK_DELAY_MINUTES
            ? null
            : t('fallback.delayInvalid', { max: MAX_FALLBACK_DELAY_MINUTES }),
      },
    },
  });
  const save = useMutation({
    mutationFn: saveEmailFallback,
    onSuccess: (saved) => {
      queryClient.setQueryData(emailFallbackKey, saved);
      form.setValues(saved);
      form.resetDirty(saved);
      toast.success(t('fallback.saved'));
    },
    onError: (error) => toastError(error),
  });
  const noneOn = form.values.rules.every((r) => !r.enabled);
  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))}>
        <Stack>
          {noneOn && (
            <Alert color="gray" data-testid="fallback-empty">
              {t('fallback.empty')}
            </Alert>
          )}
          {form.values.rules.map((rule, i) => {
            const key = KEY_OF[rule.fallbackType];
            const forwarding = rule.fallbackType === FALLBACK_TYPE.MESSAGE_FORWARDING;
            return (
              <Group key={rule.fallbackType} align="flex-start" justify="space-between" wrap="wrap" gap="sm">
                <Switch
                  style={{ flex: '1 1 16rem' }}
                  label={t(`fallback.types.${key}.label`)}
                  description={t(`fallback.types.${key}.help`)}
                  {...form.getInputProps(`rules.${i}.enabled`, { type: 'checkbox' })}
                />
                {!forwarding && (
                  <NumberInput
                    w={{ base: '100%', xs: 180 }}
                    label={t('fallback.delay')}
                    suffix={` ${t('fallback.minutes')}`}
                    min={0}
                    max={MAX_FALLBACK_DELAY_MINUTES}
                    allowDecimal={false}
                    allowNegative={false}
                    disabled={!rule.enabled}
                    {...form.getInputProps(`rules.${i}.delayMinutes`)}
                  />
                )}
              </Group>
            );
          })}
          <Text size="xs" c="dimmed">
            {t('fallback.note')}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /settings/email-fallback: the application's fallback mails to customers. */
export function EmailFallbackPage() {
  const { t, ready } = useTranslation(NS);
  const settings = useQuery({ queryKey: emailFallbackKey, queryFn: fetchEmailFallback });
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('fallback.title')} description={t('fallback.description')} />
      {settings.data ? (
        <FallbackForm initial={settings.data} />
      ) : settings.isError ? (
        <LoadFailed
          message={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SectionLoader label={t('loading')} />
      )}
    </Stack>
  );
}
