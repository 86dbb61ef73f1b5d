// Route elements that decide on the session: the guard in front of signed-in pages, and the
// entry pages (/, /login, /register, /get-started) that send a signed-in visitor to the dashboard.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

import { FullScreenSpinner } from '@/components/spinner';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  switch (session.status) {
    case 'loading':
      return <FullScreenSpinner />;
    case 'signed-out':
      return <Navigate to={paths.login} replace />;
    case 'signed-in':
      return children;
    default: {
      const unhandled: never = session;
      return unhandled;
    }
  }
}

export function SignedOutEntry({ children }: { children: ReactNode }) {
  const session = useSession();
  switch (session.status) {
    case 'loading':
      return <FullScreenSpinner />;
    case 'signed-in':
      return <Navigate to={paths.dashboard} replace />;
    case 'signed-out':
      return children;
    default: {
      const unhandled: never = session;
      return unhandled;
    }
  }
}
