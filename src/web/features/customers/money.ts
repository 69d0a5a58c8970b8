import { CUSTOMER_CURRENCY } from '../../../shared/schemas/customers';
import { formatNumber } from '../../lib/format';

/** A customer value as money in the current language ("$1,250.50", "1 250,50 $US"). */
export function formatMoney(value: number, language?: string): string {
  return formatNumber(
    value,
    { style: 'currency', currency: CUSTOMER_CURRENCY, maximumFractionDigits: 2 },
    language,
  );
}

/** A value as one types it again: no currency, no grouping ("1250.5", "1250,5", "١٢٥٠٫٥"). */
export function formatAmountForEditing(value: number, language?: string): string {
  return formatNumber(value, { useGrouping: false, maximumFractionDigits: 2 }, language);
}

/** The decimal separator of a language (after Arabic separators are made plain). */
function decimalSeparator(language: string): string {
  const part = new Intl.NumberFormat(language)
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal')?.value;
  return part === '٫' ? '.' : (part ?? '.');
}

/**
 * An amount as a person types it in their language: Arabic-Indic digits, the Arabic separators,
 * spaces, a currency sign and thousands separators are accepted ("1,250.50", "1 250,50 €",
 * "١٬٢٥٠٫٥٠"). Blank is 0; anything else that is not an amount of 0 or more gives NaN (the form
 * then shows the schema's message).
 */
export function parseAmountInput(text: string, language: string): number {
  const plain = text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',')
    .replace(/[\s\u00a0\u202f'’]/g, '')
    .replace(/[^\d.,-]/g, (char) => (/\p{L}|\p{Sc}|\p{Cf}/u.test(char) ? '' : char));
  if (plain === '') return 0;
  if (!/^[\d.,]+$/.test(plain)) return Number.NaN;
  const lastDot = plain.lastIndexOf('.');
  const lastComma = plain.lastIndexOf(',');
  let decimal: string | null = null;
  if (lastDot >= 0 && lastComma >= 0) {
    decimal = lastDot > lastComma ? '.' : ',';
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const count = plain.split(separator).length - 1;
    const digitsAfter = plain.length - plain.lastIndexOf(separator) - 1;
    if (count === 1 && (separator === decimalSeparator(language) || digitsAfter !== 3)) {
      decimal = separator;
    }
  }
  const group = decimal === '.' ? ',' : decimal === ',' ? '.' : null;
  let normalised = plain;
  if (group) normalised = normalised.split(group).join('');
  if (!decimal) normalised = normalised.replace(/[.,]/g, '');
  else if (decimal === ',') normalised = normalised.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalised)) return Number.NaN;
  return Number(normalised);
}
