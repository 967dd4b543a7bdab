// The login screen at / and /login (docs/PRODUCT.md, Sign-in, States and Validation messages). A verified admin landing
// here goes to /home; a visitor stays (no redirect loop). Errors show only after a field is touched.
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { authProvider } from '../../authProvider';
import { LOGIN_PASSWORD_MIN } from '../../contract/auth';
import { useDocumentDirection } from '../layout/Layout';
import { usePageTitle } from '../layout/pageTitle';
import { SignedOutNotice } from './signedOutNotice';

interface LoginForm {
  email: string;
  password: string;
}

export function LoginPage() {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useDocumentDirection();
  usePageTitle();
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, formState } = useForm<LoginForm>({
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
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
    setFailed(false);
    try {
      await authProvider.login(values);
      // At / the admin's route guard has already run and remembers "not signed in": forget it before
      // moving on, or /home would send the new admin straight back here.
      await queryClient.resetQueries({ queryKey: ['auth'] });
      navigate('/home');
    } catch {
      setFailed(true);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: 'grid', gap: 2 }}>
          <Box component="img" src="/logo.svg" alt="Specter" sx={{ height: 64, mx: 'auto' }} />
          <SignedOutNotice />
          {failed && (
            <Alert severity="error" variant="filled">
              {t('specter.login.failed')}
            </Alert>
          )}
          <TextField
            label={t('specter.login.email')}
            type="email"
            autoComplete="username"
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
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : null}
          >
            {t('specter.login.submit')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
