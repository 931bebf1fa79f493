import { Button, HStack, Text } from '@chakra-ui/react';
import { PAGE_SIZE } from '../api/endpoints.ts';

/** Previous/Next for a paged list; hidden when everything fits on one page. */
export function Pager({
  page,
  total,
  onChange,
  pageSize = PAGE_SIZE,
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
  pageSize?: number;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <HStack as="nav" aria-label="Pages" justify="center" gap="4" mt="6">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      <Text fontSize="sm">
        Page {page} of {pages}
      </Text>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </Button>
    </HStack>
  );
}
