import { Alert } from '@chakra-ui/react';

/**
 * A form's error that belongs to no one field (a wrong password, a name already taken, a car
 * booked meanwhile): shown in the form, beside its button, and announced as it appears.
 */
export function FormAlert({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
