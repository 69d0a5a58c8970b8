import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataSourceType } from '../../../../shared/schemas/data-sources';
import { formatNumber } from '../../../lib/format';
import { sourceSummary } from '../summary';
import { formatBytes } from '../upload';

/** Host and database, base address, or file name with its rows and size. */
export function SourceSummaryText({
  source,
  color = 'text.secondary',
}: {
  source: { type: DataSourceType; config: Record<string, unknown> };
  color?: string;
}) {
  const { t, i18n } = useTranslation();
  const summary = sourceSummary(source);
  const text =
    summary.kind === 'file'
      ? t('dataSources.list.fileSummary', {
          fileName: summary.fileName,
          rows: formatNumber(summary.rowCount),
          size: formatBytes(summary.size, i18n.language),
        })
      : summary.kind === 'none'
        ? '—'
        : summary.text;
  return (
    <Typography
      variant="body2"
      color={color}
      sx={{
        wordBreak: 'break-all',
        ...(summary.kind === 'file' ? {} : { fontFamily: 'monospace', fontSize: 13 }),
      }}
    >
      {/* Addresses read left to right in every language; the line keeps the page's side. */}
      {summary.kind === 'file' ? text : <bdi dir="ltr">{text}</bdi>}
    </Typography>
  );
}
