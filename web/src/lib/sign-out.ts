// What both sign-outs (a creator's, a staff member's) do when the server cannot end the session.
// Only the server can end it (it is an HttpOnly cookie the page cannot remove), so the call is tried
// once more after a moment, and if that fails too the person stays where they are, still signed in
// (which they are), and is told to try again.
import { toast } from '@/hooks/use-toast';

/** One more try after a moment: a dropped connection or a restarting server is often back by then. */
export const SIGN_OUT_RETRIES = 1;

/** Says the session is still open, naming the button to press again. */
export function tellSignOutFailed(buttonName: string, error: unknown): void {
  console.error('Signing out failed twice; the session is still open.', error);
  toast({
    title: 'Signing out failed',
    description: `You are still signed in. Check your connection, then click ${buttonName} again.`,
    variant: 'destructive',
  });
}
