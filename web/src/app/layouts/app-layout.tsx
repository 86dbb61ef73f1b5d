// Layout for signed-in pages: a fixed sidebar from 768 px up; below that a top bar whose menu
// button opens the same side menu in a drawer (a Radix dialog, so focus is trapped while open).
// A skip link comes first, as on public pages: from 768 px up the sidebar puts eleven stops (menu,
// theme, Sign Out) before each page's content.
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';

import { Button } from '@/components/button';
import { Logo } from '@/components/logo';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { PRODUCT_NAME } from '@/lib/site';

import { SideMenu } from './side-menu';

export function AppLayout() {
  const { user } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  // Set when a link in the drawer closes it: focus then goes to the new page's heading (page-arrival.ts), not back to the menu button.
  const leftByLink = useRef(false);
  const menuProps = { email: user?.email, isAdmin: user?.isAdmin === true };

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-72 border-r border-border bg-surface md:block">
        <SideMenu {...menuProps} />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-surface px-4 md:hidden">
          <Dialog.Trigger asChild>
            <Button variant="ghost" size="icon" aria-label="Open menu">
              <Menu aria-hidden="true" className="size-5" />
            </Button>
          </Dialog.Trigger>
          <Link to={paths.home} aria-label={`${PRODUCT_NAME} home`} className="rounded-md">
            <Logo />
          </Link>
        </header>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            // Radix skips links when choosing what to focus, which would land on the theme
            // buttons; the close button is the predictable first stop.
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              closeButton.current?.focus();
            }}
            onCloseAutoFocus={(event) => {
              if (leftByLink.current) event.preventDefault();
              leftByLink.current = false;
            }}
            className="fixed inset-y-0 left-0 z-50 w-[min(20rem,85vw)] border-r border-border bg-surface shadow-xl outline-none md:hidden"
          >
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <SideMenu
              {...menuProps}
              onNavigate={() => {
                leftByLink.current = true;
                setDrawerOpen(false);
              }}
            />
            <Dialog.Close asChild>
              <Button
                ref={closeButton}
                variant="ghost"
                size="icon"
                className="absolute right-3 top-3"
                aria-label="Close menu"
              >
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <main id="main" tabIndex={-1} className="outline-none md:pl-72">
        <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
