import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { RELEASE_VERSION } from '@convo/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/boot';
import { installGlobalErrorHandlers } from './app/global-errors';
import { installLogoutListeners } from './app/logout';
import { storage } from './app/storage/safe-storage';
import { STORAGE_KEYS } from './app/storage/storage-keys';

installGlobalErrorHandlers();
installLogoutListeners();
// The release that last wrote this browser's data (for cache clean-ups of later releases).
storage.setItem(STORAGE_KEYS.version, RELEASE_VERSION);

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Boot />
  </StrictMode>,
);
