/**
 * The messages an admin screen shows in its Flashbar after an action: newest first, the last three, each
 * dismissible. One place for what the events, applications and claims screens had each written out.
 */
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useCallback, useRef, useState } from 'react';

export type FlashMessage = { type: 'success' | 'error'; header: string; content?: string };

const KEPT = 3;

export function useFlashes(): { items: FlashbarProps.MessageDefinition[]; flash: (message: FlashMessage) => void } {
  const [flashes, setFlashes] = useState<(FlashMessage & { id: number })[]>([]);
  const nextId = useRef(0);
  const flash = useCallback((message: FlashMessage) => {
    const id = ++nextId.current;
    setFlashes((current) => [{ ...message, id }, ...current].slice(0, KEPT));
  }, []);
  const items = flashes.map((item) => ({
    id: String(item.id),
    type: item.type,
    header: item.header,
    content: item.content,
    dismissible: true,
    dismissLabel: 'Dismiss message',
    onDismiss: () => setFlashes((current) => current.filter((other) => other.id !== item.id)),
  }));
  return { items, flash };
}
