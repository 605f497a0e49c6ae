import { companyResponseSchema, TEAM_ADMIN_PATHS as P } from '@convo/api';
import { isAdminRole } from '@convo/domain';
import { Button, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../app/api/api-client';
import { saveSession } from '../../app/session/session-store';
import { useRequiredSession } from '../../app/session/use-required-session';
import { toast } from '../../app/toasts';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { fetchMe } from '../auth/api/auth-api';
import { formatDate, NS, PanelState } from '../team/components/shared';
import { toastTeamError } from '../team/lib/team-errors';

const companyKey = ['settings', 'company'] as const;
type Company = Awaited<ReturnType<typeof fetchCompany>>;

async function fetchCompany() {
  return (await apiRequest(P.company, { schema: companyResponseSchema })).data;
}

async function saveCompany(body: { companyName: string; industry: string | null }) {
  return (await apiRequest(P.company, { method: 'PATCH', body, schema: companyResponseSchema })).data;
}

async function saveSupportWidget(disableSupportWidget: boolean) {
  return (
    await apiRequest(P.companySupportWidget, {
      method: 'PUT',
      body: { disableSupportWidget },
      schema: companyResponseSchema,
    })
  ).data;
}

/** SPEC §6 companySetting.disableSupportWidget, shown the positive way round. */
function SupportWidgetSwitch({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveSupportWidget,
    onSuccess: async (c) => {
      queryClient.setQueryData(companyKey, c);
      toast.success(t('common.saved'));
      // The support chat follows at once: the stored session carries the company setting.
      saveSession(await fetchMe());
    },
    onError: toastTeamError,
  });
  const shown = save.isPending ? !save.variables : !company.disableSupportWidget;
  return (
    <Paper withBorder p="md" radius="md">
      <Switch
        label={t('company.supportWidget')}
        description={t('company.supportWidgetHint')}
        checked={shown}
        disabled={!canEdit || save.isPending}
        onChange={(e) => save.mutate(!e.currentTarget.checked)}
      />
    </Paper>
  );
}

function CompanyForm({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const { t, i18n } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { companyName: company.companyName, industry: company.industry ?? '' },
    validate: { companyName: (v) => (v.trim() === '' ? tc('validation.required') : null) },
  });
  const save = useMutation({
    mutationFn: (v: typeof form.values) =>
      saveCompany({
        companyName: v.companyName.trim(),
        industry: v.industry.trim() === '' ? null : v.industry.trim(),
      }),
    onSuccess: (c) => {
      queryClient.setQueryData(companyKey, c);
      form.resetDirty({ companyName: c.companyName, industry: c.industry ?? '' });
      toast.success(t('common.saved'));
    },
    onError: toastTeamError,
  });
  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))}>
        <Stack>
          {!canEdit && (
            <Text size="sm" c="dimmed">
              {t('common.readOnly')}
            </Text>
          )}
          <TextInput
            label={t('company.name')}
            required
            maxLength={120}
            readOnly={!canEdit}
            {...form.getInputProps('companyName')}
          />
          <TextInput
            label={t('company.industry')}
            maxLength={80}
            readOnly={!canEdit}
            {...form.getInputProps('industry')}
          />
          <TextInput label={t('company.applicationId')} value={company.applicationId} readOnly />
          <TextInput
            label={t('company.product')}
            value={company.product === 'agent' ? t('company.productAgent') : t('company.productClassic')}
            readOnly
          />
          <TextInput
            label={t('company.createdAt')}
            value={formatDate(company.createdAtTime, i18n.language) ?? ''}
            readOnly
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** /settings/company: the company's name and industry, and our support chat (admins edit, others read). */
export function CompanyPage() {
  const { t, ready } = useTranslation(NS);
  const session = useRequiredSession();
  const company = useQuery({ queryKey: companyKey, queryFn: fetchCompany });
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('company.title')} description={t('company.description')} />
      {company.data ? (
        <>
          <CompanyForm company={company.data} canEdit={isAdminRole(session.roleType)} />
          <SupportWidgetSwitch company={company.data} canEdit={isAdminRole(session.roleType)} />
        </>
      ) : (
        <PanelState
          loading={company.isPending}
          error={company.isError}
          empty={false}
          emptyText=""
          onRetry={() => void company.refetch()}
        />
      )}
    </Stack>
  );
}
