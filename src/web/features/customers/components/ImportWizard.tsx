import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconCircleCheck, IconFileTypeCsv, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_LIMITS,
  type CustomerImportField,
  type CustomerImportReport,
} from '../../../../shared/schemas/customers';
import { ApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { previewImport, useCommitImport } from '../api/customers';
import { fieldMessageText } from '../../../lib/error-text';
import { groupByRow, rowProblemsFromFields, type RowProblem } from '../errors';
import {
  assignColumn,
  checkFile,
  checkText,
  completeMapping,
  formatFileSize,
  IMPORT_STEPS,
  mappingForApi,
  type FileProblem,
  type ImportStep,
} from '../import';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useCustomerErrorText } from './common';

type Mapping = Record<CustomerImportField, string | null>;

const SKIP = '';

export interface ImportWizardProps {
  open: boolean;
  orgId: string | null;
  onClose: () => void;
}

/** The CSV import: choose a file, map its columns, check every row, import all or nothing. */
export function ImportWizard({ open, orgId, onClose }: ImportWizardProps) {
  const [session, setSession] = useState(0);
  return (
    <Wizard
      key={session}
      open={open}
      orgId={orgId}
      onClose={() => {
        onClose();
        // A fresh wizard next time (after the closing animation).
        setTimeout(() => setSession((current) => current + 1), 300);
      }}
    />
  );
}

function Wizard({ open, orgId, onClose }: ImportWizardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorText = useCustomerErrorText();
  const commit = useCommitImport(orgId);
  const [step, setStep] = useState<ImportStep>('file');
  const [file, setFile] = useState<{ name: string; size: number } | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<FileProblem | 'unreadable' | null>(null);
  const [report, setReport] = useState<CustomerImportReport | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);
  const [commitProblems, setCommitProblems] = useState<RowProblem[] | null>(null);
  const request = useRef(0);

  /** Sends the file (with the chosen mapping, or none for a suggestion) for a report. */
  const check = async (text: string, next: Mapping | null) => {
    const id = ++request.current;
    setChecking(true);
    setCheckError(null);
    try {
      const result = await previewImport(text, next ? mappingForApi(next) : undefined);
      if (id !== request.current) return null;
      setReport(result);
      if (!next) setMapping(completeMapping(result.mapping, result.columns));
      return result;
    } catch (error) {
      if (id === request.current) setCheckError(error);
      return null;
    } finally {
      if (id === request.current) setChecking(false);
    }
  };

  const onFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    request.current++;
    setFile({ name: chosen.name, size: chosen.size });
    setCsv(null);
    setReport(null);
    setMapping(null);
    setCheckError(null);
    setCommitProblems(null);
    commit.reset();
    const sizeProblem = checkFile(chosen);
    if (sizeProblem) {
      setFileProblem(sizeProblem);
      return;
    }
    let text: string;
    try {
      text = await chosen.text();
    } catch {
      setFileProblem('unreadable');
      return;
    }
    const textProblem = checkText(text);
    setFileProblem(textProblem);
    if (textProblem) return;
    setCsv(text);
    if (await check(text, null)) setStep('mapping');
  };

  const nameMissing = mapping !== null && !mapping.name;
  const onMappingChange = (field: CustomerImportField, column: string | null) => {
    if (!mapping || !csv) return;
    const next = assignColumn(mapping, field, column);
    setMapping(next);
    setCommitProblems(null);
    if (next.name) void check(csv, next);
  };

  const onCommit = () => {
    if (!csv || !mapping) return;
    commit.mutate(
      { csv, mapping: mappingForApi(mapping) },
      {
        onSuccess: () => setStep('done'),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'IMPORT_INVALID') {
            setCommitProblems(rowProblemsFromFields(error.fields));
          }
        },
      },
    );
  };

  const problems: RowProblem[] = commitProblems ?? report?.errors ?? [];
  const invalidCount = commitProblems
    ? new Set(commitProblems.map((problem) => problem.row)).size
    : (report?.invalidCount ?? 0);
  const busy = checking || commit.isPending;
  const activeStep = IMPORT_STEPS.indexOf(step);

  return (
    <Dialog
      open={open}
      onClose={commit.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pe: 1.5 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {t('customers.import.title')}
        </Box>
        <IconButton onClick={onClose} disabled={commit.isPending} aria-label={t('common.close')}>
          <IconX size={20} aria-hidden />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Stepper activeStep={activeStep} alternativeLabel>
          {IMPORT_STEPS.map((name, index) => (
            <Step key={name} completed={index < activeStep || step === 'done'}>
              <StepLabel>{t(`customers.import.steps.${name}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>

        {step === 'file' ? (
          <FileStep
            file={file}
            problem={fileProblem}
            checking={checking}
            error={checkError}
            onFile={(chosen) => void onFile(chosen)}
          />
        ) : null}

        {step === 'mapping' && report && mapping ? (
          <Stack spacing={2}>
            <Typography>{t('customers.import.mapping.intro')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {file ? `${file.name} · ` : ''}
              {t('customers.import.mapping.rows', { number: formatNumber(report.rowCount) })}
            </Typography>
            <MappingTable
              columns={report.columns}
              mapping={mapping}
              onChange={onMappingChange}
              nameMissing={nameMissing}
            />
            {checkError ? <Alert severity="error">{errorText(checkError)}</Alert> : null}
            <SampleTable report={report} mapping={mapping} busy={checking} />
          </Stack>
        ) : null}

        {step === 'check' && report ? (
          <Stack spacing={2}>
            {checking ? (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
                <CircularProgress size={20} aria-hidden />
                <Typography>{t('customers.import.check.checking')}</Typography>
              </Stack>
            ) : invalidCount > 0 ? (
              <Alert severity="error" role="alert">
                {t('customers.import.check.invalid', { number: formatNumber(invalidCount) })}
              </Alert>
            ) : (
              <Alert severity="success">
                {t('customers.import.check.allValid', { number: formatNumber(report.validCount) })}
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary">
              {t('customers.import.check.summary', {
                valid: formatNumber(
                  commitProblems ? report.rowCount - invalidCount : report.validCount,
                ),
                invalid: formatNumber(invalidCount),
                total: formatNumber(report.rowCount),
              })}
            </Typography>
            {commit.isError && !commitProblems ? (
              <Alert severity="error">{errorText(commit.error)}</Alert>
            ) : null}
            {problems.length > 0 ? <Report problems={problems} /> : null}
          </Stack>
        ) : null}

        {step === 'done' ? (
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
            <Box sx={{ color: 'success.main', display: 'inline-flex' }} aria-hidden>
              <IconCircleCheck size={56} />
            </Box>
            <Typography variant="h6" component="p" role="status">
              {t('customers.import.done', { number: formatNumber(commit.data?.imported ?? 0) })}
            </Typography>
            <Typography color="text.secondary">{t('customers.import.doneBody')}</Typography>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {step === 'mapping' ? (
          <>
            <Button onClick={() => setStep('file')} disabled={commit.isPending}>
              {t('customers.import.back')}
            </Button>
            <Button
              variant="contained"
              onClick={() => setStep('check')}
              disabled={busy || nameMissing || !!checkError}
            >
              {t('customers.import.next')}
            </Button>
          </>
        ) : step === 'check' ? (
          <>
            <Button onClick={() => setStep('mapping')} disabled={commit.isPending}>
              {t('customers.import.back')}
            </Button>
            {invalidCount > 0 ? (
              <Button variant="outlined" onClick={() => setStep('file')}>
                {t('customers.import.file.change')}
              </Button>
            ) : null}
            <Button
              variant="contained"
              onClick={onCommit}
              disabled={busy || invalidCount > 0 || !report}
            >
              {commit.isPending
                ? t('customers.import.committing')
                : t('customers.import.commit', { number: formatNumber(report?.validCount ?? 0) })}
            </Button>
          </>
        ) : (
          <Button onClick={onClose} variant={step === 'done' ? 'contained' : 'text'}>
            {t('common.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function FileStep({
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

function MappingTable({
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

function SampleTable({
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
function Report({ problems }: { problems: readonly RowProblem[] }) {
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
