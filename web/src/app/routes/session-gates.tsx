// Route elements that decide on the session: the guard in front of signed-in pages (a signed-out
// visitor goes to sign in with `next` = the page they asked for, and with `reason=session-ended`
// when the session ended while the page was open, so the sign-in page says why), and the entry pages (/, /login,
// /register, /get-started) that send a signed-in visitor on: to their checked `next`, or the dashboard.
// The landing page does not wait for the session to paint; the others show a spinner until it is known.
import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';

import { FullScreenSpinner } from '@/components/spinner';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { returnPathFrom, withReturnPath } from '@/lib/return-path';
import { withSessionEnded } from '@/lib/sign-in-reason';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  // Signed in while this guard was up: a sign-out now is the session ending under the person (this
  // tab's own Sign Out leaves the signed-in pages first).
  const wasSignedIn = useRef(false);
  switch (session.status) {
    case 'loading':
      return <FullScreenSpinner />;
    case 'signed-out': {
      const signIn = withReturnPath(paths.login, `${location.pathname}${location.search}${location.hash}`);
      return <Navigate to={wasSignedIn.current ? withSessionEnded(signIn) : signIn} replace />;
    }
    case 'signed-in':
      wasSignedIn.current = true;
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
