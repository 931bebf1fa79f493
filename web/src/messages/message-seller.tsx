// "Message seller" on a car's page: for anyone but the car's own seller. A buyer who already
// wrote about the car goes back to that conversation; otherwise a dialog takes the first message
// and opens the conversation. A visitor is asked to sign in first; a sold car takes no new one.
import { Button, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuMessageSquare } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { startConversation } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { SignedInDialog } from '../components/sign-in-first.tsx';
import { useCommand } from '../components/use-command.ts';
import { MessageField, showMessageError, useMessageForm } from './message-field.tsx';
import { messageQueries } from './message-queries.ts';

/** The first message to the seller; once sent, its conversation opens. */
function FirstMessageForm({ car }: { car: Pick<CarRecord, '_id'> }) {
  const navigate = useNavigate();
  const form = useMessageForm();
  const start = useCommand<string, { insertedId: string }>({
    run: (text) => startConversation(car._id, text),
    invalidate: [messageQueries.all],
    onSuccess: ({ insertedId }) => navigate(`/user/messages/${insertedId}`),
    onError: (error) => showMessageError(error, form),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(({ text }) => start.mutate(text))}>
      <Stack gap="4">
        <MessageField form={form} rows={5} hint="The seller sees your name and this message." />
        <Button type="submit" colorPalette="teal" loading={start.isPending}>
          Send
        </Button>
      </Stack>
    </form>
  );
}

function MessageSellerDialog({
  car,
  open,
  onClose,
}: {
  car: Pick<CarRecord, '_id' | 'seller_name'>;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <SignedInDialog
      title={`Message ${car.seller_name}`}
      signInReason="Sign in to message the seller."
      open={open}
      onClose={onClose}
    >
      <FirstMessageForm car={car} />
    </SignedInDialog>
  );
}

/** A button's words, shown, or only read out where `short`. */
const Words = ({ short, children }: { short: boolean; children: string }) =>
  short ? <VisuallyHidden>{children}</VisuallyHidden> : <>{children}</>;

/** The seller's email is the car's: no button for them on their own car. */
export const sameEmail = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** `short`: the icon alone (its words for screen readers), where a phone's bar has little room. */
export function MessageSeller({ car, short = false }: { car: CarRecord; short?: boolean }) {
  const { status, user, settled } = useAuth();
  const email = user?.email ?? '';
  const signedIn = status === 'signed-in' && email !== '';
  const own = signedIn && sameEmail(car.email, email);
  const existing = useQuery({
    ...messageQueries.aboutCar(email, car._id),
    enabled: signedIn && !own,
    meta: { quiet: true },
  });
  const [open, setOpen] = useState(false);

  if (own) return null;
  // Until the session and any earlier conversation are known, the button waits in its place.
  const waiting = !settled || (signedIn && existing.isPending);
  const button = (
    <Button variant="outline" colorPalette="teal" disabled={waiting} onClick={() => setOpen(true)}>
      <LuMessageSquare /> <Words short={short}>Message seller</Words>
    </Button>
  );
  if (waiting) return button;
  if (existing.data) {
    return (
      <Button asChild variant="outline" colorPalette="teal">
        <RouterLink to={`/user/messages/${existing.data._id}`}>
          <LuMessageSquare /> <Words short={short}>Open conversation</Words>
        </RouterLink>
      </Button>
    );
  }
  if (car.sold === 1) {
    return (
      <Text fontSize="sm" color="fg.muted" alignSelf="center">
        Sold: the seller takes no new messages about it.
      </Text>
    );
  }
  return (
    <>
      {button}
      <MessageSellerDialog car={car} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
