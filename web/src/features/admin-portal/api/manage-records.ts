// The portal's writes: delete (archive) a registration, delete a user, correct a registration, edit a
// user's profile, restore from the Forever Database, resolve or reopen a support request. The server answers once its read models hold
// the change, so refreshing every portal query afterwards shows it at once; the access log follows.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminRegistrationArchivedSchema,
  adminRegistrationSchema,
  adminUserDeletedSchema,
  adminUserSchema,
  registrationRestoredSchema,
  supportRequestHandledSchema,
  type AdminRegistrationCorrectionRequest,
  type AdminUserUpdateRequest,
} from '@titleledger/api/schemas';
import { z } from 'zod';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';

import { adminRequest } from './admin-request';

/** PUT /api/admin/users/{id} and PUT /api/admin/titles/{id} answer the record as it now reads. */
const userUpdated = z.object({ success: z.literal(true), user: adminUserSchema });
const registrationCorrected = z.object({ success: z.literal(true), registration: adminRegistrationSchema });

function usePortalMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_PORTAL_KEY] }),
        queryClient.invalidateQueries({ queryKey: ['/api/master-admin/audit-logs'] }),
      ]);
    },
  });
}

const id = (value: string) => encodeURIComponent(value);

export const useDeleteRegistration = () =>
  usePortalMutation(({ trNumber, reason }: { trNumber: string; reason: string }) =>
    adminRequest(adminRegistrationArchivedSchema, 'DELETE', `/api/admin/titles/${id(trNumber)}`, { reason }),
  );

export const useDeleteUser = () =>
  usePortalMutation(({ userId, reason }: { userId: string; reason: string }) =>
    adminRequest(adminUserDeletedSchema, 'DELETE', `/api/admin/users/${id(userId)}`, { reason }),
  );

export const useRestoreRegistration = () =>
  usePortalMutation(({ trNumber, reason }: { trNumber: string; reason?: string }) =>
    adminRequest(registrationRestoredSchema, 'POST', `/api/admin/forever-database/${id(trNumber)}/restore`, reason ? { reason } : {}),
  );

export const useCorrectRegistration = () =>
  usePortalMutation(({ trNumber, correction }: { trNumber: string; correction: AdminRegistrationCorrectionRequest }) =>
    adminRequest(registrationCorrected, 'PUT', `/api/admin/titles/${id(trNumber)}`, correction),
  );

export const useUpdateUser = () =>
  usePortalMutation(({ userId, update }: { userId: string; update: AdminUserUpdateRequest }) =>
    adminRequest(userUpdated, 'PUT', `/api/admin/users/${id(userId)}`, update),
  );

/** POST /api/admin/support-requests/{id}/resolve or …/reopen, with an optional note. */
export const useHandleSupportRequest = () =>
  usePortalMutation(({ requestId, action, note }: { requestId: string; action: 'resolve' | 'reopen'; note?: string }) =>
    adminRequest(supportRequestHandledSchema, 'POST', `/api/admin/support-requests/${id(requestId)}/${action}`, note ? { note } : {}),
  );
