// Path normalisation shared by route and permission lookups.

/** Drops query, hash and trailing slashes; '' and '/' both become '/'. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The path itself, then each parent, longest first: '/a/b' → ['/a/b', '/a']. */
export function pathAndParents(path: string): string[] {
  const normalized = normalizePath(path);
  if (normalized === '/') return ['/'];
  const segments = normalized.split('/').slice(1);
  return segments.map((_, i) => `/${segments.slice(0, segments.length - i).join('/')}`);
}
