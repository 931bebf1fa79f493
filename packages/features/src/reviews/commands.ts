import { answerReviewSlice, postReviewSlice } from './post-review.ts';

/** The commands of this feature, by type: each one's slice. The registry lists them with every other feature's. */
export const reviewCommands = {
  PostReview: postReviewSlice,
  AnswerReview: answerReviewSlice,
} as const;
