// The public top bar. From 768 px up the links sit in the bar; below that a menu button toggles
// the same links in a panel, which closes when a link is chosen, on Escape, or on navigation.
// The search sits in the bar from 1024 px, in a row under it from 768 to 1023 px, in the menu below.
// A signed-in visitor sees their account and the way to the dashboard instead of sign-in.
import { LayoutDashboard, Menu, UserRound, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';

import { Button } from '@/components/button';
import { Logo } from '@/components/logo';
import { useSession, type Session } from '@/lib/session';
import { HeaderSearch } from '@/features/search/components/header-search';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { PRODUCT_NAME } from '@/lib/site';

import { registerLink, signInLink, topBarLinks } from './navigation';

/** Sign in and register, or, signed in, the account and the dashboard. */
function SessionActions({ session, size, onChoose }: { session: Session; size: 'sm' | 'lg'; onChoose?: () => void }) {
  if (session.status === 'loading') return null;
  if (session.status === 'signed-in') {
    return (
      <>
        <Button asChild variant={size === 'lg' ? 'secondary' : 'ghost'} size={size}>
          <Link to={paths.account} onClick={onChoose} title={session.user.email}>
            <UserRound aria-hidden="true" />
            <span className="sr-only">Account: </span>
            <span className="max-w-40 truncate">{session.user.email}</span>
          </Link>
        </Button>
        <Button asChild size={size}>
          <Link to={paths.dashboard} onClick={onChoose}>
            <LayoutDashboard aria-hidden="true" />
            Dashboard
          </Link>
        </Button>
      </>
    );
  }
  return (
    <>
      <Button asChild variant={size === 'lg' ? 'secondary' : 'ghost'} size={size}>
        <Link to={signInLink.to} onClick={onChoose}>
          {signInLink.label}
        </Link>
      </Button>
      <Button asChild size={size}>
        <Link to={registerLink.to} onClick={onChoose}>
          {registerLink.label}
        </Link>
      </Button>
    </>
  );
}

export function SiteHeader() {
  const session = useSession();
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
          <SessionActions session={session} size="sm" />
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

      <div className="hidden border-t border-border md:block lg:hidden">
        <div className="mx-auto max-w-6xl px-4 py-2 sm:px-6">
          <HeaderSearch />
        </div>
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
            <SessionActions session={session} size="lg" onChoose={closeMenu} />
          </div>
        </nav>
      </div>
    </header>
  );
}
