/**
 * The messaging family and the other paths the platform's web widget calls (SPEC §7,
 * shared/reference/applozic-api.md): an unknown path there is a JSON 404 in the family's
 * `{status: 'error'}` envelope, never the dashboard's page.
 */
// `/applications/{id}/awaymessage` is the widget's too (no dashboard page lives there).
const FAMILY_PREFIXES = ['/rest/', '/v2/', '/kb/', '/applications/'];
/** `/users` alone is a dashboard page; anything below it is the product family's (plugin settings…). */
const FAMILY_PATTERN = /^\/users\/[^?#]/;
export const isFamilyPath = (url: string) =>
  FAMILY_PREFIXES.some((p) => url.startsWith(p)) || FAMILY_PATTERN.test(url);
