import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { IconCircleCheck, IconX } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CustomerImportField,
  type CustomerImportReport,
} from '../../../../shared/schemas/customers';
import { ApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { previewImport, useCommitImport } from '../api/customers';
import { rowProblemsFromFields, type RowProblem } from '../errors';
import {
  assignColumn,
  checkFile,
  checkText,
  completeMapping,
  IMPORT_STEPS,
  mappingForApi,
  type FileProblem,
  type ImportStep,
} from '../import';
import { useCustomerErrorText } from './common';
import { FileStep, MappingTable, Report, SampleTable, type Mapping } from './ImportSteps';

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
