import {
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import {
  type PreviewButton,
  previewButton,
  type RichTemplate,
  richTemplates,
  templateJson,
} from './rich-templates';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function Buttons({ items, chips }: { items: unknown[]; chips?: boolean }) {
  const buttons = items.map(previewButton).filter((b): b is PreviewButton => b !== null);
  return (
    <Group gap={6}>
      {buttons.map((b) => (
        <Badge
          key={b.label}
          variant={chips ? 'outline' : 'light'}
          radius={chips ? 'xl' : 'sm'}
          size="lg"
          tt="none"
          rightSection={b.link ? '↗' : undefined}
        >
          {b.label}
        </Badge>
      ))}
    </Group>
  );
}

function CardPreview({ raw }: { raw: unknown }) {
  const card = obj(raw);
  const img = str(obj(card.header).imgSrc) || str(card.imgSrc);
  return (
    <Paper withBorder radius="md" p="xs" miw={180} maw={220}>
      <Stack gap={4}>
        {img && <Image src={img} alt="" h={80} fit="contain" />}
        <Text fw={600} size="sm">
          {str(card.title)}
        </Text>
        {str(card.subtitle) && <Text size="xs">{str(card.subtitle)}</Text>}
        {str(card.description) && (
          <Text size="xs" c="dimmed">
            {str(card.description)}
          </Text>
        )}
        <Buttons items={arr(card.buttons)} />
      </Stack>
    </Paper>
  );
}

/** A static picture of what the widget draws for the template (same fields, same rules). */
function Preview({ template }: { template: RichTemplate }) {
  const { payload } = template;
  let body: ReactNode = null;
  switch (template.templateId) {
    case '3':
    case '11':
      body = <Buttons items={arr(payload)} />;
      break;
    case '6':
      body = <Buttons items={arr(payload)} chips />;
      break;
    case '7': {
      const list = obj(payload);
      body = (
        <Paper withBorder radius="md" p="xs">
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {str(list.headerText)}
            </Text>
            {arr(list.elements).map((raw) => {
              const el = obj(raw);
              return (
                <Group key={str(el.title)} gap="xs" wrap="nowrap">
                  <Image src={str(el.imgSrc)} alt="" w={28} h={28} />
                  <Stack gap={0}>
                    <Text size="sm">{str(el.title)}</Text>
                    <Text size="xs" c="dimmed">
                      {str(el.description)}
                    </Text>
                  </Stack>
                </Group>
              );
            })}
            <Buttons items={arr(list.buttons)} />
          </Stack>
        </Paper>
      );
      break;
    }
    case '9':
      body = (
        <Group>
          {arr(payload).map((raw) => {
            const i = obj(raw);
            return (
              <Stack key={str(i.url)} gap={2} align="center">
                <Image src={str(i.url)} alt={str(i.caption)} w={80} h={80} />
                <Text size="xs">{str(i.caption)}</Text>
              </Stack>
            );
          })}
        </Group>
      );
      break;
    case '10':
      body = (
        <ScrollArea type="auto" offsetScrollbars>
          <Group wrap="nowrap" align="stretch">
            {arr(payload).map((raw, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the sample cards never move
              <CardPreview key={i} raw={raw} />
            ))}
          </Group>
        </ScrollArea>
      );
      break;
  }
  return (
    <Box p="sm" bg="var(--mantine-color-gray-0)" style={{ borderRadius: 8 }}>
      <Stack gap="xs">
        <Paper px="sm" py={6} radius="lg" withBorder maw="80%">
          <Text size="sm">{template.message}</Text>
        </Paper>
        {body}
      </Stack>
    </Box>
  );
}

function TemplateCard({ template }: { template: RichTemplate }) {
  const { t } = useTranslation('routes');
  const json = templateJson(template);
  const name = t(`components.templates.${template.key}.name`);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={name}
      data-testid={`component-${template.key}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {name}
          </Title>
          <Badge variant="default">templateId {template.templateId}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`components.templates.${template.key}.use`)}
        </Text>
        <Preview template={template} />
        <Code block style={{ maxHeight: 220, overflow: 'auto' }}>
          {json}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={json}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                onClick={copy}
                aria-label={t('components.copyNamed', { name })}
              >
                {copied ? t('common.copied') : t('components.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /components: the rich-message components the chat widget renders (contentType 300), each with a
 * preview and the message JSON to copy into a bot answer or the send API (docs/decisions.md).
 */
export function ComponentsPage() {
  const { t, ready } = useTranslation('routes');
  const templates = useMemo(() => richTemplates(window.location.origin), []);
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="md">
      <PageHeader title={t('components.title')} description={t('components.description')} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {templates.map((template) => (
          <TemplateCard key={template.key} template={template} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
