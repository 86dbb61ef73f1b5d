// A registration's status: green when registered (anchored on chain), yellow for anything else.
import { Badge } from '@/components/badge';

export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={status === 'registered' ? 'success' : 'warning'}>{status || 'unknown'}</Badge>;
}
