// Whether a support request has waited longer than its priority's advertised response time
// (seed 000 §9: urgent 2-4 hours, high 4-8, normal 12-24, low 24-48; the window's end counts).
import { supportResponseHours, type SupportInboxItem } from '@titleledger/api/schemas';

export function isOverdue(request: Pick<SupportInboxItem, 'status' | 'priority' | 'submittedAt'>, now: number): boolean {
  return request.status === 'open' && now - Date.parse(request.submittedAt) > supportResponseHours[request.priority] * 3_600_000;
}
