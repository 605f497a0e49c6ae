import { lazy, Suspense, useEffect, useState } from 'react';
import { QUOTA_EXCEEDED_EVENT } from './safe-storage';

// The dialog (and Mantine's Modal with it) is fetched only once the storage reports its quota
// exceeded: every page's boot stays without it (issue 39).
const StorageFullModal = lazy(() =>
  import('./storage-full-modal').then((m) => ({ default: m.StorageFullModal })),
);

/** "Browser storage full": opens on the quota-exceeded event of the storage module. */
export function StorageFull() {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const open = () => {
      setLoaded(true);
      setOpened(true);
    };
    window.addEventListener(QUOTA_EXCEEDED_EVENT, open);
    return () => window.removeEventListener(QUOTA_EXCEEDED_EVENT, open);
  }, []);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <StorageFullModal opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
}
