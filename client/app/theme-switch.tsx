import { useEffect, useId, useState } from 'react';
import { themeMessages as t } from '../../domain/messages/theme';
import { applyTheme, readTheme, THEMES, type Theme } from '../lib/theme';
import { useHydrated } from '../lib/use-hydrated';

/** 'Thème': Système, Clair or Sombre, kept in this browser. */
export function ThemeSwitch() {
  const id = useId();
  // The server renders 'system' (it cannot know this browser's choice); the stored choice is
  // read after hydration, so both renders match.
  const [theme, setTheme] = useState<Theme>('system');
  useEffect(() => setTheme(readTheme()), []);
  // On a page rendered by the server, a choice made before React runs would be lost (and the
  // list would then show another): it waits for hydration, as the menu button does.
  const hydrated = useHydrated();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-ink-soft">
        {t.label}
      </label>
      <select
        id={id}
        value={theme}
        disabled={!hydrated}
        onChange={(e) => {
          const next = e.target.value as Theme;
          setTheme(next);
          applyTheme(next);
        }}
        className="h-11 rounded-xl border border-ink/25 bg-paper px-3 text-ink"
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {t[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
