import Chip, { type ChipProps } from '@mui/material/Chip';
import { darken } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { CustomerStatus } from '../../../../shared/schemas/customers';
import { errorText } from '../../../lib/error-text';

/** The readable text of a failed customer call. */
export function useCustomerErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return (error) => errorText(t, i18n.language, error);
}

// Outlined chips show their colour as text: only shades that read on the surface.
const STATUS_COLORS: Record<CustomerStatus, ChipProps['color']> = {
  lead: 'info',
  prospect: 'warning',
  active: 'success',
  churned: 'default',
};

export function CustomerStatusChip({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status]}
      label={t(`customers.status.${status}`)}
      sx={
        status === 'prospect'
          ? (theme) => {
              // The spec's orange is too light for text on white (2:1): a darker shade, 4.5:1+.
              const readable = darken(
                theme.colorSchemes.light?.palette.warning.main ?? theme.palette.warning.main,
                0.45,
              );
              return {
                color: readable,
                borderColor: readable,
                ...theme.applyStyles('dark', {
                  color: theme.vars.palette.warning.main,
                  borderColor: theme.vars.palette.warning.main,
                }),
              };
            }
          : status === 'lead'
            ? (theme) => ({
                color: theme.vars.palette.info.dark,
                borderColor: theme.vars.palette.info.dark,
                ...theme.applyStyles('dark', {
                  color: theme.vars.palette.info.light,
                  borderColor: theme.vars.palette.info.light,
                }),
              })
            : undefined
      }
    />
  );
}
