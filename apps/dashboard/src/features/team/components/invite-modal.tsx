import type { Session } from '@convo/api';
import { validateEmail } from '@convo/domain';
import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { translateMessage } from '../../../app/translate-message';
import { FormModal } from '../../../components/form-modal';
import { sendInvitation, teamKeys } from '../api/team-api';
import { teamErrorText, toastTeamError } from '../lib/team-errors';
import { HUMAN_ROLES, NS, useRoleNames } from './shared';

/** Invite by e-mail with a role; only a super admin may invite a super admin. */
export function InviteModal({
  opened,
  onClose,
  session,
}: {
  opened: boolean;
  onClose: () => void;
  session: Session;
}) {
  const { t } = useTranslation(NS);
  const roleName = useRoleNames();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { email: '', roleType: '2' as (typeof HUMAN_ROLES)[number] },
    validate: {
      email: (v) => {
        const r = validateEmail(v.trim());
        return r.ok ? null : translateMessage(r.message);
      },
    },
  });
  const send = useMutation({
    mutationFn: sendInvitation,
    onSuccess: (i) => {
      toast.success(t('invite.sent', { email: i.email }));
      void queryClient.invalidateQueries({ queryKey: teamKeys.invitations });
      form.reset();
      onClose();
    },
    onError: (error) => {
      const text = teamErrorText(error);
      if (text !== null) form.setFieldError('email', text);
      toastTeamError(error);
    },
  });
  const roles = HUMAN_ROLES.filter((r) => r !== '0' || session.roleType === '0').map((r) => ({
    value: r,
    label: roleName(r),
  }));
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('invite.title')}
      noValidate
      onSubmit={form.onSubmit((v) =>
        send.mutate({ email: v.email.trim().toLowerCase(), roleType: v.roleType }),
      )}
      submitLabel={t('invite.send')}
      busy={send.isPending}
    >
      <TextInput
        label={t('invite.email')}
        type="email"
        required
        data-autofocus
        {...form.getInputProps('email')}
      />
      <Select
        label={t('invite.role')}
        data={roles}
        allowDeselect={false}
        {...form.getInputProps('roleType')}
      />
    </FormModal>
  );
}
