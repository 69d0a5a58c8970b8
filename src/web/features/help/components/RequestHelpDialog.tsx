import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  HELP_AUTO_CLOSE_MS,
  HELP_DIALOG_MAX_WIDTH_PX,
  HELP_TEXT_MAX_LENGTH,
  HELP_TEXT_MIN_LENGTH,
  HELP_TEXT_ROWS,
} from '../../../../shared/constants';
import {
  issueDescriptionSchema,
  type HelpRequestRecord,
} from '../../../../shared/schemas/help-request';
import { RouterLink } from '../../../components/RouterLink';
import { muiRegister } from '../../../lib/forms';
import { track } from '../../../lib/tag-manager';
import { helpSessionQueryOptions, useSubmitHelpRequest } from '../api/help-requests';
import { describeHelpFailure, validationRuleOf, type HelpFailure } from '../help-errors';

const formSchema = z.object({ issue_description: issueDescriptionSchema });
type FormValues = z.input<typeof formSchema>;

export type RequestHelpCloseReason = 'cancel' | 'submitted' | 'signIn';

export interface RequestHelpDialogProps {
  open: boolean;
  /** The dialog has reset itself; the owner hides it. */
  onClose: (reason: RequestHelpCloseReason) => void;
  /** "Emits submitted" (spec section 4): the stored request, once the server has it. */
  onSubmitted?: (request: HelpRequestRecord) => void;
}

const LIMITS = { min: HELP_TEXT_MIN_LENGTH, max: HELP_TEXT_MAX_LENGTH };

function failureText(t: TFunction, failure: HelpFailure): string {
  switch (failure.kind) {
    case 'unauthenticated':
      return t('help.errors.unauthenticated');
    case 'tableMissing':
      return t('help.errors.tableMissing');
    case 'failed': {
      const { detail } = failure;
      const text =
        detail.kind === 'network'
          ? t('help.errors.network')
          : detail.kind === 'rateLimited'
            ? t('help.errors.rateLimited')
            : detail.kind === 'validation'
              ? t(`help.validation.${detail.rule}`, LIMITS)
              : detail.kind === 'message'
                ? detail.message
                : '';
      return text ? t('help.errors.failedWithDetail', { detail: text }) : t('help.errors.failed');
    }
  }
}

/**
 * The Request Help dialog (spec sections 2, 4, 5, 8 and 9): persistent (neither a click
 * outside nor Escape closes it), a 6-row description with a counter of 1000, submit
 * disabled until valid and while submitting; on success the message shows, `onSubmitted`
 * fires, and after 2 s the text resets and the dialog closes. Sends the current URL.
 */
export function RequestHelpDialog({ open, onClose, onSubmitted }: RequestHelpDialogProps) {
  const { t } = useTranslation();
  const introId = useId();
  const { pathname, searchStr } = useLocation();
  const submit = useSubmitHelpRequest();
  const [submitted, setSubmitted] = useState(false);
  const signedIn = useQuery({ ...helpSessionQueryOptions(), enabled: open });
  const signedOut = signedIn.data === false;

  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isValid },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onChange',
    defaultValues: { issue_description: '' },
  });
  const length = useWatch({ control, name: 'issue_description' }).length;

  /** Clears the text and the messages, then lets the owner hide the dialog. */
  const finish = (reason: RequestHelpCloseReason) => {
    reset();
    submit.reset();
    setSubmitted(false);
    onClose(reason);
  };
  const autoClose = useEffectEvent(() => finish('submitted'));

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => autoClose(), HELP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [submitted]);

  const onSubmit = handleSubmit((values) => {
    submit.mutate(values.issue_description, {
      onSuccess: (request) => {
        setSubmitted(true);
        track('help_request_submitted', { project_id: request.project_id });
        onSubmitted?.(request);
      },
      onError: (error) => {
        const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
        track('error_occurred', {
          error_type: 'help_request',
          error_code: typeof code === 'string' ? code : undefined,
        });
      },
    });
  });

  const descriptionError = validationRuleOf(errors.issue_description?.message);
  const failure = submit.isError ? describeHelpFailure(submit.error) : null;
  const onLoginPage = pathname === '/login';

  return (
    <Dialog
      open={open}
      // Persistent (spec section 2): without onClose neither a click outside nor Escape
      // closes it; only Cancel and the auto-close after a success do.
      fullWidth
      maxWidth={false}
      aria-describedby={introId}
      slotProps={{
        paper: {
          component: 'form',
          onSubmit,
          sx: { maxWidth: HELP_DIALOG_MAX_WIDTH_PX },
        },
      }}
    >
      <DialogTitle>{t('help.dialog.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText id={introId}>{t('help.dialog.intro')}</DialogContentText>
        {signedOut ? (
          <Alert
            severity="info"
            action={
              onLoginPage ? undefined : (
                <RouterLink
                  to="/login"
                  search={{ to: `${pathname}${searchStr}` }}
                  onClick={() => finish('signIn')}
                  sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }}
                >
                  {t('help.dialog.signIn')}
                </RouterLink>
              )
            }
          >
            {t('help.dialog.signInRequired')}
          </Alert>
        ) : null}
        {submitted ? (
          <Alert severity="success" role="status">
            {t('help.dialog.success')}
          </Alert>
        ) : null}
        {failure ? <Alert severity="error">{failureText(t, failure)}</Alert> : null}
        <TextField
          {...muiRegister(register('issue_description'))}
          label={t('help.dialog.label')}
          placeholder={t('help.dialog.placeholder')}
          multiline
          rows={HELP_TEXT_ROWS}
          fullWidth
          autoFocus
          disabled={signedOut || submitted}
          error={!!descriptionError}
          slotProps={{ htmlInput: { maxLength: HELP_TEXT_MAX_LENGTH } }}
          sx={{ mt: 1 }}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>
                {descriptionError ? t(`help.validation.${descriptionError}`, LIMITS) : null}
              </span>
              <Box component="span" sx={{ flexShrink: 0 }}>
                {t('help.dialog.counter', { length, max: HELP_TEXT_MAX_LENGTH })}
              </Box>
            </Box>
          }
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={() => finish('cancel')}>{t('common.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isValid || submit.isPending || submitted || signedOut}
          loading={submit.isPending}
          loadingPosition="start"
          startIcon={<IconSend size={18} aria-hidden />}
        >
          {submit.isPending ? t('help.dialog.submitting') : t('help.dialog.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
