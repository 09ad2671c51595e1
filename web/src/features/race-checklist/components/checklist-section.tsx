/**
 * One section of a checklist (Gear, Nutrition...): its items as checkboxes, the athlete's own with a Remove
 * button, and an inline form to add one. What was typed stays when the server refuses it, with the reason
 * under the field.
 */
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHECKLIST_ITEM_TEXT_MAX, CHECKLIST_SECTION_LABELS, type ChecklistSection as Section } from '#shared/race-checklist/vocabulary';
import type { ChecklistItem } from '#shared/schemas/race-checklist';
import { Button, buttonClass } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import './race-checklist.css';

export interface ChecklistSectionProps {
  readonly section: Section;
  readonly items: readonly ChecklistItem[];
  onTick(item: ChecklistItem, checked: boolean): void;
  onRemove(item: ChecklistItem): void;
  /** Adds an item; resolves to an error message to show under the field, or undefined when it was added. */
  onAdd(text: string): Promise<string | undefined>;
}

export function ChecklistSection({ section, items, onTick, onRemove, onAdd }: ChecklistSectionProps) {
  const titleId = useId();
  const label = CHECKLIST_SECTION_LABELS[section];
  const done = items.filter((item) => item.checked).length;
  return (
    <section className="checklist-section" aria-labelledby={titleId}>
      <div className="checklist-section__head">
        <h3 id={titleId} className="checklist-section__title">
          {label}
        </h3>
        <span className="checklist-section__count">
          {done} of {items.length}
        </span>
      </div>
      {items.length > 0 ? (
        <ul className="checklist-items" aria-labelledby={titleId}>
          {items.map((item) => (
            <li key={item.id} className={item.checked ? 'checklist-item checklist-item--done' : 'checklist-item'}>
              <label className="checklist-item__label">
                <input type="checkbox" checked={item.checked} onChange={(event) => onTick(item, event.target.checked)} />
                <span className="checklist-item__text">
                  {item.text}
                  {item.added ? <span className="checklist-item__mine">(yours)</span> : null}
                </span>
              </label>
              {item.added ? (
                <button type="button" className="checklist-item__remove" aria-label={`Remove “${item.text}”`} onClick={() => onRemove(item)}>
                  <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                    <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <AddItem sectionLabel={label} onAdd={onAdd} />
    </section>
  );
}

function AddItem({ sectionLabel, onAdd }: { sectionLabel: string; onAdd: ChecklistSectionProps['onAdd'] }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    setText('');
    setError(undefined);
    // Back to the button that opened the form, so the keyboard does not lose its place.
    setTimeout(() => opener.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return setError('Enter the item to add');
    if (value.length > CHECKLIST_ITEM_TEXT_MAX) return setError(`An item is at most ${CHECKLIST_ITEM_TEXT_MAX} characters (this one is ${value.length})`);
    setBusy(true);
    const refused = await onAdd(value);
    setBusy(false);
    if (refused) {
      setError(refused);
      input.current?.focus();
      return;
    }
    // Ready for the next one.
    setText('');
    setError(undefined);
    input.current?.focus();
  };

  if (!open) {
    return (
      <button
        ref={opener}
        type="button"
        className={buttonClass({ variant: 'ghost', size: 'sm' }, 'checklist-add-open')}
        onClick={() => {
          setOpen(true);
          setTimeout(() => input.current?.focus());
        }}
      >
        + Add to {sectionLabel}
      </button>
    );
  }
  return (
    <form
      className="checklist-add"
      aria-label={`Add an item to ${sectionLabel}`}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Escape') close();
      }}
    >
      <TextField
        ref={input}
        label={`New item for ${sectionLabel}`}
        value={text}
        maxLength={CHECKLIST_ITEM_TEXT_MAX + 20}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <div className="checklist-add__buttons">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add'}
        </Button>
        <Button onClick={close}>Done</Button>
      </div>
    </form>
  );
}
