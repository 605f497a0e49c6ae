import './app/styles/mantine-boot';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot, startBoot } from './app/boot';
import { installGlobalErrorHandlers } from './app/global-errors';
import { installLogoutListeners } from './app/logout';
import { clearCachesOfOldRelease, registerServiceWorker } from './app/service-worker/service-worker';

installGlobalErrorHandlers();
installLogoutListeners();
// A new release deletes the caches of the one that last wrote this browser's data, then the
// service worker (push notifications) is registered.
void clearCachesOfOldRelease();
registerServiceWorker();

// Boot's requests go out now, before the first render (most were sent by index.html already).
startBoot();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Boot />
  </StrictMode>,
);
