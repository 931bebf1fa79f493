import { Button, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { JwtQuery, requiredMessage } from '@second-gear/features/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { useAuth } from '../auth/auth-context.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { FormField } from '../components/form-field.tsx';
import { notifySuccess } from '../components/notify.ts';
import { usePageTitle } from '../components/page-title.ts';
import {
  AuthCard,
  destinationAfterSignIn,
  GoogleButton,
  reportAuthFailure,
} from './auth-shared.tsx';

// The email the service token is then asked for (`GET /api/jwt?email=`), by the contract's rule,
// and the password for the identity provider. An empty email shows the same "This field is
// required" as every other field, not an email-specific message.
const loginSchema = JwtQuery.extend({ password: z.string().min(1, requiredMessage) });

type LoginForm = z.infer<typeof loginSchema>;

export default function LoginPage() {
  usePageTitle('Login');
  const { signIn, signInWithGoogle, sendPasswordReset } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [googleBusy, setGoogleBusy] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginSchema) });

  const done = () => {
    notifySuccess('User Login Successfully');
    navigate(destinationAfterSignIn(location), { replace: true });
  };

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await signIn(email, password);
      done();
    } catch (error) {
      reportAuthFailure(error, setError);
    }
  });

  const google = async () => {
    clearErrors('root');
    setGoogleBusy(true);
    try {
      await signInWithGoogle();
      done();
    } catch (error) {
      reportAuthFailure(error, setError);
    } finally {
      setGoogleBusy(false);
    }
  };

  const forgotPassword = async () => {
    const email = getValues('email')?.trim();
    if (!email) {
      setError('email', { message: requiredMessage });
      return;
    }
    clearErrors('email');
    clearErrors('root');
    try {
      await sendPasswordReset(email);
      notifySuccess(`Password reset email sent to ${email}`);
    } catch (error) {
      reportAuthFailure(error, setError);
    }
  };

  return (
    <AuthCard>
      <Stack gap="5">
        <Heading as="h1" size="2xl" textAlign="center">
          Login
        </Heading>
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="4">
            <FormField label="Email" required error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...register('email')} />
            </FormField>
            <FormField label="Password" required error={errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...register('password')} />
            </FormField>
            <Link
              as="button"
              type="button"
              fontSize="sm"
              alignSelf="flex-start"
              minH={{ base: '11', md: 'auto' }}
              onClick={forgotPassword}
            >
              Forgot password?
            </Link>
            <FormAlert message={errors.root?.server?.message} />
            <Button type="submit" colorPalette="teal" loading={isSubmitting}>
              Login
            </Button>
          </Stack>
        </form>
        <Text fontSize="sm" textAlign="center">
          New to Second Gear?{' '}
          <Link asChild color="teal.fg">
            <RouterLink to="/register" state={location.state}>
              Create an account
            </RouterLink>
          </Link>
        </Text>
        <GoogleButton onClick={google} loading={googleBusy} />
      </Stack>
    </AuthCard>
  );
}
