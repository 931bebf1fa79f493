import { Button } from '@chakra-ui/react';
import { applyForSeller } from '../../api/endpoints.ts';
import { useCommand } from '../../components/use-command.ts';

/** How a Buyer becomes a Seller: one click, and the dashboard reloads their record. */
export function ApplyForSellerButton() {
  const apply = useCommand<void>({
    run: () => applyForSeller(),
    success: 'You are a Seller now!',
    invalidate: [['user']],
  });
  return (
    <Button colorPalette="purple" onClick={() => apply.mutate()} loading={apply.isPending}>
      Apply for Seller
    </Button>
  );
}
