import { type ChatWidgetSettings, QUICK_LINKS_MAX } from '@convo/api';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormCard, SaveBar, SectionPage, useSectionForm } from '../widget-settings/pages/section-page';

type QuickLinks = ChatWidgetSettings['quickLinks'];
const same = (value: QuickLinks): QuickLinks => value;

/** What the widget shows above a new conversation, drawn from the form as it is now. */
function Preview({ value }: { value: QuickLinks }) {
  const { t } = useTranslation('routes');
  const links = value.links.filter((l) => l.label.trim() !== '');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="quick-links-preview">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="quick-links-preview">
          {t('quickLinks.preview')}
        </Title>
        {!value.enabled || links.length === 0 ? (
          <Text size="sm" c="dimmed">
            {value.enabled ? t('quickLinks.empty') : t('quickLinks.off')}
          </Text>
        ) : (
          <>
            {value.title.trim() !== '' && (
              <Text size="xs" c="dimmed">
                {value.title}
              </Text>
            )}
            <Group gap={6} data-testid="quick-links-preview">
              {links.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the preview follows the list's order
                <Anchor key={i} href={l.url} target="_blank" rel="noopener noreferrer" size="sm">
                  {l.label}
                </Anchor>
              ))}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function QuickLinksForm({ settings }: { settings: ChatWidgetSettings }) {
  const { t } = useTranslation('routes');
  const { form, onSubmit, dirty, saving } = useSectionForm({
    section: 'quickLinks',
    initial: settings.quickLinks,
    toForm: same,
    fromForm: same,
  });
  const links = form.values.links;
  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate>
        <FormCard>
          <Switch label={t('quickLinks.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <TextInput label={t('quickLinks.heading')} maxLength={60} {...form.getInputProps('title')} />
          {links.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('quickLinks.none')}
            </Text>
          )}
          <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {links.map((_, index) => (
              <Group
                // biome-ignore lint/suspicious/noArrayIndexKey: an ordered list edited in place (values are controlled)
                key={index}
                component="li"
                align="flex-end"
                gap="xs"
                wrap="wrap"
                data-testid={`quick-link-${index}`}
              >
                <TextInput
                  style={{ flex: '1 1 160px' }}
                  label={t('quickLinks.label', { number: index + 1 })}
                  maxLength={60}
                  {...form.getInputProps(`links.${index}.label`)}
                />
                <TextInput
                  style={{ flex: '2 1 220px' }}
                  label={t('quickLinks.url', { number: index + 1 })}
                  placeholder="https://"
                  type="url"
                  {...form.getInputProps(`links.${index}.url`)}
                />
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    disabled={index === 0}
                    aria-label={t('quickLinks.up', { number: index + 1 })}
                    onClick={() => form.reorderListItem('links', { from: index, to: index - 1 })}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    disabled={index === links.length - 1}
                    aria-label={t('quickLinks.down', { number: index + 1 })}
                    onClick={() => form.reorderListItem('links', { from: index, to: index + 1 })}
                  >
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('quickLinks.remove', { number: index + 1 })}
                    onClick={() => form.removeListItem('links', index)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
          <Group gap="sm">
            <Button
              variant="light"
              disabled={links.length >= QUICK_LINKS_MAX}
              onClick={() => form.insertListItem('links', { label: '', url: '' })}
            >
              {t('quickLinks.add')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('quickLinks.limit', { max: QUICK_LINKS_MAX })}
            </Text>
          </Group>
          <Group>
            <SaveBar dirty={dirty} saving={saving} onDiscard={form.reset} />
          </Group>
        </FormCard>
      </form>
      <Preview value={form.values} />
    </Stack>
  );
}

/** /settings/quick-links: links the chat widget shows above a conversation the visitor has not started. */
export function QuickLinksPage() {
  const { t, ready } = useTranslation('routes');
  return (
    <SectionPage slug="quick-links" description={ready ? t('quickLinks.description') : ''}>
      {(settings) => <QuickLinksForm settings={settings} />}
    </SectionPage>
  );
}
