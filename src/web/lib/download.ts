import { isApiError } from '../../shared/schemas/error';
import { API_BASE, ApiError } from './api';
import { retryAfterFrom } from './errors';
import { readStorage, STORAGE_KEYS } from './storage';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface DownloadResult {
  /** The file name the browser saved the file under. */
  filename: string;
  /** The server cut the export at its row limit (`X-Export-Truncated: true`). */
  truncated: boolean;
}

/** The file name of a Content-Disposition header (`attachment; filename="users-2025-01-31.csv"`). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(header);
  return plain?.[1] ?? plain?.[2] ?? fallback;
}

/**
 * Downloads a file from `/api/v1{path}` (e.g. a CSV export) the way `api()` calls the API —
 * session cookie and the selected organisation in `X-Organization-Id` — and hands it to the
 * browser as a saved file. Rejects with an ApiError when the server refuses.
 */
export async function downloadFile(
  path: string,
  query: Query,
  fallbackName: string,
): Promise<DownloadResult> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  const headers: Record<string, string> = { Accept: 'text/csv, application/json' };
  const orgId = readStorage(STORAGE_KEYS.selectedOrgId);
  if (orgId) headers['X-Organization-Id'] = orgId;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${search ? `?${search}` : ''}`, {
      headers,
      credentials: 'include',
    });
  } catch (cause) {
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: 'Network error' }, undefined, {
      cause,
    });
  }
  if (!response.ok) {
    const parsed: unknown = await response.json().catch(() => undefined);
    throw new ApiError(
      response.status,
      isApiError(parsed)
        ? parsed.error
        : { code: `HTTP_${response.status}`, message: response.statusText },
      retryAfterFrom(response.headers),
    );
  }

  const blob = await response.blob();
  const filename = filenameFromDisposition(
    response.headers.get('content-disposition'),
    fallbackName,
  );
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Let the browser start reading the file before the address is revoked.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return { filename, truncated: response.headers.get('x-export-truncated') === 'true' };
}
