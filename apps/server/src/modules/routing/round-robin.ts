/** The next agent after `last` in a stable order, wrapping around; null when nobody is available. */
export function nextInTurn(orderedIds: readonly string[], last: string | null): string | null {
  if (orderedIds.length === 0) return null;
  if (last === null) return orderedIds[0]!;
  return orderedIds.find((id) => id > last) ?? orderedIds[0]!;
}
