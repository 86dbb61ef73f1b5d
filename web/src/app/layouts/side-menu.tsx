// The signed-in side menu: logo, the spec's entries, Admin Portal for the designated accounts (the
// server's `isAdmin`, from ADMIN_MENU_EMAILS; /admin asks for its own staff sign-in), and Sign Out.
// Shared by the desktop sidebar and the mobile drawer.
import { LogOut } from 'lucide-react';
import { Link, NavLink } from 'react-router-dom';

import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Logo } from '@/components/logo';
import { ThemeSwitcher } from '@/components/theme-switcher';
import { useLogout } from '@/features/auth/api/logout';
import { useNotificationList } from '@/features/notifications/api/get-notifications';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { PRODUCT_NAME } from '@/lib/site';

import { adminMenuItem, sideMenu, type MenuItem } from './navigation';

type SideMenuProps = {
  email: string | undefined;
  isAdmin: boolean;
  /** Called after a link is chosen, so the mobile drawer can close. */
  onNavigate?: () => void;
};

function MenuLink({ item, onNavigate }: { item: MenuItem; onNavigate: (() => void) | undefined }) {
  const { to, label, description, badgeCount = 0, Icon } = item;
  return (
    <NavLink
      to={to}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'group flex items-start gap-3 rounded-lg px-3 py-2.5 transition-colors',
          isActive ? 'bg-accent-soft text-accent-text' : 'text-foreground hover:bg-subtle',
        )
      }
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 flex-1">
        <span className="flex items-center justify-between gap-2 text-sm font-medium">
          {label}
          {badgeCount > 0 ? (
            <Badge variant="accent" aria-label={`${badgeCount} unread`}>
              {badgeCount}
            </Badge>
          ) : null}
        </span>
        {description ? <span className="block text-xs text-muted-foreground">{description}</span> : null}
      </span>
    </NavLink>
  );
}

export function SideMenu({ email, isAdmin, onNavigate }: SideMenuProps) {
  const logout = useLogout();
  // The unread badge: the server's count from the notifications read model.
  const unread = useNotificationList().data?.unread ?? 0;
  const items = (isAdmin ? [...sideMenu, adminMenuItem] : sideMenu).map((item) =>
    item.to === paths.notifications ? { ...item, badgeCount: unread } : item,
  );
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-border px-5">
        <Link to={paths.home} aria-label={`${PRODUCT_NAME} home`} onClick={onNavigate} className="rounded-md">
          <Logo />
        </Link>
      </div>

      <nav aria-label="Account" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {items.map((item) => (
            <li key={item.to}>
              <MenuLink item={item} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>

      <div className="grid gap-3 border-t border-border p-4">
        {email ? (
          <p className="truncate text-xs text-muted-foreground" title={email}>
            Signed in as <span className="font-medium text-foreground">{email}</span>
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          <ThemeSwitcher />
          <Button variant="secondary" size="sm" disabled={logout.isPending} onClick={() => logout.mutate()}>
            <LogOut aria-hidden="true" />
            {logout.isPending ? 'Signing out...' : 'Sign Out'}
          </Button>
        </div>
      </div>
    </div>
  );
}
