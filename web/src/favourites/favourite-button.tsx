import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { LuHeart } from 'react-icons/lu';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import type { FromState } from '../auth/guards.tsx';
import { useFavouriteIds, useFavouriteToggle } from './use-favourites.ts';

/**
 * The heart of a car: pressed when the car is a favourite. A visitor is sent to sign in first.
 * A sold car can no longer be kept, only let go. It waits until the session and the member's
 * favourites are known.
 */
export function FavouriteButton({
  car,
  ...props
}: { car: Pick<CarRecord, '_id' | 'sold'> } & Omit<IconButtonProps, 'aria-label' | 'onClick'>) {
  const { status, settled } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const favourites = useFavouriteIds();
  const kept = favourites.ids.has(car._id);
  const toggle = useFavouriteToggle();
  const cannotKeep = car.sold === 1 && !kept;
  return (
    <IconButton
      variant="subtle"
      borderRadius="full"
      colorPalette={kept ? 'red' : 'gray'}
      {...props}
      aria-label={kept ? 'Remove from favourites' : 'Save to favourites'}
      aria-pressed={kept}
      disabled={cannotKeep || !settled || !favourites.known}
      onClick={() => {
        if (status !== 'signed-in') {
          navigate('/login', { state: { from: location } satisfies FromState });
          return;
        }
        toggle.mutate({ id: car._id, keep: !kept });
      }}
    >
      <LuHeart fill={kept ? 'currentColor' : 'none'} />
    </IconButton>
  );
}
