import {
  androidNativeSample,
  flutterNativeSample,
  flutterWebViewSample,
  type InstallTestPlatform,
  iosNativeSample,
  reactNativeNativeSample,
} from '@convo/api';
import { ActionIcon, Code, CopyButton, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from '../../../components/icons';
import { PageLoader } from '../../../components/page-loader';
import { AppModulesSection } from '../../app-modules/app-modules-section';
import { InstallTabs } from '../components/install-tabs';
import { InstallTestEvent } from '../components/install-test-event';
import { SnippetBlock } from '../components/snippet-block';
import { androidSample, iosSample, mobileFrameUrl, reactNativeSample } from '../lib/install-samples';
import { useSnippetInput } from './install-page';
import { NS, PageHeading } from './section-page';

/**
 * /settings/install-mobile: the chat in an Android, iOS, React Native or Flutter web view, or an
 * app's own chat screen on the messaging API (REST) and STOMP over a WebSocket.
 */
export function InstallMobilePage() {
  const { t, ready } = useTranslation(NS);
  const input = useSnippetInput();
  if (!ready) return <PageLoader />;
  const url = mobileFrameUrl(input);
  const samples = [
    {
      id: 'android',
      title: t('installMobile.android.title'),
      body: t('installMobile.android.body'),
      code: androidSample(url),
    },
    {
      id: 'ios',
      title: t('installMobile.ios.title'),
      body: t('installMobile.ios.body'),
      code: iosSample(url),
    },
    {
      id: 'react-native',
      title: t('installMobile.reactNative.title'),
      body: t('installMobile.reactNative.body'),
      code: reactNativeSample(url),
    },
    {
      id: 'flutter',
      title: t('installMobile.flutter.title'),
      body: t('installMobile.flutter.body'),
      code: flutterWebViewSample(url),
    },
  ];
  const native: { id: InstallTestPlatform; title: string; code: string }[] = [
    { id: 'android', title: t('installMobile.android.title'), code: androidNativeSample(input) },
    { id: 'ios', title: t('installMobile.ios.title'), code: iosNativeSample(input) },
    { id: 'react-native', title: t('installMobile.reactNative.title'), code: reactNativeNativeSample(input) },
    { id: 'flutter', title: t('installMobile.flutter.title'), code: flutterNativeSample(input) },
  ];
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeading slug="install-mobile" description={t('installMobile.description')} />
      <InstallTabs current="install-mobile" />
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {t('installMobile.frameUrl')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code
            data-testid="mobile-frame-url"
            style={{ overflowX: 'auto', whiteSpace: 'nowrap', maxWidth: '100%' }}
          >
            {url}
          </Code>
          <CopyButton value={url} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('common.copied') : t('installMobile.copyUrl')}>
                <ActionIcon variant="subtle" onClick={copy} aria-label={t('installMobile.copyUrl')}>
                  {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
      {samples.map((s) => (
        <SnippetBlock
          key={s.id}
          id={s.id}
          title={s.title}
          description={s.body}
          code={s.code}
          copyLabel={t('installMobile.copySample', { name: s.title })}
        />
      ))}
      <Stack gap={4}>
        <Title order={2} fz="h4">
          {t('installMobile.native.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('installMobile.native.body')}
        </Text>
      </Stack>
      {native.map((s) => (
        <SnippetBlock
          key={s.id}
          id={`native-${s.id}`}
          title={s.title}
          code={s.code}
          copyLabel={t('installMobile.copySample', { name: s.title })}
          footer={<InstallTestEvent appId={input.appId} platform={s.id} platformName={s.title} />}
        />
      ))}
      <AppModulesSection />
    </Stack>
  );
}
