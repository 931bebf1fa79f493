import { Avatar, Box, Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeProfileBody, type UserRecord } from '@second-gear/features/contract';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { changeProfile } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useUserRecord } from '../../auth/use-user-record.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { FormField } from '../../components/form-field.tsx';
import { notifyInfo } from '../../components/notify.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useCommand } from '../../components/use-command.ts';

type Profile = z.output<typeof ChangeProfileBody>;
const fields = ['name', 'phone', 'photoURL'] as const;

/** What the user changed, as the contract reads it (a blank phone or picture is `null`). */
export function profileChanges(record: UserRecord, edited: Profile): Profile {
  const changes: Profile = {};
  if (edited.name !== undefined && edited.name !== record.name) changes.name = edited.name;
  if ((edited.phone ?? null) !== record.phone) changes.phone = edited.phone ?? null;
  if ((edited.photoURL ?? null) !== record.photoURL) changes.photoURL = edited.photoURL ?? null;
  return changes;
}

function ProfileForm({ record }: { record: UserRecord }) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ChangeProfileBody),
    defaultValues: {
      name: record.name,
      phone: record.phone ?? '',
      photoURL: record.photoURL ?? '',
    },
  });
  const picture = useWatch({ control, name: 'photoURL' });
  const name = useWatch({ control, name: 'name' });
  const change = useCommand<Profile>({
    run: (changes) => changeProfile(changes),
    success: 'Profile updated',
    invalidate: [['user']],
    onError: (error) => {
      applyFieldErrors(error, setError, fields);
      return true;
    },
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit((edited) => {
        const changes = profileChanges(record, edited);
        if (Object.keys(changes).length === 0) notifyInfo('Nothing changed');
        else change.mutate(changes);
      })}
    >
      <Stack gap="5" maxW="md">
        <HStack gap="4">
          <Avatar.Root size="2xl">
            <Avatar.Fallback name={typeof name === 'string' ? name : record.name} />
            {typeof picture === 'string' && picture.trim() !== '' ? (
              <Avatar.Image src={picture} alt="" />
            ) : null}
          </Avatar.Root>
          <Text color="fg.muted" fontSize="sm">
            {record.email}
          </Text>
        </HStack>
        <FormField label="Name" required error={errors.name?.message}>
          <Input autoComplete="name" {...register('name')} />
        </FormField>
        <FormField
          label="Phone"
          helper="Your bookings start with it. Leave it blank to remove it."
          error={errors.phone?.message}
        >
          <Input type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <FormField
          label="Picture URL"
          helper="The address of a picture of you (https://...). Leave it blank to remove it."
          error={errors.photoURL?.message}
        >
          <Input type="url" autoComplete="photo" {...register('photoURL')} />
        </FormField>
        <FormAlert message={errors.root?.server?.message} />
        <Box>
          <Button type="submit" colorPalette="teal" loading={change.isPending}>
            Save profile
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

export default function ProfilePage() {
  usePageTitle('Profile');
  const { user } = useAuth();
  const { data: record, isPending } = useUserRecord();
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        Profile
      </Heading>
      {isPending ? (
        <PageLoader label="Loading your profile" />
      ) : record ? (
        // Opens again with what was saved once the record is read anew.
        <ProfileForm key={`${record.name}|${record.phone}|${record.photoURL}`} record={record} />
      ) : (
        <Text color="fg.error">Your profile for {user?.email} could not be loaded.</Text>
      )}
    </Stack>
  );
}
