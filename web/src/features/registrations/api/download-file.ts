// Downloading a certificate or .tr file as a mutation, so a 401 reaches the app's query client
// (which asks the server for the session again; the sign-in guard then sends the visitor to sign in),
// and the page that lists titles resumes a download a 401 interrupted once the same user is back.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { toast } from '@/hooks/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { useSession } from '@/lib/session';

import { downloadFile, openCertificatePdf, takePendingDownload, type PendingDownload } from '../lib/downloads';

export function useDownloadFile() {
  // Who the page shows as signed in: a download a 401 interrupts is kept for them alone.
  const userId = useSession().user?.id;
  return useMutation({
    mutationFn: (pending: PendingDownload) => downloadFile(pending, userId),
    onError: (error) =>
      errorStatus(error) === 401
        ? toast({ title: 'Please sign in again', description: 'Your session has ended. The download starts when you are back.' })
        : toast({ title: 'Download failed', description: errorMessage(error, 'The file could not be downloaded.'), variant: 'destructive' }),
  });
}

/** "Open PDF": the certificate in a new tab, with the same 401 handling as a download. */
export function useOpenCertificate() {
  return useMutation({
    mutationFn: openCertificatePdf,
    onError: (error) =>
      toast({ title: 'The PDF could not be opened', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}

/**
 * Starts the download a 401 interrupted in this tab, once, when a signed-in page mounts, if it was
 * this user's (another user's is dropped).
 */
export function useResumePendingDownload() {
  const download = useDownloadFile();
  const userId = useSession().user?.id;
  const started = useRef(false);
  const { mutate } = download;
  useEffect(() => {
    if (started.current || userId === undefined) return;
    started.current = true;
    const pending = takePendingDownload(userId);
    if (pending) mutate(pending);
  }, [mutate, userId]);
}
