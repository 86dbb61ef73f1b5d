// POST /api/copyright/submit-registration (seed 001 §7.3): the work and the draft as multipart,
// sent with XMLHttpRequest because fetch cannot report upload progress. Like every call it sends
// the session cookie, and a failed answer is an ApiError like every call's, so a 401 does what any
// other 401 does (the app asks who is signed in, and the sign-in guard sends the person to sign in
// with this page as `next`). Success refreshes the dashboard numbers, the user's titles and the
// admin portal.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';
import { ApiError } from '@/lib/api-client';
import { parseErrorReply } from '@/lib/error-reply';

import type { RegistrationForm } from '../lib/registration-form';
import { readRegistrationResult, type RegistrationResult } from '../lib/registration-response';
import { dashboardStatsQueryOptions } from './get-dashboard-stats';
import { userTitlesQueryOptions } from './get-user-titles';
import { unusedPaymentsQueryOptions } from './get-unused-payments';

const SUBMIT_REGISTRATION_PATH = '/api/copyright/submit-registration';

/** The upload never got an answer, or got a successful one the page cannot read. */
class RegistrationFailedError extends Error {
  override readonly name = 'RegistrationFailedError';
}

type SubmitRegistrationInput = {
  form: RegistrationForm;
  file: File;
  paymentSessionId: string | null;
  paymentIntentId: string | null;
  /** Called with the share of the file sent so far (0 to 1), then once more when all of it is. */
  onUploadProgress?: (fraction: number) => void;
  /** Called when the last byte is sent and the server starts its work. */
  onUploaded?: () => void;
};

function buildBody({ form, file, paymentSessionId, paymentIntentId }: SubmitRegistrationInput): FormData {
  const body = new FormData();
  const fields = [
    'title',
    'firstName',
    'lastName',
    'email',
    'phone',
    'address',
    'materialType',
    'intendedMedium',
    'description',
  ] as const;
  for (const field of fields) body.append(field, form[field].trim());
  if (paymentSessionId) body.append('paymentSessionId', paymentSessionId);
  if (paymentIntentId) body.append('paymentIntentId', paymentIntentId);
  // The file goes last so the server has every text field before it starts streaming the bytes.
  body.append('file', file, file.name);
  return body;
}

function submitRegistration(input: SubmitRegistrationInput): Promise<RegistrationResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', SUBMIT_REGISTRATION_PATH);
    request.withCredentials = true;

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) input.onUploadProgress?.(event.loaded / event.total);
    };
    request.upload.onload = () => {
      input.onUploadProgress?.(1);
      input.onUploaded?.();
    };
    request.onerror = () => reject(new RegistrationFailedError('The upload did not reach the server. Check your connection and try again.'));
    request.onabort = () => reject(new RegistrationFailedError('The upload was cancelled.'));
    request.onload = () => {
      const { status, statusText, responseText } = request;
      if (status < 200 || status >= 300) {
        reject(new ApiError(status, responseText, statusText, parseErrorReply(responseText)));
        return;
      }
      try {
        resolve(readRegistrationResult(JSON.parse(responseText)));
      } catch (error) {
        const message = error instanceof SyntaxError ? 'TR number not received from registration response' : String((error as Error).message);
        reject(new RegistrationFailedError(message));
      }
    };
    request.send(buildBody(input));
  });
}

/**
 * Seed 001 §4.1: a registration refreshes the dashboard stats and the user's titles, and the admin
 * portal's stats, registrations, users, registrations by period and by region and material-type
 * stats, which are every query under the portal's key (an admin may be signed in to both in a tab).
 */
export function refreshAfterRegistration(queryClient: QueryClient): Promise<unknown> {
  // The payment just used is no longer one to offer: dropped, not refetched, so the next review step
  // never shows the old list while it asks again (the same wizard stays mounted for the next title).
  queryClient.removeQueries({ queryKey: unusedPaymentsQueryOptions().queryKey });
  return Promise.all(
    [dashboardStatsQueryOptions().queryKey, userTitlesQueryOptions().queryKey, [ADMIN_PORTAL_KEY]].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useSubmitRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRegistration,
    onSuccess: () => refreshAfterRegistration(queryClient),
  });
}
