import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export type TabItem = { value: string; label: string; content: ReactNode };

/**
 * The tab a key of a tab list moves to (WAI-ARIA: arrows wrap around, Home and End go to
 * the ends), from the selected one at `index` among `count`; undefined for another key.
 */
export function tabKeyTarget(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  return {
    ArrowRight: index === last ? 0 : index + 1,
    ArrowLeft: index === 0 ? last : index - 1,
    Home: 0,
    End: last,
  }[key];
}

/**
 * Tabs as the WAI-ARIA pattern has them: one tab in the Tab order (roving tabindex), arrow
 * keys move and select (Home and End for the ends), each panel named by its tab. Controlled,
 * so a link elsewhere on the page can open a tab.
 */
export function Tabs(props: {
  label: string;
  tabs: TabItem[];
  value: string;
  onValueChange: (value: string) => void;
}) {
  const { label, tabs, value, onValueChange } = props;
  const baseId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (v: string) => `${baseId}-tab-${v}`;
  const panelId = (v: string) => `${baseId}-panel-${v}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.value === value);
    const next = tabKeyTarget(event.key, index, tabs.length);
    const target = next === undefined ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onValueChange(target.value);
    buttons.current.get(target.value)?.focus();
  }

  // On phones the row bleeds to the screen's edges through the px-5 gutter every screen has
  // (a narrower gutter would make the page wider than the window: e2e/overflow.spec.ts).
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="-mx-5 flex overflow-x-auto border-b border-line px-3 sm:gap-1 sm:px-5 md:mx-0 md:px-0"
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(node) => {
                if (node) buttons.current.set(tab.value, node);
                else buttons.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={panelId(tab.value)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(tab.value)}
              className={`-mb-px min-h-11 shrink-0 border-b-2 px-2 py-2 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4 sm:text-base ${selected ? 'border-accent text-accent-strong' : 'border-transparent text-ink-soft hover:border-line hover:text-ink'}`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.value}
          role="tabpanel"
          id={panelId(tab.value)}
          aria-labelledby={tabId(tab.value)}
          hidden={tab.value !== value}
          className="pt-8 outline-offset-4"
        >
          {tab.value === value ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
