import { type ChatWidgetSettings, LAUNCHER_ICONS, WIDGET_POSITIONS } from '@convo/api';
import {
  ColorInput,
  Grid,
  Group,
  Input,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LauncherIconGlyph } from '../components/launcher-icons';
import { WidgetPreview } from '../components/widget-preview';
import { normaliseHex, previewModel } from '../lib/widget-preview-model';
import { FormCard, NS, SaveBar, SectionPage, useSectionForm } from './section-page';

type Customization = ChatWidgetSettings['customization'];

const SWATCHES = ['#03b49b', '#5f46f8', '#1c7ed6', '#e8590c', '#c2255c', '#2f9e44', '#354052', '#ffffff'];

const same = (value: Customization): Customization => value;
const fromForm = (value: Customization): Customization => ({
  ...value,
  primaryColor: normaliseHex(value.primaryColor),
  secondaryColor: normaliseHex(value.secondaryColor),
});

function CustomizationForm({ settings }: { settings: ChatWidgetSettings }) {
  const { t } = useTranslation(NS);
  const { form, onSubmit, dirty, saving } = useSectionForm({
    section: 'customization',
    initial: settings.customization,
    toForm: same,
    fromForm,
  });
  const welcome = settings.welcomeMessage.enabled ? (settings.welcomeMessage.messages[0] ?? null) : null;
  const model = previewModel(form.values, settings.customization);

  return (
    <Grid gap="xl" align="flex-start">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={onSubmit} noValidate>
          <FormCard>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <ColorInput
                label={t('customization.primaryColor')}
                description={t('customization.primaryColorHint')}
                format="hex"
                swatches={SWATCHES}
                withEyeDropper={false}
                {...form.getInputProps('primaryColor')}
              />
              <ColorInput
                label={t('customization.secondaryColor')}
                description={t('customization.secondaryColorHint')}
                format="hex"
                swatches={SWATCHES}
                withEyeDropper={false}
                {...form.getInputProps('secondaryColor')}
              />
            </SimpleGrid>

            <Input.Wrapper label={t('customization.position')} id="widget-position-label">
              <div>
                <SegmentedControl
                  aria-labelledby="widget-position-label"
                  data={WIDGET_POSITIONS.map((p) => ({ value: p, label: t(`customization.${p}`) }))}
                  {...form.getInputProps('position')}
                />
              </div>
            </Input.Wrapper>

            <Radio.Group label={t('customization.launcherIcon')} {...form.getInputProps('launcherIcon')}>
              <SimpleGrid cols={2} spacing="xs" mt={6}>
                {LAUNCHER_ICONS.map((icon) => (
                  <Radio.Card
                    key={icon}
                    value={icon}
                    radius="md"
                    p="sm"
                    aria-label={t(`customization.icons.${icon}`)}
                  >
                    <Group gap="xs" wrap="nowrap">
                      <Radio.Indicator />
                      <LauncherIconGlyph icon={icon} size={22} />
                      <Text size="sm">{t(`customization.icons.${icon}`)}</Text>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>

            <TextInput label={t('customization.title')} maxLength={60} {...form.getInputProps('title')} />
            <TextInput
              label={t('customization.subtitle')}
              maxLength={120}
              {...form.getInputProps('subtitle')}
            />
            <Switch
              label={t('customization.showAgentAvatars')}
              {...form.getInputProps('showAgentAvatars', { type: 'checkbox' })}
            />
            <TextInput
              label={t('customization.agentPseudonym')}
              description={t('customization.agentPseudonymHint')}
              maxLength={60}
              {...form.getInputProps('agentPseudonym')}
            />
            <SaveBar dirty={dirty} saving={saving} onDiscard={form.reset} />
          </FormCard>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack style={{ position: 'sticky', top: 16 }}>
          <WidgetPreview model={model} welcome={welcome} poweredBy={settings.configuration.showPoweredBy} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** /settings/chat-widget-customization: colours, corner, launcher icon, texts, and a live preview. */
export function CustomizationPage() {
  const { t } = useTranslation(NS);
  return (
    <SectionPage slug="chat-widget-customization" description={t('customization.description')}>
      {(settings) => <CustomizationForm settings={settings} />}
    </SectionPage>
  );
}
