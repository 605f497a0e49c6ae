// Inbox shortcuts (issue 5): j/k next and previous conversation, r reply, n note, e resolve,
// / quick replies, ? the list of shortcuts. Ignored while typing in a field.

export type ShortcutAction = 'next' | 'previous' | 'reply' | 'note' | 'resolve' | 'quickReplies' | 'help';

export const SHORTCUTS: readonly { key: string; action: ShortcutAction }[] = [
  { key: 'j', action: 'next' },
  { key: 'k', action: 'previous' },
  { key: 'r', action: 'reply' },
  { key: 'n', action: 'note' },
  { key: 'e', action: 'resolve' },
  { key: '/', action: 'quickReplies' },
  { key: '?', action: 'help' },
];

function isTypingTarget(target: EventTarget | null): boolean {
  // Duck-typed: the element's tag and editability are all that matter.
  if (target === null || typeof target !== 'object' || !('tagName' in target)) return false;
  const el = target as { tagName: unknown; isContentEditable?: unknown };
  return (
    el.tagName === 'INPUT' ||
    el.tagName === 'TEXTAREA' ||
    el.tagName === 'SELECT' ||
    el.isContentEditable === true
  );
}

/** The action of a key press, or null (modifiers, typing in a field, or an unbound key). */
export function shortcutOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return null;
  return SHORTCUTS.find((s) => s.key === event.key)?.action ?? null;
}

/** The conversation after or before `current` in the list (the first one when none is open). */
export function neighbour(ids: readonly number[], current: number | null, step: 1 | -1): number | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  if (at === -1) return ids[0] ?? null;
  const next = at + step;
  return next < 0 || next >= ids.length ? (ids[at] ?? null) : (ids[next] ?? null);
}
