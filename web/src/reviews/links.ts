// Where a seller's profile and a review on it are, as links and the page's element ids name them.

/** A seller's public profile. */
export const sellerPath = (sellerId: string) => `/seller/${encodeURIComponent(sellerId)}`;

/** The element of a review on its seller's profile (`#review-<id>` in a link). */
export const reviewElementId = (reviewId: string) => `review-${reviewId}`;

/** A review on its seller's profile; a review's id is its booking's. */
export const reviewPath = (sellerId: string, reviewId: string) =>
  `${sellerPath(sellerId)}#${reviewElementId(reviewId)}`;
