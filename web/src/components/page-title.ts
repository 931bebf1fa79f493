import { useEffect } from 'react';

export const PRODUCT_NAME = 'Second Gear';

/**
 * Sets the document title to "{page} | Second Gear". Without a name yet (a page still reading
 * what it shows), the title stays as it is: on a first visit, the one the server wrote.
 */
export function usePageTitle(page: string | undefined): void {
  useEffect(() => {
    if (page !== undefined) document.title = `${page} | ${PRODUCT_NAME}`;
  }, [page]);
}
