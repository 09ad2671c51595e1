import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './dashboard-parts.css';

export interface TabSpec<Id extends string> {
  id: Id;
  label: string;
  /** Shown as a badge after the label (and read with it). */
  count?: number;
  panel: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right arrows move between tabs (wrapping), Home/End jump to
 * the ends; only the selected tab is in the tab order, and Tab from it goes into its panel.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: readonly TabSpec<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}) {
  const baseId = useId();
  const buttons = useRef(new Map<Id, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0]!;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === current.id);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[next]!;
    onSelect(target.id);
    buttons.current.get(target.id)?.focus();
  }

  return (
    <div className="dashboard-tabs">
      <div className="dashboard-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === current.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              // Only the selected tab's panel is rendered, so only it is referenced.
              aria-controls={isSelected ? `${baseId}-panel-${tab.id}` : undefined}
              tabIndex={isSelected ? 0 : -1}
              className={`dashboard-tabs__tab${isSelected ? ' dashboard-tabs__tab--selected' : ''}`}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
              {tab.count !== undefined ? <span className="dashboard-tabs__count">{tab.count}</span> : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${current.id}`} aria-labelledby={`${baseId}-tab-${current.id}`} tabIndex={0} className="dashboard-tabs__panel">
        {current.panel}
      </div>
    </div>
  );
}
