import { IconButton } from '@chakra-ui/react';
import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { useHydrated } from './use-hydrated.ts';

/**
 * The page's colour mode: `light` or `dark` as a class on `<html>`, the one chosen kept in
 * localStorage (`theme`), else the system's. A page's server sets the class before the first
 * paint with a script of its own (the Content-Security-Policy lets that one run by its hash),
 * so the provider's own inline script is written as data and never run.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      disableTransitionOnChange
      scriptProps={{ type: 'application/json' }}
    >
      {children}
    </ThemeProvider>
  );
}

export function ColorModeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  // A server does not know the mode chosen: until the browser has taken over the page, the
  // button shows the light mode's face, as the server's HTML has it.
  const dark = useHydrated() && resolvedTheme === 'dark';
  return (
    <IconButton
      aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      variant="ghost"
      size="sm"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      {dark ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
