import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES } from '../schemas';

/** The password rules, each marked as met or not while the user types. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  return (
    <Box id={id} sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('auth.register.passwordRules')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <Box
              component="li"
              key={rule.id}
              data-rule={rule.id}
              data-met={met}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                color: met ? 'success.main' : 'text.secondary',
                typography: 'body2',
              }}
            >
              {met ? (
                <IconCircleCheckFilled size={16} aria-hidden />
              ) : (
                <IconCircle size={16} aria-hidden />
              )}
              <span>{t(`auth.register.rules.${rule.id}`, { min: PASSWORD_MIN_LENGTH })}</span>
              <Box component="span" sx={visuallyHidden}>
                {met ? t('auth.register.ruleMet') : t('auth.register.ruleNotMet')}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
