import { Moon, Sun } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { setTheme, useTheme } from '../../lib/theme.ts';

/** The dark/light toggle, remembered in this browser; until used, the browser's setting shows. */
export function ThemeSwitch() {
  const id = useId();
  const dark = useTheme() === 'dark';
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl px-3.5 py-2">
      <label htmlFor={id} className="flex cursor-pointer items-center gap-3 text-[0.9375rem] font-medium text-ink">
        {dark ? <Moon className="size-5" aria-hidden="true" /> : <Sun className="size-5" aria-hidden="true" />}
        Dark mode
      </label>
      <Switch.Root
        id={id}
        checked={dark}
        onCheckedChange={(checked) => setTheme(checked ? 'dark' : 'light')}
        className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-line bg-stone-300 transition-colors data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 dark:bg-stone-700"
      >
        <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform duration-150 data-[state=checked]:translate-x-6" />
      </Switch.Root>
    </div>
  );
}
