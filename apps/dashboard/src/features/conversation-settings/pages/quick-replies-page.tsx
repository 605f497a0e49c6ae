// Settings → Quick replies: shared replies (admins write them) and one's own, typed after '/'.

import { QUICK_REPLY_CONTENT_MAX, QUICK_REPLY_SHORTCUT_MAX, type QuickReply } from '@convo/api';
import { isAdminRole } from '@convo/domain';
import { Badge, Button, Checkbox, Group, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { toast, toastError } from '../../../app/toasts';
import { FormModal } from '../../../components/form-modal';
import { PageHeader } from '../../../components/page-header';
import { SectionLoader } from '../../../components/page-loader';
import {
  deleteQuickReply,
  QUICK_REPLIES_KEY,
  saveQuickReply,
  useQuickReplies,
} from '../api/conversation-settings-api';

interface Draft {
  id: string | null;
  shortcut: string;
  content: string;
  shared: boolean;
}

export function QuickRepliesPage() {
  const { t } = useTranslation('conversationSettings');
  const session = useRequiredSession();
  const queryClient = useQueryClient();
  const replies = useQuickReplies();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const admin = isAdminRole(session.roleType);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: QUICK_REPLIES_KEY });

  const save = async () => {
    if (!draft) return;
    setBusy(true);
    try {
      await saveQuickReply(draft.id, {
        shortcut: draft.shortcut.trim(),
        content: draft.content.trim(),
        shared: draft.shared,
      });
      toast.success(t('saved'));
      setDraft(null);
      refresh();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (reply: QuickReply) => {
    try {
      await deleteQuickReply(reply.id);
      toast.success(t('quickReplies.deleted'));
      refresh();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Stack gap="md" data-testid="quick-replies-page">
      <PageHeader
        title={t('quickReplies.title')}
        description={t('quickReplies.help')}
        actions={
          <Button onClick={() => setDraft({ id: null, shortcut: '', content: '', shared: false })}>
            {t('quickReplies.add')}
          </Button>
        }
      />
      {replies.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : (replies.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('quickReplies.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('quickReplies.shortcut')}</Table.Th>
                <Table.Th>{t('quickReplies.content')}</Table.Th>
                <Table.Th>{t('quickReplies.scope')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(replies.data ?? []).map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td fw={600}>/{r.shortcut}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {r.content}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={r.shared ? 'teal' : 'gray'}>
                      {r.shared ? t('quickReplies.shared') : t('quickReplies.personal')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {r.editable && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() =>
                            setDraft({ id: r.id, shortcut: r.shortcut, content: r.content, shared: r.shared })
                          }
                        >
                          {t('edit')}
                        </Button>
                        <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(r)}>
                          {t('delete')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FormModal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.id ? t('quickReplies.edit') : t('quickReplies.add')}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        submitLabel={t('save')}
        busy={busy}
        submitDisabled={!draft || draft.shortcut.trim() === '' || draft.content.trim() === ''}
      >
        {draft && (
          <>
            <TextInput
              label={t('quickReplies.shortcut')}
              description={t('quickReplies.shortcutHelp')}
              leftSection="/"
              value={draft.shortcut}
              maxLength={QUICK_REPLY_SHORTCUT_MAX}
              onChange={(e) => setDraft({ ...draft, shortcut: e.currentTarget.value.replace(/[\s/]/g, '') })}
              required
              data-autofocus
            />
            <Textarea
              label={t('quickReplies.content')}
              value={draft.content}
              maxLength={QUICK_REPLY_CONTENT_MAX}
              onChange={(e) => setDraft({ ...draft, content: e.currentTarget.value })}
              autosize
              minRows={3}
              required
            />
            {admin && (
              <Checkbox
                label={t('quickReplies.shareWithTeam')}
                checked={draft.shared}
                onChange={(e) => setDraft({ ...draft, shared: e.currentTarget.checked })}
              />
            )}
          </>
        )}
      </FormModal>
    </Stack>
  );
}
