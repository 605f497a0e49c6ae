import { ERROR_REPORT_LIMITS } from '@convo/api/constants';
import { RELEASE_VERSION } from '@convo/domain';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-store';
import { mailtoLink, SUPPORT_EMAIL } from '../support';
import { toast, toastError } from '../toasts';
import { sendErrorFeedback } from './error-reporting';

interface ReportErrorDialogProps {
  opened: boolean;
  onClose: () => void;
  error: unknown;
  /** The reported event the feedback joins; null when it was not reported (then it goes by e-mail). */
  eventId: string | null;
}

/**
 * Feedback for a crash: stored with the reported event; when the crash was not reported (no
 * session, outside the sample), composed as an e-mail to support with the error and the release.
 */
export function ReportErrorDialog({ opened, onClose, error, eventId }: ReportErrorDialogProps) {
  const { t } = useTranslation();
  const session = useSession();
  const [email, setEmail] = useState(session?.email ?? '');
  const [comments, setComments] = useState('');

  const [sending, setSending] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (eventId !== null) {
      if (comments.trim() === '') return;
      setSending(true);
      sendErrorFeedback(eventId, comments, email)
        .then(() => {
          toast.success(t('errorScreen.report.sent'));
          onClose();
        })
        .catch((failure: unknown) => toastError(failure))
        .finally(() => setSending(false));
      return;
    }
    const values = { email, comments };
    const details = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const body = [
      values.comments,
      '',
      `${t('errorScreen.report.from')}: ${values.email}`,
      `${t('errorScreen.report.page')}: ${window.location.pathname}`,
      `${t('errorScreen.report.release')}: ${RELEASE_VERSION}`,
      `${t('errorScreen.report.error')}: ${details}`,
    ].join('\n');
    window.location.href = mailtoLink(SUPPORT_EMAIL, t('errorScreen.report.subject'), body);
    onClose();
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      title={t('errorScreen.report.title')}
      size="md"
    >
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={t('errorScreen.report.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Textarea
            label={t('errorScreen.report.comments')}
            autosize
            minRows={3}
            data-autofocus
            required={eventId !== null}
            maxLength={ERROR_REPORT_LIMITS.comments}
            value={comments}
            onChange={(event) => setComments(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={sending}>
              {t('errorScreen.report.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
