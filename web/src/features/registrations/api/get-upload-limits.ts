// GET /api/copyright/upload-limits: the largest document a registration takes, as the server is
// configured (MAX_UPLOAD_BYTES), so step 4 states it and refuses a larger file before sending it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { uploadLimitsSchema, type UploadLimits } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function getUploadLimits(): Promise<UploadLimits> {
  return apiCall('GET', '/api/copyright/upload-limits', uploadLimitsSchema);
}

const uploadLimitsQueryOptions = () => queryOptions({ queryKey: ['/api/copyright/upload-limits'], queryFn: getUploadLimits });

export function useUploadLimits(options: { enabled: boolean }) {
  return useQuery({ ...uploadLimitsQueryOptions(), enabled: options.enabled });
}
