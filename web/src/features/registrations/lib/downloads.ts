// Where a registration's certificate and .tr file live, and how they are fetched: with the session
// cookie, by the page itself, so whoever the page shows as signed in gets the file. When the server
// says the session has ended (401), the download is remembered for this tab, with the user it was
// for, and the visitor is sent to sign in; the page that lists the titles resumes it once that same
// user is back (`useResumePendingDownload`). Anyone else signing in on the tab never gets it.
import { ApiError, apiRequest } from '@/lib/api-client';

const certificatePreviewUrl = (trNumber: string) =>
  `/api/copyright/certificate-preview/${encodeURIComponent(trNumber)}`;
export const certificateImageUrl = (trNumber: string) =>
  `/api/copyright/certificate-preview/${encodeURIComponent(trNumber)}/image`;
const certificateDownloadUrl = (trNumber: string) =>
  `/api/copyright/download-certificate/${encodeURIComponent(trNumber)}`;
const trFileDownloadUrl = (trNumber: string) => `/api/download/tr/${encodeURIComponent(trNumber)}`;

type DownloadKind = 'certificate' | 'tr';

const urlOf = (kind: DownloadKind, trNumber: string) =>
  kind === 'certificate' ? certificateDownloadUrl(trNumber) : trFileDownloadUrl(trNumber);

const fallbackName = (kind: DownloadKind, trNumber: string) =>
  kind === 'certificate' ? `TitleLedger-${trNumber}.pdf` : `${trNumber}.tr`;

/** The file name the server gave (`Content-Disposition`), if it gave a plain one. */
function fileNameFrom(disposition: string | null): string | null {
  const match = /filename="([^"\\/]+)"/.exec(disposition ?? '');
  return match?.[1] ?? null;
}

function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; free it on the next turn.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** Opens the certificate PDF in a new tab, fetched with the session like a download (a 401 is the caller's). */
export async function openCertificatePdf(trNumber: string): Promise<void> {
  // The tab is opened first, in the click, so no popup blocker stops it; the PDF follows.
  const tab = window.open('', '_blank');
  try {
    const response = await apiRequest('GET', certificatePreviewUrl(trNumber));
    const href = URL.createObjectURL(await response.blob());
    if (tab) tab.location.href = href;
    else window.location.assign(href);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/**
 * Fetches a registration's file and saves it. On a 401 the download is remembered for `userId` (the
 * user the page showed as signed in) before the error goes on (the app's query client then asks the
 * server for the session again, and the sign-in guard takes over).
 */
export async function downloadFile({ kind, trNumber }: PendingDownload, userId: string | undefined): Promise<void> {
  let response: Response;
  try {
    response = await apiRequest('GET', urlOf(kind, trNumber));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && userId !== undefined) rememberDownload({ kind, trNumber }, userId);
    throw error;
  }
  saveBlob(await response.blob(), fileNameFrom(response.headers.get('content-disposition')) ?? fallbackName(kind, trNumber));
}

// The download a 401 interrupted, kept in this tab only, for a short while, and for its user only:
// a TR number of one user's is never sent, or a file of theirs offered, on another's behalf.
const PENDING_KEY = 'titleledger.pendingDownload';
const PENDING_FOR_MS = 15 * 60 * 1000;

export type PendingDownload = { kind: DownloadKind; trNumber: string };

function rememberDownload(pending: PendingDownload, userId: string): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...pending, userId, at: Date.now() }));
  } catch {
    // Storage blocked: the visitor clicks again after signing in.
  }
}

/**
 * The interrupted download, if one is waiting for `userId` (signed in now). It is taken out whoever
 * signs in, so it runs at most once and is dropped for anyone but its user.
 */
export function takePendingDownload(userId: string, now = Date.now()): PendingDownload | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { kind?: unknown; trNumber?: unknown; userId?: unknown; at?: unknown };
    const fresh = typeof value.at === 'number' && now - value.at >= 0 && now - value.at < PENDING_FOR_MS;
    if (!fresh || value.userId !== userId) return null;
    if ((value.kind !== 'certificate' && value.kind !== 'tr') || typeof value.trNumber !== 'string') return null;
    return { kind: value.kind, trNumber: value.trNumber };
  } catch {
    return null;
  }
}
