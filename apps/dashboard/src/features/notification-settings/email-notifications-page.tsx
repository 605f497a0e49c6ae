import type { EmailNotifications } from '@convo/api';
import { Button, Group, Paper, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../app/toasts';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import { emailKey, fetchEmailNotifications, saveEmailNotifications } from './notification-settings-api';

const NS = 'notifications';
// Only the mails the server really sends are offered. The contract also carries
// newMessageWhileOffline and dailySummary (stored, with strings ready), for when their senders exist.
const CHOICES = ['assignedToMe'] as const;

function EmailForm({ initial }: { initial: EmailNotifications }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const form = useForm<EmailNotifications>({ initialValues: initial });
  const save = useMutation({
    mutationFn: saveEmailNotifications,
    onSuccess: (saved) => {
      queryClient.setQueryData(emailKey, saved);
      form.resetDirty(saved);
      toast.success(t('email.saved'));
    },
    onError: (error) => toastError(error),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))}>
        <Stack>
          {CHOICES.map((choice) => (
            <Switch
              key={choice}
              label={t(`email.${choice}.label`)}
              description={t(`email.${choice}.help`)}
              {...form.getInputProps(choice, { type: 'checkbox' })}
            />
          ))}
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

/** /settings/email-notifications: which mails the signed-in member receives. */
export function EmailNotificationsPage() {
  const { t, ready } = useTranslation(NS);
  const settings = useQuery({ queryKey: emailKey, queryFn: fetchEmailNotifications });
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('email.title')} description={t('email.description')} />
      {settings.data ? (
        <EmailForm initial={settings.data} />
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
