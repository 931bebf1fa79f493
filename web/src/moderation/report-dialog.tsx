// Reporting a car, a user or a message to the moderators: a reason, and what the reporter adds
// if they wish. A reporter's report stands once while it is open: a second one is told so in
// the dialog. A visitor is asked to sign in first.
import { Alert, Button, type ButtonProps, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { optionalText } from '@second-gear/features/contract';
import { type ReportSubjectType, reportReasons, TEXT_MAX } from '@second-gear/features/rules';
import type { QueryKey } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fileReport } from '../api/endpoints.ts';
import { ApiError, describeError } from '../api/http.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { CountedTextarea } from '../components/counted-textarea.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { applyFieldErrors } from '../components/form-errors.ts';
import { FormField } from '../components/form-field.tsx';
import { SignedInDialog } from '../components/sign-in-first.tsx';
import { useCommand } from '../components/use-command.ts';
import { reasonOptions } from './labels.ts';

/** What is reported: a car's or a user's id, or a message's `_id`. */
export interface ReportSubject {
  type: ReportSubjectType;
  id: string;
}

// The contract's rules for a report: one of the reasons; details optional, within their bound.
const reportForm = z.object({
  reason: z.enum(reportReasons, { error: 'Choose one of the reasons' }),
  details: optionalText(TEXT_MAX.reportDetails),
});
type ReportForm = z.output<typeof reportForm>;

/** The reads a report may change: a car reported often enough leaves the market. */
const refreshed = (subject: ReportSubject): QueryKey[] =>
  subject.type === 'car' ? [['reports'], ['car', subject.id], ['cars']] : [['reports']];

/** Said in the dialog when the reporter's earlier report on it is still open. */
function AlreadyReported({ words, onClose }: { words: string; onClose: () => void }) {
  return (
    <Stack gap="4" align="flex-start">
      <Alert.Root status="info" role="status">
        <Alert.Indicator />
        <Alert.Title>{words}</Alert.Title>
      </Alert.Root>
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
    </Stack>
  );
}

function ReportForm({ subject, onDone }: { subject: ReportSubject; onDone: () => void }) {
  const [already, setAlready] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(reportForm), defaultValues: { details: '' } });
  const report = useCommand<ReportForm>({
    run: ({ reason, details }) =>
      fileReport({ subject, reason, ...(details === undefined ? {} : { details }) }),
    success: 'Thanks: a moderator will look at it.',
    invalidate: refreshed(subject),
    onSuccess: onDone,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setAlready(describeError(error));
      else applyFieldErrors(error, setError, ['reason', 'details']);
      return true;
    },
  });
  const details = watch('details');
  if (already !== null) return <AlreadyReported words={already} onClose={onDone} />;
  return (
    <form noValidate onSubmit={handleSubmit((values) => report.mutate(values))}>
      <Stack gap="4">
        <Text color="fg.muted">A moderator reads every report.</Text>
        <FormField label="Reason" required error={errors.reason?.message}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('reason')} defaultValue="">
              <option value="" disabled>
                Choose a reason
              </option>
              {reasonOptions.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <CountedTextarea
          label="Details"
          limit={TEXT_MAX.reportDetails}
          length={typeof details === 'string' ? details.length : 0}
          hint="Optional: what the moderator should know."
          error={errors.details?.message}
          {...register('details')}
        />
        <FormAlert message={errors.root?.server?.message} />
        <Button type="submit" colorPalette="teal" loading={report.isPending}>
          Send
        </Button>
      </Stack>
    </form>
  );
}

/** The report form in a dialog titled `title`; for a visitor, why to sign in and Login. */
export function ReportDialog({
  subject,
  title,
  open,
  onClose,
}: {
  subject: ReportSubject;
  title: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <SignedInDialog
      title={title}
      signInReason="Sign in to report it to the moderators."
      open={open}
      onClose={onClose}
    >
      <ReportForm subject={subject} onDone={onClose} />
    </SignedInDialog>
  );
}

/**
 * A quiet button that opens the report dialog; it waits until the session is known, so a
 * member's early click is not taken for a visitor's.
 */
export function ReportButton({
  subject,
  title,
  children,
  ...props
}: {
  subject: ReportSubject;
  /** The dialog's title: what is reported. */
  title: string;
  children: ReactNode;
} & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { settled } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        {...props}
        disabled={!settled}
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      <ReportDialog subject={subject} title={title} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
