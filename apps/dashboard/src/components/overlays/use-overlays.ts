import { useCallback, useEffect, useState } from 'react';
import { chunkFailed, loadOnce } from '../../app/routing/lazy-page';

export type Overlays = typeof import('./overlays');

/** Mantine's floating components, loaded once by the pages' loader (a failure is tried again next time). */
const overlaysChunk = loadOnce(() => import('./overlays'));

/**
 * The floating components once loaded, else null, and `load` to call when the user comes near a
 * trigger (pointer over it, focus): the chunk is then in before the click in most cases.
 * `asked`/`ask`: whether the user asked for the real component (a click, an opening key), as a
 * stand-in only gives way then: swapped under the pointer between a press and its click, it
 * would lose the click. Once loaded, later triggers render the real component from the start.
 */
export function useOverlays(): {
  overlays: Overlays | null;
  load: () => void;
  asked: boolean;
  ask: () => void;
} {
  const [overlays, setOverlays] = useState<Overlays | null>(overlaysChunk.loaded);
  const [asked, setAsked] = useState(overlaysChunk.loaded() !== null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted || overlays !== null) return;
    let live = true;
    overlaysChunk.load().then(
      (module) => {
        if (live) setOverlays(module);
      },
      // Offline or a new deployment: the newer-version notice, as a page's chunk; the stand-in
      // stays and the next approach tries again.
      (error: unknown) => {
        if (!live) return;
        chunkFailed(error);
        setWanted(false);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, overlays]);
  const load = useCallback(() => setWanted(true), []);
  const ask = useCallback(() => {
    setAsked(true);
    setWanted(true);
  }, []);
  return { overlays: asked ? overlays : null, load, asked, ask };
}
