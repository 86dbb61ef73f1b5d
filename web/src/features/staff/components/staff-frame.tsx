// The frame of every staff page: admin routes have no shared layout (seed 000), so each page is a
// plain centred column on the page background.
import type { ReactNode } from 'react';

import { cn } from '@/lib/cn';

export function StaffFrame({ narrow = false, children, labelledBy = 'page-title' }: { narrow?: boolean; children: ReactNode; labelledBy?: string }) {
  return (
    <main className="min-h-dvh bg-background">
      <section aria-labelledby={labelledBy} className={cn('mx-auto w-full px-4 py-10 sm:px-6 sm:py-14', narrow ? 'max-w-md' : 'max-w-6xl')}>
        {children}
      </section>
    </main>
  );
}
