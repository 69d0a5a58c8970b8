import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_LIMITS,
  type CustomerImportField,
  type CustomerImportReport,
} from '../../../../shared/schemas/customers';
import { formatNumber } from '../../../lib/format';
import { fieldMessageText } from '../../../lib/error-text';
import { groupByRow, type RowProblem } from '../errors';
import { formatFileSize, type FileProblem } from '../import';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useCustomerErrorText } from './common';

export type Mapping = Record<CustomerImportField, string | null>;

const SKIP = '';

export function FileStep({
  file,
  problem,
  checking,
  error,
  onFile,
}: {
  file: { name: string; size: number } | null;
  problem: FileProblem | 'unreadable' | null;
  checking: boolean;
  error: unknown;
  onFile: (file: File | undefined) => void;
}) {
  const { t } = useTranslation();
  const errorText = useCustomerErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const size = (bytes: number) =>
    formatFileSize(bytes, (value, options) => formatNumber(value, options));

  // Choosing the same file again (after fixing it) must read it again.
  useEffect(() => {
    if (!checking && input.current) input.current.value = '';
  }, [checking]);

  return (
    <Stack spacing={2}>
      <Typography>{t('customers.import.file.intro')}</Typography>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          onFile(event.dataTransfer.files[0]);
        }}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 4,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1.5,
          textAlign: 'center',
          bgcolor: dragging ? 'action.hover' : 'transparent',
        }}
      >
        <Box sx={{ color: 'primary.main', display: 'inline-flex' }} aria-hidden>
          <IconFileTypeCsv size={44} stroke={1.5} />
        </Box>
        {file ? (
          <Typography sx={{ fontWeight: 600 }}>
            {t('customers.import.file.selected', { name: file.name, size: size(file.size) })}
          </Typography>
        ) : null}
        <Button
          component="label"
          variant="contained"
          startIcon={
            checking ? (
              <CircularProgress size={16} color="inherit" aria-hidden />
            ) : (
              <IconUpload size={18} aria-hidden />
            )
          }
          disabled={checking}
        >
          {checking
            ? t('customers.import.file.reading')
            : file
              ? t('customers.import.file.change')
              : t('customers.import.file.choose')}
          <Box
            component="input"
            ref={input}
            type="file"
            accept=".csv,text/csv,text/plain"
            sx={visuallyHidden}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
              onFile(event.target.files?.[0])
            }
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 560 }}>
          {t('customers.import.file.expected')}
        </Typography>
      </Box>
      {problem ? (
        <Alert severity="error">
          {problem === 'tooLarge'
            ? t('customers.import.file.tooLarge', {
                megabytes: CUSTOMER_LIMITS.importChars / 1024 / 1024,
              })
            : t(`customers.import.file.${problem}`)}
        </Alert>
      ) : null}
      {error ? <Alert severity="error">{errorText(error)}</Alert> : null}
    </Stack>
  );
}

export function MappingTable({
  columns,
  mapping,
  onChange,
  nameMissing,
}: {
  columns: readonly string[];
  mapping: Mapping;
  onChange: (field: CustomerImportField, column: string | null) => void;
  nameMissing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5 }}>
      <Table size="small" aria-label={t('customers.import.mapping.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('customers.import.mapping.field')}</TableCell>
            <TableCell>{t('customers.import.mapping.column')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {CUSTOMER_IMPORT_FIELDS.map((field) => {
            const label = t(`customers.fields.${field}`);
            return (
              <TableRow key={field}>
                <TableCell sx={{ fontWeight: 500, width: '35%' }}>
                  {label}
                  {field === 'name' ? (
                    <Box component="span" aria-hidden sx={{ color: 'error.dark' }}>
                      {' *'}
                    </Box>
                  ) : null}
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    value={mapping[field] ?? SKIP}
                    onChange={(event) => onChange(field, event.target.value || null)}
                    required={field === 'name'}
                    error={field === 'name' && nameMissing}
                    helperText={
                      field === 'name' && nameMissing
                        ? t('customers.errors.mappingName')
                        : undefined
                    }
                    slotProps={{
                      htmlInput: {
                        'aria-label': t('customers.import.mapping.columnFor', { field: label }),
                      },
                      select: {
                        displayEmpty: true,
                        SelectDisplayProps: {
                          'aria-label': t('customers.import.mapping.columnFor', { field: label }),
                        },
                      },
                    }}
                  >
                    <MenuItem value={SKIP}>
                      <em>{t('customers.import.mapping.skip')}</em>
                    </MenuItem>
                    {columns.map((column) => (
                      <MenuItem key={column} value={column}>
                        {column}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function SampleTable({
  report,
  mapping,
  busy,
}: {
  report: CustomerImportReport;
  mapping: Mapping;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const fields = CUSTOMER_IMPORT_FIELDS.filter((field) => mapping[field]);
  if (report.sample.length === 0 || fields.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('customers.import.check.sample')}
      </Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, maxHeight: 280 }}>
        <Table
          size="small"
          stickyHeader
          aria-label={t('customers.import.check.sample')}
          aria-busy={busy}
        >
          <TableHead>
            <TableRow>
              {fields.map((field) => (
                <TableCell key={field} sx={{ whiteSpace: 'nowrap' }}>
                  {t(`customers.fields.${field}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.sample.map((row, index) => (
              <TableRow key={index}>
                {fields.map((field) => (
                  <TableCell
                    key={field}
                    sx={{
                      maxWidth: 220,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {row[field] || t('customers.import.check.sampleEmpty')}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

const REPORTED_ERRORS = 1000;

/** The validation report: one entry per row with its problems ("Row 3 — E-mail: …"). */
export function Report({ problems }: { problems: readonly RowProblem[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const rows = groupByRow(problems);
  const fieldLabel = (field: string) =>
    (CUSTOMER_IMPORT_FIELDS as readonly string[]).includes(field)
      ? t(`customers.fields.${field as CustomerImportField}`)
      : field;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('customers.import.check.report')}
      </Typography>
      <Box
        component="ul"
        tabIndex={0}
        aria-labelledby={headingId}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          maxHeight: 320,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1.5,
        }}
      >
        {rows.map(({ row, problems: list }) => (
          <Box
            component="li"
            key={row}
            sx={{
              px: 2,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 0 },
              display: 'flex',
              gap: 2,
              flexWrap: 'wrap',
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 72 }}>
              {t('customers.import.check.row', { row: formatNumber(row) })}
            </Typography>
            <Box component="span" sx={{ flex: 1, minWidth: 200 }}>
              {list.map((problem, index) => (
                <Typography key={index} variant="body2" sx={{ display: 'block' }}>
                  {t('customers.import.check.problem', {
                    field: fieldLabel(problem.field),
                    message: fieldMessageText(t, problem.message),
                  })}
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
      {problems.length >= REPORTED_ERRORS ? (
        <Typography variant="caption" color="text.secondary" sx={{ mt: 1, display: 'block' }}>
          {t('customers.import.check.moreProblems', { number: formatNumber(REPORTED_ERRORS) })}
        </Typography>
      ) : null}
    </Box>
  );
}
