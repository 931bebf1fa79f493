// The reviewed seller's answer to a review, once: it shows under the review on their profile,
// for everyone, and the review's author is told.
import { Button, Dialog, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { requiredText } from '@second-gear/features/contract';
import { TEXT_MAX } from '@second-gear/features/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { answerReview, type ReviewRecord } from '../api/endpoints.ts';
import { ApiError } from '../api/http.ts';
import { CountedTextarea } from '../components/counted-textarea.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { applyFieldErrors } from '../components/form-errors.ts';
import { notifyError } from '../components/notify.ts';
import { useCommand } from '../components/use-command.ts';
import { FormDialog } from './form-dialog.tsx';

const answerForm = z.object({ text: requiredText(TEXT_MAX.reviewAnswer) });
type AnswerForm = z.output<typeof answerForm>;

function AnswerFormBody({ review, onDone }: { review: ReviewRecord; onDone: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(answerForm), defaultValues: { text: '' } });
  const answer = useCommand<AnswerForm>({
    run: ({ text }) => answerReview(review._id, text),
    success: 'Your answer is under the review.',
    invalidate: [['seller']],
    onSuccess: onDone,
    onError: (error) => {
      // Answered already: the profile is read again to show the answer there.
      if (error instanceof ApiError && error.status === 409) {
        notifyError(error);
        void queryClient.invalidateQueries({ queryKey: ['seller'] });
        onDone();
      } else {
        applyFieldErrors(error, setError, ['text']);
      }
      return true;
    },
  });
  const text = watch('text');
  return (
    <form noValidate onSubmit={handleSubmit((values) => answer.mutate(values))}>
      <Stack gap="4">
        <Dialog.Description>
          Your answer shows under the review, for everyone, and {review.buyer.name} is told. You
          answer a review once.
        </Dialog.Description>
        <CountedTextarea
          label="Your answer"
          required
          limit={TEXT_MAX.reviewAnswer}
          length={typeof text === 'string' ? text.length : 0}
          error={errors.text?.message}
          {...register('text')}
        />
        <FormAlert message={errors.root?.server?.message} />
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="teal" loading={answer.isPending}>
            Post answer
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/** "Answer Buyer Person's review": the reviewed seller's one answer to `review`. */
export function AnswerDialog({
  review,
  open,
  onClose,
  onExitComplete,
}: {
  review: ReviewRecord;
  open: boolean;
  onClose: () => void;
  onExitComplete?: () => void;
}) {
  return (
    <FormDialog
      title={`Answer ${review.buyer.name}'s review`}
      open={open}
      onClose={onClose}
      onExitComplete={onExitComplete}
    >
      <AnswerFormBody review={review} onDone={onClose} />
    </FormDialog>
  );
}
