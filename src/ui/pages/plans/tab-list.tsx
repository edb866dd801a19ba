import { useRef } from "preact/hooks";

/**
 * A row of tabs (the WAI-ARIA pattern): the selected one is in the tab order, the arrow keys,
 * Home and End move between them and select.
 */
export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: readonly { readonly id: T; readonly title: string }[];
  selected: T;
  onSelect: (id: T) => void;
}) {
  const row = useRef<HTMLDivElement>(null);
  const go = (index: number) => {
    const n = (index + tabs.length) % tabs.length;
    onSelect(tabs[n]!.id);
    row.current?.querySelectorAll<HTMLButtonElement>("[role=tab]")[n]?.focus();
  };
  const at = tabs.findIndex((t) => t.id === selected);
  return (
    <div
      class="tabs"
      role="tablist"
      aria-label={label}
      ref={row}
      onKeyDown={(e) => {
        const moves: Record<string, number> = {
          ArrowRight: at + 1,
          ArrowLeft: at - 1,
          Home: 0,
          End: tabs.length - 1,
        };
        const to = moves[e.key];
        if (to === undefined) return;
        e.preventDefault();
        go(to);
      }}
    >
      {tabs.map((t) => (
        <button
          type="button"
          role="tab"
          class="tab"
          key={t.id}
          aria-selected={t.id === selected ? "true" : "false"}
          tabIndex={t.id === selected ? 0 : -1}
          onClick={() => onSelect(t.id)}
        >
          {t.title}
        </button>
      ))}
    </div>
  );
}
