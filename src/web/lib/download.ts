import { api, filenameFromDisposition, type ApiFile, type ApiOptions } from './api';

export { filenameFromDisposition };

type Query = NonNullable<ApiOptions['query']>;

export interface DownloadResult {
  /** The file name the browser saved the file under. */
  filename: string;
  /** The server cut the export at its row limit (`X-Export-Truncated: true`). */
  truncated: boolean;
}

/** Hands a downloaded file to the browser, which saves it under the file's name. */
export function saveFile(file: ApiFile): DownloadResult {
  const url = URL.createObjectURL(file.blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = file.filename;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Let the browser start reading the file before the address is revoked.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return { filename: file.filename, truncated: file.truncated };
}

/**
 * Downloads a file from `/api/v1{path}` (e.g. a CSV export) through `api()` and has the
 * browser save it. Empty filters are left out of the query. Rejects with an ApiError when the
 * server refuses.
 */
export async function downloadFile(
  path: string,
  query: Query,
  fallbackName: string,
  options: Omit<ApiOptions, 'query'> = {},
): Promise<DownloadResult> {
  const filters: Query = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== '') filters[key] = value;
  }
  return saveFile(await api(path, { ...options, query: filters, download: fallbackName }));
}
