import { useCallback, useEffect, useState } from 'react';

export type Overlays = typeof import('./overlays');

let loaded: Overlays | null = null;
let loading: Promise<Overlays> | null = null;

/** Starts loading Mantine's floating components (once); a failed load is tried again next time. */
export function loadOverlays(): Promise<Overlays> {
  loading ??= import('./overlays').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

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
  const [overlays, setOverlays] = useState<Overlays | null>(loaded);
  const [asked, setAsked] = useState(loaded !== null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted || overlays !== null) return;
    let live = true;
    loadOverlays().then(
      (module) => {
        if (live) setOverlays(module);
      },
      // Offline or a new deployment: the stand-in stays, the next approach tries again.
      () => {
        if (live) setWanted(false);
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
