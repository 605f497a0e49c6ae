import { validateEmail } from '@convo/domain';
import { Anchor, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { mailtoLink, SUPPORT_EMAIL } from '../../app/support';
import { toast } from '../../app/toasts';
import { translateMessage } from '../../app/translate-message';
import { AuthLayout } from '../../components/auth-layout';

/**
 * /help for visitors: a support-ticket form. No server endpoint exists for tickets yet, so the
 * ticket is composed as an e-mail to support and opened in the visitor's mail client.
 */
export function PublicHelpPage() {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { name: '', email: '', subject: '', description: '' },
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

  const submit = form.onSubmit((values) => {
    const body = `${values.description.trim()}\n\n— ${values.name.trim()} <${values.email.trim()}>`;
    window.location.href = mailtoLink(SUPPORT_EMAIL, values.subject.trim(), body);
    toast.info(t('help.ticket.opened'));
  });

  return (
    <AuthLayout title={t('help.ticket.title')} subtitle={t('help.ticket.subtitle')} width={520}>
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
          <TextInput label={t('help.ticket.subject')} required {...form.getInputProps('subject')} />
          <Textarea
            label={t('help.ticket.description')}
            autosize
            minRows={4}
            required
            {...form.getInputProps('description')}
          />
          <Button type="submit" fullWidth>
            {t('help.ticket.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('help.ticket.haveAccount')}{' '}
        <Anchor component={Link} to={PATHS.login}>
          {t('signup.logIn')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
