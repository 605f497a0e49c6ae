/**
 * `{name}` placeholders of a server-side text (mail words) filled from `values`; an unknown name
 * becomes empty, so a missing value never leaks the placeholder into a customer's mail.
 */
export function fillPlaceholders(
  template: string,
  values: Readonly<Record<string, string | number>>,
): string {
  return template.replace(/\{(\w+)\}/g, (_whole, key: string) => String(values[key] ?? ''));
}
