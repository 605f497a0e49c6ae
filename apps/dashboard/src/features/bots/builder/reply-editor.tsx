// One bot-says reply: text, or a rich message built with a small form per template (quick replies,
// link button, card). Every field is labelled so the editor can be driven by keyboard and by role.

import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CardButton,
  changeReplyKind,
  EDITABLE_REPLY_KINDS,
  type EditableReplyKind,
  type QuickReplyButton,
  type ReplyDraft,
  replyErrors,
} from './rich-replies';

const NS = 'botBuilder';

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} size="lg">
      <span aria-hidden>✕</span>
    </ActionIcon>
  );
}

/** A list of buttons, each a row of its own inputs with a remove button, and "Add button" up to `max`. */
function ButtonRows<B>({
  buttons,
  onChange,
  max,
  blank,
  fields,
}: {
  buttons: B[];
  onChange: (buttons: B[]) => void;
  max: number;
  blank: B;
  /** The inputs of button `i`; `set` changes some of its fields. */
  fields: (button: B, i: number, set: (patch: Partial<B>) => void) => ReactNode;
}) {
  const { t } = useTranslation(NS);
  const set = (i: number, patch: Partial<B>) =>
    onChange(buttons.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <Stack gap="xs">
      {buttons.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no identity but their place
        <Group key={i} gap="xs" align="flex-end" wrap="wrap">
          {fields(b, i, (patch) => set(i, patch))}
          <RemoveButton
            label={t('reply.removeButton', { n: i + 1 })}
            onClick={() => onChange(buttons.filter((_, j) => j !== i))}
          />
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          onClick={() => onChange([...buttons, blank])}
          disabled={buttons.length >= max}
        >
          {t('reply.addButton')}
        </Button>
      </Group>
    </Stack>
  );
}

function QuickRepliesForm({
  buttons,
  onChange,
}: {
  buttons: QuickReplyButton[];
  onChange: (buttons: QuickReplyButton[]) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <ButtonRows
      buttons={buttons}
      onChange={onChange}
      max={10}
      blank={{ title: '', message: '' }}
      fields={(b, i, set) => (
        <>
          <TextInput
            style={{ flex: '1 1 160px' }}
            label={t('reply.buttonLabel', { n: i + 1 })}
            value={b.title}
            maxLength={200}
            onChange={(e) => set({ title: e.currentTarget.value })}
          />
          <TextInput
            style={{ flex: '1 1 160px' }}
            label={t('reply.buttonMessage')}
            placeholder={t('reply.buttonMessagePlaceholder')}
            value={b.message}
            maxLength={500}
            onChange={(e) => set({ message: e.currentTarget.value })}
          />
        </>
      )}
    />
  );
}

function CardButtonsForm({
  buttons,
  onChange,
}: {
  buttons: CardButton[];
  onChange: (buttons: CardButton[]) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <ButtonRows
      buttons={buttons}
      onChange={onChange}
      max={5}
      blank={{ label: '', url: '', reply: '' }}
      fields={(b, i, set) => (
        <>
          <TextInput
            style={{ flex: '1 1 140px' }}
            label={t('reply.buttonLabel', { n: i + 1 })}
            value={b.label}
            maxLength={200}
            onChange={(e) => set({ label: e.currentTarget.value })}
          />
          <TextInput
            style={{ flex: '1 1 180px' }}
            label={t('reply.buttonUrl')}
            placeholder="https://"
            type="url"
            value={b.url}
            maxLength={2048}
            onChange={(e) => set({ url: e.currentTarget.value })}
          />
          <TextInput
            style={{ flex: '1 1 140px' }}
            label={t('reply.buttonMessage')}
            placeholder={t('reply.buttonMessagePlaceholder')}
            value={b.reply}
            maxLength={500}
            disabled={b.url.trim() !== ''}
            onChange={(e) => set({ reply: e.currentTarget.value })}
          />
        </>
      )}
    />
  );
}

function RichFields({ reply, onChange }: { reply: ReplyDraft; onChange: (reply: ReplyDraft) => void }) {
  const { t } = useTranslation(NS);
  switch (reply.kind) {
    case 'text':
      return null;
    case 'quickReplies':
      return (
        <QuickRepliesForm buttons={reply.buttons} onChange={(buttons) => onChange({ ...reply, buttons })} />
      );
    case 'link':
      return (
        <Stack gap="xs">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              style={{ flex: '1 1 160px' }}
              label={t('reply.linkLabel')}
              value={reply.label}
              maxLength={200}
              onChange={(e) => onChange({ ...reply, label: e.currentTarget.value })}
            />
            <TextInput
              style={{ flex: '2 1 220px' }}
              label={t('reply.linkUrl')}
              placeholder="https://"
              type="url"
              value={reply.url}
              maxLength={2048}
              onChange={(e) => onChange({ ...reply, url: e.currentTarget.value })}
            />
          </Group>
          <Checkbox
            label={t('reply.newTab')}
            checked={reply.newTab}
            onChange={(e) => onChange({ ...reply, newTab: e.currentTarget.checked })}
          />
        </Stack>
      );
    case 'card': {
      const card = reply.card;
      const set = (patch: Partial<typeof card>) => onChange({ ...reply, card: { ...card, ...patch } });
      return (
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap" align="flex-end">
            <TextInput
              style={{ flex: '1 1 180px' }}
              label={t('reply.cardTitle')}
              value={card.title}
              maxLength={200}
              onChange={(e) => set({ title: e.currentTarget.value })}
            />
            <TextInput
              style={{ flex: '1 1 180px' }}
              label={t('reply.cardSubtitle')}
              value={card.subtitle}
              maxLength={200}
              onChange={(e) => set({ subtitle: e.currentTarget.value })}
            />
          </Group>
          <Textarea
            label={t('reply.cardDescription')}
            value={card.description}
            maxLength={1000}
            autosize
            minRows={2}
            onChange={(e) => set({ description: e.currentTarget.value })}
          />
          <TextInput
            label={t('reply.cardImage')}
            placeholder="https://"
            type="url"
            value={card.imageUrl}
            maxLength={2048}
            onChange={(e) => set({ imageUrl: e.currentTarget.value })}
          />
          <Text size="sm" fw={500}>
            {t('reply.cardButtons')}
          </Text>
          <CardButtonsForm buttons={card.buttons} onChange={(buttons) => set({ buttons })} />
        </Stack>
      );
    }
    case 'raw':
      return (
        <Text size="sm" c="dimmed">
          {t('reply.rawTemplate', { id: reply.metadata.templateId ?? '?' })}
        </Text>
      );
  }
}

export function ReplyEditor({
  reply,
  index,
  onChange,
  onRemove,
  canRemove,
  showErrors,
}: {
  reply: ReplyDraft;
  index: number;
  onChange: (reply: ReplyDraft) => void;
  onRemove: () => void;
  canRemove: boolean;
  showErrors: boolean;
}) {
  const { t } = useTranslation(NS);
  const errors = showErrors ? replyErrors(reply) : [];
  const kindOptions = EDITABLE_REPLY_KINDS.map((k) => ({ value: k, label: t(`reply.kinds.${k}`) }));
  return (
    <Paper withBorder p="sm" radius="md" data-testid="bot-says-reply">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          {reply.kind === 'raw' ? (
            <Text size="sm" fw={500}>
              {t('reply.kinds.raw')}
            </Text>
          ) : (
            <Select
              label={t('reply.type', { n: index + 1 })}
              data={kindOptions}
              value={reply.kind}
              allowDeselect={false}
              w={200}
              onChange={(value) =>
                value !== null && onChange(changeReplyKind(reply, value as EditableReplyKind))
              }
            />
          )}
          {canRemove && <RemoveButton label={t('reply.remove', { n: index + 1 })} onClick={onRemove} />}
        </Group>
        <Textarea
          label={
            reply.kind === 'text' ? t('reply.text', { n: index + 1 }) : t('reply.richText', { n: index + 1 })
          }
          value={reply.text}
          maxLength={5000}
          autosize
          minRows={2}
          maxRows={8}
          onChange={(e) => onChange({ ...reply, text: e.currentTarget.value })}
        />
        <RichFields reply={reply} onChange={onChange} />
        {errors.length > 0 && (
          <Stack gap={2} role="alert">
            {errors.map((e) => (
              <Text key={e} size="sm" c="red">
                {t(`replyErrors.${e}`)}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
