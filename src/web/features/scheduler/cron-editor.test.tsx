// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../components/list/test-wrapper';
import { CronEditor } from './components/CronEditor';
import {
  cronToPreset,
  describeCron,
  isoToZonedLocal,
  loadCronLocale,
  presetToCron,
  zonedLocalToIso,
  DEFAULT_PRESET,
} from './cron-presets';

afterEach(cleanup);

const fixedNow = () => new Date('2026-03-26T12:00:00Z');

function Harness({ initial, zone }: { initial: string; zone: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CronEditor value={value} onChange={setValue} timeZone={zone} now={fixedNow} />
      <span data-testid="value">{value}</span>
    </>
  );
}

describe('cron presets', () => {
  it('turns each preset into an expression and back', () => {
    const cases = [
      [{ ...DEFAULT_PRESET, kind: 'everyMinutes', minutes: 15 }, '*/15 * * * *'],
      [{ ...DEFAULT_PRESET, kind: 'hourly', minute: 5 }, '5 * * * *'],
      [{ ...DEFAULT_PRESET, kind: 'daily', hour: 9, minute: 30 }, '30 9 * * *'],
      [{ ...DEFAULT_PRESET, kind: 'weekly', hour: 8, minute: 0, weekday: 1 }, '0 8 * * 1'],
      [{ ...DEFAULT_PRESET, kind: 'monthly', hour: 6, minute: 0, day: 15 }, '0 6 15 * *'],
    ] as const;
    for (const [preset, expression] of cases) {
      expect(presetToCron(preset)).toBe(expression);
      expect(cronToPreset(expression).kind).toBe(preset.kind);
    }
    expect(cronToPreset('0 9 * * 1-5').kind).toBe('custom');
    expect(cronToPreset('0 0 9 * * *').kind).toBe('custom');
  });

  it('describes an expression in English, French and Arabic', async () => {
    expect(describeCron('30 9 * * *', 'en')).toBe('At 09:30');
    await loadCronLocale('fr');
    expect(describeCron('30 9 * * *', 'fr')).toBe('À 09:30');
    await loadCronLocale('ar');
    expect(describeCron('*/15 * * * *', 'ar')).toBe('كل 15 دقائق');
    expect(describeCron('0 9 * * 1', 'ar')).toMatch(/الإثنين/);
    expect(describeCron('nonsense', 'en')).toBeNull();
  });

  it('reads and writes a date-time in the schedule’s zone', () => {
    expect(zonedLocalToIso('2026-07-01T09:00', 'Europe/Paris')).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedLocalToIso('2026-01-15T09:00', 'America/New_York')).toBe(
      '2026-01-15T14:00:00.000Z',
    );
    expect(isoToZonedLocal('2026-07-01T07:00:00.000Z', 'Europe/Paris')).toBe('2026-07-01T09:00');
  });
});

describe('the cron editor', () => {
  it('builds a daily expression from the preset and shows the next five fires with the clock change', () => {
    renderWithApp(<Harness initial="0 9 * * *" zone="Europe/Paris" />);
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '02:30' } });
    expect(screen.getByTestId('value').textContent).toBe('30 2 * * *');
    expect(screen.getByRole('status').textContent).toBe('At 02:30');
    const list = screen.getByRole('list', { name: 'Next five fires (Europe/Paris)' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    // 29 March 2026: Paris moves to summer time; the fire after the change is marked.
    const marked = items.filter((item) => item.textContent?.includes('Clock change'));
    expect(marked).toHaveLength(1);
    expect(marked[0]!.textContent).toMatch(/UTC\+02:00/);
  });

  it('takes a raw expression, says when it is invalid, and switches the preset to custom', () => {
    renderWithApp(<Harness initial="0 9 * * *" zone="UTC" />);
    const raw = screen.getByLabelText('Cron expression');
    fireEvent.change(raw, { target: { value: '0 9 * * 1-5' } });
    expect(screen.getByRole('status').textContent).toMatch(/Monday through Friday/);
    fireEvent.change(raw, { target: { value: '99 * * * *' } });
    expect(screen.getByText('This is not a valid cron expression.')).toBeTruthy();
    expect(screen.getByText('No upcoming fire.')).toBeTruthy();
  });
});
