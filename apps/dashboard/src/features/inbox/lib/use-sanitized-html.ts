// DOMPurify (~10 KB brotli) loaded with the first HTML message shown, not with /conversations
// (issue 39): most conversations have none.

import { useEffect, useState } from 'react';

type Sanitize = (html: string) => string;

let loaded: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('./sanitize').then(
    (module) => {
      loaded = module.sanitizeMessageHtml;
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The message's HTML sanitised (SPEC §5), or null while the sanitiser loads. */
export function useSanitizedHtml(html: string): string | null {
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => loaded);
  useEffect(() => {
    if (sanitize !== null) return;
    let live = true;
    loadSanitizer().then(
      (fn) => {
        if (live) setSanitize(() => fn);
      },
      // Nothing unsanitised is ever shown: the message stays empty until a later render loads it.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [sanitize]);
  return sanitize === null ? null : sanitize(html);
}
