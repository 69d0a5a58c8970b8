import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DATA_SOURCE_ERROR_CODES,
  DATA_SOURCE_LIMITS,
} from '../../../../shared/schemas/data-sources';
import { ApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { uploadDataSourceFile, type UploadResult } from '../api/data-sources';
import { useErrorText } from '../../../components/ErrorAlert';
import { errorText, uploadFormSchema, type UploadForm } from '../connection-form';
import { checkUploadFile, formatBytes, invalidRowsOf, type InvalidRow } from '../upload';
import { NameDescriptionFields } from './NameDescriptionFields';
import { UploadFailure } from './UploadReports';

/**
 * A CSV or JSON upload: a new file data source (name, description, file) or a new file for a
 * saved one (`dataSourceId`). The file is checked here first (format, 50 MB); bad rows refuse
 * it with a report, unless 'skip invalid rows' is ticked.
 */
export function FileUploadFields({
  dataSourceId,
  onUploaded,
  onCancel,
  submitLabel,
}: {
  dataSourceId?: string;
  onUploaded: (result: UploadResult) => void;
  onCancel?: () => void;
  submitLabel: string;
}) {
  const { t, i18n } = useTranslation();
  const failureText = useErrorText();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const replacing = Boolean(dataSourceId);
  const form = useForm<UploadForm>({
    resolver: zodResolver(uploadFormSchema(replacing)),
    defaultValues: { name: '', description: '', skipInvalidRows: false },
  });
  const nameError = errorText(t, form.formState.errors.name?.message);
  // The file is checked when chosen (format, size), outside the form's values.
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<{
    message: string;
    rows: InvalidRow[];
    invalidFile: boolean;
  } | null>(null);

  const choose = (chosen: File | undefined) => {
    setFailure(null);
    if (!chosen) return;
    const problem = checkUploadFile(chosen);
    if (problem) {
      setFile(null);
      setFileError(t(`dataSources.upload.${problem}`));
      return;
    }
    setFileError(null);
    setFile(chosen);
    if (!replacing && !form.getValues('name').trim())
      form.setValue('name', chosen.name.replace(/\.[^.]+$/, '').slice(0, 100));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const upload = async (values: UploadForm) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const result = await uploadDataSourceFile(
        {
          file,
          ...(replacing
            ? { dataSourceId }
            : { name: values.name.trim(), description: values.description.trim() }),
          skipInvalidRows: values.skipInvalidRows,
        },
        setProgress,
      );
      onUploaded(result);
    } catch (error) {
      const invalidFile =
        error instanceof ApiError && error.code === DATA_SOURCE_ERROR_CODES.invalidFile;
      if (error instanceof ApiError && error.fields?.name?.[0] && !invalidFile) {
        form.setError('name', { message: failureText(error) });
      }
      setFailure({
        message: failureText(error),
        rows: invalidFile ? invalidRowsOf(error.fields) : [],
        invalidFile,
      });
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Stack spacing={2.5}>
      {replacing ? null : (
        <NameDescriptionFields
          name={form.register('name')}
          description={form.register('description')}
          nameError={nameError}
          disabled={uploading}
        />
      )}

      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={(theme) => ({
          border: '2px dashed',
          borderColor: fileError ? 'error.main' : dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
          bgcolor: dragging ? alpha(theme.palette.primary.main, 0.06) : 'transparent',
          transition: 'border-color 120ms, background-color 120ms',
        })}
      >
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,.tsv,.txt,.json,text/csv,application/json"
          aria-describedby={hintId}
          hidden
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {file ? (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', justifyContent: 'center' }}
          >
            <IconFileSpreadsheet size={28} aria-hidden />
            <Box sx={{ textAlign: 'start' }}>
              <Typography sx={{ fontWeight: 500, wordBreak: 'break-all' }}>{file.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatBytes(file.size, i18n.language)}
              </Typography>
            </Box>
            <IconButton
              aria-label={t('dataSources.upload.removeFile', { name: file.name })}
              onClick={() => {
                setFile(null);
                setFailure(null);
              }}
              disabled={uploading}
              size="small"
            >
              <IconX size={18} aria-hidden />
            </IconButton>
          </Stack>
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <IconUpload size={32} aria-hidden />
            <Typography>{t('dataSources.upload.dropHere')}</Typography>
            <Button variant="outlined" onClick={() => input.current?.click()} disabled={uploading}>
              {t('dataSources.upload.choose')}
            </Button>
          </Stack>
        )}
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('dataSources.upload.limits', {
            size: formatBytes(DATA_SOURCE_LIMITS.fileMaxBytes, i18n.language),
          })}
        </Typography>
      </Box>
      {fileError ? (
        <FormHelperText error role="alert" sx={{ mt: -1.5 }}>
          {fileError}
        </FormHelperText>
      ) : null}

      <FormControlLabel
        control={
          <Controller
            control={form.control}
            name="skipInvalidRows"
            render={({ field: { value, onChange, ref: _ref, ...skip } }) => (
              <Checkbox
                {...skip}
                checked={value}
                onChange={(event) => onChange(event.target.checked)}
                disabled={uploading}
              />
            )}
          />
        }
        label={t('dataSources.upload.skipInvalidRows')}
      />

      {uploading ? (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {percent >= 100
              ? t('dataSources.upload.processing')
              : t('dataSources.upload.uploading', { percent: formatNumber(percent) })}
          </Typography>
          <LinearProgress
            variant={percent >= 100 ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={t('dataSources.upload.progress')}
          />
        </Box>
      ) : null}

      {failure ? <UploadFailure failure={failure} /> : null}

      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel ? (
          <Button onClick={onCancel} disabled={uploading}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button
          variant="contained"
          onClick={() => {
            if (!file) setFileError(t('dataSources.validation.fileRequired'));
            void form.handleSubmit(upload)();
          }}
          disabled={uploading}
          startIcon={<IconUpload size={18} aria-hidden />}
        >
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
