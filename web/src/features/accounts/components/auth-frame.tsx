// The frame around the signed-out account pages (sign in, sign up, password reset): a centred
// column with the page heading and a lead line, wide enough for the sign-up wizard when asked.
import type { ReactNode } from 'react';

import { cn } from '@/lib/cn';

export function AuthFrame({
  title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="page-title"
      className={cn('mx-auto w-full px-4 py-10 sm:px-6 sm:py-16', wide ? 'max-w-2xl' : 'max-w-md')}
    >
      <div className="mb-8 text-center">
        <h1 id="page-title" className="text-3xl font-semibold tracking-tight text-foreground">
          {title}
        </h1>
        {lead ? <p className="mt-2 text-sm text-muted-foreground">{lead}</p> : null}
      </div>
      {children}
    </section>
  );
}
