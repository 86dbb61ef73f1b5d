// Stands in for a page that is not built yet: names the page and the route it lives at, and
// sets the document title, so every route in the spec is reachable from day one.
import { useLocation } from 'react-router-dom';

import { Card, CardContent } from '@/components/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';

const frames = {
  // Public pages own their width (marketing sections run full-bleed), so the placeholder adds one.
  public: 'mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16',
  // The signed-in layout already pads its content area.
  app: '',
  // Admin pages have no shared layout at all.
  admin: 'mx-auto flex min-h-dvh w-full max-w-3xl flex-col justify-center px-4 py-12 sm:px-6',
} as const;

export type PlaceholderPageProps = {
  title: string;
  frame?: keyof typeof frames;
};

export function PlaceholderPage({ title, frame = 'public' }: PlaceholderPageProps) {
  const { pathname } = useLocation();
  useDocumentTitle(title);
  return (
    <section className={cn(frames[frame])} aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">
        {title}
      </h1>
      <p className="mt-3 max-w-prose text-base text-muted-foreground">This page is not built yet.</p>
      <Card className="mt-8 max-w-xl">
        <CardContent className="flex flex-wrap items-baseline gap-x-3 gap-y-1 p-5">
          <span className="text-sm font-medium text-muted-foreground">Route</span>
          <code className="break-all font-mono text-sm text-foreground">{pathname}</code>
        </CardContent>
      </Card>
    </section>
  );
}
