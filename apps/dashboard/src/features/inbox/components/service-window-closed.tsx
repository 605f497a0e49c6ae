// The reply box of a conversation whose 24-hour customer-service window is closed (WhatsApp,
// Messenger, Instagram): free text would be refused, so the agent reads why and, on WhatsApp,
// picks an approved template and fills in its parameters instead: the body's, the header's (its
// text value or a media link) and the buttons' (a URL button's link end, a quick reply's payload).

import type { WhatsAppTemplate } from '@convo/api';
import {
  isApprovedTemplateStatus,
  renderTemplateMessage,
  type TemplateButtonValue,
  type TemplateHeaderValue,
  type TemplateValues,
  templateParameterCount,
  templateValuesProblem,
} from '@convo/domain';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../app/toasts';
import { LazySelect } from '../../../components/overlays/lazy-select';
import { sendWhatsAppTemplate, useWhatsAppTemplates, whatsAppTypeOf } from '../api/whatsapp-templates-api';

const keyOf = (t: Pick<WhatsAppTemplate, 'name' | 'language'>) => `${t.name}|${t.language}`;

type HeaderKind = TemplateHeaderValue['type'];
const HEADER_LABEL = {
  text: 'serviceWindow.headerText',
  image: 'serviceWindow.headerImage',
  document: 'serviceWindow.headerDocument',
  video: 'serviceWindow.headerVideo',
} as const satisfies Record<HeaderKind, string>;

/** The header value a template asks for: text for a text header with {{1}}, a link for media. */
function headerKindOf(template: WhatsAppTemplate): HeaderKind | null {
  const format = template.header?.format.toUpperCase();
  if (format === 'TEXT') return templateParameterCount(template.header?.text ?? '') > 0 ? 'text' : null;
  return format === 'IMAGE' || format === 'DOCUMENT' || format === 'VIDEO'
    ? (format.toLowerCase() as HeaderKind)
    : null;
}

/** The buttons that take a value: URL buttons with {{1}} (required), quick replies without a fixed payload. */
interface ButtonInput {
  index: number;
  type: TemplateButtonValue['type'];
  label: string;
}

/** The buttons that take a value: URL buttons with {{1}} (required), quick replies without a fixed payload. */
function buttonInputsOf(template: WhatsAppTemplate): ButtonInput[] {
  return (template.buttons ?? []).flatMap((b, index): ButtonInput[] => {
    const type = b.type.toUpperCase();
    if (type === 'URL' && templateParameterCount(b.url ?? '') > 0)
      return [{ index, type: 'url', label: b.text }];
    if (type === 'QUICK_REPLY' && b.payload === undefined)
      return [{ index, type: 'quick_reply', label: b.text }];
    return [];
  });
}

interface Form {
  parameters: string[];
  header: { text: string; link: string; filename: string };
  buttons: Record<number, string>;
}
const EMPTY_FORM: Form = { parameters: [], header: { text: '', link: '', filename: '' }, buttons: {} };

/** The form as the send request's values (empty optional fields left out). */
function valuesOf(template: WhatsAppTemplate, form: Form): TemplateValues {
  const kind = headerKindOf(template);
  const h = {
    text: form.header.text.trim(),
    link: form.header.link.trim(),
    filename: form.header.filename.trim(),
  };
  const header: TemplateHeaderValue | undefined =
    kind === 'text'
      ? { type: 'text', text: h.text }
      : kind === 'document'
        ? { type: 'document', link: h.link, ...(h.filename ? { filename: h.filename } : {}) }
        : kind
          ? { type: kind, link: h.link }
          : undefined;
  const buttons = buttonInputsOf(template).flatMap((b): TemplateButtonValue[] => {
    const value = (form.buttons[b.index] ?? '').trim();
    if (value === '') return [];
    return [
      b.type === 'url'
        ? { index: b.index, type: 'url', text: value }
        : { index: b.index, type: 'quick_reply', payload: value },
    ];
  });
  return { parameters: form.parameters.map((p) => p.trim()), ...(header ? { header } : {}), buttons };
}

/** Every required text typed (the contract refuses empty values). */
const filled = (v: TemplateValues) =>
  v.parameters.every((p) => p !== '') && (v.header?.type !== 'text' || v.header.text !== '');

export function ServiceWindowClosed({ groupId, channel }: { groupId: number; channel: string | undefined }) {
  const { t } = useTranslation('inbox');
  const type = whatsAppTypeOf(channel);
  const templates = useWhatsAppTemplates(type);
  const approved = (templates.data ?? []).filter((x) => isApprovedTemplateStatus(x.status));
  const [selected, setSelected] = useState<string | null>(null);
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const [sending, setSending] = useState(false);
  const template = approved.find((x) => keyOf(x) === selected) ?? null;
  const values = template ? valuesOf(template, form) : null;
  // The rule the server applies (packages/domain): Send is enabled once the values fit.
  const complete =
    template !== null &&
    values !== null &&
    filled(values) &&
    templateValuesProblem(template, values) === null;
  const headerKind = template ? headerKindOf(template) : null;
  const badLink =
    headerKind !== null &&
    headerKind !== 'text' &&
    form.header.link.trim() !== '' &&
    !/^https:\/\//i.test(form.header.link.trim());

  const choose = (value: string | null) => {
    setSelected(value);
    const next = approved.find((x) => keyOf(x) === value);
    setForm({ ...EMPTY_FORM, parameters: Array.from({ length: next?.parameterCount ?? 0 }, () => '') });
  };

  const send = async () => {
    if (!template || !values || !complete || sending) return;
    setSending(true);
    try {
      await sendWhatsAppTemplate({
        groupId,
        name: template.name,
        language: template.language,
        parameters: [...values.parameters],
        header: values.header,
        buttons: [...(values.buttons ?? [])],
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
            <LazySelect
              size="xs"
              label={t('serviceWindow.template')}
              placeholder={t('serviceWindow.pickTemplate')}
              data={approved.map((x) => ({ value: keyOf(x), label: `${x.name} (${x.language})` }))}
              value={selected}
              onChange={choose}
              searchable
              data-testid="template-picker"
            />
            {template && headerKind && (
              <TextInput
                size="xs"
                label={t(HEADER_LABEL[headerKind])}
                value={headerKind === 'text' ? form.header.text : form.header.link}
                maxLength={headerKind === 'text' ? 60 : 2000}
                type={headerKind === 'text' ? 'text' : 'url'}
                error={badLink ? t('serviceWindow.linkHttps') : undefined}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setForm((f) => ({
                    ...f,
                    header:
                      headerKind === 'text' ? { ...f.header, text: value } : { ...f.header, link: value },
                  }));
                }}
                data-testid="template-header"
              />
            )}
            {template && headerKind === 'document' && (
              <TextInput
                size="xs"
                label={t('serviceWindow.headerFilename')}
                value={form.header.filename}
                maxLength={240}
                onChange={(e) => {
                  const filename = e.currentTarget.value;
                  setForm((f) => ({ ...f, header: { ...f.header, filename } }));
                }}
                data-testid="template-header-filename"
              />
            )}
            {template &&
              form.parameters.map((value, i) => (
                <TextInput
                  // Parameters are positional: {{1}}, {{2}}…
                  // biome-ignore lint/suspicious/noArrayIndexKey: the position is the parameter's identity.
                  key={i}
                  size="xs"
                  label={t('serviceWindow.parameter', { n: i + 1 })}
                  value={value}
                  maxLength={1024}
                  onChange={(e) => {
                    const next = [...form.parameters];
                    next[i] = e.currentTarget.value;
                    setForm((f) => ({ ...f, parameters: next }));
                  }}
                  data-testid={`template-parameter-${i + 1}`}
                />
              ))}
            {template &&
              buttonInputsOf(template).map((b) => (
                <TextInput
                  key={b.index}
                  size="xs"
                  label={t(b.type === 'url' ? 'serviceWindow.buttonUrl' : 'serviceWindow.buttonPayload', {
                    label: b.label,
                  })}
                  value={form.buttons[b.index] ?? ''}
                  maxLength={b.type === 'url' ? 2000 : 256}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setForm((f) => ({ ...f, buttons: { ...f.buttons, [b.index]: value } }));
                  }}
                  data-testid={`template-button-${b.index + 1}`}
                />
              ))}
            {template && values && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview">
                {renderTemplateMessage(template, values)}
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
