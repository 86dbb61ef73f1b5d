// A registration's status (seed 001 §4.4): registered (anchored) in green, pending in amber, anything
// else (archived) as a quiet secondary badge.
import { Badge } from '@/components/badge';

export function RegistrationStatusBadge({ status }: { status: string }) {
  const variant = status === 'registered' || status === 'active' ? 'success' : status === 'pending' ? 'warning' : 'neutral';
  return (
    <Badge variant={variant} className="capitalize">
      {status || 'unknown'}
    </Badge>
  );
}
