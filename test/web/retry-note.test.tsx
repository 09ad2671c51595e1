/** RetryNote: a part of a page that could not load says what, the server's words, and retries on Try again. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RetryNote } from '../../web/src/components/retry-note.tsx';

describe('RetryNote', () => {
  it("says what failed with the server's words, and Try again retries", async () => {
    const retry = vi.fn();
    render(<RetryNote what="Training load" error={new Error("Can't reach RaceFinder. Check your connection.")} retry={retry} />);
    expect(screen.getByText(/^Training load could not be loaded\. Can't reach RaceFinder\. Check your connection\./)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
