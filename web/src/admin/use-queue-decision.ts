/**
 * Deciding the items of a review queue (applications, claims, organizer events, promotions): the item and
 * decision waiting for confirmation with its notes, the ids being decided (their buttons disabled until the
 * answer arrives), the request, and its outcome as a flash message. Each screen keeps only its words and its
 * request; the DecisionModal takes `modal` as it is. A decision that is as easily undone (feature a recap, mark
 * a message handled) goes through `decideNow`: no confirmation, no notes, the same busy ids and messages.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import type { FlashMessage } from './use-flashes.ts';

export interface QueueDecisionOptions<T, D extends string> {
  idOf(item: T): string;
  send(item: T, decision: D, notes: string): Promise<unknown>;
  /** The success message: what the decision did, in the admin's words. */
  succeeded(item: T, decision: D): { header: string; content: string };
  /** The failure message's header ('Approval failed'); its content is the server's words. */
  failedHeader(decision: D): string;
  flash(message: FlashMessage): void;
  /** After every answer, good or bad: the screen refreshes its list (none when its writes refresh it themselves). */
  onSettled?(): void;
}

export function useQueueDecision<T, D extends string>({ idOf, send, succeeded, failedHeader, flash, onSettled }: QueueDecisionOptions<T, D>) {
  const [deciding, setDeciding] = useState<{ item: T; decision: D } | undefined>();
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const decide = useMutation({
    mutationFn: ({ item, decision, notes: text }: { item: T; decision: D; notes: string }) => send(item, decision, text),
    onMutate: ({ item }) => setBusy((current) => new Set(current).add(idOf(item))),
    onSuccess: (_result, { item, decision }) => flash({ type: 'success', ...succeeded(item, decision) }),
    onError: (error, { decision }) => flash({ type: 'error', header: failedHeader(decision), content: errorMessage(error) }),
    onSettled: (_data, _error, { item }) => {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(idOf(item));
        return next;
      });
      onSettled?.();
    },
  });

  const open = (item: T, decision: D) => {
    setNotes('');
    setDeciding({ item, decision });
  };

  return {
    busy,
    /** The item and decision waiting for confirmation, if any. */
    deciding,
    open,
    decideNow: (item: T, decision: D) => decide.mutate({ item, decision, notes: '' }),
    /** The DecisionModal's state and handlers. */
    modal: {
      visible: deciding !== undefined,
      notes,
      onNotesChange: setNotes,
      onCancel: () => setDeciding(undefined),
      onConfirm: () => {
        if (deciding) decide.mutate({ ...deciding, notes });
        setDeciding(undefined);
      },
    },
  };
}
