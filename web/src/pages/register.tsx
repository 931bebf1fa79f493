import { Button, Checkbox, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { requiredMessage, requiredText } from '@second-gear/features/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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

// The name and email of the registration (`POST /api/user`) by the contract's rules for its text
// fields, both required here: the identity provider needs the email, and the name becomes the
// display name. The password is the identity provider's; the checkbox is the body's `type`.
const registerSchema = z.object({
  name: requiredText(100),
  email: requiredText(320),
  password: z.string().min(1, requiredMessage),
  seller: z.boolean(),
});

type RegisterForm = z.infer<typeof registerSchema>;

export default function RegisterPage() {
  usePageTitle('Register');
  const { signUp, signInWithGoogle } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [googleBusy, setGoogleBusy] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', seller: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUp(values);
      notifySuccess('User Created Successfully');
      navigate(destinationAfterSignIn(location), { replace: true });
    } catch (error) {
      reportAuthFailure(error, setError);
    }
  });

  const google = async () => {
    clearErrors('root');
    setGoogleBusy(true);
    try {
      await signInWithGoogle();
      notifySuccess('User Login Successfully');
      navigate(destinationAfterSignIn(location), { replace: true });
    } catch (error) {
      reportAuthFailure(error, setError);
    } finally {
      setGoogleBusy(false);
    }
  };

  return (
    <AuthCard>
      <Stack gap="5">
        <Heading as="h1" size="2xl" textAlign="center">
          Sign Up
        </Heading>
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="4">
            <FormField label="Name" required error={errors.name?.message}>
              <Input autoComplete="name" {...register('name')} />
            </FormField>
            <FormField label="Email" required error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...register('email')} />
            </FormField>
            <FormField label="Password" required error={errors.password?.message}>
              <Input type="password" autoComplete="new-password" {...register('password')} />
            </FormField>
            <Controller
              control={control}
              name="seller"
              render={({ field }) => (
                <Checkbox.Root
                  checked={field.value}
                  onCheckedChange={(e) => field.onChange(e.checked === true)}
                  colorPalette="teal"
                >
                  <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
                  <Checkbox.Control />
                  <Checkbox.Label>Sign up as a Seller</Checkbox.Label>
                </Checkbox.Root>
              )}
            />
            <FormAlert message={errors.root?.server?.message} />
            <Button type="submit" colorPalette="teal" loading={isSubmitting}>
              Sign Up
            </Button>
          </Stack>
        </form>
        <Text fontSize="sm" textAlign="center">
          Already have an account?{' '}
          <Link asChild color="teal.fg">
            <RouterLink to="/login" state={location.state}>
              Login
            </RouterLink>
          </Link>
        </Text>
        <GoogleButton onClick={google} loading={googleBusy} />
      </Stack>
    </AuthCard>
  );
}
