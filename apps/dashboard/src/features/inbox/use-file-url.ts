import { useEffect, useState } from 'react';
import { fetchImageObjectUrl } from '../profile/profile-api';

/**
 * A message's file for an <audio> or <video>: files need the caller's token, which a media
 * element cannot send, so it plays an object URL of the fetched bytes (null while loading or
 * when the file cannot be read).
 */
export function useAuthorizedFileUrl(url: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    fetchImageObjectUrl(url, controller.signal)
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
