// Route elements that decide on the session: the guard in front of signed-in pages (a signed-out
// visitor goes to sign in with `next` = the page they asked for), and the entry pages (/, /login,
// /register, /get-started) that send a signed-in visitor on: to their checked `next`, or the dashboard.
// The landing page does not wait for the session to paint; the others show a spinner until it is known.
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';

import { FullScreenSpinner } from '@/components/spinner';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { returnPathFrom, withReturnPath } from '@/lib/return-path';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  switch (session.status) {
    case 'loading':
      return <FullScreenSpinner />;
    case 'signed-out':
      return <Navigate to={withReturnPath(paths.login, `${location.pathname}${location.search}${location.hash}`)} replace />;
    case 'signed-in':
      return children;
    default: {
      const unhandled: never = session;
      return unhandled;
    }
  }
}

/**
 * `eager`: the page shows while the session is still being asked for (the landing page paints at
 * once, issue 18 item 3); a visitor who turns out to be signed in is sent on when the answer comes.
 */
export function SignedOutEntry({ children, eager = false }: { children: ReactNode; eager?: boolean }) {
  const session = useSession();
  const [search] = useSearchParams();
  switch (session.status) {
    case 'loading':
      return eager ? children : <FullScreenSpinner />;
    case 'signed-in':
      return <Navigate to={returnPathFrom(search) ?? paths.dashboard} replace />;
    case 'signed-out':
      return children;
    default: {
      const unhandled: never = session;
      return unhandled;
    }
  }
}
