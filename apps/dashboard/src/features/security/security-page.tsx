import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { toast, toastError } from '../../app/toasts';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { RecoveryCodes } from './recovery-codes';
import {
  disableTwoFactor,
  fetchTwoFactorStatus,
  regenerateRecoveryCodes,
  twoFactorKey,
} from './two-factor-api';
import { twoFactorErrorText } from './two-factor-errors';

export const TWO_FACTOR_SETUP_PATH = PATHS.twoFactorSetup;

type Action = 'disable' | 'regenerate' | null;

function CodeModal({
  action,
  onClose,
  onCodes,
}: {
  action: Action;
  onClose: () => void;
  onCodes: (c: string[]) => void;
}) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { code: '' } });
  const run = useMutation({
    mutationFn: async (code: string) => {
      if (action === 'disable') {
        await disableTwoFactor(code);
        return null;
      }
      return (await regenerateRecoveryCodes(code)).recoveryCodes;
    },
    onSuccess: (codes) => {
      void queryClient.invalidateQueries({ queryKey: twoFactorKey });
      if (codes === null) toast.success(t('twoFactor.turnedOff'));
      else onCodes(codes);
      form.reset();
      onClose();
    },
    onError: (error) => {
      const text = twoFactorErrorText(error);
      if (text === null) toastError(error);
      else form.setFieldError('code', text);
    },
  });
  return (
    <Modal opened={action !== null} onClose={onClose} title={t('twoFactor.confirmTitle')}>
      <form noValidate onSubmit={form.onSubmit((v) => run.mutate(v.code.trim()))}>
        <Stack>
          <TextInput
            label={t('twoFactor.codeLabel')}
            autoComplete="one-time-code"
            required
            data-autofocus
            {...form.getInputProps('code')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('twoFactor.cancel')}
            </Button>
            <Button type="submit" loading={run.isPending} color={action === 'disable' ? 'red' : undefined}>
              {t('twoFactor.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /settings/security: two-factor sign-in on or off, recovery codes. */
export function SecurityPage() {
  const { t, ready } = useTranslation('security');
  const status = useQuery({ queryKey: twoFactorKey, queryFn: fetchTwoFactorStatus, staleTime: 0 });
  const [action, setAction] = useState<Action>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!ready || status.isPending) return <PageLoader />;
  const enabled = status.data?.enabled === true;
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('title')} description={t('description')} />
      {codes !== null && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      <Paper withBorder p="md" radius="md">
        {status.isError ? (
          <Group justify="space-between">
            <Text role="alert">{t('loadFailed')}</Text>
            <Button variant="light" onClick={() => void status.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        ) : (
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>{t('twoFactor.title')}</Text>
              <Badge color={enabled ? 'green' : 'gray'} variant="light" data-testid="two-factor-status">
                {enabled ? t('status.on') : t('status.off')}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {enabled ? t('twoFactor.bodyOn') : t('twoFactor.bodyOff')}
            </Text>
            {enabled && (
              <Text size="sm">
                {t('twoFactor.recoveryLeft', { count: status.data?.recoveryCodesLeft ?? 0 })}
              </Text>
            )}
            <Group>
              {enabled ? (
                <>
                  <Button variant="light" onClick={() => setAction('regenerate')}>
                    {t('twoFactor.regenerate')}
                  </Button>
                  <Button variant="light" color="red" onClick={() => setAction('disable')}>
                    {t('twoFactor.turnOff')}
                  </Button>
                </>
              ) : (
                <Button component={Link} to={TWO_FACTOR_SETUP_PATH}>
                  {t('twoFactor.turnOn')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Paper>
      <CodeModal action={action} onClose={() => setAction(null)} onCodes={setCodes} />
    </Stack>
  );
}
