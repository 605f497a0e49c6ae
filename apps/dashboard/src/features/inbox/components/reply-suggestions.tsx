// Suggested replies above the composer (SPEC §1 smartreply in the inbox): up to three replies from
// the application's own answers for the customer's newest message. A click (or Enter/Space on the
// focused chip) puts the text in the composer; nothing is sent until the agent sends it.

import { Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { LazyTooltip } from '../../../components/overlays/lazy-tooltip';
import { useLockedFeature } from '../../billing/components/feature-gate';
import { fetchReplySuggestions } from '../api/inbox-api';

export function ReplySuggestions({
  groupId,
  messageId,
  onPick,
}: {
  groupId: number;
  /** The newest customer message (null: the customer has not written yet). */
  messageId: number | null;
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation('inbox');
  // Agent assist is a plan feature: without it there is no strip (the server refuses the call).
  const locked = useLockedFeature('agentAssist');
  // Keyed by the message: a new customer message asks again, an agent's own does not.
  const query = useQuery({
    queryKey: ['reply-suggestions', groupId, messageId],
    // No abort signal: with one, React Query cancels the request when its last observer unmounts,
    // and the real composer replacing its stand-in (composer-shell.tsx) unmounts this strip
    // mid-request, so the new strip asked again. The server does not stop the AI agent's call for
    // a closed request, so each ask was a paid LLM call (and a flaky e2e); left running, the one
    // request serves the new strip, and the cache, if the agent comes back to the conversation.
    queryFn: () => fetchReplySuggestions(groupId),
    enabled: messageId !== null && !locked,
    staleTime: 10 * 60_000,
    retry: false,
  });
  const failed = query.isError;
  useEffect(() => {
    // SPEC §9 UNABLE_TO_GET_AGENT_SUGGESTION: the agent can still type a reply.
    if (failed) toast.error(t('composer.suggestions.failed'));
  }, [failed, t]);

  if (messageId === null || locked) return null;
  const suggestions = query.data?.suggestions ?? [];
  return (
    <Group
      gap={6}
      wrap="wrap"
      role="group"
      aria-label={t('composer.suggestions.label')}
      data-testid="reply-suggestions"
    >
      <Text size="xs" c="dimmed">
        {t('composer.suggestions.label')}
      </Text>
      {query.isPending ? (
        <Group gap={4} aria-live="polite">
          <Loader size={12} />
          <Text size="xs" c="dimmed">
            {t('composer.suggestions.loading')}
          </Text>
        </Group>
      ) : failed ? (
        <Text size="xs" c="dimmed">
          {t('composer.suggestions.unavailable')}
        </Text>
      ) : suggestions.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('composer.suggestions.empty')}
        </Text>
      ) : (
        suggestions.map((s) => (
          <LazyTooltip
            key={`${s.source}:${s.title}:${s.text}`}
            label={s.text}
            multiline
            maw={360}
            openDelay={400}
          >
            <Button
              size="compact-xs"
              variant="light"
              radius="xl"
              maw="100%"
              styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
              style={{ maxWidth: 'min(100%, 22rem)' }}
              aria-label={t('composer.suggestions.insert', { text: s.text })}
              data-testid="reply-suggestion"
              onClick={() => onPick(s.text)}
            >
              {s.source === 'llm' ? `${t('composer.suggestions.ai')} · ${s.text}` : s.text}
            </Button>
          </LazyTooltip>
        ))
      )}
    </Group>
  );
}
