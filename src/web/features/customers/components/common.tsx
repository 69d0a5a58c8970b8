import { StatusChip, type StatusTone } from '../../../components/StatusChip';
import { useTranslation } from 'react-i18next';
import type { CustomerStatus } from '../../../../shared/schemas/customers';
import { errorText } from '../../../lib/error-text';

/** The readable text of a failed customer call. */
export function useCustomerErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return (error) => errorText(t, i18n.language, error);
}

const STATUS_TONES: Record<CustomerStatus, StatusTone> = {
  lead: 'info',
  prospect: 'warning',
  active: 'success',
  churned: 'neutral',
};

export function CustomerStatusChip({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return <StatusChip tone={STATUS_TONES[status]} label={t(`customers.status.${status}`)} />;
}
