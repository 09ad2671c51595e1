import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface PopoverProps {
  /** The panel's accessible name. */
  label: string;
  /** What the trigger button shows. */
  trigger: ReactNode;
  /** Marks the trigger as holding an applied filter. */
  active: boolean;
  /** The trigger's accessible name when its text is not enough ('Filters, 2 active'). */
  triggerLabel?: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The pointer or focus reached the trigger: a lazily loaded panel may start loading. */
  onTriggerIntent?: () => void;
  /** The panel's content, rendered while open (it closes the panel with onOpenChange(false)). */
  children: ReactNode;
}

/**
 * A trigger button and its non-modal panel under the filter bar (the Filters and Near me panels). Opening
 * moves focus to the panel's first field; Escape, or closing it from inside, returns focus to the trigger (the
 * panel's content is gone, so focus would be lost); a click or focus outside closes it and leaves focus there.
 */
export function Popover({ label, trigger, active, triggerLabel, open, onOpenChange, onTriggerIntent, children }: PopoverProps) {
  const panelId = `${useId()}-panel`;
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      panelRef.current?.querySelector<HTMLElement>('input, select')?.focus();
    } else if (wasOpen.current) {
      wasOpen.current = false;
      const focused = document.activeElement;
      if (!focused || focused === document.body || containerRef.current?.contains(focused)) triggerRef.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) onOpenChange(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onOpenChange]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      onOpenChange(false);
    }
  }

  return (
    <div
      className="filters-popover"
      ref={containerRef}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing past the last field leaves the panel: close it rather than leave it floating over the list.
        if (open && event.relatedTarget instanceof Node && !containerRef.current?.contains(event.relatedTarget)) onOpenChange(false);
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className={`btn btn--secondary filters-popover__trigger${active ? ' filters-popover__trigger--active' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        aria-label={triggerLabel}
        onClick={() => onOpenChange(!open)}
        onPointerEnter={onTriggerIntent}
        onFocus={onTriggerIntent}
      >
        {trigger}
      </button>
      <div ref={panelRef} id={panelId} className="filters-popover__panel" role="dialog" aria-label={label} hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
