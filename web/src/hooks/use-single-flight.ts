// One submission at a time. A button disabled while its request runs (`disabled={x.isPending}`) only
// is once React has rendered again, and a double click's second click, or Enter pressed twice, can come
// before that: it sent a second request, whose refusal (a card already attached, a password no longer
// current, an account already gone) showed as an error beside the first one's success. The ref is set
// at once, so the second call is dropped whenever it comes.
import { useCallback, useRef } from 'react';

export function useSingleFlight(): (work: () => Promise<void>) => Promise<void> {
  const running = useRef(false);
  return useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    try {
      await work();
    } finally {
      running.current = false;
    }
  }, []);
}
