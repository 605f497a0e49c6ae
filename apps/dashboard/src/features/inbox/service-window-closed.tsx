// The reply box of a conversation whose 24-hour customer-service window is closed (WhatsApp,
// Messenger, Instagram): free text would be refused, so the agent reads why and, on WhatsApp,
// picks an approved template and fills in its parameters instead.

import type { WhatsAppTemplate } from '@convo/api';
import { isApprovedTemplateStatus, renderTemplate } from '@convo/domain';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../app/toasts';
import { sendWhatsAppTemplate, useWhatsAppTemplates, whatsAppTypeOf } from './whatsapp-templates-api';

const keyOf = (t: Pick<WhatsAppTemplate, 'name' | 'language'>) => `${t.name}|${t.language}`;

export function ServiceWindowClosed({ groupId, channel }: { groupId: number; channel: string | undefined }) {
  const { t } = useTranslation('inbox');
  const type = whatsAppTypeOf(channel);
  const templates = useWhatsAppTemplates(type);
  const approved = (templates.data ?? []).filter((x) => isApprovedTemplateStatus(x.status));
  const [selected, setSelected] = useState<string | null>(null);
  const [parameters, setParameters] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const template = approved.find((x) => keyOf(x) === selected) ?? null;
  const complete =
    template !== null && parameters.slice(0, template.parameterCount).every((p) => p.trim() !== '');

  const choose = (value: string | null) => {
    setSelected(value);
    const next = approved.find((x) => keyOf(x) === value);
    setParameters(Array.from({ length: next?.parameterCount ?? 0 }, () => ''));
  };

  const send = async () => {
    if (!template || !complete || sending) return;
    setSending(true);
    try {
      await sendWhatsAppTemplate({
        groupId,
        name: template.name,
        language: template.language,
        parameters: parameters.map((p) => p.trim()),
      });
      toast.success(t('serviceWindow.sent'));
      choose(null);
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper withBorder p="xs" radius="md" data-testid="service-window-closed">
      <Stack gap="xs">
        <Alert color="yellow" variant="light" title={t('serviceWindow.title')}>
          {type ? t('serviceWindow.useTemplate') : t('serviceWindow.waitForCustomer')}
        </Alert>
        {type && templates.isError && (
          <Text size="sm" c="red">
            {t('serviceWindow.loadFailed')}
          </Text>
        )}
        {type && templates.isSuccess && approved.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('serviceWindow.noTemplates')}
          </Text>
        )}
        {type && approved.length > 0 && (
          <>
            <Select
              size="xs"
              label={t('serviceWindow.template')}
              placeholder={t('serviceWindow.pickTemplate')}
              data={approved.map((x) => ({ value: keyOf(x), label: `${x.name} (${x.language})` }))}
              value={selected}
              onChange={choose}
              searchable
              data-testid="template-picker"
            />
            {template &&
              parameters.map((value, i) => (
                <TextInput
                  // Parameters are positional: {{1}}, {{2}}…
                  // biome-ignore lint/suspicious/noArrayIndexKey: the position is the parameter's identity.
                  key={i}
                  size="xs"
                  label={t('serviceWindow.parameter', { n: i + 1 })}
                  value={value}
                  maxLength={1024}
                  onChange={(e) => {
                    const next = [...parameters];
                    next[i] = e.currentTarget.value;
                    setParameters(next);
                  }}
                  data-testid={`template-parameter-${i + 1}`}
                />
              ))}
            {template && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview">
                {renderTemplate(
                  template.body,
                  parameters.map((p) => p.trim()).map((p, i) => p || `{{${i + 1}}}`),
                )}
              </Text>
            )}
            <Group justify="flex-end">
              <Button size="xs" onClick={() => void send()} loading={sending} disabled={!complete}>
                {t('serviceWindow.send')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
