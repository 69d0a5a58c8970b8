import { useTranslation } from 'react-i18next';
import { CUSTOMER_CURRENCY } from '../../../shared/schemas/customers';
import { formatDate, formatNumber } from '../../lib/format';

/** The dashboard's number, money, percent, week and list formats in the current language. */
export function useDashboardFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    number: (value: number) => formatNumber(value, {}, language),
    money: (value: number) =>
      formatNumber(
        value,
        { style: 'currency', currency: CUSTOMER_CURRENCY, maximumFractionDigits: 0 },
        language,
      ),
    compactMoney: (value: number) =>
      formatNumber(
        value,
        {
          style: 'currency',
          currency: CUSTOMER_CURRENCY,
          currencyDisplay: 'narrowSymbol',
          notation: 'compact',
          maximumFractionDigits: 1,
        },
        language,
      ),
    percent: (value: number) =>
      formatNumber(value, { style: 'percent', maximumFractionDigits: 1 }, language),
    change: (value: number) =>
      formatNumber(
        value,
        { style: 'percent', maximumFractionDigits: 0, signDisplay: 'always' },
        language,
      ),
    week: (iso: string) =>
      formatDate(`${iso}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' }, language),
    list: (items: string[]) =>
      new Intl.ListFormat(language, { type: 'conjunction', style: 'short' }).format(items),
  };
}
