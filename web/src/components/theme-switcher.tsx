// Light / dark / system as a small segmented control. Each option is a toggle button with a name,
// so the current choice is announced (aria-pressed) and visible. It brings its own tooltip timing
// (the footer loads it on demand, outside the pages' providers).
import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';

import { useTheme } from '@/hooks/use-theme';
import { cn } from '@/lib/cn';
import type { Theme } from '@/lib/theme';

import { Tooltip, TooltipProvider } from './tooltip';

const options = [
  { value: 'light', label: 'Light theme', Icon: Sun },
  { value: 'dark', label: 'Dark theme', Icon: Moon },
  { value: 'system', label: 'System theme', Icon: Monitor },
] as const satisfies ReadonlyArray<{ value: Theme; label: string; Icon: LucideIcon }>;

export function ThemeSwitcher({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <TooltipProvider>
      <div
        role="group"
        aria-label="Colour theme"
        className={cn('inline-flex items-center gap-0.5 rounded-lg border border-border bg-subtle p-0.5', className)}
      >
        {options.map(({ value, label, Icon }) => (
          <Tooltip key={value} content={label}>
            <button
              type="button"
              aria-label={label}
              aria-pressed={theme === value}
              onClick={() => setTheme(value)}
              className={cn(
                'inline-flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors hover:text-foreground',
                theme === value && 'bg-surface text-foreground shadow-sm',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          </Tooltip>
        ))}
      </div>
    </TooltipProvider>
  );
}
