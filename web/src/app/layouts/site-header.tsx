// The public top bar. From 768 px up the links sit in the bar; below that a menu button toggles
// the same links in a panel, which closes when a link is chosen, on Escape, or on navigation.
import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';

import { Button } from '@/components/button';
import { Logo } from '@/components/logo';
import { HeaderSearch } from '@/features/search/components/header-search';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { PRODUCT_NAME } from '@/lib/site';

import { registerLink, signInLink, topBarLinks } from './navigation';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to={paths.landing} aria-label={`${PRODUCT_NAME} home`} className="rounded-md">
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center">
            {topBarLinks.map(({ to, label }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-2.5 py-2 text-sm font-medium transition-colors lg:px-3',
                      isActive ? 'text-accent-text' : 'text-muted-foreground hover:text-foreground',
                    )
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <HeaderSearch className="ml-auto hidden w-56 lg:block xl:w-64" />

        <div className="ml-auto hidden items-center gap-2 md:flex lg:ml-0">
          <Button asChild variant="ghost" size="sm">
            <Link to={signInLink.to}>{signInLink.label}</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={registerLink.to}>{registerLink.label}</Link>
          </Button>
        </div>

        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="ml-auto md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
        </Button>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-border bg-surface md:hidden">
        <nav aria-label="Main menu" className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
          <ul className="flex flex-col">
            {topBarLinks.map(({ to, label, mobileLabel }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={closeMenu}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-3 py-3 text-base font-medium',
                      isActive ? 'bg-accent-soft text-accent-text' : 'text-foreground hover:bg-subtle',
                    )
                  }
                >
                  {mobileLabel ?? label}
                </NavLink>
              </li>
            ))}
          </ul>
          <HeaderSearch className="mt-3" />
          <div className="mt-3 grid gap-2 border-t border-border pt-4">
            <Button asChild variant="secondary" size="lg">
              <Link to={signInLink.to} onClick={closeMenu}>
                {signInLink.label}
              </Link>
            </Button>
            <Button asChild size="lg">
              <Link to={registerLink.to} onClick={closeMenu}>
                {registerLink.label}
              </Link>
            </Button>
          </div>
        </nav>
      </div>
    </header>
  );
}
