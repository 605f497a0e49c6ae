import { configStore } from '../config/config-store';
import { getSession } from '../session/session-store';
import { joinUrl } from './api-error';
import { messagingAuthHeaders } from './authorized-file';

// Files the server builds for the signed-in caller (CSV exports, the WordPress plugin): fetched
// with the caller's token, since a plain link cannot send it, then saved by the browser.

/**
 * Fetches `path` of the product API (or of the messaging API with `family: 'messaging'`) and saves
 * it under the name the server gives in Content-Disposition, or `fallbackName`.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  family: 'product' | 'messaging' = 'product',
): Promise<void> {
  const config = configStore.getState().config;
  const base = (family === 'messaging' ? config?.messagingBaseUrl : config?.apiBaseUrl) ?? '';
  const token = getSession()?.token;
  const headers: Record<string, string> =
    family === 'messaging' ? messagingAuthHeaders() : token ? { Authorization: `Bearer ${token}` } : {};
  const response = await fetch(joinUrl(base, path), { headers });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
