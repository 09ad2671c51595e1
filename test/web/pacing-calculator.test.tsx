import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAppLoaded } from './render-app.tsx';

async function openCalculator() {
  await renderAppLoaded({ path: '/pacing-calculator' });
  await screen.findByRole('heading', { level: 1, name: 'Pacing Calculator' });
  return userEvent.setup();
}

const summary = () => document.querySelector('.pacing-summary[role="status"]')?.textContent;

describe('/pacing-calculator', () => {
  it('is public, and says what to fix under the field, focused, with what was typed kept', async () => {
    const user = await openCalculator();
    expect(summary()).toBe('Enter two of distance, time and pace, then press Calculate.');
    const time = screen.getByRole('textbox', { name: 'Finish time' });
    await user.type(time, '1:75:00');
    await user.click(screen.getByRole('button', { name: 'Calculate pace' }));
    expect(await screen.findByText('Minutes and seconds must be below 60, e.g. 1:05:30')).toBeInTheDocument();
    expect(time).toHaveValue('1:75:00');
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(document.activeElement).toBe(time);
    expect(summary()).toBe('Check the finish time: nothing was worked out yet.');
    // Typing again clears the message.
    await user.clear(time);
    expect(screen.queryByText('Minutes and seconds must be below 60, e.g. 1:05:30')).not.toBeInTheDocument();
  });

  it('works out a marathon pace, and redraws it in kilometres', async () => {
    const user = await openCalculator();
    await user.click(screen.getByRole('radio', { name: 'Marathon' }));
    await user.type(screen.getByRole('textbox', { name: 'Finish time' }), '3:30:00');
    await user.click(screen.getByRole('button', { name: 'Calculate pace' }));
    await waitFor(() => expect(summary()).toBe('26.22 mi in 3:30:00 is a pace of 8:01 /mi.'));
    expect(screen.getByRole('region', { name: 'Splits' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Race-time predictions' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Kilometres' }));
    expect(summary()).toBe('42.2 km in 3:30:00 is a pace of 4:59 /km.');
  });

  it('converts what was typed when the unit changes, and keeps a worked-out figure when asking for another', async () => {
    const user = await openCalculator();
    await user.click(screen.getByRole('radio', { name: 'Finish time' }));
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByRole('textbox', { name: 'Custom distance (mi)' }), '6.2');
    await user.type(screen.getByRole('textbox', { name: 'Pace (min/mi)' }), '8:00');
    await user.click(screen.getByRole('radio', { name: 'Kilometres' }));
    expect(screen.getByRole('textbox', { name: 'Custom distance (km)' })).toHaveValue('9.98');
    expect(screen.getByRole('textbox', { name: 'Pace (min/km)' })).toHaveValue('4:58');
    await user.click(screen.getByRole('button', { name: 'Calculate finish time' }));
    await waitFor(() => expect(summary()).toMatch(/^9\.98 km in 49:3\d is a pace of 4:58 \/km\.$/));

    // The finish time just worked out is in its field when the pace is asked for instead.
    await act(() => user.click(screen.getByRole('radio', { name: 'Pace' })));
    expect(screen.getByRole('textbox', { name: 'Finish time' })).toHaveValue(summary()!.match(/in (\S+) is/)![1]);
  });
});
