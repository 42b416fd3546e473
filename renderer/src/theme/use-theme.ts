import { useEffect, useSyncExternalStore } from 'react';
import { useSettingsStore } from '../stores/settings';

export type ResolvedTheme = 'light' | 'dark';

const darkQuery = '(prefers-color-scheme: dark)';

function subscribeToColorScheme(onChange: () => void): () => void {
  const query = matchMedia(darkQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const systemPrefersDark = () => matchMedia(darkQuery).matches;

/** The theme actually on screen: the user's choice, or the system's when they chose "system". */
export function useResolvedTheme(): ResolvedTheme {
  const choice = useSettingsStore((state) => state.settings?.theme ?? 'system');
  const prefersDark = useSyncExternalStore(subscribeToColorScheme, systemPrefersDark);
  if (choice !== 'system') return choice;
  return prefersDark ? 'dark' : 'light';
}

/**
 * Puts the user's choice on <html data-theme>; theme/tokens.css does the rest, following the
 * system's colour scheme when the choice is "system".
 */
export function useThemeAttribute(): void {
  const choice = useSettingsStore((state) => state.settings?.theme ?? 'system');
  useEffect(() => {
    document.documentElement.dataset.theme = choice;
  }, [choice]);
}
