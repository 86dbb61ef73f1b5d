// The public footer: the spec's links, the theme choice, and the copyright for the current year.
import { ExternalLink } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';

import { Logo } from '@/components/logo';
import { useHydrated } from '@/hooks/use-hydrated';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { paths } from '@/lib/paths';
import { PRODUCT_NAME } from '@/lib/site';

import { footerGroups, legalLinks, type FooterLink } from './navigation';

// The theme switcher (with Radix Tooltip) loads as the footer comes near the viewport, not with the
// first page (it is below the fold on most pages); its place is kept so nothing moves when it arrives.
const ThemeSwitcher = lazy(async () => ({ default: (await import('@/components/theme-switcher')).ThemeSwitcher }));

// The copyright year: the build's in the HTML rendered at build time (src/prerender.tsx) and while
// the browser takes it over (useHydrated), so the two agree even when the page was built in an
// earlier year; this year from the render after (and at once on a page painted afresh).

const linkClass = 'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground';

function FooterAnchor({ link }: { link: FooterLink }) {
  if ('href' in link) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {link.label}
        <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-2px]" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={link.to} className={linkClass}>
      {link.label}
    </Link>
  );
}

function FooterThemeSwitcher() {
  const [place, near] = useNearViewport<HTMLDivElement>();
  const size = 'h-[34px] w-[94px]';
  if (!near) return <div ref={place} aria-hidden="true" className={size} />;
  return (
    <Suspense fallback={<div aria-hidden="true" className={size} />}>
      <ThemeSwitcher />
    </Suspense>
  );
}

export function SiteFooter() {
  const year = useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 grid-cols-2 sm:grid-cols-3 lg:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="col-span-2 flex flex-col items-start gap-4 sm:col-span-3 lg:col-span-1">
          <Link to={paths.landing} aria-label={`${PRODUCT_NAME} home`} className="rounded-md">
            <Logo />
          </Link>
          <p className="max-w-xs text-sm text-muted-foreground">
            Register your creative work, get a verifiable certificate, and prove what you made and when.
          </p>
          <FooterThemeSwitcher />
        </div>
        {footerGroups.map(({ heading, links }) => (
          <nav key={heading} aria-label={heading}>
            <h2 className="text-xs font-semibold uppercase tracking-wider text-foreground">{heading}</h2>
            <ul className="mt-4 grid gap-3">
              {links.map((link) => (
                <li key={link.label}>
                  <FooterAnchor link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-sm text-muted-foreground">
            © {year} {PRODUCT_NAME}
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {legalLinks.map((link) => (
                <li key={link.label}>
                  <FooterAnchor link={link} />
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
