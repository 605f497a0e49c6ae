// Moving an article up or down among the articles of its category and language (the order the
// public site lists them in), with two buttons a keyboard reaches like any other.

import type { ArticleSummary } from '@convo/api';
import { ActionIcon, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../app/toasts';
import { helpCenterKeys, moveArticle } from '../help-center-api';

type Placed = Pick<ArticleSummary, 'id' | 'categoryId' | 'language'>;

/** Whether the article has a neighbour of its group (category and language) above / below in the list. */
export function movable(items: readonly Placed[], index: number): { up: boolean; down: boolean } {
  const self = items[index];
  if (!self) return { up: false, down: false };
  const same = (o: Placed) => o.categoryId === self.categoryId && o.language === self.language;
  return { up: items.slice(0, index).some(same), down: items.slice(index + 1).some(same) };
}

export function ArticleOrderButtons({
  article,
  canMoveUp,
  canMoveDown,
}: {
  article: Pick<ArticleSummary, 'id' | 'title'>;
  canMoveUp: boolean;
  canMoveDown: boolean;
}) {
  const { t } = useTranslation('helpCenter');
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationFn: (direction: 'up' | 'down') => moveArticle(article.id, direction),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpCenterKeys.all }),
    onError: (error) => toastError(error),
  });
  const label = (direction: 'up' | 'down') =>
    t(direction === 'up' ? 'order.up' : 'order.down', { title: article.title });
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={label('up')}
        title={label('up')}
        disabled={!canMoveUp || move.isPending}
        onClick={() => move.mutate('up')}
      >
        <span aria-hidden="true">↑</span>
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={label('down')}
        title={label('down')}
        disabled={!canMoveDown || move.isPending}
        onClick={() => move.mutate('down')}
      >
        <span aria-hidden="true">↓</span>
      </ActionIcon>
    </Group>
  );
}
