import type { EventLayout } from './event-card.tsx';
import { EVENT_LAYOUTS } from './use-display-mode.ts';

const LABELS: Readonly<Record<EventLayout, string>> = { list: 'List', compact: 'Grid', cards: 'Cards' };

function LayoutIcon({ layout }: { layout: EventLayout }) {
  const paths: Record<EventLayout, string> = {
    list: 'M4 6h3M4 12h3M4 18h3M10 6h10M10 12h10M10 18h10',
    compact: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
    cards: 'M4 4h16v7H4zM4 15h16v5H4z',
  };
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d={paths[layout]} />
    </svg>
  );
}

/** List, Grid (compact) or Cards: a group of toggle buttons, the pressed one being the layout shown. */
export function DisplaySwitch({ value, onChange }: { value: EventLayout; onChange(layout: EventLayout): void }) {
  return (
    <div className="display-switch" role="group" aria-label="Display">
      {EVENT_LAYOUTS.map((layout) => (
        <button
          key={layout}
          type="button"
          className="display-switch__option"
          aria-pressed={value === layout}
          onClick={() => onChange(layout)}
        >
          <LayoutIcon layout={layout} />
          <span>{LABELS[layout]}</span>
        </button>
      ))}
    </div>
  );
}
