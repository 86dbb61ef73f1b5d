// What the .tr card shows of a verified file's registration, read only once every check passed.
// Loaded with the verifier (tr-file-check.tsx), so zod is not in /verify's first paint.
import { z } from 'zod';

export const shownRegistrationSchema = z.object({
  trNumber: z.string(),
  title: z.string(),
  registrantName: z.string().optional(),
  registeredAt: z.string(),
  fileName: z.string().optional(),
});

export type ShownRegistration = z.infer<typeof shownRegistrationSchema>;
