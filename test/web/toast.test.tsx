import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, TOAST_DURATION_MS, useToast, type ToastInput } from '../../web/src/components/toast.tsx';

function Trigger({ input, label }: { input: ToastInput; label: string }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(input)}>
      {label}
    </button>
  );
}

function renderToasts() {
  return render(
    <ToastProvider>
      <Trigger label="saved" input={{ title: 'Event saved!', description: 'Event has been added to your dashboard' }} />
      <Trigger label="failed" input={{ title: 'Error', description: 'Failed to save event. Please try again.', variant: 'destructive' }} />
    </ToastProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announces a toast politely and removes it after 5 seconds', () => {
    vi.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'saved' }));
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Event saved!Event has been added to your dashboard');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByText('Event saved!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Event saved!')).toBeNull();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('shows one toast at a time, the newest replacing the last', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'saved' }));
    fireEvent.click(screen.getByRole('button', { name: 'failed' }));
    expect(screen.queryByText('Event saved!')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
  });

  it('announces a destructive toast as an alert', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'failed' }));
    expect(screen.getByRole('alert')).toHaveTextContent('ErrorFailed to save event. Please try again.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('closes from its dismiss button', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'saved' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Event saved!')).toBeNull();
  });
});
