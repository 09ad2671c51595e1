/**
 * The checklist of one saved race: what kind of race it is, how much is done, and the sections. Ticks show at
 * once (and go back with a toast if the server refuses); removing an item the athlete added asks first.
 */
import { useId, useState } from 'react';
import { CHECKLIST_SECTIONS, CHECKLIST_TEMPLATE_LABELS } from '#shared/race-checklist/vocabulary';
import type { ChecklistItem } from '#shared/schemas/race-checklist';
import type { EventSummary } from '#shared/schemas/search';
import { Button } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { bodyFieldErrors } from '../../../lib/body-field-errors.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useAddChecklistItem, useChecklistTicks, useRaceChecklist, useRemoveChecklistItem } from '../api/use-race-checklist.ts';
import { ChecklistSection } from './checklist-section.tsx';
import './race-checklist.css';

const NO_ITEMS: readonly ChecklistItem[] = [];

export function RaceChecklist({ race }: { race: EventSummary }) {
  const checklist = useRaceChecklist(race.id);
  // The list as it shows: the server's, with the ticks still on their way to it.
  const { items, tick } = useChecklistTicks(race.id, checklist.data?.items ?? NO_ITEMS);
  const add = useAddChecklistItem(race.id);
  const remove = useRemoveChecklistItem(race.id);
  const { toast } = useToast();
  const [removing, setRemoving] = useState<ChecklistItem>();
  const titleId = useId();

  const place = [race.city, race.state].filter(Boolean).join(', ');
  const head = (
    <div className="checklist-head">
      <h2 id={titleId} className="checklist-head__title">
        {race.title}
      </h2>
      <p className="checklist-head__meta">
        <span>{formatEventDate(race.eventDate)}</span>
        {place ? <span>{place}</span> : null}
      </p>
    </div>
  );

  if (checklist.isPending) {
    return (
      <section className="checklist-panel" aria-labelledby={titleId}>
        {head}
        <LoadingBlock label="Loading the checklist" />
      </section>
    );
  }
  if (checklist.isError) {
    return (
      <section className="checklist-panel" aria-labelledby={titleId}>
        {head}
        <LoadErrorPanel title="This checklist could not load" error={checklist.error} retry={() => void checklist.refetch()} />
      </section>
    );
  }

  const { template } = checklist.data;
  const done = items.filter((item) => item.checked).length;
  const percent = items.length === 0 ? 0 : Math.round((done / items.length) * 100);

  const addTo = (section: (typeof CHECKLIST_SECTIONS)[number]) => async (text: string) => {
    try {
      await add.mutateAsync({ text, section });
      toast({ title: 'Item added', description: `“${text}” is on your checklist.` });
      return undefined;
    } catch (error) {
      return bodyFieldErrors(error).text ?? errorMessage(error);
    }
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => {
        toast({ title: 'Item removed', description: `“${removing.text}” is off your checklist.` });
        setRemoving(undefined);
      },
      onError: (error) => toast({ title: 'The item was not removed', description: errorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <section className="checklist-panel" aria-labelledby={titleId}>
      {head}
      <span className="checklist-kind">{CHECKLIST_TEMPLATE_LABELS[template]} checklist</span>
      <div className="checklist-progress">
        <span className="checklist-progress__label" id={`${titleId}-progress`}>
          {done} of {items.length} done
        </span>
        <div
          className="checklist-progress__bar"
          role="progressbar"
          aria-labelledby={`${titleId}-progress`}
          aria-valuemin={0}
          aria-valuemax={items.length}
          aria-valuenow={done}
          aria-valuetext={`${done} of ${items.length} done`}
        >
          <div className="checklist-progress__fill" style={{ width: `${percent}%` }} />
        </div>
      </div>
      {CHECKLIST_SECTIONS.map((section) => (
        <ChecklistSection
          key={section}
          section={section}
          items={items.filter((item) => item.section === section)}
          onTick={tick}
          onRemove={setRemoving}
          onAdd={addTo(section)}
        />
      ))}
      {removing ? <ConfirmRemove item={removing} busy={remove.isPending} onConfirm={confirmRemove} onCancel={() => setRemoving(undefined)} /> : null}
    </section>
  );
}

function ConfirmRemove({ item, busy, onConfirm, onCancel }: { item: ChecklistItem; busy: boolean; onConfirm(): void; onCancel(): void }) {
  const titleId = useId();
  return (
    <ModalDialog titleId={titleId} width={440} onCancel={onCancel}>
      <div className="checklist-confirm">
        <h2 id={titleId} className="modal-dialog__title">
          Remove this item?
        </h2>
        <p>“{item.text}” will be taken off your checklist.</p>
        <div className="checklist-confirm__actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="danger" disabled={busy} onClick={onConfirm}>
            Remove item
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
