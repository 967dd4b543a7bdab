// The login screen at / and /login (docs/PRODUCT.md, Sign-in, States and Validation messages). A verified admin landing
// here goes to /home; a visitor stays (no redirect loop). Errors show only after a field is touched. An account with
// two-step sign-in gets a second step after a right password: the app's code or a recovery code (docs/SECURITY.md,
// "Two-step sign-in"); an account that must still turn it on lands on its page instead of /home.
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { authProvider } from '../../authProvider';
import { LOGIN_PASSWORD_MIN, TOTP_CODE_NEEDED, TOTP_CODE_WRONG } from '../../contract/auth';
import { useDocumentDirection } from '../layout/Layout';
import { usePageTitle } from '../layout/pageTitle';
import { TWO_STEP_PATH } from '../account/TwoStepPage';
import { SignedOutNotice } from './signedOutNotice';

interface LoginForm {
  email: string;
  password: string;
  code: string;
}

export function LoginPage() {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useDocumentDirection();
  usePageTitle();
  const [failed, setFailed] = useState<null | 'failed' | 'codeWrong'>(null);
  const [step, setStep] = useState<'password' | 'code'>('password');
  const { register, handleSubmit, formState, setValue } = useForm<LoginForm>({
    mode: 'onTouched',
    defaultValues: { email: '', password: '', code: '' },
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    let live = true;
    authProvider.verify().then((ok) => {
      if (ok && live) navigate('/home', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate]);

  const onSubmit = async (values: LoginForm) => {
    setFailed(null);
    try {
      await authProvider.login(step === 'code' ? values : { email: values.email, password: values.password });
      // At / the admin's route guard has already run and remembers "not signed in": forget it before
      // moving on, or /home would send the new admin straight back here.
      await queryClient.resetQueries({ queryKey: ['auth'] });
      navigate((await authProvider.totpSetupNeeded()) ? TWO_STEP_PATH : '/home');
    } catch (e) {
      const message = (e as Error)?.message;
      if (message === TOTP_CODE_NEEDED) setStep('code');
      else if (message === TOTP_CODE_WRONG) setFailed('codeWrong');
      else setFailed('failed');
      if (message === TOTP_CODE_WRONG) setValue('code', '');
    }
  };
  const back = () => {
    setStep('password');
    setFailed(null);
    setValue('code', '');
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: 'grid', gap: 2 }}>
          <Box component="img" src="/logo.svg" alt="Specter" sx={{ height: 64, mx: 'auto' }} />
          <SignedOutNotice />
          {failed && (
            <Alert severity="error" variant="filled">
              {t(failed === 'codeWrong' ? 'specter.login.codeWrong' : 'specter.login.failed')}
            </Alert>
          )}
          {step === 'code' ? (
            <>
              <Typography variant="body2">{t('specter.login.codeHelp')}</Typography>
              <TextField
                label={t('specter.login.code')}
                autoComplete="one-time-code"
                autoFocus
                slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters', spellCheck: false } }}
                error={!!errors.code}
                helperText={errors.code?.message}
                {...register('code', { required: t('specter.validation.required') })}
              />
            </>
          ) : (
            <>
              <TextField
                label={t('specter.login.email')}
                type="email"
                autoComplete="username"
                autoFocus
                error={!!errors.email}
                helperText={errors.email?.message}
                {...register('email', { required: t('specter.validation.required') })}
              />
              <TextField
                label={t('specter.login.password')}
                type="password"
                autoComplete="current-password"
                error={!!errors.password}
                helperText={errors.password?.message}
                {...register('password', {
                  required: t('specter.validation.required'),
                  minLength: { value: LOGIN_PASSWORD_MIN, message: t('specter.login.passwordMin') },
                })}
              />
            </>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : null}
          >
            {t(step === 'code' ? 'specter.login.codeSubmit' : 'specter.login.submit')}
          </Button>
          {step === 'code' && (
            <Button onClick={back} disabled={isSubmitting}>
              {t('specter.login.back')}
            </Button>
          )}
          {step === 'password' && (
            <Typography variant="body2" color="text.secondary" textAlign="center">
              {t('specter.login.forgot')}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
