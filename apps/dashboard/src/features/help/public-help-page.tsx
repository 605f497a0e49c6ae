import { validateEmail } from '@convo/domain';
import { Alert, Anchor, Button, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { toastError } from '../../app/toasts';
import { translateMessage } from '../../app/translate-message';
import { AuthLayout } from '../../components/auth-layout';
import { fetchPublicTicketTypes, fileTicket, supportTicketKeys } from './support-tickets-api';

/**
 * /help for visitors: a support-ticket form (SPEC §2). The ticket is stored for the install's
 * support team, who answer by mail; the visitor gets its reference on screen and by mail.
 */
export function PublicHelpPage() {
  const { t } = useTranslation();
  const types = useQuery({
    queryKey: supportTicketKeys.publicTypes,
    queryFn: ({ signal }) => fetchPublicTicketTypes(signal),
  });
  const form = useForm({
    initialValues: { name: '', email: '', subject: '', description: '', typeId: '' },
    validate: {
      name: (value) => (value.trim() === '' ? t('validation.required') : null),
      email: (value) => {
        const result = validateEmail(value.trim());
        return result.ok ? null : translateMessage(result.message);
      },
      subject: (value) => (value.trim() === '' ? t('validation.required') : null),
      description: (value) => (value.trim() === '' ? t('validation.required') : null),
    },
  });
  const send = useMutation({
    mutationFn: (values: typeof form.values) =>
      fileTicket({
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        description: values.description.trim(),
        ...(values.typeId ? { typeId: values.typeId } : {}),
      }),
    onError: (err) => toastError(err),
  });

  const submit = form.onSubmit((values) => send.mutate(values));
  const typeOptions = (types.data ?? []).map((type) => ({ value: type.id, label: type.name }));

  return (
    <AuthLayout title={t('help.ticket.title')} subtitle={t('help.ticket.subtitle')} width={520}>
      {send.data ? (
        <Alert color="teal" title={t('help.ticket.sentTitle')} role="status">
          {t('help.ticket.sent', { reference: send.data.reference, email: form.values.email.trim() })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('help.ticket.name')}
              autoComplete="name"
              required
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t('help.ticket.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            {typeOptions.length > 0 && (
              <Select
                label={t('help.ticket.type')}
                placeholder={t('help.ticket.typePlaceholder')}
                data={typeOptions}
                clearable
                {...form.getInputProps('typeId')}
                onChange={(value) => form.setFieldValue('typeId', value ?? '')}
              />
            )}
            <TextInput label={t('help.ticket.subject')} required {...form.getInputProps('subject')} />
            <Textarea
              label={t('help.ticket.description')}
              autosize
              minRows={4}
              required
              {...form.getInputProps('description')}
            />
            <Button type="submit" fullWidth loading={send.isPending}>
              {t('help.ticket.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        {t('help.ticket.haveAccount')}{' '}
        <Anchor component={Link} to={PATHS.login}>
          {t('signup.logIn')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
