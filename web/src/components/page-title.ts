import { useEffect } from 'react';

export const PRODUCT_NAME = 'Second Gear';

/** Sets the document title to "{page} | Second Gear". */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} | ${PRODUCT_NAME}`;
  }, [page]);
}
