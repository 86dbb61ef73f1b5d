// The current colour theme and a setter, shared by every component that shows or changes it.
import { useSyncExternalStore } from 'react';

import { readTheme, setTheme, subscribeToTheme, type Theme } from '@/lib/theme';

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void } {
  const theme = useSyncExternalStore(subscribeToTheme, readTheme, () => 'light' as const);
  return { theme, setTheme };
}
