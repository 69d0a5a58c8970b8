import { describe, expect, it } from 'vitest';
import { formatAmountForEditing, formatMoney, parseAmountInput } from './money';

describe('customer values as money', () => {
  it('formats per language', () => {
    expect(formatMoney(1250.5, 'en')).toBe('$1,250.50');
    expect(formatMoney(1250.5, 'fr')).toMatch(/^1\s250,50\s\$US$/);
    expect(formatMoney(0, 'en')).toBe('$0.00');
    // Arabic digits or Latin ones, as the runtime's ICU data decides.
    expect(formatMoney(1250.5, 'ar')).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(1250.5),
    );
  });

  it('gives an editable amount without currency or grouping', () => {
    expect(formatAmountForEditing(1250.5, 'en')).toBe('1250.5');
    expect(formatAmountForEditing(1250.5, 'fr')).toBe('1250,5');
    expect(parseAmountInput(formatAmountForEditing(1250.5, 'ar'), 'ar')).toBe(1250.5);
  });

  it('reads amounts as people type them', () => {
    expect(parseAmountInput('', 'en')).toBe(0);
    expect(parseAmountInput('1250.50', 'en')).toBe(1250.5);
    expect(parseAmountInput('$1,250.50', 'en')).toBe(1250.5);
    expect(parseAmountInput('1,250', 'en')).toBe(1250);
    expect(parseAmountInput('1250,5', 'fr')).toBe(1250.5);
    expect(parseAmountInput('1 250,50 €', 'fr')).toBe(1250.5);
    expect(parseAmountInput('1.250,50', 'fr')).toBe(1250.5);
    expect(parseAmountInput('12.5', 'fr')).toBe(12.5);
    expect(parseAmountInput('١٬٢٥٠٫٥٠', 'ar')).toBe(1250.5);
    expect(parseAmountInput('١٢٥٠', 'ar')).toBe(1250);
    expect(parseAmountInput(formatMoney(98765.43, 'fr'), 'fr')).toBe(98765.43);
    expect(parseAmountInput(formatMoney(98765.43, 'en'), 'en')).toBe(98765.43);
    expect(parseAmountInput(formatMoney(98765.43, 'ar'), 'ar')).toBe(98765.43);
  });

  it('refuses what is not an amount of 0 or more', () => {
    expect(parseAmountInput('-5', 'en')).toBeNaN();
    expect(parseAmountInput('12abc', 'en')).toBe(12);
    expect(parseAmountInput('1.2.3,4.5', 'en')).toBeNaN();
    expect(parseAmountInput('?', 'en')).toBeNaN();
  });
});
