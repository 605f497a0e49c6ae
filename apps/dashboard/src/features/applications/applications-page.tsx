import { APPLICATION_NAME_MAX, type MemberApplication } from '@convo/api';
import { isAdminRole } from '@convo/domain';
import { Badge, Button, Code, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useConfig } from '../../app/config/config-store';
import { useRoleLabel } from '../../app/layout/use-role-label';
import { loginUrlWithReferrer } from '../../app/routing/referrer';
import { useLandingPath } from '../../app/routing/use-landing';
import { useSession } from '../../app/session/session-store';
import { toast, toastError } from '../../app/toasts';
import { LoadFailed } from '../../components/load-failed';
import { Logo } from '../../components/logo';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import { applicationKeys, createApplication, fetchApplications } from './applications-api';
import { NS, useApplicationSwitch } from './use-application-switch';

// /apps (SPEC §2 multi-application selector): the applications the signed-in person belongs to,
// the current one marked; switch to another without signing out; admins create another one.
// Public in the SPEC's list, so without a session it leads to the login page and back here.

export function ApplicationsPage() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session === null) return <Navigate to={loginUrlWithReferrer(pathname, search)} replace />;
  return <ApplicationsContent canCreate={isAdminRole(session.roleType)} />;
}

function ApplicationsContent({ canCreate }: { canCreate: boolean }) {
  const { t, ready } = useTranslation(NS);
  const { variant } = useConfig();
  const landing = useLandingPath();
  const { switchTo, switchingTo, dialog } = useApplicationSwitch();
  if (!ready) return <PageLoader minHeight="100vh" />;
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Logo variant={variant} />
          <Button component={Link} to={landing} variant="default">
            {t('back')}
          </Button>
        </Group>
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed">{t('description')}</Text>
        </Stack>
        <ApplicationList onSwitch={switchTo} switchingTo={switchingTo} />
        {canCreate ? <CreateApplicationForm /> : <Text c="dimmed">{t('create.adminsOnly')}</Text>}
      </Stack>
      {dialog}
    </Container>
  );
}

export function useApplications() {
  return useQuery({ queryKey: applicationKeys.list, queryFn: ({ signal }) => fetchApplications(signal) });
}

function ApplicationList({
  onSwitch,
  switchingTo,
}: {
  onSwitch: (applicationId: string) => void;
  switchingTo: string | null;
}) {
  const { t } = useTranslation(NS);
  const apps = useApplications();
  const failed = apps.isError;
  useEffect(() => {
    if (failed) toastError(apps.error);
  }, [failed, apps.error]);
  if (apps.isPending) return <SectionLoader label={t('loading')} />;
  if (apps.isError) {
    return (
      <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void apps.refetch()} />
    );
  }
  if (apps.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('empty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')}>
      {apps.data.map((app) => (
        <ApplicationItem
          key={app.applicationId}
          app={app}
          busy={switchingTo === app.applicationId}
          disabled={switchingTo !== null}
          onSwitch={() => onSwitch(app.applicationId)}
        />
      ))}
    </Stack>
  );
}

function ApplicationItem({
  app,
  busy,
  disabled,
  onSwitch,
}: {
  app: MemberApplication;
  busy: boolean;
  disabled: boolean;
  onSwitch: () => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const role = useRoleLabel(app.roleType);
  const created = new Date(app.createdAtTime).toLocaleDateString(i18n.language);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="application-item"
      data-current={app.current ? 'true' : undefined}
      aria-current={app.current ? 'true' : undefined}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {app.name}
            </Text>
            {app.current && (
              <Badge variant="light" color="brand">
                {t('current')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('meta', { role, created })} · <Code>{app.applicationId}</Code>
          </Text>
        </Stack>
        {!app.current && (
          <Button
            onClick={onSwitch}
            loading={busy}
            disabled={disabled && !busy}
            aria-label={t('switchTo', { name: app.name })}
          >
            {t('switch')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function CreateApplicationForm() {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (value) =>
        value.trim() === ''
          ? t('create.nameRequired')
          : value.trim().length > APPLICATION_NAME_MAX
            ? t('create.nameTooLong', { max: APPLICATION_NAME_MAX })
            : null,
    },
  });
  const create = useMutation({
    mutationFn: (name: string) => createApplication(name),
    onSuccess: (app) => {
      toast.success(t('create.done', { name: app.name }));
      form.reset();
      void queryClient.invalidateQueries({ queryKey: applicationKeys.list });
    },
    onError: (error) => toastError(error, t('create.failed')),
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <form onSubmit={form.onSubmit((values) => create.mutate(values.name.trim()))} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('create.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('create.description')}
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('create.name')}
              placeholder={t('create.placeholder')}
              maxLength={APPLICATION_NAME_MAX}
              style={{ flex: '1 1 240px' }}
              data-testid="application-name"
              {...form.getInputProps('name')}
            />
            <Button type="submit" loading={create.isPending} mt={{ base: 0, xs: 25 }}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
