// The frame of a public content page: its document title, an h1 with a lead, and the body.
import type { ReactNode } from 'react';

import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';

export type MarketingPageProps = {
  title: string;
  /** The tab title when it differs from the heading. */
  documentTitle?: string;
  lead?: ReactNode;
  eyebrow?: string;
  children: ReactNode;
  className?: string;
};

export function MarketingPage({ title, documentTitle, lead, eyebrow, children, className }: MarketingPageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16', className)}>
      <header className="max-w-3xl">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-accent-text">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 text-lg text-muted-foreground">{lead}</p> : null}
      </header>
      <div className="mt-10">{children}</div>
    </div>
  );
}

/** A titled block of running text with comfortable line length. */
export function ProseSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} className="max-w-3xl scroll-mt-24 border-t border-border py-8 first:border-t-0 first:pt-0">
      <h2 className="text-xl font-semibold tracking-tight text-foreground">{title}</h2>
      <div className="mt-3 grid gap-3 text-base leading-7 text-muted-foreground [&_a]:font-medium [&_a]:text-accent-text [&_a]:underline [&_a]:underline-offset-2 [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground">
        {children}
      </div>
    </section>
  );
}

/** "Last updated" line for the legal pages. */
export function LegalMeta({ updated }: { updated: string }) {
  return <p className="mb-8 text-sm text-muted-foreground">Last updated {updated}</p>;
}
