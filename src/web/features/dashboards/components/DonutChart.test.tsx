// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/list/test-wrapper';
import { DonutChart, donutPaddingAngle, type DonutSlice } from './DonutChart';

afterEach(cleanup);

const slice = (id: string, value: number): DonutSlice => ({ id, value, label: id, color: '#000' });

describe('donutPaddingAngle', () => {
  it('leaves gaps between two or more slices', () => {
    expect(donutPaddingAngle([slice('a', 3), slice('b', 1)])).toBe(2);
  });

  it('closes the ring when only one slice has a value', () => {
    expect(donutPaddingAngle([slice('a', 3)])).toBe(0);
    expect(donutPaddingAngle([slice('a', 3), slice('b', 0)])).toBe(0);
  });
});

describe('DonutChart', () => {
  it('shows the total in the centre', () => {
    renderWithApp(
      <div style={{ width: 400, height: 280 }}>
        <DonutChart slices={[slice('a', 3), slice('b', 4)]} format={(value) => `${value}`} />
      </div>,
    );
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
  });
});
