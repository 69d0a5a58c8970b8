import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { diffValues, formatValue, type ChangeKind } from '../diff';

const CHANGE_COLORS: Record<ChangeKind, string | undefined> = {
  added: 'success.main',
  removed: 'error.main',
  changed: 'warning.main',
  unchanged: undefined,
  notRecorded: undefined,
};

const quiet = (change: ChangeKind) => change === 'unchanged' || change === 'notRecorded';

function JsonValue({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const text = formatValue(value);
  if (!text) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('audit.diff.empty')}
      </Typography>
    );
  }
  return (
    <Box
      component="pre"
      dir="ltr"
      sx={{
        m: 0,
        fontFamily: 'monospace',
        fontSize: '0.8125rem',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        // Not 'left': the right-to-left styles would turn it into 'right'.
        textAlign: 'start',
      }}
    >
      {text}
    </Box>
  );
}

/** An entry's before and after, field by field, with what changed marked. */
export function AuditDiff({
  before,
  after,
  labelledBy,
}: {
  before: unknown;
  after: unknown;
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const lines = diffValues(before, after);
  if (lines.length === 0) {
    return <Typography color="text.secondary">{t('audit.diff.none')}</Typography>;
  }
  return (
    <Table size="small" aria-labelledby={labelledBy}>
      <TableHead>
        <TableRow>
          <TableCell scope="col">{t('audit.diff.field')}</TableCell>
          <TableCell scope="col">{t('audit.diff.change')}</TableCell>
          <TableCell scope="col">{t('audit.diff.before')}</TableCell>
          <TableCell scope="col">{t('audit.diff.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line) => (
          <TableRow
            key={line.field || 'value'}
            sx={{
              borderInlineStart: 3,
              borderInlineStartStyle: 'solid',
              borderInlineStartColor: CHANGE_COLORS[line.change] ?? 'transparent',
            }}
          >
            <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
              {line.field ? (
                <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                  {line.field}
                </Box>
              ) : (
                t('audit.diff.value')
              )}
            </TableCell>
            <TableCell
              sx={{
                verticalAlign: 'top',
                color: quiet(line.change) ? 'text.secondary' : 'text.primary',
                fontWeight: quiet(line.change) ? 400 : 600,
                whiteSpace: 'nowrap',
              }}
            >
              {t(`audit.diff.kinds.${line.change}`)}
            </TableCell>
            <TableCell sx={{ verticalAlign: 'top' }}>
              <JsonValue value={line.before} />
            </TableCell>
            <TableCell sx={{ verticalAlign: 'top' }}>
              <JsonValue value={line.after} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
