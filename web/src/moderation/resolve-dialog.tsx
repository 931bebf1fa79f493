// A moderator's action on a group of reports, after they say why: dismiss the open reports, hide
// or restore the car or the review, suspend its owner or lift the suspension. The owner of what
// is acted on is told the reason; a dismissal keeps it on the record.
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { requiredText } from '@second-gear/features/contract';
import { type ModerationAction, TEXT_MAX } from '@second-gear/features/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type ReportGroup, resolveReports } from '../api/endpoints.ts';
import { ApiError } from '../api/http.ts';
import { CountedTextarea } from '../components/counted-textarea.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { applyFieldErrors } from '../components/form-errors.ts';
import { notifyError } from '../components/notify.ts';
import { useCommand } from '../components/use-command.ts';
import { actionLabels, actionOutcomes, severeActions } from './labels.ts';

const resolutionForm = z.object({ reason: requiredText(TEXT_MAX.moderationReason) });
type ResolutionForm = z.output<typeof resolutionForm>;

/** The dialog's title and what the action does, in the words of the group's subject. */
function wordsOf(action: ModerationAction, group: ReportGroup) {
  const owner = group.owner.name;
  // A review's label is its stars and words, too long for a title: it is named by its author.
  const subject = group.subject.type === 'review' ? `the review by ${owner}` : group.subject.label;
  switch (action) {
    case 'dismiss':
      return {
        title: `Dismiss the reports on ${subject}`,
        effect: 'The open reports are settled; nothing else changes.',
      };
    case 'hide-car':
      return {
        title: `Hide ${subject}`,
        effect: 'The car leaves search and cannot be booked until it is restored.',
      };
    case 'restore-car':
      return {
        title: `Restore ${subject}`,
        effect: 'The car is back in search and can be booked again.',
      };
    case 'hide-review':
      return {
        title: `Hide ${subject}`,
        effect: "The review leaves the seller's profile and average; its author is told why.",
      };
    case 'restore-review':
      return {
        title: `Restore ${subject}`,
        effect:
          "The review is back on the seller's profile and in their average; its author is told why.",
      };
    case 'suspend-user':
      return {
        title: `Suspend ${owner}`,
        effect: `${owner} can still sign in and read, but not change anything; their cars leave the market.`,
      };
    case 'lift-suspension':
      return {
        title: `Lift the suspension of ${owner}`,
        effect: `${owner} can change things again.`,
      };
  }
}

/**
 * The reads an action changes: the reports, the cars it takes off the market or puts back, and
 * the sellers' profiles and ratings a review leaves or comes back to.
 */
const refreshed = [['reports'], ['cars'], ['car'], ['users'], ['seller']];

function ResolutionFormBody({
  group,
  action,
  onDone,
}: {
  group: ReportGroup;
  action: ModerationAction;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resolutionForm), defaultValues: { reason: '' } });
  const resolve = useCommand<ResolutionForm>({
    run: ({ reason }) => resolveReports(group._id, { action, reason }),
    success: actionOutcomes[action],
    invalidate: refreshed,
    onSuccess: onDone,
    onError: (error) => {
      // Someone else acted first: the list is read again to show where things stand now.
      if (error instanceof ApiError && error.status === 409) {
        notifyError(error);
        void queryClient.invalidateQueries({ queryKey: ['reports'] });
        onDone();
      } else {
        applyFieldErrors(error, setError, ['reason']);
      }
      return true;
    },
  });
  const reason = watch('reason');
  const words = wordsOf(action, group);
  return (
    <form noValidate onSubmit={handleSubmit((values) => resolve.mutate(values))}>
      <Stack gap="4">
        <Dialog.Description>{words.effect}</Dialog.Description>
        <CountedTextarea
          label="Reason"
          required
          limit={TEXT_MAX.moderationReason}
          length={typeof reason === 'string' ? reason.length : 0}
          hint={
            action === 'dismiss'
              ? 'It is kept on the record with the reports.'
              : 'The owner is told this reason.'
          }
          error={errors.reason?.message}
          {...register('reason')}
        />
        <FormAlert message={errors.root?.server?.message} />
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button
            type="submit"
            colorPalette={severeActions.has(action) ? 'red' : 'teal'}
            loading={resolve.isPending}
          >
            {actionLabels[action]}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/**
 * Asks for the reason of `action` on `group`, then takes it. The group and action stay while
 * the dialog closes (`open` false), so it keeps its content; `onExitComplete` follows.
 */
export function ResolveDialog({
  group,
  action,
  open,
  onClose,
  onExitComplete,
}: {
  group: ReportGroup;
  action: ModerationAction;
  open: boolean;
  onClose: () => void;
  onExitComplete: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => (event.open ? undefined : onClose())}
      onExitComplete={onExitComplete}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{wordsOf(action, group).title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <ResolutionFormBody group={group} action={action} onDone={onClose} />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
