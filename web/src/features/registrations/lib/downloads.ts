// Where a registration's certificate and .tr file live, and how they open: in a new window, so
// the page stays put and the browser's own download handling applies (the session cookie
// authenticates the request).
export const certificatePreviewUrl = (trNumber: string) =>
  `/api/copyright/certificate-preview/${encodeURIComponent(trNumber)}`;
export const certificateDownloadUrl = (trNumber: string) =>
  `/api/copyright/download-certificate/${encodeURIComponent(trNumber)}`;
export const trFileDownloadUrl = (trNumber: string) => `/api/download/tr/${encodeURIComponent(trNumber)}`;

export function openDownload(url: string): void {
  window.open(url, '_blank', 'noopener');
}
