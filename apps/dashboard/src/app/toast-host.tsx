import { MODAL_OVERLAY_Z_INDEX } from '@convo/domain';
import { useEffect, useState } from 'react';
import { loadToastLibrary, onToastLibraryRequested, toastLibraryRequested } from './toasts';

type Container = typeof import('@mantine/notifications').Notifications;

/** The toasts' container, mounted once the first toast has loaded the library (toasts.ts). */
export function ToastHost() {
  const [Notifications, setNotifications] = useState<Container | null>(null);
  useEffect(() => {
    let live = true;
    const mount = () => {
      loadToastLibrary().then(
        (library) => {
          if (live) setNotifications(() => library.Notifications);
        },
        () => undefined,
      );
    };
    if (toastLibraryRequested()) mount();
    const unsubscribe = onToastLibraryRequested(mount);
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  // Above modals (their overlay stacks at 5000), so a toast is never hidden by one.
  return Notifications === null ? null : (
    <Notifications position="top-right" zIndex={MODAL_OVERLAY_Z_INDEX + 100} limit={5} />
  );
}
