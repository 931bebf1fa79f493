import { Button, DataList, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { BookCarBody, type CarRecord, proposedTime } from '@second-gear/features/contract';
import { PHONE_DIGITS } from '@second-gear/features/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { bookCar } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useUserRecord } from '../../auth/use-user-record.ts';
import { formatMoney } from '../../components/car-facts.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { FormField } from '../../components/form-field.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { SignedInDialog } from '../../components/sign-in-first.tsx';

/**
 * The car page's address with this ending opens the booking form: where Login and Create an
 * account bring a visitor back to from the form.
 */
export const BOOK_HASH = '#book';

/**
 * A `datetime-local` value ("2026-12-01T15:00", the browser's own time) as ISO-8601 with the
 * browser's offset at that date ("2026-12-01T15:00:00+01:00"). Anything else is left as it is,
 * for the contract to refuse in its words.
 */
export function withLocalOffset(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) {
    return value;
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const east = -date.getTimezoneOffset();
  const hours = String(Math.floor(Math.abs(east) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(east) % 60).padStart(2, '0');
  const seconds = value.length === 16 ? ':00' : '';
  return `${value}${seconds}${east < 0 ? '-' : '+'}${hours}:${minutes}`;
}

// What the buyer types, by the contract's rules for a booking (a phone has 6 to 15 digits; a
// proposed time, optional, in the future and within a year); the rest of the body comes from
// the car and the signed-in user.
const bookingForm = BookCarBody.pick({ buyer_phone: true, meetup: true }).extend({
  proposed_time: z.preprocess(withLocalOffset, proposedTime),
});
type BookingForm = z.output<typeof bookingForm>;

function BookingForm({ car, onDone }: { car: CarRecord; onDone: () => void }) {
  const { user } = useAuth();
  const { data: record } = useUserRecord();
  const queryClient = useQueryClient();
  const buyerName = record?.name || user?.displayName || user?.email || '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
    getValues,
    setValue,
  } = useForm({
    resolver: zodResolver(bookingForm),
    // The car's place is where most meetups happen: offered, and the buyer may change it.
    defaultValues: { buyer_phone: record?.phone ?? '', meetup: car.location, proposed_time: '' },
  });
  // The user's own phone, from their profile, once it is read (unless they typed one already).
  const ownPhone = record?.phone;
  useEffect(() => {
    if (ownPhone && getValues('buyer_phone') === '') setValue('buyer_phone', ownPhone);
  }, [ownPhone, getValues, setValue]);

  const booking = useMutation({
    mutationFn: (values: BookingForm) =>
      bookCar({
        buyer: buyerName,
        seller: car.seller_name,
        buyer_email: user?.email ?? '',
        seller_email: car.email,
        product_id: car._id,
        product_name: car.name,
        price: car.price,
        buyer_phone: values.buyer_phone,
        meetup: values.meetup,
        ...(values.proposed_time ? { proposed_time: values.proposed_time } : {}),
      }),
    onSuccess: () => {
      notifySuccess('Booking Successful!');
      queryClient.invalidateQueries({ queryKey: ['car', car._id] });
      queryClient.invalidateQueries({ queryKey: ['cars'] });
      queryClient.invalidateQueries({ queryKey: ['bookings'] });
      // A conversation about the car shows it booked.
      queryClient.invalidateQueries({ queryKey: ['conversations'] });
      onDone();
    },
    onError: (error) => applyFieldErrors(error, setError, bookingForm.keyof().options),
  });

  return (
    <form id="booking-form" noValidate onSubmit={handleSubmit((values) => booking.mutate(values))}>
      <Stack gap="4">
        <DataList.Root orientation="horizontal" size="sm">
          {[
            ['Your Name', buyerName],
            ['Your Email', user?.email ?? ''],
            ['Car', car.name],
            ['Price', formatMoney(car.price)],
          ].map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        <FormField
          label="Phone"
          required
          helper={`For the seller to reach you: ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits; spaces, dashes and a leading + are fine.`}
          error={errors.buyer_phone?.message}
        >
          <Input type="tel" autoComplete="tel" {...register('buyer_phone')} />
        </FormField>
        <FormField label="Meetup Location" required error={errors.meetup?.message}>
          <Input {...register('meetup')} />
        </FormField>
        <FormField
          label="Proposed time"
          helper="Optional: when you would like to meet."
          error={errors.proposed_time?.message}
        >
          <Input type="datetime-local" {...register('proposed_time')} />
        </FormField>
        <Text fontSize="sm" color="fg.muted">
          This asks {car.seller_name} for a meetup; nothing is paid. They accept or decline, and you
          are notified.
        </Text>
        <FormAlert message={errors.root?.server?.message} />
        <Button type="submit" colorPalette="teal" loading={booking.isPending}>
          Book Now
        </Button>
      </Stack>
    </form>
  );
}

export function BookingDialog({
  car,
  open,
  onClose,
}: {
  car: CarRecord;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <SignedInDialog
      title={`Book ${car.name}`}
      signInReason="Sign in to book a meetup with the seller."
      returnHash={BOOK_HASH}
      open={open}
      onClose={onClose}
    >
      <BookingForm car={car} onDone={onClose} />
    </SignedInDialog>
  );
}
