import type { SsoSettings } from '@convo/api';
import {
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../app/toasts';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { fetchSso, removeSso, saveSso, ssoKey } from './sso-api';
import { ssoErrorText } from './sso-sign-in';

function SsoForm({ settings }: { settings: SsoSettings }) {
  const { t } = useTranslation('security');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      issuer: settings.issuer,
      clientId: settings.clientId,
      clientSecret: '',
      allowedDomains: settings.allowedDomains,
      enabled: settings.configured ? settings.enabled : true,
    },
    validate: {
      issuer: (v) => (v.trim() === '' ? tc('validation.required') : null),
      clientId: (v) => (v.trim() === '' ? tc('validation.required') : null),
      clientSecret: (v) => (!settings.hasSecret && v.trim() === '' ? tc('validation.required') : null),
      allowedDomains: (v) => (v.length === 0 ? tc('validation.required') : null),
    },
  });
  const save = useMutation({
    mutationFn: (v: typeof form.values) =>
      saveSso({
        issuer: v.issuer.trim(),
        clientId: v.clientId.trim(),
        ...(v.clientSecret.trim() === '' ? {} : { clientSecret: v.clientSecret.trim() }),
        allowedDomains: v.allowedDomains,
        enabled: v.enabled,
      }),
    onSuccess: (s) => {
      queryClient.setQueryData(ssoKey, s);
      form.setFieldValue('clientSecret', '');
      toast.success(t('sso.saved'));
    },
    onError: (error) => {
      const text = ssoErrorText(error);
      if (text === null) toastError(error);
      else toast.error(text);
    },
  });
  const remove = useMutation({
    mutationFn: removeSso,
    onSuccess: () => {
      toast.success(t('sso.removed'));
      void queryClient.invalidateQueries({ queryKey: ssoKey });
    },
    onError: (e) => toastError(e),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))}>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <TextInput
            label={t('sso.issuer')}
            description={t('sso.issuerHint')}
            type="url"
            required
            {...form.getInputProps('issuer')}
          />
          <TextInput label={t('sso.clientId')} required {...form.getInputProps('clientId')} />
          <PasswordInput
            label={t('sso.clientSecret')}
            description={settings.hasSecret ? t('sso.secretKept') : undefined}
            required={!settings.hasSecret}
            autoComplete="off"
            {...form.getInputProps('clientSecret')}
          />
          <TagsInput
            label={t('sso.domains')}
            description={t('sso.domainsHint')}
            required
            splitChars={[',', ' ']}
            {...form.getInputProps('allowedDomains')}
          />
          <Switch label={t('sso.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('sso.redirectUri')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all' }} data-testid="sso-redirect-uri">
                {settings.redirectUri}
              </Code>
              <CopyButton value={settings.redirectUri}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="subtle" onClick={copy} aria-label={t('sso.redirectUri')}>
                    {copied ? '✓' : '⧉'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
          <Group justify="space-between">
            {settings.configured ? (
              <Button
                variant="subtle"
                color="red"
                onClick={() =>
                  modals.openConfirmModal({
                    title: t('sso.remove'),
                    children: <Text size="sm">{t('sso.confirmRemove')}</Text>,
                    labels: { confirm: t('sso.remove'), cancel: t('sso.cancel') },
                    confirmProps: { color: 'red' },
                    onConfirm: () => remove.mutate(),
                  })
                }
              >
                {t('sso.remove')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={save.isPending}>
              {t('sso.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}

/** /settings/sso: the company's OpenID Connect provider and the e-mail domains it serves. */
export function SsoPage() {
  const { t, ready } = useTranslation('security');
  const sso = useQuery({ queryKey: ssoKey, queryFn: fetchSso });
  if (!ready || sso.isPending) return <PageLoader />;
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('sso.title')} description={t('sso.description')} />
      {sso.data ? (
        <SsoForm key={`${sso.data.configured}-${sso.data.issuer}`} settings={sso.data} />
      ) : (
        <Group role="alert">
          <Text>{t('loadFailed')}</Text>
          <Button variant="light" onClick={() => void sso.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
