import { useEffect, useState } from 'react';
import { getSession } from '../session/session-store';

// Files and multipart uploads go to the messaging API outside apiRequest (which sends JSON only),
// and an <img>, <audio> or <video> cannot send the caller's token: these are the one place that
// knows both.

/** The messaging API's headers for the signed-in session (none when signed out). */
export function messagingAuthHeaders(): Record<string, string> {
  const session = getSession();
  return session ? { 'X-Authorization': session.token, 'Application-Key': session.applicationId } : {};
}

/** An object URL of a file's bytes fetched with the caller's token (null when it cannot be read). */
export async function fetchFileObjectUrl(url: string, signal: AbortSignal): Promise<string | null> {
  const response = await fetch(url, { headers: messagingAuthHeaders(), signal });
  if (!response.ok) return null;
  return URL.createObjectURL(await response.blob());
}

/**
 * A file for an element's `src`: an object URL of the fetched bytes, revoked when the URL changes
 * or the element goes (null while loading, without a URL, or when the file cannot be read).
 */
export function useAuthorizedFileUrl(url: string | null): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (url === null) {
      setSrc(null);
      return;
    }
    const controller = new AbortController();
    let made: string | null = null;
    fetchFileObjectUrl(url, controller.signal)
      .then((u) => {
        made = u;
        setSrc(u);
      })
      .catch(() => setSrc(null));
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return src;
}
