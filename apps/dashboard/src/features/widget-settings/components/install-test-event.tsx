import { type InstallTestPlatform, NATIVE_CALLS, SUPPORT_CONVERSATION_TYPE } from '@convo/api';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { joinUrl } from '../../../app/api/api-error';
import { configStore } from '../../../app/config/config-store';
import { toast } from '../../../app/toasts';
import { NS } from '../pages/section-page';

// "Send a test event" on the install pages: the browser makes the calls an installed app or widget
// makes (register a customer, open a support conversation, send a message) against this server's
// public messaging API, so the admin sees in the inbox that the application id and the addresses
// the snippets name work. The customer is a new one each time, named after the platform.

const randomPart = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16)).join('');

async function post<T>(path: string, appId: string, body: unknown, token?: string): Promise<T> {
  const base = configStore.getState().config?.messagingBaseUrl ?? '';
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Application-Key': appId };
  if (token) headers['X-Authorization'] = token;
  const response = await fetch(joinUrl(base, path), { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || answer === null) throw new Error(answer?.message ?? `${path}: ${response.status}`);
  return answer;
}

/** The three calls; the conversation's id (the inbox's groupId). */
export async function sendInstallTestEvent(
  appId: string,
  platform: InstallTestPlatform,
  names: { customer: string; title: string; message: string },
): Promise<number> {
  const registered = await post<{ authToken?: string; message: string }>(NATIVE_CALLS.register, appId, {
    applicationId: appId,
    userId: `install-test-${platform}-${randomPart()}`,
    password: randomPart() + randomPart(),
    authenticationTypeId: 1,
    displayName: names.customer,
  });
  if (!registered.authToken) throw new Error(registered.message);
  const created = await post<{ response: { id: number } }>(
    NATIVE_CALLS.createConversation,
    appId,
    { groupName: names.title, type: SUPPORT_CONVERSATION_TYPE, metadata: { source: platform } },
    registered.authToken,
  );
  await post(
    NATIVE_CALLS.send,
    appId,
    { groupId: created.response.id, message: names.message },
    registered.authToken,
  );
  return created.response.id;
}

/** The button and, once sent, a link to the conversation it opened. */
export function InstallTestEvent({
  appId,
  platform,
  platformName,
}: {
  appId: string;
  platform: InstallTestPlatform;
  platformName: string;
}) {
  const { t } = useTranslation(NS);
  const [sending, setSending] = useState(false);
  const [groupId, setGroupId] = useState<number | null>(null);
  const send = async () => {
    setSending(true);
    try {
      setGroupId(
        await sendInstallTestEvent(appId, platform, {
          customer: t('installTest.customer', { platform: platformName }),
          title: t('installTest.title', { platform: platformName }),
          message: t('installTest.message', { platform: platformName }),
        }),
      );
    } catch (error) {
      toast.error(
        t('installTest.failed', { reason: error instanceof Error ? error.message : String(error) }),
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <Group gap="sm" wrap="wrap">
      <Button
        size="xs"
        variant="default"
        loading={sending}
        onClick={() => void send()}
        data-testid={`test-event-${platform}`}
        aria-label={t('installTest.sendFor', { platform: platformName })}
      >
        {t('installTest.send')}
      </Button>
      {groupId !== null && (
        <Text size="sm" role="status" data-testid={`test-event-${platform}-sent`}>
          {t('installTest.sent')}{' '}
          <Anchor component={Link} to={`/conversations/${groupId}`}>
            {t('installTest.open')}
          </Anchor>
        </Text>
      )}
    </Group>
  );
}
