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

describe('toast placement', () => {
  const viewport = () => screen.getByRole('status').parentElement!;
  function at(button: HTMLElement, box: { top: number; bottom: number; left: number; right: number }) {
    button.getBoundingClientRect = () => ({ ...box, x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top, toJSON: () => box });
  }

  it('shows in the bottom corner when that covers nothing the person pressed', () => {
    renderToasts();
    const button = screen.getByRole('button', { name: 'saved' });
    at(button, { top: 100, bottom: 140, left: 900, right: 1000 });
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(viewport()).toHaveClass('toast-viewport');
    expect(viewport()).not.toHaveClass('toast-viewport--top');
  });

  it('moves to the top when the bottom corner would cover the button it answers', () => {
    renderToasts();
    const button = screen.getByRole('button', { name: 'failed' });
    // In the bottom right corner of a 1024 x 768 window, where the toast would sit.
    at(button, { top: 700, bottom: 740, left: 900, right: 1000 });
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to save event.');
    expect(viewport()).toHaveClass('toast-viewport--top');
  });

  it('leaves a button at the bottom left alone on a wide window', () => {
    renderToasts();
    const button = screen.getByRole('button', { name: 'saved' });
    at(button, { top: 700, bottom: 740, left: 20, right: 200 });
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(viewport()).not.toHaveClass('toast-viewport--top');
  });
});
