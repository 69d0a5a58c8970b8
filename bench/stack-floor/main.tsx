// The stack floor: the smallest sign-in page the libraries ARCHITECTURE.md fixes can make (React 19,
// MUI with CSS-variable colour schemes, Emotion with the RTL stylis plugin, TanStack Router and
// Query, i18next, react-hook-form with zod, notistack), with none of Meridian's own code.
// `npm run bench:bundle` builds it and reports each page's JavaScript as a ratio to it.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CssBaseline from '@mui/material/CssBaseline';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import i18next from 'i18next';
import { SnackbarProvider } from 'notistack';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { initReactI18next, useTranslation } from 'react-i18next';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { z } from 'zod';

const schema = z.object({
  email: z.email(),
  password: z.string().min(8),
  remember: z.boolean(),
});

void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { signIn: 'Sign in', email: 'Email', password: 'Password' } } },
});

const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: { light: true, dark: true },
});
const ltrCache = createCache({ key: 'mui' });
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
const queryClient = new QueryClient();

function SignIn() {
  const { i18n } = useTranslation();
  // The app's typed keys do not apply to this page's own resources.
  const t = (key: string) => String(i18n.t(key as never));
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', remember: false },
  });
  const signIn = useMutation({
    mutationFn: (values: z.infer<typeof schema>) =>
      fetch('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify(values) }),
  });
  return (
    <CacheProvider value={i18n.dir() === 'rtl' ? rtlCache : ltrCache}>
      <Card>
        <CardContent component="form" onSubmit={handleSubmit((values) => signIn.mutate(values))}>
          <Typography variant="h4">{t('signIn')}</Typography>
          {signIn.isError && <Alert severity="error">{signIn.error.message}</Alert>}
          <TextField
            label={t('email')}
            {...register('email')}
            error={Boolean(formState.errors.email)}
            helperText={formState.errors.email?.message}
          />
          <TextField
            label={t('password')}
            type="password"
            {...register('password')}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label="Show password">*</IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <FormControlLabel control={<Checkbox {...register('remember')} />} label="Remember me" />
          <Link href="/forgot-password">Forgot password?</Link>
          <Button type="submit" variant="contained">
            {t('signIn')}
          </Button>
        </CardContent>
      </Card>
    </CacheProvider>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const signInRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: SignIn });
const router = createRouter({ routeTree: rootRoute.addChildren([signInRoute]) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
