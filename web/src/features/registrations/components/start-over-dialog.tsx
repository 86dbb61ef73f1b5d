// "Start over": discards the wizard's draft (a stale one pre-fills every new wizard) after asking.
// A payment is never discarded with it: a paid, unused payment stays the person's, and the review
// step offers it again ("Use This Payment").
import { RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';

import { Button } from '@/components/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/dialog';

export function StartOverDialog({ paid, onConfirm, onDone }: { paid: boolean; onConfirm: () => void; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  // Confirmed: the button that opened the dialog goes with the draft, so focus goes to the wizard.
  const confirmed = useRef(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost">
          <RotateCcw aria-hidden="true" />
          Start over
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Start over?"
        description="This clears everything entered for this registration, in this browser. It cannot be undone."
        onCloseAutoFocus={(event) => {
          if (!confirmed.current) return;
          confirmed.current = false;
          event.preventDefault();
          onDone();
        }}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep My Details
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                confirmed.current = true;
                onConfirm();
                setOpen(false);
              }}
            >
              Clear and Start Over
            </Button>
          </>
        }
      >
        {paid ? (
          <p className="text-sm">
            Your payment is kept: it has not been used, and the review step offers it again (Use This Payment), so you
            will not be charged twice.
          </p>
        ) : (
          <p className="text-sm">Nothing has been paid for this registration.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
